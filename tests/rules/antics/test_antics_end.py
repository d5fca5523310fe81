"""End of the game and scoring (AN-70..72, AN-80..83, AN-T10..T13, AN-T15)."""

from __future__ import annotations

from dataclasses import replace

from service.rules import antics
from service.rules.antics.data import (
    EXHAUSTED_TYPES_TO_END,
    MAX_ROUNDS,
    PREY,
    Action,
    EndReason,
    Hatchery,
    Token,
)
from service.rules.antics.messages import (
    EndTriggered,
    EndTurn,
    FinishAction,
    GameFinished,
    HatchAnt,
    PickUpToken,
    ScoutTile,
    Steal,
    TurnStarted,
    UseHex,
    UseMagnificANT,
)
from service.rules.antics.scoring import leaf_points, player_score, prey_points, rank_winners
from service.rules.antics.state import Phase, State
from tests.rules.antics.antics_support import (
    acting,
    fresh,
    names,
    on_turn,
    put_ant,
    refused,
    run,
    set_player,
    set_site,
    with_cells,
)

FUNGUS_SCOUT, FUNGUS_BUILD, FUNGUS_FUNGUS, BA = 44, 47, 59, 24


def busy_turn(state: State) -> State:
    """The current seat takes one action (so AN-72 does not end the game) and ends its turn."""
    seat = state.current
    state, _ = run(state, seat, UseMagnificANT(Action.HATCH), HatchAnt(Hatchery.GRASS), EndTurn())
    while state.phase is Phase.FEEDING:
        state, _ = run(state, seat, antics.legal_commands(state, seat)[0])
    return state


def fourth_exhaustion_on(seat: int) -> State:
    """3 prey types are exhausted; `seat` can pick up the last BEETLE from P1."""
    state = replace(fresh(4), exhausted=PREY[1:4])
    for site in ("P2", "P3", "P4"):
        state = set_site(state, site, 0)
    state = put_ant(set_site(state, "P1", 1), seat, "S19")
    return acting(state, seat, Action.DRAG, 1)


# --- AN-70..72 ----------------------------------------------------------------------------------------
def test_AN_70_a_tiles_run_out() -> None:
    state = on_turn(fresh(4), 1)
    state = replace(state, bag=state.bag[:1])
    state, _ = run(state, 1, UseMagnificANT(Action.SCOUT), ScoutTile(1, 1))
    state, events = run(state, 1, EndTurn())
    assert EndTriggered(seat=1, reason=EndReason.TILES_OUT) in events
    assert state.bag == () and events[-1] == TurnStarted(seat=2, round=2, actions=3, final_turns_left=4)


def test_AN_G14_no_trigger_while_a_tile_is_left() -> None:
    state = on_turn(fresh(4), 1)
    state = replace(state, bag=state.bag[:2])
    state, _ = run(state, 1, UseMagnificANT(Action.SCOUT), ScoutTile(1, 1))
    _, events = run(state, 1, EndTurn())
    assert "EndTriggered" not in names(events)


def test_AN_70_b_four_prey_types_exhausted() -> None:
    state, events = run(fourth_exhaustion_on(2), 2, PickUpToken("P1", "S19"))
    assert len(state.exhausted) == EXHAUSTED_TYPES_TO_END
    state, events = run(state, 2, EndTurn())
    assert EndTriggered(seat=2, reason=EndReason.PREY_EXHAUSTED) in events and state.final_turns_left == 4


def test_AN_G2_six_types_four_to_end() -> None:
    assert len(PREY) == 6 and EXHAUSTED_TYPES_TO_END == 4
    state = replace(fresh(4), exhausted=PREY[:3])
    _, events = run(busy_turn_state(state), state.current, EndTurn())
    assert "EndTriggered" not in names(events)


def busy_turn_state(state: State) -> State:
    state, _ = run(on_turn(state, state.current), state.current, UseMagnificANT(Action.HATCH), FinishAction())
    return state


def test_AN_71_AN_T15_one_more_turn_each_then_scoring() -> None:
    state, _ = run(fourth_exhaustion_on(2), 2, PickUpToken("P1", "S19"))
    state, _ = run(state, 2, EndTurn())
    order = []
    while state.phase is not Phase.FINISHED:
        order.append(state.current)
        state = busy_turn(state)
    assert order == [3, 0, 1, 2]
    assert state.end_reason is EndReason.FINAL_TURNS and state.trigger is EndReason.PREY_EXHAUSTED


def test_AN_71_a_second_trigger_changes_nothing() -> None:
    state, _ = run(fourth_exhaustion_on(0), 0, PickUpToken("P1", "S19"))
    state, _ = run(state, 0, EndTurn())
    state = replace(state, bag=state.bag[:1])  # the bag will run out during the final turns
    turns = 0
    while state.phase is not Phase.FINISHED:
        seat = state.current
        state, events = run(state, seat, UseMagnificANT(Action.SCOUT), ScoutTile(1, 1), EndTurn())
        while state.phase is Phase.FEEDING:
            state, more = run(state, seat, antics.legal_commands(state, seat)[0])
            events += more
        assert "EndTriggered" not in names(events)
        turns += 1
    assert turns == 4


def test_AN_72_a_round_of_passes_ends_the_game() -> None:
    state = on_turn(fresh(3), 0)
    for seat in (0, 1):
        state, events = run(state, seat, EndTurn())
        assert isinstance(events[-1], TurnStarted)
    state, events = run(state, 2, EndTurn())
    assert isinstance(events[-1], GameFinished) and events[-1].reason is EndReason.STALEMATE


