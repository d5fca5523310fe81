"""What an operator sees on a real server after a bot game: /metrics, grpcurl, health, JSON logs.

This is the issue's acceptance check, run as a user would run it: a `playledger bot-game` over the
wire, then `curl /metrics | promtool check metrics`, `grpcurl -plaintext HOST:PORT list` and a health check.
"""

from __future__ import annotations

import json
import os
import subprocess
import threading
import time
from collections.abc import Callable
from pathlib import Path

import grpc
import pytest
from playledger.v1 import games_pb2, games_pb2_grpc
from playledger_client import Client, PlayLedgerError
from prometheus_client.parser import text_string_to_metric_families

from tests.integration.conftest import BIN
from tests.ops.conftest import OpsServer
from tests.ops.tools import ok, run, tool

pytestmark = pytest.mark.slow


def samples(text: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    found = {}
    for family in text_string_to_metric_families(text):
        for s in family.samples:
            found[(s.name, frozenset(s.labels.items()))] = s.value
    return found


def value(text: str, name: str, **labels: str) -> float:
    """The sum of every sample of `name` whose labels include `labels`."""
    want = set(labels.items())
    return sum(v for (n, ls), v in samples(text).items() if n == name and want <= ls)


def wait_for(check: Callable[[], bool], timeout: float = 10) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def bot_game(server: OpsServer, home: Path) -> dict[str, object]:
    env = {**os.environ, "PLAYLEDGER_HOME": str(home)}
    done = subprocess.run(
        [
            str(BIN / "playledger"),
            "bot-game",
            "hare-and-tortoise",
            "--players",
            "3",
            "--from-here",  # every move a SubmitCommand from this client: the counts below are the CLI's calls
            "--seed",
            "ops",
            "--json",
            "--server",
            server.target,
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return dict(json.loads(done.stdout))


def test_after_a_bot_game_metrics_pass_promtool_and_show_every_family(ops_server: OpsServer, tmp_path: Path) -> None:
    played = bot_game(ops_server, tmp_path)
    client = Client(ops_server.target)
    with pytest.raises(PlayLedgerError):
        client.create_game("no-such-game", ["a", "b"])  # a rejection with a reason code
    open_game, tokens = client.create_game("hare-and-tortoise", ["carol", "dave"])  # stays unfinished

    stub = games_pb2_grpc.GameServiceStub(grpc.insecure_channel(ops_server.target))
    stream = stub.WatchGame(games_pb2.WatchGameRequest(game=open_game.name), timeout=30)
    first = threading.Thread(target=lambda: next(iter(stream)), daemon=True)
    first.start()
    wait_for(lambda: value(ops_server.metrics(), "playledger_watch_streams_open") == 1)
    wait_for(lambda: value(ops_server.metrics(), "playledger_games_active", rules="hare-and-tortoise") == 1)
    stream.cancel()
    wait_for(lambda: value(ops_server.metrics(), "playledger_watch_streams_open") == 0)

    text = ops_server.metrics()
    checked = run(tool("promtool"), "check", "metrics", input=text)
    assert checked.returncode == 0 and not checked.stdout.strip(), f"promtool check metrics:\n{checked.stdout}"

    grpc_labels = {"grpc_service": "playledger.v1.GameService", "grpc_method": "SubmitCommand", "grpc_type": "unary"}
    commands = played["commands"]
    assert value(text, "grpc_server_started_total", **grpc_labels) == commands
    assert value(text, "grpc_server_handled_total", **grpc_labels, grpc_code="OK") == commands
    assert value(text, "grpc_server_handling_seconds_count", **grpc_labels) == commands
    assert value(text, "grpc_server_msg_received_total", **grpc_labels) == commands
    assert value(text, "grpc_server_msg_sent_total", grpc_method="WatchGame") >= 1
    assert value(text, "grpc_server_handled_total", grpc_method="CreateGame", grpc_code="InvalidArgument") == 1
    assert value(text, "playledger_rejections_total", grpc_method="CreateGame", reason="UNKNOWN_RULES") == 1
    assert value(text, "playledger_commands_total", rules="hare-and-tortoise", outcome="accepted") == commands
    assert value(text, "playledger_events_appended_total", rules="hare-and-tortoise") >= played["events"]
    assert value(text, "playledger_games_created_total", rules="hare-and-tortoise") == 2
    assert value(text, "playledger_games_finished_total", rules="hare-and-tortoise") == 1
    assert value(text, "playledger_store_append_seconds_count") >= commands
    assert value(text, "playledger_store_up") == 1 and value(text, "playledger_ready") == 1
    for family in ("playledger_projection_lag_events", "playledger_projection_lag_seconds"):
        assert f"# TYPE {family} gauge" in text
    for family in ("playledger_version_conflicts_retried_total", "playledger_replay_verifications_total"):
        assert family in text
    # Nothing that identifies a game, a player or a seat token is ever a label.
    for secret in [played["game"], open_game.name.removeprefix("games/"), "carol", "dave", *(t.token for t in tokens)]:
        assert str(secret).removeprefix("games/") not in text


def test_buf_curl_lists_every_method_through_reflection(ops_server: OpsServer) -> None:
    """Issue 33: `buf curl --list-methods` resolves every listed service, reflection v1 included (it failed with
    "failed to find service grpc.reflection.v1.ServerReflection in schema")."""
    listed = ok(
        run(tool("buf"), "curl", "--protocol", "grpc", "--http2-prior-knowledge", "--list-methods",
            f"http://{ops_server.target}")
    ).split()  # fmt: skip
    assert "playledger.v1.GameService/SubmitCommand" in listed
    assert "grpc.reflection.v1.ServerReflection/ServerReflectionInfo" in listed


def test_grpcurl_lists_the_services_and_health_answers_serving(ops_server: OpsServer) -> None:
    grpcurl = tool("grpcurl")
    listed = ok(run(grpcurl, "-plaintext", ops_server.target, "list")).split()
    assert {"playledger.v1.GameService", "grpc.health.v1.Health", "grpc.reflection.v1alpha.ServerReflection"} <= set(
        listed
    )
    for target in (ops_server.target, ops_server.health_target):
        answer = json.loads(ok(run(grpcurl, "-plaintext", target, "grpc.health.v1.Health/Check")))
        assert answer == {"status": "SERVING"}
    alive = ok(
        run(
            grpcurl,
            "-plaintext",
            "-d",
            '{"service": "liveness"}',
            ops_server.health_target,
            "grpc.health.v1.Health/Check",
        )
    )
    assert json.loads(alive) == {"status": "SERVING"}
    # The health port serves health only: the games stay behind the main port (and its TLS, when on).
    assert "playledger.v1.GameService" not in ok(run(grpcurl, "-plaintext", ops_server.health_target, "list"))
    health = subprocess.run(
        [str(BIN / "playledger-server"), "health", "--target", ops_server.health_target],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert health.returncode == 0 and "SERVING" in health.stdout


def test_json_logs_carry_the_callers_request_id(ops_server: OpsServer) -> None:
    channel = grpc.insecure_channel(ops_server.target)
    stub = games_pb2_grpc.GameServiceStub(channel)
    _, call = stub.ListGameTypes.with_call(
        games_pb2.ListGameTypesRequest(), metadata=(("x-request-id", "trace-4711"),), timeout=10
    )
    assert ("x-request-id", "trace-4711") in call.initial_metadata()
    _, call = stub.ListGameTypes.with_call(games_pb2.ListGameTypesRequest(), timeout=10)
    fresh = dict(call.initial_metadata())["x-request-id"]
    assert len(fresh) == 32 and fresh != "trace-4711"
    with pytest.raises(grpc.RpcError):
        stub.GetGame(games_pb2.GetGameRequest(name="games/not-a-uuid"), metadata=(("x-request-id", "bad-1"),))
    assert ops_server.stop() == 0

    lines = [json.loads(line) for line in ops_server.log.read_text().splitlines() if line.startswith("{")]
    assert lines, ops_server.log.read_text()
    access = {line.get("request_id"): line for line in lines if line["logger"] == "playledger.access"}
    assert access["trace-4711"]["grpc_code"] == "OK"
    assert access["trace-4711"]["grpc_method"] == "/playledger.v1.GameService/ListGameTypes"
    assert access[fresh]["level"] == "DEBUG"
    assert access["bad-1"]["grpc_code"] == "NotFound" and access["bad-1"]["level"] == "INFO"
    assert {"ts", "level", "logger", "message", "process", "pid"} <= set(lines[0])
    assert {line["process"] for line in lines} == {"main"}  # one process; a --processes N server says worker-N
