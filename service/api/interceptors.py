"""One server interceptor for telemetry: request ids, the access log, and the gRPC RED metrics.

For every call to a registered method it
- takes the caller's `x-request-id` (or makes one), echoes it in the initial
  metadata (with `x-playledger-worker`, the index of the worker process that answers,
  under --processes N), and sets it for every log record written while the call runs;
- counts grpc_server_started_total / handled_total / msg_received_total /
  msg_sent_total and observes grpc_server_handling_seconds (go-grpc-prometheus
  names, labels and CamelCase code names, so the usual dashboards work);
- counts playledger_rejections_total by the ErrorInfo reason the servicer sent;
- logs one access line: DEBUG when OK, INFO for a caller's mistake, WARNING when
  the server is overloaded or its store is down, ERROR with the traceback for a bug.
Calls to methods nobody registered are answered UNIMPLEMENTED by grpc and not
counted, so a caller cannot mint new label values.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import time
import uuid
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import grpc
from google.protobuf import message
from google.rpc import error_details_pb2, status_pb2

from service.api import metrics, validate
from service.api.errors import rich_status
from service.api.logs import REQUEST_ID, RateLimit

access = logging.getLogger("playledger.access")

REQUEST_ID_HEADER = "x-request-id"
# Which worker of a --processes N server answered (service/processes.py sets the index): for operators and tests.
WORKER_HEADER = "x-playledger-worker"
SERVED_BY: tuple[tuple[str, str], ...] = (
    ((WORKER_HEADER, os.environ["PLAYLEDGER_WORKER_INDEX"]),) if "PLAYLEDGER_WORKER_INDEX" in os.environ else ()
)
_REQUEST_ID = re.compile(r"^[A-Za-z0-9._:@/+=-]{1,128}$")
WATCH_METHODS = frozenset({"/playledger.v1.GameService/WatchGame"})

# grpc-go's code names (codes.Code.String()): what go-grpc-prometheus puts in grpc_code.
CODE_NAMES: dict[grpc.StatusCode, str] = {
    grpc.StatusCode.OK: "OK",
    grpc.StatusCode.CANCELLED: "Canceled",
    grpc.StatusCode.UNKNOWN: "Unknown",
    grpc.StatusCode.INVALID_ARGUMENT: "InvalidArgument",
    grpc.StatusCode.DEADLINE_EXCEEDED: "DeadlineExceeded",
    grpc.StatusCode.NOT_FOUND: "NotFound",
    grpc.StatusCode.ALREADY_EXISTS: "AlreadyExists",
    grpc.StatusCode.PERMISSION_DENIED: "PermissionDenied",
    grpc.StatusCode.RESOURCE_EXHAUSTED: "ResourceExhausted",
    grpc.StatusCode.FAILED_PRECONDITION: "FailedPrecondition",
    grpc.StatusCode.ABORTED: "Aborted",
    grpc.StatusCode.OUT_OF_RANGE: "OutOfRange",
    grpc.StatusCode.UNIMPLEMENTED: "Unimplemented",
    grpc.StatusCode.INTERNAL: "Internal",
    grpc.StatusCode.UNAVAILABLE: "Unavailable",
    grpc.StatusCode.DATA_LOSS: "DataLoss",
    grpc.StatusCode.UNAUTHENTICATED: "Unauthenticated",
}
SERVER_TROUBLE = {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.RESOURCE_EXHAUSTED, grpc.StatusCode.DEADLINE_EXCEEDED}
BUGS = {grpc.StatusCode.UNKNOWN, grpc.StatusCode.INTERNAL, grpc.StatusCode.DATA_LOSS}
ACCESS_LIMIT_WINDOW = 10.0
ACCESS_LIMIT = RateLimit(burst=20, window=ACCESS_LIMIT_WINDOW)  # access lines per method, code and reason


def rpc_type(handler: grpc.RpcMethodHandler[Any, Any]) -> str:
    if handler.request_streaming and handler.response_streaming:
        return "bidi_stream"
    if handler.request_streaming:
        return "client_stream"
    if handler.response_streaming:
        return "server_stream"
    return "unary"


def split_method(full: str) -> tuple[str, str]:
    """'/playledger.v1.GameService/SubmitCommand' -> ('playledger.v1.GameService', 'SubmitCommand')."""
    service, _, method = full.lstrip("/").rpartition("/")
    return service or "unknown", method or "unknown"


def request_id_of(metadata: Any) -> str:
    """The caller's x-request-id when it is a sane token, else a fresh one (never trust a header blindly)."""
    for key, value in metadata or ():
        if key == REQUEST_ID_HEADER and isinstance(value, str) and _REQUEST_ID.match(value):
            return value
    return uuid.uuid4().hex


