"""The search and the check (BY-11..16, BY-22..25, BY-T04..T07, BY-T09, BY-T10)."""

from __future__ import annotations

from dataclasses import replace

from service.rules import baba_yaga as by
from service.rules.baba_yaga.data import Effect
from service.rules.baba_yaga.messages import (
    EndSearch,
    FlipDown,
    FlipUp,
    HouseLifted,
    LiftHouse,
    ReplaceHouse,
    RevealSpell,
    RoundEnded,
    SpellRevealed,
    TileFlippedUp,
    TilesReset,
)
from tests.rules.baba_yaga.by_support import Table, cell_of, names, of_type

CARD = "S01"  # I01 I02 I04 I08, E-REDUCE: seat 0's top card in every Table


def _race(seats: int = 3, **options: object) -> Table:
    t = Table(seats=seats, options=dict(options))
    t.to_race()
    assert t.state.card == CARD
    return t


def _end(t: Table) -> RoundEnded:
    result: RoundEnded = of_type(t.do(t.state.active, EndSearch()), RoundEnded)[0]
    return result


def _with_house_on(t: Table, ingredient: str) -> None:
    """Given: the House covers the tile of `ingredient` (as an earlier E-HOUSE would have left it)."""
    t.state = replace(t.state, house=cell_of(ingredient))


# --- searching ---------------------------------------------------------------------------------
def test_BY_11_revealing_the_top_card_starts_the_race_for_everyone_to_see() -> None:
    t = Table(seats=3)
    t.begin()
    t.place()
    t.refused(1, RevealSpell(), "NOT_YOUR_TURN")
    events = t.reveal()
    assert isinstance(events[0], SpellRevealed) and events[0].card == CARD
    assert t.phase == "race" and t.state.stacks[0] == ("S02", "S03")
    for viewer in (None, 0, 1, 2):
        assert t.view(viewer)["card"]["card"] == CARD
        assert t.view(viewer)["card"]["ingredients"] == ["I01", "I02", "I04", "I08"]
        assert t.view(viewer)["stack_sizes"] == [2, 3, 3]


def test_BY_12_only_forest_tiles_are_turned_one_at_a_time_by_the_active_player() -> None:
    t = _race()
    for path_cell in ((2, 2), (0, 2), (2, 4)):
        t.refused(0, FlipUp(cell=path_cell), "NOT_FOREST")
    t.refused(0, FlipUp(cell=(7, 7)), "NOT_FOREST")
    t.refused(1, FlipUp(cell=cell_of("I01")), "NOT_YOUR_TURN")
    events = t.flip("I01")
    assert events == [TileFlippedUp(seat=0, cell=cell_of("I01"), ingredient="I01", correct=True, at_ms=t.now)]
    t.refused(0, FlipUp(cell=cell_of("I01")), "FACE_UP")


def test_BY_13_a_correct_tile_stays_up_and_the_search_goes_on() -> None:
    t = _race()
    t.flip("I01")
    t.flip("I02")
    assert t.state.face_up == {cell_of("I01"), cell_of("I02")}
    assert FlipUp(cell=cell_of("I04")) in by.legal_commands(t.state, 0)


def test_BY_14_BY_T09_a_wrong_tile_blocks_until_turned_back() -> None:
    t = _race()
    t.flip("I01")
    events = t.flip("I13")
    assert not events[0].correct
    t.refused(0, FlipUp(cell=cell_of("I02")), "BLOCKED")
    t.refused(0, FlipDown(cell=cell_of("I01")), "BLOCKED")  # only that tile may be turned back
    assert by.legal_commands(t.state, 0) == [FlipDown(cell=cell_of("I13")), EndSearch()]
    assert t.view(0)["race"]["blocked_cell"] == list(cell_of("I13"))
    t.do(0, FlipDown(cell=cell_of("I13")))
    t.flip("I02")
    assert t.state.face_up == {cell_of("I01"), cell_of("I02")}


def test_BY_15_a_correct_tile_may_be_turned_back_down() -> None:
    t = _race()
    t.flip("I01")
    t.do(0, FlipDown(cell=cell_of("I01")))
    assert t.state.face_up == frozenset()
    t.refused(0, FlipDown(cell=cell_of("I01")), "FACE_DOWN")


def test_BY_16_BY_T10_house_on_a_correct_tile() -> None:
    t = _race()
    _with_house_on(t, "I02")
    t.refused(0, FlipUp(cell=cell_of("I02")), "UNDER_HOUSE")
    assert FlipUp(cell=cell_of("I02")) not in by.legal_commands(t.state, 0)
    tile = next(x for x in t.view(None)["forest"] if tuple(x["cell"]) == cell_of("I02"))
    assert tile["house"] and tile["clue"] is None  # covered: only "House"
    assert t.do(0, LiftHouse()) == [HouseLifted(seat=0, cell=cell_of("I02"), at_ms=t.now)]
    assert t.view(None)["house"] == {"where": "player", "cell": None, "holder": 0}
    t.refused(0, FlipUp(cell=cell_of("I01")), "MUST_FLIP_UNCOVERED")
    t.flip("I02")
    t.flip("I01")
    t.flip("I04")
    result = _end(t)
    assert result.cast
    assert t.state.house is None and t.state.house_holder == 0  # stays in front of A, off the board


