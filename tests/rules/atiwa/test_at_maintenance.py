"""§5.11 the maintenance phase (AT-70..AT-89; AT-T02..AT-T08, AT-T12; AT-R5, AT-R6)."""

from __future__ import annotations

from dataclasses import replace
from itertools import permutations

import service.rules.atiwa as at
from service.rules.atiwa.data.pieces import Item
from service.rules.atiwa.fields import count, pollution_count, pollution_spots
from service.rules.atiwa.messages import Event, Pass, PayFood, PlaceItem
from service.rules.atiwa.messages_maintenance import (
    BatsReleased,
    BreedingStarted,
    DisplayRefreshed,
    FeedingStarted,
    FoodShortage,
    GameFinished,
    IncomeCollected,
    MaintenanceFinished,
    NightBatsReturning,
    ProductionStarted,
    RoundStarted,
    Spot,
    WorkersReturned,
)
from service.rules.atiwa.state import BAT, EMPTY, FAM, POL, Card, Phase, State, Step, Task
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


def income_for(cards: list[Card], seats: int = 2, bag: tuple[int, int, int] | None = None) -> tuple[State, list[Event]]:
    state = with_area(game(seats=seats), 0, cards)
    if bag is not None:
        state = replace(state, bag=bag)
    state = maintenance(state, {s: Task(step=Step.INCOME) for s in range(seats)})
    return settle(state)


# --- AT-70, AT-71, AT-87..AT-90 order and round end ------------------------------------------------------


def test_AT_70_steps_in_order() -> None:
    _state, events = income_for([village({8: "family"})])
    names = [type(e).__name__ for e in events if getattr(e, "seat", 0) == 0]
    assert names[:8] == [
        "IncomeCollected",
        "ProductionStarted",
        "StepFinished",
        "ProductionStarted",
        "StepFinished",
        "ProductionStarted",
        "StepFinished",
        "NightBatsReturning",
    ]
    assert names.index("BatsReleased") < names.index("FeedingStarted") < names.index("BreedingStarted")


def test_AT_70_AT_90_round_seven_ends_after_breeding() -> None:
    state = maintenance(replace(game(), round=7))
    state, events = settle(state)
    assert [type(e) for e in events] == [GameFinished] and state.phase is Phase.FINISHED
    assert not kinds(events, WorkersReturned) and not kinds(events, DisplayRefreshed)


def test_AT_71_bag_draws_clockwise_from_the_start_player() -> None:
    state = with_area(game(seats=3, start=0), 2, [village({7: "family", 8: "family"})])
    state = replace(state, start_player=2, bag=(1, 2, 0))
    state = maintenance(state, {s: Task(step=Step.INCOME) for s in range(3)})
    state, events = settle(state)
    incomes = kinds(events, IncomeCollected)
    assert [i.seat for i in incomes] == [2, 0, 1]
    assert len(incomes[0].found) == 2  # seat 2 makes both of its draws first
    assert sorted(incomes[0].found + incomes[1].found) == [0, 1, 1] and incomes[2].substitutes == 1


def test_AT_87_workers_return_multiplayer() -> None:
    state = replace(game(), occupied=(("R1", 0, 1), ("TD", 1, 1)))
    state, events = settle(maintenance(state))
    assert WorkersReturned(("R1", "TD")) in events and state.occupied == ()


def test_AT_88_AT_R6_display_discarded_and_refilled() -> None:
    state = replace(game(display=(1, 2, None)), deck=(10, 11, 12))
    state, events = settle(maintenance(state))
    (refresh,) = kinds(events, DisplayRefreshed)
    assert refresh.discarded == (1, 2) and sorted(c for c in refresh.dealt if c is not None) == [10, 11, 12]
    assert (
        sorted(c for c in state.display if c is not None) == [10, 11, 12]
        and state.discard == (1, 2)
        and state.deck == ()
    )
    # an empty deck: the discard pile (with the cards just discarded) becomes the deck
    state = replace(game(display=(1, 2, 3)), deck=(10,), discard=(20,))
    state, events = settle(maintenance(state))
    (refresh,) = kinds(events, DisplayRefreshed)
    assert refresh.dealt[0] == 10 and set(refresh.dealt[1:]) <= {1, 2, 3, 20}
    assert len(state.deck) + len(state.discard) == 2 and None not in state.display


