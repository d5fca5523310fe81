"""Setup, options and metadata (spec §1, §2, §4, §10.1, BY-T16)."""

from __future__ import annotations

from functools import reduce
from typing import Any

import pytest

from service.ledger import codec
from service.rules import baba_yaga as by
from service.rules.baba_yaga.data import (
    FOREST_CELLS,
    INGREDIENT_IDS,
    PATH_CELLS,
    SPELL_IDS,
    SPELLS,
    Effect,
    End,
)
from service.rules.baba_yaga.messages import (
    BeginGame,
    FirstPlayerChosen,
    ForestLaid,
    GameBegan,
    PreviewEnded,
    SpellsDealt,
    Timeout,
    TurnStarted,
)
from service.rules.baba_yaga.state import Phase
from service.rules.core import InvalidOptions, Rng, normalize_options
from tests.rules.baba_yaga.by_support import Table, names


def _setup(seats: int, seed: bytes = b"seed", **options: object) -> list[Any]:
    opts = normalize_options(by.metadata, seats, options)
    return by.setup(opts, seats, Rng(seed, 1))


def _state(seats: int, seed: bytes = b"seed", **options: object) -> by.state.State:
    opts = normalize_options(by.metadata, seats, options)
    return reduce(by.evolve, by.setup(opts, seats, Rng(seed, 1)), by.initial_state(seats, opts))


def test_BY_G1_board_is_a_cross_of_nine_path_cells_and_sixteen_forest_cells() -> None:
    assert len(PATH_CELLS) == 9 and len(FOREST_CELLS) == 16
    assert all(r == 2 or c == 2 for r, c in PATH_CELLS)
    assert not set(PATH_CELLS) & set(FOREST_CELLS)


def test_BY_S1_forest_tiles_are_laid_at_random_forest_face_up() -> None:
    layouts = set()
    for seed in (b"a", b"b", b"c"):
        forest = _setup(3, seed)[0]
        assert isinstance(forest, ForestLaid)
        assert sorted(t.cell for t in forest.tiles) == sorted(FOREST_CELLS)
        assert sorted(t.ingredient or "" for t in forest.tiles) == sorted(INGREDIENT_IDS)
        assert all(t.clue == by.data.CLUE_OF[t.ingredient or ""] for t in forest.tiles)
        layouts.add(tuple(t.ingredient for t in forest.tiles))
    assert len(layouts) == 3
    state = _state(3)
    assert state.face_up == frozenset()  # Forest face up everywhere


def test_BY_S2_spare_path_tile_witch_and_house_are_set_aside() -> None:
    state = _state(4)
    assert state.house is None and state.house_holder is None
    assert state.witch_end is None and state.path_length == 5
    assert by.view(state, None)["house"]["where"] == "aside"
    assert by.view(state, None)["witch"] is None


def test_BY_S3_three_secret_cards_each_the_rest_stays_in_the_box() -> None:
    events = _setup(4)
    dealt = events[1]
    assert isinstance(dealt, SpellsDealt)
    cards = [c for stack in dealt.stacks for c in stack]
    assert [len(s) for s in dealt.stacks] == [3, 3, 3, 3] and dealt.counts == (3, 3, 3, 3)
    assert len(set(cards)) == 12 and set(cards) <= set(SPELL_IDS)
    boxed = set(SPELL_IDS) - set(cards)
    text = str([codec.encode(e) for e in events])
    assert not any(c in text for c in boxed)  # the box is in no event at all
    for seat in (None, 0, 1, 2, 3):  # nobody sees any stack, the owner included
        redacted = by.redact(dealt, seat)
        assert isinstance(redacted, SpellsDealt)
        assert redacted.stacks == ((), (), (), ()) and redacted.counts == (3, 3, 3, 3)


def test_BY_S4_first_active_player_is_an_option_or_random() -> None:
    assert _setup(3, first_active=2)[2] == FirstPlayerChosen(seat=2)
    firsts = set()
    for i in range(30):
        chosen = _setup(3, f"s{i}".encode())[2]
        assert isinstance(chosen, FirstPlayerChosen)
        firsts.add(chosen.seat)
    assert firsts == {0, 1, 2}
    t = Table(seats=3, first=1)
    t.begin()
    assert t.state.active == 1 and t.state.placer == 2


