"""Forfeits as chess counts them: + and -, not a game played, Buchholz by FIDE's virtual opponent; which
tie-break separated players level on points; and the older arithmetic kept for format 2 certificates."""

from __future__ import annotations

from service.tournaments.standings import GameRulings, Result, TableGame, outcome, standing_json, standings
from service.tournaments.tiebreaks import (
    ABSENT,
    COUNTED,
    PRESENT,
    Entry,
    buchholz,
    order_text,
    unplayed_pair_scores,
)

PLAYERS = [("a", "Ann"), ("b", "Bob"), ("c", "Cy"), ("d", "Di")]
WON, DRAW = Result((9, 1), (0,)), Result((5, 5), (0, 1))
FORFEITS = [
    # round 1: Ann beats Bob; Di does not show up against Cy (never played: Cy +, Di -)
    TableGame("g1", 1, ("a", "b"), WON, GameRulings()),
    TableGame("g2", 1, ("c", "d"), None, GameRulings(forfeits={"d"})),
    # round 2: Cy beats Ann; Bob and Di draw
    TableGame("g3", 2, ("c", "a"), WON, GameRulings()),
    TableGame("g4", 2, ("b", "d"), DRAW, GameRulings()),
    # round 3: Ann beats Di; Bob does not show up against Cy
    TableGame("g5", 3, ("a", "d"), WON, GameRulings()),
    TableGame("g6", 3, ("b", "c"), None, GameRulings(forfeits={"b"})),
]


def test_a_game_not_played_shows_plus_and_minus_and_is_no_game_played_or_won() -> None:
    forfeit = outcome(["c", "d"], None, GameRulings(forfeits={"d"}))
    assert forfeit is not None and forfeit.marks() == (PRESENT, ABSENT) == ("+", "\u2212")
    played = outcome(["b", "d"], DRAW, GameRulings())
    assert played is not None and played.marks() == ("½", "½")
    rows = {s.player: s for s in standings(PLAYERS, FORFEITS, {}, (), table_size=2)}
    assert [(rows[p].points, rows[p].played, rows[p].wins) for p in "abcd"] == [
        (2.0, 3, 2),
        (0.5, 2, 0),
        (3.0, 1, 1),  # two forfeit wins bring two points, but no game played or won
        (0.5, 2, 0),
    ]
    assert [(rows[p].forfeits_won, rows[p].forfeits_lost) for p in "abcd"] == [(0, 0), (0, 1), (2, 0), (0, 1)]
    assert rows["c"].score_sum == 9  # only the game played counts its score


def test_buchholz_counts_a_virtual_opponent_for_each_game_not_played() -> None:
    # FIDE: a virtual opponent starts the round level with the player, takes the opposite result, then draws
    # every later round (here up to round 3); an opponent's own unplayed games count as draws (adjusted scores:
    # Ann 2, Bob 1, Cy 2, Di 1).
    rows = {s.player: s for s in standings(PLAYERS, FORFEITS, {}, (), table_size=2)}
    assert rows["a"].buchholz == 1.0 + 2.0 + 1.0  # Bob, Cy, Di as adjusted
    assert rows["b"].buchholz == 2.0 + 1.0 + (0.5 + 1 + 0)  # Ann, Di, and for round 3 a virtual 0.5 + 1 win
    assert rows["c"].buchholz == (0 + 0 + 0.5 * 2) + 2.0 + (2 + 0 + 0)  # virtual, Ann, virtual
    assert rows["d"].buchholz == (0 + 1 + 0.5 * 2) + 1.0 + 2.0  # virtual, Bob, Ann
    order = standings(PLAYERS, FORFEITS, {}, (), table_size=2)
    # Bob and Di are level on points: Buchholz separates them, Di first.
    assert [(s.player, s.rank, s.separated_by) for s in order] == [
        ("c", 1, ""),
        ("a", 2, ""),
        ("d", 3, "buchholz"),
        ("b", 4, ""),
    ]


def test_the_fide_handbook_examples_of_the_virtual_opponent() -> None:
    # C.02 13.15.2, example 1: absent in round 3 of nine with 1.5 points after two: Svon = 5.5 at the end.
    absent = [Entry(1, 1.0, True, ()), Entry(2, 0.5, True, ()), Entry(3, 0.0, False, (), (0.0,))]
    assert buchholz({"p": [*absent, Entry(9, 0.0, True, ())]}, table_size=2)["p"] == 5.5
    # Example 2: the opponent absent in round 6, 3.5 points after five: Svon = 5.0 at the end of nine rounds.
    present = [Entry(1, 3.5, True, ()), Entry(6, 1.0, False, (), (1.0,)), Entry(9, 0.0, True, ())]
    assert buchholz({"p": present}, table_size=2)["p"] == 5.0


def test_byes_and_larger_tables_follow_the_same_rule() -> None:
    # At tables of three, a present player scored 1 against the absent seat and 1/2 against the other present one.
    assert unplayed_pair_scores(0, frozenset({2}), 3) == (0.5, 1.0)
    assert unplayed_pair_scores(2, frozenset({2}), 3) == (0.0, 0.0)
    # A bye at tables of two is a win against one virtual opponent, who then draws every later round.
    rows = {s.player: s for s in standings([("a", "A"), ("b", "B")], [], {1: ["a"], 2: ["b"]}, (), table_size=2)}
    assert (rows["a"].buchholz, rows["b"].buchholz) == (0 + 0 + 0.5 * (2 - 1), 0 + 0 + 0.5 * (2 - 2))
    assert (rows["a"].played, rows["a"].byes, rows["a"].points) == (0, 1, 1.0)


def test_format_2_certificates_keep_their_arithmetic() -> None:
    # Builds before issue 37 counted a forfeit as a game played and won, and the absent player's points in the
    # winner's Buchholz; a format 2 certificate's standings are recomputed that way, in that row shape.
    rows = {s.player: s for s in standings(PLAYERS, FORFEITS, {}, (), table_size=2, rule=COUNTED)}
    assert [(rows[p].played, rows[p].wins, rows[p].buchholz) for p in "abcd"] == [
        (3, 2, 4.0),
        (3, 0, 5.5),
        (3, 3, 3.0),
        (3, 0, 5.5),
    ]
    assert "forfeits_won" not in standing_json(rows["c"], COUNTED) and "forfeits_won" in standing_json(rows["c"])


def test_the_order_is_stated_in_words() -> None:
    assert order_text() == "points, then Buchholz, then wins, then total score"
