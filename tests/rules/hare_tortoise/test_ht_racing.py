"""§5 Racing phase: movement and finishing (HT-30..36, HT-40..43; HT-T03..T13)."""

from __future__ import annotations

import pytest

import service.rules.hare_tortoise as ht
from service.rules.hare_tortoise.data import ANIMALS, Animal
from service.rules.hare_tortoise.messages import (
    AnimalFinished,
    AnimalMoved,
    GameFinished,
    PlayCards,
    RaceFinished,
    RacingPhaseStarted,
    RoundEnded,
    TurnPassed,
)
from service.rules.hare_tortoise.state import Phase
from tests.rules.hare_tortoise.ht_support import (
    FOX,
    HARE,
    HT,
    LAMB,
    TORTOISE,
    WOLF,
    F,
    H,
    L,
    T,
    W,
    at,
    moves,
    on_podium,
    on_table,
    phase_after,
    race_set_up,
    streams_at,
)


def test_HT_30_animals_move_in_the_order_hare_tortoise_wolf_fox_lamb() -> None:
    events = phase_after({HARE: 1, TORTOISE: 2, WOLF: 1, FOX: 2, LAMB: 2})
    assert events == [
        RacingPhaseStarted(counts=(1, 2, 1, 2, 2), howl=False),
        AnimalMoved(animal=HARE, start=0, end=2),
        AnimalMoved(animal=TORTOISE, start=0, end=1),
        AnimalMoved(animal=WOLF, start=0, end=1),
        AnimalMoved(animal=FOX, start=0, end=2),
        AnimalMoved(animal=LAMB, start=0, end=3),
        RoundEnded(first_player=1),
    ]


def test_HT_30_animals_on_the_podium_are_skipped() -> None:
    events = phase_after({HARE: 1, TORTOISE: 2, WOLF: 1, FOX: 2, LAMB: 2}, on_podium(WOLF, 1), on_podium(TORTOISE, 2))
    assert [e.animal for e in events if isinstance(e, AnimalMoved)] == [HARE, FOX, LAMB]


MOVEMENT_TABLE = [
    (HARE, [0, 2, 2, 2, 2]),
    (TORTOISE, [1, 1, 1, 1, 2]),
    (WOLF, [0, 1, 1, 2, 3]),
    (FOX, [0, 1, 2, 3, 4]),
    (LAMB, [0, 2, 3, 4, 5]),
]


@pytest.mark.parametrize(
    ("animal", "n", "tiles"),
    [(animal, n, row[n]) for animal, row in MOVEMENT_TABLE for n in range(5)],
    ids=[f"{animal}-{n}" for animal, row in MOVEMENT_TABLE for n in range(5)],
)
def test_HT_31_movement_table(animal: Animal, n: int, tiles: int) -> None:
    # fill the table to eight with two cards of each other animal (none reaches four)
    counts = {animal: n}
    others = [a for a in ANIMALS if a is not animal]
    for a in others * 2:
        if sum(counts.values()) < 8 and n < 4:
            counts[a] = counts.get(a, 0) + 1
    events = phase_after(counts)
    got = moves(events).get(animal)
    assert (got[1] - got[0] if got else 0) == tiles


@pytest.mark.parametrize(("hare", "others", "moved"), [(5, 5, 0), (5, 6, 2), (0, 0, 2), (3, 2, 0)])
def test_HT_32_hare_naps_with_four_cards_when_first_unless_on_the_start_line(
    hare: int, others: int, moved: int
) -> None:
    events = phase_after({HARE: 4}, at(HARE, hare), at(FOX, others), at(LAMB, min(others, 1)))
    assert moves(events)[HARE] == (hare, hare + moved, None if moved else "nap")


def test_HT_32_podium_animals_do_not_count_for_first_place() -> None:
    events = phase_after({HARE: 4}, at(HARE, 8), at(FOX, 3), on_podium(WOLF, 1))
    assert moves(events)[HARE] == (8, 8, "nap")


def test_HT_33_howl_moves_only_the_wolf() -> None:
    events = phase_after({HARE: 2, TORTOISE: 1, WOLF: 4, LAMB: 1}, howl=1)
    assert events == [
        RacingPhaseStarted(counts=(2, 1, 4, 0, 1), howl=True),
        AnimalMoved(animal=HARE, start=0, end=0, note="howl"),
        AnimalMoved(animal=TORTOISE, start=0, end=0, note="howl"),
        AnimalMoved(animal=WOLF, start=0, end=3),
        AnimalMoved(animal=LAMB, start=0, end=0, note="howl"),
        RoundEnded(first_player=1),
    ]


def test_HT_34_lamb_stops_on_a_stream_it_enters_but_leaves_one_it_starts_on() -> None:
    assert moves(phase_after({LAMB: 4}, streams=streams_at(3, 9)))[LAMB] == (0, 3, "stream")
    assert moves(phase_after({LAMB: 4}, at(LAMB, 3), streams=streams_at(3, 9)))[LAMB] == (3, 8, None)
    # other animals ignore streams
    assert moves(phase_after({FOX: 4}, streams=streams_at(1, 2)))[FOX] == (0, 4, None)


