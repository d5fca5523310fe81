"""Roles, the witch, round end, Mode R and Mode T races, timeouts (BY-05, BY-10, BY-20/21, BY-26, §11)."""

from __future__ import annotations

from service.rules import baba_yaga as by
from service.rules.baba_yaga.data import Effect, End, Hand
from service.rules.baba_yaga.messages import (
    EndSearch,
    FlipDown,
    FlipUp,
    LiftHouse,
    MoveLens,
    PlaceWitch,
    RevealSpell,
    RoundEnd,
    RoundEnded,
    SpellRevealed,
    StepWitch,
    Timeout,
    WitchPlaced,
    WitchStepped,
)
from tests.rules.baba_yaga.by_support import Table, cell_of, names, of_type

R = {"mode": "R"}


def _pending(t: Table, card: str, effect: Effect, target: int, caster: int = 1) -> None:
    """Given: `card` lies in front of `target` (as an earlier EffectTargeted would have left it)."""
    t.give_pending(card, effect, target, caster)


# --- roles -------------------------------------------------------------------------------------
def test_BY_10_the_player_on_the_left_places_the_witch_on_an_end() -> None:
    t = Table(seats=4, first=2)
    t.begin()
    assert by.status(t.state).to_act == (3,)
    assert by.legal_commands(t.state, 3) == [PlaceWitch(end=e) for e in End]
    for seat in (0, 1, 2):
        t.refused(seat, PlaceWitch(end=End.S), "NOT_YOUR_TURN")
        assert by.legal_commands(t.state, seat) == []
    t.refused(2, RevealSpell(), "WRONG_PHASE")  # not before the witch is placed
    assert t.place(End.W)[0] == WitchPlaced(seat=3, end=End.W, auto=False, at_ms=t.now)
    assert t.state.path() == ((2, 0), (2, 1), (2, 2), (2, 3), (2, 4))  # W is on the H path
    assert t.phase == "ready"


def test_BY_10_in_two_player_games_the_other_player_places() -> None:
    t = Table(seats=2, first=1)
    t.begin()
    assert t.state.placer == 0 and by.status(t.state).to_act == (0,)


def test_BY_05_BY_26_BY_A1_the_active_role_passes_left_whatever_the_result() -> None:
    t = Table(seats=3, first=0)
    t.begin()
    t.turn(cast=True)
    assert t.state.active == 1 and t.state.turn == 2
    t.turn(cast=False)
    assert t.state.active == 2
    t.turn(cast=False)
    assert t.state.active == 0 and t.state.placer == 1


# --- the witch's flight ------------------------------------------------------------------------
def test_BY_T01_BY_21_normal_path_from_N_takes_eight_moves() -> None:
    t = Table(seats=3, options=R)
    t.to_race(End.N)
    cells = []
    for _ in range(8):
        steps = of_type(t.step(), WitchStepped)
        cells.append(steps[0].cell)
    assert cells == [(1, 2), (2, 2), (3, 2), (4, 2), (3, 2), (2, 2), (1, 2), (0, 2)]
    assert t.state.last_round is not None and t.phase == "place_witch"


def test_BY_A3_the_witch_flies_straight_never_turning_at_the_centre() -> None:
    for end, path in (
        (End.S, [(4, 2), (3, 2), (2, 2), (1, 2), (0, 2)]),
        (End.E, [(2, 4), (2, 3), (2, 2), (2, 1), (2, 0)]),
    ):
        t = Table(seats=3, options=R)
        t.to_race(end)
        assert list(t.state.path()) == path


def test_BY_T03_BY_20_seed_rotation_example() -> None:
    """4 players, A = seat 0; Giannis (1), Panagiota (2), Iakovos (3): G P I G P I G P; move 8 ends the round."""
    t = Table(seats=4, options=R, first=0)
    t.to_race()
    movers = []
    for move in range(1, 9):
        due = t.state.due_flyer()
        assert by.status(t.state).to_act == (0, due)
        for other in (1, 2, 3):
            if other != due:
                t.refused(other, StepWitch(), "NOT_YOUR_MOVE", after=1000)
        t.refused(0, StepWitch(), "NOT_YOUR_MOVE", after=1000)
        events = t.step()
        movers.append(events[0].seat)
        if move < 8:
            assert t.phase == "race"
    assert movers == [1, 2, 3, 1, 2, 3, 1, 2]
    assert of_type(events, RoundEnded)[0].why is RoundEnd.WITCH_RETURNED


