"""§5.4-5.5 cards, the play area and where pieces may go (AT-30..AT-49, AT-106; AT-T11, AT-T19)."""

from __future__ import annotations

from service.rules.atiwa.data.cards import CARD_NAME, CARD_POINTS, LOCATIONS, TERRAIN_BY_NUMBER
from service.rules.atiwa.data.pieces import Item
from service.rules.atiwa.fields import open_positions, reading_order, supply_left, targets
from service.rules.atiwa.messages import PlaceItem, PlaceWorker
from service.rules.atiwa.state import BAT, EMPTY, TRE, WLD, Player, Step
from tests.rules.atiwa.at_support import card, field, game, play, player, taken_for, task, village, with_area

TREE, FRUIT, WILD, GOAT, FAMILY, BATK = Item.TREE, Item.FRUIT, Item.WILD, Item.GOAT, Item.FAMILY, Item.BAT


def area(*cards: object) -> Player:
    cs = tuple(cards)
    return Player(taken=taken_for(cs), cards=cs)  # type: ignore[arg-type]


def spots(p: Player, kind: Item, huts: bool = False) -> set[tuple[int, int]]:
    return {(ci, fi + 1) for ci, fi in targets(p, kind, huts)}


def test_AT_30_cards_come_only_from_actions() -> None:
    # terrain cards are free; location cards cost trees and gold, and have up to 4 huts
    assert all(c.cost_trees > 0 and c.cost_gold_left > 0 for c in LOCATIONS.values())
    assert max(c.fields.count("H") for c in LOCATIONS.values()) == 4
    assert sum(t.fields.count("H") for t in TERRAIN_BY_NUMBER.values()) == 3  # terrain huts are rare


def test_AT_31_AT_35_AT_T11_AT_G13_adjacent_positions() -> None:
    p = area(village({8: "family"}))
    assert open_positions(p) == [(1, 2), (1, 4), (2, 3)]
    p = area(village({8: "family"}), card(5, 2, 3))
    assert open_positions(p) == [(1, 2), (1, 4), (2, 2), (2, 4), (3, 3)]
    full_row = area(*(card(n, 1, c) for n, c in ((1, 1), (2, 2), (3, 4))), village())
    assert all(col <= 4 for _, col in open_positions(full_row)) and (1, 5) not in open_positions(full_row)
    above = area(village(row=1, col=3), card(5, 2, 3), card(6, 2, 2))
    assert (1, 2) in open_positions(above)  # AT-G13: a free slot of an earlier row next to a card


def test_AT_32_AT_38_pieces_never_move() -> None:
    # placing never moves anything else: the targets are only empty fields or free tree/family tops
    p = area(village({1: "bat", 2: "tree", 3: "wild", 5: "goat", 8: "trained+bat"}))
    for kind in (TREE, WILD, GOAT, BATK):
        for ci, fi in targets(p, kind):
            it = p.cards[ci].items[fi]
            assert it == EMPTY or p.cards[ci].tops[fi] == EMPTY


def test_AT_33_reading_order() -> None:
    p = area(village(row=1, col=3), card(5, 2, 1), card(6, 1, 1), card(7, 2, 3), card(8, 1, 4))
    assert reading_order(p) == [2, 0, 4, 1, 3]


def test_AT_34_card_headers() -> None:
    assert CARD_POINTS["T03"] == -5 and CARD_NAME["T02"] == "Forest Edge" and CARD_POINTS["TOWN"] == 13
    assert TERRAIN_BY_NUMBER[27].nature == 2


def test_AT_36_one_item_per_field_plus_one_topper() -> None:
    p = area(village({2: "tree+fruit", 8: "trained+bat"}), card(1, 1, 2, {3: "tree+wild", 4: "tree"}))
    assert (0, 2) not in spots(p, FRUIT) and (0, 8) not in spots(p, BATK)
    assert (1, 4) in spots(p, WILD) and (1, 4) in spots(p, FRUIT) and (1, 3) not in spots(p, FRUIT)


def test_AT_37_piece_that_cannot_be_placed_is_not_gained() -> None:
    state = with_area(game(), 0, [village({1: "x", 3: "x", 4: "x", 8: "family"})])
    state, _events = play(state, 0, PlaceWorker("CH1"))  # 1 bat + 1 gold, and a choice: no room for bats or wild
    p = player(state, 0)
    assert p.gold == 1 and p.taken == (0, 0, 0, 1, 0) and at_count(p, BATK) == 0
    assert task(state, 0).step is not Step.PLACE_ITEMS


