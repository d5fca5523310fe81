"""make bot-bench's short version: its games end by the rules and its numbers add up (the long run is the bench)."""

from __future__ import annotations

from replay.bot_bench import match, play, solo
from service.rules.catalog import rules_for


def test_a_bench_game_ends_by_the_rules_and_shares_the_win() -> None:
    done = play(rules_for("hare-and-tortoise"), ("greedy", "random"), b"bench-test", {})
    assert done.by_rules
    assert abs(sum(done.placements_share) - 1.0) < 1e-9
    assert set(done.move_ms) == {"greedy", "random"}


def test_a_match_up_alternates_seats_and_reports_shares_and_move_times() -> None:
    row = match(rules_for("hare-and-tortoise"), "greedy", "random", 2, {})
    assert row["games"] == 2 and 0.0 <= row["greedy_share"] <= 1.0
    assert row["ended_by_rules"] == 1.0 and row["greedy_median_ms"] >= 0.0


def test_atiwa_solo_reports_an_average_score() -> None:
    row = solo(rules_for("atiwa"), "random", 1, {})
    assert row["match"] == "random solo" and row["ended_by_rules"] == 1.0
