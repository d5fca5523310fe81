"""Failover proof (`make failover`): the primary is lost under bot load, a synchronous standby takes over, and
no acknowledged command is missing or doubled.

    python -m tests.reliability.failover                 # two losses: the primary, then the new primary
    python -m tests.reliability.failover --rounds 1 --bots 4

The formation is pg_auto_failover's (Debian postgresql-15-auto-failover): a monitor and two PostgreSQL nodes
made for the run in a temporary directory, on free loopback ports, trust auth, removed afterwards. With one
standby, pg_auto_failover keeps it synchronous (synchronous_standby_names = ANY 1), so a commit the server
acknowledges is on both nodes. The server gets both hosts in one URL (postgresql://…@h1:p1,h2:p2/db); libpq
keeps to the one that takes writes (target_session_attrs=read-write), so after a failover its pool
reconnects to the new primary by itself.

A loss is the whole node: SIGKILL to its pg_autoctl keeper and its postmaster (killing the postmaster alone
is a restart: the keeper starts it again on the same node, which `make chaos` already covers). The monitor's
health checks are tightened (1 s) so that the standby is promoted in seconds rather than the default ~50 s.
Between rounds the lost node is started again and rejoins as the standby (pg_auto_failover rewinds it).

The bots, the accounting and the report are chaos.py's: acknowledged / found / missing / duplicated, the error
codes the clients saw, the time to the first acknowledged command after each loss, projection convergence and
`playledger-replay verify --all`, read through the same two-host URL.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import asdict
from pathlib import Path

import click
import psycopg

from bench.harness import ServerProc, free_port
from tests.reliability.chaos import (
    GAMES,
    Bot,
    Disruption,
    Journal,
    Outcome,
    account,
    attribute,
    converge,
    pg_version,
    read_log,
    report,
    verify,
)

# The monitor's health checks, tightened from pg_auto_failover's defaults (5 s period, 20 s until a node is
# considered unhealthy): a lost primary is noticed in about 2 s. Before promoting, the monitor waits
# primary_demote_timeout for the old primary to have demoted itself (its keeper does so once it has been cut
# off for network_partition_timeout); both come down from 30 s and 20 s, keeping demote > partition. The old
# primary cannot acknowledge anything meanwhile: its synchronous standby has stopped replicating from it.
MONITOR_SETTINGS = {
    "pgautofailover.primary_demote_timeout": "6000",
    "pgautofailover.health_check_period": "1000",
    "pgautofailover.health_check_timeout": "1000",
    "pgautofailover.health_check_max_retries": "1",
    "pgautofailover.health_check_retry_delay": "500",
    "pgautofailover.node_considered_unhealthy_timeout": "2000",
}
KEEPER_SETTINGS = {"timeout.network_partition_timeout": "4"}  # seconds (pg_autoctl config)
DBNAME = "playledger"
READY_LIMIT = 240.0  # seconds for the formation (or a rejoining node) to reach primary + secondary


class Formation:
    """A pg_auto_failover monitor and two nodes, each a pg_autoctl process run as the postgres user."""

    def __init__(self, root: Path, say: Callable[[str], None]) -> None:
        self.root, self.say = root, say
        self.bin = Path("/usr/lib/postgresql") / pg_version() / "bin"
        self.monitor_port = free_port()
        self.ports = [free_port(), free_port()]
        self.procs: dict[str, subprocess.Popen[bytes]] = {}

    @property
    def url(self) -> str:
        hosts = ",".join(f"127.0.0.1:{p}" for p in self.ports)
        return f"postgresql://postgres@{hosts}/{DBNAME}"

    def node_url(self, port: int, dbname: str = DBNAME) -> str:
        return f"postgresql://postgres@127.0.0.1:{port}/{dbname}"

    # --- processes ----------------------------------------------------------------------------------------
    def _autoctl(self, name: str, args: list[str]) -> None:
        log = (self.root / f"{name}.log").open("ab")
        self.procs[name] = subprocess.Popen(
            ["runuser", "-u", "postgres", "--", "pg_autoctl", *args],
            stdout=log,
            stderr=subprocess.STDOUT,
            env=self._env(),
            start_new_session=True,  # its own process group: a loss kills the keeper and all it started
            cwd=self.root,
        )

    def _env(self) -> dict[str, str]:
        env = {**os.environ, "PATH": f"{self.bin}:{os.environ.get('PATH', '')}"}
        env.pop("PGTARGETSESSIONATTRS", None)  # the keepers connect to standbys too
        return env

    def _node_args(self, index: int) -> list[str]:
        return [
            "create", "postgres", "--pgdata", str(self.root / f"node{index}"), "--pgport", str(self.ports[index]),
            "--hostname", "127.0.0.1", "--auth", "trust", "--no-ssl", "--dbname", DBNAME, "--run",
            "--monitor", f"postgres://autoctl_node@127.0.0.1:{self.monitor_port}/pg_auto_failover",
        ]  # fmt: skip

    def start(self) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        shutil.chown(self.root, "postgres")
        self._autoctl("monitor", [
            "create", "monitor", "--pgdata", str(self.root / "monitor"), "--pgport", str(self.monitor_port),
            "--hostname", "127.0.0.1", "--auth", "trust", "--no-ssl", "--run",
        ])  # fmt: skip
        self._wait(lambda: self._query(self.monitor_port, "pg_auto_failover", "SELECT 1") is not None, "the monitor")
        for name, value in MONITOR_SETTINGS.items():
            self._query(self.monitor_port, "pg_auto_failover", f"ALTER SYSTEM SET {name} = '{value}'")
        self._query(self.monitor_port, "pg_auto_failover", "SELECT pg_reload_conf()")
        self._autoctl("node0", self._node_args(0))
        self._wait(lambda: self.states().get(self.ports[0]) in ("single", "wait_primary"), "the first node")
        self._autoctl("node1", self._node_args(1))
        self.wait_pair()
        for index in range(2):
            for key, value in KEEPER_SETTINGS.items():
                pgdata = str(self.root / f"node{index}")
                subprocess.run(["runuser", "-u", "postgres", "--", "pg_autoctl", "config", "set", "--pgdata", pgdata,
                                key, value], check=True, capture_output=True, timeout=30, env=self._env())  # fmt: skip

    def states(self) -> dict[int, str]:
        """port -> reported state, as the monitor sees the nodes."""
        rows = self._query(
            self.monitor_port, "pg_auto_failover", "SELECT nodeport, reportedstate FROM pgautofailover.node"
        )
        return {int(str(port)): str(state) for port, state in rows or []}

    def primary_port(self) -> int | None:
        found = [p for p, s in self.states().items() if s in ("primary", "wait_primary", "single")]
        return found[0] if len(found) == 1 else None

    def wait_pair(self) -> None:
        """Until one node is primary and the other a synchronous secondary (a base backup waits for a
        checkpoint: asking the primary for one spares minutes of spread checkpointing)."""

        def paired() -> bool:
            states = self.states()
            primary = self.primary_port()
            if primary is not None:
                self._query(primary, DBNAME, "CHECKPOINT")
            return sorted(states.values()) == ["primary", "secondary"]

        self._wait(paired, "a primary and a secondary")
        primary = self.primary_port()
        assert primary is not None
        self._wait(lambda: bool(self._sync_names(primary)), "synchronous replication")

    def _sync_names(self, port: int) -> str:
        rows = self._query(port, DBNAME, "SHOW synchronous_standby_names")
        return str(rows[0][0]) if rows else ""

    def lose(self, port: int) -> None:
        """The node on `port` is lost: SIGKILL to its keeper's process group and its postmaster."""
        index = self.ports.index(port)
        proc = self.procs[f"node{index}"]
        pid_file = self.root / f"node{index}" / "postmaster.pid"
        postmaster = int(pid_file.read_text().split()[0]) if pid_file.exists() else None
        with suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
        if postmaster is not None:
            with suppress(ProcessLookupError):
                os.kill(postmaster, signal.SIGKILL)
        proc.wait(timeout=30)

    def rejoin(self, port: int) -> None:
        """Start a lost node's keeper again: it rewinds its data and comes back as the standby."""
        index = self.ports.index(port)
        self._autoctl(f"node{index}", ["run", "--pgdata", str(self.root / f"node{index}")])
        self.wait_pair()

    def writable(self, timeout: float = 1.0) -> int | None:
        """The port of the server that takes writes now, through the two-host URL as the server uses it."""
        try:
            with psycopg.connect(
                self.url, connect_timeout=max(1, int(timeout)), target_session_attrs="read-write"
            ) as c:
                return int(c.info.port)
        except psycopg.Error:
            return None

    def stop(self) -> None:
        for proc in self.procs.values():
            with suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
        for index in range(2):
            pid_file = self.root / f"node{index}" / "postmaster.pid"
            if pid_file.exists():
                with suppress(ProcessLookupError, ValueError):
                    os.kill(int(pid_file.read_text().split()[0]), signal.SIGKILL)
        pid_file = self.root / "monitor" / "postmaster.pid"
        if pid_file.exists():
            with suppress(ProcessLookupError, ValueError):
                os.kill(int(pid_file.read_text().split()[0]), signal.SIGKILL)
        for proc in self.procs.values():
            with suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=30)

    # --- helpers --------------------------------------------------------------------------------------------
    def _query(self, port: int, dbname: str, sql: str) -> list[tuple[object, ...]] | None:
        try:
            with psycopg.connect(self.node_url(port, dbname), connect_timeout=2, autocommit=True) as c:
                cur = c.execute(sql.encode())  # our own fixed statements (bytes: no literal-string check)
                return cur.fetchall() if cur.description else []
        except psycopg.Error:
            return None

    def _wait(self, ready: Callable[[], bool], what: str) -> None:
        deadline = time.monotonic() + READY_LIMIT
        while not ready():
            if time.monotonic() > deadline:
                raise RuntimeError(f"{what} not ready after {READY_LIMIT:.0f} s (logs in {self.root})")
            if any(p.poll() is not None for p in self.procs.values()):
                raise RuntimeError(f"a pg_autoctl process exited while waiting for {what} (logs in {self.root})")
            time.sleep(0.5)


