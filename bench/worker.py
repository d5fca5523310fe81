"""`make bench`'s load processes: each drives its games' commands (or the health Check) with N calls in flight."""

from __future__ import annotations

import math
import random
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass
from typing import Any

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc
from playledger.v1 import games_pb2, games_pb2_grpc

CALL_TIMEOUT = 30.0
BARRIER_TIMEOUT = 120.0


WORKER_HEADER = "x-playledger-worker"  # which worker process of a --processes N server answered


def pin_workers(target: str, count: int, within: float = 60) -> list[grpc.Channel]:
    """One channel per worker process of the server: new connections until each worker has answered one."""
    found: dict[str, grpc.Channel] = {}
    deadline = time.monotonic() + within
    while len(found) < count and time.monotonic() < deadline:
        channel = grpc.insecure_channel(target, options=[("grpc.use_local_subchannel_pool", 1)])
        _, call = health_pb2_grpc.HealthStub(channel).Check.with_call(health_pb2.HealthCheckRequest(), timeout=10)
        index = dict(call.initial_metadata()).get(WORKER_HEADER, "0")
        if index in found:
            channel.close()
        else:
            found[index] = channel
    if len(found) < count:
        raise RuntimeError(f"only workers {sorted(found)} of {count} answered within {within:g} s")
    return [found[k] for k in sorted(found)]


def run_inflight(start: Callable[[int], grpc.Future[Any]], count: int, inflight: int) -> tuple[list[float], list[Any]]:
    """Start calls 0..count-1 keeping `inflight` of them running; returns each call's seconds and its future."""
    latencies = [math.nan] * count
    futures: list[Any] = [None] * count
    lock = threading.Lock()
    cursor = [0]
    remaining = [count]
    done = threading.Event()

    def launch() -> None:
        with lock:
            i = cursor[0]
            if i >= count:
                return
            cursor[0] += 1
        started = time.perf_counter()
        future = start(i)
        future.add_done_callback(lambda f: finish(i, started, f))

    def finish(i: int, started: float, future: grpc.Future[Any]) -> None:
        latencies[i] = time.perf_counter() - started
        futures[i] = future
        launch()  # the next call goes out as soon as this one is answered
        with lock:
            remaining[0] -= 1
            if remaining[0] == 0:
                done.set()

    if count == 0:
        return [], []
    for _ in range(min(inflight, count)):
        launch()
    if not done.wait(CALL_TIMEOUT * (1 + count / max(1, inflight))):
        raise TimeoutError(f"{remaining[0]} of {count} calls never finished")
    return latencies, futures


def code_of(future: Any) -> str:
    error = future.exception()
    if error is None:
        return "OK"
    code = error.code() if isinstance(error, grpc.Call) else None
    return code.name if code is not None else type(error).__name__


@dataclass
class _Game:
    name: str
    tokens: dict[int, str]
    to_act: list[int]
    finished: bool = False
    stale: bool = False  # status unknown (after an error): re-read it before planning
    stub: Any = None  # the channel (so the server worker process) this game's calls go to, as a client's would

    def auth(self, seat: int) -> tuple[tuple[str, str], ...]:
        return (("authorization", f"Bearer {self.tokens[seat]}"),)


