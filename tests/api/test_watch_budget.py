"""Issue 33 F2: one client cannot take every WatchGame stream; a player's own watch still gets through.

Before, one anonymous channel holding 64 streams (the server's whole pool) had every player's watch refused
RESOURCE_EXHAUSTED for as long as it held them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from uuid import uuid4

import grpc
import pytest
from playledger.v1 import games_pb2, games_pb2_grpc
from playledger_client import Client

from service.api.watch_budget import WatchBudget, WatchRefused, peer_host
from service.config import Settings
from service.server import Running, start


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    running = start(Settings(store=f"sqlite:///{tmp_path / 'w.db'}", port=0, web_port=0, metrics_port=0))
    yield running
    running.stop(0.5)


def _open(stub: games_pb2_grpc.GameServiceStub, game: str, token: str | None = None) -> tuple[object, str]:
    """A watch held open after its first event, or the refusal's status."""
    metadata = (("authorization", f"Bearer {token}"),) if token else ()
    stream = stub.WatchGame(games_pb2.WatchGameRequest(game=game), metadata=metadata, timeout=30)
    try:
        next(stream)
        return stream, "OK"
    except grpc.RpcError as error:
        return stream, f"{error.code().name}: {error.details()}"


def test_one_anonymous_channel_cannot_starve_the_players(server: Running) -> None:
    target = f"127.0.0.1:{server.port}"
    with Client(target, retries=1) as client:
        game, tokens = client.create_game("hare-and-tortoise", ["ann", "bob"])
    hog = grpc.insecure_channel(target)
    stub = games_pb2_grpc.GameServiceStub(hog)
    held = [_open(stub, game.name) for _ in range(64)]
    admitted = [s for s, status in held if status == "OK"]
    refusals = {status for _, status in held if status != "OK"}
    budget = WatchBudget(Settings.max_watchers)
    assert len(admitted) == budget.per_client == 8
    assert refusals == {"RESOURCE_EXHAUSTED: you already hold 8 watches; close one first"}
    player = grpc.insecure_channel(target)
    own, status = _open(games_pb2_grpc.GameServiceStub(player), game.name, tokens[0].token)
    assert status == "OK", "a player's own watch must get through"
    for stream, _ in [*held, (own, "")]:
        stream.cancel()  # type: ignore[attr-defined]
    hog.close()
    player.close()


def test_the_budget_keeps_places_for_players_and_for_other_games() -> None:
    budget = WatchBudget(16)  # per client 2, per game 4, spectators 12 of 16
    games = [uuid4() for _ in range(8)]
    places = [budget.admit(f"host{n}", games[n // 2 % 8], spectator=True) for n in range(40)]
    held = [p for p in places if not isinstance(p, WatchRefused)]
    assert len(held) == 12
    assert isinstance(places[-1], WatchRefused) and places[-1].scope == "spectators"
    player = budget.admit(("seat", games[0], 0), games[5], spectator=False)
    assert not isinstance(player, WatchRefused)
    for p in held:
        budget.release(p)
    budget.release(player)
    assert budget.admit("host", games[0], True) and budget._held == 1  # everything was given back


def test_a_client_is_its_host_whatever_its_port() -> None:
    assert peer_host("ipv4:10.0.0.7:53422") == peer_host("ipv4:10.0.0.7:1") == "ipv4:10.0.0.7"
    assert peer_host("ipv6:[::1]:5000") == "ipv6:[::1]"
