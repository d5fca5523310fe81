"""§2 components and §3 setup (HT-S1..S5, HT-T17)."""

from __future__ import annotations

from collections import Counter

import pytest

import service.rules.hare_tortoise as ht
from service.rules.core import InvalidOptions
from service.rules.hare_tortoise.data import (
    ANIMALS,
    BET_CARDS,
    CARD_ANIMAL,
    FULL_DECK,
    HOWL_CARDS,
    TURBO_DECK,
)
from service.rules.hare_tortoise.messages import CardsPlayed, ChooseSecondBet, PlayCards, RaceSetUp, SecondBetChosen
from service.rules.hare_tortoise.reasons import Reason
from service.rules.hare_tortoise.state import Phase, State
from tests.rules.hare_tortoise.ht_support import (
    FOX,
    HARE,
    HT,
    LAMB,
    TORTOISE,
    WOLF,
    F,
    H,
    T,
    race_set_up,
)


def set_up(seats: int, seed: bytes = b"setup", **options: object) -> tuple[RaceSetUp, State]:
    state, events = HT.dealt(seats, seed, **options)
    assert len(events) == 1 and isinstance(events[0], RaceSetUp)
    return events[0], state


# --- §2 components ---------------------------------------------------------------------------
def test_components_racing_deck_has_81_cards() -> None:
    assert len(FULL_DECK) == 81 == len(set(FULL_DECK))


def test_components_per_animal_counts() -> None:
    counts = Counter(CARD_ANIMAL[c] for c in FULL_DECK)
    assert counts == {HARE: 18, TORTOISE: 17, WOLF: 16, FOX: 15, LAMB: 15}


def test_components_exactly_three_howl_cards_all_wolves() -> None:
    assert {"R-WOLF-01", "R-WOLF-02", "R-WOLF-03"} == HOWL_CARDS
    assert set(FULL_DECK) >= HOWL_CARDS


def test_components_five_bet_cards_with_distinct_animals() -> None:
    assert len(BET_CARDS) == 5
    assert sorted(CARD_ANIMAL[b] for b in BET_CARDS) == sorted(ANIMALS)


def test_components_turbo_deck_has_65_cards_13_per_animal_no_howl() -> None:
    assert len(TURBO_DECK) == 65 == len(set(TURBO_DECK))
    assert set(Counter(CARD_ANIMAL[c] for c in TURBO_DECK).values()) == {13}
    assert not HOWL_CARDS & set(TURBO_DECK)
    assert set(TURBO_DECK) <= set(FULL_DECK)


# --- §3 setup ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("seats", "each", "boxed"), [(2, 2, 1), (3, 1, 2), (4, 1, 1), (5, 1, 0)])
def test_HT_S1_starting_bets_dealt_per_player_count_rest_boxed_unseen(seats: int, each: int, boxed: int) -> None:
    setup, state = set_up(seats)
    assert [len(b) for b in setup.starting_bets] == [each] * seats
    assert len(setup.boxed_bets) == boxed
    assert sorted([*(b for bets in setup.starting_bets for b in bets), *setup.boxed_bets]) == sorted(BET_CARDS)
    # the box is seen by nobody: not in any redacted setup event, not in any view
    for viewer in (None, *range(seats)):
        seen = ht.redact(setup, viewer)
        assert isinstance(seen, RaceSetUp)
        assert not set(setup.boxed_bets) & {c for bets in seen.starting_bets for c in bets}
        assert not set(setup.boxed_bets) & set(seen.boxed_bets)
        assert not any(b in str(ht.view(state, viewer)) for b in setup.boxed_bets)
    # each owner sees their own starting bets, nobody else's
    for seat in range(seats):
        assert ht.view(state, seat)["bets"] == list(setup.starting_bets[seat])
        seen = ht.redact(setup, seat)
        assert isinstance(seen, RaceSetUp)
        assert seen.starting_bets[seat] == setup.starting_bets[seat]
        assert all(set(b) == {"?"} for i, b in enumerate(seen.starting_bets) if i != seat)


