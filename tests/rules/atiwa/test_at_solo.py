"""§8 solo mode and the eight challenges (AT-100..AT-105, AT-C1..AT-C8; AT-T21, AT-T22, AT-T23)."""

from __future__ import annotations

from dataclasses import replace
from functools import reduce

import pytest

import service.rules.atiwa as at
from service.rules.atiwa.data.challenges import CHALLENGES
from service.rules.atiwa.data.pieces import Item
from service.rules.atiwa.fields import count
from service.rules.atiwa.messages import (
    CostPaid,
    Event,
    PayCost,
    PayTree,
    PlaceCard,
    PlaceItem,
    PlaceWorker,
    StartAction,
    TrainFamily,
)
from service.rules.atiwa.messages_maintenance import DisplayRefreshed, FamiliesMigrated, WorkersReturned
from service.rules.atiwa.spaces import space_ids
from service.rules.atiwa.state import Card, State, Step
from service.rules.core import Rng, normalize_options
from tests.rules.atiwa.at_support import card, game, kinds, maintenance, play, player, settle, task, village, with_area

FAMILY = Item.FAMILY


def next_round(state: State) -> tuple[State, list[Event]]:
    return settle(maintenance(state))


def finish(cards: list[Card], challenge: int = 0, gold: int = 0) -> State:
    state = with_area(game(seats=1, challenge=challenge), 0, cards, gold=gold)
    state, _ = settle(maintenance(replace(state, round=7)))
    assert at.status(state).finished
    return state


def test_AT_100_AT_G7_solo_setup() -> None:
    opts = normalize_options(at.metadata, 1, {})
    state = reduce(at.evolve, at.setup(opts, 1, Rng(b"solo", 1)), at.initial_state(1, opts))
    assert len(state.display) == 3 and len(space_ids(1)) == 25 and "TT4" not in space_ids(1)
    assert state.players[0].taken == (0, 0, 0, 1, 0)  # no compensation
    solo = at.view(state, 0)["solo"]
    assert {k: solo[k] for k in ("challenge", "name", "colour")} == {"challenge": 0, "name": "Solo", "colour": "red"}


def test_AT_100_goal_of_120_points() -> None:
    low = finish([village({8: "family"})], gold=100)
    assert low.goal_met is False and at.winners(low) == () and at.status(low).phase == "finished: goal not met"
    high = finish([village({8: "family"})], gold=120)
    assert high.goal_met is True and at.winners(high) == (0,) and at.status(high).phase == "finished: goal met"
    goal = at.view(high, 0)["final"]["goal"]
    assert goal["met"] is True and goal["conditions"] == [
        {"condition": "at least 120 points", "met": True, "key": "points", "count": 120, "have": at.scores(high)[0]}
    ]


def test_AT_101_three_turns_with_the_rounds_colour() -> None:
    state = game(seats=1)
    for colour, rnd in (("red", 1), ("yellow", 2), ("blue", 3), ("red", 4), ("yellow", 5), ("blue", 6), ("red", 7)):
        assert at.view(replace(state, round=rnd), 0)["solo"]["colour"] == colour
    for _ in range(3):
        assert at.status(state).to_act == (0,)
        state, _ = play(state, 0, kinds(at.legal_commands(state, 0), PlaceWorker)[0])
        while task(state, 0).step not in (Step.PLACE_WORKER, Step.INCOME) and state.phase.value == "work":
            state, _ = play(state, 0, at.legal_commands(state, 0)[-1])
    assert state.round == 2 or state.phase.value == "maintenance"


