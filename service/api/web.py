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

import base64
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, cast

from connectrpc.server import ConnectASGIApplication
from google.protobuf import json_format, message
from google.rpc import error_details_pb2
from playledger.v1 import games_pb2
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
        return json.dumps(json_of(parsed), separators=(",", ":"), ensure_ascii=False).encode()

    def decode(self, data: bytes | bytearray, message_class: type[Any]) -> bytes:
        try:
            parsed: message.Message = json_format.Parse(bytes(data), message_class())
        except (json_format.ParseError, ValueError, UnicodeDecodeError):
            return _UNPARSABLE
        return parsed.SerializeToString()


_DYNAMIC = frozenset({"google.protobuf.Struct", "google.protobuf.Value", "google.protobuf.ListValue"})


def json_of(msg: message.Message) -> Any:
    """A message as Connect's JSON, except that a whole number inside a Struct (views, event data, args) stays an
    integer: protobuf keeps every Struct number as a double and prints 5 as 5.0, which clients without the
    schema cannot tell from a real fraction. Numbers of typed fields (ratings are doubles) are left alone."""
    return _integral(json_format.MessageToDict(msg), msg.DESCRIPTOR)


def _integral(value: Any, descriptor: Any) -> Any:
    """Walk a MessageToDict result beside its descriptor, rounding whole numbers only under Struct fields."""
    if descriptor.full_name in _DYNAMIC:
        return _whole(value)
    if not isinstance(value, dict):
        return value
    for field in descriptor.fields:
        if field.message_type is None or field.json_name not in value:
            continue
        inner = value[field.json_name]
        if field.message_type.GetOptions().map_entry:
            item = field.message_type.fields_by_name["value"]
            if item.message_type is not None:
                value[field.json_name] = {k: _integral(v, item.message_type) for k, v in inner.items()}
        elif isinstance(inner, list):
            value[field.json_name] = [_integral(v, field.message_type) for v in inner]
        else:
            value[field.json_name] = _integral(inner, field.message_type)
    return value


def _whole(value: Any) -> Any:
    if isinstance(value, float) and value.is_integer() and abs(value) <= 2**53:
        return int(value)
    if isinstance(value, dict):
        return {k: _whole(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_whole(v) for v in value]
    return value


class _RpcApp(ConnectASGIApplication[None]):
    """connectrpc's ASGI app for our endpoints (its generated-code base class, fed by hand)."""

    @property
    def path(self) -> str:
        return ""


_RPC_PATH = re.compile(r"^/[A-Za-z_][\w.]*\.[A-Za-z_]\w*/[A-Za-z_]\w*$")


# Error details a JSON client can read as JSON ("debug", beside the base64 "value" the Connect protocol requires).
_READABLE: dict[str, type[message.Message]] = {
    "google.rpc.ErrorInfo": error_details_pb2.ErrorInfo,
    "google.rpc.BadRequest": error_details_pb2.BadRequest,
    "playledger.v1.Receipt": games_pb2.Receipt,
}


def readable_errors(app: Any) -> Callable[..., Any]:
    """A Connect JSON error (a non-200 application/json answer) with each detail's JSON form as its "debug": a
    curl client reads the reason, its metadata and the bad fields without decoding protobuf."""

    async def asgi(scope: dict[str, Any], receive: Any, send: Any) -> None:
        start: dict[str, Any] | None = None
        body = bytearray()

        async def rewrite(message: dict[str, Any]) -> None:
            nonlocal start
            if message["type"] == "http.response.start":
                headers = dict(message.get("headers", ()))
                if message["status"] != 200 and headers.get(b"content-type", b"").startswith(b"application/json"):
                    start = message  # held until the body is whole
                    return
            elif start is not None and message["type"] == "http.response.body":
                body.extend(message.get("body", b""))
                if message.get("more_body"):
                    return
                text = _with_debug(bytes(body))
                out = [(k, v) for k, v in start.get("headers", ()) if k.lower() != b"content-length"]
                await send({**start, "headers": [*out, (b"content-length", b"%d" % len(text))]})
                message = {"type": "http.response.body", "body": text}
                start = None
            await send(message)

        await app(scope, receive, rewrite)

    return asgi


def _with_debug(body: bytes) -> bytes:
    try:
        error = json.loads(body)
        for detail in error.get("details") or []:
            kind = _READABLE.get(detail.get("type", ""))
            if kind is not None and "debug" not in detail:
                raw = base64.b64decode(detail["value"] + "=" * (-len(detail["value"]) % 4))
                detail["debug"] = json_format.MessageToDict(kind.FromString(raw))
    except (ValueError, TypeError, AttributeError, KeyError, message.DecodeError):
        return body  # not an error body we know: as it was
    return json.dumps(error, ensure_ascii=False).encode()


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
        return secured(readable_errors(app))
    return secured(
        CORSMiddleware(
            cast(Any, readable_errors(app)),
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