def test_HT_S2_track_of_eleven_tiles_with_exactly_two_streams_shuffled() -> None:
    layouts = set()
    for i in range(12):
        setup, state = set_up(3, seed=b"track%d" % i)
        assert len(setup.streams) == 11 and sum(setup.streams) == 2
        assert ht.view(state, None)["streams"] == [t for t in range(1, 12) if setup.streams[t - 1]]
        layouts.add(setup.streams)
    assert len(layouts) > 1, "the track is shuffled"


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_HT_S3_seven_cards_dealt_each_keeps_one_as_second_bet(seats: int) -> None:
    setup, state = set_up(seats)
    assert state.phase is Phase.SECOND_BET
    assert [len(h) for h in setup.hands] == [7] * seats
    assert len(state.deck) == 81 - 7 * seats
    for seat in range(seats):
        card = setup.hands[seat][0]
        assert HT.when(state, seat, ChooseSecondBet(card)) == [SecondBetChosen(seat=seat, card=card)]
        state = ht.evolve(state, SecondBetChosen(seat=seat, card=card))
        assert len(state.hands[seat]) == 6 and card in state.bets[seat] and card not in state.hands[seat]
        if seat < seats - 1:
            assert state.phase is Phase.SECOND_BET, "the phase ends only when every player chose"
            HT.refused(state, seat, ChooseSecondBet(setup.hands[seat][1]), Reason.ALREADY_CHOSEN)
            HT.refused(state, seats - 1, PlayCards((setup.hands[seats - 1][0],)), Reason.WRONG_PHASE)
    assert state.phase is Phase.PLAY
    HT.refused(state, 0, ChooseSecondBet(state.hands[0][0]), Reason.WRONG_PHASE)
    assert [len(b) for b in state.bets] == [3 if seats == 2 else 2] * seats


def test_HT_S3_second_bet_may_match_the_starting_bet_and_must_be_held() -> None:
    state = HT.given(race_set_up(hands={0: [T(1), H(1)]})[:1])  # setup only: nobody has chosen
    assert state.bets[0] == ("B-HARE", "B-TORT")
    assert HT.when(state, 0, ChooseSecondBet(H(1))) == [SecondBetChosen(seat=0, card=H(1))]
    HT.refused(state, 0, ChooseSecondBet(F(1)), Reason.NOT_IN_HAND)
    HT.refused(state, 0, PlayCards((H(1),)), Reason.WRONG_PHASE)
    # another seat's chosen card stays hidden from the others
    chosen = SecondBetChosen(seat=0, card=H(1))
    assert ht.redact(chosen, 1) == SecondBetChosen(seat=0, card="?")
    assert ht.redact(chosen, None) == SecondBetChosen(seat=0, card="?")
    assert ht.redact(chosen, 0) == chosen


@pytest.mark.parametrize("seats", [2, 5])
def test_HT_S4_all_pawns_start_on_the_starting_line(seats: int) -> None:
    _, state = set_up(seats)
    assert state.positions == (0, 0, 0, 0, 0)
    assert state.podium == ()
    assert ht.view(state, None)["positions"] == {a.value: 0 for a in ANIMALS}


def test_HT_S5_first_player_is_an_option_default_random() -> None:
    for seat in range(4):
        setup, state = set_up(4, first_player=seat)
        assert setup.first_player == seat == state.turn
    firsts = {set_up(4, seed=b"first%d" % i)[0].first_player for i in range(40)}
    assert firsts == {0, 1, 2, 3}
    with pytest.raises(InvalidOptions, match="first_player"):
        set_up(3, first_player=3)


def test_HT_S5_first_player_takes_the_first_turn_after_the_second_bets() -> None:
    state = HT.given(race_set_up(seats=3, first=2, hands={1: [H(1)], 2: [H(2)]}), seats=3)
    assert ht.status(state).to_act == (2,)
    HT.refused(state, 1, PlayCards((H(1),)), Reason.NOT_YOUR_TURN)
    assert HT.when(state, 2, PlayCards((H(2),)))[0] == CardsPlayed(seat=2, cards=(H(2),))


@pytest.mark.parametrize("seats", [2, 3, 4, 5])
def test_HT_T17_invariants_after_setup(seats: int) -> None:
    setup, state = set_up(seats)
    for seat in range(seats):
        state = ht.evolve(state, SecondBetChosen(seat=seat, card=setup.hands[seat][-1]))
    assert [len(h) for h in state.hands] == [6] * seats
    assert len(state.deck) == 81 - 7 * seats
    assert [len(b) for b in state.bets] == [3 if seats == 2 else 2] * seats
    every = [*state.deck, *(c for h in state.hands for c in h), *(c for b in state.bets for c in b if c[0] == "R")]
    assert sorted(every) == sorted(FULL_DECK)


def test_setup_and_decide_are_deterministic_in_the_rng() -> None:
    a, _ = set_up(4, seed=b"same")
    b, _ = set_up(4, seed=b"same")
    assert a == b


def test_automatic_moves_are_refused() -> None:
    state = HT.given(race_set_up())
    HT.refused(state, None, PlayCards((H(1),)), Reason.NO_AUTOMATIC_MOVES)
    assert ht.legal_commands(state, None) == []
