"""Projection rebuild benchmark: python -m bench.projection_bench [--games 100] [--postgres URL | --no-postgres]

On a fresh SQLite file and a fresh PostgreSQL database (created, then dropped): bot games of every type
(bench.audit_bench's mix) are recorded, the projections follow them as a server's would (incremental), then
every projection is rebuilt from the first event (`projections rebuild`) and its read models compared
with the incremental ones, row for row. Printed per store: events/s of the rebuild (wall clock), events
per CPU second, and beside them a baseline timed in the same run (reading and decoding the same
notifications, applying nothing), so the figure means something on a busy machine. It measures; the
only thing it asserts is that the rebuilt read models equal the incremental ones (exit 1 if not).
"""

from __future__ import annotations

import contextlib
import os
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import click

from bench.audit_bench import Timing, populate, timed
from service.ledger.app import Ledger
from service.ledger.store import persistence_env
from service.projections import admin
from service.projections.runner import PROJECTIONS, EventLog, Projections, runner_env

ADMIN_URL = os.environ.get("PLAYLEDGER_TEST_POSTGRES", "postgresql://root@127.0.0.1:5432/postgres")
CATCH_UP_SECONDS = 60.0


@dataclass(frozen=True)
class StoreResult:
    store: str
    events: int  # events in the store
    applied: int  # events the projections applied in the rebuild (each projection counts its own kinds)
    rebuild: Timing
    baseline: Timing
    equal: bool
    differences: list[str]

    def lines(self) -> list[str]:
        r, b = self.rebuild, self.baseline
        return [
            f"{self.store}: {self.events} events; rebuild of {', '.join(PROJECTIONS)}: {self.applied} applied in "
            f"{r.wall:.2f}s = {self.applied / r.wall:,.0f} events/s (wall), {self.applied / r.cpu:,.0f} per CPU second",
            f"{self.store}: baseline (read + decode every notification once, nothing applied) "
            f"{b.events / b.wall:,.0f} events/s, {b.per_cpu_second:,.0f} per CPU second, same run; "
            f"rebuild/baseline (CPU) {(self.applied / r.cpu) / b.per_cpu_second:.2f}",
            f"{self.store}: rebuilt read models "
            + ("equal the incremental ones" if self.equal else f"DIFFER: {'; '.join(self.differences[:5])}"),
        ]


def read_all(env: Mapping[str, str], page: int = admin.REBUILD_PAGE) -> int:
    """The baseline: every notification read in pages and decoded to its domain event, nothing applied."""
    events = EventLog(runner_env(env))
    try:
        count, after = 0, 0
        while batch := events.recorder.select_notifications(start=after, limit=page, inclusive_of_start=False):
            for notification in batch:
                events.mapper.to_domain_event(notification)
            count += len(batch)
            after = batch[-1].id
        return count
    finally:
        events.close()


def differences(before: Mapping[str, Any], after: Mapping[str, Any]) -> list[str]:
    """Where two dumps (admin.dump) differ: projection and table, with the first differing row."""
    out = []
    for name in sorted(set(before) | set(after)):
        for table in sorted(set(before.get(name, {})) | set(after.get(name, {}))):
            a, b = before.get(name, {}).get(table, []), after.get(name, {}).get(table, [])
            if a != b:
                first = next((i for i, (x, y) in enumerate(zip(a, b, strict=False)) if x != y), min(len(a), len(b)))
                out.append(f"{name}.{table}: {len(a)} rows incremental, {len(b)} rebuilt, first difference at {first}")
    return out


def bench_store(label: str, url: str, games: int, seed: str) -> StoreResult:
    """Record the games, let the projections follow, then time a rebuild and compare (see the module doc)."""
    env = persistence_env(url)
    writer = Ledger(env)
    populate(writer, games, seed)
    total = writer.recorder.max_notification_id() or 0
    writer.close()
    projections = Projections(env).start()
    try:
        if not projections.wait_caught_up(CATCH_UP_SECONDS):
            raise click.ClickException(f"{label}: the projections did not catch up within {CATCH_UP_SECONDS:.0f}s")
    finally:
        projections.stop()
    incremental = admin.dump(env)
    rebuilt: list[admin.Rebuilt] = []

    def run_rebuild() -> int:
        rebuilt.extend(admin.rebuild(env, progress=False, grace=0))
        return sum(r.events for r in rebuilt)

    rebuild = timed(run_rebuild)
    baseline = timed(lambda: read_all(env))
    found = differences(incremental, admin.dump(env))
    return StoreResult(label, total, rebuild.events, rebuild, baseline, not found, found)


@contextlib.contextmanager
def postgres_database(admin_url: str) -> Iterator[str]:
    """A fresh database on the server at admin_url, dropped afterwards."""
    import psycopg

    name = f"playledger_projbench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(admin_url, autocommit=True, connect_timeout=3) as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield urlparse(admin_url)._replace(path=f"/{name}").geturl()
    finally:
        with psycopg.connect(admin_url, autocommit=True, connect_timeout=3) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@click.command()
@click.option("--games", default=100, show_default=True, help="bot games of every type recorded per store")
@click.option("--postgres", "admin_url", default=ADMIN_URL, show_default=True, help="a PostgreSQL server's URL")
@click.option("--no-postgres", is_flag=True, help="SQLite only")
@click.option("--seed", default="projection-bench", show_default=True)
def main(games: int, admin_url: str, no_postgres: bool, seed: str) -> None:
    """Rebuild every projection from scratch on SQLite and PostgreSQL; print events/s beside a baseline."""
    results = []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        results.append(bench_store("SQLite", f"sqlite:///{Path(tmp) / 'bench.db'}", games, seed))
    if not no_postgres:
        with postgres_database(admin_url) as url:
            results.append(bench_store("PostgreSQL", url, games, seed))
    for result in results:
        for line in result.lines():
            click.echo(line)
    click.echo(f"(whole benchmark {time.perf_counter() - started:.0f}s)")
    sys.exit(0 if all(r.equal for r in results) else 1)


if __name__ == "__main__":
    main()
