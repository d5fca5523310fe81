"""Tournament arithmetic: effective outcomes after rulings, points, tie-breaks."""

from __future__ import annotations

from service.tournaments.standings import (
    GameRulings,
    Result,
    TableGame,
    outcome,
    places_from,
    standings,
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


def test_a_game_the_rules_end_without_a_winner_is_a_draw_whatever_the_scores() -> None:
    # Baba Yaga's turn limit (rules v2, issue 18.5): nobody cast three spells, nobody wins; seats with more
    # spells do not place higher, and nobody counts a win.
    limit = outcome(["a", "b", "c"], Result((2, 1, 0), ()), GameRulings())
    assert limit is not None and limit.points == (1.0, 1.0, 1.0) and not any(limit.won(s) for s in range(3))


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
