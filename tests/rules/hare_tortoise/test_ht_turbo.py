"""§8.2 the Turbo variant (HT-V2.1..V2.11, HT-V2.T1, V2.T2)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

import pytest

import service.rules.hare_tortoise as ht
from service.rules.hare_tortoise.data import ANIMALS, CARD_ANIMAL, HOWL_CARDS, TURBO_DECK, Animal
from service.rules.hare_tortoise.messages import (
    AnimalCrossed,
    AnimalFinished,
    AnimalMoved,
    CardsDrawn,
    ChooseSecondBet,
    Event,
    GameFinished,
    MoveAnimal,
    PlayCards,
    RaceFinished,
    RaceSetUp,
    RacingPhaseStarted,
    RoundEnded,
    TurnPassed,
)
from service.rules.hare_tortoise.reasons import Reason
from service.rules.hare_tortoise.state import Phase, State
from tests.rules.hare_tortoise.ht_support import (
    FOX,
    HARE,
    HT,
    LAMB,
    TORTOISE,
    WOLF,
    H,
    about_to_race,
    at,
    race_set_up,
    streams_at,
)

TURBO: dict[str, Any] = {"variant": "turbo"}


def moving(
    counts: Mapping[Animal, int], *history: Event | Iterable[Event], seats: int = 2, first: int = 0, **kw: Any
) -> State:
    """The Turbo movement phase after the play that completes `counts`; `first` picks first."""
    ready = about_to_race(counts, *history, seats=seats, first=first, variant="turbo", **kw)
    events = HT.when(ready.state, first, ready.play)
    assert events[-1] == RacingPhaseStarted(counts=tuple(counts.get(a, 0) for a in ANIMALS), howl=False)
    return HT.then(ready.state, events)


def turbo_set_up(seats: int, seed: bytes = b"turbo", **options: Any) -> tuple[RaceSetUp, State]:
    state, events = HT.dealt(seats, seed, **{**TURBO, **options})
    assert isinstance(events[0], RaceSetUp)
    return events[0], state


@pytest.mark.parametrize("seats", [2, 5])
def test_HT_V2_1_thirteen_cards_per_animal_without_the_howl_cards(seats: int) -> None:
    _, state = turbo_set_up(seats)
    cards = [*state.deck, *(c for h in state.hands for c in h)]
    assert sorted(cards) == sorted(TURBO_DECK)
    assert Counter(CARD_ANIMAL[c] for c in cards) == {a: 13 for a in ANIMALS}
    assert not HOWL_CARDS & set(cards)


def test_HT_V2_2_one_turbo_token_per_animal_on_tiles_2_4_6_8_10_at_random() -> None:
    layouts = set()
    for i in range(10):
        set_up, state = turbo_set_up(3, seed=b"tokens%d" % i)
        assert sorted(set_up.turbo_tokens) == sorted(ANIMALS) and sum(set_up.streams) == 2
        assert ht.view(state, None)["turbo_tokens"] == {
            str(tile): a.value for tile, a in zip((2, 4, 6, 8, 10), set_up.turbo_tokens, strict=True)
        }
        layouts.add(set_up.turbo_tokens)
    assert len(layouts) > 1
    assert ht.view(HT.given(race_set_up()), None)["turbo_tokens"] == {}  # none outside Turbo


@pytest.mark.parametrize(("seats", "bets"), [(2, 2), (3, 1), (5, 1)])
def test_HT_V2_3_five_cards_and_starting_bets_only_no_second_bet(seats: int, bets: int) -> None:
    set_up, state = turbo_set_up(seats)
    assert [len(h) for h in set_up.hands] == [5] * seats
    assert [len(b) for b in set_up.starting_bets] == [bets] * seats
    assert state.phase is Phase.PLAY and ht.status(state).to_act == (set_up.first_player,)
    assert state.bets == set_up.starting_bets
    HT.refused(state, set_up.first_player, ChooseSecondBet(set_up.hands[set_up.first_player][0]), Reason.WRONG_PHASE)
    assert all(isinstance(c, PlayCards) for c in ht.legal_commands(state, set_up.first_player))


@pytest.mark.parametrize("size", [5, 6])
def test_HT_V2_4_hands_refill_to_the_turbo_hand_size(size: int) -> None:
    state = HT.given(
        race_set_up(turbo=True, hands={0: [H(1), H(2)]}, tokens=tuple(ANIMALS)), turbo_hand_size=size, **TURBO
    )
    events = HT.when(state, 0, PlayCards((H(1), H(2))))
    drawn = events[1]
    assert isinstance(drawn, CardsDrawn) and len(drawn.cards) == size - 3
    assert len(HT.then(state, events).hands[0]) == size
    assert events[-1] == TurnPassed(seat=1)


def test_HT_V2_5_players_pick_the_animals_to_move_from_the_first_player_clockwise() -> None:
    state = moving({HARE: 2, FOX: 3, LAMB: 3}, seats=3, first=1, tokens=(TORTOISE, HARE, WOLF, FOX, LAMB))
    assert state.phase is Phase.TURBO_MOVE and state.to_move == (HARE, FOX, LAMB)
    assert ht.status(state).to_act == (1,)
    assert ht.legal_commands(state, 1) == [MoveAnimal(HARE), MoveAnimal(FOX), MoveAnimal(LAMB)]
    assert ht.legal_commands(state, 2) == []
    HT.refused(state, 2, MoveAnimal(FOX), Reason.NOT_YOUR_TURN)
    HT.refused(state, 1, MoveAnimal(WOLF), Reason.ANIMAL_CANNOT_MOVE)  # no Wolf card this round
    HT.refused(state, 1, MoveAnimal(TORTOISE), Reason.ANIMAL_CANNOT_MOVE)  # the Tortoise too: no card, no move
    HT.refused(state, 1, PlayCards((state.hands[1][0],)), Reason.WRONG_PHASE)
    events = HT.when(state, 1, MoveAnimal(FOX))
    assert events == [AnimalMoved(animal=FOX, start=0, end=3), TurnPassed(seat=2)]
    state = HT.then(state, events)
    HT.refused(state, 2, MoveAnimal(FOX), Reason.ANIMAL_CANNOT_MOVE)  # each animal moves once
    state = HT.then(state, HT.when(state, 2, MoveAnimal(LAMB)))
    assert ht.status(state).to_act == (0,)
    assert HT.when(state, 0, MoveAnimal(HARE)) == [AnimalMoved(animal=HARE, start=0, end=2), RoundEnded(first_player=2)]


def test_HT_V2_6_an_animal_moves_exactly_its_card_count_no_special_rules() -> None:
    # the Hare, first with four cards, does not nap; the Tortoise without cards does not move
    state = moving({HARE: 4}, at(HARE, 5), at(TORTOISE, 1))
    assert state.to_move == (HARE,)
    assert HT.when(state, 0, MoveAnimal(HARE)) == [AnimalMoved(animal=HARE, start=5, end=9), RoundEnded(first_player=1)]
    # the Lamb moves n (not n + 1) and ignores streams; the Wolf moves n too
    state = moving({LAMB: 2, WOLF: 3, FOX: 3}, streams=streams_at(1, 3))
    assert HT.when(state, 0, MoveAnimal(LAMB))[0] == AnimalMoved(animal=LAMB, start=0, end=2)
    assert HT.when(state, 0, MoveAnimal(WOLF))[0] == AnimalMoved(animal=WOLF, start=0, end=3)


def test_HT_V2_7_ending_on_its_own_turbo_token_gives_two_more_tiles_once() -> None:
    # Wolf token on 6, Fox token on 8: the Wolf lands on 6, boosts to 8 and stops there
    state = moving({WOLF: 2, HARE: 3, FOX: 3}, at(WOLF, 4), tokens=(HARE, TORTOISE, WOLF, FOX, LAMB))
    assert HT.when(state, 0, MoveAnimal(WOLF))[:2] == [
        AnimalMoved(animal=WOLF, start=4, end=6),
        AnimalMoved(animal=WOLF, start=6, end=8, note="turbo"),
    ]
    # a boost from tile 10 crosses the finish line
    state = moving({LAMB: 2, HARE: 3, FOX: 3}, at(LAMB, 8), tokens=(HARE, TORTOISE, WOLF, FOX, LAMB))
    assert HT.when(state, 0, MoveAnimal(LAMB))[:3] == [
        AnimalMoved(animal=LAMB, start=8, end=10),
        AnimalMoved(animal=LAMB, start=10, end=12, note="turbo"),
        AnimalCrossed(animal=LAMB),
    ]


def test_HT_V2_8_crossing_order_is_the_order_of_the_moves() -> None:
    state = moving({HARE: 2, FOX: 3, LAMB: 3}, at(HARE, 11), at(FOX, 10), seats=3)
    events = HT.when(state, 0, MoveAnimal(FOX))
    assert events == [AnimalMoved(animal=FOX, start=10, end=12), AnimalCrossed(animal=FOX), TurnPassed(seat=1)]
    state = HT.then(state, events)
    state = HT.then(state, HT.when(state, 1, MoveAnimal(HARE)))
    assert state.crossed == (FOX, HARE)
    assert state.positions[ANIMALS.index(FOX)] == 12 and state.phase is Phase.TURBO_MOVE


def test_HT_V2_9_crossers_in_order_then_the_closest_ties_share_a_place() -> None:
    state = moving(
        {HARE: 2, FOX: 3, LAMB: 3},
        at(HARE, 11),
        at(FOX, 10),
        at(TORTOISE, 9),
        at(WOLF, 9),
        at(LAMB, 1),
        seats=3,
    )
    for seat, animal in ((0, HARE), (1, FOX)):
        state = HT.then(state, HT.when(state, seat, MoveAnimal(animal)))
    events = HT.when(state, 2, MoveAnimal(LAMB))
    assert events[:5] == [
        AnimalMoved(animal=LAMB, start=1, end=4),
        AnimalFinished(animal=HARE, place=1),
        AnimalFinished(animal=FOX, place=2),
        AnimalFinished(animal=TORTOISE, place=3),
        AnimalFinished(animal=WOLF, place=3),
    ]
    assert [type(e) for e in events[5:]] == [RaceFinished, GameFinished]
    assert HT.then(state, events).phase is Phase.FINISHED


def test_HT_V2_9_only_the_first_three_crossers_get_places() -> None:
    state = moving({HARE: 2, TORTOISE: 2, FOX: 2, LAMB: 2}, at(HARE, 11), at(TORTOISE, 11), at(FOX, 11), at(LAMB, 11))
    for seat, animal in ((0, LAMB), (1, FOX), (0, TORTOISE)):
        state = HT.then(state, HT.when(state, seat, MoveAnimal(animal)))
    events = HT.when(state, 1, MoveAnimal(HARE))
    places = [(e.animal, e.place) for e in events if isinstance(e, AnimalFinished)]
    assert places == [(LAMB, 1), (FOX, 2), (TORTOISE, 3)]


def test_HT_V2_9_a_tie_for_second_shares_it_and_skips_third() -> None:
    state = moving({FOX: 3, HARE: 3, LAMB: 2}, at(FOX, 10), at(HARE, 3), at(TORTOISE, 7), at(WOLF, 7), at(LAMB, 1))
    for seat, animal in ((0, FOX), (1, HARE)):
        state = HT.then(state, HT.when(state, seat, MoveAnimal(animal)))
    events = HT.when(state, 0, MoveAnimal(LAMB))
    places = [(e.animal, e.place) for e in events if isinstance(e, AnimalFinished)]
    assert places == [(FOX, 1), (TORTOISE, 2), (WOLF, 2)]


def test_HT_V2_10_no_crossing_discard_and_pass_the_marker_for_a_new_round() -> None:
    state = moving({HARE: 2, FOX: 3, LAMB: 3}, seats=3, first=2)
    for seat, animal in ((2, HARE), (0, FOX)):
        state = HT.then(state, HT.when(state, seat, MoveAnimal(animal)))
    events = HT.when(state, 1, MoveAnimal(LAMB))
    assert events[-1] == RoundEnded(first_player=0)
    after = HT.then(state, events)
    assert after.phase is Phase.PLAY and after.turn == 0 and after.played == ((), (), ())
    assert len(after.discard) == 8 and after.to_move == () and after.crossed == ()


def test_HT_V2_11_scoring_as_the_standard_game_shared_places_score_their_points() -> None:
    # places FOX 1, TORTOISE 2, WOLF 2 (tied): seat 0 bets TORTOISE+HARE, seat 1 WOLF+FOX
    state = moving(
        {FOX: 3, HARE: 3, LAMB: 2},
        at(FOX, 10),
        at(HARE, 3),
        at(TORTOISE, 7),
        at(WOLF, 7),
        at(LAMB, 1),
        starting_bets={0: ["B-HARE", "B-TORT"], 1: ["B-FOX", "B-WOLF"]},
    )
    for seat, animal in ((0, FOX), (1, HARE)):
        state = HT.then(state, HT.when(state, seat, MoveAnimal(animal)))
    events = HT.when(state, 0, MoveAnimal(LAMB))
    assert events[-2:] == [
        RaceFinished(race=1, bets=(("B-HARE", "B-TORT"), ("B-FOX", "B-WOLF")), scores=(3, 8)),
        GameFinished(totals=(3, 8), winners=(1,)),
    ]


def test_HT_V2_T1_fox_from_tile_2_with_two_cards_lands_on_its_token_at_4_and_goes_on_to_6() -> None:
    state = moving({FOX: 2, HARE: 3, LAMB: 3}, at(FOX, 2), tokens=(HARE, FOX, WOLF, TORTOISE, LAMB))
    assert HT.when(state, 0, MoveAnimal(FOX)) == [
        AnimalMoved(animal=FOX, start=2, end=4),
        AnimalMoved(animal=FOX, start=4, end=6, note="turbo"),
        TurnPassed(seat=1),
    ]


def test_HT_V2_T2_fox_ending_on_the_hare_token_gets_no_bonus() -> None:
    state = moving({FOX: 2, HARE: 3, LAMB: 3}, at(FOX, 2), tokens=(TORTOISE, HARE, WOLF, FOX, LAMB))
    assert HT.when(state, 0, MoveAnimal(FOX)) == [AnimalMoved(animal=FOX, start=2, end=4), TurnPassed(seat=1)]
    # and an animal that only passes over its own token gets nothing either
    state = moving({FOX: 3, HARE: 3, LAMB: 2}, at(FOX, 2), tokens=(HARE, FOX, WOLF, TORTOISE, LAMB))
    assert HT.when(state, 0, MoveAnimal(FOX))[0:1] == [AnimalMoved(animal=FOX, start=2, end=5)]
    assert ht.view(state, None)["variant"] == "turbo"
