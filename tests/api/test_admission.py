"""Issue 33: every refusal of an overloaded gRPC port is counted and logged. grpc's own cap refused calls before
any interceptor saw them: under 300 clients its RESOURCE_EXHAUSTED answers reached no access log."""

from __future__ import annotations

import gc
import logging
import time
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace

import grpc
import pytest
from playledger.v1 import games_pb2, games_pb2_grpc
from playledger_client import Client
from prometheus_client import REGISTRY

from service.api.admission import Admission
from service.config import Settings
from service.server import Running, start

HANDLED = "grpc_server_handled_total"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    running = start(
        Settings(store=f"sqlite:///{tmp_path / 'a.db'}", port=0, web_port=0, metrics_port=0, max_concurrent_rpcs=4)
    )
    yield running
    running.stop(0.5)


def _exhausted() -> float:
    labels = {"grpc_service": "playledger.v1.GameService", "grpc_method": "GetGame", "grpc_type": "unary"}
    return REGISTRY.get_sample_value(HANDLED, {**labels, "grpc_code": "ResourceExhausted"}) or 0.0


def test_a_call_past_the_cap_is_refused_counted_and_logged(server: Running, caplog: pytest.LogCaptureFixture) -> None:
    target = f"127.0.0.1:{server.port}"
    with Client(target, retries=1) as client:
        game, tokens = client.create_game("hare-and-tortoise", ["ann", "bob"])
    channel = grpc.insecure_channel(target)
    stub = games_pb2_grpc.GameServiceStub(channel)
    watches = []
    for t in tokens:  # four calls in flight: the players' watches (two each, within their own budget)
        for _ in range(2):
            stream = stub.WatchGame(
                games_pb2.WatchGameRequest(game=game.name), metadata=(("authorization", f"Bearer {t.token}"),)
            )
            next(stream)
            watches.append(stream)
    before = _exhausted()
    with caplog.at_level(logging.WARNING, logger="playledger.access"), pytest.raises(grpc.RpcError) as refused:
        stub.GetGame(games_pb2.GetGameRequest(name=game.name), timeout=10)
    assert refused.value.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
    assert "too many calls" in (refused.value.details() or "")
    assert _exhausted() == before + 1
    assert any("GetGame" in r.getMessage() and "ResourceExhausted" in r.getMessage() for r in caplog.records), [
        r.getMessage() for r in caplog.records
    ]
    for stream in watches:
        stream.cancel()
    for _ in range(100):  # the watches give their places back: calls are admitted again
        try:
            stub.GetGame(games_pb2.GetGameRequest(name=game.name), timeout=10)
            break
        except grpc.RpcError as error:
            assert error.code() == grpc.StatusCode.RESOURCE_EXHAUSTED
            time.sleep(0.05)
    else:
        raise AssertionError("the cancelled watches never left the count")
    channel.close()


def test_a_call_grpc_never_runs_gives_its_place_back() -> None:
    admission = Admission(1)
    handler = grpc.unary_unary_rpc_method_handler(lambda request, context: request)
    details = SimpleNamespace(method="/playledger.v1.GameService/GetGame", invocation_metadata=())
    admitted = admission.intercept_service(lambda _d: handler, details)  # type: ignore[arg-type]
    refused = admission.intercept_service(lambda _d: handler, details)  # type: ignore[arg-type]
    assert admitted is not None and refused is not None and admission._in_flight == 1
    del admitted, refused  # the client went away before a worker ran it: grpc drops the handler
    gc.collect()
    assert admission._in_flight == 0
