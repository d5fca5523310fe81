"""`playledger-server --processes 2` on PostgreSQL: two worker processes behind one gRPC port.

Each test pins one channel to each worker (the `x-playledger-worker` header names the worker that answered)
and plays one game through both, alternately: every command lands on a process whose cached copy of the
game is one version behind, so a stale cache would show as a lost or doubled command. Checked afterwards,
in the store: every acknowledged command once, versions gap-free; a watcher on one worker sees the other's
commits; /metrics (served by the supervisor) counts the commands of both; the projections (run by one
worker only) applied every event once; after kill -9 of one worker the other keeps serving and takes over
the projections.
"""

from __future__ import annotations

import os
import signal
import statistics
import threading
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
import psycopg
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc
from playledger.v1 import games_pb2, games_pb2_grpc

from bench.harness import ServerProc, parse_metrics, scrape
from service.ledger.app import Ledger
from service.ledger.game_ids import shard_of
from service.ledger.shards import ShardedLedger
from service.ledger.store import persistence_env

# One at a time (pytest -n 2 --dist loadgroup): a two-process server on two shards holds about 52 connections
# idle, one on one store about 32, and PostgreSQL's 100 ran out when both ran beside other servers (CI).
pytestmark = [pytest.mark.slow, pytest.mark.postgres, pytest.mark.xdist_group("multi-process servers")]
SMALL_POOLS = "?pool_size=2&max_overflow=1"  # these tests check what is recorded, not how fast

WORKER_HEADER = "x-playledger-worker"
TIMEOUT = 20.0


@dataclass
class Worker:
    index: str
    channel: grpc.Channel
    games: games_pb2_grpc.GameServiceStub
    accepted: list[str] = field(default_factory=list)  # request ids this worker acknowledged


def pin_workers(target: str, count: int = 2, within: float = 60) -> list[Worker]:
    """One channel per worker: new connections (private subchannels) until each worker has answered one.

    The supervisor starts its workers one after the other: the first serves before the second is up.
    """
    found: dict[str, Worker] = {}
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        channel = grpc.insecure_channel(target, options=[("grpc.use_local_subchannel_pool", 1)])
        _, call = health_pb2_grpc.HealthStub(channel).Check.with_call(health_pb2.HealthCheckRequest(), timeout=TIMEOUT)
        index = dict(call.initial_metadata())[WORKER_HEADER]
        if index in found:
            channel.close()
            continue
        found[index] = Worker(index, channel, games_pb2_grpc.GameServiceStub(channel))
        if len(found) == count:
            return [found[k] for k in sorted(found)]
    raise AssertionError(f"only workers {sorted(found)} answered new connections within {within:g} s")


@pytest.fixture(params=["one store", "two shards"])
def stores(postgres_url: str, request: pytest.FixtureRequest, new_store_like: Any) -> list[str]:
    """One database; or two as shards (issue 34), where the games these tests play are made on the second."""
    return [postgres_url] if request.param == "one store" else [postgres_url, new_store_like(postgres_url)]


def small(url: str) -> str:
    return url + SMALL_POOLS


@pytest.fixture
def server(stores: list[str], tmp_path: Path) -> Iterator[ServerProc]:
    shards = [arg for url in stores[1:] for arg in ("--store", small(url))]
    proc = ServerProc(
        small(stores[0]),
        tmp_path / "server.log",
        ("--processes", "2", "--log-level", "INFO", "--readiness-interval", "0.5", "--organizer-token", ORGANIZER,
         *shards),
    )  # fmt: skip
    proc.start()
    try:
        yield proc
    finally:
        proc.stop()


ORGANIZER = "processes-organizer-" + uuid.uuid4().hex
ORGANIZER_AUTH = (("authorization", f"Bearer {ORGANIZER}"),)


@dataclass
class Game:
    name: str
    tokens: dict[int, str]
    acknowledged: dict[str, int] = field(default_factory=dict)  # request id -> version it reached
    made: int = 1  # games created to get this one (on shards: until one landed where asked)


