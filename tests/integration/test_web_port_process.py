"""The web port of a real `playledger-server` process (issue 33): its memory under a 200 MB grpc-web-text
body, and a SIGTERM while pages watch a game."""

from __future__ import annotations

import base64
import re
import select
import signal
import socket
import struct
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from playledger.v1 import games_pb2
from playledger_client import Client

from tests.integration.conftest import ServerProcess, free_port

pytestmark = pytest.mark.slow

GAMES = "/playledger.v1.GameService"


@pytest.fixture
def web_server(tmp_path: Path) -> Iterator[tuple[ServerProcess, int]]:
    port = free_port()
    server = ServerProcess(f"sqlite:///{tmp_path / 'web.db'}", args=("--web-port", str(port)))
    server.start()
    yield server, port
    if server.proc is not None and server.proc.poll() is None:
        server.stop()


def peak_rss_mb(server: ServerProcess) -> float:
    """The process's resident high-water mark (VmHWM): a peak, however short, is never missed."""
    assert server.proc is not None
    status = Path(f"/proc/{server.proc.pid}/status").read_text()
    found = re.search(r"VmHWM:\s+(\d+) kB", status)
    assert found, status
    return int(found.group(1)) / 1024


def send_a_huge_text_body(port: int, size: int, declared: bool, first: bytes = b"AAAA") -> tuple[bytes, int]:
    """The finding's curl, by hand: `AAAA` (or `first`) then `size` more `A`s as grpc-web-text, with a
    Content-Length or chunked; sent until the server answers or hangs up. Returns what it said and how
    much was sent."""
    head = f"POST {GAMES}/GetGame HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/grpc-web-text\r\n"
    head += f"Content-Length: {size + len(first)}\r\n\r\n" if declared else "Transfer-Encoding: chunked\r\n\r\n"
    block = b"A" * (1 << 20)
    piece = block if declared else b"%x\r\n" % len(block) + block + b"\r\n"
    sent, said = 0, b""
    with socket.create_connection(("127.0.0.1", port), timeout=60) as s:
        s.sendall(head.encode() + (first if declared else b"%x\r\n%s\r\n" % (len(first), first)))
        pending = b""
        try:
            while sent < size:
                readable, writable, _ = select.select([s], [s], [], 60)
                if readable:
                    break
                assert writable, "the server neither reads nor answers"
                pending = pending or piece
                n = s.send(pending)
                pending, sent = pending[n:], sent + n
            if sent >= size and not declared:
                s.sendall(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            pass
        s.settimeout(60)
        try:
            while chunk := s.recv(65536):
                said += chunk
        except (ConnectionResetError, TimeoutError):
            pass
    return said, sent


def grpc_status(said: bytes) -> int | None:
    head, _, body = said.partition(b"\r\n\r\n")
    found = re.search(rb"grpc-status: ?(\d+)", head)
    if found is None and body:  # trailers in the (base64) body
        chunks = re.findall(rb"[A-Za-z0-9+/=]{4,}", body)
        decoded = b"".join(base64.b64decode(c + b"=" * (-len(c) % 4)) for c in chunks)
        found = re.search(rb"grpc-status: ?(\d+)", decoded)
    return int(found.group(1)) if found else None


def test_a_200_mb_grpc_web_text_body_does_not_raise_the_servers_memory(web_server: tuple[ServerProcess, int]) -> None:
    """F1. Before: the whole body was read, then base64-decoded, then refused: 159 MB -> 745 MB at its peak."""
    server, port = web_server
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:  # warm the text path up first
        body = base64.b64encode(struct.pack(">BI", 0, 0))
        s.sendall(
            f"POST {GAMES}/ListGameTypes HTTP/1.1\r\nHost: a\r\nContent-Type: application/grpc-web-text\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n".encode()
            + body
        )
        while s.recv(65536):
            pass
    before = peak_rss_mb(server)
    claims_a_max_size_message = base64.b64encode(struct.pack(">BI", 0, 1 << 20) + b"\0")  # the default limit
    sends = [
        (True, b"AAAA", 8),  # Content-Length: refused before a byte of the body is read
        (False, b"AAAA", 12),  # chunked: decoded as it comes, a second (empty) message is refused at once
        (False, claims_a_max_size_message, 8),  # chunked, one message: refused once past what 1 MiB needs
    ]
    for declared, first, code in sends:
        began = time.monotonic()
        said, sent = send_a_huge_text_body(port, 200 << 20, declared, first)
        assert said.startswith(b"HTTP/1.1 200") and grpc_status(said) == code, said[:500]
        assert sent < 32 << 20, f"the server read {sent >> 20} MB before answering"
        assert time.monotonic() - began < 10
    grown = peak_rss_mb(server) - before
    print(f"peak RSS {before:.0f} MB before, grown by {grown:.1f} MB")
    assert grown < 40, f"peak RSS grew by {grown:.0f} MB"
    assert server.stop(signal.SIGTERM) == 0
    assert " ERROR " not in server.output() and "Traceback" not in server.output(), server.output()[-3000:]


def test_sigterm_while_pages_watch_a_game_is_clean(web_server: tuple[ServerProcess, int]) -> None:
    """Before: two ERROR tracebacks ("cannot schedule new futures after shutdown") from the web port."""
    server, port = web_server
    with Client(server.target, retries=1) as client:
        game, _ = client.create_game("hare-and-tortoise", ["ann", "bob", "cy"])
    request = games_pb2.WatchGameRequest(game=game.name, after_version=0).SerializeToString()
    framed = struct.pack(">BI", 0, len(request)) + request
    streams = []
    for _ in range(3):
        s = socket.create_connection(("127.0.0.1", port), timeout=30)
        s.sendall(
            f"POST {GAMES}/WatchGame HTTP/1.1\r\nHost: a\r\nContent-Type: application/grpc-web+proto\r\n"
            f"Content-Length: {len(framed)}\r\n\r\n".encode()
            + framed
        )
        assert s.recv(65536).startswith(b"HTTP/1.1 200")
        streams.append(s)
    time.sleep(0.5)
    assert server.stop(signal.SIGTERM) == 0
    for s in streams:
        rest = b""
        try:
            while chunk := s.recv(65536):
                rest += chunk
        except OSError:
            pass
        s.close()
        assert b"grpc-status:14" in rest.replace(b" ", b""), rest[-300:]  # UNAVAILABLE: the page resumes
    output = server.output()
    assert " ERROR " not in output and "Traceback" not in output, output[-3000:]
