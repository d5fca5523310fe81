"""Issue 30: the words the server sends (legal commands' labels, a finished game's reason and tie rule) each come
with a stable message key and typed parameters beside the English, so any client says them in its own language."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playledger.v1 import games_pb2
from playledger_client import Client, args_of, to_dict

from service.config import Settings
from service.server import Running, start


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    running = start(Settings(store=f"sqlite:///{tmp_path / 'w.db'}", port=0, web_port=0, metrics_port=0, audit_rate=0))
    yield running
    running.stop(0.5)


def test_labels_and_outcomes_carry_their_message_keys(server: Running) -> None:
    client = Client(f"127.0.0.1:{server.port}")
    game, tokens = client.create_game("hare-and-tortoise", ["ann", "bob"])
    for move in client.join(tokens[0].token).legal_commands(game.name):
        assert move.label_words.key == f"hare-and-tortoise.command.{move.command_type}"
        assert to_dict(move.label_words.params) == args_of(move)  # the args are the parameters
    bots = [games_pb2.BotSeat(seat=s, level="random", pace=games_pb2.BOT_PACE_FAST) for s in range(3)]
    request = games_pb2.CreateGameRequest(rules="baba-yaga", players=["a", "b", "c"], bots=bots)
    request.options.update({"mode": "T", "max_turns": 9})
    played = client._stub.CreateGame(request).game
    for _ in client.watch(played.name, timeout=120):
        pass
    outcome = client.get_game(played.name).status.outcome
    assert outcome.reason and outcome.reason_words.key.startswith("baba-yaga.end.")
    if outcome.reason_words.key == "baba-yaga.end.third_spell":  # the winner by seat, never by name
        assert set(to_dict(outcome.reason_words.params)) == {"seat"}
