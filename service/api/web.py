"""gRPC-Web (and Connect) on an HTTP port, served from the very servicer objects of the gRPC port.

Browsers cannot speak gRPC (no HTTP/2 trailers from fetch), so the server also
answers gRPC-Web, binary and text, unary and server streaming, on `--web-port`.
The protocol work (framing, trailers, status and error details, timeouts,
message-size limits) is connectrpc's (`ConnectASGIApplication`), served by
uvicorn; this module only adapts each call to the grpcio handler the gRPC port
would run: the same servicer, wrapped by the same telemetry interceptor, given a
`grpc.ServicerContext` built from the HTTP request, fed the message bytes to
decode with the handler's own deserializer. So auth, ErrorInfo reasons, status
codes (undecodable bytes included), caps, `x-request-id`, the access log and the
`grpc_server_*` metrics are one code path for both ports.

The servicers are synchronous (they block on the store), so each call runs on a
worker thread; a server stream pulls one message at a time from its generator on
a thread of its own pool, and a client that disconnects makes the context
inactive, which ends the stream at its next poll (`WatchGame` polls every second).

Here: the HTTP application (codecs, grpc-web-text, static files, CORS) and the server thread;
web_context.py holds the ServicerContext of a call, web_calls.py the running of calls.
"""

from __future__ import annotations

import asyncio
import base64
import binascii
import json
import logging
import re
import socket
import ssl
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

import uvicorn
from connectrpc.server import ConnectASGIApplication
from google.protobuf import json_format, message
from starlette.exceptions import HTTPException
from starlette.middleware.cors import CORSMiddleware
from starlette.staticfiles import StaticFiles

from service.api.web_calls import Calls, Encoded, HandlerRegistry, Limits
from service.api.web_context import STATUS_DETAILS

# Request headers a browser client sends and response headers it must be allowed to read (CORS).
ALLOW_HEADERS = (
    "authorization",
    "content-type",
    "x-grpc-web",
    "x-user-agent",
    "grpc-timeout",
    "x-request-id",
    "connect-protocol-version",
    "connect-timeout-ms",
)
EXPOSE_HEADERS = ("grpc-status", "grpc-message", STATUS_DETAILS, "x-request-id")


# Bytes no message type can parse (a field header whose varint never ends): JSON that is no valid
# request becomes this, so the handler refuses it exactly as it refuses undecodable binary.
_UNPARSABLE = b"\x08\x80"


class BinaryCodec:
    """connectrpc's "proto" codec, minus the parsing: the bytes go to the gRPC handler's own deserializer."""

    def name(self) -> str:
        return "proto"

    def encode(self, message: Encoded) -> bytes:
        return message.data

    def decode(self, data: bytes | bytearray, message_class: type[Any]) -> bytes:
        return bytes(data)


class JsonCodec:
    """Connect's JSON (curl-friendly): JSON to message bytes on the way in, message bytes to JSON on the way out."""

    def name(self) -> str:
        return "json"

    def encode(self, message: Encoded) -> bytes:
        parsed = message.message_class.FromString(message.data)
        return json_format.MessageToJson(parsed, indent=None).encode()

    def decode(self, data: bytes | bytearray, message_class: type[Any]) -> bytes:
        try:
            parsed: message.Message = json_format.Parse(bytes(data), message_class())
        except (json_format.ParseError, ValueError, UnicodeDecodeError):
            return _UNPARSABLE
        return parsed.SerializeToString()


class _RpcApp(ConnectASGIApplication[None]):
    """connectrpc's ASGI app for our endpoints (its generated-code base class, fed by hand)."""

    @property
    def path(self) -> str:
        return ""


_RPC_PATH = re.compile(r"^/[A-Za-z_][\w.]*\.[A-Za-z_]\w*/[A-Za-z_]\w*$")
_TEXT = "application/grpc-web-text"
_BODY_HEADERS = (b"content-type", b"content-length")


