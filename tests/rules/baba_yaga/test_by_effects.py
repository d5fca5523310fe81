"""Spell effects, the House, winning, variants (BY-E0..E7, BY-30/31, BY-V1..V4, BY-T08, T11, T12, T15)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from service.rules import baba_yaga as by
from service.rules.baba_yaga.data import FOREST_CELLS, QUADRANT_CELLS, QUADRANTS, Effect, End, HouseTiming
from service.rules.baba_yaga.messages import (
    EndSearch,
    FinishReason,
    FlipDown,
    FlipUp,
    GameFinished,
    LiftHouse,
    MoveLens,
    PlaceHouse,
    PlaceWitch,
    TurnPrepared,
)
from service.rules.baba_yaga.messages_effects import (
    Choice,
    ChoiceForfeited,
    ChoiceRequired,
    ChooseHouseTiming,
    ChooseTarget,
    EffectLost,
    EffectTargeted,
    HouseMoved,
    LossReason,
    MoveHouse,
    SwapTiles,
    TilesSwapped,
)
from tests.rules.baba_yaga.by_support import Table, cell_of, names, of_type

OTHERS = (("S11", "S12", "S13"), ("S14", "S15", "S16"), ("S17", "S18", "S19"), ("S20", "S10", "S09"))


def _table(top: str, seats: int = 3, rules_version: int = by.version, **options: object) -> Table:
    """Seat 0 is active first and its top card is `top`."""
    first = (top, *(c for c in ("S01", "S02", "S03", "S04") if c != top))[:3]
    stacks = (first, *OTHERS[: seats - 1])
    return Table(seats=seats, options=dict(options), stacks=stacks, rules_version=rules_version)


def _cast(t: Table) -> list[Any]:
    return t.turn(cast=True)


# --- BY-E0 -------------------------------------------------------------------------------------
def test_BY_E0_1_BY_E0_3_BY_A2_a_targeted_card_lies_in_front_of_the_target_until_his_next_turn() -> None:
    t = _table("S03")  # E-BLIND
    t.begin()
    events = _cast(t)
    assert events[-1] == ChoiceRequired(seat=0, choice=Choice.TARGET, card="S03", at_ms=t.now)
    assert t.phase == "choose_target" and t.view(1)["choice"]["targets"] == [1, 2]
    assert by.legal_commands(t.state, 0) == [ChooseTarget(player=1), ChooseTarget(player=2)]
    t.refused(0, ChooseTarget(player=0), "BAD_TARGET")  # not on yourself
    t.refused(0, ChooseTarget(player=5), "BAD_TARGET")
    t.refused(1, ChooseTarget(player=2), "NOT_YOUR_TURN")
    events = t.do(0, ChooseTarget(player=2))
    assert events[0] == EffectTargeted(seat=0, card="S03", effect=Effect.BLIND, target=2, at_ms=t.now)
    assert t.view(None)["pending"][0]["target"] == 2 and t.view(None)["pending"][0]["card"] == "S03"
    t.turn(cast=False)  # seat 1's turn: nothing applies
    assert not t.state.blind
    t.to_race()  # seat 2's turn: the card applies
    assert t.state.active == 2 and t.state.blind and t.state.active_cards == ("S03",)
    t.fail_spell()
    assert "S03" in t.state.used and t.state.pending == ()  # BY-E0.3: boxed once resolved


def test_BY_E0_2_BY_E2_swap_after_the_reset_any_two_tiles_even_those_found() -> None:
    t = _table("S02")  # E-SWAP: I02 I03 I05 I09
    t.begin()
    events = _cast(t)
    assert names(events)[-3:] == ["RoundEnded", "TilesReset", "ChoiceRequired"]
    assert t.phase == "swap_tiles" and t.state.face_up == frozenset()
    legal = by.legal_commands(t.state, 0)
    assert len(legal) == 16 * 15
    t.refused(0, SwapTiles(a=cell_of("I02"), b=cell_of("I02")), "SAME_CELL")
    t.refused(0, SwapTiles(a=cell_of("I02"), b=(2, 2)), "NOT_FOREST")
    a, b = cell_of("I02"), cell_of("I16")  # I02 was found this turn
    assert t.do(0, SwapTiles(a=a, b=b))[0] == TilesSwapped(seat=0, a=a, b=b, at_ms=t.now)
    assert t.state.ingredient(a) == "I16" and t.state.ingredient(b) == "I02"
    assert t.state.clue(a) == "skull-on-a-fence-post" and t.state.clue(b) == "lily-pad"
    assert "S02" in t.state.used and t.phase == "place_witch"


def test_BY_E2_BY_G12_the_house_moves_with_its_tile() -> None:
    t = _table("S02")
    t.begin()
    _cast(t)
    t.state = replace(t.state, house=cell_of("I07"))
    t.do(0, SwapTiles(a=cell_of("I07"), b=cell_of("I12")))
    assert t.state.house == cell_of("I12") and t.state.ingredient(cell_of("I12")) == "I07"


def test_BY_E0_4_BY_T11_blinding_light_and_tiny_never_on_the_same_player() -> None:
    t = _table("S04", seats=4)  # E-TINY, cast by D = seat 0
    t.begin()
    t.give_pending("S10", Effect.BLIND, target=1, caster=2)  # B = seat 1 has E-BLIND from C = seat 2
    _cast(t)
    assert t.view(0)["choice"]["targets"] == [2, 3]
    t.refused(0, ChooseTarget(player=1), "BAD_TARGET")


def test_BY_E0_4_BY_G10_one_pending_card_per_effect_and_a_lost_effect_without_target() -> None:
    t = _table("S05", seats=3)  # E-SHORTEN
    t.begin()
    t.give_pending("S12", Effect.SHORTEN, target=1, caster=2)
    t.give_pending("S19", Effect.SHORTEN, target=2, caster=1)
    events = _cast(t)
    lost = of_type(events, EffectLost)
    assert lost == [EffectLost(seat=0, card="S05", effect=Effect.SHORTEN, reason=LossReason.NO_TARGET, at_ms=t.now)]
    assert "S05" in t.state.used and t.phase == "place_witch"
    t2 = _table("S03", seats=3)  # an E-BLIND may still go to a player with a pending E-SHORTEN
    t2.begin()
    t2.give_pending("S12", Effect.SHORTEN, target=1, caster=2)
    _cast(t2)
    assert t2.view(0)["choice"]["targets"] == [1, 2]


def test_BY_E0_5_BY_G11_start_of_turn_order_house_then_path_then_handicaps() -> None:
    t = _table("S01")
    t.begin()
    t.give_pending("S07", Effect.HOUSE, target=0, caster=0)
    t.give_pending("S05", Effect.SHORTEN, target=0, caster=1)
    t.give_pending("S08", Effect.REDUCE, target=0, caster=0)
    t.give_pending("S10", Effect.BLIND, target=0, caster=2)
    events = t.place(End.S)
    assert events[-1] == ChoiceRequired(seat=0, choice=Choice.HOUSE_START, card="S07", at_ms=t.now)
    events = t.do(0, PlaceHouse(cell=cell_of("I16")))
    assert names(events) == ["HouseMoved", "TurnPrepared"]
    prepared = events[1]
    assert isinstance(prepared, TurnPrepared)
    assert (prepared.path_length, prepared.required, prepared.blind, prepared.tiny) == (4, 2, True, False)
    assert prepared.activated == ("S05", "S08", "S10")
    assert t.state.active_cards == ("S07", "S05", "S08", "S10") and t.phase == "ready"


def test_BY_E1_quick_brew_applies_to_the_caster_next_turn() -> None:
    t = _table("S01")
    t.begin()
    events = _cast(t)
    assert of_type(events, EffectTargeted)[0].target == 0  # self, no choice
    t.turn(cast=False)
    t.turn(cast=False)
    t.to_race()
    assert t.state.active == 0 and t.state.required == 2


def test_BY_E3_blinding_light_keyhole() -> None:
    t = _table("S01")
    t.begin()
    t.give_pending("S03", Effect.BLIND, target=0, caster=1)
    t.place()
    events = t.reveal()
    lens = events[0].lens
    assert lens in QUADRANTS and t.state.lens is lens
    inside = [c for c in QUADRANT_CELLS[lens] if c != t.state.house]
    outside = [c for c in FOREST_CELLS if c not in QUADRANT_CELLS[lens]]
    t.refused(0, FlipUp(cell=outside[0]), "OUT_OF_SIGHT")
    assert not any(isinstance(c, FlipUp) and c.cell in outside for c in by.legal_commands(t.state, 0))
    t.do(0, FlipUp(cell=inside[0]))
    # the target's own view: details only in the lens
    mine = {tuple(x["cell"]): x for x in t.view(0)["forest"]}
    assert all(mine[c] == {"cell": list(c), "in_sight": False} for c in outside)
    assert all(mine[c]["in_sight"] and mine[c]["clue"] for c in inside)
    for viewer in (None, 1, 2):  # the others see everything
        assert all(x["in_sight"] and "clue" in x for x in t.view(viewer)["forest"])
    t.refused(0, MoveLens(quadrant=lens), "SAME_QUADRANT")
    other = next(q for q in QUADRANTS if q is not lens)
    t.do(0, MoveLens(quadrant=other))
    # a tile up outside the lens can still be turned back (a block can always be cleared)
    if not t.state.is_correct(inside[0]):
        assert FlipDown(cell=inside[0]) in by.legal_commands(t.state, 0)
    t.do(0, FlipDown(cell=inside[0]))


def test_BY_E3_keyhole_hides_the_house_and_forbids_lifting_it_outside_the_lens() -> None:
    t = _table("S01")
    t.begin()
    t.give_pending("S03", Effect.BLIND, target=0, caster=1)
    t.place()
    t.reveal()
    lens = t.state.lens
    assert lens is not None
    far = next(c for c in FOREST_CELLS if c not in QUADRANT_CELLS[lens])
    t.state = replace(t.state, house=far)
    t.refused(0, LiftHouse(), "OUT_OF_SIGHT")
    assert t.view(0)["house"] == {"where": "board", "cell": None, "holder": None}
    assert t.view(1)["house"]["cell"] == list(far)


def test_BY_E3_record_mode_shows_the_card_but_limits_nothing() -> None:
    t = _table("S01", handicap_mode="record")
    t.begin()
    t.give_pending("S03", Effect.BLIND, target=0, caster=1)
    t.to_race()
    assert t.state.blind and t.state.lens is None
    assert sum(isinstance(c, FlipUp) for c in by.legal_commands(t.state, 0)) == 16
    assert t.view(None)["applying"][0]["effect_name"] == "Blinding light!"
    assert all(x["in_sight"] for x in t.view(0)["forest"])


def test_BY_E4_tiny_slows_the_hand() -> None:
    t = _table("S01", mode="R")
    t.begin()
    t.give_pending("S04", Effect.TINY, target=0, caster=1)
    t.to_race()
    t.flip("I01", after=600)
    t.refused(0, FlipUp(cell=cell_of("I02")), "TOO_SOON", after=599)
    t.flip("I02", after=600)
    t = _table("S01", mode="T")
    t.begin()
    t.give_pending("S04", Effect.TINY, target=0, caster=1)
    t.to_race()
    assert t.view(0)["race"]["cost_per_action"] == 2
    assert names(t.flip("I01")) == ["TileFlippedUp", "WitchStepped"]
    assert t.view(0)["race"]["budget_left"] == 14
    t = _table("S01", mode="T", handicap_mode="record")
    t.begin()
    t.give_pending("S04", Effect.TINY, target=0, caster=1)
    t.to_race()
    assert t.view(0)["race"]["cost_per_action"] == 1


def test_BY_E5_shortcut_targets_an_opponent() -> None:
    t = _table("S05")
    t.begin()
    _cast(t)
    t.refused(0, ChooseTarget(player=0), "BAD_TARGET")
    t.do(0, ChooseTarget(player=1))
    t.to_race()
    assert t.state.active == 1 and t.state.path_length == 4 and t.state.total_steps() == 6


def test_BY_E6_detour_extends_the_casters_next_path() -> None:
    t = _table("S06")
    t.begin()
    events = _cast(t)
    assert of_type(events, EffectTargeted)[0].target == 0
    t.turn(cast=False)
    t.turn(cast=False)
    t.to_race(End.E)
    assert t.state.path_length == 6 and t.state.path()[-1] == (2, -1) and t.state.total_steps() == 10


def test_BY_E7_house_now_on_any_tile_after_the_reset() -> None:
    t = _table("S07")  # E-HOUSE: I07 I08 I10 I14
    t.begin()
    _cast(t)
    assert t.phase == "choose_house_timing"
    assert by.legal_commands(t.state, 0) == [ChooseHouseTiming(timing=h) for h in HouseTiming]
    events = t.do(0, ChooseHouseTiming(timing=HouseTiming.NOW))
    assert events[-1].choice is Choice.HOUSE_NOW and t.phase == "place_house_now"
    assert len(by.legal_commands(t.state, 0)) == 16
    events = t.do(0, PlaceHouse(cell=cell_of("I07")))  # found this turn
    assert events[0] == HouseMoved(seat=0, cell=cell_of("I07"), card="S07", at_ms=t.now)
    assert t.state.house == cell_of("I07") and "S07" in t.state.used and t.phase == "place_witch"


def test_BY_T15_BY_A4_house_next_turn_is_placed_after_the_witch() -> None:
    t = _table("S07")
    t.begin()
    _cast(t)
    events = t.do(0, ChooseHouseTiming(timing=HouseTiming.NEXT))
    assert of_type(events, EffectTargeted)[0].target == 0
    assert t.view(None)["pending"][0]["effect"] == "E-HOUSE"
    t.turn(cast=False)
    t.turn(cast=False)
    events = t.place()
    assert events[-1].choice is Choice.HOUSE_START
    t.refused(0, FlipUp(cell=cell_of("I01")), "ROUND_OVER")
    events = t.do(0, PlaceHouse(cell=cell_of("I03")))
    assert names(events) == ["HouseMoved", "TurnPrepared"] and t.state.house == cell_of("I03")
    t.reveal()
    t.fail_spell()
    assert "S07" in t.state.used


def test_BY_T08_BY_30_the_third_spell_wins_at_once_without_its_effect() -> None:
    t = _table("S03")  # an E-BLIND card
    t.state = replace(t.state, cast=(("S20", "S10"), (), ()))
    t.begin()
    events = _cast(t)
    assert names(events)[-2:] == ["RoundEnded", "GameFinished"]
    finished = events[-1]
    assert isinstance(finished, GameFinished)
    assert finished.winners == (0,) and finished.reason is FinishReason.THIRD_SPELL
    assert not of_type(events, ChoiceRequired)
    assert by.status(t.state).finished and by.winners(t.state) == (0,) and by.scores(t.state) == (3, 0, 0)
    t.refused(1, PlaceWitch(end=End.N), "GAME_OVER")
    assert all(by.legal_commands(t.state, s) == [] for s in (None, 0, 1, 2))
    assert by.status(t.state).wake_at_ms is None


def test_BY_T12_BY_23_walk_level_ignores_the_effect() -> None:
    t = _table("S02", difficulty="walk")
    t.begin()
    events = _cast(t)
    assert of_type(events, EffectLost)[0].reason is LossReason.WALK_LEVEL
    assert not of_type(events, ChoiceRequired) and "S02" in t.state.used


def test_BY_31_turn_limit_ends_the_game_with_no_winner() -> None:
    """Rules version 2 (issue 18): a spell ahead is not three spells; the turn limit is a draw."""
    t = _table("S01", max_turns=2)
    t.begin()
    t.turn(cast=True)
    events = t.turn(cast=False)
    finished = events[-1]
    assert isinstance(finished, GameFinished) and finished.reason is FinishReason.TURN_LIMIT
    assert finished.winners == () and finished.casts == (1, 0, 0)


def test_BY_31_rules_version_1_turn_limit_most_spells_win_ties_shared() -> None:
    t = _table("S01", max_turns=2, rules_version=1)
    t.begin()
    t.turn(cast=True)
    events = t.turn(cast=False)
    finished = events[-1]
    assert isinstance(finished, GameFinished) and finished.reason is FinishReason.TURN_LIMIT
    assert finished.winners == (0,)
    t = _table("S01", max_turns=1, rules_version=1)
    t.begin()
    events = t.turn(cast=False)
    assert events[-1].winners == (0, 1, 2)


def test_BY_31_a_spell_cast_on_the_last_turn_has_no_effect() -> None:
    t = _table("S03", max_turns=1)
    t.begin()
    events = _cast(t)
    assert isinstance(events[-1], GameFinished) and not of_type(events, ChoiceRequired)


def test_BY_V1_BY_G15_mixed_levels() -> None:
    t = Table(seats=3, options={"difficulty": "mixed", "tough_seats": "1"})
    assert [lvl.value for lvl in t.state.config.levels] == ["run", "tough", "run"]
    t.begin()
    t.to_race()
    assert t.state.required == 3
    t.fail_spell()
    t.to_race()
    assert t.state.active == 1 and t.state.required == 4


def test_BY_V4_1_BY_G14_fearless_the_active_player_moves_the_house_each_turn() -> None:
    t = _table("S01", fearless=True)
    t.begin()
    assert t.state.house is None  # not on the board for the first turn
    events = t.turn(cast=False)
    assert events[-1] == ChoiceRequired(seat=0, choice=Choice.FEARLESS, card=None, at_ms=t.now)
    assert by.legal_commands(t.state, 0) == [MoveHouse(cell=c) for c in FOREST_CELLS]
    t.refused(1, MoveHouse(cell=cell_of("I01")), "NOT_YOUR_TURN")
    t.refused(0, MoveHouse(cell=(2, 2)), "NOT_FOREST")
    assert t.view(None)["witch"] is None  # BY-25: the figurine is removed before the fearless move
    events = t.do(0, MoveHouse(cell=cell_of("I05")))
    assert names(events) == ["HouseMoved", "TurnStarted"]
    assert t.state.house == cell_of("I05")
    t.turn(cast=False)
    t.do(1, MoveHouse(cell=cell_of("I06")))  # from the board to another tile
    assert t.state.house == cell_of("I06")


def test_BY_V4_2_a_deferred_house_escapes_the_previous_players_choice() -> None:
    t = _table("S07", fearless=True)
    t.begin()
    _cast(t)
    t.do(0, ChooseHouseTiming(timing=HouseTiming.NEXT))
    t.do(0, MoveHouse(cell=cell_of("I01")))
    t.turn(cast=False)
    t.do(1, MoveHouse(cell=cell_of("I02")))
    t.turn(cast=False)
    t.do(2, MoveHouse(cell=cell_of("I08")))  # seat 2 hinders seat 0
    t.place()
    t.do(0, PlaceHouse(cell=cell_of("I16")))  # ... who moves it away
    assert t.state.house == cell_of("I16")


# --- decision timeouts ---------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("top", "choice"), [("S03", Choice.TARGET), ("S02", Choice.SWAP), ("S07", Choice.HOUSE_TIMING)]
)
def test_an_unmade_choice_is_forfeited_after_the_decision_timeout(top: str, choice: Choice) -> None:
    t = _table(top, mode="R")
    t.begin()
    t.to_race()
    for ingredient in by.state.card_ingredients(top)[:3]:
        t.flip(ingredient, after=1000)
    t.do(0, EndSearch(), after=10)
    assert t.state.choice is choice
    assert by.status(t.state).wake_at_ms == t.now + 30000
    events = t.timeout()
    assert events[0] == ChoiceForfeited(seat=0, choice=choice, card=top, auto=True, at_ms=t.now)
    assert top in t.state.used and t.phase == "place_witch" and t.state.pending == ()


def test_a_deferred_house_not_placed_in_time_stays_where_it_is() -> None:
    t = _table("S01", mode="R")
    t.begin()
    t.give_pending("S07", Effect.HOUSE, target=0, caster=0)
    t.state = replace(t.state, house=cell_of("I09"))
    t.place()
    events = t.timeout()
    assert names(events) == ["ChoiceForfeited", "TurnPrepared"]
    assert t.state.house == cell_of("I09") and t.state.active_cards == ("S07",)


def test_a_fearless_move_not_made_in_time_leaves_the_house() -> None:
    t = _table("S01", mode="R", fearless=True)
    t.begin()
    t.turn(cast=False)
    events = t.timeout()
    assert names(events) == ["ChoiceForfeited", "TurnStarted"]
    assert t.state.house is None
