"""Autumn: the pantry (GA-40..43), refill (GA-50, GA-52), the end (GA-70) and scoring (GA-90..92)."""

from __future__ import annotations

from dataclasses import replace

from service.rules import grasshopper_ant as ga
from service.rules.grasshopper_ant.data import CELLS, PathType
from service.rules.grasshopper_ant.messages import (
    EndReason,
    GameFinished,
    GridRefilled,
    MarkersRevealed,
    PantryFilled,
    RoundStarted,
)
from service.rules.grasshopper_ant.scoring import autumn_score, autumn_winners, insect_points, shelf_points
from service.rules.grasshopper_ant.state import Phase, State
from tests.rules.grasshopper_ant.ga_support import events_of, round_to_reveal, set_up

# (1,1) TC-03, (1,2) TL-02, (1,3) ST-02, (2,1) ST-07 (BEE), (2,2) WD-07, (2,3) TL-07: two ST cards, one with an insect.
TWO_ST = frozenset({(1, 1), (1, 2), (1, 3), (2, 1), (2, 2), (2, 3)})


def with_shelves(state: State, seat: int, **positions: int) -> State:
    shelf = tuple(positions.get(t.value, 0) for t in PathType)
    return replace(state, shelves=tuple(shelf if s == seat else state.shelves[s] for s in range(state.seats)))


def with_pile(state: State, seat: int, *cards: str) -> State:
    piles = tuple(cards if s == seat else state.insect_piles[s] for s in range(state.seats))
    return replace(state, insect_piles=piles, deck=tuple(c for c in state.deck if c not in cards))


def test_GA_40_each_card_moves_the_cube_one_position_first_card_places_it() -> None:
    state, events = round_to_reveal(set_up(), "ST", (1, 1), cells=TWO_ST)  # Cicada on TC-03: wrong
    pantry = events_of(events, PantryFilled)[0]
    assert (pantry.seat, pantry.shelf, pantry.position, pantry.lost) == (0, PathType.ST, 2, 0)
    assert state.shelves[0] == (0, 0, 2, 0)


def test_GA_T02_no_cube_yet_three_cards_put_it_on_position_3() -> None:
    state, events = round_to_reveal(set_up(), "TC", (0, 1))
    assert events_of(events, PantryFilled)[0].position == 3
    assert state.shelves[0][0] == 3


def test_GA_A2_cube_example_read_as_no_cube_yet() -> None:
    state, _ = round_to_reveal(set_up(), "TC", (0, 0))  # the Cicada is right this time
    assert state.shelves[1] == (3, 0, 0, 0)


def test_GA_41_cards_past_position_4_are_lost() -> None:
    state = with_shelves(set_up(), 0, TC=2)
    state, events = round_to_reveal(state, "TC", (0, 1))
    pantry = events_of(events, PantryFilled)[0]
    assert (pantry.position, pantry.lost) == (4, 1)
    assert state.shelves[0][0] == 4


def test_GA_T03_cube_on_3_collects_2_one_lost_insect_card_still_kept() -> None:
    state = with_shelves(set_up(), 0, ST=3)
    state, events = round_to_reveal(state, "ST", (1, 1), cells=TWO_ST)
    pantry = events_of(events, PantryFilled)[0]
    assert pantry.cards == ("ST-02", "ST-07")
    assert (pantry.position, pantry.lost) == (4, 1)
    assert pantry.boxed == ("ST-02",) and pantry.kept == ("ST-07",)
    assert state.insect_piles[0] == ("ST-07",)


def test_GA_42_idle_players_do_nothing() -> None:
    state = set_up(4)
    for phase_state in (state,):
        assert set(ga.status(phase_state).to_act) <= {0, 1}
    after, _ = round_to_reveal(state, "TC", (0, 1))
    assert after.shelves[2] == after.shelves[3] == (0, 0, 0, 0)
    assert ga.legal_commands(state, 2) == [] and ga.legal_commands(state, 3) == []
    assert ga.view(state, 2)["roles"][2:] == ["idle", "idle"]


