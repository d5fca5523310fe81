"""A deliberately plain gRPC-Web caller for tests: frames written and read by hand, over urllib.

It shares no code with the server's gRPC-Web stack, so a test that passes through it checks the wire
format itself (PROTOCOL-WEB.md: 1 flag byte, 4 length bytes, message; a final frame with flag 0x80
holding the trailers as HTTP header lines).
"""

from __future__ import annotations

import base64
import http.client
import struct
import urllib.parse
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from google.protobuf import any_pb2
from google.rpc import error_details_pb2, status_pb2


@dataclass
class WebReply:
    http_status: int
    headers: dict[str, str]
    messages: list[bytes] = field(default_factory=list)
    trailers: dict[str, str] = field(default_factory=dict)

    @property
    def code(self) -> int | None:
        """The grpc-status number (0 = OK), from the trailers (or the headers of a trailers-only answer)."""
        value = self.trailers.get("grpc-status", self.headers.get("grpc-status"))
        return None if value is None else int(value)

    @property
    def message(self) -> str:
        return urllib.parse.unquote(self.trailers.get("grpc-message", self.headers.get("grpc-message", "")))

    @property
    def reason(self) -> str | None:
        """The google.rpc.ErrorInfo reason in grpc-status-details-bin, if any."""
        raw = self.trailers.get("grpc-status-details-bin", self.headers.get("grpc-status-details-bin"))
        if not raw:
            return None
        status = status_pb2.Status.FromString(base64.b64decode(raw + "=" * (-len(raw) % 4)))
        return reason_of(status.details)


def reason_of(details: Sequence[any_pb2.Any]) -> str | None:
    for detail in details:
        info = error_details_pb2.ErrorInfo()
        if detail.Unpack(info):
            return info.reason
    return None


def frame(message: bytes, flags: int = 0) -> bytes:
    return struct.pack(">BI", flags, len(message)) + message


def parse_frames(body: bytes) -> Iterator[tuple[int, bytes]]:
    at = 0
    while at + 5 <= len(body):
        flags, length = struct.unpack(">BI", body[at : at + 5])
        yield flags, body[at + 5 : at + 5 + length]
        at += 5 + length


def call(
    port: int,
    path: str,
    message: bytes,
    metadata: Sequence[tuple[str, str]] = (),
    text: bool = False,
    raw_body: bytes | None = None,
    timeout: float = 20,
    deadline_ms: int | None = None,
) -> WebReply:
    """POST one request; read the whole answer (a stream's messages too, until its trailers)."""
    body = raw_body if raw_body is not None else frame(message)
    content_type = "application/grpc-web-text" if text else "application/grpc-web+proto"
    if text and raw_body is None:
        body = base64.b64encode(body)
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        headers = {"content-type": content_type, "x-grpc-web": "1", **dict(metadata)}
        if deadline_ms is not None:
            headers["grpc-timeout"] = f"{deadline_ms}m"
        connection.request("POST", path, body=body, headers=headers)
        response = connection.getresponse()
        data = response.read()
        reply = WebReply(response.status, {k.lower(): v for k, v in response.getheaders()})
    finally:
        connection.close()
    if text and reply.http_status == 200:
        data = _decode_text(data)
    for flags, payload in parse_frames(data):
        if flags & 0x80:
            for line in payload.decode().split("\r\n"):
                if ":" in line:
                    key, _, value = line.partition(":")
                    reply.trailers[key.strip().lower()] = value.strip()
        else:
            reply.messages.append(payload)
    return reply


def _decode_text(data: bytes) -> bytes:
    """grpc-web-text: base64 chunks, each padded on its own, concatenated."""
    out = bytearray()
    for chunk in data.replace(b"\r", b"").replace(b"\n", b"").split(b"="):
        if chunk:
            out += base64.b64decode(chunk + b"=" * (-len(chunk) % 4))
    return bytes(out)