def test_BY_T02_BY_G8_shorten_extend_and_both() -> None:
    expected = {(Effect.SHORTEN,): 6, (Effect.EXTEND,): 10, (Effect.SHORTEN, Effect.EXTEND): 8}
    for effects, moves in expected.items():
        t = Table(seats=3, options=R)
        t.begin()
        for i, effect in enumerate(effects):
            _pending(t, f"S0{i + 5}", effect, target=0)
        t.place(End.N)
        t.reveal()
        assert t.state.total_steps() == moves
        path = t.state.path()
        if effects == (Effect.SHORTEN,):
            assert path == ((0, 2), (1, 2), (2, 2), (3, 2))  # the far end tile is removed
        if effects == (Effect.EXTEND,):
            assert path[-1] == (5, 2)  # the spare tile beyond the far end
        for move in range(1, moves + 1):
            t.step()
            assert (t.phase == "race") == (move < moves)
        assert t.state.path_length == 5  # put back at the end of the round


# --- Mode R ------------------------------------------------------------------------------------
def test_R1_first_step_only_after_the_delay() -> None:
    t = Table(seats=3, options=R)
    t.to_race()
    t0 = t.now
    assert t.view(1)["race"]["next_step_at_ms"] == t0 + 800
    t.refused(1, StepWitch(), "TOO_SOON", after=799)
    t.step(after=800)
    assert t.state.steps == 1


def test_R2_only_the_due_flyer_may_step() -> None:
    t = Table(seats=3, options=R)
    t.to_race()
    assert by.legal_commands(t.state, 2) == [] and by.legal_commands(t.state, 1) == [StepWitch()]
    t.refused(2, StepWitch(), "NOT_YOUR_MOVE", after=1000)


def test_R3_steps_at_least_the_min_interval_apart() -> None:
    t = Table(seats=3, options=R)
    t.to_race()
    t.step(after=1000)
    t.refused(2, StepWitch(), "TOO_SOON", after=799)
    t.step(after=800)
    assert t.state.steps == 2


def test_R4_a_stalling_flyer_is_stepped_for_automatically() -> None:
    t = Table(seats=3, options=R)
    t.to_race()
    t0 = t.now
    assert by.status(t.state).wake_at_ms == t0 + 800 + 2500
    assert by.legal_commands(t.state, None) == [Timeout()]
    t.refused(None, Timeout(), "NOT_DUE", after=3299)
    t.refused(1, Timeout(), "SERVER_ONLY", after=4000)
    events = t.timeout()
    assert events == [WitchStepped(seat=1, step=1, cell=(1, 2), hand=None, auto=True, at_ms=t0 + 3300)]
    assert by.status(t.state).wake_at_ms == t0 + 3300 + 800 + 2500
    # a late flyer may still step before the server does
    t.step(after=5000)
    assert t.state.steps == 2


def test_R4_a_round_where_nobody_acts_ends_by_itself() -> None:
    t = Table(seats=4, options=R)
    t.begin()
    for _ in range(3):  # placement, reveal, 8 steps: all by timeouts
        t.timeout()
    while t.phase == "race":
        t.timeout()
    assert t.state.turn == 2 and t.state.last_round is not None and not t.state.last_round.cast


def test_R5_search_actions_are_rate_limited() -> None:
    t = Table(seats=3, options=R)
    t.to_race()
    t.refused(0, FlipUp(cell=cell_of("I01")), "TOO_SOON", after=299)
    t.flip("I01", after=300)
    t.refused(0, FlipUp(cell=cell_of("I02")), "TOO_SOON", after=100)
    t.do(0, EndSearch(), after=1)  # ending the search is not a search action
    assert t.phase == "place_witch"


