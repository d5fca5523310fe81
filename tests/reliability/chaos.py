"""Chaos proof (`make chaos`): kill -9 the server again and again under bot load, on SQLite and PostgreSQL, and
restart PostgreSQL under a running server; then prove that every acknowledged command is stored exactly once.

    python -m tests.reliability.chaos                           # the full run (SQLite, then PostgreSQL)
    python -m tests.reliability.chaos --stores sqlite --kills 2 --bots 2     # a quick one

Bots (threads, over the wire through the playledger_client SDK) play hare-and-tortoise and Baba Yaga in its
default real-time Mode R (short timers, a few turns, and bots that sometimes wait on purpose, so the server's
scheduler submits timeouts too). Every command carries a request_id chosen by the bot; on UNAVAILABLE,
DEADLINE_EXCEEDED or RESOURCE_EXHAUSTED the bot sends it again with the same request_id until it gets an
answer (that is how the SDK achieves exactly-once: a command whose answer was lost may or may not be
recorded; one that was acknowledged must be recorded exactly once). Each acknowledgement (game, seat,
request_id, version) is logged to acked.jsonl and in memory.

PostgreSQL runs on a private cluster made for the run (`pg_createcluster` on a free loopback port, dropped with
`pg_dropcluster --stop` afterwards), so restarting it disturbs nothing else. After the load stops the harness
waits for the games projection to reach the last event, stops the server, reads every stream from the store
and prints acknowledged / found / missing / duplicated, the error codes the clients saw, the time to recover
after each disruption, and runs `playledger-replay verify --store URL --all`.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import click
import grpc
from playledger_client import Client, PlayLedgerError, args_of

from bench.harness import BIN, ServerProc, free_port

T = TypeVar("T")

# Mode R (the default mode) with short timers and few turns, so games end in seconds and timeouts fire.
BABA_R: dict[str, Any] = {
    "preview_seconds": 0,
    "first_step_delay_ms": 100,
    "witch_step_min_interval_ms": 40,
    "witch_step_timeout_ms": 300,
    "search_action_min_interval_ms": 20,
    "placement_timeout_ms": 600,
    "reveal_timeout_ms": 600,
    "decision_timeout_ms": 600,
    "max_turns": 3,
}
GAMES: tuple[tuple[str, int, dict[str, Any]], ...] = (("hare-and-tortoise", 3, {}), ("baba-yaga", 3, BABA_R))
RETRY_CODES = {grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.DEADLINE_EXCEEDED, grpc.StatusCode.RESOURCE_EXHAUSTED}
RETRY_FOR = 90.0  # seconds a bot keeps retrying one call (longer than any outage this harness makes)
# A command refused because the game moved on first (another seat, a timer): expected in a real-time game.
RACE_REASONS = {
    "ROUND_OVER",
    "NOT_YOUR_TURN",
    "NOT_YOUR_MOVE",
    "WRONG_PHASE",
    "TOO_SOON",
    "GAME_OVER",
    "SAME_HAND",
    "BLOCKED",
}
# Codes no client should ever see here: a bug, a broken contract, or (FAILED_PRECONDITION in a turn-based game
# only one bot plays) a retry that was not recognised as one.
UNEXPECTED = {"INTERNAL", "UNKNOWN", "INVALID_ARGUMENT", "NOT_FOUND", "PERMISSION_DENIED", "UNAUTHENTICATED"}


def unexpected(rules: str, code: str) -> bool:
    return code in UNEXPECTED or (code == "FAILED_PRECONDITION" and rules != "baba-yaga")


# gRPC channel reconnects quickly, so recovery times measure the server, not the client's backoff.
CHANNEL_OPTIONS = [
    ("grpc.initial_reconnect_backoff_ms", 50),
    ("grpc.min_reconnect_backoff_ms", 50),
    ("grpc.max_reconnect_backoff_ms", 250),
]


@dataclass(frozen=True)
class Ack:
    game: str
    seat: int
    request_id: str
    version: int
    repeated: bool
    at: float  # time.monotonic() when the answer arrived
    seconds: float  # from the first attempt until the answer (retries included)


@dataclass
class Disruption:
    kind: str  # "kill -9" or "postgresql restart"
    started: float  # monotonic: the kill, or the start of the database restart
    back: float  # the server healthy again, or the database restarted
    first_ok: float | None = None  # the first acknowledged command after `back`
    slowest: float | None = None  # the longest wait (retries included) of a command answered around it

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "down_s": round(self.back - self.started, 3),
            "first_ok_after_back_s": None if self.first_ok is None else round(self.first_ok - self.back, 3),
            "first_ok_after_start_s": None if self.first_ok is None else round(self.first_ok - self.started, 3),
            "slowest_ack_s": None if self.slowest is None else round(self.slowest, 3),
        }


class Journal:
    """What every client saw: acknowledgements (kept, and appended to a JSON Lines file) and error codes.

    keep=False (the soak): only counts and the latencies since the last drain() are kept.
    """

    def __init__(self, path: Path | None, keep: bool = True) -> None:
        self.lock = threading.Lock()
        self.keep = keep
        self.acks: list[Ack] = []
        self.acknowledged = 0
        self.recent: list[float] = []  # latencies since the last drain()
        self.errors: list[tuple[float, str, str, str, str]] = []  # (monotonic, rules, call, code, reason)
        self.games_created = 0
        self.file = path.open("a", encoding="utf-8") if path is not None else None

    def ack(self, ack: Ack) -> None:
        with self.lock:
            self.acknowledged += 1
            self.recent.append(ack.seconds)
            if self.keep:
                self.acks.append(ack)
            if self.file is not None:
                self.file.write(json.dumps(asdict(ack)) + "\n")
                self.file.flush()

    def drain(self) -> list[float]:
        with self.lock:
            recent, self.recent = self.recent, []
        return recent

    def error(self, rules: str, call: str, error: PlayLedgerError) -> None:
        with self.lock:
            self.errors.append((time.monotonic(), rules, call, error.code.name, error.reason))

    def close(self) -> None:
        if self.file is not None:
            self.file.close()


class Bot(threading.Thread):
    """Plays games of one kind to the end, one after another, until told to stop."""

    def __init__(
        self,
        name: str,
        target: str,
        kind: tuple[str, int, dict[str, Any]],
        journal: Journal,
        pace: Callable[[], None] | None = None,
    ) -> None:
        super().__init__(name=name, daemon=True)
        self.pace = pace  # called before each submit (the soak's steady rate)
        self.rules, self.players, self.options = kind
        self.journal = journal
        self.stopping = threading.Event()
        self.rng = random.Random(name)
        self.channel = grpc.insecure_channel(target, options=CHANNEL_OPTIONS)
        self.client = Client(target, channel=self.channel, retries=1, timeout=10)
        self.sent = 0
        self.failure: BaseException | None = None

    def run(self) -> None:
        try:
            while not self.stopping.is_set():
                self.play_one()
        except BaseException as exc:  # reported by the harness
            self.failure = exc
        finally:
            self.channel.close()

    def call(self, what: str, fn: Callable[[], T]) -> T:
        """fn() until it answers: retried (unchanged, so a submit keeps its request_id) while the server is down."""
        started = time.monotonic()
        delay = 0.05
        while True:
            try:
                return fn()
            except PlayLedgerError as error:
                self.journal.error(self.rules, what, error)
                if error.code not in RETRY_CODES or time.monotonic() - started > RETRY_FOR:
                    raise
            time.sleep(delay)
            delay = min(0.5, delay * 2)

    def play_one(self) -> None:
        players = [f"{self.name}.{i}" for i in range(self.players)]
        # CreateGame has no request id: a retry after a lost answer makes a second game nobody plays (harmless).
        game, tokens = self.call("CreateGame", lambda: self.client.create_game(self.rules, players, self.options))
        with self.journal.lock:
            self.journal.games_created += 1
        seats: dict[int, Client] = {t.seat: self.client.as_token(t.token) for t in tokens}
        spectator = self.client.as_token(None)
        status = game.status
        while not status.finished and not self.stopping.is_set():
            if not status.to_act or (self.rules == "baba-yaga" and self.rng.random() < 0.15):
                time.sleep(self.rng.uniform(0.05, 0.4))  # nobody may act now, or a player is slow: timers run
                status = self.call("GetGame", lambda: spectator.get_game(game.name)).status
                continue
            seat = self.rng.choice(list(status.to_act))
            after = self.act(game.name, seat, seats[seat])
            status = after if after is not None else self.call("GetGame", lambda: spectator.get_game(game.name)).status

    def act(self, game: str, seat: int, me: Client) -> Any:
        """One command for `seat`; the new status, or None when it was refused (the game moved on)."""
        legal = self.call("ListLegalCommands", lambda: me.legal_commands(game))
        if not legal:
            time.sleep(0.02)
            return None
        choice = self.rng.choice(legal)
        self.sent += 1
        request_id = f"{self.name}-{self.sent}"
        if self.pace is not None:
            self.pace()
        started = time.monotonic()
        try:
            response = self.call(
                "SubmitCommand",
                lambda: me.submit(game, choice.command_type, args_of(choice), request_id=request_id),
            )
        except PlayLedgerError as error:
            if error.code == grpc.StatusCode.FAILED_PRECONDITION:
                return None  # lost a race with another seat or a timer (counted in the journal)
            raise
        now = time.monotonic()
        self.journal.ack(Ack(game, seat, request_id, response.version, response.repeated, now, now - started))
        return response.status


# --- stores ---------------------------------------------------------------------------------------------------
def run(cmd: list[str], timeout: float = 120) -> str:
    done = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(cmd)} exited {done.returncode}: {done.stderr.strip() or done.stdout.strip()}")
    return done.stdout


@dataclass
class Cluster:
    """A private PostgreSQL cluster on a free loopback port, trust auth (Debian postgresql-common)."""

    version: str
    name: str
    port: int

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/chaos"

    def restart(self) -> None:
        run(["pg_ctlcluster", "--skip-systemctl-redirect", self.version, self.name, "restart", "-m", "fast"])


def pg_version() -> str:
    versions = sorted(p.name for p in Path("/usr/lib/postgresql").iterdir() if (p / "bin" / "postgres").exists())
    if not versions:
        raise RuntimeError("no PostgreSQL server binaries under /usr/lib/postgresql")
    return max(versions, key=int)


@contextmanager
def private_cluster(stamp: str) -> Iterator[Cluster]:
    cluster = Cluster(pg_version(), f"playledger_chaos_{stamp}", free_port())
    try:
        run(["pg_createcluster", cluster.version, cluster.name, "-p", str(cluster.port), "--", "--auth=trust"], 180)
        conf = Path(f"/etc/postgresql/{cluster.version}/{cluster.name}/conf.d/playledger-chaos.conf")
        conf.write_text("listen_addresses = '127.0.0.1'  # loopback only\n")
        run(["pg_ctlcluster", "--skip-systemctl-redirect", cluster.version, cluster.name, "start"])
        run(["psql", f"postgresql://postgres@127.0.0.1:{cluster.port}/postgres", "-qc", "CREATE DATABASE chaos"])
        yield cluster
    finally:
        if Path(f"/etc/postgresql/{cluster.version}/{cluster.name}").exists():  # also after a failed start
            run(["pg_dropcluster", "--stop", cluster.version, cluster.name], timeout=120)


# --- the run --------------------------------------------------------------------------------------------------
@dataclass
class Plan:
    kills: int
    bots: int
    gap: tuple[float, float]  # seconds of load before each disruption (uniform)
    tail: float  # seconds of load after the last one
    pg_restart: bool
    seed: int


@dataclass
class Outcome:
    store: str
    acknowledged: int = 0
    repeated_acks: int = 0  # acknowledged by a retry: the first attempt had been recorded, its answer lost
    found: int = 0
    missing: list[str] = field(default_factory=list)
    duplicated: list[str] = field(default_factory=list)
    version_mismatch: list[str] = field(default_factory=list)
    version_gaps: list[str] = field(default_factory=list)
    recorded_unacknowledged: int = 0  # recorded, but the answer was lost and no retry came
    automatic: int = 0  # timeouts the server's scheduler submitted
    games_created: int = 0
    games_in_store: int = 0
    events: int = 0
    codes: dict[str, int] = field(default_factory=dict)
    disruptions: list[dict[str, Any]] = field(default_factory=list)
    projections: dict[str, Any] = field(default_factory=dict)
    verify: dict[str, Any] = field(default_factory=dict)
    server_exit: int | None = None
    log_levels: dict[str, int] = field(default_factory=dict)
    log_samples: list[str] = field(default_factory=list)
    bot_failures: list[str] = field(default_factory=list)

    @property
    def unexpected_codes(self) -> dict[str, int]:
        return {k: n for k, n in self.codes.items() if unexpected(k.split(" ")[1], k.split(" ")[3])}

    @property
    def ok(self) -> bool:
        return (
            self.acknowledged > 0
            and not self.missing
            and not self.duplicated
            and not self.version_mismatch
            and not self.version_gaps
            and not self.bot_failures
            and not self.unexpected_codes
            and self.verify.get("exit") == 0
            and self.projections.get("converged", False)
        )


def chaos(
    store: str, url: str, workdir: Path, plan: Plan, cluster: Cluster | None, say: Callable[[str], None]
) -> Outcome:
    """Load, disruptions, then the accounting. Returns what was found; raises only on harness trouble."""
    workdir.mkdir(parents=True, exist_ok=True)
    rng = random.Random(plan.seed)
    server = ServerProc(url, workdir / f"{store}-server.log", ("--log-format", "json"))
    say(f"{store}: server up in {server.start():.1f}s on {server.target}")
    try:
        return _chaos(store, url, workdir, plan, cluster, say, server, rng)
    finally:
        server.kill()  # normally stopped already; never left running when the harness itself fails


def _chaos(
    store: str,
    url: str,
    workdir: Path,
    plan: Plan,
    cluster: Cluster | None,
    say: Callable[[str], None],
    server: ServerProc,
    rng: random.Random,
) -> Outcome:
    journal = Journal(workdir / f"{store}-acked.jsonl")
    bots = [Bot(f"{store}-bot{i}", server.target, GAMES[i % len(GAMES)], journal) for i in range(plan.bots)]
    for bot in bots:
        bot.start()
    disruptions: list[Disruption] = []
    try:
        for k in range(plan.kills):
            time.sleep(rng.uniform(*plan.gap))
            started = time.monotonic()
            server.kill()
            server.start()
            disruptions.append(Disruption("kill -9", started, time.monotonic()))
            say(f"{store}: kill -9 #{k + 1}: back in {disruptions[-1].back - started:.2f}s")
        if plan.pg_restart and cluster is not None:
            time.sleep(rng.uniform(*plan.gap))
            pid = server.pid
            started = time.monotonic()
            cluster.restart()
            disruptions.append(Disruption("postgresql restart", started, time.monotonic()))
            if not server.running() or server.pid != pid:
                raise RuntimeError("the server did not survive the database restart")
            say(f"{store}: PostgreSQL restarted in {disruptions[-1].back - started:.2f}s, server left running")
        time.sleep(plan.tail)
    finally:
        for bot in bots:
            bot.stopping.set()
        for bot in bots:
            bot.join(timeout=RETRY_FOR + 30)
        journal.close()
    out = Outcome(store)
    out.bot_failures = [f"{b.name}: {b.failure!r}" for b in bots if b.failure is not None]
    out.bot_failures += [f"{b.name}: still running" for b in bots if b.is_alive()]
    for d in disruptions:
        later = [a.at for a in journal.acks if a.at > d.back]
        d.first_ok = min(later) if later else None
        around = [a.seconds for a in journal.acks if d.started <= a.at <= (d.first_ok or d.back) + 1.0]
        d.slowest = max(around) if around else None
    out.disruptions = [d.as_dict() for d in disruptions]
    out.codes = {" ".join(k): n for k, n in sorted(attribute(journal.errors, disruptions).items())}
    out.games_created = journal.games_created
    out.projections = converge(url)
    out.server_exit = server.stop()
    out.log_levels, out.log_samples = read_log(server.log)
    account(url, journal.acks, out)
    out.verify = verify(url)
    return out


def attribute(
    errors: list[tuple[float, str, str, str, str]], disruptions: list[Disruption]
) -> Counter[tuple[str, ...]]:
    """Count errors by (when, rules, call, code, reason): during a disruption (from its start until just after
    the first command succeeded again) or under steady load."""
    counts: Counter[tuple[str, ...]] = Counter()
    for at, *rest in errors:
        when = "steady"
        for d in disruptions:
            if d.started <= at <= (d.first_ok or d.back) + 0.5:
                when = {"kill -9": "kill", "postgresql restart": "pg-restart"}.get(d.kind, d.kind.replace(" ", "-"))
        counts[(when, *rest)] += 1
    return counts


def converge(url: str, limit: float = 60) -> dict[str, Any]:
    """Wait until the games projection has applied every game event (the server's runners do it)."""
    from service.ledger.store import persistence_env
    from service.projections import admin

    env = persistence_env(url)
    started = time.monotonic()
    while True:
        lags = {lag.projection: lag for lag in admin.status(env)}
        games = lags["games"]
        if games.events == 0 and games.generation:
            return {
                "converged": True,
                "seconds": round(time.monotonic() - started, 3),
                "positions": {name: lag.position for name, lag in sorted(lags.items())},
            }
        if time.monotonic() - started > limit:
            return {"converged": False, "games_events_behind": games.events, "seconds": limit}
        time.sleep(0.2)


def account(url: str, acks: list[Ack], out: Outcome) -> None:
    """Every acknowledged command against what the store holds (read after the server stopped)."""
    from service.ledger.app import Ledger
    from service.ledger.game import Game
    from service.ledger.store import persistence_env

    ledger = Ledger({**persistence_env(url), "CREATE_TABLE": "n"}, cache_size=0)
    # request -> the last version of each run of events it recorded (more than one run: recorded twice)
    stored: dict[tuple[str, int | None, str], list[int]] = {}
    try:
        for game_id in ledger.all_game_ids():
            name = f"games/{game_id}"
            stream = ledger.stream(game_id)
            out.games_in_store += 1
            out.events += len(stream)
            versions = [e.originator_version for e in stream]
            if versions != list(range(1, len(stream) + 1)):
                out.version_gaps.append(name)
            previous: tuple[str, int | None, str] | None = None
            for e in stream:
                if isinstance(e, Game.SeedRevealed) and previous is not None:
                    stored[previous][-1] = e.originator_version  # the game's end, saved with its last command
                if not isinstance(e, Game.EventRecorded) or not e.request_id:
                    previous = None
                    continue
                key = (name, e.seat, e.request_id)
                if key == previous:
                    stored[key][-1] = e.originator_version  # the same command's next event
                else:
                    stored.setdefault(key, []).append(e.originator_version)  # a command's events start here
                previous = key
    finally:
        ledger.close()
    out.acknowledged = len(acks)
    out.repeated_acks = sum(a.repeated for a in acks)
    out.automatic = sum(1 for k in stored if k[2].startswith("auto@"))
    out.duplicated = [f"{k[0]} seat {k[1]} {k[2]}: {len(v)} times" for k, v in stored.items() if len(v) > 1]
    acked_keys = set()
    for a in acks:
        key = (a.game, a.seat, a.request_id)
        acked_keys.add(key)
        if key not in stored:
            out.missing.append(f"{a.game} seat {a.seat} {a.request_id} (acknowledged at version {a.version})")
            continue
        out.found += 1
        # A first answer names the version the command reached; a repeat's answer may name a later one.
        if (not a.repeated and stored[key][0] != a.version) or (a.repeated and a.version < stored[key][0]):
            out.version_mismatch.append(f"{a.game} {a.request_id}: acknowledged {a.version}, stored {stored[key]}")
    out.recorded_unacknowledged = sum(1 for k in stored if not k[2].startswith("auto@") and k not in acked_keys)


def verify(url: str) -> dict[str, Any]:
    done = subprocess.run(
        [str(BIN / "playledger-replay"), "verify", "--store", url, "--all", "--quiet", "--no-progress"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    lines = (done.stdout + done.stderr).strip().splitlines()
    return {"exit": done.returncode, "summary": lines[-1] if lines else "", "failures": lines[:-1][:10]}


def read_log(path: Path) -> tuple[dict[str, int], list[str]]:
    """Server log lines by level, and a few distinct WARNING/ERROR messages."""
    levels: Counter[str] = Counter()
    samples: dict[str, None] = {}
    for line in path.read_text(errors="replace").splitlines():
        try:
            entry = json.loads(line)
        except ValueError:
            levels["(not JSON)"] += 1
            continue
        levels[entry.get("level", "?")] += 1
        if entry.get("level") in ("WARNING", "ERROR", "CRITICAL") and len(samples) < 8:
            first = (entry.get("message") or "").splitlines()[0][:160] if entry.get("message") else ""
            samples.setdefault(f"{entry['level']} {entry.get('logger')}: {first}", None)
    return dict(levels), list(samples)


# --- report -----------------------------------------------------------------------------------------------------
def report(outcomes: list[Outcome]) -> str:
    lines = []
    for o in outcomes:
        lines += [
            f"== {o.store} ==",
            f"acknowledged {o.acknowledged}  found {o.found}  missing {len(o.missing)}  duplicated {len(o.duplicated)}"
            f"  (acknowledged by a retry: {o.repeated_acks}; recorded but never acknowledged: "
            f"{o.recorded_unacknowledged}; server timeouts recorded: {o.automatic})",
            f"store: {o.games_in_store} games ({o.games_created} created by the bots), {o.events} events; "
            f"versions without gaps: {'yes' if not o.version_gaps else o.version_gaps[:3]}; "
            f"acknowledged versions match: {'yes' if not o.version_mismatch else o.version_mismatch[:3]}",
        ]
        for item in (o.missing + o.duplicated)[:10]:
            lines.append(f"  !! {item}")
        lines.append(
            f"{'disruption':<20}{'until up s':>11}{'up -> first ok s':>18}{'start -> first ok s':>21}"
            f"{'slowest ack s':>15}"
        )
        for d in o.disruptions:
            lines.append(
                f"{d['kind']:<20}{d['down_s']:>11.2f}{_num(d['first_ok_after_back_s']):>18}"
                f"{_num(d['first_ok_after_start_s']):>21}{_num(d['slowest_ack_s']):>15}"
            )
        lines.append(f"{'when':<12}{'rules':<19}{'call':<19}{'code':<21}{'reason':<22}{'count':>6}")
        for key, n in o.codes.items():
            when, rules, call, code, reason = key.split(" ")
            flag = "  <- unexpected" if unexpected(rules, code) else ""
            lines.append(f"{when:<12}{rules:<19}{call:<19}{code:<21}{reason or '-':<22}{n:>6}{flag}")
        if not o.codes:
            lines.append("(no errors seen by the clients)")
        p = o.projections
        lines.append(
            f"projections: converged in {p['seconds']} s, positions {p['positions']}"
            if p.get("converged")
            else f"projections: NOT converged after {p.get('seconds')} s ({p.get('games_events_behind')} behind)"
        )
        lines.append(f"server exit on SIGTERM: {o.server_exit}; log lines by level: {o.log_levels}")
        for sample in o.log_samples:
            lines.append(f"  log: {sample}")
        lines.append(f"playledger-replay verify --all: exit {o.verify.get('exit')}: {o.verify.get('summary')}")
        for failure in o.verify.get("failures", []):
            lines.append(f"  {failure}")
        for failure in o.bot_failures:
            lines.append(f"  bot failed: {failure}")
        lines.append(f"RESULT {o.store}: {'PASS' if o.ok else 'FAIL'}")
        lines.append("")
    return "\n".join(lines)


def _num(x: float | None) -> str:
    return "-" if x is None else f"{x:.2f}"


def run_all(stores: list[str], plan: Plan, workdir: Path, say: Callable[[str], None]) -> list[Outcome]:
    outcomes = []
    stamp = time.strftime("%H%M%S") + f"{random.randrange(1000):03d}"
    for store in stores:
        if store == "sqlite":
            outcomes.append(chaos(store, f"sqlite:///{workdir / 'chaos.db'}", workdir, plan, None, say))
        else:
            with private_cluster(stamp) as cluster:
                say(f"postgresql: private cluster {cluster.version}/{cluster.name} on 127.0.0.1:{cluster.port}")
                outcomes.append(chaos(store, cluster.url, workdir, plan, cluster, say))
    return outcomes


@click.command()
@click.option("--stores", default="sqlite,postgresql", show_default=True, help="comma-separated: sqlite, postgresql")
@click.option("--kills", default=4, show_default=True, help="kill -9 of the server per store")
@click.option("--bots", default=6, show_default=True, help="bot threads (hare-and-tortoise and Baba Yaga Mode R)")
@click.option("--gap", default="2,4", show_default=True, help="MIN,MAX seconds of load before each disruption")
@click.option("--tail", default=3.0, show_default=True, help="seconds of load after the last disruption")
@click.option(
    "--pg-restart/--no-pg-restart", default=True, show_default=True, help="restart PostgreSQL under the server"
)
@click.option("--seed", default=1, show_default=True)
@click.option("--out", "out_dir", default="out", show_default=True, help="logs, acked.jsonl and chaos.json go here")
def main(stores: str, kills: int, bots: int, gap: str, tail: float, pg_restart: bool, seed: int, out_dir: str) -> None:
    """Kill the server (and restart PostgreSQL) under bot load; prove no acknowledged command is lost or doubled."""
    low, high = (float(x) for x in gap.split(","))
    plan = Plan(kills, bots, (low, high), tail, pg_restart, seed)
    workdir = Path(out_dir) / f"chaos-{time.strftime('%Y%m%d-%H%M%S')}"
    wanted = [s.strip() for s in stores.split(",") if s.strip()]
    for s in wanted:
        if s not in ("sqlite", "postgresql"):
            raise click.BadParameter(f"unknown store {s!r}", param_hint="--stores")
    started = time.monotonic()
    outcomes = run_all(wanted, plan, workdir, lambda text: click.echo(text, err=True))
    (workdir / "chaos.json").write_text(json.dumps([asdict(o) for o in outcomes], indent=2) + "\n")
    click.echo(report(outcomes))
    click.echo(f"whole run: {time.monotonic() - started:.1f} s; logs and acked.jsonl in {workdir}")
    sys.exit(0 if all(o.ok for o in outcomes) else 1)


if __name__ == "__main__":
    main()
