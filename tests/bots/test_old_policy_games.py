"""A game the server's bots played under an older policy version still verifies: replay re-derives each
bot move with the version recorded beside it (replay/verify.py), not today's."""

from __future__ import annotations

import time
from collections.abc import Iterator
from uuid import UUID

import grpc
import pytest
from playledger.v1 import games_pb2, games_pb2_grpc

from replay.verify import verify_stream
from service.bots import POLICY_VERSION, Policy
from service.config import Settings
from service.runtime import bot_runner as autoplay
from service.server import Running, start


@pytest.fixture
def server(tmp_path) -> Iterator[Running]:  # type: ignore[no-untyped-def]
    running = start(Settings(store=f"sqlite:///{tmp_path / 'o.db'}", port=0, web_port=0, metrics_port=0))
    yield running
    running.stop(0.5)


def played_by_bots(server: Running, rules: str, players: int, level: str) -> UUID:
    stub = games_pb2_grpc.GameServiceStub(grpc.insecure_channel(f"127.0.0.1:{server.port}"))
    bots = [games_pb2.BotSeat(seat=s, level=level, think_ms=1, budget=8) for s in range(players)]
    request = games_pb2.CreateGameRequest(rules=rules, players=[f"b{i}" for i in range(players)], bots=bots)
    name = stub.CreateGame(request, timeout=10).game.name
    game_id = UUID(name.removeprefix("games/"))
    for _ in range(600):  # bounded: a bot game of ~100 moves at 1 ms think time ends in seconds
        if server.ledger.get_game(game_id).is_finished():
            break
        time.sleep(0.05)
    assert server.ledger.get_game(game_id).is_finished(), "the bots did not finish the game"
    return game_id


@pytest.mark.parametrize("version", [v for v in (1, 2, 3) if v != POLICY_VERSION])
def test_a_game_played_under_an_older_policy_verifies(
    server: Running, monkeypatch: pytest.MonkeyPatch, version: int
) -> None:
    def older(spec: dict[str, object]) -> Policy:  # as the build that ran `version` made its bots' moves
        return Policy(str(spec["level"]), int(str(spec.get("budget") or 8)), version)

    monkeypatch.setattr(autoplay, "policy_of", older)
    game_id = played_by_bots(server, "hare-and-tortoise", 2, "search")
    stored = server.ledger.stream(game_id)
    tags = [
        e.command["bot"] for e in stored[1:] if isinstance(getattr(e, "command", None), dict) and "bot" in e.command
    ]
    assert tags and {t["policy"] for t in tags} == {version}
    verdict = verify_stream(game_id, stored)
    assert verdict.ok, verdict.findings
