"""Issue 31 through a real server, as a user meets it: `playledger bot-game baba-yaga --players 3` with the
CLI's defaults (the server's greedy bots, at the game's default pace) races properly. Before, the bots
asked 50 ms after the reveal found every flip TOO_SOON and ended their searches at once: 0 tiles turned,
0 witch steps, a 100-turn draw. Here three turns are played (max_turns=3) and read from the record
(BY Mode R rules R1, R3, R5: the bots wait out the minimum intervals)."""

from __future__ import annotations

import json
import statistics
import subprocess
from pathlib import Path

import pytest

from bench.race_records import race, read
from tests.integration.conftest import BIN, ServerProcess

pytestmark = pytest.mark.slow


def test_cli_bot_game_bots_search_and_fly_at_a_persons_pace(cli_server: ServerProcess, tmp_path: Path) -> None:
    command = ["bot-game", "baba-yaga", "--players", "3", "--option", "max_turns=3", "--server", cli_server.target]
    played = subprocess.run(
        [str(BIN / "playledger"), *command, "--json"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    summary = json.loads(played.stdout)
    assert summary["levels"] == ["greedy"] * 3
    out = tmp_path / "game.jsonl"
    replay = str(BIN / "playledger-replay")
    subprocess.run([replay, "export", summary["game"], "--store", cli_server.store, "--out", str(out)], check=True)
    lines = read(out)
    assert all(b.get("pace") == "person" for b in lines[0]["bots"].values())  # the game's default, in its header
    raced = race(lines)
    assert raced.rounds == 3
    assert len(raced.search_gaps_ms) >= 6, "the bot searchers must turn tiles, not end their searches at once"
    assert statistics.median(raced.search_gaps_ms) >= 650 and min(raced.search_gaps_ms) >= 300
    assert raced.bot_steps >= 3 and raced.auto_bot_steps <= raced.bot_steps * 0.1  # the flyers step themselves
    waits = [e["command"]["bot"] for e in lines[1:] if (e.get("command") or {}).get("bot")]
    assert waits and all(w["pace"] == "person" and w["wait_ms"] >= 150 for w in waits)
    verified = subprocess.run([replay, "verify", "--store", cli_server.store, "--all"], capture_output=True, text=True)
    assert verified.returncode == 0, verified.stdout + verified.stderr
