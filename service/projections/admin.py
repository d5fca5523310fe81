"""`playledger-server projections rebuild | status | run`: operate the read models.

rebuild: each projection is replayed from the first event into a new
generation of its tables while the current one keeps serving reads; when the
new one has caught up, the pointer switches to it in one transaction, running
servers move their runners onto it, and the old generation is dropped.
"""

from __future__ import annotations

import heapq
import logging
import re
import signal
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from eventsourcing.persistence import Tracking
from tqdm import tqdm

from service.ledger.game_ids import shard_of
from service.projections import sql
from service.projections.base import ReadModelProjection
from service.projections.runner import (
    PROJECTIONS,
    SUPERVISE_INTERVAL,
    EventLog,
    Lag,
    LagProbe,
    Projections,
    runner_env,
    view_class,
)
from service.projections.view import ReadModelView, log_name

log = logging.getLogger("playledger.projections")
REBUILD_PAGE = 5000  # notifications read per query, and events written per transaction, by a rebuild


class RebuildFailed(RuntimeError):
    pass


@dataclass(frozen=True)
class Rebuilt:
    projection: str
    generation: int
    events: int
    seconds: float

    @property
    def rate(self) -> float:
        return self.events / self.seconds if self.seconds > 0 else 0.0

    def as_dict(self) -> dict[str, Any]:
        return {
            "projection": self.projection,
            "generation": self.generation,
            "events": self.events,
            "seconds": round(self.seconds, 3),
            "events_per_second": round(self.rate, 1),
        }


def count_events(events: EventLog, backend: sql.Backend, topics: Sequence[str], upto: int) -> int:
    """How many events of these kinds the log holds up to a position (for the progress bar)."""
    recorder: Any = events.recorder
    table = recorder.events_table_name
    marks = ", ".join("?" for _ in topics)
    column = "rowid" if backend == "sqlite" else "notification_id"
    with sql.transaction(recorder.datastore, backend, commit=False) as c:
        row = c.execute(
            f"SELECT COUNT(*) AS n FROM {table} WHERE {column} <= ? AND topic IN ({marks})", (upto, *topics)
        ).fetchone()
    return int(row["n"]) if row else 0


def rebuild(
    env: Mapping[str, str],
    names: Sequence[str] = tuple(PROJECTIONS),
    progress: bool = True,
    out: TextIO | None = None,
    grace: float = 2 * SUPERVISE_INTERVAL,
    shard_envs: Sequence[Mapping[str, str]] = (),
) -> list[Rebuilt]:
    """Rebuild each projection into a new generation, switch to it, drop the old ones. `shard_envs`: the other
    shards' stores (the views live in the first's)."""
    renv = runner_env(env)
    backend = sql.backend_of(env)
    datastore = sql.datastore_for(renv)
    logs = [EventLog(renv), *(EventLog(runner_env(e)) for e in shard_envs)]
    done: list[Rebuilt] = []
    try:
        for name in names:
            done.append(_rebuild_one(name, backend, datastore, logs, progress, out))
        if grace:
            time.sleep(grace)  # running servers notice the switch within a supervision interval
        for item in done:
            drop_other_generations(datastore, backend, item.projection, item.generation)
    finally:
        for log_ in logs:
            log_.close()
        datastore.close()
    return done


def _rebuild_one(
    name: str,
    backend: sql.Backend,
    datastore: Any,
    logs: Sequence[EventLog],
    progress: bool,
    out: TextIO | None,
) -> Rebuilt:
    cls = PROJECTIONS[name]
    generation = sql.reserve_generation(datastore, backend, name)
    vcls = view_class(name, backend)
    sql.drop_tables(datastore, backend, vcls.physical_tables(generation))  # leftovers of an interrupted rebuild
    # Flushed by replay_into, one transaction per page: the batch size only has to exceed a page.
    view = vcls(datastore, generation=generation, batch_size=REBUILD_PAGE + 1, flush_interval=0.25)  # type: ignore[call-arg]
    view.create_table()
    total = sum(count_events(log_, backend, cls.topics, log_.recorder.max_notification_id() or 0) for log_ in logs)
    bar = tqdm(total=total, desc=f"{name} (g{generation})", unit="ev", disable=not progress, file=out, leave=True)
    started = time.perf_counter()
    projection = cls(view, loader=lambda i, v: logs[shard_of(i)].repository.get(i, version=v), sharded=len(logs) > 1)
    read = [0] * len(logs)
    try:
        # Until every live store's tail is read too.
        while (uptos := [log_.recorder.max_notification_id() or 0 for log_ in logs]) != read:
            replay_into(view, projection, logs, uptos, lambda: bar.update(view.applied - bar.n))
            read = uptos
    except Exception as exc:
        raise RebuildFailed(f"rebuilding {name} failed: {exc}") from exc
    elapsed = time.perf_counter() - started
    bar.update(view.applied - bar.n)
    bar.close()
    sql.switch_generation(datastore, backend, name, generation)
    log.info("projection %s rebuilt into generation %d: %d events in %.2fs", name, generation, view.applied, elapsed)
    return Rebuilt(name, generation, view.applied, elapsed)


