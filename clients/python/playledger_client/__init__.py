"""playledger-client: the Python client of PlayLedger's public gRPC API.

    from playledger_client import Client, args_of

    with Client("127.0.0.1:50051") as client:
        game, tokens = client.create_game("hare-and-tortoise", ["ann", "bob"])
        ann = client.join(tokens[0].token)          # act and see as seat 0
        view = to_dict(ann.get_game(game.name).view)  # ann's view: her hand, the board
        move = ann.legal_commands(game.name)[0]      # every command legal for her now
        ann.submit(game.name, move.command_type, args_of(move))
        for event in client.watch(game.name):        # a spectator's live stream
            print(event.version, event.type, to_dict(event.data))

Refused calls raise PlayLedgerError with the gRPC code, the stable reason code
(google.rpc.ErrorInfo) and a message for people. `games` holds each game's
typed views, events and commands (TypedDicts generated from its JSON Schema):
`cast(games.hare_tortoise.SeatView, to_dict(view))`.
"""

from playledger_client import games
from playledger_client.client import (
    Client,
    FieldViolation,
    Legal,
    PlayLedgerError,
    Token,
    args_of,
    game_name,
    receipt_json,
    to_dict,
    tournament_name,
)
from playledger_client.notices import SeatWebhooks, verify_notice
from playledger_client.values import from_struct, from_value, number, plain, to_struct

__all__ = [
    "Client",
    "FieldViolation",
    "Legal",
    "PlayLedgerError",
    "SeatWebhooks",
    "Token",
    "args_of",
    "from_struct",
    "from_value",
    "game_name",
    "games",
    "number",
    "plain",
    "receipt_json",
    "to_dict",
    "to_struct",
    "tournament_name",
    "verify_notice",
]