def test_AT_102_AT_T21_workers_block_for_two_more_rounds() -> None:
    state = replace(game(seats=1), occupied=(("R5", 0, 1),))  # a red worker on position 5 in round 1
    state, events = next_round(state)
    assert not kinds(events, WorkersReturned) and PlaceWorker("R5") not in at.legal_commands(state, 0)
    state = replace(state, occupied=(*state.occupied, ("R3", 0, 2)))  # a yellow worker on position 3 in round 2
    state, events = next_round(state)
    assert state.round == 3 and not kinds(events, WorkersReturned)
    legal = at.legal_commands(state, 0)
    assert PlaceWorker("R5") not in legal and PlaceWorker("R3") not in legal  # R3 is now the round space
    state, events = next_round(state)
    assert WorkersReturned(("R5",)) in events and state.round == 4  # red returns in step 6 of round 3
    legal = at.legal_commands(state, 0)
    assert PlaceWorker("R5") in legal and PlaceWorker("R3") not in legal
    state, events = next_round(state)
    assert WorkersReturned(("R3",)) in events  # placed in round 2, back in step 6 of round 4


def test_AT_103_workers_stay_on_their_position_when_the_tile_slides() -> None:
    state = replace(game(seats=1), occupied=(("R2", 0, 1), ("R1", 0, 1)))
    state, _ = next_round(state)
    assert {sp for sp, _, _ in state.occupied} == {"R1", "R2"}
    # R2 now shows the uncovered round space 2, R1 the tile that slid onto it: both still blocked
    assert PlaceWorker("R1") not in at.legal_commands(state, 0) and PlaceWorker("R2") not in at.legal_commands(state, 0)


def test_AT_104_solo_display_only_refilled() -> None:
    state = replace(game(seats=1, display=(5, None, 7)), deck=(20, 21))
    state, events = next_round(state)
    (refresh,) = kinds(events, DisplayRefreshed)
    assert refresh.discarded == () and refresh.dealt[0] is None and refresh.dealt[2] is None
    assert state.display[0] == 5 and state.display[2] == 7 and state.display[1] in (20, 21)


def test_AT_105_marker_taken_without_effect() -> None:
    area = [village({2: "tree", 8: "family"}), card(2, 1, 2, {1: "tree"})]
    state, _ = play(with_area(game(seats=1), 0, area, gold=2), 0, PlaceWorker("FA_L"))
    state, _ = play(state, 0, PayTree(0, 2), PayTree(1, 1), PlaceCard(2, 3))
    assert state.start_player == 0 and at.status(state).to_act == (0,)


