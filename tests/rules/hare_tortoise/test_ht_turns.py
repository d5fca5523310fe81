"""§4-5 turns: playing cards, refill, trigger (HT-10..16, HT-20, HT-21, HT-44; HT-T02, T14, T18)."""

from __future__ import annotations

from dataclasses import replace

import service.rules.hare_tortoise as ht
from service.rules.hare_tortoise.messages import (
    AnimalMoved,
    CardsDrawn,
    CardsPlayed,
    DiscardReshuffled,
    PlayCards,
    RacingPhaseStarted,
    RoundEnded,
    TurnPassed,
)
from service.rules.hare_tortoise.reasons import Reason
from service.rules.hare_tortoise.state import Phase
from tests.rules.hare_tortoise.ht_support import (
    FOX,
    HARE,
    HT,
    LAMB,
    TORTOISE,
    F,
    H,
    L,
    T,
    W,
    on_podium,
    on_table,
    race_set_up,
    racing,
    streams_at,
)

HANDS = {0: [H(1), H(2), H(3), H(4), H(5), T(1)], 1: [T(2), T(3), F(1), F(2), L(1), L(2)]}


def test_HT_10_play_one_to_four_cards_passing_is_impossible() -> None:
    state = HT.given(race_set_up(hands=HANDS))
    HT.refused(state, 0, PlayCards(()), Reason.CARD_COUNT)
    HT.refused(state, 0, PlayCards((H(1), H(2), H(3), H(4), H(5))), Reason.CARD_COUNT)
    for k in range(1, 5):
        cards = tuple(H(i) for i in range(1, k + 1))
        assert HT.when(state, 0, PlayCards(cards))[0] == CardsPlayed(seat=0, cards=cards)
    legal = ht.legal_commands(state, 0)
    assert legal and all(isinstance(c, PlayCards) and 1 <= len(c.cards) <= 4 for c in legal)


def test_HT_11_all_cards_of_one_turn_show_the_same_animal() -> None:
    state = HT.given(race_set_up(hands=HANDS))
    HT.refused(state, 0, PlayCards((H(1), T(1))), Reason.MIXED_ANIMALS)
    # different turns may use different animals
    state = HT.then(state, HT.when(state, 0, PlayCards((H(1),))))
    assert state.turn == 1
    assert HT.when(state, 1, PlayCards((T(2), T(3))))[0] == CardsPlayed(seat=1, cards=(T(2), T(3)))


def test_HT_12_played_cards_stay_in_front_of_their_player_with_public_counts() -> None:
    state = HT.given(race_set_up(hands=HANDS), on_table(1, F(5), F(6)))
    state = HT.then(state, HT.when(state, 0, PlayCards((H(2), H(1)))))
    assert state.played == ((H(1), H(2)), (F(5), F(6)))
    for viewer in (None, 0, 1):
        seen = ht.view(state, viewer)
        assert seen["played"] == [[H(1), H(2)], [F(5), F(6)]]
        assert seen["counts"] == {"HARE": 2, "TORTOISE": 0, "WOLF": 0, "FOX": 2, "LAMB": 0}
        assert seen["total"] == 4


def test_HT_13_total_never_exceeds_eight_nor_four_of_one_animal() -> None:
    state = HT.given(race_set_up(hands=HANDS), on_table(1, T(5), T(6), L(5), L(6), F(5), F(6)))
    assert "you may play at most 2" in HT.refused(state, 0, PlayCards((H(1), H(2), H(3))), Reason.TABLE_FULL)
    assert HT.when(state, 0, PlayCards((H(1), H(2))))[0] == CardsPlayed(seat=0, cards=(H(1), H(2)))
    state = HT.given(race_set_up(hands=HANDS), on_table(1, H(6), H(7), H(8)))
    assert "you may play at most 1 HARE" in HT.refused(state, 0, PlayCards((H(1), H(2))), Reason.ANIMAL_FULL)
    # legal iff 1 <= k <= 4, one animal, total + k <= 8 and count + k <= 4
    plays = {c.cards for c in ht.legal_commands(state, 0) if isinstance(c, PlayCards)}
    assert plays == {(H(1),), (H(2),), (H(3),), (H(4),), (H(5),), (T(1),)}


def test_HT_14_cards_of_a_podium_animal_may_be_played_and_do_not_move_it() -> None:
    state = HT.given(
        race_set_up(hands={0: [F(1), H(1)]}),
        on_podium(FOX, 1),
        on_table(1, F(2), F(3), F(4)),
    )
    assert racing(HT.when(state, 0, PlayCards((F(1),)))) == [
        RacingPhaseStarted(counts=(0, 0, 0, 4, 0), howl=False),
        AnimalMoved(animal=TORTOISE, start=0, end=1),
        RoundEnded(first_player=1),
    ]


