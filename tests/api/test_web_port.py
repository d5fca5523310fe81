"""The web port (gRPC-Web) answers exactly as the gRPC port: one table of bad requests through both.

Each case is sent as raw message bytes to the gRPC port (grpcio, HTTP/2) and, framed by hand, to the
web port (HTTP/1.1 POST, binary and text framing); the status code and the ErrorInfo reason must match.
"""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import grpc
import pytest
from grpc_health.v1 import health_pb2
from grpc_status import rpc_status
from playledger.v1 import audit_pb2, games_pb2, leaderboards_pb2
from playledger_client import Client

from service.config import Settings
from service.server import Running, start
from tests.integration.conftest import free_port
from tests.support import grpcweb

ORGANIZER = "organizer-secret"
GAMES = "/playledger.v1.GameService"
NO_SUCH_GAME = "games/00000000-0000-4000-8000-000000000000"


@pytest.fixture
def server(tmp_path) -> Iterator[Running]:  # type: ignore[no-untyped-def]
    running = start(
        Settings(
            store=f"sqlite:///{tmp_path / 'web.db'}",
            port=0,
            web_port=free_port(),
            metrics_port=0,
            organizer_token=ORGANIZER,
            max_receive_bytes=64 * 1024,
        )
    )
    yield running
    running.stop(0.5)


@dataclass(frozen=True)
class Answer:
    code: grpc.StatusCode
    reason: str | None
    message: str


def over_grpc(running: Running, path: str, body: bytes, metadata: tuple[tuple[str, str], ...]) -> Answer:
    with grpc.insecure_channel(f"127.0.0.1:{running.port}") as channel:
        method = channel.unary_unary(path, request_serializer=None, response_deserializer=None)
        try:
            method(body, metadata=metadata, timeout=20)
        except grpc.RpcError as error:
            status = rpc_status.from_call(error)  # type: ignore[arg-type]
            reason = grpcweb.reason_of(status.details) if status else None
            return Answer(error.code(), reason, error.details() or "")
    return Answer(grpc.StatusCode.OK, None, "")


def over_web(running: Running, path: str, body: bytes, metadata: tuple[tuple[str, str], ...], text: bool) -> Answer:
    assert running.web is not None
    reply = grpcweb.call(running.web.port, path, body, metadata, text=text)
    assert reply.http_status == 200, reply
    assert reply.code is not None, f"no grpc-status in {reply}"
    code = next(c for c in grpc.StatusCode if c.value[0] == reply.code)
    return Answer(code, reply.reason, reply.message)


@dataclass(frozen=True)
class Case:
    name: str
    path: str
    body: Callable[[dict[str, Any]], bytes]
    metadata: Callable[[dict[str, Any]], tuple[tuple[str, str], ...]]
    code: grpc.StatusCode
    reason: str | None


def bearer(token: str) -> tuple[tuple[str, str], ...]:
    return (("authorization", f"Bearer {token}"),)


def submit(game: str, command: str, args: dict[str, Any], **extra: Any) -> bytes:
    request = games_pb2.SubmitCommandRequest(game=game, command_type=command, request_id="r-1", **extra)
    request.args.update(args)
    return request.SerializeToString()


def deep(levels: int) -> Any:
    value: Any = "R-HARE-01"
    for _ in range(levels):
        value = [value]
    return value


NONE: Callable[[dict[str, Any]], tuple[tuple[str, str], ...]] = lambda _g: ()  # noqa: E731
SEAT0: Callable[[dict[str, Any]], tuple[tuple[str, str], ...]] = lambda g: bearer(g["tokens"][0])  # noqa: E731

