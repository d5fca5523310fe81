"""How many calls the gRPC port runs at once, refused past the cap in the open.

grpc's own `maximum_concurrent_rpcs` refuses a call before any interceptor sees it: under 300 clients its
RESOURCE_EXHAUSTED answers reached no access log and no metric (issue 33). This interceptor, inside the
telemetry one, admits calls up to the cap and refuses the rest with RESOURCE_EXHAUSTED (reason OVERLOADED),
so each refusal is counted in grpc_server_handled_total and written to the access log (WARNING). grpc's own
cap stays, set higher, as the backstop that bounds what is queued for the interceptors themselves.

Interceptors run on grpc's polling thread when a call arrives, so counting here costs no worker thread.
A call leaves the count when its handler returns (a stream: when its generator ends or is closed), or,
if grpc never runs its handler (the client went away while it waited for a worker), when grpc lets go
of the handler: each admitted call holds a ticket whose finalizer gives its place back once.
"""

from __future__ import annotations

import threading
import weakref
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import grpc

from service.api.errors import rich_status

if TYPE_CHECKING:
    _ServerInterceptor = grpc.ServerInterceptor[Any, Any]  # generic only in the type stubs
else:
    _ServerInterceptor = grpc.ServerInterceptor

BACKSTOP_FACTOR = 2  # grpc's own cap, as a multiple of ours


class Admission(_ServerInterceptor):
    def __init__(self, limit: int) -> None:
        self.limit = limit
        self._in_flight = 0
        self._lock = threading.Lock()

    def intercept_service(
        self,
        continuation: Callable[[grpc.HandlerCallDetails], grpc.RpcMethodHandler[Any, Any] | None],
        handler_call_details: grpc.HandlerCallDetails,
    ) -> grpc.RpcMethodHandler[Any, Any] | None:
        handler = continuation(handler_call_details)
        if handler is None:
            return None
        with self._lock:
            admitted = self._in_flight < self.limit
            self._in_flight += admitted
        if handler.unary_unary is not None:
            run = self._unary(handler.unary_unary, _Ticket(self)) if admitted else self._refuse
            return grpc.unary_unary_rpc_method_handler(run, handler.request_deserializer, handler.response_serializer)
        if handler.unary_stream is not None:
            stream = self._stream(handler.unary_stream, _Ticket(self)) if admitted else self._refuse_stream
            return grpc.unary_stream_rpc_method_handler(
                stream, handler.request_deserializer, handler.response_serializer
            )
        if admitted:  # client-streaming methods: none in our API; left to grpc's cap alone
            self.leave()
        return handler

    def _refuse(self, request: Any, context: grpc.ServicerContext) -> Any:
        facts = {"limit": str(self.limit)}
        context.abort_with_status(
            rich_status(grpc.StatusCode.RESOURCE_EXHAUSTED, "OVERLOADED", MESSAGE, metadata=facts)
        )

    def _refuse_stream(self, request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
        self._refuse(request, context)
        yield from ()

    def leave(self) -> None:
        with self._lock:
            self._in_flight -= 1

    @staticmethod
    def _unary(behavior: Callable[..., Any], ticket: _Ticket) -> Callable[..., Any]:
        def run(request: Any, context: grpc.ServicerContext) -> Any:
            try:
                return behavior(request, context)
            finally:
                ticket.done()

        return run

    @staticmethod
    def _stream(behavior: Callable[..., Iterator[Any]], ticket: _Ticket) -> Callable[..., Iterator[Any]]:
        def run(request: Any, context: grpc.ServicerContext) -> Iterator[Any]:
            try:
                yield from behavior(request, context)
            finally:
                ticket.done()

        return run


class _Ticket:
    """An admitted call's place: given back once, when the call ends or when nothing holds the call any more."""

    def __init__(self, admission: Admission) -> None:
        self._finalizer = weakref.finalize(self, admission.leave)

    def done(self) -> None:
        self._finalizer()  # a finalizer runs at most once


MESSAGE = "the server is handling too many calls; retry shortly"