def test_HT_never_stuck_any_single_card_is_playable_at_the_start_of_a_turn() -> None:
    # the fullest table a turn can start with: 7 cards, three of one animal
    state = HT.given(
        race_set_up(hands={0: [H(1), H(2), T(1), F(1), L(1), W(4)]}),
        on_table(1, H(5), H(6), H(7), T(5), T(6), T(7), F(5)),
    )
    assert state.total() == 7 and max(state.counts()) == 3
    singles = {c.cards for c in ht.legal_commands(state, 0) if isinstance(c, PlayCards) and len(c.cards) == 1}
    assert singles == {(card,) for card in state.hands[0]}


def test_HT_15_refill_to_six_from_the_deck() -> None:
    state = HT.given(race_set_up(hands=HANDS))
    events = HT.when(state, 0, PlayCards((H(1), H(2), H(3))))
    assert events[0] == CardsPlayed(seat=0, cards=(H(1), H(2), H(3)))
    drawn = events[1]
    assert isinstance(drawn, CardsDrawn) and drawn.seat == 0
    assert len(drawn.cards) == 3 and set(drawn.cards) <= set(state.deck)
    assert events[2:] == [TurnPassed(seat=1)]
    after = HT.then(state, events)
    assert len(after.hands[0]) == 6 and len(after.deck) == len(state.deck) - 3


def test_HT_16_empty_deck_takes_the_reshuffled_discard_pile() -> None:
    base = HT.given(race_set_up(hands=HANDS))
    # the deck ran dry in earlier rounds: 10 cards lie in the discard pile (the others are out of this test)
    state = replace(base, deck=(), discard=tuple(sorted(base.deck[:10])))
    events = HT.when(state, 0, PlayCards((H(1), H(2))))
    assert events[:2] == [CardsPlayed(seat=0, cards=(H(1), H(2))), DiscardReshuffled(cards=10)]
    drawn = events[2]
    assert isinstance(drawn, CardsDrawn) and len(drawn.cards) == 2 and set(drawn.cards) <= set(state.discard)
    after = HT.then(state, events)
    assert after.discard == () and len(after.deck) == 8 and len(after.hands[0]) == 6
    assert ht.view(after, None)["deck_size"] == 8


def test_HT_T18_deck_empties_mid_refill_discard_of_ten_reshuffled_and_drawing_continues() -> None:
    base = HT.given(race_set_up(hands=HANDS))
    last, discard = base.deck[0], tuple(sorted(base.deck[1:11]))
    state = replace(base, deck=(last,), discard=discard)
    events = HT.when(state, 0, PlayCards((H(1), H(2), H(3))))
    assert events[:3] == [
        CardsPlayed(seat=0, cards=(H(1), H(2), H(3))),
        CardsDrawn(seat=0, cards=(last,)),
        DiscardReshuffled(cards=10),
    ]
    drawn = events[3]
    assert isinstance(drawn, CardsDrawn) and len(drawn.cards) == 2 and set(drawn.cards) <= set(discard)
    assert events[4:] == [TurnPassed(seat=1)]
    after = HT.then(state, events)
    assert len(after.hands[0]) == 6 and after.discard == ()
    assert sorted((*after.deck, *drawn.cards)) == sorted(discard)
    # the secret new order is never shown, only the count
    assert ht.redact(events[2], None) == DiscardReshuffled(cards=10)


def test_HT_20_racing_phase_starts_at_eight_cards_or_four_of_one_animal() -> None:
    # eight in all, no animal at four
    state = HT.given(race_set_up(hands=HANDS), on_table(1, T(5), T(6), L(5), L(6), F(5), F(6)))
    events = HT.when(state, 0, PlayCards((H(1), H(2))))
    assert [type(e) for e in events[:3]] == [CardsPlayed, CardsDrawn, RacingPhaseStarted]
    assert events[2] == RacingPhaseStarted(counts=(2, 2, 0, 2, 2), howl=False)
    # four of one animal, from several players and turns
    state = HT.given(race_set_up(hands=HANDS), on_table(1, H(6)), on_table(0, H(7), H(8)))
    events = HT.when(state, 0, PlayCards((H(1),)))
    assert events[2] == RacingPhaseStarted(counts=(4, 0, 0, 0, 0), howl=False)
    # otherwise play passes clockwise
    assert HT.when(state, 0, PlayCards((T(1),)))[-1] == TurnPassed(seat=1)
    three = HT.given(race_set_up(seats=3, first=2, hands={2: [H(1)]}), seats=3)
    assert HT.when(three, 2, PlayCards((H(1),)))[-1] == TurnPassed(seat=0)


