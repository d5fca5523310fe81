"""The web port's server: uvicorn on its own thread and event loop, guarded against slow and bloated clients."""

from __future__ import annotations

import asyncio
import logging
import math
import socket
import ssl
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import uvicorn
from uvicorn.protocols.http.httptools_impl import STATUS_LINE, HttpToolsProtocol

from service.api.web_calls import Calls

# On every answer of the web port, files and RPCs alike. The built app is one module script and one
# stylesheet from /assets (no inline script or style, no eval), and it calls only its own origin.
CONTENT_SECURITY_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'"
)
SECURITY_HEADERS = (
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)

# --- the server thread ---------------------------------------------------------------------------
# Against clients that are slow or bloated on purpose (slowloris). Module settings, read when a WebServer
# is made, so a test can shorten them.
HEADER_TIMEOUT_S = 10.0  # a request head must arrive whole within this (from the connection or its first byte)
BODY_IDLE_TIMEOUT_S = 10.0  # a request body that stops arriving for this long is dropped
KEEP_ALIVE_S = 30  # a connection idle between requests is closed (uvicorn's timeout_keep_alive)
MAX_HEAD_BYTES = 64 * 1024  # request line and headers together
STREAM_END_S = 2  # on stop: a stream notices its ended context at its next poll (WatchGame: within a second)


class _GuardedHttpTools(HttpToolsProtocol):
    """uvicorn's httptools protocol plus the limits it lacks: its only timer is keep-alive, armed after an
    answer, so a connection that sent a partial head (or nothing, or half a body) was held for good; and
    httptools buffers a header of any length. One timer per connection: the head's, then the body's."""

    header_timeout: float  # set by _guarded_protocol
    body_idle_timeout: float
    max_head_bytes: int

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._timer: asyncio.TimerHandle | None = None
        self._in_head = True
        self._head_bytes = 0
        self._refused = False
        self._arm(self.header_timeout, 408, "the request head did not arrive in time")

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._refused:
            return
        super().data_received(data)
        if self._in_head:  # all of this data was head (the head is still not whole): count it
            self._head_bytes += len(data)
            if self._head_bytes > self.max_head_bytes and not self._refused:
                self._refuse(431, "the request head is too large")

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._in_head = True
        self._head_bytes = 0
        if self._timer is None:  # the next request on a kept-alive connection: its clock starts now
            self._arm(self.header_timeout, 408, "the request head did not arrive in time")

    def on_headers_complete(self) -> None:
        self._in_head = False
        self._arm(self.body_idle_timeout, 408, "the request body stopped arriving")  # off again if none follows
        super().on_headers_complete()

    def on_body(self, body: bytes) -> None:
        self._arm(self.body_idle_timeout, 408, "the request body stopped arriving")
        super().on_body(body)

    def on_message_complete(self) -> None:
        self._disarm()
        super().on_message_complete()

    def _arm(self, seconds: float, status: int, reason: str) -> None:
        self._disarm()
        self._timer = self.loop.call_later(seconds, self._refuse, status, reason)

    def _disarm(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None

    def _refuse(self, status: int, reason: str) -> None:
        """Say why (when no answer is under way on the connection) and hang up; nothing more is parsed."""
        self._refused = True
        self._disarm()
        if self.transport.is_closing():
            return
        if self.cycle is None or not self.cycle.response_started:
            text = reason.encode()
            head = [STATUS_LINE[status], b"content-type: text/plain; charset=utf-8\r\n"]
            head += [b"%s: %s\r\n" % header for header in SECURITY_HEADERS]
            head.append(b"content-length: %d\r\nconnection: close\r\n\r\n" % len(text))
            self.transport.write(b"".join(head) + text)
        self.transport.close()


def _guarded_protocol(header_timeout: float, body_idle_timeout: float) -> type[_GuardedHttpTools]:
    """The protocol class uvicorn makes per connection (it passes no settings of ours to it)."""
    attributes = {
        "header_timeout": header_timeout,
        "body_idle_timeout": body_idle_timeout,
        "max_head_bytes": MAX_HEAD_BYTES,
    }
    return type("GuardedHttpTools", (_GuardedHttpTools,), attributes)


@dataclass(frozen=True)
class TLSFiles:
    cert: str
    key: str
    client_ca: str | None = None


class WebServer:
    """uvicorn on its own thread and event loop, on a socket bound here (so a busy port fails at start)."""

    def __init__(
        self,
        app: Callable[..., Any],
        calls: Calls,
        host: str,
        port: int,
        tls: TLSFiles | None = None,
        reuse_port: bool = False,  # sibling worker processes share the port (service/processes.py)
        header_timeout: float | None = None,  # HEADER_TIMEOUT_S
        body_idle_timeout: float | None = None,  # BODY_IDLE_TIMEOUT_S
        keep_alive: int | None = None,  # KEEP_ALIVE_S
    ) -> None:
        self._calls = calls
        family = socket.AF_INET6 if ":" in host else socket.AF_INET
        # IPPROTO_TCP, not 0: asyncio sets TCP_NODELAY only on sockets that say so, and without it a
        # response's trailer frame waits ~40 ms on a kept-alive connection (Nagle meets delayed ACKs).
        self._socket = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
        self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if reuse_port:
            self._socket.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
        try:
            self._socket.bind((host, port))
        except OSError as exc:
            self._socket.close()
            raise OSError(f"cannot listen on {host}:{port} (--web-port): {exc.strerror or exc}") from None
        self._socket.listen(512)
        self.port = int(self._socket.getsockname()[1])
        protocol = _guarded_protocol(
            HEADER_TIMEOUT_S if header_timeout is None else header_timeout,
            BODY_IDLE_TIMEOUT_S if body_idle_timeout is None else body_idle_timeout,
        )
        config = uvicorn.Config(
            app,
            lifespan="off",
            access_log=False,
            log_config=None,
            http=protocol,
            ws="none",
            timeout_keep_alive=KEEP_ALIVE_S if keep_alive is None else keep_alive,
            timeout_graceful_shutdown=5,
            server_header=False,
            # The web port carries the same tokens as the gRPC port: it speaks TLS whenever that one does.
            ssl_certfile=tls.cert if tls else None,
            ssl_keyfile=tls.key if tls else None,
            ssl_ca_certs=tls.client_ca if tls else None,
            ssl_cert_reqs=ssl.CERT_REQUIRED if tls and tls.client_ca else ssl.CERT_NONE,
        )
        self._server = uvicorn.Server(config)
        logging.getLogger("uvicorn.error").setLevel(logging.WARNING)  # our own line says where we serve
        self._thread = threading.Thread(target=self._serve, name="web", daemon=True)

    def _serve(self) -> None:
        asyncio.run(self._server.serve(sockets=[self._socket]))

    def start(self) -> None:
        self._thread.start()
        deadline = time.monotonic() + 10
        while not self._server.started and self._thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.01)
        if not self._server.started:
            raise OSError(f"the web port {self.port} did not start")

    def stop(self, grace: float) -> None:
        """Stop taking connections and calls, end open streams, let running calls finish within grace.

        The worker pools shut down only once uvicorn's loop has ended: a stream still winding down
        schedules its last steps on them (before, that raised "cannot schedule new futures after shutdown").
        """
        # Even on a short grace the streams get time to end: past it uvicorn cancels them and logs an ERROR.
        self._server.config.timeout_graceful_shutdown = max(STREAM_END_S, math.ceil(grace))
        self._calls.stop()
        self._server.should_exit = True
        self._thread.join(timeout=max(STREAM_END_S, grace) + 5)
        self._calls.close()
        self._socket.close()


__all__ = ["TLSFiles", "WebServer"]