def test_AN_G17_steals_alone_do_not_count_as_activity() -> None:
    state = put_ant(put_ant(fresh(3), 0, "S01"), 1, "S01", carrying=Token.GREEN_LEAF)
    state = on_turn(state, 0)
    state, _ = run(state, 0, Steal("S01", 1), EndTurn())
    state, _ = run(state, 1, EndTurn())
    state, _ = run(state, 2, EndTurn())
    assert state.end_reason is EndReason.STALEMATE
    active = busy_turn(on_turn(fresh(3), 0))
    active, _ = run(active, 1, EndTurn())
    active, _ = run(active, 2, EndTurn())
    assert active.phase is Phase.ACTIONS  # one action in three turns keeps the game going


def test_engine_bound_MAX_ROUNDS_ends_the_game() -> None:
    state = on_turn(fresh(3), 2)
    state = replace(state, turn=3 * MAX_ROUNDS)
    state, events = run(state, 2, UseMagnificANT(Action.HATCH), FinishAction(), EndTurn())
    assert isinstance(events[-1], GameFinished) and events[-1].reason is EndReason.TURN_LIMIT
    refused(state, 0, EndTurn(), "GAME_OVER")
    assert antics.legal_commands(state, 0) == [] and antics.status(state).finished


# --- AN-80..83 scoring -----------------------------------------------------------------------------------
def test_AN_80_AN_T10_leaves_on_fungi() -> None:
    assert leaf_points([3], brown=1, green=0) == 3
    assert leaf_points([3], brown=0, green=1) == 5
    assert leaf_points([], brown=2, green=2) == 0  # leaves without a fungus
    assert leaf_points([4, 2], brown=0, green=0) == 0  # fungi without a leaf


def test_AN_G12_best_leaf_placement() -> None:
    assert leaf_points([1, 5], brown=2, green=1) == 5 + 1 + 2
    assert leaf_points([1, 5, 3], brown=1, green=0) == 5


def test_AN_81_AN_T11_prey_squared() -> None:
    assert [prey_points(n) for n in (4, 6, 0)] == [16, 36, 0]


def test_AN_T12_full_score() -> None:
    state = with_cells(
        fresh(4),
        0,
        (0, 0, 4, FUNGUS_SCOUT, 0),
        (1, 0, 4, FUNGUS_SCOUT, 1),
        (0, 1, 2, FUNGUS_BUILD, 0),
        (2, 0, 1, FUNGUS_FUNGUS, 0),
        (1, 1, 1, BA, 0),
    )
    state = set_player(state, 0, prey=(Token.BEETLE, Token.BUTTERFLY, Token.LADYBIRD), green=2, brown=2)
    assert player_score(state.players[0]) == 9 + (4 + 2 + 1) + 2 * 2 == 20
    # the view carries the parts (AN-80 leaves, AN-81 prey) beside the total, so a client adds nothing up
    seen = antics.view(state, None)["players"][0]
    assert (seen["leaf_points"], seen["prey_points"], seen["score"]) == (11, 9, 20)


def test_AN_82_AN_T13_tie_break_on_the_taller_anthill() -> None:
    assert rank_winners((20, 20, 7), (4, 3, 5)) == (0,)


def test_AN_G13_a_tie_beyond_the_height_is_shared() -> None:
    assert rank_winners((20, 20, 7), (3, 3, 5)) == (0, 1)
    assert rank_winners((0, 0, 0, 0), (0, 0, 0, 0)) == (0, 1, 2, 3)


def test_AN_82_game_finished_carries_scores_heights_winners() -> None:
    state = with_cells(fresh(3), 1, (0, 0, 2, FUNGUS_SCOUT, 0), (1, 0, 2, FUNGUS_SCOUT, 1))
    state = set_player(state, 1, green=1)
    state = set_player(state, 2, prey=(Token.BEETLE, Token.DRAGONFLY))
    state = on_turn(state, 0)
    for seat in (0, 1, 2):
        state, events = run(state, seat, EndTurn())
    finished = events[-1]
    assert finished == GameFinished(EndReason.STALEMATE, scores=(0, 4, 4), heights=(0, 2, 0), winners=(1,))
    assert antics.scores(state) == (0, 4, 4) and antics.winners(state) == (1,)


def test_AN_83_only_delivered_tokens_and_built_tiles_score() -> None:
    state = put_ant(fresh(4), 0, "S01", carrying=Token.BEETLE)
    state = set_player(state, 0, tiles=(FUNGUS_FUNGUS,), green=2)
    assert antics.scores(state)[0] == 0


# --- gaps resolved in the engine --------------------------------------------------------------------------
def test_AN_G9_pedant_is_the_start_player_marker() -> None:
    state = fresh(4)
    assert antics.view(state, None)["start_seat"] == state.start_seat == state.current


def test_AN_G10_action_quantities_are_maxima() -> None:
    state = acting(fresh(4), 0, Action.HATCH, 5)
    _, events = run(state, 0, HatchAnt(Hatchery.SAND), FinishAction())
    assert names(events) == ["AntHatched", "ActionFinished"]


def test_AN_G15_the_base_offers_no_action() -> None:
    state = fresh(4)
    refused(state, state.current, UseHex(0, 0), "NO_HEX")
    assert all(isinstance(c, (UseMagnificANT, EndTurn)) for c in antics.legal_commands(state, state.current))