def test_R6_a_flip_is_visible_to_everyone_at_once() -> None:
    t = Table(seats=3, options=R)
    t.to_race()
    t.flip("I02", after=1000)
    for viewer in (None, 0, 1, 2):
        tile = next(x for x in t.view(viewer)["forest"] if tuple(x["cell"]) == cell_of("I02"))
        assert tile["face_up"] and tile["ingredient"] == "I02"


def test_BY_T14_a_flip_after_the_eighth_step_is_refused_and_the_check_used_the_board_as_it_was() -> None:
    t = Table(seats=3, options=R)
    t.to_race()
    t.flip("I01", after=400)
    t.flip("I02", after=400)
    for _ in range(7):
        t.step()
    events = t.step()  # the 8th step: the round ends at this commit
    result = of_type(events, RoundEnded)[0]
    assert result.correct == ("I01", "I02") and not result.cast
    for command in (FlipUp(cell=cell_of("I04")), FlipDown(cell=cell_of("I01")), LiftHouse(), EndSearch()):
        t.refused(0, command, "ROUND_OVER", after=10)
    t.refused(1, StepWitch(), "ROUND_OVER", after=1000)


def test_11_4_end_search_ends_the_round_at_once() -> None:
    t = Table(seats=3, options=R)
    t.to_race()
    t.step()
    events = t.do(0, EndSearch(), after=10)
    assert names(events)[:2] == ["SearchEnded", "RoundEnded"]
    assert of_type(events, RoundEnded)[0].why is RoundEnd.SEARCH_ENDED
    t.refused(2, StepWitch(), "ROUND_OVER", after=1000)


# --- two players -------------------------------------------------------------------------------
def test_BY_T13_BY_V3_two_player_flyer_alternates_hands() -> None:
    t = Table(seats=2, options=R)
    t.to_race()
    assert by.legal_commands(t.state, 1) == [StepWitch(hand=Hand.L), StepWitch(hand=Hand.R)]
    t.refused(1, StepWitch(), "HAND_REQUIRED", after=1000)
    hands = []
    for move in range(8):
        hand = Hand.L if move % 2 == 0 else Hand.R
        if move:
            t.refused(1, StepWitch(hand=t.state.last_hand), "SAME_HAND", after=1000)
            assert by.legal_commands(t.state, 1) == [StepWitch(hand=hand)]
        events = t.step(hand=hand)
        assert events[0].seat == 1
        hands.append(events[0].hand)
    assert hands == [Hand.L, Hand.R] * 4
    assert t.state.active == 1 and t.state.placer == 0  # the roles alternate


def test_BY_V3_record_mode_names_no_hands() -> None:
    t = Table(seats=2, options={"mode": "R", "handicap_mode": "record"})
    t.to_race()
    assert by.legal_commands(t.state, 1) == [StepWitch()]
    t.refused(1, StepWitch(hand=Hand.L), "HAND_NOT_USED", after=1000)


def test_BY_V3_an_automatic_step_keeps_the_alternation() -> None:
    t = Table(seats=2, options=R)
    t.to_race()
    t.step(hand=Hand.R)
    assert t.timeout()[0].hand is Hand.L


# --- Mode T ------------------------------------------------------------------------------------
def test_T1_the_budget_is_actions_per_step_times_the_steps() -> None:
    for effects, budget in (((), 16), ((Effect.SHORTEN,), 12), ((Effect.EXTEND,), 20)):
        t = Table(seats=3)
        t.begin()
        for effect in effects:
            _pending(t, "S05", effect, target=0)
        t.place()
        t.reveal()
        assert t.view(0)["race"]["budget_left"] == budget
    t = Table(seats=3, options={"actions_per_step": 3})
    t.to_race()
    assert t.view(0)["race"]["budget_left"] == 24


