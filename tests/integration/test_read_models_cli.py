"""As a new user would: bot games, `playledger games`, a leaderboard, an 8-player tournament over several
rounds, a forfeit recorded afterwards, and a rebuild while the server runs; through the CLI, on each store."""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.integration.conftest import BIN, ServerProcess, free_port

pytestmark = pytest.mark.slow
ORGANIZER = "org-secret"


@pytest.fixture
def organized(server_stores: list[str], monkeypatch: pytest.MonkeyPatch, tmp_path) -> Iterator[ServerProcess]:  # type: ignore[no-untyped-def]
    """On each store, and over two shards (integration/conftest.py: server_stores)."""
    monkeypatch.setenv("PLAYLEDGER_ORGANIZER_TOKEN", ORGANIZER)  # read by the server (and by the CLI's --token)
    monkeypatch.setenv("PLAYLEDGER_HOME", str(tmp_path / "home"))
    srv = ServerProcess(server_stores[0], free_port(), shards=tuple(server_stores[1:]))
    srv.start()
    yield srv
    if srv.proc is not None and srv.proc.poll() is None:
        srv.stop()


def cli(srv: ServerProcess, *args: str) -> Any:
    done = subprocess.run(
        [str(BIN / "playledger"), *args, "--server", srv.target, "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout)


def until(check, what: str, timeout: float = 30) -> Any:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.2)


def test_games_leaderboard_tournament_ruling_and_rebuild(organized: ServerProcess) -> None:
    srv = organized
    played = [
        cli(srv, "bot-game", "hare-and-tortoise", "--players", "3", "--option", "variant=turbo", "--seed", f"g{i}")
        for i in range(2)
    ]
    names = {p["game"] for p in played}

    def listed() -> list[dict[str, Any]]:
        games = cli(srv, "games", "--status", "finished")
        return games if names <= {g["name"] for g in games} else []

    for summary in until(listed, "the bot games in `playledger games`"):
        if summary["name"] in names:
            shown = cli(srv, "show", summary["name"])
            assert summary["final_scores"] == shown["final_scores"] and summary["winners"] == shown["winners"]
            assert summary["version"] == shown["version"]

    board = until(lambda: cli(srv, "leaderboard", "hare-and-tortoise"), "ratings")
    assert {e["player_id"] for e in board} == {"greedy bot 0", "greedy bot 1", "greedy bot 2"}  # the server's bots
    assert all(e["games"] == 2 for e in board)

    t = cli(srv, "tournament", "new", "Spring Cup", "--rules", "hare-and-tortoise", "--players", "8",
            "--table-size", "2", "--option", "variant=turbo", "--actor", "Jo")  # fmt: skip
    assert t["rounds"] == 3 and t["pairing"] == "swiss"
    for r in range(1, 4):
        paired = cli(srv, "tournament", "pair", t["name"], "--bots")
        assert paired["round"] == r and len(paired["games"]) == 4
    standings = cli(srv, "tournament", "standings", t["name"])
    assert standings["tournament"]["status"] == "finished"
    rows = standings["standings"]
    assert len(rows) == 8 and sum(s.get("points", 0) for s in rows) == 12.0  # 12 games of one point each
    assert [s["rank"] for s in rows] == sorted(s["rank"] for s in rows)

    # A forfeit recorded afterwards: the winner of a round-1 game loses it.
    game = next(g for g in standings["games"] if g["round"] == 1 and sorted(g["points"]) == [0.0, 1.0])
    winner = game["player_ids"][game["points"].index(1.0)]
    before = {s["player_id"]: s.get("points", 0) for s in rows}
    cli(srv, "tournament", "rule", t["name"], "forfeit", "--game", game["game"], "--player", winner,
        "--reason", "used a phone", "--actor", "arbiter Jane")  # fmt: skip
    after_rule = cli(srv, "tournament", "standings", t["name"])
    after = {s["player_id"]: s.get("points", 0) for s in after_rule["standings"]}
    assert after[winner] == before[winner] - 1.0
    assert after_rule["rulings"][0]["reason"] == "used a phone" and after_rule["rulings"][0]["actor"] == "arbiter Jane"

    # Rebuild every read model while the server serves: the same standings, ratings and games after the switch.
    board = until(lambda: cli(srv, "leaderboard", "hare-and-tortoise"), "ratings")
    rebuilt = subprocess.run(
        [str(BIN / "playledger-server"), "projections", "rebuild", *srv.store_args, "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert rebuilt.returncode == 0, rebuilt.stderr
    report = json.loads(rebuilt.stdout)
    assert {r["projection"] for r in report} == {"games", "scores", "ratings", "tournaments"}
    assert all(r["generation"] == 2 and r["events_per_second"] > 0 for r in report)
    assert cli(srv, "tournament", "standings", t["name"]) == after_rule
    assert cli(srv, "leaderboard", "hare-and-tortoise") == board
    status = subprocess.run(
        [str(BIN / "playledger-server"), "projections", "status", *srv.store_args, "--json"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    lags = json.loads(status.stdout)
    assert all(lag["generation"] == 2 for lag in lags)
    until(lambda: cli(srv, "games", "--limit", "1"), "ListGames after the switch")
