"""Issue 36: closed values as enums beside API v1's strings (bot level, on_timeout, the ListGames filter): either
form is accepted, both are answered, and the two may not disagree."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from playledger.v1 import games_pb2, games_pb2_grpc

from service.config import Settings
from service.server import start


@pytest.fixture
def stub(tmp_path: Path) -> Iterator[games_pb2_grpc.GameServiceStub]:
    running = start(Settings(store=f"sqlite:///{tmp_path / 'e.db'}", port=0, web_port=0, metrics_port=0, audit_rate=0))
    with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        yield games_pb2_grpc.GameServiceStub(channel)
    running.stop(0.5)


def test_enums_and_strings_are_one_and_the_same(stub: games_pb2_grpc.GameServiceStub) -> None:
    request = games_pb2.CreateGameRequest(
        rules="hare-and-tortoise",
        players=["ann", "bot"],
        bots=[games_pb2.BotSeat(seat=1, bot_level=games_pb2.BOT_LEVEL_GREEDY)],
        time_control=games_pb2.TimeControl(move_seconds=60, timeout_action=games_pb2.TIMEOUT_ACTION_FORFEIT),
    )
    game = stub.CreateGame(request).game
    assert (game.bots[0].level, game.bots[0].bot_level) == ("greedy", games_pb2.BOT_LEVEL_GREEDY)
    assert (game.time_control.on_timeout, game.time_control.timeout_action) == (
        "forfeit",
        games_pb2.TIMEOUT_ACTION_FORFEIT,
    )
    listed = stub.ListGames(games_pb2.ListGamesRequest(state=games_pb2.GAME_STATE_FINISHED)).games
    assert game.name not in [g.name for g in listed]
    disagreeing = games_pb2.CreateGameRequest(
        rules="hare-and-tortoise",
        players=["ann", "bot"],
        bots=[games_pb2.BotSeat(seat=1, level="random", bot_level=games_pb2.BOT_LEVEL_SEARCH)],
    )
    with pytest.raises(grpc.RpcError) as refused:
        stub.CreateGame(disagreeing)
    assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT and "disagree" in (refused.value.details() or "")