def test_AT_89_next_round_begins() -> None:
    state, events = settle(maintenance(game()))
    assert events[-1] == RoundStarted(2, 0) and state.round == 2 and state.phase is Phase.WORK


# --- step 1: income (AT-72..AT-77) ------------------------------------------------------------------


def test_AT_72_wage_per_trained_family_fixed_at_the_start() -> None:
    cards = [village({1: "x", 2: "x", 3: "x", 4: "x", 5: "x", 6: "trained", 7: "family", 8: "trained"})]
    _state, events = income_for(cards, bag=(5, 0, 0))
    (income, _) = kinds(events, IncomeCollected)
    assert income.wage == 2 and income.polluted == (Spot(0, 6),)  # the polluted trained family still paid


def test_AT_73_AT_T02_income_example() -> None:
    cards = [village({6: "family", 7: "family", 8: "trained"}), card("FARM", 1, 2, {8: "family"})]
    state, events = income_for(cards, bag=(1, 2, 0))  # the three markers show 2 gold together
    income = kinds(events, IncomeCollected)[0]
    assert income.wage == 1 and sorted(income.found) == [0, 1, 1] and len(income.polluted) == 3
    assert income.wage + sum(income.found) == 3
    assert pollution_count(player(state, 0)) == 3  # placed regardless of the gold found


def test_AT_74_AT_R5_bag_without_replacement() -> None:
    cards = [village({6: "family", 7: "family", 8: "family"})]
    state, events = income_for(cards)
    drawn = [v for income in kinds(events, IncomeCollected) for v in income.found]
    assert len(drawn) == 4  # 3 untrained families of seat 0, 1 of seat 1
    assert state.bag == (22 - drawn.count(0), 20 - drawn.count(1), 2 - drawn.count(2))


def test_AT_75_AT_G6_empty_bag_substitutes_still_pollute() -> None:
    cards = [village({7: "family", 8: "family"})]
    state, events = income_for(cards, bag=(0, 0, 0))
    income = kinds(events, IncomeCollected)[0]
    assert income.found == () and income.substitutes == 2 and len(income.polluted) == 2
    assert pollution_count(player(state, 0)) == 2


def test_AT_76_AT_T03_pollution_order_example() -> None:
    # row 1: #19 at (1,1) gained this round, C2 = a Settlement at (1,2), the Village at (1,3); TM of C2 and of
    # the Village polluted earlier; the Settlement's TR (a B field) holds a bat; 1 trained + 3 untrained families
    cards = [
        village({1: "x", 6: "family", 7: "family", 8: "trained"}),
        card("SETTLEMENT", 1, 2, {1: "x", 2: "bat", 7: "family"}),
        card(19, 1, 1),
    ]
    state, events = income_for(cards, bag=(1, 2, 0))
    income = kinds(events, IncomeCollected)[0]
    assert income.polluted == (Spot(2, 1), Spot(2, 2), Spot(1, 2))  # 1: TM #19, 2: TR #19, 3: TR of C2
    p = player(state, 0)
    assert field(state, 0, 1, 2) == (POL, EMPTY) and count(p, BATK) == 0  # the bat went back
    assert income.wage + sum(income.found) == 3
    # next round with the same cards: 4 TR of the Village, 5 ML of #19, 6 ML of C2
    assert pollution_spots(p, 3) == [(0, 1), (2, 2), (1, 2)]
    # with #13 placed at (1,4) in between: TM of #13, TR of the Village, TR of #13, then ML #19, ML C2
    with13 = replace(p, cards=(*p.cards, card(13, 1, 4)))
    assert pollution_spots(with13, 5) == [(3, 0), (0, 1), (3, 1), (2, 2), (1, 2)]