def replay_into(
    view: ReadModelView,
    projection: ReadModelProjection[Any],
    logs: Sequence[EventLog],
    uptos: Sequence[int],
    progress: Any,
) -> None:
    """Apply every event of the projection's kinds after the view's committed positions, up to `uptos` (one
    log per shard, the first first).

    Read in pages of REBUILD_PAGE notifications (one query each) and applied here, in this thread; every
    REBUILD_PAGE events the rows are written with each log's position in one transaction (view.flush), so an
    interrupted rebuild resumes from a committed page: no event skipped or applied twice. Several shards'
    logs are merged by the events' time, so the ratings meet the games in about the order they ended.
    """
    topics = list(type(projection).topics)
    streams = [
        _read(log_, shard, view.position(log_name(shard)), upto, topics)
        for shard, (log_, upto) in enumerate(zip(logs, uptos, strict=True))
    ]
    merged = streams[0] if len(streams) == 1 else heapq.merge(*streams, key=lambda pair: pair[0].timestamp)
    for count, (event, tracking) in enumerate(merged, start=1):
        projection.process_event(event, tracking)
        if count % REBUILD_PAGE == 0:
            view.flush()
            progress()
    view.flush()
    progress()


def _read(events: EventLog, shard: int, position: int, upto: int, topics: list[str]) -> Iterator[tuple[Any, Tracking]]:
    """One shard's log after `position` up to `upto`, page by page, as (event, its tracking)."""
    name = log_name(shard)
    while position < upto:
        page = events.recorder.select_notifications(
            start=position, limit=REBUILD_PAGE, stop=upto, topics=topics, inclusive_of_start=False
        )
        if not page:
            return
        to_domain_event = events.mapper.to_domain_event
        for notification in page:
            yield to_domain_event(notification), Tracking(name, notification.id)
        position = page[-1].id


def drop_other_generations(datastore: Any, backend: sql.Backend, name: str, keep: int) -> list[str]:
    vcls = view_class(name, backend)
    bases = [f"pl_{t.name}" for t in vcls.tables] + [f"pl_{vcls.projection}_tracking"]
    patterns = [re.compile(re.escape(b) + r"_g(\d+)$") for b in bases]
    stale = []
    for table in sql.existing_tables(datastore, backend):
        for pattern in patterns:
            m = pattern.match(table)
            if m and int(m.group(1)) != keep:
                stale.append(table)
    sql.drop_tables(datastore, backend, stale)
    return stale


def status(
    env: Mapping[str, str], names: Sequence[str] = tuple(PROJECTIONS), shard_envs: Sequence[Mapping[str, str]] = ()
) -> list[Lag]:
    """Generation, position and lag of each projection, read from the stores (no runner needed)."""
    probe = LagProbe(env, names, shard_envs=shard_envs)
    try:
        return [probe.lag(name) for name in names]
    finally:
        probe.close()


def run_worker(
    env: Mapping[str, str],
    names: Sequence[str],
    report_every: float = 10.0,
    shard_envs: Sequence[Mapping[str, str]] = (),
) -> None:
    """Run the projections in this process until SIGTERM/SIGINT, logging their lag now and then."""
    projections = Projections(env, names, shard_envs=shard_envs).start()
    done = threading.Event()

    def shutdown(signum: int, _frame: object) -> None:
        log.info("signal %d: stopping the projections", signum)
        done.set()

    signal.signal(signal.SIGTERM, shutdown)
    signal.signal(signal.SIGINT, shutdown)
    try:
        while not done.wait(report_every):
            for lag in projections.lag().values():
                log.info(
                    "projection %s: g%s position %d, %d events behind (%.1fs)",
                    lag.projection,
                    lag.generation,
                    lag.position,
                    lag.events,
                    lag.seconds,
                )
    finally:
        projections.stop()


def dump(
    env: Mapping[str, str], names: Sequence[str] = tuple(PROJECTIONS)
) -> dict[str, dict[str, list[tuple[Any, ...]]]]:
    """Every row of every read model in use, in key order (to compare a rebuild with what it replaced)."""
    renv = runner_env(env)
    backend = sql.backend_of(env)
    datastore = sql.datastore_for(renv)
    try:
        out: dict[str, dict[str, list[tuple[Any, ...]]]] = {}
        for name in names:
            generation = sql.current_generation(datastore, backend, name)
            tables: dict[str, list[tuple[Any, ...]]] = {}
            for t in view_class(name, backend).tables:
                tables[t.name] = []
                if generation is None:
                    continue
                columns, key = ", ".join(t.column_names), ", ".join(t.key)
                with sql.transaction(datastore, backend, commit=False) as c:
                    rows = c.execute(f"SELECT {columns} FROM {t.physical(generation)} ORDER BY {key}").fetchall()
                tables[t.name] = [t.encode(t.decode(r)) for r in rows]
            out[name] = tables
        return out
    finally:
        datastore.close()
