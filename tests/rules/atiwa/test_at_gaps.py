"""The spec's gap resolutions that are behaviour, not data (AT-G8, AT-G11, AT-G15, AT-G21) and the coverage
check: every rule, test, challenge, randomness and gap ID of the spec is named by some test here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import service.rules.atiwa as at
from service.rules.atiwa.data.pieces import Item
from service.rules.atiwa.messages import PlaceItem, PlaceWorker
from service.rules.atiwa.spaces import round_space
from service.rules.atiwa.state import EMPTY, FRT, TRE, Step, Task
from tests.rules.atiwa.at_support import field, game, maintenance, play, player, settle, village, with_area

SPEC = Path(__file__).resolve().parents[3].parent / "shared" / "rules" / "atiwa.md"


def test_AT_G8_space_contents_change_as_tiles_slide() -> None:
    tiles = ("TL_A", "TL_B", "TL_C", "TL_D", "TL_E", "TL_F")
    seen = {round_space(tiles, rnd, 2)[0] for rnd in range(1, 8)}
    assert len(seen) == 3  # position 2 offers three different combinations over the game


def test_AT_G11_breeding_counts_only_the_play_area() -> None:
    state = with_area(game(), 0, [village({3: "wild", 6: "family", 8: "family"})], night=4)
    state = maintenance(state, {0: Task(step=Step.NEXT, stage=6)})
    state, _ = settle(state)
    kinds = {c.kind for c in at.legal_commands(state, 0) if isinstance(c, PlaceItem)}
    assert Item.BAT not in kinds and kinds == {Item.FAMILY, Item.WILD}


def test_AT_G15_tree_with_fruit_without_fruit_left() -> None:
    fruit = {2: "tree+fruit"}
    cards = [village({8: "family", **fruit})]
    from tests.rules.atiwa.at_support import card

    cards += [card(9, 1, 2, {2: "fruit", 4: "fruit"}), card(13, 1, 4, {2: "fruit", 6: "fruit"})]
    cards += [card(1, 2, 3, {1: "fruit", 3: "tree+fruit"}), card(35, 2, 4, {1: "fruit"})]
    state = with_area(game(), 0, cards)
    assert player(state, 0).taken[2] == 8  # no fruit left on the board
    state, _ = play(state, 0, PlaceWorker("TF1"), PlaceItem(Item.TREE, 3, 4))
    assert field(state, 0, 3, 4) == (TRE, EMPTY) and player(state, 0).taken[2] == 8
    assert FRT not in state.players[0].cards[3].tops[3:4]


def test_AT_G21_player_counts() -> None:
    assert (at.metadata.min_players, at.metadata.max_players) == (1, 4)


@pytest.mark.skipif(not SPEC.exists(), reason="the spec lives beside the repository (shared/rules/atiwa.md)")
def test_every_spec_id_is_named_by_a_test() -> None:
    ids = sorted(set(re.findall(r"AT-[A-Z]?\d+", SPEC.read_text())))
    names = " ".join(
        m for path in Path(__file__).parent.glob("test_*.py") for m in re.findall(r"def (test_\w+)", path.read_text())
    )
    property_module = Path(__file__).resolve().parents[2] / "property" / "test_atiwa.py"
    if property_module.exists():
        names += " " + " ".join(re.findall(r"def (test_\w+)", property_module.read_text()))
    missing = [i for i in ids if not re.search(i.replace("-", "_") + r"(?!\d)", names)]
    assert not missing, f"spec IDs without a test: {missing}"