def test_HT_21_no_further_turn_in_a_triggered_round() -> None:
    state = HT.given(
        race_set_up(seats=3, hands={1: [T(1), T(2)]}),
        on_table(0, H(5)),
        on_table(1, F(5)),
        on_table(2, L(5)),
        on_table(0, T(5), T(6)),
        TurnPassed(seat=1),
        seats=3,
    )
    events = HT.when(state, 1, PlayCards((T(1), T(2))))
    # the trigger is checked only after the refill, and the round ends in the same decision
    assert [type(e) for e in events[:3]] == [CardsPlayed, CardsDrawn, RacingPhaseStarted]
    assert events[-1] == RoundEnded(first_player=1)
    after = HT.then(state, events)
    assert after.turn == 1 and after.played == ((), (), ()) and after.phase is Phase.PLAY


def test_HT_T02_seed_turn_sequence_three_players_fotis_first() -> None:
    fotis, second, third = 0, 1, 2
    state = HT.given(
        race_set_up(
            seats=3,
            hands={fotis: [H(1), T(1), T(2)], second: [F(1), T(3), T(4)], third: [L(1)]},
            streams=streams_at(5, 9),
        ),
        seats=3,
    )
    for seat, cards, total in [
        (fotis, (H(1),), 1),
        (second, (F(1),), 2),
        (third, (L(1),), 3),
        (fotis, (T(1), T(2)), 5),
    ]:
        events = HT.when(state, seat, PlayCards(cards))
        assert events[-1] == TurnPassed(seat=(seat + 1) % 3)
        state = HT.then(state, events)
        assert state.total() == total
    events = HT.when(state, second, PlayCards((T(3), T(4))))
    assert racing(events) == [
        RacingPhaseStarted(counts=(1, 4, 0, 1, 1), howl=False),
        AnimalMoved(animal=HARE, start=0, end=2),
        AnimalMoved(animal=TORTOISE, start=0, end=2),
        AnimalMoved(animal=FOX, start=0, end=1),
        AnimalMoved(animal=LAMB, start=0, end=2),
        RoundEnded(first_player=1),
    ]
    # Fotis gets no third turn: the next round starts with the next first player
    assert HT.then(state, events).turn == 1


def test_HT_T02_lamb_stops_on_the_first_stream_of_tiles_one_and_two() -> None:
    state = HT.given(
        race_set_up(seats=3, hands={0: [T(1), T(2)], 2: [L(1)]}, streams=streams_at(1, 7)),
        on_table(0, H(5)),
        on_table(1, F(5)),
        on_table(2, L(5)),
        on_table(1, T(5), T(6)),
        seats=3,
    )
    events = racing(HT.when(state, 0, PlayCards((T(1), T(2)))))
    assert AnimalMoved(animal=LAMB, start=0, end=1, note="stream") in events


def test_HT_T14_table_of_six_refuses_three_cards_and_two_lambs_refuse_three_more() -> None:
    hands = {0: [L(1), L(2), L(3), H(1), H(2), H(3)]}
    state = HT.given(race_set_up(hands=hands), on_table(1, T(5), T(6), F(5), F(6), W(5), W(6)))
    assert state.total() == 6
    HT.refused(state, 0, PlayCards((H(1), H(2), H(3))), Reason.TABLE_FULL)
    state = HT.given(race_set_up(hands=hands), on_table(1, L(5), L(6)))
    assert state.counts()[4] == 2
    HT.refused(state, 0, PlayCards((L(1), L(2), L(3))), Reason.ANIMAL_FULL)


def test_HT_44_bet_cards_are_never_played_and_stay_hidden_until_the_end() -> None:
    state = HT.given(race_set_up(hands=HANDS, second_bets={0: H(9)}))
    assert state.bets[0] == ("B-HARE", "B-TORT", H(9))
    HT.refused(state, 0, PlayCards((H(9),)), Reason.NOT_IN_HAND)
    HT.refused(state, 0, PlayCards(("B-HARE",)), Reason.NOT_IN_HAND)
    assert all(H(9) not in c.cards for c in ht.legal_commands(state, 0) if isinstance(c, PlayCards))
    # a whole round later the bets are where they were
    state = HT.then(state, [*on_table(1, T(5), T(6), T(7))])
    state = HT.then(state, HT.when(state, 0, PlayCards((T(1),))))
    assert state.bets[0] == ("B-HARE", "B-TORT", H(9))
    assert ht.view(state, 1)["bet_counts"] == [3, 3]
    assert "bets" not in ht.view(state, None) and ht.view(state, 1)["bets"] == list(state.bets[1])
