"""The command benchmark (`make bench`): throughput, latency and server CPU of SubmitCommand, each beside the
standard gRPC health Check measured in the same run, on a fresh SQLite file and a fresh PostgreSQL database.

    python -m bench.server_bench                      # the whole run (SQLite + PostgreSQL), table on stdout
    python -m bench.server_bench --json               # the same numbers as one JSON document on stdout
    python -m bench.server_bench --stores sqlite --inflight 4 --commands 40     # a quick look

How a step is timed. Load comes from `--processes` worker processes (spawned, each with one channel and gRPC
futures), so the Python client is not what limits 16 or 64 calls in flight on a small machine; how much CPU
they used is printed beside the server's. Every worker owns several games per call in flight, so in-flight
commands always hit different games. A step runs in rounds: in each round every worker first plans one
command per game (GetGame/CreateGame as needed, then ListLegalCommands as the seat to act, a random pick),
untimed; all workers meet at a barrier; then only SubmitCommand runs, N in flight across the workers, until
every planned command is answered; all meet again. Rates, latencies and the "timed" server CPU cover only
these submit phases; "step" CPU covers the whole step (planning calls and projection catch-up included).
The baseline is the health Check driven by exactly the same machinery at the same N.

Also measured: the projection lag the server exports on /metrics, sampled during the most loaded step, and
(PostgreSQL) the time from a command's acknowledgement by one server process until a WatchGame stream on
another server process (same database) delivers it, beside a stream on the same process as a baseline.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import os
import subprocess
import tempfile
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import click

from bench import lag as bench_lag
from bench.harness import ServerProc, cpu_seconds, quantile
from bench.output import _loadavg, _r, table
from bench.watch import ORGANIZER, watch_latency
from bench.worker import BARRIER_TIMEOUT, _worker_main, pin_workers

DEFAULT_INFLIGHT = (1, 4, 16, 64)
# Store labels -> what the fresh database's URL gets appended (service/ledger/store.py parameters).
STORES = {
    "sqlite": "",
    "sqlite-library": "?appends=library",
    "postgresql": "",
    "postgresql-library": "?appends=library&pre_ping=y",
    "postgresql-2shards": "",  # two fresh databases on the same server, games spread over both (issue 34)
}
DEFAULT_ADMIN = "postgresql://root@127.0.0.1:5432/postgres"
LAG_METRICS = ("playledger_projection_lag_events", "playledger_projection_lag_seconds")


# --- the parent ---------------------------------------------------------------------------------------------------
@dataclass
class Step:
    """One measured step: one kind of call at one number in flight."""

    kind: str
    inflight: int
    calls: int = 0
    codes: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0  # timed phases only
    step_seconds: float = 0.0
    server_cpu: float = 0.0  # during the timed phases
    server_cpu_step: float = 0.0  # the whole step
    client_cpu: float = 0.0
    db_cpu_step: float | None = None  # PostgreSQL: the CPU of the database's backend processes over the whole step
    latencies: list[float] = field(default_factory=list)
    lag_samples: list[dict[str, float]] = field(default_factory=list)

    def summary(self) -> dict[str, Any]:
        per_k = 1000 / self.calls if self.calls else math.nan
        return {
            "kind": self.kind,
            "inflight": self.inflight,
            "calls": self.calls,
            "errors": {k: v for k, v in sorted(self.codes.items()) if k != "OK"},
            "timed_seconds": round(self.seconds, 3),
            "per_second": _r(self.calls / self.seconds if self.seconds else math.nan, 1),
            "p50_ms": _r(quantile(self.latencies, 0.50) * 1000, 3),
            "p99_ms": _r(quantile(self.latencies, 0.99) * 1000, 3),
            "server_cpu_s_per_1k": _r(self.server_cpu * per_k, 3),
            "server_cpu_s_per_1k_step": _r(self.server_cpu_step * per_k, 3),
            "db_cpu_s_per_1k_step": None if self.db_cpu_step is None else _r(self.db_cpu_step * per_k, 3),
            "server_cores": _r(self.server_cpu / self.seconds if self.seconds else math.nan, 2),
            "client_cpu_s_per_1k": _r(self.client_cpu * per_k, 3),
            "client_cores": _r(self.client_cpu / self.seconds if self.seconds else math.nan, 2),
        }


class Workers:
    """`count` spawned load processes, reused for every step and store."""

    def __init__(self, count: int, seed: int) -> None:
        ctx = multiprocessing.get_context("spawn")  # never fork a process that has gRPC threads
        self.barrier = ctx.Barrier(count + 1)
        self.stop = ctx.Value("i", 0)
        self.pipes = []
        self.procs = []
        for i in range(count):
            parent, child = ctx.Pipe()
            proc = ctx.Process(
                target=_worker_main, args=(child, self.barrier, self.stop, i, seed), name=f"bench-{i}", daemon=True
            )
            proc.start()
            self.pipes.append(parent)
            self.procs.append(proc)

    def close(self) -> None:
        for pipe in self.pipes:
            with suppress(OSError):
                pipe.send(None)
        for proc in self.procs:
            proc.join(timeout=10)
            if proc.is_alive():
                proc.kill()

    def run(
        self,
        server: ServerProc,
        kind: str,
        inflight: int,
        commands: int,
        seconds: float,
        load: dict[str, Any],
        sample_lag: bool = False,
        db: Backends | None = None,
    ) -> Step:
        """Rounds of (plan, then `inflight` calls at once) until `commands` calls or `seconds` of timed phases."""
        n = len(self.procs)
        shares = [inflight // n + (1 if i < inflight % n else 0) for i in range(n)]
        per_round = max(3 * inflight, 32)  # several games per call in flight; whole rounds keep the tail small
        games = [per_round * s // inflight for s in shares]
        rounds = max(2, math.ceil(commands / per_round))
        step = Step(kind, inflight)
        self.stop.value = 0
        for pipe, share, g in zip(self.pipes, shares, games, strict=True):
            pipe.send({"kind": kind, "target": server.target, "inflight": share, "games": g, **load})
        sampler = _LagSampler(server) if sample_lag else None
        db_started = db.cpu() if db is not None else {}
        step_started, cpu_started = time.perf_counter(), server.cpu_seconds()
        try:
            for done in range(1, rounds + 1):
                self.barrier.wait(BARRIER_TIMEOUT)
                t0, c0 = time.perf_counter(), server.cpu_seconds()
                self.barrier.wait(BARRIER_TIMEOUT)
                step.seconds += time.perf_counter() - t0
                step.server_cpu += server.cpu_seconds() - c0
                if done == rounds or step.seconds >= seconds:
                    self.stop.value = 1
                self.barrier.wait(BARRIER_TIMEOUT)
                if self.stop.value:
                    break
        except threading.BrokenBarrierError:
            pass  # a worker failed: its report below says why
        finally:
            if sampler is not None:
                step.lag_samples = sampler.stop()
        step.step_seconds = time.perf_counter() - step_started
        step.server_cpu_step = server.cpu_seconds() - cpu_started
        if db is not None:
            db_now = db.cpu()
            step.db_cpu_step = sum(cpu - db_started.get(pid, 0.0) for pid, cpu in db_now.items())
        codes: Counter[str] = Counter()
        errors = []
        for pipe in self.pipes:
            report = pipe.recv()
            step.latencies += report["latencies"]
            codes.update(report["codes"])
            step.client_cpu += report["cpu"]
            if report["error"]:
                errors.append(report["error"])
        if errors:
            raise RuntimeError(f"a load process failed during {kind} at {inflight} in flight: {errors[0]}")
        step.codes = dict(codes)
        step.calls = len(step.latencies)
        return step


class Backends:
    """The PostgreSQL backend processes serving one database (from pg_stat_activity) and their CPU time.

    The database runs on this machine, so /proc has its backends; the pool keeps them for the whole run. A
    backend that ends during a step takes its CPU with it (the number is then a little low).
    """

    def __init__(self, url: str) -> None:
        self.url = url

    def cpu(self) -> dict[int, float]:
        rows = _psql(
            self.url,
            "SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()",
        )
        found = {}
        for pid in (int(p) for p in rows.split()):
            with suppress(OSError):
                found[pid] = cpu_seconds(pid)
        return found


class _LagSampler:
    """Scrapes the server's /metrics a few times a second for playledger_projection_lag_*."""

    def __init__(self, server: ServerProc, interval: float = 0.25) -> None:
        self.server, self.interval = server, interval
        self.samples: list[dict[str, float]] = []
        self.halt = threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self) -> None:
        while not self.halt.wait(self.interval):
            with suppress(Exception):
                self.samples.append(lag_of(self.server.metrics(timeout=3)))

    def stop(self) -> list[dict[str, float]]:
        self.halt.set()
        self.thread.join(timeout=10)
        return self.samples


