"""Components and the data tables (§2, §10; AT-T00, AT-T24, AT-G1..AT-G5)."""

from __future__ import annotations

from collections import Counter

from service.rules.atiwa.data.board import (
    BELOW,
    BREEDING,
    EXTENSION_FOR_SEATS,
    EXTENSIONS,
    MAIN_BOARD,
    ROUND_POSITIONS,
    TILES,
    Act,
)
from service.rules.atiwa.data.cards import CARD_FIELDS, LOCATIONS, TERRAIN_BY_NUMBER, TERRAINS, FieldType, Location
from service.rules.atiwa.data.pieces import (
    BATS_IN_BOX,
    FAMILY_TOKENS_IN_BOX,
    GOLD_TOKENS_IN_BOX,
    LOCATION_CARDS_IN_BOX,
    NIGHT_CARDS_IN_BOX,
    OVERVIEW_CARDS_IN_BOX,
    POLLUTION_BAG,
    ROW_VALUE,
    SUPPLY_SIZE,
    TREE_TOKENS_IN_BOX,
    WORKERS_IN_BOX,
    Item,
)

H, A, W, B, G, T, TW, TB, F, E = FieldType


def test_AT_T00_component_counts() -> None:
    per_player = SUPPLY_SIZE
    wooden = WORKERS_IN_BOX + 4 * per_player[Item.FRUIT] + 4 * per_player[Item.WILD] + 4 * per_player[Item.GOAT]
    assert wooden + BATS_IN_BOX == 200
    assert len(TERRAINS) + OVERVIEW_CARDS_IN_BOX + LOCATION_CARDS_IN_BOX + NIGHT_CARDS_IN_BOX == 88
    assert sum(card.count for card in LOCATIONS.values()) == LOCATION_CARDS_IN_BOX == 36
    assert [LOCATIONS[k].count for k in Location] == [10, 10, 12, 4]
    assert sum(POLLUTION_BAG) == 44 and POLLUTION_BAG[1] + 2 * POLLUTION_BAG[2] == 24
    assert sum(GOLD_TOKENS_IN_BOX) == 40
    assert 4 * per_player[Item.FAMILY] == FAMILY_TOKENS_IN_BOX and 4 * per_player[Item.TREE] == TREE_TOKENS_IN_BOX


def test_AT_T24_terrain_cards_table() -> None:
    assert sorted(TERRAIN_BY_NUMBER) == list(range(1, 37))
    points = Counter(t.points for t in TERRAINS)
    assert points == Counter({3: 5, 2: 6, 1: 8, 0: 5, -1: 5, -2: 3, -3: 2, -4: 1, -5: 1})
    assert sum(t.points for t in TERRAINS) == 9
    assert Counter(t.nature for t in TERRAINS) == Counter({1: 30, 2: 1, 0: 5})
    assert {t.number for t in TERRAINS if t.nature == 0} == {7, 16, 21, 28, 33} and TERRAIN_BY_NUMBER[27].nature == 2
    fields = Counter(f for t in TERRAINS for f in t.fields)
    assert fields == Counter({E: 73, T: 65, B: 61, W: 37, G: 27, TB: 11, F: 6, TW: 3, H: 3, A: 2})
    assert all(len(t.fields) == 8 for t in TERRAINS)
    assert TERRAIN_BY_NUMBER[1].fields[2:5] == (TW, TW, TW)
    assert TERRAIN_BY_NUMBER[3].fields == (TB,) * 8
    assert [i + 1 for i, f in enumerate(TERRAIN_BY_NUMBER[35].fields) if f is TB] == [4, 5, 8]
    assert {t.number for t in TERRAINS if F in t.fields} == {1, 9, 13, 35}
    assert {t.number for t in TERRAINS if A in t.fields} == {16, 28}
    assert not [t for t in TERRAINS if t.nature and H in t.fields]  # the nature symbol marks "no huts"
    assert "Forest Edge" in {t.name for t in TERRAINS}


def test_AT_G1_terrain_cards_are_data_only() -> None:
    # every play-area card id has its 8 fields in one table
    assert all(len(fields) == 8 for fields in CARD_FIELDS.values())
    assert len(CARD_FIELDS) == 36 + 4


def test_AT_G2_location_cards() -> None:
    assert [c.points for c in LOCATIONS.values()] == [3, 5, 8, 13]
    assert [c.fields.count(H) for c in LOCATIONS.values()] == [1, 2, 3, 4]
    assert [(c.cost_trees, c.cost_gold_left, c.cost_gold_right) for c in LOCATIONS.values()] == [
        (2, 2, 3),
        (3, 3, 4),
        (4, 4, 5),
        (5, 6, 7),
    ]
    village = LOCATIONS[Location.VILLAGE].fields
    assert village[7] is H and {B, W, G, T, E} <= set(village)
    assert all(c.cost_trees >= 1 for c in LOCATIONS.values())


def test_AT_G3_supply_board_rows() -> None:
    maxima = {kind: ROW_VALUE[kind][SUPPLY_SIZE[kind]] for kind in SUPPLY_SIZE}
    assert maxima == {Item.WILD: 2, Item.TREE: 6, Item.FRUIT: 3, Item.FAMILY: 25, Item.GOAT: 7}
    assert ROW_VALUE[Item.GOAT] == (0, 1, 2, 3, 4, 5, 6, 7)  # each goat lowers the need by exactly 1
    assert ROW_VALUE[Item.FAMILY][5] == 5
    assert all(values[0] == 0 for values in ROW_VALUE.values())
    assert all(list(v) == sorted(v) for v in ROW_VALUE.values())


def test_AT_G4_action_spaces_per_player_count() -> None:
    assert len(MAIN_BOARD) + ROUND_POSITIONS == 22
    totals = {n: 22 + len(EXTENSIONS[EXTENSION_FOR_SEATS[n]]) for n in (1, 2, 3, 4)}
    assert totals == {1: 25, 2: 25, 3: 27, 4: 31}


def test_AT_G5_tiles_below_and_breeding() -> None:
    assert len(TILES) == 6 and sorted(BELOW) == list(range(1, 8)) and sorted(BREEDING) == list(range(1, 8))
    assert all(1 <= len(conditions) <= 3 for conditions in BREEDING.values())
    assert BREEDING[1] == ((Item.FAMILY, 2), (Item.BAT, 1), (Item.WILD, 1))
    assert any(a.act is Act.BATS_INTO_HUTS for a in TILES["TL_B"]) and TILES["TL_A"][0].items == ((Item.TREE, 2),)
