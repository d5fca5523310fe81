"""A client app's webhook receiver for the tests: an HTTP server on 127.0.0.1 that keeps every POST it gets.

`answers[path]`: the statuses to answer in turn (then 200); a path in `hang` is read and never answered (until
close), like a receiver that accepts a connection and then stalls; a path in `held` is answered once the test
calls `release()`.
"""

from __future__ import annotations

import json
import threading
import time
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass(frozen=True)
class Received:
    path: str
    headers: dict[str, str]
    body: bytes
    at: float

    def json(self) -> dict[str, Any]:
        found: dict[str, Any] = json.loads(self.body)
        return found


class Receiver:
    def __init__(self) -> None:
        self.received: list[Received] = []
        self.answers: dict[str, list[int]] = {}
        self.hang: set[str] = set()
        self.held: set[str] = set()
        self._cv = threading.Condition()
        self._released = threading.Event()
        self._let_go = threading.Event()
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._server.daemon_threads = True
        self._thread = threading.Thread(target=self._server.serve_forever, name="receiver", daemon=True)
        self._thread.start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def at(self, path: str) -> list[Received]:
        with self._cv:
            return [r for r in self.received if r.path == path]

    def wait_for(self, path: str | None, count: int = 1, timeout: float = 10.0) -> list[Received]:
        """The first `count` POSTs to `path` (None: to any), waiting for them as long as `timeout`."""
        deadline = time.monotonic() + timeout
        with self._cv:
            while len(found := [r for r in self.received if path in (None, r.path)]) < count:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"{len(found)} POSTs to {path} in {timeout}s, not {count}: {self.received}")
                self._cv.wait(left)
            return found[:count]

    def release(self) -> None:
        """Answer the held POSTs (and those to come)."""
        self._let_go.set()

    def close(self) -> None:
        self._released.set()
        self._let_go.set()
        self._server.shutdown()
        self._server.server_close()

    def _keep(self, received: Received) -> int | None:
        """Record a POST; the status to answer, or None to stall."""
        with self._cv:
            self.received.append(received)
            self._cv.notify_all()
            if received.path in self.hang:
                return None
            planned = self.answers.get(received.path)
            return planned.pop(0) if planned else 200

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                status = receiver._keep(Received(self.path, dict(self.headers.items()), body, time.monotonic()))
                if status is None:
                    receiver._released.wait()
                    return
                if self.path in receiver.held:
                    receiver._let_go.wait(10)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, format: str, *args: Any) -> None:
                pass  # quiet tests

        return Handler