def grpc_web_text(app: Any) -> Any:
    """grpc-web-text (base64 of the binary framing, for old clients) in front of connectrpc, which speaks binary."""

    async def asgi(scope: dict[str, Any], receive: Any, send: Any) -> None:
        headers = dict(scope.get("headers") or ())
        content_type = headers.get(b"content-type", b"").decode("latin-1")
        if scope["type"] != "http" or not content_type.startswith(_TEXT):
            await app(scope, receive, send)
            return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":
                break
            body += message.get("body", b"")
            if not message.get("more_body"):
                break
        try:
            raw = base64.b64decode(bytes(body), validate=True)
        except (binascii.Error, ValueError):
            raw = b"\x00\x00\x00\x00\x01\xff"  # a frame that cannot hold its message: INVALID_ARGUMENT below
        suffix = content_type[len(_TEXT) :]
        rewritten = [(k, v) for k, v in scope["headers"] if k not in _BODY_HEADERS]
        binary = f"application/grpc-web{suffix}".encode()
        rewritten += [(b"content-type", binary), (b"content-length", b"%d" % len(raw))]
        sent = False

        async def replay() -> dict[str, Any]:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": raw, "more_body": False}
            return cast(dict[str, Any], await receive())

        async def encode(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                out = [(k, v) for k, v in message.get("headers", ()) if k.lower() not in _BODY_HEADERS]
                out.append((b"content-type", f"{_TEXT}{suffix}".encode()))
                message = {**message, "headers": out}
            elif message["type"] == "http.response.body" and message.get("body"):
                message = {**message, "body": base64.b64encode(message["body"])}  # each chunk padded on its own
            await send(message)

        await app({**scope, "headers": rewritten}, replay, encode)

    return asgi


def web_app(
    calls: Calls, limits: Limits, origins: Sequence[str] = (), web_root: Path | None = None
) -> Callable[..., Any]:
    """RPC paths go to connectrpc; anything else is the web app's static files (or a plain 404)."""
    endpoints = calls.endpoints()
    rpc = grpc_web_text(
        _RpcApp(
            service=None,
            endpoints=lambda _svc: endpoints,
            read_max_bytes=limits.max_receive_bytes,
            codecs=[BinaryCodec(), JsonCodec()],
        )
    )
    static = StaticFiles(directory=web_root, html=True, check_dir=False) if web_root and web_root.is_dir() else None

    async def app(scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return  # lifespan is off; websockets are not served
        path = scope.get("path", "")
        if path in endpoints or _RPC_PATH.match(path):
            if not _headers_are_text(scope):  # connectrpc would fail decoding them: a traceback and a 500
                await _refuse_headers(scope, send)
                return
            await rpc(scope, receive, send)  # an unknown method gets connectrpc's 404
        elif static is not None and scope["method"] in ("GET", "HEAD"):
            try:
                await static(scope, receive, send)
            except HTTPException as missing:  # starlette's 404/405 outside a Starlette app: answer it plainly
                await _plain(send, missing.status_code, missing.detail)
        else:
            await _plain(send, 404, "not found")

    if not origins:
        return app
    return CORSMiddleware(
        cast(Any, app),
        allow_origins=list(origins),
        allow_methods=["POST", "GET", "OPTIONS"],
        allow_headers=list(ALLOW_HEADERS),
        expose_headers=list(EXPOSE_HEADERS),
        max_age=600,
    )


def _headers_are_text(scope: dict[str, Any]) -> bool:
    try:
        for key, value in scope.get("headers", ()):
            key.decode()
            value.decode()
    except UnicodeDecodeError:
        return False
    return True


_BAD_HEADERS = "request headers must be UTF-8 text"


async def _refuse_headers(scope: dict[str, Any], send: Any) -> None:
    """INVALID_ARGUMENT in the caller's protocol: gRPC-Web's trailers-only answer, or Connect's JSON error."""
    content_type = next((v for k, v in scope.get("headers", ()) if k.lower() == b"content-type"), b"")
    if content_type.startswith(b"application/grpc-web"):
        headers = [
            (b"content-type", content_type.split(b";")[0]),
            (b"grpc-status", b"3"),
            (b"grpc-message", _BAD_HEADERS.replace(" ", "%20").encode()),
            (b"content-length", b"0"),
        ]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b""})
        return
    body = json.dumps({"code": "invalid_argument", "message": _BAD_HEADERS}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 400,
            "headers": [(b"content-type", b"application/json"), (b"content-length", b"%d" % len(body))],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def _plain(send: Any, status: int, text: str) -> None:
    body = text.encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", b"%d" % len(body))],
        }
    )
    await send({"type": "http.response.body", "body": body})


# --- the server thread ---------------------------------------------------------------------------
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
        reuse_port: bool = False,  # sibling worker processes share the port (service/workers.py)
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
        config = uvicorn.Config(
            app,
            lifespan="off",
            access_log=False,
            log_config=None,
            http="httptools",
            ws="none",
            timeout_keep_alive=30,
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
        """Stop taking connections, end open streams, let running calls finish within grace."""
        self._server.config.timeout_graceful_shutdown = max(1, int(grace))
        self._calls.close()
        self._server.should_exit = True
        self._thread.join(timeout=grace + 5)
        self._socket.close()


__all__ = ["Calls", "HandlerRegistry", "Limits", "TLSFiles", "WebServer", "web_app"]