def test_AT_76_all_fields_polluted_marker_goes_to_the_box() -> None:
    cards = [village({f: "x" for f in range(1, 8)} | {8: "family"})]
    state, events = income_for(cards)
    income = kinds(events, IncomeCollected)[0]
    assert income.polluted == (Spot(0, 8),) and income.boxed == 0
    state, events = income_for([village({f: "x" for f in range(1, 8)} | {8: "family"}), card("FARM", 1, 2)])
    state2 = maintenance(state, {0: Task(step=Step.INCOME)})
    p = replace(player(state2, 0), cards=tuple(replace(c, items=(POL,) * 8) for c in player(state2, 0).cards))
    assert pollution_spots(p, 2) == []


def test_AT_77_everything_on_a_polluted_field_returns() -> None:
    cards = [village({1: "bat", 2: "tree+fruit", 8: "family"})]
    state, _events = income_for(cards)
    p = player(state, 0)
    assert field(state, 0, 0, 1) == (POL, EMPTY)  # TM first: the bat goes to the supply
    assert count(p, BATK) == 0 and p.taken[1] == 1


# --- step 2: the chain (AT-78) -------------------------------------------------------------------------


def test_AT_78_AT_T12_production_chain_uses_the_current_board() -> None:
    cards = [
        village({2: "tree", 3: "wild", 8: "trained"}),
        card(22, 1, 2, {1: "tree"}),
        card(9, 1, 4, {2: "fruit"}),
        card(26, 2, 3, {1: "wild"}),
    ]
    state = maintenance(with_area(game(), 0, cards), {0: Task(step=Step.NEXT, stage=1)})
    assert player(state, 0).taken[:3] == (2, 2, 1)
    state, events = settle(state)
    assert ProductionStarted(0, TREE, 1) in events  # V[WILD][2] = 1 tree
    state, events = play(state, 0, PlaceItem(TREE, 1, 4))
    assert ProductionStarted(0, FRUIT, 2) in events  # V[TREE][3] = 2 fruit (1 without the new tree)
    state, events = play(state, 0, PlaceItem(FRUIT, 0, 2), PlaceItem(FRUIT, 1, 1))
    assert ProductionStarted(0, BATK, 1) in events  # V[FRUIT][3] = 1 bat (0 without the new fruit)


def test_AT_78_gain_fewer_or_as_many_as_fit() -> None:
    state = maintenance(with_area(game(), 0, [village({3: "wild", 8: "family"})]), {0: Task(step=Step.NEXT, stage=1)})
    state, _ = settle(state)
    assert task(state, 0).step is Step.PRODUCE and Pass() in at.legal_commands(state, 0)
    state, _events = play(state, 0, Pass())
    assert player(state, 0).taken[1] == 0


# --- step 3: bats return (AT-79) -------------------------------------------------------------------


def test_AT_79_bats_return_as_many_as_fit_rest_to_the_supply() -> None:
    cards = [village({4: "x", 7: "trained", 8: "family"})]
    state = maintenance(with_area(game(), 0, cards, night=3), {0: Task(step=Step.NEXT, stage=4)})
    state, events = settle(state)
    assert NightBatsReturning(0, 3) in events
    legal = at.legal_commands(state, 0)
    assert set(legal) == {PlaceItem(BATK, 0, 1), PlaceItem(BATK, 0, 7)}  # never alone in a hut; no pass
    state, events = play(state, 0, PlaceItem(BATK, 0, 7), PlaceItem(BATK, 0, 1))
    assert BatsReleased(0, 1) in events and player(state, 0).night == 0 and count(player(state, 0), BATK) == 2


# --- step 4: feeding (AT-80..AT-85) ---------------------------------------------------------------


def fed(cards: list[Card], need: int, allowed: int, gold: int = 0, shortage: bool = False) -> State:
    state = maintenance(with_area(game(), 0, cards, gold=gold), {0: Task(step=Step.NEXT, stage=5)})
    return then(state, FeedingStarted(0, need, allowed, shortage))