def lag_of(metrics: dict[str, float]) -> dict[str, float]:
    """{'events:games': n, 'seconds:games': s, ...} from parsed metrics."""
    out = {}
    for key, value in metrics.items():
        for metric in LAG_METRICS:
            if key.startswith(metric + "{"):
                projection = key.split('projection="', 1)[1].split('"', 1)[0]
                out[f"{metric.rsplit('_', 1)[1]}:{projection}"] = value
    return out


def lag_summary(samples: list[dict[str, float]], server: ServerProc, settle_limit: float = 30) -> dict[str, Any]:
    """Max and median lag during the load, and how long the projections took to catch up after it."""
    keys = sorted({k for s in samples for k in s})
    out: dict[str, Any] = {"samples": len(samples)}
    for key in keys:
        values = [s[key] for s in samples if key in s]
        out[f"max_{key}"] = _r(max(values), 3)
        out[f"p50_{key}"] = _r(quantile(values, 0.5), 3)
    started = time.perf_counter()
    while time.perf_counter() - started < settle_limit:
        now = lag_of(server.metrics())
        if now and all(v == 0 for k, v in now.items() if k.startswith("events:")):
            out["caught_up_after_load_s"] = round(time.perf_counter() - started, 3)
            break
        time.sleep(0.05)
    else:
        out["caught_up_after_load_s"] = math.inf
    return out