def create(worker: Worker, shard: int = 0) -> Game:
    """A new game; on shards, made until one lands on `shard` (placement is random)."""
    request = games_pb2.CreateGameRequest(rules="hare-and-tortoise", players=["a", "b", "c"])
    for made in range(1, 65):
        created = worker.games.CreateGame(request, timeout=TIMEOUT)
        if shard_of(uuid.UUID(created.game.name.split("/", 1)[1])) == shard:
            return Game(created.game.name, {t.seat: t.token for t in created.seat_tokens}, made=made)
    raise AssertionError(f"no game landed on shard {shard}")


def play_one(worker: Worker, game: Game) -> int | None:
    """The first legal command of a seat to act, through `worker`; the version it reached (None: game over)."""
    status = worker.games.GetGame(games_pb2.GetGameRequest(name=game.name), timeout=TIMEOUT).game.status
    if status.finished:
        return None
    seat = min(status.to_act)
    auth = (("authorization", f"Bearer {game.tokens[seat]}"),)
    legal = worker.games.ListLegalCommands(
        games_pb2.ListLegalCommandsRequest(game=game.name), metadata=auth, timeout=TIMEOUT
    ).commands
    request_id = uuid.uuid4().hex
    submit = games_pb2.SubmitCommandRequest(game=game.name, command_type=legal[0].command_type, request_id=request_id)
    submit.args.CopyFrom(legal[0].args)
    response = worker.games.SubmitCommand(submit, metadata=auth, timeout=TIMEOUT)
    assert not response.repeated
    game.acknowledged[request_id] = response.version
    worker.accepted.append(request_id)
    return int(response.version)


class Watch:
    """A WatchGame stream on one worker; when each version arrived."""

    def __init__(self, worker: Worker, game: Game) -> None:
        self.arrived: dict[int, float] = {}
        self.cv = threading.Condition()
        self.call = worker.games.WatchGame(
            games_pb2.WatchGameRequest(game=game.name, after_version=0), metadata=ORGANIZER_AUTH, timeout=120
        )
        threading.Thread(target=self._follow, daemon=True).start()

    def _follow(self) -> None:
        try:
            for response in self.call:
                with self.cv:
                    self.arrived[response.event.version] = time.perf_counter()
                    self.cv.notify_all()
        except grpc.RpcError:
            pass

    def wait(self, version: int, timeout: float = 10.0) -> float:
        with self.cv:
            assert self.cv.wait_for(lambda: version in self.arrived, timeout), f"version {version} never arrived"
            return self.arrived[version]


def store_check(urls: list[str], games: list[Game]) -> None:
    """Every acknowledged command once, at the version it was acknowledged at; versions gap-free."""
    envs = [{**persistence_env(url), "CREATE_TABLE": "n"} for url in urls]
    ledger = Ledger(envs[0], cache_size=0) if len(envs) == 1 else ShardedLedger(envs, cache_size=0, claim=False)
    try:
        for game in games:
            stream = ledger.stream(uuid.UUID(game.name.split("/", 1)[1]))
            assert [e.originator_version for e in stream] == list(range(1, len(stream) + 1))
            firsts: dict[str, int] = {}
            for e in stream[1:]:
                request_id = getattr(e, "request_id", None)
                if request_id and request_id not in firsts:
                    firsts[request_id] = e.originator_version
            last_of = {rid: max(e.originator_version for e in stream[1:] if getattr(e, "request_id", None) == rid)
                       for rid in firsts}  # fmt: skip
            assert set(game.acknowledged) <= set(firsts), "an acknowledged command is missing from the store"
            for request_id, version in game.acknowledged.items():
                assert last_of[request_id] == version, f"{request_id}: stored at {last_of[request_id]}, acked {version}"
    finally:
        ledger.close()


def metric_sum(text: str, name: str, **labels: str) -> float:
    total = 0.0
    for key, value in parse_metrics(text).items():
        if key.split("{", 1)[0] == name and all(f'{k}="{v}"' in key for k, v in labels.items()):
            total += value
    return total