def reason_of(context: grpc.ServicerContext) -> str | None:
    """The google.rpc.ErrorInfo reason a servicer attached with abort_with_status, if any."""
    for key, value in context.trailing_metadata() or ():
        if key == "grpc-status-details-bin" and isinstance(value, bytes):
            try:
                status = status_pb2.Status.FromString(value)
            except Exception:
                return None
            for detail in status.details:
                info = error_details_pb2.ErrorInfo()
                if detail.Unpack(info):
                    return info.reason or None
    return None


class _Undecodable:
    """Stands for request bytes that are no valid message of the method's type (bad wire format, invalid UTF-8)."""


UNDECODABLE = _Undecodable()


def tolerant(deserializer: Callable[[bytes], Any] | None) -> Callable[[bytes], Any] | None:
    """A deserializer that returns UNDECODABLE instead of raising, so the call is answered INVALID_ARGUMENT.

    grpc itself answers a deserializer's exception with INTERNAL and an ERROR traceback in the log,
    which lets any client flood the logs; the web port decodes with this same function.
    """
    if deserializer is None:
        return None

    def decode(data: bytes) -> Any:
        try:
            return deserializer(data)
        except Exception:
            return UNDECODABLE

    return decode


def refuse_undecodable(context: grpc.ServicerContext) -> None:
    context.abort_with_status(
        rich_status(
            grpc.StatusCode.INVALID_ARGUMENT,
            "UNDECODABLE_REQUEST",
            "the request is not a valid message of this method (wrong wire format or invalid UTF-8 in a string)",
        )
    )


def refuse_unfit(request: Any, context: grpc.ServicerContext) -> None:
    """Before any servicer: undecodable bytes, NUL bytes, over-long text, too deep or too many -> INVALID_ARGUMENT."""
    if request is UNDECODABLE:
        refuse_undecodable(context)
    if isinstance(request, message.Message) and (found := validate.check(request)) is not None:
        limit = {"limit": str(found.limit)} if found.limit is not None else None
        context.abort_with_status(
            rich_status(grpc.StatusCode.INVALID_ARGUMENT, found.reason, found.message, found.field, metadata=limit)
        )


class _Call:
    """The bookkeeping of one RPC, from its first byte to its status."""

    def __init__(self, full_method: str, labels: tuple[str, str, str], request_id: str, watch: bool) -> None:
        self.full_method = full_method
        self.labels = labels
        self.request_id = request_id
        self.watch = watch
        self.started = time.perf_counter()
        self.token = REQUEST_ID.set(request_id)
        metrics.GRPC_STARTED.labels(*labels).inc()
        if watch:
            metrics.WATCH_STREAMS_OPEN.inc()

    def announce(self, context: grpc.ServicerContext) -> None:
        with contextlib.suppress(Exception):  # the caller already went away: the call ends as CANCELLED
            context.send_initial_metadata(((REQUEST_ID_HEADER, self.request_id), *SERVED_BY))

    def received(self) -> None:
        metrics.GRPC_MSG_RECEIVED.labels(*self.labels).inc()

    def sent(self) -> None:
        metrics.GRPC_MSG_SENT.labels(*self.labels).inc()

    def finish(self, context: grpc.ServicerContext, error: BaseException | None, cancelled: bool = False) -> None:
        seconds = time.perf_counter() - self.started
        code = _status_of(context)[0]
        if code is None:
            if cancelled or not context.is_active():
                code = grpc.StatusCode.CANCELLED
            elif error is not None:
                code = grpc.StatusCode.UNKNOWN  # an exception that is not an abort: grpc reports UNKNOWN
            else:
                code = grpc.StatusCode.OK
        code_name = CODE_NAMES.get(code, "Unknown")
        metrics.GRPC_HANDLED.labels(*self.labels, code_name).inc()
        metrics.GRPC_HANDLING.labels(*self.labels).observe(seconds)
        if self.watch:
            metrics.WATCH_STREAMS_OPEN.dec()
        reason = reason_of(context) if code != grpc.StatusCode.OK else None
        if reason:
            metrics.REJECTIONS.labels(self.labels[1], metrics.reason_label(reason)).inc()
        self._log(context, code, code_name, reason, seconds, error)
        with contextlib.suppress(ValueError):  # a stream closed from another thread: nothing to restore
            REQUEST_ID.reset(self.token)

    def _log(
        self,
        context: grpc.ServicerContext,
        code: grpc.StatusCode,
        code_name: str,
        reason: str | None,
        seconds: float,
        error: BaseException | None,
    ) -> None:
        if code == grpc.StatusCode.OK or code == grpc.StatusCode.CANCELLED:
            level = logging.DEBUG
        elif code in BUGS:
            level = logging.ERROR
        elif code in SERVER_TROUBLE:
            level = logging.WARNING
        else:
            level = logging.INFO
        if not access.isEnabledFor(level):
            return
        if level > logging.DEBUG:  # refusals and failures: a flood of one kind is summed up, not written
            allowed, suppressed = ACCESS_LIMIT.allow((self.full_method, code_name, reason))
            if suppressed:
                access.log(
                    level,
                    "%s %s: %d more like it in the last %.0fs were not logged",
                    self.full_method,
                    code_name,
                    suppressed,
                    ACCESS_LIMIT_WINDOW,
                )
            if not allowed:
                return
        set_code, details = _status_of(context)  # set by an abort, whose bare Exception has no useful traceback
        access.log(
            level,
            "%s %s %.1fms%s",
            self.full_method,
            code_name,
            seconds * 1000,
            f" {reason}" if reason else "",
            exc_info=error if error is not None and set_code is None and not isinstance(error, GeneratorExit) else None,
            extra={
                "grpc_method": self.full_method,
                "grpc_code": code_name,
                "duration_ms": round(seconds * 1000, 3),
                "reason": reason,
                "details": details,
                "peer": _peer(context),
            },
        )