def test_GA_43_plain_cards_boxed_insect_cards_face_down_with_the_collector() -> None:
    state, _events = round_to_reveal(set_up(3), "ST", (1, 1), cells=TWO_ST)
    assert state.boxed == ("ST-02",)
    assert "ST-02" not in state.grid and "ST-02" not in state.deck
    own, other, spectator = ga.view(state, 0), ga.view(state, 1), ga.view(state, None)
    assert own["insect_cards"][0] == ["ST-07"]
    assert other["insect_cards"][0] is None and spectator["insect_cards"][0] is None
    assert other["insect_counts"] == [1, 0, 0]
    assert own["my_insect_points"] == 1
    assert own["insect_points"] == [1, None, None] and spectator["insect_points"] == [None, None, None]
    assert "my_score" not in spectator and "scores" not in other


def test_GA_V2_open_variant_keeps_insect_cards_face_up() -> None:
    state, _ = round_to_reveal(set_up(autumn_open=True), "ST", (1, 1), cells=TWO_ST)
    assert state.autumn_open
    assert ga.view(state, 1)["insect_cards"][0] == ["ST-07"]
    assert ga.view(state, None)["insect_cards"][0] == ["ST-07"]
    assert ga.view(state, None)["insect_points"] == [1, 0]  # GA-91 points of every face-up pile


def test_GA_50_empty_cells_refilled_row_major_from_the_deck() -> None:
    state, events = round_to_reveal(set_up(), "TC", (0, 1))
    refill = events_of(events, GridRefilled)[0]
    assert [cell for cell, _ in refill.placements] == [(0, 0), (0, 2), (1, 1)]
    assert all(c is not None for c in state.grid)
    assert len(state.deck) == 32 - 3
    assert isinstance(events[-1], RoundStarted)


def test_GA_52_autumn_has_no_discard_pile_and_no_reshuffle() -> None:
    state = set_up()
    state = replace(state, deck=state.deck[:2])
    state, events = round_to_reveal(state, "TC", (0, 1))
    assert state.discard == ()
    assert events_of(events, GridRefilled) == []
    assert events_of(events, GameFinished)[0].reason is EndReason.DECK_SHORT


def test_GA_70_end_on_two_full_shelves_or_a_deck_too_short() -> None:
    # (a): TC reaches 4 while WD is already on 4
    state = with_shelves(set_up(), 0, TC=1, WD=4)
    state, events = round_to_reveal(state, "TC", (0, 1))
    assert events_of(events, GameFinished)[0].reason is EndReason.TWO_FULL_SHELVES
    # (b): exactly enough cards refill, one fewer ends
    enough = replace(set_up(), deck=set_up().deck[:3])
    after, events = round_to_reveal(enough, "TC", (0, 1))
    assert after.phase is Phase.ANT_PLACE and after.deck == ()
    short = replace(set_up(), deck=set_up().deck[:2])
    after, _ = round_to_reveal(short, "TC", (0, 1))
    assert after.phase is Phase.FINISHED


def test_GA_T11_two_shelves_on_4_end_the_game_without_refill() -> None:
    state = with_shelves(set_up(), 1, TC=2, ST=4)
    state, events = round_to_reveal(state, "TC", (0, 0))  # the Cicada (seat 1) is right: TC 2 -> 4
    assert state.shelves[1] == (4, 0, 4, 0)
    assert isinstance(events[-1], GameFinished)
    assert events_of(events, GridRefilled) == [] and events_of(events, RoundStarted) == []
    assert sum(c is None for c in state.grid) == 3
    assert ga.status(state).finished and ga.legal_commands(state, 0) == []


def test_GA_T12_three_cards_collected_deck_of_two_ends_the_game() -> None:
    state = replace(set_up(), deck=("WD-05", "WD-06"))
    state, events = round_to_reveal(state, "TC", (0, 1))
    finished = events_of(events, GameFinished)[0]
    assert finished.reason is EndReason.DECK_SHORT
    assert state.winners == (0,)  # 3 cards on TC -> 6 points against 0


