"""make bot-bench's short version: its games end by the rules and its numbers add up (the long run is the bench)."""

from __future__ import annotations

from bench.bot_bench import match, play, race, solo
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


def test_a_mode_r_race_of_three_bots_has_flyers_stepping_and_spells_cast() -> None:
    """BY-20 (the flyers move the witch) and BY-30 (a third spell ends the game), as the bench counts them."""
    row = race("greedy", 2)
    assert row["match"] == "3 greedy Mode R"
    assert row["rounds_flown"] > 0.5, row  # counted from non-automatic WitchStepped events
    assert row["spells_per_game"] >= 3 and row["ended_by_rules"] == 1.0, row
