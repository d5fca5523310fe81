"""§5.6-5.10 paying, families and training, bats in huts, the start player marker, the fruit bat action
(AT-50..AT-69; AT-G16, AT-G17, AT-G18)."""

from __future__ import annotations

from dataclasses import replace

import service.rules.atiwa as at
from service.rules.atiwa.data.pieces import Item
from service.rules.atiwa.fields import count, targets
from service.rules.atiwa.messages import (
    BatFlown,
    ChooseAlternative,
    FlyBat,
    LocationBought,
    Pass,
    PayFood,
    PayFruit,
    PayTree,
    PlaceCard,
    PlaceItem,
    PlaceWorker,
    StartAction,
    TrainFamily,
    TurnEnded,
)
from service.rules.atiwa.messages_maintenance import FeedingStarted, IncomeCollected, RoundStarted
from service.rules.atiwa.scoring import result
from service.rules.atiwa.state import BAT, EMPTY, FAM, TRE, TRN, Card, State, Step, Task
from tests.rules.atiwa.at_support import (
    card,
    field,
    game,
    kinds,
    maintenance,
    play,
    player,
    settle,
    task,
    then,
    village,
    with_area,
)

TREE, FRUIT, WILD, GOAT, FAMILY, BATK, GOLD = (
    Item.TREE,
    Item.FRUIT,
    Item.WILD,
    Item.GOAT,
    Item.FAMILY,
    Item.BAT,
    Item.GOLD,
)


def feeding(cards: list[Card], need: int, allowed: int = 0, gold: int = 0) -> State:
    state = maintenance(with_area(game(), 0, cards, gold=gold), {0: Task(step=Step.NEXT, stage=5)})
    return then(state, FeedingStarted(0, need, allowed, False))


def test_AT_50_gold_and_bats_go_to_the_general_supply() -> None:
    state = feeding([village({1: "bat", 8: "family"})], need=2, allowed=1, gold=1)
    state, _ = play(state, 0, PayFood(BATK, 0, 1), PayFood(GOLD))
    p = player(state, 0)
    assert p.gold == 0 and count(p, BATK) == 0 and p.taken == (0, 0, 0, 1, 0)


def test_AT_51_pieces_return_to_the_rightmost_free_space() -> None:
    state = feeding([village({3: "wild", 8: "family"}), card(4, 1, 2, {1: "wild", 3: "goat"})], need=5)
    before = player(state, 0).taken
    state, _ = play(state, 0, PayFood(GOAT, 1, 3), PayFood(WILD, 0, 3))
    after = player(state, 0).taken
    assert (before[0] - after[0], before[4] - after[4]) == (1, 1)


def test_AT_52_AT_G16_paying_a_tree_returns_what_it_carries() -> None:
    area = [village({2: "tree+fruit", 8: "family"}), card(1, 1, 2, {3: "tree+wild"}), card(3, 1, 4, {1: "tree+bat"})]
    state = with_area(game(), 0, area, gold=2)
    state, _ = play(state, 0, PlaceWorker("FA_L"), PayTree(0, 2), PayTree(1, 3))
    p = player(state, 0)
    assert p.taken[:3] == (0, 1, 0)  # tree, fruit and wild back on the board
    assert field(state, 0, 0, 2) == (EMPTY, EMPTY) and field(state, 0, 1, 3) == (EMPTY, EMPTY)
    state, _ = play(state, 0, PlaceCard(2, 3))
    bats_before = count(player(state, 0), BATK)
    state2 = with_area(game(), 0, area, gold=2)
    state2, _ = play(state2, 0, PlaceWorker("FA_L"), PayTree(2, 1), PayTree(0, 2), PlaceCard(2, 3))
    assert count(player(state2, 0), BATK) == bats_before - 1  # the bat went to the general supply


def test_AT_53_AT_G9_the_payer_chooses_which_pieces() -> None:
    area = [village({2: "tree", 8: "family"}), card(2, 1, 2, {1: "tree", 2: "tree+fruit"})]
    state, _ = play(with_area(game(), 0, area, gold=2), 0, PlaceWorker("FA_L"))
    assert set(kinds(at.legal_commands(state, 0), PayTree)) == {PayTree(0, 2), PayTree(1, 1), PayTree(1, 2)}


def test_AT_54_training_flips_any_untrained_family() -> None:
    area = [village({8: "family"}), card("FARM", 1, 2, {8: "family"})]
    state, _ = play(with_area(game(), 0, area), 0, PlaceWorker("R1"), StartAction(1))
    assert set(kinds(at.legal_commands(state, 0), TrainFamily)) == {TrainFamily(0, 8), TrainFamily(1, 8)}


