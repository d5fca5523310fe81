"""The memory benchmark's short run (make memory-bench is the long one): every game it plays stays cached unless it
ended (finished games leave the cache), so the growth it prints is the cost of cached games in play."""

from __future__ import annotations

import json
import subprocess
import sys

from bench.memory_bench import TABLES


def test_the_memory_bench_caches_every_game_it_plays_and_prints_its_cost() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "bench.memory_bench", "--games", "50", "--moves", "5", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    printed = json.loads(done.stdout)
    assert [r["game"] for r in printed["rows"]] == [t.rules for t in TABLES]
    assert all(r["cached"] == 50 // len(TABLES) + 20 - r["ended"] for r in printed["rows"]), "those played, in play"
    assert printed["rss_kb_per_game"] >= 0 and printed["goal_kb"] == 50