def bats(n: int) -> list[Card]:
    per = [card(14, 2 + i // 4, 1 + i % 4, {f: "bat" for f in (1, 2, 3, 5, 6, 7)}) for i in range((n + 5) // 6)]
    left = 6 * len(per) - n
    if left:
        last = per[-1]
        items = list(last.items)
        for f in (7, 6, 5, 3, 2, 1)[:left]:
            items[f - 1] = 0
        per[-1] = replace(last, items=tuple(items))
    return per


def test_AT_C1_colony() -> None:
    state = finish([village({8: "family"}), *bats(40)], challenge=1, gold=100)
    assert state.goal_met is True
    assert finish([village({8: "family"}), *bats(39)], challenge=1, gold=100).goal_met is False
    assert finish([village({8: "family"}), *bats(40)], challenge=1, gold=60).goal_met is False


def families(n: int) -> list[Card]:
    cards = [
        card("TOWN", 1 + i // 4, 1 + i % 4, {5: "family", 6: "family", 7: "family", 8: "family"}) for i in range(3)
    ]
    cards.append(card("FARM", 2, 1, {8: "family"}))
    fams = list(cards)
    need = 13 - n
    for ci in range(len(fams) - 1, -1, -1):
        while need and 1 in fams[ci].items:
            items = list(fams[ci].items)
            items[items.index(1)] = 0
            fams[ci] = replace(fams[ci], items=tuple(items))
            need -= 1
    return fams


def test_AT_C2_AT_G19_common_good() -> None:
    assert finish(families(13), challenge=2, gold=60).goal_met is True
    assert finish(families(12), challenge=2, gold=60).goal_met is False
    two_towns = [c if i != 2 else replace(c, cid="VILLAGE") for i, c in enumerate(families(13))]
    two_towns = [*two_towns[:2], card("VILLAGE", 1, 3, {6: "family", 7: "family", 8: "family"}), two_towns[3]]
    two_towns.append(card("FARM", 2, 2, {8: "family"}))
    assert finish(two_towns, challenge=2, gold=60).goal_met is False


def test_AT_C3_AT_G19_investor() -> None:
    cards = [village(), card("FARM", 1, 2), card("SETTLEMENT", 1, 4), card("VILLAGE", 2, 3), card("TOWN", 2, 2)]
    assert finish(cards, challenge=3, gold=80).goal_met is True
    poor = at.view(finish(cards, challenge=3, gold=19), 0)["final"]["goal"]
    assert {c["condition"]: c["met"] for c in poor["conditions"]}["at least 20 gold"] is False
    assert finish([*cards, card("FARM", 2, 4)], challenge=3, gold=80).goal_met is False  # exactly these


def test_AT_C4_metropolis() -> None:
    opts = normalize_options(at.metadata, 1, {"challenge": 4})
    state = reduce(at.evolve, at.setup(opts, 1, Rng(b"m", 1)), at.initial_state(1, opts))
    assert state.deck == () and state.display == (None, None, None)
    state, _events = play(state, 0, PlaceWorker("TD"))
    assert player(state, 0).cards == game(seats=1, challenge=4).players[0].cards
    assert finish([village()], challenge=4, gold=90 - 8).goal_met is True


def test_AT_C5_AT_T22_migration() -> None:
    state = game(seats=1, challenge=5)
    for _rnd in (1, 2, 3):
        state, events = next_round(state)
        assert FamiliesMigrated(0, 2) in events
    p = player(state, 0)
    assert state.round == 4 and p.taken[3] == 7 and p.removed == 6
    from service.rules.atiwa.legal import food_need

    assert food_need(p) == 7  # V[FAMILY][7]
    assert count(p, FAMILY) == 1  # breeding counts the family tokens on cards
    assert finish([village({8: "family"})], challenge=5, gold=90 - 8 - 1).goal_met is True


def test_AT_C6_no_pollution() -> None:
    assert finish([village({8: "family"})], challenge=6, gold=100).goal_met is True
    assert finish([village({1: "x", 8: "family"})], challenge=6, gold=100).goal_met is False


def test_AT_C7_prosperity() -> None:
    assert finish([village()], challenge=7, gold=120).goal_met is True
    state = finish([village(), card("TOWN", 1, 2), card("TOWN", 1, 4), card("TOWN", 2, 3)], challenge=7, gold=29)
    assert state.goal_met is False and at.scores(state)[0] < 120


def test_AT_C8_AT_T23_no_education() -> None:
    area = [village({6: "family", 7: "family", 8: "family"})]
    state = with_area(game(seats=1, challenge=8), 0, area, gold=2)
    state, events = play(state, 0, PlaceWorker("TR"), PayCost())
    assert CostPaid(0, 2) in events and player(state, 0).gold == 0  # still costs the gold
    assert not kinds(at.legal_commands(state, 0), TrainFamily) and at.status(state).to_act == (0,)
    assert task(state, 0).step is Step.PLACE_WORKER  # the training flipped nothing; the turn is over
    fresh, _ = play(with_area(game(seats=1, challenge=8), 0, [village({8: "family"})]), 0, PlaceWorker("R1"))
    legal = at.legal_commands(fresh, 0)
    assert PlaceItem(FAMILY, 0, 6) in legal and PlaceItem(FAMILY, 0, 6, True) not in legal
    assert not kinds(legal, StartAction)  # the training half is no action at all
    done = finish(families(13), challenge=8, gold=0)
    conditions = {c["condition"]: c["met"] for c in at.view(done, 0)["final"]["goal"]["conditions"]}
    assert conditions["all 13 families on cards"] is True
    assert done.goal_met is (at.scores(done)[0] >= 80)


@pytest.mark.parametrize("number", sorted(CHALLENGES))
def test_challenges_report_their_conditions(number: int) -> None:
    state = finish([village({8: "family"})], challenge=number)
    goal = at.view(state, None)["final"]["goal"]
    assert goal["challenge"] == number and goal["met"] is False and goal["conditions"]
    assert at.status(state).phase == "finished: goal not met"
    assert at.winners(state) == ()