def test_HT_35_animals_share_tiles_without_blocking() -> None:
    events = phase_after({HARE: 2, TORTOISE: 2, WOLF: 2, FOX: 2}, at(FOX, 2), at(TORTOISE, 3))
    moved = moves(events)
    assert moved[HARE] == (0, 2, None)  # onto the Fox's tile
    assert moved[TORTOISE] == (3, 4, None)
    assert moved[WOLF] == (0, 1, None)
    assert moved[FOX] == (2, 4, None)  # past tile 3 and onto the Tortoise's tile 4


def test_HT_36_movement_is_tile_by_tile() -> None:
    # the Lamb stops on the first of two streams; the Fox finishes from tile 10 with surplus movement
    assert moves(phase_after({LAMB: 4}, at(LAMB, 2), streams=streams_at(4, 5)))[LAMB] == (2, 4, "stream")
    events = phase_after({FOX: 4}, at(FOX, 10))
    assert moves(events)[FOX] == (10, 12, None)


def test_HT_40_crossing_the_finish_takes_the_highest_free_place_surplus_ignored() -> None:
    events = phase_after({FOX: 4}, at(FOX, 9), on_podium(WOLF, 1))
    assert events[2:4] == [AnimalMoved(animal=FOX, start=9, end=12), AnimalFinished(animal=FOX, place=2)]
    state = HT.given(race_set_up(), on_podium(WOLF, 1), at(FOX, 9))
    state = HT.then(state, [AnimalMoved(animal=FOX, start=9, end=12), AnimalFinished(animal=FOX, place=2)])
    assert ht.view(state, None)["podium"] == [{"animal": "WOLF", "place": 1}, {"animal": "FOX", "place": 2}]


def test_HT_41_third_place_ends_the_race_at_once_later_animals_do_not_move() -> None:
    events = phase_after(
        {WOLF: 2, FOX: 3, LAMB: 3}, on_podium(HARE, 1), on_podium(TORTOISE, 2), at(WOLF, 11), at(FOX, 11)
    )
    assert events[:3] == [
        RacingPhaseStarted(counts=(0, 0, 2, 3, 3), howl=False),
        AnimalMoved(animal=WOLF, start=11, end=12),
        AnimalFinished(animal=WOLF, place=3),
    ]
    assert [type(e) for e in events[3:]] == [RaceFinished, GameFinished]


def test_HT_42_played_cards_go_face_up_to_the_discard_pile() -> None:
    state = HT.given(race_set_up(hands={0: [F(1)]}), on_table(1, H(1), H(2), T(1)), on_table(0, L(1), L(2), W(4), W(5)))
    after = HT.then(state, HT.when(state, 0, PlayCards((F(1),))))
    assert after.played == ((), ())
    assert after.discard == tuple(sorted([H(1), H(2), T(1), L(1), L(2), W(4), W(5), F(1)]))
    assert ht.view(after, None)["discard"] == list(after.discard)


def test_HT_43_first_player_marker_passes_one_seat_clockwise_not_after_the_trigger() -> None:
    # three players, seat 1 started the round, seat 0 triggers: seat 2 starts the next one
    state = HT.given(
        race_set_up(seats=3, first=1, hands={0: [F(1)]}),
        on_table(1, H(1), H(2)),
        on_table(2, T(1), T(2)),
        on_table(0, L(1), L(2), W(4)),
        TurnPassed(seat=0),
        seats=3,
    )
    events = HT.when(state, 0, PlayCards((F(1),)))
    assert events[-1] == RoundEnded(first_player=2)
    after = HT.then(state, events)
    assert (after.first_player, after.turn, ht.status(after).to_act) == (2, 2, (2,))
    assert ht.view(after, None)["first_player"] == 2


# --- worked examples -----------------------------------------------------------------------
def test_HT_T03_four_hares_hare_first_on_tile_5_naps_tortoise_still_moves() -> None:
    events = phase_after({HARE: 4}, at(HARE, 5), at(TORTOISE, 3), at(WOLF, 5), at(FOX, 2), at(LAMB, 4))
    assert events == [
        RacingPhaseStarted(counts=(4, 0, 0, 0, 0), howl=False),
        AnimalMoved(animal=HARE, start=5, end=5, note="nap"),
        AnimalMoved(animal=TORTOISE, start=3, end=4),
        RoundEnded(first_player=1),
    ]


def test_HT_T04_all_on_the_start_line_four_hares_move_two() -> None:
    events = phase_after({HARE: 4})
    assert moves(events) == {HARE: (0, 2, None), TORTOISE: (0, 1, None)}


def test_HT_T05_hare_tied_first_with_the_fox_naps() -> None:
    events = phase_after({HARE: 4}, at(HARE, 6), at(FOX, 6), at(TORTOISE, 2), at(WOLF, 5), at(LAMB, 1))
    assert moves(events)[HARE] == (6, 6, "nap")


def test_HT_T06_hare_behind_the_fox_moves_two() -> None:
    events = phase_after({HARE: 4}, at(HARE, 4), at(FOX, 7))
    assert moves(events)[HARE] == (4, 6, None)