CASES = [
    Case(
        "bad game name",
        f"{GAMES}/GetGame",
        lambda g: games_pb2.GetGameRequest(name="nope").SerializeToString(),
        NONE,
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_GAME_NAME",
    ),
    Case(
        "unknown game",
        f"{GAMES}/GetGame",
        lambda g: games_pb2.GetGameRequest(name=NO_SUCH_GAME).SerializeToString(),
        NONE,
        grpc.StatusCode.NOT_FOUND,
        "GAME_NOT_FOUND",
    ),
    Case(
        "unknown rules",
        f"{GAMES}/CreateGame",
        lambda g: games_pb2.CreateGameRequest(rules="chess", players=["a", "b"]).SerializeToString(),
        NONE,
        grpc.StatusCode.INVALID_ARGUMENT,
        "UNKNOWN_RULES",
    ),
    Case(
        "no players",
        f"{GAMES}/CreateGame",
        lambda g: games_pb2.CreateGameRequest(rules="hare-and-tortoise").SerializeToString(),
        NONE,
        grpc.StatusCode.INVALID_ARGUMENT,
        "INVALID_OPTIONS",
    ),
    Case(
        "spectator submits",
        f"{GAMES}/SubmitCommand",
        lambda g: submit(g["name"], "choose_second_bet", {"card": "R-HARE-01"}),
        NONE,
        grpc.StatusCode.PERMISSION_DENIED,
        "NOT_A_PLAYER",
    ),
    Case(
        "wrong token",
        f"{GAMES}/SubmitCommand",
        lambda g: submit(g["name"], "choose_second_bet", {"card": "R-HARE-01"}),
        lambda g: bearer("not-a-token-of-this-game"),
        grpc.StatusCode.UNAUTHENTICATED,
        "TOKEN_NOT_OF_THIS_GAME",
    ),
    Case(
        "malformed authorization",
        f"{GAMES}/GetGame",
        lambda g: games_pb2.GetGameRequest(name=g["name"]).SerializeToString(),
        lambda g: (("authorization", "Basic abc"),),
        grpc.StatusCode.UNAUTHENTICATED,
        "BAD_AUTHORIZATION_HEADER",
    ),
    Case(
        "unknown command",
        f"{GAMES}/SubmitCommand",
        lambda g: submit(g["name"], "jump", {}),
        SEAT0,
        grpc.StatusCode.INVALID_ARGUMENT,
        "UNKNOWN_COMMAND",
    ),
    Case(
        "bad arguments",
        f"{GAMES}/SubmitCommand",
        lambda g: submit(g["name"], "play_cards", {"cards": [3]}),
        SEAT0,
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_ARGUMENTS",
    ),
    Case(
        "illegal move",
        f"{GAMES}/SubmitCommand",
        lambda g: submit(g["name"], "play_cards", {"cards": [g["hand"][0]]}),
        SEAT0,
        grpc.StatusCode.FAILED_PRECONDITION,
        "WRONG_PHASE",
    ),
    Case(
        "stale expected version",
        f"{GAMES}/SubmitCommand",
        lambda g: submit(g["name"], "choose_second_bet", {"card": g["hand"][0]}, expected_version=1),
        SEAT0,
        grpc.StatusCode.ABORTED,
        "STALE_VERSION",
    ),
    Case(
        "bad page token",
        f"{GAMES}/ListGames",
        lambda g: games_pb2.ListGamesRequest(page_token="x").SerializeToString(),
        NONE,
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_PAGE_TOKEN",
    ),
    Case(
        "audit without the organizer",
        "/playledger.v1.AuditService/VerifyGame",
        lambda g: audit_pb2.VerifyGameRequest(name=g["name"]).SerializeToString(),
        SEAT0,
        grpc.StatusCode.PERMISSION_DENIED,
        "ORGANIZER_ONLY",
    ),
    Case(
        "corrupt wire format",
        f"{GAMES}/GetGame",
        lambda g: b"\xff\xff\xff",
        NONE,
        grpc.StatusCode.INVALID_ARGUMENT,
        "UNDECODABLE_REQUEST",
    ),
    Case(
        "invalid UTF-8 in a string field",
        f"{GAMES}/GetGame",
        lambda g: b"\x0a\x02\xff\xfe",
        NONE,
        grpc.StatusCode.INVALID_ARGUMENT,
        "UNDECODABLE_REQUEST",
    ),
    Case(
        "NUL byte in a string field",
        f"{GAMES}/ListGames",
        lambda g: games_pb2.ListGamesRequest(player_id="ann\x00").SerializeToString(),
        NONE,
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_TEXT",
    ),
    Case(
        "over-long string",
        f"{GAMES}/CreateGame",
        lambda g: games_pb2.CreateGameRequest(rules="hare-and-tortoise", players=["a" * 5000, "b"]).SerializeToString(),
        NONE,
        grpc.StatusCode.INVALID_ARGUMENT,
        "TOO_LONG",
    ),
    Case(
        "deeply nested arguments",
        f"{GAMES}/SubmitCommand",
        lambda g: submit(g["name"], "play_cards", {"cards": deep(40)}),
        SEAT0,
        grpc.StatusCode.INVALID_ARGUMENT,
        "TOO_DEEP",
    ),
    Case(
        "NaN in the arguments",
        f"{GAMES}/SubmitCommand",
        lambda g: submit(g["name"], "choose_second_bet", {"card": float("nan")}),
        SEAT0,
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_NUMBER",
    ),
    Case(
        "page token past int64",
        "/playledger.v1.LeaderboardService/GetLeaderboard",
        lambda g: leaderboards_pb2.GetLeaderboardRequest(
            rules="hare-and-tortoise", page_token="99999999999999999999"
        ).SerializeToString(),
        NONE,
        grpc.StatusCode.INVALID_ARGUMENT,
        "BAD_PAGE_TOKEN",
    ),
    Case(
        "oversized body",
        f"{GAMES}/GetGame",
        lambda g: games_pb2.GetGameRequest(name="x" * 100_000).SerializeToString(),
        NONE,
        grpc.StatusCode.RESOURCE_EXHAUSTED,
        None,
    ),
]


