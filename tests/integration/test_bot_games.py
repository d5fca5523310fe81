"""Every game type, played to the end by random bots over a real server on SQLite and PostgreSQL;
then the audit tool re-runs every game in the store and finds nothing."""

from __future__ import annotations

import subprocess

import pytest

from clients import bots
from clients.sdk import Client
from tests.integration.conftest import BIN, ServerProcess

pytestmark = pytest.mark.slow

# Fast real-time timers so a Mode R game (bots racing the scheduler's timeouts) ends in seconds.
FAST_R = {
    "mode": "R",
    "first_step_delay_ms": 20,
    "witch_step_min_interval_ms": 20,
    "witch_step_timeout_ms": 150,
    "search_action_min_interval_ms": 10,
    "placement_timeout_ms": 300,
    "reveal_timeout_ms": 300,
    "decision_timeout_ms": 300,
    "max_turns": 6,
}

BOT_GAMES: list[tuple[str, int, dict]] = [
    ("hare-and-tortoise", 3, {"variant": "turbo"}),
    ("antics", 2, {"two_player_variant": True}),
    ("antics", 3, {}),
    ("antics", 4, {}),
    ("baba-yaga", 2, {"mode": "T", "difficulty": "walk"}),
    ("baba-yaga", 3, {"mode": "T", "difficulty": "run"}),
    ("baba-yaga", 4, {"mode": "T", "difficulty": "tough", "fearless": True}),
    ("baba-yaga", 5, {"mode": "T", "difficulty": "mixed", "tough_seats": "1,3"}),
    ("baba-yaga", 3, FAST_R),
]


def test_every_game_type_finishes_and_verifies(server: ServerProcess) -> None:
    client = Client(server.target)
    hosted = {t.name for t in client.game_types()}
    played = []
    for rules, players, options in BOT_GAMES:
        if rules not in hosted:
            continue
        game, tokens = client.create_game(rules, [f"bot {i}" for i in range(players)], options)
        result = bots.play_to_end(client, tokens, seed=f"{rules}-{players}")
        final = client.get_game(game.name)
        assert final.status.finished, (rules, players, options)
        assert len(final.final_scores) == players and final.winners
        assert result.commands > 0
        played.append(rules)
    assert {"hare-and-tortoise", "antics", "baba-yaga"} <= set(played)

    audit = subprocess.run(
        [str(BIN / "playledger-replay"), "verify", "--store", server.store, "--all"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert audit.returncode == 0, audit.stdout + audit.stderr
    assert audit.stdout.count("ok ") == len(played)
