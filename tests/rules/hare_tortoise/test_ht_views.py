"""§9 hidden information: views and redacted events, zone by zone."""

from __future__ import annotations

import json

import service.rules.hare_tortoise as ht
from service.rules.hare_tortoise.messages import CardsDrawn, CardsPlayed, PlayCards, RaceSetUp, SecondBetChosen
from service.rules.hare_tortoise.state import State
from tests.rules.hare_tortoise.ht_support import (
    FOX,
    HARE,
    HT,
    F,
    H,
    L,
    T,
    W,
    at,
    on_podium,
    on_table,
    race_set_up,
    streams_at,
)

HANDS = {0: [H(1), H(2), T(1), F(1), L(1), W(4)], 1: [H(3), T(2), T(3), F(2), L(2), L(3)]}


def table_state() -> State:
    return HT.given(
        race_set_up(seats=3, hands=HANDS, second_bets={0: F(9), 1: T(9), 2: L(9)}, streams=streams_at(3, 8)),
        at(HARE, 4),
        on_podium(FOX, 1),
        on_table(2, W(1), W(5)),
        seats=3,
    )


def test_views_hand_and_bets_own_only_counts_for_others() -> None:
    state = table_state()
    for seat in range(3):
        seen = ht.view(state, seat)
        assert seen["hand"] == list(state.hands[seat]) and seen["bets"] == list(state.bets[seat])
        text = json.dumps(seen)
        for other in range(3):
            if other != seat:
                assert not any(c in text for c in (*state.hands[other], *state.bets[other]))
        assert seen["hand_sizes"] == [6, 6, 6] and seen["bet_counts"] == [2, 2, 2]
    spectator = ht.view(state, None)
    assert "hand" not in spectator and "bets" not in spectator
    text = json.dumps(spectator)
    assert not any(c in text for h in state.hands for c in h)
    assert not any(c in text for b in state.bets for c in b)


def test_views_deck_shows_only_its_size() -> None:
    state = table_state()
    for viewer in (None, 0, 1, 2):
        seen = ht.view(state, viewer)
        assert seen["deck_size"] == len(state.deck)
        assert not any(c in json.dumps(seen) for c in state.deck)


def test_views_table_track_podium_and_first_player_are_public_and_alike() -> None:
    state = table_state()
    public = {k: v for k, v in ht.view(state, None).items()}
    for seat in range(3):
        mine = ht.view(state, seat)
        assert {k: v for k, v in mine.items() if k not in ("seat", "hand", "bets")} == public
    assert public["played"] == [[], [], [W(1), W(5)]] and public["howl"] is True
    assert public["streams"] == [3, 8] and public["positions"]["HARE"] == 4
    assert public["podium"] == [{"animal": "FOX", "place": 1}] and public["first_player"] == 0
    assert public["counts"]["WOLF"] == 2 and public["total"] == 2


def test_views_do_not_depend_on_what_the_viewer_cannot_see() -> None:
    a = HT.given(race_set_up(seats=3, hands=HANDS), seats=3)
    b = HT.given(race_set_up(seats=3, hands={**HANDS, 1: [H(4), T(4), T(5), F(3), L(4), L(5)]}), seats=3)
    assert ht.view(a, 2) == ht.view(b, 2) and ht.view(a, None) == ht.view(b, None)
    assert ht.view(a, 1) != ht.view(b, 1)


def test_redact_setup_hides_other_hands_bets_and_the_box_from_everyone() -> None:
    set_up = race_set_up(seats=3, hands=HANDS)[0]
    assert isinstance(set_up, RaceSetUp)
    for viewer in (None, 0, 1, 2):
        seen = ht.redact(set_up, viewer)
        assert isinstance(seen, RaceSetUp)
        assert seen.boxed_bets == ("?",) * len(set_up.boxed_bets)
        for seat in range(3):
            shown = seat == viewer
            assert (seen.hands[seat] == set_up.hands[seat]) is shown
            assert (seen.starting_bets[seat] == set_up.starting_bets[seat]) is shown
            assert len(seen.hands[seat]) == len(set_up.hands[seat])
        assert (seen.streams, seen.first_player) == (set_up.streams, set_up.first_player)


def test_redact_draws_and_second_bets_only_for_their_owner_plays_for_all() -> None:
    state = table_state()
    events = HT.when(state, 0, PlayCards((H(1), H(2))))
    played, drawn = events[0], events[1]
    assert isinstance(played, CardsPlayed) and isinstance(drawn, CardsDrawn)
    for viewer in (None, 1, 2):
        assert ht.redact(played, viewer) == played
        assert ht.redact(drawn, viewer) == CardsDrawn(seat=0, cards=("?", "?"))
        assert ht.redact(SecondBetChosen(seat=0, card=F(9)), viewer) == SecondBetChosen(seat=0, card="?")
    assert ht.redact(drawn, 0) == drawn
    after = HT.then(state, events)
    assert ht.view(after, 1)["hand_sizes"] == [6, 6, 6]
