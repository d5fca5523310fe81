"""`make bench`'s cross-process watch: a command acknowledged by one server worker, seen by a WatchGame
stream on another."""

from __future__ import annotations

import random
import threading
import time
import uuid
from concurrent import futures
from contextlib import suppress
from typing import Any

import grpc
from playledger.v1 import games_pb2, games_pb2_grpc

from bench.harness import ServerProc, quantile
from bench.output import _r
from bench.worker import CALL_TIMEOUT, pin_workers

ORGANIZER = "bench-organizer-" + uuid.uuid4().hex  # lets the watch measurement see every event


class _Streams:
    """WatchGame streams, each labelled near or far; when each (label, game, version) arrived."""

    def __init__(self) -> None:
        self.seen: dict[tuple[str, str, int], float] = {}
        self.cv = threading.Condition()
        self.calls: list[Any] = []

    def follow(self, where: str, stub: games_pb2_grpc.GameServiceStub, game: str, after: int) -> None:
        organizer = (("authorization", f"Bearer {ORGANIZER}"),)
        call = stub.WatchGame(
            games_pb2.WatchGameRequest(game=game, after_version=after), metadata=organizer, timeout=120
        )
        self.calls.append(call)
        with suppress(grpc.RpcError):
            for response in call:
                with self.cv:
                    self.seen[(where, game, response.event.version)] = time.perf_counter()
                    self.cv.notify_all()

    def wait(self, game: str, version: int, timeout: float = 10) -> bool:
        with self.cv:
            return self.cv.wait_for(lambda: all((w, game, version) in self.seen for w in ("near", "far")), timeout)

    def close(self) -> None:
        for call in self.calls:
            call.cancel()


def _drive_watched(
    stubs: dict[str, games_pb2_grpc.GameServiceStub], streams: _Streams, load: dict[str, Any], seed: int, count: int
) -> tuple[dict[str, list[float]], list[str]]:
    """One game: streams on both workers, then `count` commands through the near one, each at a random moment."""
    rng, near = random.Random(seed), stubs["near"]
    results: dict[str, list[float]] = {"far": [], "near": []}
    request = games_pb2.CreateGameRequest(
        rules=load["rules"], players=[f"watch {seed}.{p}" for p in range(load["players"])]
    )
    request.options.update(load["options"])
    created = near.CreateGame(request, timeout=CALL_TIMEOUT)
    game, tokens, status = created.game.name, {t.seat: t.token for t in created.seat_tokens}, created.game.status
    for where, stub in stubs.items():
        threading.Thread(target=streams.follow, args=(where, stub, game, created.game.version - 1), daemon=True).start()
    if not streams.wait(game, created.game.version):  # each stream delivers the current last event first: live
        return results, [f"{game}: the streams never started"]
    failures = []
    for _ in range(count):
        if status.finished or not status.to_act:
            break
        time.sleep(rng.random())  # commands land at a random phase of anything periodic on the far side
        auth = (("authorization", f"Bearer {tokens[rng.choice(list(status.to_act))]}"),)
        legal = near.ListLegalCommands(
            games_pb2.ListLegalCommandsRequest(game=game), metadata=auth, timeout=CALL_TIMEOUT
        )
        choice = rng.choice(legal.commands)
        submit = games_pb2.SubmitCommandRequest(
            game=game, command_type=choice.command_type, request_id=uuid.uuid4().hex
        )
        submit.args.CopyFrom(choice.args)
        response = near.SubmitCommand(submit, metadata=auth, timeout=CALL_TIMEOUT)
        acked, status = time.perf_counter(), response.status
        if not streams.wait(game, response.version):
            failures.append(f"{game} v{response.version}: not delivered within 10 s")
            continue
        for where in results:
            results[where].append(streams.seen[(where, game, response.version)] - acked)
    return results, failures


def watch_latency(server: ServerProc, processes: int, load: dict[str, Any], samples: int, seed: int) -> dict[str, Any]:
    """Acknowledged through worker process A -> delivered by WatchGame on worker B of the same server (far),
    beside a stream on A itself (near, the baseline). Four games, driven at once."""
    near, far = pin_workers(server.target, processes)[:2]
    stubs = {"near": games_pb2_grpc.GameServiceStub(near), "far": games_pb2_grpc.GameServiceStub(far)}
    streams, games = _Streams(), 4
    counts = [samples // games + (1 if n < samples % games else 0) for n in range(games)]
    with futures.ThreadPoolExecutor(games) as pool:
        done = list(pool.map(lambda n: _drive_watched(stubs, streams, load, seed * 7 + n, counts[n]), range(games)))
    streams.close()
    near.close()
    far.close()
    out: dict[str, Any] = {
        "commands": sum(len(r["far"]) for r, _ in done),
        "not_delivered": [f for _, fs in done for f in fs],
    }
    for where in ("far", "near"):
        values = [x for r, _ in done for x in r[where]]
        out[f"{where}_p50_ms"] = _r(quantile(values, 0.5) * 1000, 1)
        out[f"{where}_p95_ms"] = _r(quantile(values, 0.95) * 1000, 1)
    return out