@contextmanager
def formation(keep_logs: Path, say: Callable[[str], None]) -> Iterator[Formation]:
    root = Path(tempfile.mkdtemp(prefix="playledger-failover-"))
    f = Formation(root, say)
    try:
        started = time.monotonic()
        f.start()
        say(f"formation: monitor :{f.monitor_port}, nodes :{f.ports[0]} :{f.ports[1]}, "
            f"primary :{f.primary_port()}, ready in {time.monotonic() - started:.1f} s")  # fmt: skip
        yield f
    finally:
        f.stop()
        keep_logs.mkdir(parents=True, exist_ok=True)
        for log in root.glob("*.log"):
            shutil.copy(log, keep_logs / f"pg-{log.name}")
        shutil.rmtree(root, ignore_errors=True)


def run_failover(rounds: int, bots: int, gap: float, tail: float, seed: int, workdir: Path,
                 say: Callable[[str], None]) -> tuple[Outcome, list[dict[str, object]]]:  # fmt: skip
    workdir.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    with formation(workdir, say) as f:
        server = ServerProc(f.url, workdir / "server.log", ("--log-format", "json"))
        say(f"server up in {server.start():.1f}s on {server.target}, store {f.url}")
        journal = Journal(workdir / "acked.jsonl")
        players = [Bot(f"failover-bot{i}", server.target, GAMES[i % len(GAMES)], journal) for i in range(bots)]
        losses: list[Disruption] = []
        promoted: list[dict[str, object]] = []
        try:
            for bot in players:
                bot.start()
            for n in range(rounds):
                time.sleep(rng.uniform(gap, gap * 1.5))
                lost = f.primary_port()
                if lost is None:
                    raise RuntimeError(f"no single primary before loss {n + 1}: {f.states()}")
                before = journal.acknowledged
                started = time.monotonic()
                f.lose(lost)
                while (now_writable := f.writable()) in (None, lost):
                    if time.monotonic() - started > READY_LIMIT:
                        raise RuntimeError(f"no new primary {READY_LIMIT:.0f} s after losing :{lost}")
                    time.sleep(0.1)
                losses.append(Disruption("primary lost", started, time.monotonic()))
                took = round(losses[-1].back - started, 3)
                promoted.append({"lost": lost, "new_primary": now_writable, "promoted_s": took, "acked_before": before})
                say(f"loss {n + 1}: primary :{lost} killed; :{now_writable} takes writes after "
                    f"{losses[-1].back - started:.2f} s")  # fmt: skip
                if n + 1 < rounds:
                    time.sleep(gap / 2)
                    f.rejoin(lost)
                    say(f"loss {n + 1}: :{lost} rejoined as the standby")
            time.sleep(tail)
        finally:
            for bot in players:
                bot.stopping.set()
            for bot in players:
                bot.join(timeout=120)
            journal.close()
        out = Outcome("postgresql failover")
        out.bot_failures = [f"{b.name}: {b.failure!r}" for b in players if b.failure is not None]
        out.bot_failures += [f"{b.name}: still running" for b in players if b.is_alive()]
        for d in losses:
            # the first command first sent after the loss to be acknowledged (not an answer already in flight)
            later = [a.at for a in journal.acks if a.at - a.seconds >= d.started]
            d.first_ok = min(later) if later else None
            around = [a.seconds for a in journal.acks if d.started <= a.at <= (d.first_ok or d.back) + 1.0]
            d.slowest = max(around) if around else None
        out.disruptions = [d.as_dict() for d in losses]
        out.codes = {" ".join(k): n for k, n in sorted(attribute(journal.errors, losses).items())}
        out.games_created = journal.games_created
        out.projections = converge(f.url)
        out.server_exit = server.stop()
        out.log_levels, out.log_samples = read_log(server.log)
        account(f.url, journal.acks, out)
        out.verify = verify(f.url)
        server.kill()
        return out, promoted