def test_AT_55_AT_56_untrained_and_trained_families() -> None:
    area = [village({6: "family", 7: "trained", 8: "trained+bat"})]
    state = maintenance(with_area(game(), 0, area), {0: Task(step=Step.INCOME), 1: Task(step=Step.DONE)})
    state, events = settle(state)
    (income,) = kinds(events, IncomeCollected)
    assert income.wage == 2 and len(income.found) + income.substitutes == 1  # trained: wage; untrained: a draw
    p = player(with_area(game(), 0, area), 0)
    assert result(p).trained == 2  # +1 per trained family
    fed = feeding(area, need=3, allowed=1)
    assert {c.kind for c in kinds(at.legal_commands(fed, 0), PayFood)} == set()  # one bat: not enough alone
    fed = feeding([*area, card(4, 1, 2, {1: "wild"})], need=3, allowed=1)
    assert PayFood(BATK, 0, 8) in at.legal_commands(fed, 0)  # one untrained family: one bat may be eaten
    all_trained = feeding([village({7: "trained", 8: "trained+bat"}), card(4, 1, 2, {1: "wild"})], 3, allowed=0)
    assert not [c for c in kinds(at.legal_commands(all_trained, 0), PayFood) if c.kind is BATK]


def test_AT_57_AT_G17_polluted_family_returns_untrained() -> None:
    area = [village({1: "x", 2: "x", 3: "x", 4: "x", 5: "x", 6: "trained+bat", 7: "family", 8: "family"})]
    state = maintenance(with_area(game(), 0, area), {0: Task(step=Step.INCOME)})
    state, events = settle(state)
    (income,) = kinds(events, IncomeCollected)
    assert [(s.card, s.field) for s in income.polluted] == [(0, 6), (0, 7)]
    p = player(state, 0)
    assert p.taken[3] == 1 and count(p, BATK) == 0  # two families back on the board, the bat to the supply


def test_AT_58_families_are_never_paid() -> None:
    state = feeding([village({6: "family", 7: "family", 8: "family"})], need=2, gold=5)
    legal = at.legal_commands(state, 0)
    assert legal and all(isinstance(c, PayFood) and c.kind is GOLD for c in legal)


def test_AT_59_bats_into_every_empty_hut_fewer_allowed() -> None:
    area = [village({7: "family", 8: "trained"}), card(16, 1, 2), card(28, 1, 4, {8: "bat"})]
    state, _ = play(with_area(game(), 0, area), 0, PlaceWorker("R3"))  # round 1, position 3: TL_B (+ 2 gold)
    state, _ = play(state, 0, StartAction(0))
    assert set(kinds(at.legal_commands(state, 0), PlaceItem)) == {PlaceItem(BATK, 0, 6), PlaceItem(BATK, 1, 8)}
    state, _ = play(state, 0, PlaceItem(BATK, 1, 8))
    assert Pass() in at.legal_commands(state, 0)  # you may fill fewer
    state, _ = play(state, 0, Pass())
    assert field(state, 0, 1, 8) == (BAT, EMPTY)


def test_AT_60_a_bat_that_left_a_hut_does_not_come_back() -> None:
    area = [village({6: "bat", 2: "tree+fruit", 8: "trained"}), card(14, 1, 2, {1: "bat", 2: "bat"})]
    state, _ = play(with_area(game(), 0, area), 0, PlaceWorker("TT1"), Pass())
    state, _events = play(state, 0, FlyBat(0, 6), FlyBat(1, 1), FlyBat(1, 2), PayFruit(0, 2), PlaceItem(TREE, 0, 4))
    p = player(state, 0)
    assert p.night == 3 and field(state, 0, 0, 6) == (EMPTY, EMPTY)
    assert (0, 5) not in {(ci, fi) for ci, fi in targets(p, BATK)}
    assert 5 not in [fi for ci, fi in targets(p, BATK) if ci == 0]


def test_AT_61_hut_bats_count_as_bats() -> None:
    p = player(with_area(game(), 0, [village({6: "bat", 7: "bat", 8: "trained+bat"})]), 0)
    assert count(p, BATK) == 3


def test_AT_62_only_location_cards_move_the_marker() -> None:
    state, events = play(game(seats=2, start=1), 1, PlaceWorker("TT1"), PlaceCard(1, 2))
    assert state.start_player == 1
    area = [village({2: "tree", 8: "family"}), card(2, 1, 2, {1: "tree"})]
    state = with_area(state, 0, area, gold=2)
    state, events = play(state, 0, PlaceWorker("FA_L"), PayTree(0, 2), PayTree(1, 1), PlaceCard(2, 3))
    assert kinds(events, LocationBought) and state.start_player == 0


def test_AT_63_holder_at_the_end_of_the_work_phase_starts_next() -> None:
    state = maintenance(replace(game(seats=3, start=0), start_player=2))
    state, events = settle(state)
    assert RoundStarted(2, 2) in events and at.status(state).to_act == (2,)


