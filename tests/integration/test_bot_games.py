"""Every game type, played to the end by random bots over a real server on SQLite and PostgreSQL;
then the audit tool re-runs every game in the store and finds nothing."""

from __future__ import annotations

import json
import subprocess

import pytest
from playledger_client import Client

from clients import bots
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

BOT_GAMES: dict[str, list[tuple[int, dict]]] = {
    "hare-and-tortoise": [(3, {"variant": "turbo"}), (2, {"tie_policy": "rematch"})],
    "antics": [(2, {"two_player_variant": True}), (3, {}), (4, {})],
    "baba-yaga": [
        (2, {"mode": "T", "difficulty": "walk"}),
        (3, {"mode": "T", "difficulty": "run"}),
        (4, {"mode": "T", "difficulty": "tough", "fearless": True}),
        (5, {"mode": "T", "difficulty": "mixed", "tough_seats": "1,3"}),
        (3, FAST_R),
    ],
    "grasshopper-and-ant": [
        (players, options)
        for players in (2, 3, 4)
        for options in ({"mode": "autumn"}, {"mode": "winter"}, {"mode": "winter", "powers": True})
    ],
    "atiwa": [(players, {}) for players in (1, 2, 3, 4)] + [(1, {"challenge": c}) for c in range(1, 9)],
}


@pytest.mark.parametrize("rules", sorted(BOT_GAMES))
def test_every_game_type_finishes_and_verifies(server: ServerProcess, rules: str) -> None:
    client = Client(server.target)
    assert rules in {t.name for t in client.game_types()}
    for players, options in BOT_GAMES[rules]:
        game, tokens = client.create_game(rules, [f"bot {i}" for i in range(players)], options)
        result = bots.play_to_end(client, tokens, seed=f"{rules}-{players}-{sorted(options.items())}")
        final = client.get_game(game.name)
        assert final.status.finished, (rules, players, options)
        assert len(final.final_scores) == players
        assert result.commands > 0

    audit = subprocess.run(
        [str(BIN / "playledger-replay"), "verify", *server.store_args, "--all", "--json"],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert audit.returncode == 0, audit.stdout + audit.stderr
    verdicts = [json.loads(line) for line in audit.stdout.splitlines() if line.startswith("{")]
    assert len(verdicts) == len(BOT_GAMES[rules]) and all(v["ok"] for v in verdicts)
