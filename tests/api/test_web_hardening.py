"""The web port against clients that get it wrong or mean harm (issue 33): body limits before decoding,
a deliberate answer for every content type and frame flag, security headers, a clean stop with open
streams, and timeouts for request heads and bodies that never finish arriving.

Everything goes over raw sockets to a real server, so what is tested is what a client sees on the wire.
"""

from __future__ import annotations

import base64
import contextlib
import gzip
import logging
import re
import select
import socket
import struct
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
from playledger.v1 import games_pb2
from playledger_client import Client

from service.api import web_server as web  # its timeouts, read when a WebServer is made
from service.config import Settings
from service.server import Running, start
from tests.integration.conftest import free_port

GAMES = "/playledger.v1.GameService"
LIST = f"{GAMES}/ListGameTypes"
WATCH = f"{GAMES}/WatchGame"
MAX = 64 * 1024  # the fixture's max_receive_bytes


@pytest.fixture
def web_root(tmp_path: Path) -> Path:
    """A stand-in for the built web app: a page, a script, and the source map a build may leave beside it."""
    root = tmp_path / "dist"
    (root / "assets").mkdir(parents=True)
    (root / "index.html").write_text('<!doctype html><script type="module" src="/assets/app.js"></script>')
    (root / "assets" / "app.js").write_text("console.log('hi')\n//# sourceMappingURL=app.js.map\n")
    (root / "assets" / "app.js.map").write_text('{"version":3,"sources":["../src/secret.ts"]}')
    return root


@pytest.fixture
def server(tmp_path: Path, web_root: Path) -> Iterator[Running]:
    running = start(
        Settings(
            store=f"sqlite:///{tmp_path / 'web.db'}",
            port=0,
            web_port=free_port(),
            metrics_port=0,
            max_receive_bytes=MAX,
            web_root=str(web_root),
        )
    )
    yield running
    running.stop(0.5)


@pytest.fixture
def errors() -> Iterator[list[logging.LogRecord]]:
    """Every ERROR (or worse) record any logger writes while the test runs."""
    records: list[logging.LogRecord] = []
    handler = logging.Handler(logging.ERROR)
    handler.emit = records.append  # type: ignore[method-assign]
    logging.getLogger().addHandler(handler)
    yield records
    logging.getLogger().removeHandler(handler)


def web_port(running: Running) -> int:
    assert running.web is not None
    return running.web.port


class Answer:
    """One HTTP/1.1 answer read off a raw socket: status, headers, body, and the gRPC status wherever it is."""

    def __init__(self, raw: bytes) -> None:
        head, _, body = raw.partition(b"\r\n\r\n")
        lines = head.decode("latin-1").split("\r\n")
        self.raw = raw
        self.status = int(lines[0].split()[1]) if lines[0].startswith("HTTP/1.1 ") else 0
        self.headers: dict[str, str] = {}
        for line in lines[1:]:
            key, _, value = line.partition(":")
            self.headers[key.strip().lower()] = value.strip()
        if self.headers.get("transfer-encoding") == "chunked":
            body = _unchunk(body)
        if self.headers.get("content-type", "").startswith("application/grpc-web-text"):
            body = b"".join(base64.b64decode(c + b"=" * (-len(c) % 4)) for c in body.split(b"=") if c)
        self.body = body

    @property
    def grpc_status(self) -> int | None:
        found = re.search(rb"grpc-status: ?(\d+)", self.raw if "grpc-status" in self.headers else self.body)
        return int(found.group(1)) if found else None

    @property
    def grpc_message(self) -> str:
        found = re.search(rb"grpc-message: ?([^\r]*)", self.raw if "grpc-message" in self.headers else self.body)
        return urllib.parse.unquote(found.group(1).decode()) if found else ""

    @property
    def connect_code(self) -> str | None:
        found = re.search(rb'"code": ?"(\w+)"', self.body)
        return found.group(1).decode() if found else None

    def __repr__(self) -> str:
        return f"Answer({self.raw[:400]!r})"