@pytest.fixture
def game(server: Running) -> dict[str, Any]:
    with Client(f"127.0.0.1:{server.port}", retries=1) as client:
        created, tokens = client.create_game("hare-and-tortoise", ["ann", "bob", "cy"], seed_hex="cd" * 16)
        seat0 = client.as_token(tokens[0].token).get_game(created.name)
    hand = list(seat0.view["hand"])
    return {"name": created.name, "tokens": [t.token for t in tokens], "hand": hand}


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_the_same_code_and_reason_on_both_ports(server: Running, game: dict[str, Any], case: Case) -> None:
    body, metadata = case.body(game), case.metadata(game)
    answers = {
        "grpc": over_grpc(server, case.path, body, metadata),
        "grpc-web": over_web(server, case.path, body, metadata, text=False),
        "grpc-web-text": over_web(server, case.path, body, metadata, text=True),
    }
    for transport, answer in answers.items():
        assert answer.code == case.code, f"{transport}: {answer}"
        if case.reason is not None:
            assert answer.reason == case.reason, f"{transport}: {answer}"
    assert "Traceback" not in answers["grpc-web"].message


def test_a_path_that_is_no_method_is_404_and_unimplemented_on_grpc(server: Running) -> None:
    assert over_grpc(server, f"{GAMES}/Nope", b"", ()).code == grpc.StatusCode.UNIMPLEMENTED
    assert server.web is not None
    reply = grpcweb.call(server.web.port, f"{GAMES}/Nope", b"")
    assert reply.http_status == 404
    for path in ("/nope", "/playledger.v1.GameService"):
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"http://127.0.0.1:{server.web.port}{path}", timeout=10)
        assert missing.value.code == 404
        assert b"Traceback" not in missing.value.read()