def test_BY_S5_english_preview_shows_every_ingredient_then_hides_them() -> None:
    t = Table(seats=3, options={"preview_seconds": 20})
    events = t.begin()
    assert events == [GameBegan(preview_until_ms=t.now + 20000, at_ms=t.now)]
    assert t.phase == "preview" and by.status(t.state).to_act == ()
    for seat in (None, 0, 1, 2):
        shown = {tuple(tile["cell"]): tile["ingredient"] for tile in t.view(seat)["forest"]}
        assert shown == {c: t.state.ingredient(c) for c in FOREST_CELLS}
    t.refused(None, Timeout(), "NOT_DUE", after=19999)
    events = t.timeout()
    assert names(events) == ["PreviewEnded", "TurnStarted"]
    assert isinstance(events[0], PreviewEnded) and isinstance(events[1], TurnStarted)
    assert all(tile["ingredient"] is None for tile in t.view(0)["forest"])


def test_BY_S5_BY_V2_BY_G13_no_preview_by_default() -> None:
    t = Table(seats=3)
    assert t.options["preview_seconds"] == 0
    assert names(t.begin()) == ["GameBegan", "TurnStarted"]
    assert t.phase == "place_witch"


def test_BY_S6_difficulty_sets_the_required_ingredients() -> None:
    for difficulty, required in (("walk", 3), ("run", 3), ("tough", 4)):
        t = Table(seats=3, options={"difficulty": difficulty})
        t.to_race()
        assert t.state.required == required
    assert Table(seats=3).options["difficulty"] == "run"


def test_BY_T16_deal_invariants_for_every_player_count() -> None:
    for seats in (2, 3, 4, 5):
        events = _setup(seats, b"deal")
        dealt = events[1]
        assert isinstance(dealt, SpellsDealt)
        cards = {c for s in dealt.stacks for c in s}
        assert len(cards) == 3 * seats and len(set(SPELL_IDS) - cards) == 20 - 3 * seats
        state = reduce(by.evolve, events, by.initial_state(seats, normalize_options(by.metadata, seats, {})))
        for viewer in (None, *range(seats)):
            text = codec.canonical_json(by.view(state, viewer))
            assert not any(card in text for card in SPELL_IDS)


def test_BY_G5_BY_G6_spell_table_is_balanced_as_the_spec_says() -> None:
    """§3.2: every ingredient on 5 cards, no two cards share more than 2; 3 of each effect, 2 House."""
    for ingredient in INGREDIENT_IDS:
        assert sum(ingredient in ings for ings, _ in SPELLS.values()) == 5
    cards = list(SPELLS.values())
    for i, (a, _) in enumerate(cards):
        for b, _ in cards[i + 1 :]:
            assert len(set(a) & set(b)) <= 2
    for effect in Effect:
        assert sum(e is effect for _, e in cards) == (2 if effect is Effect.HOUSE else 3)


def test_player_counts_and_flyers_per_turn() -> None:
    """§2/§4 table: 2 to 5 players; N-1 flyers per turn."""
    assert (by.metadata.min_players, by.metadata.max_players) == (2, 5)
    for seats in (1, 6):
        with pytest.raises(InvalidOptions):
            normalize_options(by.metadata, seats, {})
    for seats in (2, 3, 4, 5):
        t = Table(seats=seats)
        t.begin()
        assert len(t.state.flyers()) == seats - 1


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"difficulty": "mixed", "tough_seats": "0,7"}, "tough_seats"),
        ({"difficulty": "mixed", "tough_seats": "a,b"}, "tough_seats"),
        ({"difficulty": "run", "tough_seats": "1"}, "mixed"),
        ({"first_active": 3}, "first_active"),
        ({"mode": "R", "placement_timeout_ms": 0}, "mode T"),
        ({"mode": "R", "decision_timeout_ms": 0}, "mode T"),
    ],
)
def test_setup_refuses_options_it_cannot_play(options: dict[str, object], message: str) -> None:
    opts = normalize_options(by.metadata, 3, options)
    with pytest.raises(InvalidOptions, match=message):
        by.setup(opts, 3, Rng(b"x", 1))


