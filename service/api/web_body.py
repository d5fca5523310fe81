"""The body of one RPC request on the web port, checked before connectrpc decodes anything (issue 33, F1, F5, F6).

A limit per wire (what one max-size message can need: framed, bare, or base64 of it), checked against the
Content-Length and then the bytes as they arrive, so an oversized body is never buffered or decoded;
grpc-web-text decoded as it arrives; plain gRPC (HTTP/2 only) refused with a pointer to the gRPC port.
"""

from __future__ import annotations

import base64
import binascii
import urllib.parse
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, cast

from connectrpc.code import Code
from connectrpc.errors import ConnectError

_TEXT = "application/grpc-web-text"
_BODY_HEADERS = (b"content-type", b"content-length")

_GRPC_REFUSED = (
    "this is the web port (gRPC-Web and Connect over HTTP/1.1); send gRPC (application/grpc) to the gRPC port "
    "(--port, 50051 by default)"
)


@dataclass(frozen=True)
class _Wire:
    """What the body of one RPC request is, by its content type (as connectrpc reads it)."""

    text: bool  # grpc-web-text: base64 of the binary framing
    framed: bool  # 5-byte-framed messages (gRPC-Web, Connect streams), not one bare message (Connect unary)
    encoding_header: str  # the header naming the frames' compression

    def limit(self, max_message: int) -> int:
        """The longest body that one max-size message can need on this wire (a call carries one message)."""
        binary = max_message + 5 if self.framed else max_message
        return 4 * -(-binary // 3) if self.text else binary


def _wire(content_type: str) -> _Wire | None:
    """None: plain gRPC, which needs HTTP/2 trailers and belongs on the gRPC port."""
    if content_type.startswith(_TEXT):
        return _Wire(text=True, framed=True, encoding_header="grpc-encoding")
    if content_type.startswith("application/grpc-web"):
        return _Wire(text=False, framed=True, encoding_header="grpc-encoding")
    if content_type.lower().startswith("application/grpc"):
        return None
    if content_type.startswith("application/connect+"):
        return _Wire(text=False, framed=True, encoding_header="connect-content-encoding")
    return _Wire(text=False, framed=False, encoding_header="content-encoding")


class _RequestBody:
    """The body of one RPC request as connectrpc reads it, checked before anything is decoded.

    The size limit applies to the bytes as they arrive (the Content-Length first, when there is one),
    so an oversized body is refused, RESOURCE_EXHAUSTED, without being buffered or base64-decoded;
    grpc-web-text is decoded as it arrives; a frame flagged compressed without an encoding named is
    refused as INVALID_ARGUMENT (connectrpc calls that INTERNAL). An error raised here reaches
    connectrpc from its read, so it answers in the caller's protocol.
    """

    def __init__(self, receive: Any, wire: _Wire, headers: dict[bytes, bytes], max_message: int) -> None:
        self._receive = receive
        self._wire = wire
        self._max = max_message
        self._limit = wire.limit(max_message)
        declared = headers.get(b"content-length", b"")
        self._declared = int(declared) if declared.isdigit() else None
        self.complete = self._declared == 0 or (self._declared is None and b"transfer-encoding" not in headers)
        encoding = headers.get(wire.encoding_header.encode(), b"identity").strip().lower()
        self._compression = encoding not in (b"", b"identity")
        self._read = 0
        self._carry = b""  # base64 not yet a whole quad
        self._padded = False
        self._head = bytearray()  # a frame header still arriving
        self._skip = 0  # bytes left of the current frame's message
        self._frames = 0

    async def __call__(self) -> dict[str, Any]:
        if self._declared is not None and self._declared > self._limit:
            raise self._too_large()
        message = cast(dict[str, Any], await self._receive())
        if message["type"] != "http.request" or self.complete:
            return message
        chunk: bytes = message.get("body", b"")
        self._read += len(chunk)
        if self._read > self._limit:
            raise self._too_large()
        more = bool(message.get("more_body"))
        if self._wire.text:
            chunk = self._decode(chunk, more)
        if self._wire.framed:
            self._scan(chunk)
        self.complete = not more
        return {"type": "http.request", "body": chunk, "more_body": more}

    def _too_large(self) -> ConnectError:
        return ConnectError(Code.RESOURCE_EXHAUSTED, f"the request is larger than the limit of {self._max} bytes")

    def _decode(self, chunk: bytes, more: bool) -> bytes:
        data = self._carry + chunk
        whole = len(data) - len(data) % 4 if more else len(data)
        data, self._carry = data[:whole], data[whole:]
        if not data:
            return b""
        if self._padded:  # strict, as before: one base64 text, its padding only at its end
            raise _not_base64()
        try:
            decoded = base64.b64decode(data, validate=True)
        except (binascii.Error, ValueError):
            raise _not_base64() from None
        self._padded = data.endswith(b"=")
        return decoded

    def _scan(self, data: bytes) -> None:
        """Walk the frame headers; two are enough, as connectrpc refuses a second message of a call."""
        at = 0
        while at < len(data) and self._frames < 2:
            if self._skip:
                step = min(self._skip, len(data) - at)
                self._skip -= step
                at += step
                continue
            need = 5 - len(self._head)
            self._head += data[at : at + need]
            at += need
            if len(self._head) < 5:
                return
            flags = self._head[0]
            if flags == 1 and not self._compression:  # other flags: connectrpc's INVALID_ARGUMENT
                raise ConnectError(
                    Code.INVALID_ARGUMENT,
                    f"the message is flagged compressed but the request has no {self._wire.encoding_header} "
                    "header: send it uncompressed or name its encoding (gzip)",
                )
            self._frames += 1
            self._skip = int.from_bytes(self._head[1:5], "big")
            self._head.clear()


def _not_base64() -> ConnectError:
    return ConnectError(Code.INVALID_ARGUMENT, "the grpc-web-text body is not valid base64")


def rpc_guard(app: Any, max_message: int) -> Callable[..., Any]:
    """In front of connectrpc: plain gRPC refused, every body checked as it is read, grpc-web-text translated.

    An answer sent before the whole body was read closes the connection: the rest is never read.
    """

    async def asgi(scope: dict[str, Any], receive: Any, send: Any) -> None:
        headers = dict(scope.get("headers") or ())
        content_type = headers.get(b"content-type", b"").decode("latin-1")
        wire = _wire(content_type)
        if wire is None:
            await _refuse_grpc(send)
            return
        body = _RequestBody(receive, wire, headers, max_message)

        async def answer(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start" and not body.complete:
                message = {**message, "headers": [*message.get("headers", ()), (b"connection", b"close")]}
            await send(message)

        if not wire.text:
            await app(scope, body, answer)
            return
        suffix = content_type[len(_TEXT) :]
        rewritten = [(k, v) for k, v in scope["headers"] if k not in _BODY_HEADERS]
        rewritten.append((b"content-type", f"application/grpc-web{suffix}".encode()))

        async def encode(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                out = [(k, v) for k, v in message.get("headers", ()) if k.lower() not in _BODY_HEADERS]
                out.append((b"content-type", f"{_TEXT}{suffix}".encode()))
                message = {**message, "headers": out}
            elif message["type"] == "http.response.body" and message.get("body"):
                message = {**message, "body": base64.b64encode(message["body"])}  # each chunk padded on its own
            await answer(message)

        await app({**scope, "headers": rewritten}, body, encode)

    return asgi


async def _refuse_grpc(send: Any) -> None:
    """Plain gRPC over HTTP/1.1 (no trailers): 415, as gRPC's HTTP/2 spec says, and UNIMPLEMENTED in the headers."""
    body = _GRPC_REFUSED.encode()
    headers = [
        (b"content-type", b"text/plain; charset=utf-8"),
        (b"grpc-status", b"12"),
        (b"grpc-message", urllib.parse.quote(_GRPC_REFUSED).encode()),
        (b"content-length", b"%d" % len(body)),
        (b"connection", b"close"),  # its body is not read
    ]
    await send({"type": "http.response.start", "status": 415, "headers": headers})
    await send({"type": "http.response.body", "body": body})
