"""gRPC-Web (and Connect) on an HTTP port, served from the very servicer objects of the gRPC port.

Browsers cannot speak gRPC (no HTTP/2 trailers from fetch), so the server also
answers gRPC-Web, binary and text, unary and server streaming, on `--web-port`.
The protocol work (framing, trailers, status and error details, timeouts) is
connectrpc's (`ConnectASGIApplication`), served by uvicorn; this module checks
each request body before connectrpc decodes it, and adapts each call to the
grpcio handler the gRPC port would run: the same servicer, wrapped by the same telemetry interceptor, given a
`grpc.ServicerContext` built from the HTTP request, fed the message bytes to
decode with the handler's own deserializer. So auth, ErrorInfo reasons, status
codes (undecodable bytes included), caps, `x-request-id`, the access log and the
`grpc_server_*` metrics are one code path for both ports.

The servicers are synchronous (they block on the store), so each call runs on a
worker thread; a server stream pulls one message at a time from its generator on
a thread of its own pool, and a client that disconnects makes the context
inactive, which ends the stream at its next poll (`WatchGame` polls every second).

Here: the HTTP application (codecs, static files, CORS, security headers); web_body.py checks each RPC
body before connectrpc decodes it (limits, grpc-web-text, plain gRPC refused); web_server.py is the
server thread (uvicorn with head and body timeouts); web_context.py holds the ServicerContext of a
call, web_calls.py the running of calls.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, cast

from connectrpc.server import ConnectASGIApplication
from google.protobuf import json_format, message
from starlette.exceptions import HTTPException
from starlette.middleware.cors import CORSMiddleware
from starlette.staticfiles import StaticFiles

from service.api.web_body import rpc_guard
from service.api.web_calls import Calls, Encoded, HandlerRegistry, Limits
from service.api.web_context import STATUS_DETAILS
from service.api.web_server import SECURITY_HEADERS, TLSFiles, WebServer

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


def secured(app: Any) -> Callable[..., Any]:
    """The security headers on every answer (a header the answer sets itself is kept)."""

    async def asgi(scope: dict[str, Any], receive: Any, send: Any) -> None:
        async def with_headers(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", ()))
                present = {k.lower() for k, _ in headers}
                headers += [(k, v) for k, v in SECURITY_HEADERS if k not in present]
                message = {**message, "headers": headers}
            await send(message)

        await app(scope, receive, with_headers)

    return asgi


def web_app(
    calls: Calls, limits: Limits, origins: Sequence[str] = (), web_root: Path | None = None
) -> Callable[..., Any]:
    """RPC paths go to connectrpc; anything else is the web app's static files (or a plain 404)."""
    endpoints = calls.endpoints()
    rpc = rpc_guard(
        _RpcApp(
            service=None,
            endpoints=lambda _svc: endpoints,
            read_max_bytes=limits.max_receive_bytes,
            codecs=[BinaryCodec(), JsonCodec()],
        ),
        limits.max_receive_bytes,
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
        elif static is not None and scope["method"] in ("GET", "HEAD") and not path.lower().endswith(".map"):
            try:  # source maps (a build may leave them) would hand out the app's sources: never served
                await static(scope, receive, send)
            except HTTPException as missing:  # starlette's 404/405 outside a Starlette app: answer it plainly
                await _plain(send, missing.status_code, missing.detail)
        else:
            await _plain(send, 404, "not found")

    if not origins:
        return secured(app)
    return secured(
        CORSMiddleware(
            cast(Any, app),
            allow_origins=list(origins),
            allow_methods=["POST", "GET", "OPTIONS"],
            allow_headers=list(ALLOW_HEADERS),
            expose_headers=list(EXPOSE_HEADERS),
            max_age=600,
        )
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
            (b"connection", b"close"),  # its body is not read
        ]
        await send({"type": "http.response.start", "status": 200, "headers": headers})
        await send({"type": "http.response.body", "body": b""})
        return
    body = json.dumps({"code": "invalid_argument", "message": _BAD_HEADERS}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 400,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", b"%d" % len(body)),
                (b"connection", b"close"),
            ],
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


__all__ = ["Calls", "HandlerRegistry", "Limits", "TLSFiles", "WebServer", "web_app"]