class _Load:
    """One worker's channel and games on one server."""

    def __init__(
        self, target: str, rules: str, players: int, options: dict[str, Any], seed: int, processes: int = 1
    ) -> None:
        self.target, self.processes = target, processes
        self.rules, self.players, self.options = rules, players, options
        # One channel per server worker process (a channel is one connection, so one process): games and
        # health checks are spread over them.
        self.channels = pin_workers(target, processes)
        self.game_stubs = [games_pb2_grpc.GameServiceStub(c) for c in self.channels]
        self.health_stubs = [health_pb2_grpc.HealthStub(c) for c in self.channels]
        self.games: list[_Game] = []
        self.rng = random.Random(seed)

    def close(self) -> None:
        for channel in self.channels:
            channel.close()

    def _create(self, count: int) -> list[_Game]:
        def start(i: int) -> grpc.Future[Any]:
            request = games_pb2.CreateGameRequest(
                rules=self.rules, players=[f"bench {i}.{p}" for p in range(self.players)]
            )
            request.options.update(self.options)
            return self.game_stubs[i % len(self.game_stubs)].CreateGame.future(request, timeout=CALL_TIMEOUT)

        _, futures = run_inflight(start, count, 16)
        made = []
        for i, f in enumerate(futures):
            r = f.result()
            tokens = {t.seat: t.token for t in r.seat_tokens}
            stub = self.game_stubs[i % len(self.game_stubs)]
            made.append(_Game(r.game.name, tokens, list(r.game.status.to_act), stub=stub))
        return made

    def plan(self, wanted: int) -> list[tuple[_Game, _Bound]]:
        """One command for each of `wanted` games (untimed): new games for finished ones, a random legal pick."""
        self.games = [g for g in self.games if not g.finished]
        if len(self.games) < wanted:
            self.games += self._create(wanted - len(self.games))
        games = self.games[:wanted]
        stale = [g for g in games if g.stale or not g.to_act]
        if stale:
            _, got = run_inflight(
                lambda i: stale[i].stub.GetGame.future(
                    games_pb2.GetGameRequest(name=stale[i].name), timeout=CALL_TIMEOUT
                ),
                len(stale),
                16,
            )
            for g, f in zip(stale, got, strict=True):
                status = f.result().game.status
                g.to_act, g.finished, g.stale = list(status.to_act), status.finished, False
        ready = [(g, self.rng.choice(g.to_act)) for g in games if g.to_act and not g.finished]
        _, legal = run_inflight(
            lambda i: ready[i][0].stub.ListLegalCommands.future(
                games_pb2.ListLegalCommandsRequest(game=ready[i][0].name),
                metadata=ready[i][0].auth(ready[i][1]),
                timeout=CALL_TIMEOUT,
            ),
            len(ready),
            16,
        )
        planned = []
        for (g, seat), f in zip(ready, legal, strict=True):
            commands = f.result().commands
            if not commands:
                g.stale = True
                continue
            choice = self.rng.choice(commands)
            request = games_pb2.SubmitCommandRequest(
                game=g.name, command_type=choice.command_type, request_id=uuid.uuid4().hex
            )
            request.args.CopyFrom(choice.args)
            planned.append((g, _Bound(request, g.auth(seat))))
        return planned

    def submit(self, planned: list[tuple[_Game, _Bound]], inflight: int) -> tuple[list[float], Counter[str]]:
        latencies, futures = run_inflight(
            lambda i: planned[i][0].stub.SubmitCommand.future(
                planned[i][1].request, metadata=planned[i][1].auth, timeout=CALL_TIMEOUT
            ),
            len(planned),
            inflight,
        )
        codes: Counter[str] = Counter()
        ok = []
        for (g, _), f, seconds in zip(planned, futures, latencies, strict=True):
            code = code_of(f)
            codes[code] += 1
            if code == "OK":
                status = f.result().status
                g.to_act, g.finished = list(status.to_act), status.finished
                ok.append(seconds)
            else:
                g.stale = True
        return ok, codes

    def check(self, count: int, inflight: int) -> tuple[list[float], Counter[str]]:
        request = health_pb2.HealthCheckRequest()
        latencies, futures = run_inflight(
            lambda i: self.health_stubs[i % len(self.health_stubs)].Check.future(request, timeout=CALL_TIMEOUT),
            count,
            inflight,
        )
        codes = Counter(code_of(f) for f in futures)
        return [s for s, f in zip(latencies, futures, strict=True) if code_of(f) == "OK"], codes


@dataclass(frozen=True)
class _Bound:
    request: games_pb2.SubmitCommandRequest
    auth: tuple[tuple[str, str], ...]


def _worker_main(conn: Any, barrier: Any, stop: Any, index: int, seed: int) -> None:
    """A load process: runs the steps the parent sends, meeting the other workers at the barrier."""
    load: _Load | None = None
    while True:
        spec = conn.recv()
        if spec is None:
            break
        if load is None or load.target != spec["target"]:
            if load is not None:
                load.close()
            load = _Load(
                spec["target"], spec["rules"], spec["players"], spec["options"], seed * 100 + index, spec["processes"]
            )
        latencies: list[float] = []
        codes: Counter[str] = Counter()
        cpu = 0.0
        error = ""
        try:
            while True:
                planned: list[Any] = []
                if spec["kind"] == "submit" and spec["inflight"]:
                    planned = load.plan(spec["games"])
                barrier.wait(BARRIER_TIMEOUT)  # everyone planned: the timed phase starts
                before = time.process_time()  # CPU of every thread of this process, gRPC's own included
                if spec["inflight"]:
                    if spec["kind"] == "submit":
                        lat, got = load.submit(planned, spec["inflight"])
                    else:
                        lat, got = load.check(spec["games"], spec["inflight"])
                    latencies += lat
                    codes += got
                cpu += time.process_time() - before
                barrier.wait(BARRIER_TIMEOUT)  # everyone answered: the timed phase ends
                barrier.wait(BARRIER_TIMEOUT)  # the parent has decided whether another round follows
                if stop.value:
                    break
        except Exception as exc:  # reported to the parent, which fails the run
            error = f"{type(exc).__name__}: {exc}"
            with suppress(Exception):
                barrier.abort()
        conn.send({"latencies": latencies, "codes": dict(codes), "cpu": cpu, "error": error})
    if load is not None:
        load.close()
