"""Issue 37: the continuous audit. A running server re-verifies finished games in the background and feeds the
divergence metric (the alert PlayLedgerReplayDivergence), so a record altered after its game ended is found
without anyone calling VerifyGame; before, the metric counted only VerifyGame calls."""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from uuid import UUID

import pytest
from playledger.v1 import games_pb2
from playledger_client import Client
from prometheus_client import REGISTRY

from service.config import Settings
from service.server import Running, start


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    store = tmp_path / "audit.db"
    running = start(Settings(store=f"sqlite:///{store}", port=0, web_port=0, metrics_port=0, audit_rate=200))
    yield running
    running.stop(0.5)


def _divergences(rules: str) -> float:
    return REGISTRY.get_sample_value("playledger_replay_divergences_total", {"rules": rules}) or 0.0


def _verified(rules: str) -> float:
    return REGISTRY.get_sample_value("playledger_replay_verifications_total", {"rules": rules}) or 0.0


def test_an_altered_record_of_a_finished_game_is_found_by_the_background_audit(server: Running, tmp_path: Path) -> None:
    client = Client(f"127.0.0.1:{server.port}")
    bots = [games_pb2.BotSeat(seat=s, level="random", pace=games_pb2.BOT_PACE_FAST) for s in range(2)]
    request = games_pb2.CreateGameRequest(rules="hare-and-tortoise", players=["a", "b"], bots=bots)
    game = client._stub.CreateGame(request).game
    for _ in client.watch(game.name, timeout=120):
        pass
    assert client.get_game(game.name).status.finished
    before_verified, before_divergent = _verified("hare-and-tortoise"), _divergences("hare-and-tortoise")
    deadline = time.monotonic() + 30
    while _verified("hare-and-tortoise") <= before_verified and time.monotonic() < deadline:
        time.sleep(0.1)
    assert _verified("hare-and-tortoise") > before_verified, "the audit did not re-verify the finished game"
    assert _divergences("hare-and-tortoise") == before_divergent  # a clean record holds

    game_id = UUID(game.name.removeprefix("games/"))
    with sqlite3.connect(tmp_path / "audit.db") as db:  # alter one recorded event, as a tamperer would
        (state,) = (
            db.execute(
                "SELECT state FROM stored_events WHERE originator_id = ? AND originator_version = 3", (game_id.hex,)
            ).fetchone()
            or db.execute(
                "SELECT state FROM stored_events WHERE originator_id = ? AND originator_version = 3", (str(game_id),)
            ).fetchone()
        )
        altered = bytes(state).replace(b'"seat":0', b'"seat":1', 1)
        assert altered != bytes(state)
        db.execute("UPDATE stored_events SET state = ? WHERE state = ?", (altered, state))
    deadline = time.monotonic() + 60
    while _divergences("hare-and-tortoise") <= before_divergent and time.monotonic() < deadline:
        time.sleep(0.2)
    assert _divergences("hare-and-tortoise") > before_divergent, "the altered record was not found"
