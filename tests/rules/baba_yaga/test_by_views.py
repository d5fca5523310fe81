"""Hidden information (spec §12): views and redaction as allow-lists."""

from __future__ import annotations

import re
from dataclasses import replace

from service.ledger import codec
from service.rules import baba_yaga as by
from service.rules.baba_yaga.data import FOREST_CELLS, SPELL_IDS, Effect
from service.rules.baba_yaga.messages import FlipUp, ForestLaid, SpellsDealt, TileFlippedUp
from service.rules.baba_yaga.state import State, cell_index
from service.rules.core import IllegalCommand, Rng
from tests.rules.baba_yaga.by_support import Table, cell_of


def _twin_with_other_secrets(state: State) -> State:
    """The same public situation with different secrets: stacks re-dealt, face-down ingredients permuted."""
    cards = sorted(c for s in state.stacks for c in s)
    unused = [c for c in SPELL_IDS if c not in cards and c not in {x for s in state.cast for x in s}]
    pool = list(reversed(cards))
    if unused:
        pool[0] = unused[0]  # even a card from the box
    stacks, i = [], 0
    for stack in state.stacks:
        stacks.append(tuple(pool[i : i + len(stack)]))
        i += len(stack)
    down = [c for c in FOREST_CELLS if c not in state.face_up]
    ingredients = list(state.ingredients)
    rotated = [state.ingredients[cell_index(c)] for c in down[1:] + down[:1]]
    for cell, ingredient in zip(down, rotated, strict=True):
        ingredients[cell_index(cell)] = ingredient
    return replace(state, stacks=tuple(stacks), ingredients=tuple(ingredients))


def test_12_views_do_not_depend_on_the_secrets() -> None:
    t = Table(seats=4)
    t.to_race()
    t.flip("I01")
    t.flip("I13")
    twin = _twin_with_other_secrets(t.state)
    assert twin.stacks != t.state.stacks and twin.ingredients != t.state.ingredients
    for viewer in (None, 0, 1, 2, 3):
        assert by.view(t.state, viewer) == by.view(twin, viewer)


def test_12_face_down_tiles_show_their_clue_never_their_ingredient() -> None:
    t = Table(seats=3)
    t.to_race()
    t.flip("I02")
    for viewer in (None, 0, 1, 2):
        for tile in t.view(viewer)["forest"]:
            cell = tuple(tile["cell"])
            assert tile["clue"] == t.state.clue(cell)
            assert tile["ingredient"] == (t.state.ingredient(cell) if cell == cell_of("I02") else None)


def test_12_clues_are_art_keys_that_carry_no_ingredient_number() -> None:
    t = Table(seats=3)
    t.begin()
    clues = [tile["clue"] for tile in t.view(None)["forest"]]
    assert len(set(clues)) == 16
    assert all(re.fullmatch(r"[a-z-]+", clue) for clue in clues)
    assert t.state.clue(cell_of("I02")) == "lily-pad"


def test_12_the_house_hides_the_clue_of_its_tile() -> None:
    t = Table(seats=3)
    t.begin()
    t.state = replace(t.state, house=cell_of("I05"))
    tile = next(x for x in t.view(None)["forest"] if tuple(x["cell"]) == cell_of("I05"))
    assert tile["house"] and tile["clue"] is None and tile["ingredient"] is None


def test_12_stacks_are_counted_not_shown_even_to_their_owner() -> None:
    t = Table(seats=3)
    t.begin()
    for viewer in (None, 0, 1, 2):
        v = t.view(viewer)
        assert v["stack_sizes"] == [3, 3, 3] and "stacks" not in v
        text = codec.canonical_json(v)
        assert not re.search(r"S\d\d", text)


def test_12_public_things_are_in_every_view() -> None:
    t = Table(seats=3)
    t.begin()
    t.give_pending("S10", Effect.BLIND, target=2, caster=1)
    t.to_race()
    for viewer in (None, 0, 1, 2):
        v = t.view(viewer)
        assert v["witch"]["cell"] == [0, 2] and v["witch"]["total_steps"] == 8
        assert v["pending"] == [
            {
                "card": "S10",
                "ingredients": ["I01", "I10", "I11", "I13"],
                "effect": "E-BLIND",
                "effect_name": "Blinding light!",
                "effect_rule": by.data.EFFECT_RULES[Effect.BLIND],
                "target": 2,
                "caster": 1,
            }
        ]
        assert v["casts"] == [0, 1, 0] and v["cast_cards"][1] == ["S10"]


def test_12_everything_is_revealed_at_the_end() -> None:
    t = Table(seats=3, options={"max_turns": 1})
    t.begin()
    t.turn(cast=False)
    v = t.view(1)
    assert v["phase"] == "finished" and v["stacks"] == [list(s) for s in t.state.stacks]
    assert all(tile["ingredient"] == t.state.ingredient(tuple(tile["cell"])) for tile in v["forest"])


def test_12_redact_hides_the_layout_and_the_stacks_from_everyone() -> None:
    t = Table(seats=3)
    forest, dealt, chosen = t.history[:3]
    assert isinstance(forest, ForestLaid) and isinstance(dealt, SpellsDealt)
    for viewer in (None, 0, 1, 2):
        r = by.redact(forest, viewer)
        assert isinstance(r, ForestLaid)
        assert [(x.cell, x.clue) for x in r.tiles] == [(x.cell, x.clue) for x in forest.tiles]
        assert all(x.ingredient is None for x in r.tiles)
        d = by.redact(dealt, viewer)
        assert isinstance(d, SpellsDealt) and d.stacks == ((), (), ()) and d.counts == (3, 3, 3)
        assert by.redact(chosen, viewer) == chosen
    flipped = TileFlippedUp(seat=0, cell=(0, 0), ingredient="I01", correct=True, at_ms=5)
    assert by.redact(flipped, 1) == flipped  # face up: public


def test_12_refusal_reasons_name_no_hidden_card_or_ingredient() -> None:
    t = Table(seats=3)
    t.to_race()
    t.flip("I13")
    reasons = []
    for cell in FOREST_CELLS:
        for seat in (0, 1, 2):
            try:
                by.decide(t.state, seat, FlipUp(cell=cell), Rng(b"x", 1), t.now)
            except IllegalCommand as exc:
                reasons.append(exc.reason)
    assert len(reasons) == 16 * 3
    for reason in reasons:
        assert not re.search(r"\b[IS]\d\d\b", reason)