def test_AT_39_limited_personal_supply() -> None:
    trees = [card(n, 1 + i // 4, 1 + i % 4, {1: "tree"}) for i, n in enumerate((2, 6, 7, 8, 9, 12, 13))]
    trees += [card(17, 3, 1, {1: "tree", 2: "tree", 3: "tree", 4: "tree", 6: "tree", 8: "tree"})]
    p = area(*trees)
    assert p.taken[1] == 13 and supply_left(p, TREE) == 0
    assert supply_left(p, BATK) > 1000 and supply_left(p, Item.GOLD) > 1000  # unlimited


def test_AT_40_AT_T19_empty_fields_need_the_same_kind_on_the_card() -> None:
    bare = area(village({8: "family"}))
    assert (0, 4) not in spots(bare, GOAT) and (0, 4) not in spots(bare, TREE) and (0, 4) not in spots(bare, BATK)
    goat = area(village({5: "goat", 8: "family"}))
    assert (0, 4) in spots(goat, GOAT)
    tree = area(village({2: "tree", 8: "family"}))
    assert (0, 4) in spots(tree, TREE)
    for bat_at in ({1: "bat"}, {8: "trained+bat"}, {6: "bat"}):
        assert (0, 4) in spots(area(village({**bat_at, 8: bat_at.get(8, "family")})), BATK)
    assert (0, 4) not in spots(area(village({8: "trained"})), BATK)
    fruit = area(card(9, 1, 3, {2: "fruit"}))
    assert (0, 6) in spots(fruit, FRUIT)  # a fruit on the card: fruit on an empty field, no tree needed
    on_e = area(village({4: "tree", 2: "x", 8: "family"}))
    assert (0, 4) in spots(on_e, FRUIT)  # a tree on an empty field carries a fruit
    never_family = area(village({6: "family", 8: "family"}))
    assert (0, 4) not in spots(never_family, FAMILY)


def test_AT_41_tree_on_empty_field_never_carries_wild_or_bat() -> None:
    p = area(card(1, 1, 3, {3: "tree+wild", 7: "tree"}), village(col=2, fields={8: "trained+bat", 4: "tree"}))
    assert (0, 7) not in spots(p, WILD) and (1, 4) not in spots(p, BATK)


def test_AT_42_bat_targets() -> None:
    p = area(
        village({8: "trained", 7: "family", 6: ""}),
        card(3, 1, 2, {1: "tree", 2: "tree+fruit"}),
        card(16, 1, 4),
    )
    assert spots(p, BATK) == {(0, 1), (0, 8), (1, 1), (2, 5)}  # B, trained family, free TB tree, B of #16
    assert (0, 6) not in spots(p, BATK) and (2, 8) not in spots(p, BATK)  # no empty hut, no abandoned hut


def test_AT_43_wild_targets() -> None:
    p = area(village({3: "wild", 8: "family"}), card(1, 1, 2, {3: "tree", 4: "tree+fruit", 6: ""}))
    assert spots(p, WILD) == {(0, 4), (1, 3), (1, 6)}


def test_AT_44_tree_targets() -> None:
    p = area(village({8: "family"}), card(1, 1, 2), card(35, 1, 4, {4: "tree"}))
    assert spots(p, TREE) == {(0, 2), (1, 3), (1, 4), (1, 5), (2, 5), (2, 8), (2, 3)}


def test_AT_45_fruit_targets() -> None:
    p = area(card(9, 1, 3, {1: "tree", 3: "tree+fruit"}))
    assert spots(p, FRUIT) == {(0, 1), (0, 2), (0, 4), (0, 6)}


def test_AT_46_family_targets() -> None:
    p = area(village({6: "bat", 8: "family"}), card(16, 1, 2))
    assert spots(p, FAMILY) == {(0, 6), (0, 7)}  # a hut with a bat counts; never an abandoned hut


def test_AT_47_goat_targets() -> None:
    p = area(village({8: "family"}), card(4, 1, 2, {3: "goat"}))
    assert spots(p, GOAT) == {(0, 5), (1, 4), (1, 6), (1, 7), (1, 8)}


def test_AT_48_gold_needs_no_field() -> None:
    state = with_area(game(seats=4), 0, [village({1: "x", 2: "x", 3: "x", 4: "x", 5: "x", 8: "family"})])
    state, _ = play(state, 0, PlaceWorker("GD"))
    assert player(state, 0).gold == 2


def test_AT_49_pieces_on_the_board_are_not_yours() -> None:
    state = with_area(game(), 0, [village({8: "family"})])
    state, _events = play(state, 0, PlaceWorker("FA_L"))
    assert task(state, 0).step is not Step.LOCATION  # no trees on cards: the board's 13 trees cannot pay


def test_AT_106_AT_G22_pieces_placed_one_at_a_time() -> None:
    state = with_area(game(), 0, [village({8: "family"})])
    state, _ = play(state, 0, PlaceWorker("R2"))  # 2 trees + bat + wild
    assert PlaceItem(TREE, 0, 4) not in at_legal(state)
    state, _ = play(state, 0, PlaceItem(TREE, 0, 2))
    assert PlaceItem(TREE, 0, 4) in at_legal(state)  # the first tree enabled the empty field for the second
    state, _ = play(state, 0, PlaceItem(TREE, 0, 4))
    assert field(state, 0, 0, 2) == (TRE, EMPTY) and field(state, 0, 0, 4) == (TRE, EMPTY)
    state, _ = play(state, 0, PlaceItem(BATK, 0, 1), PlaceItem(WILD, 0, 3))
    assert field(state, 0, 0, 1) == (BAT, EMPTY) and field(state, 0, 0, 3) == (WLD, EMPTY)


def at_count(p: Player, kind: Item) -> int:
    from service.rules.atiwa.fields import count

    return count(p, kind)


def at_legal(state: object) -> list[object]:
    import service.rules.atiwa as at

    return list(at.legal_commands(state, 0))  # type: ignore[arg-type]
