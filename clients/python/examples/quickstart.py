"""Ten lines of a client app: a game, a move, the events it recorded (PLAYLEDGER_SERVER or 127.0.0.1:50051)."""

import os

from playledger_client import Client, args_of, to_dict

with Client(os.environ.get("PLAYLEDGER_SERVER", "127.0.0.1:50051")) as client:
    game, tokens = client.create_game("hare-and-tortoise", ["ann", "bob"])
    ann = client.join(tokens[0].token)  # acts and sees for seat 0
    move = ann.legal_commands(game.name)[0]
    done = ann.submit(game.name, move.command_type, args_of(move))
    for event in done.events:
        print(event.version, event.type, to_dict(event.data))