@pytest.mark.parametrize(
    ("counts", "tiles"),
    [({HARE: 3, FOX: 3, LAMB: 2}, 1), ({TORTOISE: 3, HARE: 3, FOX: 2}, 1), ({TORTOISE: 4}, 2)],
    ids=["0-cards", "3-cards", "4-cards"],
)
def test_HT_T07_tortoise_moves_one_with_zero_or_three_cards_two_with_four(
    counts: dict[Animal, int], tiles: int
) -> None:
    assert moves(phase_after(counts))[TORTOISE] == (0, tiles, None)


@pytest.mark.parametrize(
    ("counts", "tiles"),
    [
        ({WOLF: 1, HARE: 3, FOX: 3, LAMB: 1}, 1),
        ({WOLF: 2, HARE: 3, FOX: 3}, 1),
        ({WOLF: 3, HARE: 3, FOX: 2}, 2),
        ({WOLF: 4}, 3),
    ],
    ids=["1-card", "2-cards", "3-cards", "4-cards"],
)
def test_HT_T08_wolf_moves_1_1_2_3(counts: dict[Animal, int], tiles: int) -> None:
    assert moves(phase_after(counts))[WOLF] == (0, tiles, None)


def test_HT_T09_one_howl_among_two_wolves_only_the_wolf_moves_one() -> None:
    events = phase_after({TORTOISE: 3, WOLF: 2, FOX: 3}, howl=1)
    assert events == [
        RacingPhaseStarted(counts=(0, 3, 2, 3, 0), howl=True),
        AnimalMoved(animal=TORTOISE, start=0, end=0, note="howl"),
        AnimalMoved(animal=WOLF, start=0, end=1),
        AnimalMoved(animal=FOX, start=0, end=0, note="howl"),
        RoundEnded(first_player=1),
    ]


def test_HT_T10_howl_with_the_wolf_on_the_podium_moves_nobody() -> None:
    events = phase_after({HARE: 2, TORTOISE: 2, WOLF: 2, FOX: 2}, on_podium(WOLF, 1), at(FOX, 3), howl=1)
    assert events[0] == RacingPhaseStarted(counts=(2, 2, 2, 2, 0), howl=True)
    assert all(e.start == e.end and e.note == "howl" for e in events if isinstance(e, AnimalMoved))
    assert events[-1] == RoundEnded(first_player=1)


def test_HT_T11_lamb_stops_on_the_stream_it_enters_and_leaves_the_one_it_starts_on() -> None:
    events = phase_after({LAMB: 3, HARE: 3, FOX: 2}, at(LAMB, 2), streams=streams_at(4, 9))
    assert moves(events)[LAMB] == (2, 4, "stream")
    events = phase_after({LAMB: 1, HARE: 3, FOX: 3, TORTOISE: 1}, at(LAMB, 4), streams=streams_at(4, 9))
    assert moves(events)[LAMB] == (4, 6, None)


def test_HT_T12_hare_resolved_first_takes_first_place_fox_second() -> None:
    events = phase_after(
        {HARE: 2, WOLF: 2, FOX: 2, LAMB: 2},
        at(HARE, 10),
        at(FOX, 11),
        at(TORTOISE, 9),
        streams=streams_at(5, 9),
    )
    assert events == [
        RacingPhaseStarted(counts=(2, 0, 2, 2, 2), howl=False),
        AnimalMoved(animal=HARE, start=10, end=12),
        AnimalFinished(animal=HARE, place=1),
        AnimalMoved(animal=TORTOISE, start=9, end=10),
        AnimalMoved(animal=WOLF, start=0, end=1),
        AnimalMoved(animal=FOX, start=11, end=12),
        AnimalFinished(animal=FOX, place=2),
        AnimalMoved(animal=LAMB, start=0, end=3),
        RoundEnded(first_player=1),
    ]


def test_HT_T13_tortoise_takes_third_place_and_the_game_ends_before_the_others_move() -> None:
    events = phase_after(
        {HARE: 1, WOLF: 3, FOX: 2, LAMB: 2},
        on_podium(FOX, 1),
        on_podium(LAMB, 2),
        at(HARE, 3),
        at(TORTOISE, 11),
        second_bets={0: F(9), 1: L(9)},
    )
    # seat 0: B-HARE 0 + B-TORT 2 + FOX 5; seat 1: B-WOLF 0 + B-FOX 5 + LAMB 3
    assert events == [
        RacingPhaseStarted(counts=(1, 0, 3, 2, 2), howl=False),
        AnimalMoved(animal=HARE, start=3, end=5),
        AnimalMoved(animal=TORTOISE, start=11, end=12),
        AnimalFinished(animal=TORTOISE, place=3),
        RaceFinished(race=1, bets=(("B-HARE", "B-TORT", F(9)), ("B-FOX", "B-WOLF", L(9))), scores=(7, 8)),
        GameFinished(totals=(7, 8), winners=(1,)),
    ]
    state = HT.given(race_set_up(second_bets={0: F(9), 1: L(9)}))
    assert HT.then(state, events).phase is Phase.FINISHED