def payments(state: State) -> set[tuple[Item, ...]]:
    """Every multiset of food kinds a complete legal payment sequence can end with."""
    found: set[tuple[Item, ...]] = set()

    def walk(s: State, paid: tuple[Item, ...]) -> None:
        t = task(s, 0)
        if t.step is not Step.FEED:
            found.add(tuple(sorted(paid)))
            return
        legal = at.legal_commands(s, 0)
        assert legal, "a feeding with nothing to pay must close by itself"
        pays = kinds(legal, PayFood)
        assert len(pays) == len(legal)
        for kind in {c.kind for c in pays}:
            command = next(c for c in pays if c.kind is kind)
            nxt, _ = play(s, 0, command)
            walk(nxt, (*paid, kind))

    walk(state, ())
    return found


def test_AT_80_AT_G20_need_from_the_two_rows() -> None:
    cards = [village({5: "goat", 6: "family", 7: "family", 8: "family"}), card("FARM", 1, 2, {8: "family"})]
    state = maintenance(with_area(game(), 0, cards, gold=9), {0: Task(step=Step.NEXT, stage=5)})
    state, events = settle(state)
    assert FeedingStarted(0, 4 - 1, 4, False) in events  # V[FAMILY][4] = 4, V[GOAT][1] = 1; 4 untrained
    rich = [village({5: "goat", 8: "family"}), card(4, 1, 2, {3: "goat"})]
    state = maintenance(with_area(game(), 0, rich), {0: Task(step=Step.NEXT, stage=5)})
    state, events = settle(state)
    assert FeedingStarted(0, 1 - 2, 1, False) in events and kinds(events, BreedingStarted)  # need <= 0: nothing


def test_AT_81_food_values() -> None:
    from service.rules.atiwa.data.pieces import FOOD_VALUE

    assert FOOD_VALUE == {GOAT: 3, WILD: 2, FRUIT: 1, GOLD: 1, BATK: 1}


def test_AT_82_AT_T07_bats_only_for_untrained_families() -> None:
    cards = [
        village({1: "bat", 6: "trained+bat", 7: "trained+bat", 8: "trained+bat"}),
        card("SETTLEMENT", 1, 2, {2: "bat", 7: "family", 8: "family"}),
    ]
    state = fed(cards, need=4, allowed=2, shortage=True)
    assert count(player(state, 0), BATK) == 5
    state, events = play(state, 0, PayFood(BATK, 0, 1), PayFood(BATK, 1, 2))
    (shortage,) = kinds(events, FoodShortage)
    assert shortage.missing == 2 and shortage.penalty == 4 and shortage.pieces == ()
    assert player(state, 0).penalty == 4 and count(player(state, 0), BATK) == 3


def test_AT_83_AT_T05_goat_worth_four() -> None:
    base = [village({6: "family", 7: "family", 8: "family"}), card("FARM", 1, 2, {8: "family"})]
    from service.rules.atiwa.legal import food_need

    no_goat = player(with_area(game(), 0, base), 0)
    one_goat = player(with_area(game(), 0, [*base, card(4, 1, 4, {3: "goat"})]), 0)
    assert food_need(no_goat) - food_need(one_goat) == 1
    state = fed([*base, card(4, 1, 4, {3: "goat"})], need=food_need(one_goat), allowed=0, gold=5)
    state, _events = play(state, 0, PayFood(GOAT, 2, 3))
    assert task(state, 0).step is not Step.FEED  # 3 food paid the need of 3: not recomputed


def test_AT_84_AT_T04_the_five_payment_options() -> None:
    # families row value 5 (5 families, all trained: bats cannot be eaten), goats row value 1; 2 wild, 4 gold
    cards = [
        village({3: "wild", 5: "goat", 6: "trained", 7: "trained", 8: "trained"}),
        card("FARM", 1, 2, {3: "wild", 8: "trained"}),
        card("SETTLEMENT", 1, 4, {2: "bat", 7: "trained+bat"}),
    ]
    state = fed(cards, need=4, allowed=0, gold=4)
    p = player(state, 0)
    assert p.taken[3] == 5 and p.taken[4] == 1
    from service.rules.atiwa.legal import food_need

    assert food_need(p) == 4
    expected = [(GOAT, WILD), (GOAT, GOLD), (WILD, WILD), (WILD, GOLD, GOLD), (GOLD, GOLD, GOLD, GOLD)]
    assert payments(state) == {tuple(sorted(x)) for x in expected}