def test_BY_16_BY_T10_house_on_a_wrong_tile_must_be_replaced() -> None:
    t = _race()
    _with_house_on(t, "I13")
    t.do(0, LiftHouse())
    t.flip("I13")
    t.refused(0, FlipUp(cell=cell_of("I01")), "BLOCKED")
    t.refused(0, ReplaceHouse(), "NOTHING_TO_REPLACE")  # the tile is still up
    t.do(0, FlipDown(cell=cell_of("I13")))
    t.refused(0, FlipUp(cell=cell_of("I01")), "BLOCKED")  # the House first
    assert by.legal_commands(t.state, 0) == [ReplaceHouse(), EndSearch()]
    t.do(0, ReplaceHouse())
    assert t.state.house == cell_of("I13")
    t.flip("I01")


def test_BY_16_lifting_and_replacing_without_looking_is_allowed() -> None:
    t = _race()
    _with_house_on(t, "I05")
    t.do(0, LiftHouse())
    assert ReplaceHouse() in by.legal_commands(t.state, 0)
    t.do(0, ReplaceHouse())
    assert t.state.house == cell_of("I05") and t.state.must_flip is None


def test_BY_16_no_house_no_lift() -> None:
    t = _race()
    t.refused(0, LiftHouse(), "NO_HOUSE")
    t.refused(0, ReplaceHouse(), "NOTHING_TO_REPLACE")


# --- the check -----------------------------------------------------------------------------------
def test_BY_22_BY_T04_three_correct_and_nothing_wrong_casts() -> None:
    t = _race()
    for i in ("I01", "I04", "I08"):
        t.flip(i)
    result = _end(t)
    assert result.cast and result.correct == ("I01", "I04", "I08") and result.wrong == ()


def test_BY_T05_BY_24_a_wrong_tile_left_up_fails_and_the_card_goes_under() -> None:
    t = _race()
    for i in ("I01", "I04", "I08", "I13"):
        t.flip(i)
    result = _end(t)
    assert not result.cast and result.wrong == ("I13",)
    assert t.state.stacks[0] == ("S02", "S03", CARD)  # face down at the bottom of the stack
    assert t.state.casts()[0] == 0
    assert t.view(None)["last_round"]["card"] is None  # §12: counted in views, not named


def test_BY_T06_BY_E1_two_are_too_few_unless_quick_brew_applies() -> None:
    t = _race()
    t.flip("I01")
    t.flip("I04")
    assert not _end(t).cast
    t = Table(seats=3)
    t.begin()
    t.give_pending("S08", Effect.REDUCE, target=0, caster=0)
    t.to_race()
    assert t.state.required == 2
    t.flip("I01")
    t.flip("I04")
    result = _end(t)
    assert result.cast and result.required == 2


def test_BY_T07_tough_level_needs_all_four() -> None:
    t = _race(difficulty="tough")
    for i in ("I01", "I02", "I04"):
        t.flip(i)
    assert not _end(t).cast
    t = _race(difficulty="tough")
    for i in ("I01", "I02", "I04", "I08"):
        t.flip(i)
    assert _end(t).cast


def test_BY_23_a_cast_card_counts_and_never_returns_to_the_stack() -> None:
    t = _race()
    t.cast_spell()
    assert t.state.cast[0] == (CARD,) and CARD not in t.state.stacks[0]
    assert t.view(None)["casts"] == [1, 0, 0] and by.scores(t.state) == (1, 0, 0)


# --- cleanup -----------------------------------------------------------------------------------
def test_BY_25_BY_G9_every_tile_is_turned_back_and_a_wrong_house_tile_gets_its_house_back() -> None:
    t = _race()
    _with_house_on(t, "I13")
    t.do(0, LiftHouse())
    t.flip("I13")
    events = t.do(0, EndSearch())  # the wrong tile is still up under the lifted House
    assert not of_type(events, RoundEnded)[0].cast
    reset = of_type(events, TilesReset)[0]
    assert reset.house_returned_to == cell_of("I13")
    assert t.state.face_up == frozenset() and t.state.house == cell_of("I13")


def test_BY_25_a_lifted_house_whose_tile_was_not_turned_goes_back() -> None:
    t = _race()
    _with_house_on(t, "I02")
    t.do(0, LiftHouse())
    events = t.do(0, EndSearch())
    assert of_type(events, TilesReset)[0].house_returned_to == cell_of("I02")


def test_BY_25_a_house_won_in_an_earlier_turn_stays_in_front_of_its_holder() -> None:
    t = _race()
    t.state = replace(t.state, house=None, house_holder=2)
    t.flip("I01")
    events = t.do(0, EndSearch())
    assert of_type(events, TilesReset)[0].house_returned_to is None
    assert t.state.house_holder == 2


def test_BY_25_path_changes_are_undone_and_applied_cards_boxed() -> None:
    t = Table(seats=3)
    t.begin()
    t.give_pending("S05", Effect.SHORTEN, target=0, caster=1)
    t.to_race()
    assert t.state.path_length == 4 and t.view(None)["applying"][0]["card"] == "S05"
    events = t.fail_spell()
    assert names(events)[-2:] == ["TurnEnded", "TurnStarted"]
    assert t.state.path_length == 5 and "S05" in t.state.used and t.state.pending == ()
