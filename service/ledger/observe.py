"""Instrumentation points with no exporter behind them.

The ledger and the projection runners report what they do through these; the
composition root (service/server.py) wires them to Prometheus metrics in
service/api/metrics.py. Nothing here imports prometheus_client or grpc, so the
ledger and the projections stay free of both, and tests can observe them with
a plain subclass.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


class LedgerObserver:
    """What the ledger tells an observer as it works. The default observes nothing.

    Labels must stay bounded: rules names and command class names come from the
    catalog, never from a caller; no game id, player or token is ever passed here.
    """

    def command(self, command: Any, outcome: str) -> None:
        """One submit finished: outcome is accepted, repeated, no_effect, rejected, conflict, invalid or error."""

    def appended(self, rules: str, kind: str) -> None:
        """One event was committed to a game of these rules; kind is Created, EventRecorded, SeedRevealed or
        EndedByRuling (the last two end a game)."""

    def append_seconds(self, seconds: float, ok: bool) -> None:
        """One store append (one transaction) took this long; ok is False when it raised."""

    def conflict_retried(self, rules: str) -> None:
        """Another writer (another process) saved the game first; the command is being re-decided."""


@dataclass(frozen=True)
class ProjectionLag:
    """How far a projection is behind the event store.

    events: notifications recorded but not yet processed by this projection.
    seconds: how long the oldest unprocessed notification has been waiting (0 when caught up).
    position: the last notification id processed, when known. With it the readiness
    check calls a projection stalled only when it is behind and its position has not
    moved for the allowed time (a long catch-up that makes progress is not a stall).
    """

    events: int
    seconds: float
    position: int | None = None  # the last notification id processed, so "stalled" can mean "not moving"


_lags: dict[str, Callable[[], ProjectionLag]] = {}
_lags_lock = threading.Lock()


def register_projection_lag(name: str, lag: Callable[[], ProjectionLag]) -> None:
    """Publish a projection's lag as playledger_projection_lag_{events,seconds}{projection=name}.

    `lag` is called at every scrape and every readiness check, from other threads:
    keep it cheap (a max-id query and a tracking read), and let it raise when the
    store cannot answer (the readiness check then reports the projection as stalled).
    Registering a name again replaces the earlier callable.
    """
    with _lags_lock:
        _lags[name] = lag


def unregister_projection_lag(name: str) -> None:
    with _lags_lock:
        _lags.pop(name, None)


class _Reading:
    """One lag call running in its own daemon thread, so a hung store never blocks a scrape or a health check."""

    def __init__(self, name: str, lag: Callable[[], ProjectionLag]) -> None:
        self.result: ProjectionLag | Exception = TimeoutError("no answer yet")
        self.thread = threading.Thread(target=self._read, args=(lag,), name=f"lag-{name}", daemon=True)
        self.thread.start()

    def _read(self, lag: Callable[[], ProjectionLag]) -> None:
        try:
            self.result = lag()
        except Exception as exc:  # reported, never raised: a scrape must not fail because one projection did
            self.result = exc


_reading: dict[str, _Reading] = {}


def projection_lags(timeout: float | None = None) -> dict[str, ProjectionLag | Exception]:
    """The current lag of every registered projection (an exception where it could not be read).

    With a timeout, the calls run in parallel threads and any that has not answered in time is
    reported as TimeoutError; it keeps running, and the next call waits on it rather than start another.
    """
    with _lags_lock:
        registered = list(_lags.items())
    if timeout is None:
        found: dict[str, ProjectionLag | Exception] = {}
        for name, lag in registered:
            try:
                found[name] = lag()
            except Exception as exc:
                found[name] = exc
        return found
    with _lags_lock:
        readings = {}
        for name, lag in registered:
            reading = _reading.get(name)
            if reading is None:
                reading = _reading[name] = _Reading(name, lag)
            readings[name] = reading
    deadline = time.monotonic() + timeout
    results: dict[str, ProjectionLag | Exception] = {}
    for name, reading in readings.items():
        reading.thread.join(max(0.0, deadline - time.monotonic()))
        if reading.thread.is_alive():
            results[name] = TimeoutError(f"no answer within {timeout:g}s")
            continue
        results[name] = reading.result
        with _lags_lock:
            if _reading.get(name) is reading:
                del _reading[name]
    return results
