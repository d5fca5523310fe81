"""Readiness: the standard gRPC health service kept in step with what the server can really do.

A background thread checks, every --readiness-interval seconds:
- the store answers a max-notification-id query within --store-timeout seconds (the
  store's own retries can take a minute to give up; readiness must not wait that long);
- no registered projection is stalled: behind the store, and its position has
  not moved for --max-projection-lag seconds (or, when a projection does not
  report its position, its oldest unprocessed event is older than that).

Health names and what they mean:
- ""                         everything above holds
- "playledger.v1.GameService" the store answers (commands do not need projections; the
                             Kubernetes readiness probe asks this, so a stalled worker
                             does not take every pod out of service)
- any other served service   the store answers and no projection is stalled
- "liveness"                 the process runs and is not shutting down (the liveness probe:
                             a database outage must not restart every pod)
On shutdown every name turns NOT_SERVING for good (HealthServicer.enter_graceful_shutdown).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Sequence

import grpc
from grpc_health.v1 import health, health_pb2

from service.api import metrics
from service.ledger.app import Ledger
from service.ledger.observe import ProjectionLag, projection_lags

log = logging.getLogger(__name__)

LIVENESS = "liveness"
STORE_ONLY = frozenset({"playledger.v1.GameService"})
SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


class _Probe:
    """Runs a store call in a daemon thread and waits for it at most `timeout` seconds.

    A call still running is waited on again at the next check instead of starting another,
    so a hung database never piles up threads.
    """

    def __init__(self, name: str) -> None:
        self._name = name
        self._thread: threading.Thread | None = None
        self._error: Exception | None = None

    def run(self, call: Callable[[], object], timeout: float) -> Exception | None:
        """None when the call finished well; its exception; or TimeoutError while it still runs."""
        if self._thread is None:
            self._error = None

            def target() -> None:
                try:
                    call()
                except Exception as exc:
                    self._error = exc

            self._thread = threading.Thread(target=target, name=self._name, daemon=True)
            self._thread.start()
        self._thread.join(timeout)
        if self._thread.is_alive():
            return TimeoutError(f"no answer within {timeout:g}s")
        self._thread = None
        return self._error


class Readiness:
    def __init__(
        self,
        servicer: health.HealthServicer,
        ledger: Ledger,
        services: Sequence[str],
        interval: float = 5.0,
        max_projection_lag: float = 300.0,
        census: metrics.GameCensus | None = None,
        store_timeout: float = 3.0,
    ) -> None:
        self._servicer = servicer
        self._ledger = ledger
        self._services = tuple(services)
        self._interval = interval
        self._max_lag = max_projection_lag
        self._census = census
        self._store_timeout = store_timeout
        self._store_probe = _Probe("readiness-store")
        self._census_probe = _Probe("readiness-census")
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="readiness", daemon=True)
        self._moved: dict[str, tuple[int | None, float]] = {}  # projection -> (position, when it last moved)
        self._problems: list[str] | None = None
        servicer.set(LIVENESS, SERVING)

    @property
    def problems(self) -> list[str]:
        """Why the server is not ready (empty when it is), as of the last check."""
        return list(self._problems or [])

    def _heads(self) -> list[int | None]:
        """Every store's newest notification id: each shard must answer."""
        return [store.recorder.max_notification_id() for store in self._ledger.stores()]

    def check(self, census: bool = True) -> list[str]:
        """Run the checks once and set every health status; returns the problems found."""
        store: list[str] = []
        failed = self._store_probe.run(self._heads, self._store_timeout)
        if failed is not None:
            store.append(f"the store does not answer: {type(failed).__name__}: {failed}".strip())
        elif census and self._census is not None:
            # Not waited for: the first refresh may read a long history. Its failure shows in the next probe.
            trouble = self._census_probe.run(self._census.refresh, 0)
            if trouble is not None and not isinstance(trouble, TimeoutError):
                log.debug("games census: %s", trouble)
        stalled = self._stalled_projections()
        metrics.STORE_UP.set(0 if store else 1)
        problems = store + stalled
        for name in ("", *self._services):
            bad = store if name in STORE_ONLY else problems
            self._servicer.set(name, NOT_SERVING if bad else SERVING)
        metrics.READY.set(0 if problems else 1)
        if problems != self._problems:
            if problems:
                log.warning("not ready: %s", "; ".join(problems))
            elif self._problems is not None:
                log.info("ready again")
        self._problems = problems
        return problems

    def _stalled_projections(self) -> list[str]:
        found: list[str] = []
        now = time.monotonic()
        for name, lag in sorted(projection_lags(timeout=self._store_timeout).items()):
            if isinstance(lag, Exception):
                found.append(f"projection {name}: its lag cannot be read ({type(lag).__name__}: {lag})")
                continue
            if self._max_lag > 0 and self._is_stalled(name, lag, now):
                found.append(
                    f"projection {name} is stalled: {lag.events} events behind, "
                    f"the oldest waiting {lag.seconds:.0f}s (allowed {self._max_lag:.0f}s without progress)"
                )
        return found

    def _is_stalled(self, name: str, lag: ProjectionLag, now: float) -> bool:
        if lag.events <= 0:
            self._moved[name] = (lag.position, now)
            return False
        if lag.position is None:
            return lag.seconds > self._max_lag
        position, since = self._moved.get(name, (None, now))
        if position != lag.position:
            self._moved[name] = (lag.position, now)
            return False
        return now - since > self._max_lag

    def start(self) -> None:
        """One quick check now (no census: that may read a long history), then the loop in the background."""
        self.check(census=False)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=self._interval + 5)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.check()
            except Exception:  # the readiness loop must outlive any surprise; the next round tries again
                log.exception("readiness check failed")
            self._stop.wait(self._interval)


class HealthService(health.HealthServicer):
    """The standard health service, with List (added to health.proto in 2024; grpcio-health-checking lacks it)."""

    def List(
        self, request: health_pb2.HealthListRequest, context: grpc.ServicerContext
    ) -> health_pb2.HealthListResponse:
        with self._lock:
            statuses = dict(self._server_status)
        return health_pb2.HealthListResponse(
            statuses={name: health_pb2.HealthCheckResponse(status=status) for name, status in statuses.items()}
        )