def projection_rows(url: str, games: list[Game]) -> dict[str, tuple[int, int]]:
    """The games read model's (version, events applied) per game."""
    with psycopg.connect(url, autocommit=True) as conn:
        generation = conn.execute(
            "SELECT generation FROM pl_projection_generations WHERE projection = 'games'"
        ).fetchone()
        table = f"pl_games_g{generation[0] if generation and generation[0] else 1}"
        rows = conn.execute(f"SELECT game, version, events FROM {table}").fetchall()
    wanted = {g.name.split("/", 1)[1] for g in games}
    return {str(r[0]): (int(r[1]), int(r[2])) for r in rows if str(r[0]) in wanted}


def wait_projected(url: str, games: list[Game], versions: dict[str, int], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    want = {g.name.split("/", 1)[1]: versions[g.name] for g in games}
    rows: dict[str, tuple[int, int]] = {}
    while time.monotonic() < deadline:
        rows = projection_rows(url, games)
        if all(rows.get(k, (0, 0))[0] == v for k, v in want.items()):
            break
        time.sleep(0.1)
    for key, version in want.items():
        assert rows.get(key) == (version, version), f"games/{key}: read model {rows.get(key)}, store v{version}"


def test_two_processes_share_one_port_and_never_serve_a_stale_game(server: ServerProc, stores: list[str]) -> None:
    workers = pin_workers(server.target)
    game = create(workers[0], shard=len(stores) - 1)
    watchers = [Watch(w, game) for w in workers]
    delays: list[float] = []
    version = 0
    for n in range(24):  # alternately through both processes: each finds its cached copy one version behind
        worker = workers[n % 2]
        reached = play_one(worker, game)
        if reached is None:
            break
        acked = time.perf_counter()
        version = reached
        for watch in watchers:  # both streams see it: the other process's through the store's notifications
            arrived = watch.wait(version)
            if watch is watchers[(n + 1) % 2]:
                delays.append(arrived - acked)
    assert len(game.acknowledged) >= 20
    assert all(w.accepted for w in workers), "both processes must have taken commands"
    # A poll would take up to a second; the notification path takes milliseconds (generous for a busy CI box).
    assert statistics.median(delays) < 0.5, f"cross-process watch delays {delays}"

    store_check(stores, [game])
    wait_projected(stores[0], [game], {game.name: version})
    text = scrape(f"http://127.0.0.1:{server.metrics_port}/metrics")
    accepted = metric_sum(text, "playledger_commands_total", outcome="accepted")
    assert accepted == len(game.acknowledged), "/metrics must add up both workers' commands"
    assert metric_sum(text, "playledger_games_created_total") == game.made
    assert metric_sum(text, "playledger_ready") == 1  # every worker ready
    for watch in watchers:
        watch.call.cancel()  # type: ignore[attr-defined]


def test_kill_9_of_one_worker_leaves_the_other_serving(server: ServerProc, stores: list[str]) -> None:
    workers = pin_workers(server.target)
    games = [create(workers[0]), create(workers[1], shard=len(stores) - 1)]
    for n in range(6):
        play_one(workers[n % 2], games[n % 2])
    pids = children(server.pid)
    assert len(pids) == 2
    victim = workers[0]
    os.kill(worker_pid(server, victim.index), signal.SIGKILL)
    survivor = workers[1]
    versions: dict[str, int] = {}
    for game in games:  # at once, no error: the surviving worker serves both games (and runs the duties)
        for _ in range(4):
            reached = play_one(survivor, game)
            if reached is not None:
                versions[game.name] = reached
    store_check(stores, games)
    wait_projected(stores[0], games, versions)  # the projections moved to the survivor if they were on the victim
    deadline = time.monotonic() + 60
    while len(children(server.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.2)
    assert len(children(server.pid)) == 2, "the supervisor restarts a worker that died"
    text = scrape(f"http://127.0.0.1:{server.metrics_port}/metrics")
    assert metric_sum(text, "playledger_commands_total", outcome="accepted") == sum(
        len(g.acknowledged) for g in games
    ), "a dead worker's counts stay in the sum"


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(p) for p in (task / "children").read_text().split()]
    return found


def worker_pid(server: ServerProc, index: str) -> int:
    """The pid of worker `index` (its environment names it)."""
    for pid in children(server.pid):
        environ = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
        if f"PLAYLEDGER_WORKER_INDEX={index}".encode() in environ:
            return pid
    raise AssertionError(f"no worker {index} among {children(server.pid)}")