def test_AT_64_no_rule_blocks_an_affordable_early_location() -> None:
    area = [village({2: "tree", 8: "family"}), card(2, 1, 2, {1: "tree"})]
    state, _events = play(with_area(game(), 0, area, gold=2), 0, PlaceWorker("FA_L"), PayTree(0, 2), PayTree(1, 1))
    assert task(state, 0).step is Step.PLACE_CARD


def fb_area() -> list[Card]:
    return [village({1: "bat", 2: "tree+fruit", 8: "trained+bat"}), card(14, 1, 2, {1: "bat"})]


def after_turn(cards: list[Card]) -> State:
    state, _ = play(with_area(game(), 0, cards), 0, PlaceWorker("TT1"), Pass())
    return state


def test_AT_65_fruit_bat_conditions() -> None:
    assert task(after_turn(fb_area()), 0).step is Step.FRUIT_BAT
    two_bats = [village({1: "bat", 2: "tree+fruit", 8: "trained+bat"})]
    assert after_turn(two_bats).players[0].task.step is Step.IDLE  # fewer than 3 bats: the turn just ends
    no_fruit = [village({1: "bat", 2: "tree", 8: "trained+bat"}), card(14, 1, 2, {1: "bat"})]
    assert after_turn(no_fruit).players[0].task.step is Step.IDLE
    full = [village({1: "bat", 2: "tree+fruit", 4: "x", 8: "trained+bat"}), card(14, 1, 2, {1: "bat", 4: "x", 8: "x"})]
    assert after_turn(full).players[0].task.step is Step.IDLE  # no room for a tree


def test_AT_65_no_tree_left_on_the_board() -> None:
    cards = fb_area()
    cards += [card(17, 2 + i // 4, 1 + i % 4, {1: "tree", 2: "tree", 3: "tree"}) for i in range(4)]
    assert sum(c.items.count(TRE) for c in cards) == 13
    assert after_turn(cards).players[0].task.step is Step.IDLE


def test_AT_66_AT_G18_room_checked_after_removing_bats_and_fruit() -> None:
    # no free tree field, but a bat on an empty field of a card with a tree: flying it makes room
    cards = [village({1: "bat", 2: "tree+fruit", 4: "bat", 8: "trained+bat"}), card(14, 1, 2, {1: "bat", 2: "x"})]
    cards[1] = card(14, 1, 2, {1: "bat", 4: "x", 8: "x"})
    state = after_turn(cards)
    assert task(state, 0).step is Step.FRUIT_BAT
    assert FlyBat(0, 4) in at.legal_commands(state, 0)
    state, _ = play(state, 0, FlyBat(0, 1), FlyBat(1, 1))
    assert set(at.legal_commands(state, 0)) == {FlyBat(0, 4)}  # only the choice that keeps room possible
    state, events = play(state, 0, FlyBat(0, 4), PayFruit(0, 2), PlaceItem(TREE, 0, 4))
    assert events[-1] == TurnEnded(0) and field(state, 0, 0, 4) == (TRE, EMPTY)


def test_AT_67_bats_just_gained_and_from_several_cards() -> None:
    cards = [village({2: "tree+fruit", 8: "trained"}), card(14, 1, 2, {1: "bat"})]
    state, _ = play(with_area(game(), 0, cards), 0, PlaceWorker("CH1"), StartAction(1))
    state, _ = play(state, 0, ChooseAlternative(0))
    state, _ = play(state, 0, PlaceItem(BATK, 1, 2), PlaceItem(BATK, 0, 1), PlaceItem(BATK, 1, 3))
    assert task(state, 0).step is Step.FRUIT_BAT
    state, events = play(state, 0, FlyBat(0, 1), FlyBat(1, 1), FlyBat(1, 2))
    assert len(kinds(events, BatFlown)) == 3


def test_AT_68_night_bats_leave_the_play_area_the_tree_comes_at_once() -> None:
    state = after_turn(fb_area())
    state, _ = play(state, 0, FlyBat(0, 1), FlyBat(0, 8), FlyBat(1, 1), PayFruit(0, 2), PlaceItem(TREE, 0, 4))
    p = player(state, 0)
    assert p.night == 3 and count(p, BATK) == 0 and p.taken[1] == 2


def test_AT_69_offered_only_at_the_end_of_the_turn() -> None:
    state = after_turn(fb_area())
    state, _ = play(state, 0, Pass())
    assert not kinds(at.legal_commands(state, 1), FlyBat)
    state, _ = play(state, 1, PlaceWorker("TT2"), Pass())
    assert all(isinstance(c, PlaceWorker) for c in at.legal_commands(state, 0))  # no late fruit bat action


def test_AT_46_family_in_trained_hut_stays() -> None:
    p = player(with_area(game(), 0, [village({6: "trained", 8: "family"})]), 0)
    assert (0, 5) not in targets(p, FAMILY) and p.cards[0].items[5] == TRN and p.cards[0].items[7] == FAM