def _unchunk(body: bytes) -> bytes:
    out = b""
    while body:
        size, _, rest = body.partition(b"\r\n")
        n = int(size.split(b";")[0] or b"0", 16)
        if n == 0:
            break
        out += rest[:n]
        body = rest[n + 2 :]
    return out


def exchange(port: int, request: bytes, timeout: float = 10) -> Answer:
    """Send one request (Connection: close) and read the answer to its end."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as s:
        s.sendall(request)
        raw = b""
        try:
            while chunk := s.recv(65536):
                raw += chunk
        except ConnectionResetError:
            pass
    return Answer(raw)


def post(path: str, content_type: str | None, body: bytes, *extra: str) -> bytes:
    head = [f"POST {path} HTTP/1.1", "Host: 127.0.0.1", f"Content-Length: {len(body)}", "Connection: close"]
    if content_type is not None:
        head.append(f"Content-Type: {content_type}")
    return ("\r\n".join([*head, *extra]) + "\r\n\r\n").encode() + body


def frame(message: bytes, flags: int = 0) -> bytes:
    return struct.pack(">BI", flags, len(message)) + message


LIST_REQUEST = games_pb2.ListGameTypesRequest().SerializeToString()
WATCH_REQUEST = games_pb2.WatchGameRequest(game="nope").SerializeToString()


# --- F1: body limits before any decoding --------------------------------------------------------------------
OVERSIZED = [
    ("application/grpc-web-text", WATCH),
    ("application/grpc-web-text", LIST),
    ("application/grpc-web+proto", LIST),
    ("application/grpc-web", WATCH),
    ("application/json", LIST),
    ("application/proto", LIST),
    ("application/connect+proto", WATCH),
]


def refused_as_too_large(answer: Answer, content_type: str) -> None:
    if content_type.startswith("application/grpc-web"):
        assert answer.status == 200 and answer.grpc_status == 8, answer  # RESOURCE_EXHAUSTED, trailers-only
    elif content_type.startswith("application/connect+"):
        assert answer.status == 200 and answer.connect_code == "resource_exhausted", answer
    else:
        assert answer.status == 429 and answer.connect_code == "resource_exhausted", answer
    assert answer.headers.get("connection") == "close", answer  # the rest of the body is never read


@pytest.mark.parametrize(("content_type", "path"), OVERSIZED)
def test_a_declared_200_mb_body_is_refused_before_a_byte_of_it_is_read(
    server: Running, content_type: str, path: str, errors: list[logging.LogRecord]
) -> None:
    """F1: the answer comes at once, from the Content-Length alone; before, the server read (and for
    grpc-web-text buffered and base64-decoded) the whole body first."""
    head = post(path, content_type, b"").replace(b"Content-Length: 0", b"Content-Length: 209715200")
    with socket.create_connection(("127.0.0.1", web_port(server)), timeout=5) as s:
        s.sendall(head)
        raw = b""
        while chunk := s.recv(65536):  # a timeout here: the server is waiting for the body
            raw += chunk
    refused_as_too_large(Answer(raw), content_type)
    assert not errors


def send_until_answered(port: int, head: bytes, chunk: bytes, most: int) -> tuple[Answer, int]:
    """Stream a chunked body until the server answers (or drops us); return the answer and the bytes sent."""
    sent = 0
    raw = b""
    piece = b"%x\r\n" % len(chunk) + chunk + b"\r\n"
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 65536)
        s.sendall(head)
        pending = b""
        try:
            while sent < most:
                readable, writable, _ = select.select([s], [s], [], 10)
                if readable:
                    break
                assert writable, "the server neither reads nor answers"
                pending = pending or piece
                n = s.send(pending)
                pending, sent = pending[n:], sent + n
        except (BrokenPipeError, ConnectionResetError):
            pass
        s.settimeout(3)
        try:
            while data := s.recv(65536):
                raw += data
        except (ConnectionResetError, TimeoutError):
            pass  # a timeout: the answer came but the connection stays open (asserted on by the caller)
    return Answer(raw), sent


@pytest.mark.parametrize(("content_type", "path"), OVERSIZED)
def test_an_endless_chunked_body_stops_being_read_just_past_the_limit(
    server: Running, content_type: str, path: str, errors: list[logging.LogRecord]
) -> None:
    """F1 without a Content-Length: the reader stops once the body is longer than a max-size message
    could need (base64 included), whatever is in it; before, grpc-web-text read all 64 MB."""
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: {content_type}\r\nTransfer-Encoding: chunked\r\n\r\n"
    ).encode()
    first = frame(b"", 0)[:1] + struct.pack(">I", MAX)  # a frame header that claims a max-size message
    if content_type == "application/grpc-web-text":
        first = base64.b64encode(first + b"\x00")
    elif not content_type.startswith(("application/grpc-web", "application/connect+")):
        first = b""
    chunk = first + b"A" * (16384 - len(first))
    answer, sent = send_until_answered(web_port(server), head, chunk, most=64 << 20)
    refused_as_too_large(answer, content_type)
    assert sent < 16 << 20, f"{sent} bytes were sent before the server answered"
    assert not errors


def test_a_grpc_web_text_body_of_a_max_size_message_is_still_accepted(server: Running) -> None:
    """The limit is on what a max-size message needs in base64, not on the decoded size alone."""
    request = games_pb2.GetGameRequest(name="x" * (MAX - 16)).SerializeToString()
    assert len(request) <= MAX
    body = base64.b64encode(frame(request))
    answer = exchange(web_port(server), post(f"{GAMES}/GetGame", "application/grpc-web-text", body))
    assert answer.status == 200 and answer.grpc_status == 3, answer  # read whole: a bad name, not too large


# --- F5, F6: every content type and frame flag gets a deliberate answer -----------------------------------
def test_plain_grpc_on_the_web_port_is_415_with_a_pointer_to_the_grpc_port(
    server: Running, errors: list[logging.LogRecord]
) -> None:
    """F5: before, UNKNOWN (the ASGI server has no trailers) and an ERROR traceback per request."""
    for content_type in ("application/grpc", "application/grpc+proto", "application/grpc+json"):
        for path in (LIST, WATCH):
            answer = exchange(web_port(server), post(path, content_type, frame(LIST_REQUEST)))
            assert answer.status == 415, answer
            assert answer.grpc_status == 12, answer  # UNIMPLEMENTED, for a client that reads only grpc-status
            assert "gRPC port" in answer.grpc_message and b"gRPC port" in answer.body, answer
    assert not errors, [r.getMessage() for r in errors]


@pytest.mark.parametrize(
    ("content_type", "path"),
    [  # Connect sends a unary call unframed: no flag to set
        ("application/grpc-web+proto", LIST),
        ("application/grpc-web+proto", WATCH),
        ("application/connect+proto", WATCH),
    ],
)
def test_a_compressed_flag_without_an_encoding_is_invalid_argument(
    server: Running, content_type: str, path: str, errors: list[logging.LogRecord]
) -> None:
    """F6: before, INTERNAL ("sent compressed message without compression support")."""
    for body in (frame(LIST_REQUEST, 1), frame(LIST_REQUEST) + frame(LIST_REQUEST, 1)):
        answer = exchange(web_port(server), post(path, content_type, body))
        if content_type.startswith("application/grpc-web"):
            assert answer.grpc_status == 3, answer
            assert "grpc-encoding" in answer.grpc_message, answer
        else:
            assert answer.connect_code == "invalid_argument", answer
            assert b"connect-content-encoding" in answer.body, answer
    assert not errors


BAD_ANSWERS = {2, 13, 15}  # UNKNOWN, INTERNAL, DATA_LOSS: never the answer to a client's mistake


def _cases() -> Iterator[tuple[str, str, bytes, tuple[str, ...]]]:
    types = [
        "application/grpc-web",
        "application/grpc-web+proto",
        "application/grpc-web+json",
        "application/grpc-web+xml",
        "application/grpc-web-text",
        "application/grpc-web-text+proto",
        "application/grpc-web-text+xml",
        "application/json",
        "application/proto",
        "application/connect+proto",
        "application/connect+json",
        "application/connect+xml",
        "Application/GRPC-WEB",
        "text/plain",
        "multipart/form-data; boundary=x",
        "application/x-www-form-urlencoded",
        "",
    ]
    for content_type in types:
        for path in (LIST, WATCH):
            body = LIST_REQUEST if path == LIST else WATCH_REQUEST
            if content_type.startswith(("application/grpc-web", "application/connect+")):
                body = frame(body)
            if content_type.startswith("application/grpc-web-text"):
                body = base64.b64encode(body)
            yield content_type, path, body, ()
    gzip_body = gzip.compress(LIST_REQUEST)
    for flags in (0x00, 0x01, 0x02, 0x03, 0x80, 0x81, 0xFF):
        for encoding in ((), ("grpc-encoding: gzip",), ("grpc-encoding: identity",), ("grpc-encoding: br",)):
            compressed = bool(flags & 1) and encoding == ("grpc-encoding: gzip",)
            body = frame(gzip_body if compressed else LIST_REQUEST, flags)
            yield "application/grpc-web+proto", LIST, body, encoding
            yield "application/grpc-web-text", WATCH, base64.b64encode(body), encoding
    yield "application/grpc-web+proto", LIST, frame(b"not gzip", 1), ("grpc-encoding: gzip",)
    yield "application/grpc-web+proto", LIST, frame(gzip.compress(b"\0" * (MAX * 4)), 1), ("grpc-encoding: gzip",)
    yield "application/grpc-web+proto", LIST, b"\x00\x00", ()
    yield "application/grpc-web+proto", LIST, b"", ()
    yield "application/grpc-web+proto", LIST, frame(LIST_REQUEST) + b"\x00", ()
    yield "application/grpc-web+proto", LIST, struct.pack(">BI", 0, 1 << 31), ()
    yield "application/grpc-web-text", LIST, b"not base64!", ()
    yield "application/grpc-web-text", LIST, b"AA==AAAA", ()
    yield "application/grpc-web-text", LIST, b"AAAAA", ()
    yield "application/json", LIST, b"not gzip", ("Content-Encoding: gzip",)
    yield "application/json", LIST, b"{}", ("Content-Encoding: nope",)
    yield "application/connect+proto", WATCH, frame(WATCH_REQUEST), ("connect-content-encoding: nope",)


CASES = list(_cases())


@pytest.mark.parametrize(
    ("content_type", "path", "body", "extra"), CASES, ids=[f"{c[0]}-{c[1][-9:]}-{c[2][:6]!r}-{c[3]}" for c in CASES]
)
def test_every_content_type_and_frame_flag_gets_a_deliberate_answer(
    server: Running,
    content_type: str,
    path: str,
    body: bytes,
    extra: tuple[str, ...],
    errors: list[logging.LogRecord],
) -> None:
    answer = exchange(web_port(server), post(path, content_type or None, body, *extra))
    assert answer.status in (200, 400, 404, 415, 429, 501), answer
    assert answer.grpc_status not in BAD_ANSWERS, answer
    assert answer.connect_code not in ("unknown", "internal", "data_loss"), answer
    assert not errors, [r.getMessage() for r in errors]


# --- F7: security headers on every answer, no source maps ---------------------------------------------------
SECURITY_HEADERS = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


def test_every_answer_carries_the_security_headers(server: Running) -> None:
    port = web_port(server)
    answers = {
        "page": exchange(port, b"GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"),
        "script": exchange(port, b"GET /assets/app.js HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"),
        "missing": exchange(port, b"GET /nope.png HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n"),
        "rpc": exchange(port, post(LIST, "application/grpc-web+proto", frame(LIST_REQUEST))),
        "connect": exchange(port, post(LIST, "application/json", b"{}")),
        "refused": exchange(port, post(LIST, "application/grpc", frame(LIST_REQUEST))),
        "too large": exchange(port, post(LIST, "application/grpc-web-text", b"A" * (MAX * 2))),
        "unknown method": exchange(port, post(f"{GAMES}/Nope", "application/grpc-web+proto", frame(b""))),
    }
    assert answers["page"].status == 200 and answers["script"].status == 200
    for name, answer in answers.items():
        for key, value in SECURITY_HEADERS.items():
            assert answer.headers.get(key) == value, (name, answer)
        policy = {d.split()[0]: d.split()[1:] for d in answer.headers["content-security-policy"].split("; ")}
        assert policy["default-src"] == ["'self'"] and policy["script-src"] == ["'self'"], (name, policy)
        assert policy["frame-ancestors"] == ["'none'"] and policy["base-uri"] == ["'none'"], (name, policy)
        assert policy["object-src"] == ["'none'"], (name, policy)
        assert "'unsafe-eval'" not in answer.headers["content-security-policy"]


def test_source_maps_are_not_served(server: Running) -> None:
    port = web_port(server)
    for path in ("/assets/app.js.map", "/assets/APP.JS.MAP", "/assets/app.js.map?x=1", "/assets/app.js%2emap"):
        answer = exchange(port, f"GET {path} HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n".encode())
        assert answer.status == 404, (path, answer)
        assert b"secret.ts" not in answer.raw


def test_cors_preflight_and_allowed_origins_still_get_the_security_headers(tmp_path: Path) -> None:
    port = free_port()
    running = start(
        Settings(
            store=f"sqlite:///{tmp_path / 'c.db'}",
            port=0,
            web_port=port,
            metrics_port=0,
            web_origins=("https://play.example",),
        )
    )
    try:
        preflight = exchange(
            port,
            f"OPTIONS {LIST} HTTP/1.1\r\nHost: a\r\nOrigin: https://play.example\r\n"
            "Access-Control-Request-Method: POST\r\nConnection: close\r\n\r\n".encode(),
        )
        assert preflight.headers.get("access-control-allow-origin") == "https://play.example", preflight
        assert preflight.headers.get("x-content-type-options") == "nosniff", preflight
    finally:
        running.stop(0.5)


# --- stopping with open streams -----------------------------------------------------------------------------
def open_watch(port: int, game: str) -> socket.socket:
    body = frame(games_pb2.WatchGameRequest(game=game, after_version=0).SerializeToString())
    s = socket.create_connection(("127.0.0.1", port), timeout=15)
    s.sendall(post(WATCH, "application/grpc-web+proto", body).replace(b"Connection: close\r\n", b""))
    assert s.recv(65536).startswith(b"HTTP/1.1 200"), "the stream did not open"
    return s


def test_stopping_with_open_streams_logs_no_error_and_ends_each_stream_unavailable(
    tmp_path: Path, errors: list[logging.LogRecord]
) -> None:
    """Before: two ERROR tracebacks, "cannot schedule new futures after shutdown", per stop."""
    running = start(Settings(store=f"sqlite:///{tmp_path / 's.db'}", port=0, web_port=free_port(), metrics_port=0))
    stopped = False
    try:
        with Client(f"127.0.0.1:{running.port}", retries=1) as client:
            game, _ = client.create_game("hare-and-tortoise", ["ann", "bob", "cy"])
        streams = [open_watch(web_port(running), game.name) for _ in range(4)]
        time.sleep(0.3)  # every stream is parked in its poll
        running.stop(2)
        stopped = True
        for s in streams:
            rest = b""
            try:
                while chunk := s.recv(65536):
                    rest += chunk
            except OSError:
                pass
            s.close()
            assert b"grpc-status:14" in rest.replace(b" ", b""), rest[-300:]  # UNAVAILABLE: resume elsewhere
    finally:
        if not stopped:
            running.stop(0.5)
    assert not errors, [r.getMessage() for r in errors]


# --- timeouts for heads and bodies that never finish ---------------------------------------------------------
@pytest.fixture
def quick_timeouts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(web, "HEADER_TIMEOUT_S", 1.0)
    monkeypatch.setattr(web, "BODY_IDLE_TIMEOUT_S", 1.0)
    monkeypatch.setattr(web, "KEEP_ALIVE_S", 1)


def dropped_after(s: socket.socket, limit: float) -> tuple[float, bytes]:
    """Seconds until the server closes the connection (reading whatever it says first)."""
    began = time.monotonic()
    s.settimeout(limit)
    said = b""
    try:
        while chunk := s.recv(65536):
            said += chunk
    except TimeoutError:
        pytest.fail(f"still open after {limit} s")
    except ConnectionResetError:
        pass
    return time.monotonic() - began, said


def test_a_half_sent_request_head_is_dropped_after_the_header_timeout(
    quick_timeouts: None, server: Running, errors: list[logging.LogRecord]
) -> None:
    """Before: 300 such connections were held open for good (uvicorn has no header timeout for httptools)."""
    port = web_port(server)
    slow = []
    for partial in (b"", b"G", b"POST /playledger.v1.GameService/ListGameTypes HTTP/1.1\r\nHost: a\r\n"):
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall(partial)
        slow.append(s)
    trickle = socket.create_connection(("127.0.0.1", port), timeout=10)
    slow.append(trickle)
    for i in range(3):  # a byte at a time, each well inside the timeout: the head as a whole is not
        trickle.sendall(b"GET / HTTP/1.1\r\n"[i : i + 1])
        time.sleep(0.3)
    for s in slow:
        seconds, said = dropped_after(s, 5)
        assert seconds < 3, seconds
        assert said == b"" or said.startswith(b"HTTP/1.1 408"), said
        s.close()
    assert not errors


def test_a_body_that_stops_arriving_is_dropped_but_a_long_stream_is_not(
    quick_timeouts: None, server: Running, errors: list[logging.LogRecord]
) -> None:
    port = web_port(server)
    with Client(f"127.0.0.1:{server.port}", retries=1) as client:
        game, _ = client.create_game("hare-and-tortoise", ["ann", "bob", "cy"])
    watching = open_watch(port, game.name)  # a stream lives far longer than any of the timeouts
    stalled = socket.create_connection(("127.0.0.1", port), timeout=10)
    stalled.sendall(post(LIST, "application/grpc-web+proto", b"").replace(b"Content-Length: 0", b"Content-Length: 9"))
    stalled.sendall(b"\x00\x00")
    seconds, _ = dropped_after(stalled, 5)
    assert seconds < 3, seconds
    stalled.close()
    idle = socket.create_connection(("127.0.0.1", port), timeout=10)  # kept alive after an answer, then silent
    idle.sendall(b"GET / HTTP/1.1\r\nHost: a\r\n\r\n")
    seconds, said = dropped_after(idle, 5)
    assert said.startswith(b"HTTP/1.1 200") and seconds < 3, (seconds, said[:100])
    idle.close()
    time.sleep(1.5)
    watching.settimeout(0.5)
    with pytest.raises(TimeoutError):  # still open (its first events read), nothing more: the game has not moved
        while watching.recv(65536):
            pass
    watching.close()
    assert not errors


def test_an_oversized_request_head_is_refused_without_being_buffered(
    server: Running, errors: list[logging.LogRecord]
) -> None:
    """A head is bounded in size as well as time: httptools would keep appending a URL or header for ever."""
    port = web_port(server)
    for head in (b"GET /" + b"a" * (80 << 10), b"GET / HTTP/1.1\r\nX-Big: " + b"b" * (80 << 10)):
        with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
            with contextlib.suppress(BrokenPipeError, ConnectionResetError):
                s.sendall(head)
            _, said = dropped_after(s, 5)
            assert said.startswith(b"HTTP/1.1 431"), said[:200]
    assert not errors


def test_many_slow_connections_are_all_dropped(quick_timeouts: None, server: Running) -> None:
    """The finding's 300 connections with half-sent heads: none outlives the timeout by much."""
    port = web_port(server)
    slow = []
    for _ in range(300):
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        s.sendall(b"POST / HTTP/1.1\r\nHost: a\r\nX-Slow: ")
        slow.append(s)
    deadline = time.monotonic() + 6
    for s in slow:
        s.settimeout(max(0.1, deadline - time.monotonic()))
        try:
            while s.recv(65536):
                pass
        except TimeoutError:
            pytest.fail("a slow connection outlived the header timeout")
        except ConnectionResetError:
            pass
        s.close()
    # and the port still answers
    answer = exchange(port, post(LIST, "application/grpc-web+proto", frame(LIST_REQUEST)))
    assert answer.grpc_status == 0, answer