def test_T2_T3_each_search_action_costs_a_point_and_the_witch_follows() -> None:
    t = Table(seats=3)
    t.to_race()
    assert by.status(t.state).to_act == (0,)
    t.refused(1, StepWitch(), "NOT_YOUR_MOVE")  # flyers issue no commands in mode T
    assert names(t.flip("I05")) == ["TileFlippedUp"]  # wrong: 1 point
    t.refused(0, FlipUp(cell=cell_of("I06")), "BLOCKED")  # rejected commands cost nothing
    assert t.view(0)["race"]["budget_left"] == 15
    events = t.do(0, FlipDown(cell=cell_of("I05")))
    assert names(events) == ["TileFlippedDown", "WitchStepped"]
    step = of_type(events, WitchStepped)[0]
    assert step.auto and step.seat == 1 and step.step == 1
    assert t.view(0)["race"]["budget_left"] == 14


def test_T4_the_round_ends_when_the_budget_is_spent() -> None:
    t = Table(seats=3)
    t.to_race()
    for _ in range(7):
        t.flip("I01")
        t.do(0, FlipDown(cell=cell_of("I01")))
    t.flip("I01")
    events = t.flip("I02")  # the 16th point: the last step, the round ends with both tiles up
    assert names(events)[:3] == ["TileFlippedUp", "WitchStepped", "RoundEnded"]
    assert of_type(events, RoundEnded)[0].correct == ("I01", "I02")


def test_T4_end_search_applies_the_remaining_steps_at_once() -> None:
    t = Table(seats=3)
    t.to_race()
    t.flip("I01")
    events = t.do(0, EndSearch())
    assert [e.step for e in of_type(events, WitchStepped)] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert all(e.auto for e in of_type(events, WitchStepped))
    assert of_type(events, RoundEnded)[0].why is RoundEnd.SEARCH_ENDED


def test_T4_think_time_steps_the_witch() -> None:
    t = Table(seats=3, options={"think_time_ms": 5000})
    t.to_race()
    assert by.status(t.state).wake_at_ms == t.now + 5000
    t.refused(None, Timeout(), "NOT_DUE", after=4999)
    events = t.timeout()
    assert names(events) == ["WitchStepped"] and events[0].auto
    assert t.view(0)["race"]["budget_left"] == 14
    t.flip("I01", after=1000)
    assert by.status(t.state).wake_at_ms == t.now + 5000


def test_T4_no_think_time_by_default() -> None:
    t = Table(seats=3)
    t.to_race()
    assert by.status(t.state).wake_at_ms is None and by.legal_commands(t.state, None) == []
    t.refused(None, Timeout(), "NOT_DUE", after=10**9)


def test_T5_mode_t_checks_exactly_like_mode_r() -> None:
    results = []
    for options in ({"mode": "T"}, {"mode": "R"}):
        t = Table(seats=3, options=options)
        t.to_race()
        t.flip("I01", after=500)
        t.flip("I04", after=500)
        t.flip("I08", after=500)
        events = t.do(0, EndSearch(), after=500)
        results.append(of_type(events, RoundEnded)[0].cast)
    assert results == [True, True]


def test_T2_move_lens_costs_one_point() -> None:
    t = Table(seats=3)
    t.begin()
    _pending(t, "S03", Effect.BLIND, target=0)
    t.place()
    t.reveal()
    lens = t.state.lens
    assert lens is not None
    other = next(q for q in by.data.QUADRANTS if q is not lens)
    t.do(0, MoveLens(quadrant=other))
    assert t.view(0)["race"]["budget_left"] == 15


# --- disconnections (§11.8) ---------------------------------------------------------------------
def test_11_8_placer_timeout_places_the_witch_at_a_random_end() -> None:
    ends = set()
    for i in range(12):
        t = Table(seats=3, options=R, seed=bytes([i]))
        t.begin()
        assert by.status(t.state).wake_at_ms == t.now + 30000
        t.refused(None, Timeout(), "NOT_DUE", after=29999)
        events = t.timeout()
        placed = events[0]
        assert isinstance(placed, WitchPlaced) and placed.auto and placed.seat == 1
        ends.add(placed.end)
    assert len(ends) > 1


def test_11_8_reveal_timeout_reveals_the_card() -> None:
    t = Table(seats=3, options=R)
    t.begin()
    t.place()
    assert by.status(t.state).wake_at_ms == t.now + 30000
    events = t.timeout()
    assert isinstance(events[0], SpellRevealed) and events[0].auto and events[0].card == "S01"
    assert t.phase == "race"
