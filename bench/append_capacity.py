"""The append capacity of one PostgreSQL store (one shard), and the table lock's share of an append
(`make capacity-bench`).

    python -m bench.append_capacity                       # 1, 4, 16, 64 writers, 5 s each
    python -m bench.append_capacity --writers 16 --seconds 3

On a fresh database (created and dropped on PLAYLEDGER_TEST_POSTGRES), side by side at each number of writers:

- **PlayLedger**: threads appending one command's events each (one event, the size of a real Hare & Tortoise
  move's stored event) to games of their own, through the server's append path (the grouped, one-statement
  append of service/ledger/pg_appends.py, with its EXCLUSIVE table lock), in one Python process as a server
  process does. This is the store's side of a SubmitCommand, without the rules, gRPC or projections.
- **pgbench, insert**: PostgreSQL's own benchmark running a one-statement INSERT of a row of the same size
  into a table shaped like the events table (its unique key included), each client a session of its own:
  what the database does with no lock and no Python.
- **pgbench, lock + insert**: the same insert inside a transaction that first takes the table's EXCLUSIVE lock,
  as every append does: the lock's cost, read as the ratio to the plain insert.

Each row prints appends per second, and for PlayLedger the events per append it grouped into one statement.
The model in the README (shards for 10,000 to 1,000,000 games) is computed from these figures.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import threading
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click
from eventsourcing.persistence import StoredEvent

from bench.server_bench import DEFAULT_ADMIN, postgres_database


def event_template(url: str) -> tuple[str, bytes]:
    """The topic and stored bytes of a real move: a Hare & Tortoise game played a few commands in."""
    from service.ledger.app import Ledger
    from service.ledger.game import Game
    from service.ledger.store import persistence_env

    ledger = Ledger(persistence_env(url))
    try:
        created = ledger.create_game("hare-and-tortoise", ["ann", "bob", "cy"], seed=b"capacity")
        game = ledger.get_game(created.game_id)
        for n in range(3):
            status = game.rules.status(game.state)
            seat = status.to_act[0]
            ledger.submit(created.game_id, seat, game.rules.legal_commands(game.state, seat)[0], f"cap-{n}")
            game = ledger.get_game(created.game_id)
        stored = ledger.recorder.select_events(created.game_id)
        moves = [e for e in stored if e.topic.endswith(Game.EventRecorded.__qualname__)]
        pick = moves[-1]
        return pick.topic, pick.state
    finally:
        ledger.close()


def playledger_appends(url: str, writers: int, seconds: float, topic: str, state: bytes) -> dict[str, Any]:
    """`writers` threads, each appending one event at a time to its own games, through the server's recorder."""
    from service.ledger.app import Ledger
    from service.ledger.store import persistence_env

    env = {**persistence_env(url), "POSTGRES_POOL_SIZE": "4", "POSTGRES_MAX_OVERFLOW": "2"}
    ledger = Ledger(env, cache_size=0)
    recorder: Any = ledger.recorder
    counts = [0] * writers
    start = threading.Barrier(writers + 1)
    stop = threading.Event()

    def write(index: int) -> None:
        game, version = uuid.uuid4(), 0
        start.wait()
        while not stop.is_set():
            version += 1
            recorder.insert_events([StoredEvent(game, version, topic, state)])
            counts[index] += 1
            if version >= 200:  # a game's length; then a new game
                game, version = uuid.uuid4(), 0

    threads = [threading.Thread(target=write, args=(i,), daemon=True) for i in range(writers)]
    try:
        for t in threads:
            t.start()
        batches_before = recorder.group.batches
        start.wait()
        began = time.perf_counter()
        cpu = time.process_time()
        time.sleep(seconds)
        stop.set()
        for t in threads:
            t.join(timeout=30)
        elapsed = time.perf_counter() - began
        cpu_used = time.process_time() - cpu
        appends = sum(counts)
        batches = recorder.group.batches - batches_before
        return {
            "appends_per_s": round(appends / elapsed, 1),
            "events_per_statement": round(appends / batches, 2) if batches else 0.0,
            "python_cpu_ms_per_append": round(cpu_used * 1000 / appends, 3) if appends else None,
        }
    finally:
        ledger.close()


PGBENCH_TABLE = """
CREATE TABLE IF NOT EXISTS capacity_insert (
    notification_id bigserial PRIMARY KEY,
    originator_id uuid NOT NULL,
    originator_version bigint NOT NULL,
    topic text NOT NULL,
    state bytea NOT NULL,
    UNIQUE (originator_id, originator_version)
)"""


