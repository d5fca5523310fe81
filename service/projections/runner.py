"""Run the read-model projections with eventsourcing's ProjectionRunner, supervised, and report their lag.

`Projections` runs one runner per projection (games, scores, ratings,
tournaments) on the generation of tables that the pointer table names: in the
server process by default, or alone in a worker (`playledger-server projections
run`). Each runner follows the ledger's notification log through the library's
subscription API, served by one shared reader for all of them (service/ledger/tail.py:
LISTEN/NOTIFY on PostgreSQL, wake-ups and polling on SQLite), and resumes from its
view's committed tracking position. A supervisor thread
restarts a runner that failed (from that same committed position) and moves a
runner onto a new generation when a rebuild switches the pointer.

`lag()` is what metrics read: for each projection, the events recorded after
its committed position that it has yet to apply, and the age of the oldest.
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, ClassVar, cast
from uuid import UUID

from eventsourcing.application import Application
from eventsourcing.persistence import ApplicationRecorder, OperationalError, PersistenceError
from eventsourcing.postgres import PostgresDatastore
from eventsourcing.projection import BaseProjectionRunner
from psycopg import OperationalError as PostgresDown
from psycopg_pool import PoolTimeout

from service.ledger.game_ids import shard_of
from service.ledger.observe import ProjectionLag, register_projection_lag, unregister_projection_lag
from service.ledger.pg_listen import CoalescingRecorder
from service.projections import sql
from service.projections.base import ReadModelProjection
from service.projections.games import GameSummaries
from service.projections.polling import PollingSQLiteApplicationRecorder, wake_all
from service.projections.ratings import Ratings
from service.projections.scores import Scores
from service.projections.tournaments import TournamentStandings
from service.projections.view import APP_NAME, DEFAULT_BATCH, DEFAULT_FLUSH_INTERVAL, ReadModelView, log_name

log = logging.getLogger("playledger.projections")

PROJECTIONS: dict[str, type[ReadModelProjection[Any]]] = {
    "games": GameSummaries,
    "scores": Scores,
    "ratings": Ratings,
    "tournaments": TournamentStandings,
}
SUPERVISE_INTERVAL = 1.0
SCHEMA_LOCK_TRIES, SCHEMA_LOCK_WAIT = 100, 0.02  # create_tables: wait up to 2 s for a shared-cache table lock
LAG_PAGE = 1000
MAX_BACKOFF = 30.0


class _FollowingRecorder(CoalescingRecorder):
    # A projection's read serves every commit of this window (its lag grows by at most that much).
    subscribe_window = 0.02


class EventLog(Application[UUID]):
    """The ledger's store, read only: the runners' subscriptions and the summaries' reloads.

    `sharing` gives a subclass whose instances read through one existing connection pool: every
    runner of a process builds its own application (the library's runner does), and on PostgreSQL
    a pool each would cost connections the server cannot spare.
    """

    name = APP_NAME
    shared_datastore: ClassVar[Any] = None

    @classmethod
    def sharing(cls, datastore: Any, shard: int = 0) -> type[EventLog]:
        """Reading through `datastore`: the log of shard `shard`, tracked under that shard's name."""
        return type("SharedEventLog", (cls,), {"shared_datastore": datastore, "name": log_name(shard)})

    def construct_recorder(self) -> ApplicationRecorder:
        shared = type(self).shared_datastore
        if shared is None:
            return super().construct_recorder()
        if isinstance(shared, PostgresDatastore):
            return _FollowingRecorder(shared, events_table_name=f"{APP_NAME}_events")
        return PollingSQLiteApplicationRecorder(shared)


def runner_env(env: Mapping[str, str]) -> dict[str, str]:
    """The ledger's persistence settings, with a subscription on SQLite and small pools on PostgreSQL."""
    out = dict(env)
    backend = sql.backend_of(env)
    if backend == "sqlite":
        out["APPLICATION_RECORDER_TOPIC"] = (
            f"{PollingSQLiteApplicationRecorder.__module__}:{PollingSQLiteApplicationRecorder.__qualname__}"
        )
    else:
        out["POSTGRES_POOL_SIZE"] = str(len(PROJECTIONS))  # the shared LISTEN, the tail's reads, the views' loads
        out["POSTGRES_MAX_OVERFLOW"] = "2"  # pages, reloads, lag reads
    out.pop("AGGREGATE_CACHE_MAXSIZE", None)  # no repository cache ("0" would mean an unbounded one)
    return out


def view_class(name: str, backend: sql.Backend) -> type[ReadModelView]:
    cls = PROJECTIONS[name]
    return cls.sqlite_view if backend == "sqlite" else cls.postgres_view


@dataclass(frozen=True)
class Lag:
    projection: str
    generation: int | None
    position: int  # notification id of the last event applied and committed
    events: int  # events of this projection's kinds recorded after it (capped reads: an upper bound past 1000)
    seconds: float  # age of the oldest of them; 0 when caught up
    running: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {
            "projection": self.projection,
            "generation": self.generation,
            "position": self.position,
            "events_behind": self.events,
            "seconds_behind": round(self.seconds, 3),
            "running": self.running,
        }


def committed_position(
    datastore: Any, backend: sql.Backend, name: str, generation: int, log: str = APP_NAME
) -> int | None:
    """The tracking position of one generation in one shard's log; None when its tables do not exist (yet)."""
    table = view_class(name, backend).tracking_table(generation)
    try:
        with sql.transaction(datastore, backend, commit=False) as c:
            row = c.execute(f"SELECT MAX(notification_id) AS n FROM {table} WHERE application_name = ?", (log,))
            found = row.fetchone()
    except Exception as exc:
        if sql.is_missing_table(exc):
            return None
        raise
    return int(found["n"]) if found and found["n"] is not None else 0


def events_after(events: EventLog, name: str, position: int, upto: int | None = None) -> tuple[int, float]:
    """(events of the projection's kinds after `position`, age in seconds of the first of them)."""
    topics = list(PROJECTIONS[name].topics)
    behind = events.recorder.select_notifications(
        start=position, limit=LAG_PAGE, stop=upto, topics=topics, inclusive_of_start=False
    )
    if not behind:
        return 0, 0.0
    count = len(behind)
    if count == LAG_PAGE:
        count = max(count, (events.recorder.max_notification_id() or 0) - position)
    first: Any = events.mapper.to_domain_event(behind[0])
    age = (datetime.now(UTC) - first.timestamp).total_seconds()
    return count, max(0.0, age)


class LagProbe:
    """Reads each projection's lag from the store: the committed position of the generation in use, then the
    events of its kinds recorded after it. Works whether the runners are in this process or in a worker."""

    def __init__(
        self,
        env: Mapping[str, str],
        names: Sequence[str] = tuple(PROJECTIONS),
        datastore: Any = None,
        events: EventLog | None = None,
        shard_logs: Sequence[EventLog] | None = None,
        shard_envs: Sequence[Mapping[str, str]] = (),
    ) -> None:
        """`shard_logs` (the other shards' logs, kept by the caller), else `shard_envs` (opened and closed here)."""
        self.names = tuple(names)
        renv = runner_env(env)
        self.backend = sql.backend_of(env)
        self._owned = datastore is None
        self.datastore = datastore if datastore is not None else sql.datastore_for(renv, name="pl_lag", pool=(1, 1))
        self.events = events if events is not None else EventLog({**renv, "POSTGRES_POOL_SIZE": "1"})
        self._owned_logs = [] if shard_logs is not None else [_small_log(e) for e in shard_envs]
        # Every shard's log, the first's first (the views live beside it).
        self.logs = [self.events, *(shard_logs if shard_logs is not None else self._owned_logs)]

    def lag(self, name: str, running: bool = False) -> Lag:
        """Over every shard: the events still to apply, summed, and the oldest one's age (the position named is
        the first shard's)."""
        generation = sql.current_generation(self.datastore, self.backend, name)
        total, oldest, first = 0, 0.0, 0
        for shard, log in enumerate(self.logs):
            position = (
                committed_position(self.datastore, self.backend, name, generation, log_name(shard))
                if generation
                else None
            )
            events, seconds = events_after(log, name, position or 0)
            total, oldest = total + events, max(oldest, seconds)
            first = first if shard else position or 0
        return Lag(name, generation, first, total, oldest, running)

    def register(self) -> None:
        """Publish every projection's lag to metrics and readiness (service.ledger.observe)."""
        for name in self.names:
            register_projection_lag(name, lambda n=name: self._observed(n))  # type: ignore[misc]

    def unregister(self) -> None:
        for name in self.names:
            unregister_projection_lag(name)

    def _observed(self, name: str) -> ProjectionLag:
        lag = self.lag(name)
        return ProjectionLag(lag.events, lag.seconds, lag.position if lag.generation else None)

    def close(self) -> None:
        for event_log in self._owned_logs:
            event_log.close()
        if self._owned:
            self.events.close()
            self.datastore.close()


def _small_log(env: Mapping[str, str]) -> EventLog:
    return EventLog({**runner_env(env), "POSTGRES_POOL_SIZE": "1"})


def create_tables(view: ReadModelView) -> None:
    """The view's tables, waiting out a table lock held by another pool of this process.

    An in-memory SQLite store is one shared-cache database for the process's several connection pools
    (ledger, projections, reads); there a CREATE meeting another connection's lock on the schema fails at
    once with "database table is locked" (SQLITE_LOCKED, which the busy timeout does not wait for).
    """
    for attempt in range(SCHEMA_LOCK_TRIES):
        try:
            view.create_table()
            return
        except OperationalError as exc:
            if "table is locked" not in str(exc) or attempt == SCHEMA_LOCK_TRIES - 1:
                raise
            time.sleep(SCHEMA_LOCK_WAIT)


class _Live:
    """One projection running here: a view of one generation, the projection and the library's runner."""

    def __init__(self, owner: Projections, name: str, generation: int) -> None:
        self.name, self.generation = name, generation
        cls = PROJECTIONS[name]
        self.view = view_class(name, owner.backend)(
            owner.datastore,  # type: ignore[call-arg]
            generation=generation,
            batch_size=owner.batch_size,
            flush_interval=owner.flush_interval,
        )
        create_tables(self.view)
        sharded = len(owner.log_classes) > 1
        self.projection = cls(self.view, loader=owner.load, sharded=sharded)
        # One runner per shard's log, all applying to this one projection and view (the view's lock takes one
        # event at a time; its batches carry each log's position).
        self.runners: list[BaseProjectionRunner[EventLog]] = []
        for log_class in owner.log_classes:
            runner: BaseProjectionRunner[EventLog] = BaseProjectionRunner(
                projection=self.projection,
                application_class=log_class,
                tracking_recorder=self.view,  # type: ignore[arg-type]
                topics=cls.topics,
                env=owner.runner_env,
            )
            self.runners.append(runner)
            runner.__enter__()
        self.view.start_flusher()

    @property
    def failed(self) -> BaseException | None:
        if self.view.error is not None:
            return self.view.error
        for runner in self.runners:
            if runner.is_interrupted.is_set():
                return getattr(runner, "_thread_error", None) or RuntimeError("the runner stopped")
        return None

    def stop(self) -> None:
        for runner in self.runners:
            runner.stop()
        for runner in self.runners:
            try:
                runner.__exit__(None, None, None)
            except BaseException as exc:  # already reported by the supervisor, or harmless at shutdown
                log.debug("%s runner ended with %r", self.name, exc)
        self.view.stop_flusher(final_flush=True)


# What a store that is down or restarting raises here; it heals by itself (the runners restart from tracking).
TRANSIENT = (PersistenceError, PoolTimeout, PostgresDown, sqlite3.OperationalError)


class Projections:
    """The read-model runners of one process, supervised."""

    def __init__(
        self,
        env: Mapping[str, str],
        names: Sequence[str] = tuple(PROJECTIONS),
        batch_size: int = DEFAULT_BATCH,
        flush_interval: float = DEFAULT_FLUSH_INTERVAL,
        shard_envs: Sequence[Mapping[str, str]] = (),
    ) -> None:
        """`env`: the first shard's store (the views live there); `shard_envs`: the other shards', in order."""
        unknown = sorted(set(names) - set(PROJECTIONS))
        if unknown:
            raise ValueError(f"no projection {unknown[0]!r}; the projections are {sorted(PROJECTIONS)}")
        self.names = tuple(names)
        self.backend = sql.backend_of(env)
        self.runner_env = runner_env(env)
        self.batch_size, self.flush_interval = batch_size, flush_interval
        self.datastore = sql.datastore_for(self.runner_env, name="pl_views")  # the views' writes and reads
        self.events = EventLog(self.runner_env)  # creates the events table if this is a new store
        self.logs = [self.events, *(EventLog(runner_env(e)) for e in shard_envs)]
        # Every runner of one shard reads through that shard's one pool.
        self.log_classes = [
            EventLog.sharing(cast(Any, log.recorder).datastore, shard) for shard, log in enumerate(self.logs)
        ]
        self.probe = LagProbe(env, self.names, datastore=self.datastore, events=self.events, shard_logs=self.logs[1:])
        self._live: dict[str, _Live] = {}
        self._failures: dict[str, tuple[int, float]] = {}  # name -> (failures in a row, retry not before)
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._supervise, name="projections", daemon=True)

    def load(self, aggregate_id: UUID, version: int) -> Any:
        return self.logs[shard_of(aggregate_id)].repository.get(aggregate_id, version=version)

    # --- lifecycle ------------------------------------------------------------------------------
    def start(self) -> Projections:
        with self._lock:
            for name in self.names:
                self._start(name)
        self._thread.start()
        return self

    def _start(self, name: str) -> None:
        generation = sql.claim_first_generation(self.datastore, self.backend, name)
        self._live[name] = _Live(self, name, generation)
        log.info("projection %s running on generation %d", name, generation)

    def stop(self) -> None:
        """Stop every runner (after its current batch is committed) and close the pools."""
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=10)
        with self._lock:
            for live in self._live.values():
                live.stop()
            self._live.clear()
        self.probe.close()
        for event_log in self.logs:
            event_log.close()
        self.datastore.close()

    def _supervise(self) -> None:
        troubled: set[str] = set()  # projections whose store trouble was logged (once, until it heals)
        while not self._stop.wait(SUPERVISE_INTERVAL):
            for name in self.names:
                try:
                    self._check(name)
                except TRANSIENT as exc:  # the store is down or restarting: it heals, so no traceback
                    if name not in troubled:
                        log.warning("projection %s: the store does not answer (%s); retrying", name, exc)
                    troubled.add(name)
                except Exception:  # a bug: the supervisor itself must keep going
                    log.exception("projection %s: supervision failed", name)
                else:
                    if name in troubled:
                        log.info("projection %s: the store answers again", name)
                        troubled.discard(name)

    def _check(self, name: str) -> None:
        with self._lock:
            if self._stop.is_set():
                return
            live = self._live.get(name)
            generation = sql.current_generation(self.datastore, self.backend, name)
            if live is not None and generation is not None and generation != live.generation:
                log.info("projection %s: switching to rebuilt generation %d", name, generation)
                live.stop()
                del self._live[name]
                live = None
            elif live is not None and live.failed is not None:
                count = self._failures.get(name, (0, 0.0))[0] + 1
                delay = min(MAX_BACKOFF, 0.5 * 2**count)
                self._failures[name] = (count, time.monotonic() + delay)
                log.warning("projection %s failed (%s); restarting from its committed position", name, live.failed)
                live.stop()
                del self._live[name]
                live = None
            if live is None:
                count, not_before = self._failures.get(name, (0, 0.0))
                if time.monotonic() < not_before:
                    return
                try:
                    self._start(name)
                except Exception as exc:  # the store may be down: retry with a growing pause, without a traceback
                    delay = min(MAX_BACKOFF, 0.5 * 2 ** (count + 1))
                    self._failures[name] = (count + 1, time.monotonic() + delay)
                    log.warning("projection %s cannot start (%s); retrying in %.0fs", name, exc, delay)
            elif name in self._failures and live.failed is None:
                del self._failures[name]

    def wake(self) -> None:
        """Something was saved in this process: SQLite pollers look now instead of at their next tick."""
        wake_all()

    # --- lag ------------------------------------------------------------------------------------
    def lag(self) -> dict[str, Lag]:
        """Per projection: committed position, events still to apply and the age of the oldest of them."""
        with self._lock:
            running = {name for name, live in self._live.items() if live.failed is None}
        return {name: self.probe.lag(name, running=name in running) for name in self.names}

    def caught_up(self, upto: int | None = None) -> bool:
        """True when every projection has applied every event of its kinds in every shard's log (in the first's,
        up to notification `upto`)."""
        for name in self.names:
            generation = sql.current_generation(self.datastore, self.backend, name)
            for shard, event_log in enumerate(self.logs):
                position = (
                    committed_position(self.datastore, self.backend, name, generation, log_name(shard))
                    if generation is not None
                    else None
                )
                if position is None or events_after(event_log, name, position, upto if shard == 0 else None)[0]:
                    return False
        return True

    def wait_caught_up(self, timeout: float = 10.0, upto: int | None = None) -> bool:
        deadline = time.monotonic() + timeout
        while not self.caught_up(upto):
            if time.monotonic() > deadline:
                return False
            time.sleep(0.05)
        return True
