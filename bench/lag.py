"""Projection lag as a client sees it: from a command's commit to its projection applied.

`measure_lag(target, samples)` plays its own game (one unique player id, so ListGames, served from the
games read model, lists exactly that game) and, for each sample, submits a legal command, takes the
time of SubmitCommand's answer (the server answers after the command's events are committed), then
polls ListGames until the read model shows the game at the version the answer named. The figure is
an upper bound of commit -> applied by at most one poll interval plus one ListGames round trip;
the ListGames round trip on a game already caught up is measured beside it as the baseline.
`during(...)` runs it beside a load step (clients/bench.py, its most loaded step). Bounded: `samples`
commands, each waited for at most `timeout` seconds.
"""

from __future__ import annotations

import threading
import time
import uuid
from collections.abc import Callable
from typing import Any, ParamSpec, TypeVar

import grpc
from playledger.v1 import games_pb2, games_pb2_grpc

from bench.harness import quantile

POLL_SECONDS = 0.002
MAX_SAMPLES = 200  # during a load step: until the step ends or this many commands
T = TypeVar("T")
P = ParamSpec("P")
RULES = "hare-and-tortoise"


class _LagGame:
    def __init__(self, stub: games_pb2_grpc.GameServiceStub, timeout: float) -> None:
        self.stub, self.timeout = stub, timeout
        self.player = f"lag-{uuid.uuid4().hex[:12]}"
        ids = [f"{self.player}-{seat}" for seat in range(2)]
        created = stub.CreateGame(
            games_pb2.CreateGameRequest(rules=RULES, players=["lag a", "lag b"], player_ids=ids), timeout=timeout
        )
        self.name = created.game.name
        self.tokens = {t.seat: t.token for t in created.seat_tokens}
        self.to_act = list(created.game.status.to_act)
        self.finished = False
        self.listing = games_pb2.ListGamesRequest(player_id=ids[0], page_size=1)

    def move(self) -> int:
        """One legal command of the seat to act; the version SubmitCommand answered."""
        seat = self.to_act[0]
        auth = (("authorization", f"Bearer {self.tokens[seat]}"),)
        legal = self.stub.ListLegalCommands(
            games_pb2.ListLegalCommandsRequest(game=self.name), metadata=auth, timeout=self.timeout
        ).commands
        request = games_pb2.SubmitCommandRequest(
            game=self.name, command_type=legal[0].command_type, request_id=uuid.uuid4().hex
        )
        request.args.CopyFrom(legal[0].args)
        answer = self.stub.SubmitCommand(request, metadata=auth, timeout=self.timeout)
        self.to_act, self.finished = list(answer.status.to_act), answer.status.finished
        return int(answer.version)

    def listed_version(self) -> int:
        games = self.stub.ListGames(self.listing, timeout=self.timeout).games
        return int(games[0].version) if games else 0


def measure_lag(
    target: str, samples: int = 50, timeout: float = 10.0, stop: threading.Event | None = None
) -> dict[str, Any]:
    """Commit -> read model lag over `samples` commands (fewer once `stop` is set) of games of its own."""
    lags: list[float] = []
    round_trips: list[float] = []
    missed = 0
    with grpc.insecure_channel(target) as channel:
        stub = games_pb2_grpc.GameServiceStub(channel)
        game = _LagGame(stub, timeout)
        for _ in range(samples):
            if stop is not None and stop.is_set():
                break
            if game.finished or not game.to_act:
                game = _LagGame(stub, timeout)
            version = game.move()
            committed = time.perf_counter()
            while (seen := game.listed_version()) < version and time.perf_counter() - committed < timeout:
                time.sleep(POLL_SECONDS)
            if seen < version:
                missed += 1
                continue
            lags.append((time.perf_counter() - committed) * 1000)
            started = time.perf_counter()
            game.listed_version()  # caught up: what one ListGames costs, the measurement's own floor
            round_trips.append((time.perf_counter() - started) * 1000)
    return _summary(lags, round_trips, missed)


def during(
    target: str,
    active: bool,
    out: dict[str, Any],
    say: Callable[[str], None],
    run: Callable[P, T],
    *args: P.args,
    **kwargs: P.kwargs,
) -> T:
    """`run(...)` (a load step); when `active`, the lag measured meanwhile goes to out["commit_lag"] and is said."""
    if not active:
        return run(*args, **kwargs)
    stop = threading.Event()
    found: dict[str, Any] = {}

    def measure() -> None:
        try:
            found.update(measure_lag(target, samples=MAX_SAMPLES, stop=stop))
        except grpc.RpcError as exc:  # the load's own errors are the bench's to report; the lag is then unknown
            found["error"] = f"{exc.code()}: {exc.details()}"

    thread = threading.Thread(target=measure, name="commit-lag", daemon=True)
    thread.start()
    try:
        return run(*args, **kwargs)
    finally:
        stop.set()
        thread.join(timeout=30)
        out["commit_lag"] = found
        say(f"{out.get('store', '')}: " + (describe(found) if "samples" in found else f"lag not measured: {found}"))


def _summary(lags: list[float], round_trips: list[float], missed: int) -> dict[str, Any]:
    def ms(values: list[float], q: float) -> float | None:
        return round(quantile(values, q), 2) if values else None

    return {
        "samples": len(lags),
        "missed": missed,  # not applied within the timeout
        "p50_ms": ms(lags, 0.5),
        "p95_ms": ms(lags, 0.95),
        "max_ms": round(max(lags), 2) if lags else None,
        "list_games_p50_ms": ms(round_trips, 0.5),
    }


def describe(lag: dict[str, Any]) -> str:
    """One line for the bench's table."""
    return (
        f"commit -> projection applied over {lag['samples']} commands: p50 {lag['p50_ms']} ms, "
        f"p95 {lag['p95_ms']} ms, max {lag['max_ms']} ms (goal <= 100 ms; {lag['missed']} missed; "
        f"one ListGames p50 {lag['list_games_p50_ms']} ms)"
    )
