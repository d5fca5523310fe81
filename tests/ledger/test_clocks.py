"""Time controls (issue 18.6): a seat that lets its move deadline pass is moved for, or forfeits, by the server's
clock; the record shows it and replay checks it. The bot runner's clock is a test clock here, so the ten-second
deadline passes at once; the store and the ledger are real.
"""

from __future__ import annotations

import time
from dataclasses import replace
from uuid import UUID

import pytest

from replay.verify import verify_stream
from service.bots import POLICY_VERSION
from service.ledger.app import Ledger
from service.ledger.clocks import CLOCK_ACTOR, TimeControlError, time_control
from service.ledger.game import Game
from service.ledger.store import persistence_env
from service.runtime.bot_runner import BotRunner

DEADLINE_S = 10


class FakeClock:
    def __init__(self) -> None:
        self.now = 1_000_000

    def __call__(self) -> int:
        return self.now


def _game(ledger: Ledger, clock: FakeClock, on_timeout: str) -> UUID:
    made = ledger.create_game(
        "hare-and-tortoise", ["ann", "bob"], time_control=time_control(DEADLINE_S, on_timeout), clock=clock
    )
    return made.game_id


def _until(check, what: str, seconds: float = 20) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.02)


@pytest.mark.parametrize("on_timeout", ["move", "forfeit"])
def test_a_seat_past_its_move_deadline_is_moved_for_or_forfeits_and_the_game_verifies(
    tmp_path, on_timeout: str
) -> None:  # type: ignore[no-untyped-def]
    ledger = Ledger(persistence_env(f"sqlite:///{tmp_path / 'c.db'}"))
    clock = FakeClock()
    game_id = _game(ledger, clock, on_timeout)
    game = ledger.get_game(game_id)
    assert game.deadline_ms() == clock.now + DEADLINE_S * 1000
    # ann moves in time; bob does not.
    ann = game.legal_commands(0)[0]
    ledger.submit(game_id, 0, ann, "r1", clock=lambda: clock.now + 2_000)
    runner = BotRunner(ledger, clock=clock)
    runner.start()
    try:
        clock.now += 5_000  # before the deadline (counted from ann's move): nothing happens
        time.sleep(0.3)
        assert ledger.get_game(game_id).version == game.version + 1
        clock.now += 60_000
        runner._on_saved(game_id, 0)  # wake it as a save would; it also rechecks on its own
        _until(lambda: runner.timeouts == 1, "the clock to act")
    finally:
        runner.stop()
    stored = ledger.stream(game_id)
    last = stored[-1]
    if on_timeout == "move":
        moved = [e for e in stored if isinstance(e, Game.EventRecorded) and e.seat == 1]
        assert moved and moved[0].command["bot"] == {"level": "random", "policy": POLICY_VERSION, "timeout": True}
        assert moved[0].request_id.startswith("clock@")
        assert not ledger.get_game(game_id).is_finished()
    else:
        assert isinstance(last, Game.EndedByRuling)
        assert (last.ruling, last.actor, last.seats) == ("forfeit", CLOCK_ACTOR, [1])
        assert ledger.get_game(game_id).is_finished()
    events = list(ledger.events.get(game_id))
    verdict = verify_stream(game_id, events)
    assert verdict.ok, verdict.findings


def test_replay_refuses_a_clock_move_before_the_deadline(tmp_path) -> None:  # type: ignore[no-untyped-def]
    ledger = Ledger(persistence_env(f"sqlite:///{tmp_path / 'c.db'}"))
    clock = FakeClock()
    game_id = _game(ledger, clock, "move")
    runner = BotRunner(ledger, clock=clock)
    runner.start()
    try:
        clock.now += DEADLINE_S * 1000 + 1
        runner._on_saved(game_id, 0)
        _until(lambda: runner.timeouts >= 1, "the clock to act")
    finally:
        runner.stop()
    events = list(ledger.events.get(game_id))
    forged = [
        replace(e, at_ms=e.at_ms - 5_000)
        if isinstance(e, Game.EventRecorded) and e.request_id and e.request_id.startswith("clock@")
        else e
        for e in events
    ]
    findings = [f.message for f in verify_stream(game_id, forged).findings]
    assert any("before its deadline" in m for m in findings), findings