def pgbench(url: str, writers: int, seconds: float, topic: str, state: bytes, lock: bool) -> dict[str, Any]:
    """pgbench with a one-statement insert (or lock + insert in one transaction); tps as appends per second."""
    insert = (
        "INSERT INTO capacity_insert (originator_id, originator_version, topic, state) "
        f"VALUES (gen_random_uuid(), 1, '{topic}', decode('{state.hex()}', 'hex'));"
    )
    script = f"BEGIN;\nLOCK TABLE capacity_insert IN EXCLUSIVE MODE;\n{insert}\nCOMMIT;\n" if lock else insert + "\n"
    with tempfile.NamedTemporaryFile("w", suffix=".sql", delete=False) as f:
        f.write(script)
    try:
        done = subprocess.run(
            [pgbench_path(), "-n", "-c", str(writers), "-j", str(min(writers, os.cpu_count() or 2)),
             "-T", str(max(1, round(seconds))), "-f", f.name, url],
            capture_output=True, text=True, timeout=seconds + 120,
        )  # fmt: skip
    finally:
        Path(f.name).unlink()
    if done.returncode != 0:
        raise RuntimeError(f"pgbench failed: {done.stderr.strip()[-400:]}")
    found = re.search(r"tps = ([0-9.]+)", done.stdout)
    if not found:
        raise RuntimeError(f"pgbench printed no tps:\n{done.stdout[-400:]}")
    return {"appends_per_s": round(float(found.group(1)), 1)}


def pgbench_path() -> str:
    found = shutil.which("pgbench") or next((str(p) for p in Path("/usr/lib/postgresql").glob("*/bin/pgbench")), None)
    if found is None:
        raise click.ClickException("pgbench not found (Debian: postgresql-client / postgresql-NN)")
    return found


def run(admin_url: str, writers: list[int], seconds: float, say: Callable[[str], None]) -> list[dict[str, Any]]:
    rows = []
    with postgres_database(admin_url, "playledger_capacity") as url:
        topic, state = event_template(url)
        say(f"event: {len(state)} bytes stored ({topic.rsplit(':', 1)[-1]})")
        subprocess.run(["psql", url, "-qc", PGBENCH_TABLE], check=True, capture_output=True, timeout=60)
        for n in writers:
            row: dict[str, Any] = {"writers": n}
            row["playledger"] = playledger_appends(url, n, seconds, topic, state)
            row["pgbench_insert"] = pgbench(url, n, seconds, topic, state, lock=False)
            row["pgbench_lock_insert"] = pgbench(url, n, seconds, topic, state, lock=True)
            per_s = [row[k]["appends_per_s"] for k in ("playledger", "pgbench_insert", "pgbench_lock_insert")]
            say(f"{n:>3} writers: PlayLedger {per_s[0]}/s, pgbench insert {per_s[1]}/s, lock + insert {per_s[2]}/s")
            rows.append(row)
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    out = [
        f"{'writers':>7} {'PlayLedger/s':>13} {'events/stmt':>11} {'py ms/append':>12} {'pgbench insert/s':>17} "
        f"{'lock+insert/s':>14} {'lock cost':>9} {'PL/insert':>9}"
    ]
    for r in rows:
        pl, ins, lk = r["playledger"], r["pgbench_insert"]["appends_per_s"], r["pgbench_lock_insert"]["appends_per_s"]
        ratio = pl["appends_per_s"] / ins
        out.append(
            f"{r['writers']:>7} {pl['appends_per_s']:>13} {pl['events_per_statement']:>11} "
            f"{pl['python_cpu_ms_per_append']!s:>12} {ins:>17} {lk:>14} {lk / ins:>8.2f}x {ratio:>8.2f}x"
        )
    return "\n".join(out)


@click.command()
@click.option("--postgres", "admin_url", envvar="PLAYLEDGER_TEST_POSTGRES", default=DEFAULT_ADMIN, show_default=True)
@click.option("--writers", default="1,4,16,64", show_default=True, help="concurrent writers per step")
@click.option("--seconds", default=5.0, show_default=True, help="seconds per measurement")
def main(admin_url: str, writers: str, seconds: float) -> None:
    """Appends per second of one PostgreSQL store: PlayLedger's path beside pgbench's insert, and the lock's cost."""
    counts = [int(x) for x in writers.split(",") if x.strip()]
    rows = run(admin_url, counts, seconds, lambda t: click.echo(t, err=True))
    click.echo(table(rows))
    click.echo(
        f"lock cost = pgbench lock+insert / insert; PL/insert = PlayLedger / pgbench insert; machine: "
        f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.2f} at the end"
    )


if __name__ == "__main__":
    main()
