"""The grpc.ServicerContext of one gRPC-Web (or Connect) call, built from its HTTP request.

The servicers and the telemetry interceptor read metadata, deadline and peer from it and set the status,
details and trailers on it exactly as on grpc's own context; `error()` turns that status into the error
connectrpc writes, ErrorInfo details and all.
"""

from __future__ import annotations

import base64
import binascii
import threading
import time
from collections.abc import Callable, Sequence
from typing import Any

import grpc
from connectrpc.code import Code
from connectrpc.errors import ConnectError, ErrorDetail
from connectrpc.request import RequestContext
from google.rpc import status_pb2
from protobuf.wkt import Any as ConnectAny

# grpc.StatusCode -> connectrpc Code (the same seventeen codes, spelled differently).
CODES: dict[grpc.StatusCode, Code] = {
    grpc.StatusCode.CANCELLED: Code.CANCELED,
    grpc.StatusCode.UNKNOWN: Code.UNKNOWN,
    grpc.StatusCode.INVALID_ARGUMENT: Code.INVALID_ARGUMENT,
    grpc.StatusCode.DEADLINE_EXCEEDED: Code.DEADLINE_EXCEEDED,
    grpc.StatusCode.NOT_FOUND: Code.NOT_FOUND,
    grpc.StatusCode.ALREADY_EXISTS: Code.ALREADY_EXISTS,
    grpc.StatusCode.PERMISSION_DENIED: Code.PERMISSION_DENIED,
    grpc.StatusCode.RESOURCE_EXHAUSTED: Code.RESOURCE_EXHAUSTED,
    grpc.StatusCode.FAILED_PRECONDITION: Code.FAILED_PRECONDITION,
    grpc.StatusCode.ABORTED: Code.ABORTED,
    grpc.StatusCode.OUT_OF_RANGE: Code.OUT_OF_RANGE,
    grpc.StatusCode.UNIMPLEMENTED: Code.UNIMPLEMENTED,
    grpc.StatusCode.INTERNAL: Code.INTERNAL,
    grpc.StatusCode.UNAVAILABLE: Code.UNAVAILABLE,
    grpc.StatusCode.DATA_LOSS: Code.DATA_LOSS,
    grpc.StatusCode.UNAUTHENTICATED: Code.UNAUTHENTICATED,
}


STATUS_DETAILS = "grpc-status-details-bin"


# HTTP/2-only or hop-by-hop headers that are not call metadata.
_NOT_METADATA = frozenset({"content-type", "content-length", "host", "connection", "accept-encoding", "te"})


class _Abort(ConnectError):
    """A servicer's context.abort(): carries the status the interceptor reads back from the context."""


class WebContext(grpc.ServicerContext):
    """The grpc.ServicerContext our servicers and interceptor use, over one HTTP request."""

    transport = "grpc-web"

    def __init__(self, ctx: RequestContext[Any, Any], timeout: float | None) -> None:
        self._ctx = ctx
        self._deadline = None if timeout is None else time.monotonic() + timeout
        self._metadata = _metadata_of(ctx)
        self._code: grpc.StatusCode | None = None
        self._details: str | None = None
        self._trailing: tuple[tuple[str, str | bytes], ...] = ()
        self._cancelled = threading.Event()
        self._callbacks: list[Callable[[], None]] = []

    # --- what the call carries in ----------------------------------------------------------------
    def invocation_metadata(self) -> tuple[tuple[str, str | bytes], ...]:
        return self._metadata

    def peer(self) -> str:
        address = self._ctx.client_address or "unknown"
        host, _, port = address.rpartition(":")
        return f"ipv6:[{host}]:{port}" if ":" in host else f"ipv4:{address}"

    def time_remaining(self) -> float | None:  # type: ignore[override]  # grpc too answers None without a deadline
        return None if self._deadline is None else max(0.0, self._deadline - time.monotonic())

    def is_active(self) -> bool:
        if self._cancelled.is_set():
            return False
        return self._deadline is None or time.monotonic() < self._deadline

    def cancel(self) -> None:
        """The client went away (or the server stops): streams end at their next poll."""
        if not self._cancelled.is_set():
            self._cancelled.set()
            for callback in self._callbacks:
                callback()

    def add_callback(self, callback: Callable[[], None]) -> bool:
        self._callbacks.append(callback)
        return True

    # --- what the call sends back ----------------------------------------------------------------
    def send_initial_metadata(self, initial_metadata: Sequence[tuple[str, str | bytes]]) -> None:
        for key, value in initial_metadata:
            self._ctx.response_headers[key] = _header_value(key, value)

    def set_trailing_metadata(self, trailing_metadata: Sequence[tuple[str, str | bytes]]) -> None:
        self._trailing = tuple(trailing_metadata)

    def trailing_metadata(self) -> tuple[tuple[str, str | bytes], ...]:
        return self._trailing

    def set_code(self, code: grpc.StatusCode) -> None:
        self._code = code

    def set_details(self, details: str) -> None:
        self._details = details

    def code(self) -> grpc.StatusCode | None:
        return self._code

    def details(self) -> str | None:
        return self._details

    def abort(self, code: grpc.StatusCode, details: str) -> None:  # type: ignore[override]
        self._code, self._details = code, details
        raise self.error()

    def abort_with_status(self, status: grpc.Status) -> None:  # type: ignore[override]
        self._trailing = tuple(status.trailing_metadata or ())
        self.abort(status.code, status.details)

    def error(self) -> ConnectError:
        """The status set on this context as the error connectrpc writes (ErrorInfo and all)."""
        code = self._code or grpc.StatusCode.UNKNOWN
        details: list[ErrorDetail] = []
        for key, value in self._trailing:
            if key == STATUS_DETAILS and isinstance(value, bytes):
                for detail in status_pb2.Status.FromString(value).details:
                    details.append(ErrorDetail(ConnectAny(type_url=detail.type_url, value=detail.value)))
        return _Abort(CODES.get(code, Code.UNKNOWN), self._details or "", details)

    # --- grpc API the servicers never use here ---------------------------------------------------
    def peer_identities(self) -> None:
        return None

    def peer_identity_key(self) -> None:
        return None

    def auth_context(self) -> dict[str, bytes]:
        return {}

    def set_compression(self, compression: grpc.Compression) -> None:
        pass

    def disable_next_message_compression(self) -> None:
        pass


def _metadata_of(ctx: RequestContext[Any, Any]) -> tuple[tuple[str, str | bytes], ...]:
    """HTTP request headers as gRPC call metadata (binary `-bin` headers are base64 on the wire)."""
    out: list[tuple[str, str | bytes]] = []
    for key, value in ctx.request_headers.allitems():
        key = key.lower()
        if key in _NOT_METADATA or key.startswith(("grpc-", "connect-", ":")):
            continue
        if key.endswith("-bin"):
            try:
                out.append((key, base64.b64decode(value + "=" * (-len(value) % 4))))
            except (binascii.Error, ValueError):
                continue  # undecodable binary metadata: dropped, as grpc would refuse it
        else:
            out.append((key, value))
    return tuple(out)


def _header_value(key: str, value: str | bytes) -> str:
    if isinstance(value, bytes):
        return base64.b64encode(value).decode().rstrip("=") if key.endswith("-bin") else value.decode()
    return value