def _status_of(context: grpc.ServicerContext) -> tuple[grpc.StatusCode | None, str | None]:
    """The code and details the servicer set (grpc's ServicerContext has code()/details(); the stubs lack them)."""
    state: Any = context
    details = state.details()
    return state.code(), details.decode(errors="replace") if isinstance(details, bytes) else details


def _peer(context: grpc.ServicerContext) -> str | None:
    try:
        return context.peer()
    except Exception:
        return None


if TYPE_CHECKING:
    _ServerInterceptor = grpc.ServerInterceptor[Any, Any]  # generic only in the type stubs
else:
    _ServerInterceptor = grpc.ServerInterceptor


class TelemetryInterceptor(_ServerInterceptor):
    def __init__(self, watch_methods: frozenset[str] = WATCH_METHODS) -> None:
        self._watch_methods = watch_methods

    def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], grpc.RpcMethodHandler[Any, Any] | None],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler[Any, Any] | None:
        handler = continuation(handler_call_details)
        if handler is None:
            return None  # unknown method: grpc answers UNIMPLEMENTED
        full = handler_call_details.method
        service, method = split_method(full)
        labels = (service, method, rpc_type(handler))
        request_id = request_id_of(handler_call_details.invocation_metadata)
        begin = _starter(full, labels, request_id, full in self._watch_methods)
        if handler.unary_unary is not None:
            return grpc.unary_unary_rpc_method_handler(
                _unary_response(begin, handler.unary_unary, False),
                request_deserializer=tolerant(handler.request_deserializer),
                response_serializer=handler.response_serializer,
            )
        if handler.stream_unary is not None:
            return grpc.stream_unary_rpc_method_handler(
                _unary_response(begin, handler.stream_unary, True),
                request_deserializer=tolerant(handler.request_deserializer),
                response_serializer=handler.response_serializer,
            )
        if handler.unary_stream is not None:
            return grpc.unary_stream_rpc_method_handler(
                _stream_response(begin, handler.unary_stream, False),
                request_deserializer=tolerant(handler.request_deserializer),
                response_serializer=handler.response_serializer,
            )
        assert handler.stream_stream is not None  # a handler has exactly one of the four behaviours
        return grpc.stream_stream_rpc_method_handler(
            _stream_response(begin, handler.stream_stream, True),
            request_deserializer=tolerant(handler.request_deserializer),
            response_serializer=handler.response_serializer,
        )


_Begin = Callable[[grpc.ServicerContext], _Call]


def _starter(full: str, labels: tuple[str, str, str], request_id: str, watch: bool) -> _Begin:
    def begin(context: grpc.ServicerContext) -> _Call:
        call = _Call(full, labels, request_id, watch)
        call.announce(context)
        return call

    return begin


def _received(begin: _Begin, request: Any, streaming: bool, context: grpc.ServicerContext) -> tuple[_Call, Any]:
    """The call begun and its request (a streamed one counted message by message as it arrives)."""
    call = begin(context)
    if streaming:
        return call, _counted(request, call, context)
    call.received()
    return call, request


def _counted(requests: Iterator[Any], call: _Call, context: grpc.ServicerContext) -> Iterator[Any]:
    for request in requests:
        call.received()
        refuse_unfit(request, context)
        yield request


def _unary_response(begin: _Begin, behavior: Callable[..., Any], streaming_request: bool) -> Callable[..., Any]:
    def run(request: Any, context: grpc.ServicerContext) -> Any:
        call, request = _received(begin, request, streaming_request, context)
        try:
            refuse_unfit(request, context)
            response = behavior(request, context)
        except BaseException as exc:
            call.finish(context, exc)
            raise
        call.sent()
        call.finish(context, None)
        return response

    return run


def _stream_response(begin: _Begin, behavior: Callable[..., Any], streaming_request: bool) -> Callable[..., Any]:
    def run(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
        call, request = _received(begin, request, streaming_request, context)
        try:
            refuse_unfit(request, context)
            for response in behavior(request, context):
                call.sent()
                yield response
        except GeneratorExit as exc:  # grpc closed the stream: the caller cancelled or went away
            call.finish(context, exc, cancelled=True)
            raise
        except BaseException as exc:
            call.finish(context, exc)
            raise
        call.finish(context, None)

    return run
