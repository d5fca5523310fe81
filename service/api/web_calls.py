"""Running one web call through the gRPC port's own handler: the handler table, the caps, the worker threads.

Each call is admitted under the gRPC port's limits, wrapped by the same interceptors (the first runs
outermost, as in grpc), decoded and encoded with the handler's own (de)serializers, and run on a worker
thread; a server stream pulls one message at a time on a thread of its own pool.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import AsyncIterator, Callable, Iterable, Iterator, Mapping, Sequence
from concurrent import futures
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar

import grpc
from connectrpc.code import Code
from connectrpc.errors import ConnectError
from connectrpc.method import IdempotencyLevel, MethodInfo, StreamType
from connectrpc.request import RequestContext
from connectrpc.server import Endpoint
from google.protobuf import descriptor, message_factory

from service.api.web_context import WebContext

log = logging.getLogger("playledger.web")
_T = TypeVar("_T")


class _CallDetails(NamedTuple):
    """grpc.HandlerCallDetails for the interceptor (grpc's own class is private)."""

    method: str
    invocation_metadata: tuple[tuple[str, str | bytes], ...]


# --- collecting the handlers the gRPC port serves ------------------------------------------------
class HandlerRegistry:
    """Stands in for grpc.Server in the generated add_*Servicer_to_server functions, keeping the handlers."""

    def __init__(self) -> None:
        self.handlers: dict[str, grpc.RpcMethodHandler[Any, Any]] = {}

    def add_generic_rpc_handlers(self, generic_rpc_handlers: Iterable[Any]) -> None:
        pass  # the same handlers also arrive by service below

    def add_registered_method_handlers(
        self, service_name: str, method_handlers: Mapping[str, grpc.RpcMethodHandler[Any, Any]]
    ) -> None:
        for method, handler in method_handlers.items():
            self.handlers[f"/{service_name}/{method}"] = handler

    def add(self, path: str, handler: grpc.RpcMethodHandler[Any, Any]) -> None:
        self.handlers[path] = handler


@dataclass(frozen=True)
class Limits:
    """The gRPC port's caps, applied to the web port too (each port has its own count)."""

    workers: int = 8
    max_concurrent_rpcs: int = 256
    max_receive_bytes: int = 1 << 20
    max_streams: int = 64


class Calls:
    """Runs calls on worker threads through the interceptor, exactly as grpc's server would."""

    def __init__(
        self,
        registry: HandlerRegistry,
        services: Sequence[descriptor.ServiceDescriptor],
        interceptors: Sequence[grpc.ServerInterceptor[Any, Any]],
        limits: Limits,
    ) -> None:
        self._registry = registry
        self._services = services
        self._interceptors = interceptors
        self._limits = limits
        self._unary_pool = futures.ThreadPoolExecutor(limits.workers, thread_name_prefix="web")
        self._stream_pool = futures.ThreadPoolExecutor(limits.max_streams + 2, thread_name_prefix="web-stream")
        self._in_flight = 0
        self._lock = threading.Lock()
        self._live: set[WebContext] = set()
        self._stopping = False

    def endpoints(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for service in self._services:
            for method in service.methods:
                path = f"/{service.full_name}/{method.name}"
                if path not in self._registry.handlers:
                    continue
                info = MethodInfo(
                    name=method.name,
                    service_name=service.full_name,
                    input=message_factory.GetMessageClass(method.input_type),
                    output=message_factory.GetMessageClass(method.output_type),
                    idempotency_level=IdempotencyLevel.UNKNOWN,
                    stream_type=StreamType.SERVER_STREAM if method.server_streaming else StreamType.UNARY,
                )
                if method.client_streaming:
                    continue  # no such method in our API; gRPC-Web cannot carry one anyway
                if method.server_streaming:
                    out[path] = Endpoint.server_stream(info, self._streamer(path))
                else:
                    out[path] = Endpoint.unary(info, self._unary(path))
        return out

    def stop(self) -> None:
        """On shutdown, first: refuse new calls (UNAVAILABLE) and end every open stream at its next poll."""
        self._stopping = True
        for context in list(self._live):
            context.cancel()

    def close(self) -> None:
        """On shutdown, once the server's loop has ended: let the pools finish what runs, take nothing new."""
        self.stop()
        self._unary_pool.shutdown(wait=False, cancel_futures=True)
        self._stream_pool.shutdown(wait=False, cancel_futures=True)

    # --- one call ------------------------------------------------------------------------------
    def _admit(self) -> None:
        if self._stopping:
            raise ConnectError(Code.UNAVAILABLE, "the server is shutting down; retry shortly")
        with self._lock:
            if self._in_flight >= self._limits.max_concurrent_rpcs:
                raise ConnectError(Code.RESOURCE_EXHAUSTED, "the server is handling too many calls; retry shortly")
            self._in_flight += 1

    def _release(self) -> None:
        with self._lock:
            self._in_flight -= 1

    def _handler(self, path: str, context: WebContext) -> grpc.RpcMethodHandler[Any, Any]:
        raw = self._registry.handlers[path]
        details = _CallDetails(path, context.invocation_metadata())
        handler: grpc.RpcMethodHandler[Any, Any] | None = raw
        for interceptor in reversed(self._interceptors):  # the first interceptor runs outermost, as in grpc
            inner = handler
            handler = interceptor.intercept_service(lambda _d, h=inner: h, details)
        assert handler is not None
        return handler

    def _unary(self, path: str) -> Callable[[bytes, RequestContext[Any, Any]], Any]:
        async def call(request: bytes, ctx: RequestContext[Any, Any]) -> Encoded:
            self._admit()
            try:
                context = WebContext(ctx, _seconds(ctx.timeout_ms))
                handler = self._handler(path, context)
                return await asyncio.wrap_future(_submit(self._unary_pool, _run_unary, handler, request, context))
            finally:
                self._release()

        return call

    def _streamer(self, path: str) -> Callable[[bytes, RequestContext[Any, Any]], AsyncIterator[Encoded]]:
        async def stream(request: bytes, ctx: RequestContext[Any, Any]) -> AsyncIterator[Encoded]:
            self._admit()
            context = WebContext(ctx, _seconds(ctx.timeout_ms))
            self._live.add(context)
            step: futures.Future[tuple[bool, Encoded | None]] | None = None
            messages: Iterator[Any] | None = None
            try:
                handler = self._handler(path, context)
                assert handler.unary_stream is not None
                messages = iter(handler.unary_stream(_decode(handler, request), context))
                while True:
                    step = _submit(self._stream_pool, _next, messages, context, handler)
                    done, encoded = await asyncio.wrap_future(step)
                    step = None
                    if done or encoded is None:
                        return
                    yield encoded
            finally:
                context.cancel()  # a disconnect or the end: a blocked poll sees an inactive context
                self._live.discard(context)
                self._release()
                if messages is not None:
                    gen = messages
                    if step is None:
                        self._close_later(gen)
                    else:  # running on a thread: close it once that step returns (the thread's future; the
                        # awaited one is done as soon as a disconnect cancels it, while the step still runs)
                        step.add_done_callback(lambda _f: self._close_later(gen))

        return stream

    def _close_later(self, messages: Iterator[Any]) -> None:
        try:
            self._stream_pool.submit(_close, messages)
        except RuntimeError:  # the pool has shut down (the server stopped): close it on this thread
            _close(messages)


def _submit(pool: futures.ThreadPoolExecutor, fn: Callable[..., _T], *args: Any) -> futures.Future[_T]:
    try:
        return pool.submit(fn, *args)
    except RuntimeError:  # shut down: only if the server's loop outlived its stop (it is joined first)
        raise ConnectError(Code.UNAVAILABLE, "the server is shutting down; retry shortly") from None


def _seconds(timeout_ms: float | None) -> float | None:
    return None if timeout_ms is None else max(0.0, timeout_ms / 1000)


def _run_unary(handler: grpc.RpcMethodHandler[Any, Any], data: bytes, context: WebContext) -> Encoded:
    assert handler.unary_unary is not None
    try:
        response = handler.unary_unary(_decode(handler, data), context)
    except ConnectError:
        raise
    except Exception:
        raise _internal() from None  # the interceptor logged the traceback; the caller learns nothing of it
    if context.code() not in (None, grpc.StatusCode.OK):
        raise context.error()
    return _encode(handler, response)


def _decode(handler: grpc.RpcMethodHandler[Any, Any], data: bytes) -> Any:
    return handler.request_deserializer(data) if handler.request_deserializer else data


def _encode(handler: grpc.RpcMethodHandler[Any, Any], response: Any) -> Encoded:
    data = handler.response_serializer(response) if handler.response_serializer else response
    return Encoded(data, type(response))


def _next(
    messages: Iterator[Any], context: WebContext, handler: grpc.RpcMethodHandler[Any, Any]
) -> tuple[bool, Encoded | None]:
    try:
        return False, _encode(handler, next(messages))
    except StopIteration:
        if context.code() not in (None, grpc.StatusCode.OK):
            raise context.error() from None
        return True, None
    except ConnectError:
        raise
    except Exception:
        raise _internal() from None


def _close(messages: Iterator[Any]) -> None:
    close = getattr(messages, "close", None)
    if close is not None:
        try:
            close()
        except Exception:  # a generator that failed while closing has already been logged
            log.debug("closing a stream raised", exc_info=True)


def _internal() -> ConnectError:
    return ConnectError(Code.INTERNAL, "internal error; the server logged it")


@dataclass(frozen=True, slots=True)
class Encoded:
    """A response the gRPC handler already serialized, with its type for the JSON codec."""

    data: bytes
    message_class: type[Any]
