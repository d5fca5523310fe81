"""Tournament arithmetic: effective outcomes after rulings, points, tie-breaks, pairings."""

from __future__ import annotations

from itertools import combinations

import pytest

from service.ledger.standings import (
    GameRulings,
    Result,
    TableGame,
    outcome,
    pair,
    places_from,
    round_robin_rounds,
    standings,
    table_sizes,
)


def test_winners_first_then_by_score_with_shared_places() -> None:
    assert places_from([5, 9, 7, 7], winners=[0]) == (0, 1, 2, 2)  # the rules' winner beats a higher score
    assert places_from([5, 9, 7], winners=[]) == (2, 0, 1)
    assert places_from([4, 4], winners=[0, 1]) == (0, 0)


def test_points_generalize_chess_scoring_to_many_players() -> None:
    two = outcome(["a", "b"], Result((10, 3), (0,)), GameRulings())
    assert two is not None and two.points == (1.0, 0.0)
    draw = outcome(["a", "b"], Result((5, 5), (0, 1)), GameRulings())
    assert draw is not None and draw.points == (0.5, 0.5) and not draw.won(0)
    four = outcome(["a", "b", "c", "d"], Result((9, 7, 7, 1), (0,)), GameRulings())
    assert four is not None and four.points == (3.0, 1.5, 1.5, 0.0)
    assert sum(four.points) == 4 * 3 / 2  # every pair of seats shares out exactly one point


def test_an_unfinished_game_counts_for_nothing_until_a_forfeit_settles_it() -> None:
    assert outcome(["a", "b", "c"], None, GameRulings()) is None
    settled = outcome(["a", "b", "c"], None, GameRulings(forfeits={"b"}))
    assert settled is not None and not settled.played
    assert settled.places == (0, 1, 0) and settled.points == (1.5, 0.0, 1.5)


def test_a_forfeit_after_the_fact_drops_the_player_and_keeps_the_others_order() -> None:
    result = Result((9, 7, 5), (0,))
    ruled = outcome(["a", "b", "c"], result, GameRulings(forfeits={"a"}))
    assert ruled is not None and ruled.places == (2, 0, 1) and ruled.points == (0.0, 2.0, 1.0)
    assert ruled.won(1) and not ruled.won(0)


def test_annulment_and_score_correction() -> None:
    result = Result((9, 7), (0,))
    assert outcome(["a", "b"], result, GameRulings(annulled=True)) is None
    corrected = outcome(["a", "b"], result, GameRulings(scores=(6, 8)))
    assert corrected is not None and corrected.places == (1, 0) and corrected.scores == (6, 8)
    named = outcome(["a", "b"], result, GameRulings(scores=(6, 8), winners=(0,)))
    assert named is not None and named.places == (0, 1)


def test_rulings_round_trip_through_json_and_apply_by_kind() -> None:
    r = GameRulings()
    r.apply("forfeit", "a", None, None)
    r.apply("disqualification", "b", None, None)
    r.apply("score_correction", None, [1, 2], [1])
    assert GameRulings.from_json(r.to_json()) == r
    assert r.forfeits == {"a", "b"} and r.scores == (1, 2) and r.winners == (1,)


def test_standings_order_by_points_then_buchholz_and_list_the_disqualified_last() -> None:
    players = [("a", "Ann"), ("b", "Bob"), ("c", "Cy"), ("d", "Di")]
    games = [
        TableGame("g1", 1, ("a", "b"), Result((9, 1), (0,)), GameRulings()),
        TableGame("g2", 1, ("c", "d"), Result((9, 1), (0,)), GameRulings()),
        TableGame("g3", 2, ("a", "c"), Result((9, 1), (0,)), GameRulings()),
        TableGame("g4", 2, ("b", "d"), Result((1, 9), (1,)), GameRulings()),
    ]
    order = standings(players, games, {}, disqualified=(), table_size=2)
    assert [s.player for s in order] == ["a", "c", "d", "b"]
    assert [(s.points, s.rank) for s in order] == [(2.0, 1), (1.0, 2), (1.0, 3), (0.0, 4)]
    assert (order[1].buchholz, order[2].buchholz) == (3.0, 1.0)  # c met a (2) and d (1); d met c (1) and b (0)

    out = standings(players, games, {}, disqualified=("a",), table_size=2)
    assert out[-1].player == "a" and out[-1].disqualified


def test_a_bye_is_worth_a_win_at_tables_of_two() -> None:
    order = standings([("a", "a"), ("b", "b")], [], {1: ["b"]}, (), table_size=2)
    assert [(s.player, s.points, s.byes) for s in order] == [("b", 1.0, 1), ("a", 0.0, 0)]


@pytest.mark.parametrize("players", [8, 7])
def test_round_robin_of_two_meets_everyone_exactly_once(players: int) -> None:
    ids = [f"p{i}" for i in range(players)]
    met: dict[frozenset[str], int] = {}
    rounds = round_robin_rounds(players, 2)
    byes = []
    for r in range(1, rounds + 1):
        tables, bye = pair("round-robin", r, ids, 2, 2, {}, ())
        byes += bye
        seated = [p for t in tables for p in t] + bye
        assert sorted(seated) == sorted(ids)  # everyone plays or sits out, once
        for a, b in tables:
            met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
    assert set(met) == {frozenset(p) for p in combinations(ids, 2)} and set(met.values()) == {1}
    assert sorted(byes) == (sorted(ids) if players % 2 else [])


def test_swiss_avoids_a_rematch_when_it_can() -> None:
    order = ["a", "b", "c", "d"]
    history = {frozenset(("a", "b")): 1, frozenset(("c", "d")): 1}
    tables, byes = pair("swiss", 2, order, 2, 2, history, ())
    assert not byes
    assert all(frozenset(t) not in history for t in tables)
    assert sorted(map(sorted, tables)) == [["a", "c"], ["b", "d"]]


def test_table_sizes_spread_players_and_fall_back_to_byes() -> None:
    assert table_sizes(10, 4, 2) == ([4, 3, 3], 0)
    assert table_sizes(8, 4, 2) == ([4, 4], 0)
    assert table_sizes(7, 2, 2) == ([2, 2, 2], 1)
    assert table_sizes(5, 4, 4) == ([4], 1)


def test_the_bye_goes_to_the_lowest_placed_player_without_one() -> None:
    order = ["a", "b", "c", "d", "e"]
    _, byes = pair("swiss", 2, order, 2, 2, {}, had_bye=["e"])
    assert byes == ["d"]