@click.command()
@click.option("--rounds", default=2, show_default=True, help="primaries lost, one after another")
@click.option("--bots", default=6, show_default=True, help="bot threads (hare-and-tortoise and Baba Yaga Mode R)")
@click.option("--gap", default=4.0, show_default=True, help="seconds of load before each loss (up to 1.5x)")
@click.option("--tail", default=4.0, show_default=True, help="seconds of load after the last loss")
@click.option("--seed", default=1, show_default=True)
@click.option("--out", "out_dir", default="out", show_default=True, help="logs, acked.jsonl and failover.json")
def main(rounds: int, bots: int, gap: float, tail: float, seed: int, out_dir: str) -> None:
    """Lose the PostgreSQL primary under bot load; prove no acknowledged command is lost or doubled."""
    if os.geteuid() != 0 or shutil.which("runuser") is None:
        raise click.ClickException("run as root: pg_autoctl runs as the postgres user through runuser")
    if shutil.which("pg_autoctl") is None:
        raise click.ClickException("pg_autoctl not found: apt-get install postgresql-15-auto-failover")
    workdir = Path(out_dir) / f"failover-{time.strftime('%Y%m%d-%H%M%S')}"
    started = time.monotonic()
    outcome, promoted = run_failover(rounds, bots, gap, tail, seed, workdir, lambda t: click.echo(t, err=True))
    (workdir / "failover.json").write_text(json.dumps({**asdict(outcome), "promotions": promoted}, indent=2) + "\n")
    click.echo(report([outcome]))
    for p in promoted:
        click.echo(f"primary :{p['lost']} lost -> :{p['new_primary']} takes writes after {p['promoted_s']} s")
    click.echo(f"whole run: {time.monotonic() - started:.1f} s; logs and acked.jsonl in {workdir}")
    sys.exit(0 if outcome.ok else 1)


if __name__ == "__main__":
    main()
