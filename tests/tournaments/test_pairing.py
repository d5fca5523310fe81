"""Seating a round (service.tournaments.pairing): round-robin, table sizes, and Swiss at tables of 3-4.

The snake and score-group methods are this project's own (written down in the module's docstring); they
are tested by construction.
"""

from __future__ import annotations

from itertools import combinations

import pytest

from service.tournaments.dutch import Field
from service.tournaments.pairing import pair, round_robin_rounds, snake_tables, table_sizes

SEEDS = [f"p{i}" for i in range(1, 13)]


def field(seeds: list[str], points: dict[str, float] | None = None, met: list[tuple[str, ...]] = ()) -> Field:  # type: ignore[assignment]
    meetings: dict[frozenset[str], int] = {}
    for table in met:
        for a, b in combinations(table, 2):
            meetings[frozenset((a, b))] = meetings.get(frozenset((a, b)), 0) + 1
    return Field(seeds, points or {}, meetings, frozenset(), {})


@pytest.mark.parametrize("players", [8, 7])
def test_round_robin_of_two_meets_everyone_exactly_once(players: int) -> None:
    ids = [f"p{i}" for i in range(players)]
    met: dict[frozenset[str], int] = {}
    rounds = round_robin_rounds(players, 2)
    byes = []
    for r in range(1, rounds + 1):
        tables, bye = pair("round-robin", r, field(ids), 2, 2)
        byes += bye
        seated = [p for t in tables for p in t] + bye
        assert sorted(seated) == sorted(ids)  # everyone plays or sits out, once
        for a, b in tables:
            met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
    assert set(met) == {frozenset(p) for p in combinations(ids, 2)} and set(met.values()) == {1}
    assert sorted(byes) == (sorted(ids) if players % 2 else [])


def test_table_sizes_spread_players_and_fall_back_to_byes() -> None:
    assert table_sizes(10, 4, 2) == ([4, 3, 3], 0)
    assert table_sizes(8, 4, 2) == ([4, 4], 0)
    assert table_sizes(7, 2, 2) == ([2, 2, 2], 1)
    assert table_sizes(5, 4, 4) == ([4], 1)


def test_round_one_at_tables_of_four_snakes_the_seeds() -> None:
    tables, byes = pair("swiss", 1, field(SEEDS[:8]), 4, 2)
    assert tables == [["p1", "p4", "p5", "p8"], ["p2", "p3", "p6", "p7"]] and not byes
    twelve, _ = pair("swiss", 1, field(SEEDS), 4, 2)
    assert twelve == [["p1", "p6", "p7", "p12"], ["p2", "p5", "p8", "p11"], ["p3", "p4", "p9", "p10"]]


def test_uneven_snake_fills_every_table_to_its_size() -> None:
    tables = snake_tables(SEEDS[:10], [4, 3, 3])
    assert tables == [["p1", "p6", "p7", "p10"], ["p2", "p5", "p8"], ["p3", "p4", "p9"]]  # p10: the one seat left


def test_later_rounds_at_tables_of_four_group_by_score_and_avoid_meetings() -> None:
    points = {p: 3.0 - i // 4 for i, p in enumerate(SEEDS[:8])}  # p1-p4: 3 points, p5-p8: 2
    tables, _ = pair("swiss", 2, field(SEEDS[:8], points), 4, 2)
    assert [sorted(t) for t in tables] == [["p1", "p2", "p3", "p4"], ["p5", "p6", "p7", "p8"]]
    # Round 2 seats rotate by one: the table's second-ranked player sits first.
    assert tables[0] == ["p2", "p3", "p4", "p1"]
    met = [("p1", "p2", "p3", "p4"), ("p5", "p6", "p7", "p8")]
    tables, _ = pair("swiss", 2, field(SEEDS[:8], points, met), 4, 2)
    # p1 opens table 1; p5 (met nobody there) comes before p2, p3, p4 (who met p1), and so on.
    assert sorted(tables[0]) == ["p1", "p2", "p5", "p6"] and sorted(tables[1]) == ["p3", "p4", "p7", "p8"]


def test_byes_at_larger_tables_go_to_the_lowest_ranked_without_one() -> None:
    points = dict.fromkeys(SEEDS[:5], 0.0)
    tables, byes = pair("swiss", 2, Field(SEEDS[:5], points, {}, frozenset({"p5"}), {}), 4, 4)
    assert byes == ["p4"] and [sorted(t) for t in tables] == [["p1", "p2", "p3", "p5"]]