def test_list_game_types_binary_text_and_connect_json(server: Running) -> None:
    assert server.web is not None
    request = games_pb2.ListGameTypesRequest().SerializeToString()
    for text in (False, True):
        reply = grpcweb.call(server.web.port, f"{GAMES}/ListGameTypes", request, text=text)
        assert reply.code == 0, reply
        (message,) = reply.messages
        names = {t.name for t in games_pb2.ListGameTypesResponse.FromString(message).game_types}
        assert names == {"hare-and-tortoise", "grasshopper-and-ant", "baba-yaga", "atiwa", "antics"}
    # Connect's unary JSON: what curl -H 'content-type: application/json' -d '{}' sends.
    connect = urllib.request.Request(
        f"http://127.0.0.1:{server.web.port}{GAMES}/ListGameTypes",
        data=b"{}",
        headers={"content-type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(connect, timeout=10) as answer:
        listed = json.loads(answer.read())
    assert {t["name"] for t in listed["gameTypes"]} >= {"atiwa", "antics"}


def test_bad_json_is_refused_like_undecodable_bytes(server: Running) -> None:
    assert server.web is not None
    bad = urllib.request.Request(
        f"http://127.0.0.1:{server.web.port}{GAMES}/GetGame",
        data=b'{"name": ',
        headers={"content-type": "application/json"},
        method="POST",
    )
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(bad, timeout=10)
    error = json.loads(refused.value.read())
    assert refused.value.code == 400
    assert error["code"] == "invalid_argument"
    assert error["details"][0]["type"] == "google.rpc.ErrorInfo"


def test_request_id_is_echoed_and_calls_counted_by_the_same_metrics(server: Running) -> None:
    from prometheus_client import REGISTRY

    def handled(code: str) -> float:
        value = REGISTRY.get_sample_value(
            "grpc_server_handled_total",
            {
                "grpc_service": "playledger.v1.GameService",
                "grpc_method": "GetGame",
                "grpc_type": "unary",
                "grpc_code": code,
            },
        )
        return value or 0.0

    assert server.web is not None
    before = handled("NotFound")
    body = games_pb2.GetGameRequest(name=NO_SUCH_GAME).SerializeToString()
    reply = grpcweb.call(server.web.port, f"{GAMES}/GetGame", body, (("x-request-id", "trace-42"),))
    assert reply.headers.get("x-request-id") == "trace-42"
    assert handled("NotFound") == before + 1


def test_health_answers_on_the_web_port(server: Running) -> None:
    assert server.web is not None
    request = health_pb2.HealthCheckRequest(service="").SerializeToString()
    reply = grpcweb.call(server.web.port, "/grpc.health.v1.Health/Check", request)
    assert reply.code == 0
    assert health_pb2.HealthCheckResponse.FromString(reply.messages[0]).status == health_pb2.HealthCheckResponse.SERVING


def test_watch_game_streams_events_as_they_happen(server: Running, game: dict[str, Any]) -> None:
    """A gRPC-Web WatchGame stream receives each event as it is recorded, and ends when the game does not."""
    assert server.web is not None
    request = games_pb2.WatchGameRequest(game=game["name"], after_version=1).SerializeToString()
    got: list[games_pb2.WatchGameResponse] = []
    done = threading.Event()

    def watch() -> None:
        reply = grpcweb.call(server.web.port, f"{GAMES}/WatchGame", request, timeout=30, deadline_ms=4000)
        got.extend(games_pb2.WatchGameResponse.FromString(m) for m in reply.messages)
        done.set()

    watcher = threading.Thread(target=watch)
    watcher.start()
    time.sleep(0.3)
    with Client(f"127.0.0.1:{server.port}", retries=1) as client:
        seat0 = client.as_token(game["tokens"][0])
        seat0.submit(game["name"], "choose_second_bet", {"card": game["hand"][0]})
    assert done.wait(30)
    types = [r.event.type for r in got]
    assert types[0] == "RaceSetUp"
    assert "SecondBetChosen" in types
    chosen = next(r.event for r in got if r.event.type == "SecondBetChosen")
    assert chosen.data["card"] == "?"  # a spectator never sees a hidden bet


def test_cors_answers_only_the_configured_origins(tmp_path) -> None:  # type: ignore[no-untyped-def]
    port = free_port()
    running = start(
        Settings(
            store=f"sqlite:///{tmp_path / 'cors.db'}",
            port=0,
            web_port=port,
            metrics_port=0,
            web_origins=("https://play.example",),
        )
    )
    try:

        def preflight(origin: str) -> dict[str, str]:
            request = urllib.request.Request(
                f"http://127.0.0.1:{port}{GAMES}/ListGameTypes",
                method="OPTIONS",
                headers={
                    "origin": origin,
                    "access-control-request-method": "POST",
                    "access-control-request-headers": "authorization,content-type,x-grpc-web",
                },
            )
            try:
                with urllib.request.urlopen(request, timeout=10) as answer:
                    return {k.lower(): v for k, v in answer.getheaders()}
            except urllib.error.HTTPError as refused:
                return {k.lower(): v for k, v in refused.headers.items()}

        allowed = preflight("https://play.example")
        assert allowed["access-control-allow-origin"] == "https://play.example"
        assert "authorization" in allowed["access-control-allow-headers"].lower()
        assert "access-control-allow-origin" not in preflight("https://evil.example")
        reply = grpcweb.call(port, f"{GAMES}/ListGameTypes", b"", (("origin", "https://play.example"),))
        assert reply.headers["access-control-allow-origin"] == "https://play.example"
        assert "grpc-status" in reply.headers["access-control-expose-headers"]
    finally:
        running.stop(0.5)


def test_a_client_that_goes_away_frees_its_stream(server: Running, game: dict[str, Any]) -> None:
    """A browser tab closed mid-stream must not keep a WatchGame slot (and its thread) for ever."""
    import socket

    from prometheus_client import REGISTRY

    def open_streams() -> float:
        return REGISTRY.get_sample_value("playledger_watch_streams_open") or 0.0

    assert server.web is not None
    before = open_streams()
    body = grpcweb.frame(games_pb2.WatchGameRequest(game=game["name"], after_version=0).SerializeToString())
    sockets = []
    for _ in range(3):
        s = socket.create_connection(("127.0.0.1", server.web.port), timeout=10)
        head = (
            f"POST {GAMES}/WatchGame HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/grpc-web+proto\r\n"
            f"x-grpc-web: 1\r\ncontent-length: {len(body)}\r\n\r\n"
        )
        s.sendall(head.encode() + body)
        assert s.recv(4096).startswith(b"HTTP/1.1 200")  # the stream is open and has sent RaceSetUp
        sockets.append(s)
    peak = open_streams()  # the gauge is the process's: another test's stream may close meanwhile
    assert peak >= min(before, 1) + 2 and peak >= 3
    for s in sockets:
        s.close()
    deadline = time.monotonic() + 15
    while open_streams() > peak - 3 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert open_streams() <= peak - 3


def test_reflection_v1_lists_the_services_and_describes_them_with_their_comments(server: Running) -> None:
    import subprocess
    import sys
    from pathlib import Path

    grpcurl = Path(sys.executable).parent / "grpcurl"
    target = f"127.0.0.1:{server.port}"
    listed = subprocess.run([grpcurl, "-plaintext", target, "list"], capture_output=True, text=True, timeout=60)
    assert listed.returncode == 0, listed.stderr
    assert {"grpc.reflection.v1.ServerReflection", "playledger.v1.GameService"} <= set(listed.stdout.split())
    described = subprocess.run(
        [grpcurl, "-plaintext", target, "describe", "playledger.v1.SubmitCommandRequest"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert described.returncode == 0, described.stderr
    assert "A retry with the same id returns the" in described.stdout  # a proto comment, served by reflection


def test_the_web_port_socket_lets_asyncio_set_tcp_nodelay(server: Running) -> None:
    """asyncio sets TCP_NODELAY on accepted sockets only when the listener says IPPROTO_TCP; with proto 0
    every answer's trailer frame waited ~40 ms for a delayed ACK on a kept-alive connection (measured)."""
    import socket

    assert server.web is not None
    assert server.web._socket.proto == socket.IPPROTO_TCP


def test_a_flood_of_one_refusal_is_summed_up_in_the_log_not_written_line_by_line(server: Running) -> None:
    import logging

    from service.api import interceptors

    interceptors.ACCESS_LIMIT = interceptors.RateLimit(burst=5, window=3600)  # this test's own window
    records: list[logging.LogRecord] = []
    handler = logging.Handler()
    handler.emit = records.append  # type: ignore[method-assign]
    access = logging.getLogger("playledger.access")
    level = access.level
    access.setLevel(logging.INFO)
    access.addHandler(handler)
    try:
        body = games_pb2.GetGameRequest(name="nope").SerializeToString()
        for _ in range(40):
            assert over_grpc(server, f"{GAMES}/GetGame", body, ()).code == grpc.StatusCode.INVALID_ARGUMENT
    finally:
        access.removeHandler(handler)
        access.setLevel(level)
        interceptors.ACCESS_LIMIT = interceptors.RateLimit(burst=20, window=interceptors.ACCESS_LIMIT_WINDOW)
    lines = [r for r in records if "GetGame" in r.getMessage()]
    assert len(lines) == 5 and all(r.levelno == logging.INFO for r in lines)


@pytest.mark.parametrize(
    ("content_type", "expect"),
    [("application/grpc-web+proto", b"grpc-status: 3"), ("application/json", b'"invalid_argument"')],
)
def test_a_header_that_is_not_utf8_is_invalid_argument_not_a_traceback(
    server: Running, content_type: str, expect: bytes, caplog: pytest.LogCaptureFixture
) -> None:
    """Found by make fuzz: such a header made connectrpc raise inside the ASGI app (500, an ERROR traceback)."""
    assert server.web is not None
    request = (
        b"POST /playledger.v1.GameService/ListGameTypes HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        b"Content-Type: " + content_type.encode() + b"\r\nAuthorization: Bearer \xa8\xff\r\n"
        b"Content-Length: 0\r\nConnection: close\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", server.web.port), timeout=10) as s:
        s.sendall(request)
        answer = b""
        while chunk := s.recv(65536):
            answer += chunk
    assert expect in answer.lower() if expect.startswith(b"grpc") else expect in answer, answer[:300]
    assert not answer.startswith(b"HTTP/1.1 500"), answer[:200]
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