def test_AT_84_formalisation_on_every_order() -> None:
    from service.rules.atiwa.legal import food_piece_ok

    # a legal multiset can be paid in any order; an overpayment in none
    for order in set(permutations((3, 1, 1))):  # {GOAT, GOLD, GOLD} for a need of 4: a gold is superfluous
        paid, least, ok = 0, 0, True
        rest = list(order)
        for v in order:
            rest.remove(v)
            ones, twos, threes = rest.count(1), rest.count(2), rest.count(3)
            ok = ok and food_piece_ok(paid, least, 4, v, ones, twos, threes)
            paid, least = paid + v, v if least == 0 else min(least, v)
        assert not ok


def test_AT_85_AT_T06_shortage_pays_everything_and_costs_two_per_food() -> None:
    cards = [village({3: "wild", 8: "trained"})]
    state = maintenance(with_area(game(), 0, cards, gold=1), {0: Task(step=Step.NEXT, stage=5)})
    state = then(state, FeedingStarted(0, 6, 0, True))
    state, events = settle(state)
    (shortage,) = kinds(events, FoodShortage)
    assert shortage.gold == 1 and [p.kind for p in shortage.pieces] == [WILD]
    assert shortage.missing == 3 and shortage.penalty == 6
    p = player(state, 0)
    assert p.gold == 0 and p.taken[0] == 0 and p.penalty == 6


def test_AT_85_no_voluntary_penalty() -> None:
    state = fed([village({3: "wild", 8: "family"})], need=2, allowed=1, gold=3)
    assert Pass() not in at.legal_commands(state, 0) and at.legal_commands(state, 0)


# --- step 5: breeding (AT-86) ----------------------------------------------------------------------


def test_AT_86_AT_T08_breeding_round_one() -> None:
    cards = [village({1: "bat", 3: "wild", 7: "trained+bat", 8: "trained+bat"}), card(14, 1, 2), card(4, 1, 4)]
    state = maintenance(with_area(game(), 0, cards), {0: Task(step=Step.NEXT, stage=6)})
    state, _ = settle(state)
    assert {c.kind for c in at.legal_commands(state, 0) if isinstance(c, PlaceItem)} == {FAMILY, BATK, WILD}
    state, _ = play(state, 0, PlaceItem(FAMILY, 0, 6), PlaceItem(BATK, 1, 1))
    state, events = play(state, 0, PlaceItem(WILD, 2, 1))
    assert kinds(events, MaintenanceFinished)  # each condition once: nothing left to breed
    p = player(state, 0)
    assert count(p, FAMILY) == 3 and count(p, BATK) == 4 and count(p, WILD) == 2
    assert field(state, 0, 0, 6) == (FAM, EMPTY)  # a bred family is untrained
    one = maintenance(with_area(game(), 0, [village({1: "bat", 3: "wild", 8: "family"}), card(14, 1, 2)]))
    one = replace(one, players=tuple(replace(p, task=Task(step=Step.NEXT, stage=6)) for p in one.players))
    one, _ = settle(one)
    assert FAMILY not in {c.kind for c in at.legal_commands(one, 0) if isinstance(c, PlaceItem)}


def test_AT_86_AT_G23_each_condition_checked_when_resolved() -> None:
    # one bat, alone in a hut: breeding the family first sends it back, and the bat condition fails
    cards = [village({3: "wild", 6: "bat", 7: "family", 8: "family"}), card(14, 1, 2)]
    state = maintenance(with_area(game(), 0, cards), {0: Task(step=Step.NEXT, stage=6)})
    state, _ = settle(state)
    state, _ = play(state, 0, PlaceItem(FAMILY, 0, 6))
    assert BATK not in {c.kind for c in at.legal_commands(state, 0) if isinstance(c, PlaceItem)}
    assert BAT not in player(state, 0).cards[0].items