def test_GA_T01_seed_scoring_example_10_0_1_10_3_is_24() -> None:
    # Before the last round: TC on 3, ST on 1, WD on 4, two Ladybugs. The Ant collects TC -> 4: two full shelves.
    state = with_pile(with_shelves(set_up(), 0, TC=3, ST=1, WD=4), 0, "TL-12", "WD-12")
    assert shelf_points((4, 0, 1, 4)) == 10 + 0 + 1 + 10
    assert insect_points(("TL-12", "WD-12")) == 3
    state, events = round_to_reveal(state, "TC", (0, 1))
    finished = events_of(events, GameFinished)[0]
    assert finished.reason is EndReason.TWO_FULL_SHELVES
    assert state.shelves[0] == (4, 0, 1, 4)
    assert finished.scores == (24, 0) and ga.scores(state) == (24, 0)
    assert finished.insect_piles == (("TL-12", "WD-12"), ())
    assert ga.winners(state) == (0,)


def test_GA_90_shelves_score_0_1_3_6_10() -> None:
    assert [shelf_points((p, 0, 0, 0)) for p in range(5)] == [0, 1, 3, 6, 10]


def test_GA_91_insect_points_per_kind() -> None:
    assert insect_points(()) == 0
    assert insect_points(("TC-07",)) == 1
    assert insect_points(("TC-07", "TL-07")) == 3
    assert insect_points(("TC-07", "TL-07", "ST-07")) == 6
    assert insect_points(("TC-07", "TL-07", "ST-07", "WD-07")) == 10
    assert insect_points(("TC-07", "TC-08", "TC-09")) == 3  # three different single insects


def test_GA_G3_insect_table_reproduces_the_seed_plus_3() -> None:
    assert insect_points(("TC-12", "ST-12")) == 3


def test_GA_92_highest_total_wins() -> None:
    state = with_shelves(with_shelves(set_up(3), 0, TC=4), 2, TC=4, ST=1)
    assert [autumn_score(state, s) for s in range(3)] == [10, 0, 11]
    assert autumn_winners(state) == (2,)


def test_GA_T13_tie_24_24_broken_by_more_insect_cards_then_shared() -> None:
    base = with_shelves(with_shelves(set_up(), 0, TC=4, WD=4, ST=1), 1, TC=4, WD=4, ST=1)  # 21 each
    p1 = with_pile(with_pile(base, 0, "TC-07", "TC-08", "TC-09"), 1, "TC-11", "TL-11")
    assert [autumn_score(p1, s) for s in range(2)] == [24, 24]
    assert autumn_winners(p1) == (0,)
    shared = with_pile(with_pile(base, 0, "TC-07", "TL-07"), 1, "TC-11", "TL-11")
    assert [autumn_score(shared, s) for s in range(2)] == [24, 24]
    assert autumn_winners(shared) == (0, 1)


def test_GA_A5_two_full_shelves_end_the_game_but_points_decide() -> None:
    state = with_shelves(set_up(), 0, TC=3, WD=4)
    state = with_pile(with_shelves(state, 1, TL=4, ST=4), 1, "TC-09", "TL-09", "ST-09")
    # seat 1 already has 26 (10 + 10 + 6); seat 0 fills its second shelf with 20 and ends the game
    state, events = round_to_reveal(state, "TC", (0, 1))
    assert events_of(events, GameFinished)[0].reason is EndReason.TWO_FULL_SHELVES
    assert ga.scores(state) == (20, 26)
    assert ga.winners(state) == (1,)


def test_GA_G9_score_track_uncapped() -> None:
    state = with_pile(with_shelves(set_up(), 0, TC=4, TL=4, ST=4, WD=4), 0, "TC-07", "TL-07", "ST-07", "WD-07")
    assert autumn_score(state, 0) == 50


def test_autumn_reveal_in_view_and_end_view_reveals_everything() -> None:
    state = with_pile(with_shelves(set_up(), 0, TC=3, ST=1, WD=4), 1, "TL-12")
    state, events = round_to_reveal(state, "TC", (0, 1))
    assert events_of(events, MarkersRevealed)
    view = ga.view(state, 0)
    assert view["finished"] and view["winners"] == [0] and view["scores"] == [21, 1]
    assert view["insect_cards"] == [[], ["TL-12"]]
    assert all(len(row) == 4 for row in view["grid"]) and len(CELLS) == 16
