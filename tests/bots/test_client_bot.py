"""The client-side random bot (clients/bots.py) plays every role a seat has (issue 20): over a real server,
in a Baba Yaga Mode R game, the flyers step the witch themselves, not only the server's timeouts."""

from __future__ import annotations

from collections.abc import Iterator
from uuid import UUID

import pytest
from playledger_client import Client

from clients import bots
from service.config import Settings
from service.server import Running, start

FAST_R = {  # fast real-time timers: the game ends in seconds
    "mode": "R",
    "first_step_delay_ms": 20,
    "witch_step_min_interval_ms": 20,
    "witch_step_timeout_ms": 150,
    "search_action_min_interval_ms": 10,
    "placement_timeout_ms": 300,
    "reveal_timeout_ms": 300,
    "decision_timeout_ms": 300,
    "max_turns": 4,
}


@pytest.fixture
def server(tmp_path) -> Iterator[Running]:  # type: ignore[no-untyped-def]
    running = start(Settings(store=f"sqlite:///{tmp_path / 'c.db'}", port=0, web_port=0, metrics_port=0))
    yield running
    running.stop(0.5)


def test_BY_20_the_client_bot_steps_the_witch_as_a_flyer(server: Running) -> None:
    with Client(f"127.0.0.1:{server.port}", retries=1) as client:
        game, tokens = client.create_game("baba-yaga", ["a", "b", "c"], FAST_R)
        bots.play_to_end(client, tokens, seed="flyers", max_commands=5000)
        assert client.get_game(game.name).status.finished
    stored = server.ledger.stream(UUID(game.name.removeprefix("games/")))
    steps = [e for e in stored[1:] if getattr(e, "name", "") == "WitchStepped"]
    by_flyers = [e for e in steps if not e.data.get("auto")]
    assert by_flyers, f"{len(steps)} witch steps, none by a flyer"
    assert all(e.seat is not None for e in by_flyers)