# --- stores ---------------------------------------------------------------------------------------------------
def _psql(url: str, sql: str) -> str:
    done = subprocess.run(
        ["psql", url, "-v", "ON_ERROR_STOP=1", "-qAtc", sql], capture_output=True, text=True, timeout=60
    )
    if done.returncode != 0:
        raise RuntimeError(f"psql {sql!r}: {done.stderr.strip()}")
    return done.stdout


@contextmanager
def postgres_database(admin_url: str, prefix: str = "playledger_bench") -> Iterator[str]:
    """A fresh, uniquely named database on the server of `admin_url` (psql), dropped afterwards."""
    name = f"{prefix}_{uuid.uuid4().hex[:12]}"
    _psql(admin_url, f'CREATE DATABASE "{name}"')
    try:
        yield urlparse(admin_url)._replace(path=f"/{name}").geturl()
    finally:
        _psql(admin_url, f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@dataclass(frozen=True)
class Plan:
    """What every store is measured with."""

    workdir: Path
    inflight: tuple[int, ...]
    commands: int
    seconds: float
    load: dict[str, Any]
    watch_samples: int
    seed: int


def bench_store(
    label: str,
    url: str,
    processes: int,
    plan: Plan,
    workers: Workers,
    say: Callable[[str], None],
    shards: tuple[str, ...] = (),
) -> dict[str, Any]:
    """Every step on one fresh store (and `shards`, further stores) with a server of `processes` worker processes
    (and the watch, with 2+)."""
    name = label if processes == 1 else f"{label} x{processes}"
    args: tuple[str, ...] = ("--organizer-token", ORGANIZER, "--max-watchers", "8", "--processes", str(processes))
    args += tuple(arg for shard in shards for arg in ("--store", shard))
    server = ServerProc(url, plan.workdir / f"{label}-{processes}p-server.log", args)
    startup = server.start()
    load = {**plan.load, "processes": processes}
    pin_workers(server.target, processes)  # every worker serves before anything is timed
    db = Backends(url.split("?")[0]) if label.startswith("postgresql") else None
    say(f"{name}: server up in {startup:.1f}s ({server.target})")
    out: dict[str, Any] = {"store": name, "processes": processes, "server_startup_s": round(startup, 2), "steps": []}
    try:
        top = max(plan.inflight)
        for n in plan.inflight:
            health = workers.run(server, "health", n, plan.commands, plan.seconds, load, db=db)
            submit = bench_lag.during(
                server.target, n == top, out, say, workers.run,
                server, "submit", n, plan.commands, plan.seconds, load, sample_lag=n == top, db=db,
            )  # fmt: skip
            h, s = health.summary(), submit.summary()
            out["steps"].append({"inflight": n, "health": h, "submit": s, "ratio": ratios(s, h)})
            say(f"{name}: {n:>3} in flight: {s['per_second']}/s SubmitCommand, {h['per_second']}/s health")
            if n == top:
                out["projection_lag"] = lag_summary(submit.lag_samples, server)
        if plan.watch_samples and processes > 1 and label == "postgresql":
            out["watch"] = watch_latency(server, processes, load, plan.watch_samples, plan.seed)
        out["server_rss_mb"] = round(server.rss_mb(), 1)
    finally:
        out["server_exit"] = server.stop()
    return out


def ratios(submit: dict[str, Any], health: dict[str, Any]) -> dict[str, float]:
    def div(a: float, b: float) -> float:
        return _r(a / b, 3) if b and math.isfinite(a) and math.isfinite(b) else math.nan

    return {
        "per_second": div(submit["per_second"], health["per_second"]),
        "p50": div(submit["p50_ms"], health["p50_ms"]),
        "p99": div(submit["p99_ms"], health["p99_ms"]),
    }


@click.command()
@click.option(
    "--stores",
    default="sqlite,postgresql",
    show_default=True,
    help="comma-separated: sqlite (a fresh file), postgresql (a fresh database on --postgres, dropped after), "
    "sqlite-library, postgresql-library (the same with eventsourcing's own appends, and on PostgreSQL a ping "
    "per checkout: the path before grouped appends, as a baseline in the same run)",
)
@click.option(
    "--postgres",
    "admin_url",
    envvar="PLAYLEDGER_TEST_POSTGRES",
    default=DEFAULT_ADMIN,
    show_default=True,
    help="an admin connection that may CREATE and DROP DATABASE (psql runs it)",
)
@click.option("--inflight", default="1,4,16,64", show_default=True, help="calls in flight per step")
@click.option("--commands", default=600, show_default=True, help="calls per step (at least two rounds)")
@click.option("--seconds", default=15.0, show_default=True, help="bound on a step's timed phases")
@click.option("--processes", default=2, show_default=True, help="load processes (gRPC futures in each)")
@click.option("--rules", default="hare-and-tortoise", show_default=True)
@click.option("--players", default=3, show_default=True)
@click.option(
    "--server-processes",
    default="1,2",
    show_default=True,
    help="PostgreSQL: measure a server of each of these many worker processes (--processes); SQLite runs one",
)
@click.option(
    "--watch-samples",
    default=40,
    show_default=True,
    help="commands for the cross-process watch (2+ processes); 0 = skip",
)
@click.option("--seed", default=1, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="the JSON document on stdout instead of the table")
@click.option("--out", "out_dir", default="out", show_default=True, help="where the JSON document is written too")
def main(
    stores: str,
    admin_url: str,
    inflight: str,
    commands: int,
    seconds: float,
    processes: int,
    rules: str,
    players: int,
    server_processes: str,
    watch_samples: int,
    seed: int,
    as_json: bool,
    out_dir: str,
) -> None:
    """Benchmark SubmitCommand against the health Check on fresh SQLite and PostgreSQL stores; print the numbers."""
    levels = tuple(int(x) for x in inflight.split(","))
    counts = tuple(int(x) for x in server_processes.split(","))
    wanted = [s.strip() for s in stores.split(",") if s.strip()]
    for s in wanted:
        if s not in STORES:
            raise click.BadParameter(f"unknown store {s!r}", param_hint="--stores")
    load = {"rules": rules, "players": players, "options": {}}
    result: dict[str, Any] = {
        "machine": {"cores": os.cpu_count(), "loadavg_start": _loadavg(), "shared": True},
        "config": {
            "processes": processes,
            "server_processes": list(counts),
            "rules": rules,
            "players": players,
            "commands_per_step": commands,
            "inflight": list(levels),
        },
        "stores": [],
    }
    started = time.perf_counter()
    workers = Workers(processes, seed)
    try:
        with tempfile.TemporaryDirectory(prefix="playledger-bench-") as tmp:
            plan = Plan(Path(tmp), levels, commands, seconds, load, watch_samples, seed)
            for label in wanted:
                result["stores"] += run_store(label, admin_url, counts, plan, workers)
    finally:
        workers.close()
    result["machine"]["loadavg_end"] = _loadavg()
    result["seconds"] = round(time.perf_counter() - started, 1)
    report(result, out_dir, as_json)


def say(text: str) -> None:
    click.echo(text, err=True)  # progress on stderr; stdout keeps the table or the JSON


def run_store(
    label: str, admin_url: str, counts: tuple[int, ...], plan: Plan, workers: Workers
) -> list[dict[str, Any]]:
    """A fresh store per server size: SQLite once (one process), PostgreSQL once per count in `counts`."""
    if label.startswith("sqlite"):
        url = f"sqlite:///{plan.workdir / f'{label}.db'}{STORES[label]}"
        return [bench_store(label, url, 1, plan, workers, say)]
    done = []
    for count in counts:
        with ExitStack() as databases:
            try:
                urls = [databases.enter_context(postgres_database(admin_url)) + STORES[label]]
                if label.endswith("2shards"):
                    urls.append(databases.enter_context(postgres_database(admin_url)))
            except Exception as exc:
                return [{"store": label, "skipped": f"no database at {admin_url}: {exc}"}]
            done.append(bench_store(label, urls[0], count, plan, workers, say, shards=tuple(urls[1:])))
    return done


def report(result: dict[str, Any], out_dir: str, as_json: bool) -> None:
    document = json.dumps(result, indent=2)
    if out_dir:
        path = Path(out_dir)
        path.mkdir(parents=True, exist_ok=True)
        stamp = time.strftime("%Y%m%d-%H%M%S")
        (path / f"bench-{stamp}.json").write_text(document + "\n")
        say(f"wrote {path / f'bench-{stamp}.json'}")
    if as_json:
        click.echo(document)
    else:
        click.echo(table(result))
        click.echo(f"whole run: {result['seconds']} s")


if __name__ == "__main__":
    main()