def test_mode_t_may_switch_the_timeouts_off() -> None:
    t = Table(seats=3, options={"placement_timeout_ms": 0})
    t.begin()
    assert by.status(t.state).wake_at_ms is None
    assert by.legal_commands(t.state, None) == []


def test_options_are_documented_and_version_is_two() -> None:
    spec = {o.name: o for o in by.metadata.options}
    for name in (
        "mode",
        "difficulty",
        "tough_seats",
        "preview_seconds",
        "fearless",
        "handicap_mode",
        "first_active",
        "max_turns",
        "first_step_delay_ms",
        "witch_step_min_interval_ms",
        "witch_step_timeout_ms",
        "search_action_min_interval_ms",
        "tiny_factor",
        "actions_per_step",
        "think_time_ms",
        "placement_timeout_ms",
        "reveal_timeout_ms",
        "decision_timeout_ms",
    ):
        assert spec[name].description
    assert spec["mode"].choices == ("R", "T") and spec["mode"].default == "R"
    assert spec["handicap_mode"].choices == ("enforce", "record")
    assert by.version == 2 and by.name == "baba-yaga"  # 2: BY-31 turn limit a draw (test_by_outcome.py)


def test_the_game_starts_with_an_automatic_begin_due_at_once() -> None:
    t = Table(seats=3)
    assert t.state.phase is Phase.START
    assert by.status(t.state).wake_at_ms == 0 and by.status(t.state).to_act == ()
    assert by.legal_commands(t.state, None) == [BeginGame()]
    t.refused(0, BeginGame(), "SERVER_ONLY")
    t.refused(None, Timeout(), "NOT_DUE")
    t.begin()
    t.refused(None, BeginGame(), "NOT_DUE")
    assert t.state.witch_end is None and End.N in by.data.ENDS


def test_BY_G2_the_witch_starts_on_one_of_the_four_outer_ends() -> None:
    assert {by.data.END_CELL[e] for e in End} == {(0, 2), (4, 2), (2, 0), (2, 4)}


def test_BY_G3_BY_G4_sixteen_ingredients_one_per_tile_each_with_one_fixed_public_clue() -> None:
    assert len(INGREDIENT_IDS) == 16 == len(FOREST_CELLS)
    clues = [by.data.CLUE_OF[i] for i in INGREDIENT_IDS]
    assert len(set(clues)) == 16  # a clue always belongs to the same ingredient


def test_BY_G7_BY_G17_the_two_opponent_handicaps_are_blinding_light_and_tiny() -> None:
    names_ = by.data.EFFECT_NAMES
    assert names_[Effect.BLIND] == "Blinding light!" and names_[Effect.TINY] == "Tiny!"
    assert {Effect.BLIND, Effect.TINY} == by.data.EXCLUSIVE_EFFECTS
    assert "one eye" in by.data.EFFECT_RULES[Effect.BLIND] and "chin" in by.data.EFFECT_RULES[Effect.TINY]


def test_BY_G16_timing_parameters_default_to_the_spec_table() -> None:
    defaults = {o.name: o.default for o in by.metadata.options}
    assert defaults["first_step_delay_ms"] == 800
    assert defaults["witch_step_min_interval_ms"] == 800
    assert defaults["witch_step_timeout_ms"] == 2500
    assert defaults["search_action_min_interval_ms"] == 300
    assert defaults["tiny_factor"] == 2
    assert defaults["actions_per_step"] == 2
    assert defaults["placement_timeout_ms"] == 30000
    assert defaults["reveal_timeout_ms"] == 30000
    assert defaults["preview_seconds"] == 0
    assert defaults["handicap_mode"] == "enforce"