def test_a_time_control_the_server_cannot_keep_is_refused() -> None:
    with pytest.raises(TimeControlError, match="5 to"):
        time_control(1)
    with pytest.raises(TimeControlError, match="on_timeout"):
        time_control(10, "pause")


def test_a_tournament_with_a_clock_pairs_games_that_have_it(tmp_path) -> None:  # type: ignore[no-untyped-def]
    from service.tournaments.app import Tournaments

    ledger = Ledger(persistence_env(f"sqlite:///{tmp_path / 't.db'}"))
    desk = Tournaments(ledger)
    players = [(f"p{i}", f"P{i}") for i in range(1, 5)]
    tournament, _ = desk.create("Cup", "hare-and-tortoise", players, table_size=2, time_control=time_control(30))
    paired = desk.pair_round(tournament.id)
    assert paired.games, "round 1 has games"
    for made in paired.games:
        game = ledger.get_game(made.created.game_id)
        assert game.time_control == {"move_ms": 30_000, "on_timeout": "move"}
        assert game.deadline_ms() is not None
        assert verify_stream(game.id, list(ledger.events.get(game.id))).ok


def test_create_game_over_grpc_takes_a_time_control_and_refuses_one_it_cannot_keep(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import grpc
    from grpc_status import rpc_status
    from playledger.v1 import games_pb2, games_pb2_grpc

    from service.config import Settings
    from service.server import start

    running = start(Settings(store=f"sqlite:///{tmp_path / 'g.db'}", port=0, web_port=0, metrics_port=0))
    try:
        stub = games_pb2_grpc.GameServiceStub(grpc.insecure_channel(f"127.0.0.1:{running.port}"))
        request = games_pb2.CreateGameRequest(rules="hare-and-tortoise", players=["ann", "bob"])
        request.time_control.CopyFrom(games_pb2.TimeControl(move_seconds=10, on_timeout="forfeit"))
        game = stub.CreateGame(request, timeout=10).game
        assert (game.time_control.move_seconds, game.time_control.on_timeout) == (10, "forfeit")
        assert game.status.deadline_ms > 0
        request.time_control.move_seconds = 1
        with pytest.raises(grpc.RpcError) as refused:
            stub.CreateGame(request, timeout=10)
        assert refused.value.code() == grpc.StatusCode.INVALID_ARGUMENT
        status = rpc_status.from_call(refused.value)
        assert status is not None and b"BAD_TIME_CONTROL" in status.details[0].value
    finally:
        running.stop(0.5)


BUDGET_S, INCREMENT_S = 60, 5


@pytest.mark.parametrize("on_timeout", ["move", "forfeit"])
def test_a_chess_clock_runs_for_the_seat_to_act_adds_its_increment_and_flags_it_at_zero(
    tmp_path, on_timeout: str
) -> None:  # type: ignore[no-untyped-def]
    store = f"sqlite:///{tmp_path / 'c.db'}"
    ledger = Ledger(persistence_env(store))
    clock = FakeClock()
    control = time_control(0, on_timeout, BUDGET_S, INCREMENT_S)
    game_id = ledger.create_game("hare-and-tortoise", ["ann", "bob"], time_control=control, clock=clock).game_id
    start = clock.now
    game = ledger.get_game(game_id)
    assert game.clocks is not None and game.clocks.left_ms == [60_000, 60_000]
    assert game.deadline_ms(0) == start + 60_000
    ann = game.legal_commands(0)[0]
    ledger.submit(game_id, 0, ann, "r1", clock=lambda: start + 2_000)  # ann thinks 2 s
    game = Ledger(persistence_env(store)).get_game(game_id)  # folded from the stored times, not kept in memory
    # Both seats choose their second bet at once (HT-S3): both clocks ran; ann's move added her increment.
    assert game.clocks is not None and game.clocks.left_ms == [63_000, 58_000], "2 s spent by each, 5 s added to ann"
    assert game.deadline_ms(1) == start + 2_000 + 58_000
    runner = BotRunner(ledger, clock=clock)
    runner.start()
    try:
        clock.now = start + 2_000 + 57_000  # bob has a second left: nothing happens
        runner._on_saved(game_id, 0)
        time.sleep(0.3)
        assert runner.timeouts == 0
        clock.now = start + 2_000 + 58_000
        runner._on_saved(game_id, 0)
        _until(lambda: runner.timeouts == 1, "bob's flag to fall")
    finally:
        runner.stop()
    game = ledger.get_game(game_id)
    if on_timeout == "forfeit":
        assert game.is_finished() and game.ruling is not None and game.ruling["seats"] == [1]
    else:
        assert game.clocks is not None and game.clocks.left_ms[1] == INCREMENT_S * 1000, "0 left, then the increment"
    verdict = verify_stream(game_id, list(ledger.events.get(game_id)))
    assert verdict.ok, verdict.findings


def test_replay_refuses_a_chess_clock_forfeit_before_the_seat_ran_out(tmp_path) -> None:  # type: ignore[no-untyped-def]
    ledger = Ledger(persistence_env(f"sqlite:///{tmp_path / 'c.db'}"))
    clock = FakeClock()
    control = time_control(0, "forfeit", BUDGET_S, INCREMENT_S)
    game_id = ledger.create_game("hare-and-tortoise", ["ann", "bob"], time_control=control, clock=clock).game_id
    game = ledger.get_game(game_id)
    ledger.submit(game_id, 0, game.legal_commands(0)[0], "r1", clock=lambda: clock.now + 1_000)
    # bob has 59 s left; a clock that rules his forfeit 30 s after ann's move is wrong.
    ledger.forfeit_on_time(game_id, 1, ledger.get_game(game_id).version, clock.now + 31_000)
    findings = [f.message for f in verify_stream(game_id, list(ledger.events.get(game_id))).findings]
    assert any("before the deadline" in m for m in findings), findings


def test_in_a_simultaneous_phase_every_waiting_seat_s_clock_runs() -> None:
    from service.ledger.clocks import SeatClocks

    clocks = SeatClocks.start(time_control(0, "move", BUDGET_S, INCREMENT_S), 3)
    assert clocks is not None
    clocks.record(1_000, (), None, None, None)  # setup
    clocks.record(4_000, (0, 1, 2), 2, "r", {"name": "bet"})  # seat 2 answered first, after 3 s
    clocks.record(4_000, (0, 1, 2), 2, "r", {"name": "bet"})  # a second event of the same move: nothing more
    clocks.record(9_000, (0, 1), 0, "s", {"name": "bet"})
    assert clocks.left_ms == [60_000 - 8_000 + 5_000, 60_000 - 8_000, 60_000 - 3_000 + 5_000]
    assert clocks.deadline_ms(1) == 9_000 + 52_000


def test_a_chess_clock_the_server_cannot_keep_is_refused() -> None:
    with pytest.raises(TimeControlError, match="budget"):
        time_control(0, "move", 5)
    with pytest.raises(TimeControlError, match="increment"):
        time_control(30, "move", 0, 5)
    with pytest.raises(TimeControlError, match="needs"):
        time_control(0, "move", 0, 0)
    assert time_control(30, "forfeit", 300, 3) == {
        "on_timeout": "forfeit",
        "move_ms": 30_000,
        "budget_ms": 300_000,
        "increment_ms": 3_000,
    }


def test_create_game_over_grpc_shows_every_seat_s_chess_clock(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import grpc
    from playledger.v1 import games_pb2, games_pb2_grpc

    from service.config import Settings
    from service.server import start

    running = start(Settings(store=f"sqlite:///{tmp_path / 'g.db'}", port=0, web_port=0, metrics_port=0))
    try:
        stub = games_pb2_grpc.GameServiceStub(grpc.insecure_channel(f"127.0.0.1:{running.port}"))
        request = games_pb2.CreateGameRequest(rules="hare-and-tortoise", players=["ann", "bob"])
        request.time_control.CopyFrom(
            games_pb2.TimeControl(budget_seconds=300, increment_seconds=3, on_timeout="forfeit")
        )
        game = stub.CreateGame(request, timeout=10).game
        control = game.time_control
        assert (control.budget_seconds, control.increment_seconds, control.move_seconds) == (300, 3, 0)
        clocks = {c.seat: (c.left_ms, c.flag_ms) for c in game.status.clocks}
        assert set(clocks) == {0, 1} and all(left == 300_000 for left, _ in clocks.values())
        assert all(flag > 0 for _, flag in clocks.values()), "both seats choose a bet now: both clocks run"
        assert game.status.deadline_ms == min(flag for _, flag in clocks.values())
    finally:
        running.stop(0.5)
