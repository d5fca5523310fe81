"""A tournament the server's bots play through (issue 20.3): `tournament new --bots LEVEL`, then
`tournament run` pairs each round as the bots finish the one before; the whole tournament verifies."""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from tests.integration.conftest import BIN, CLI_ORGANIZER, ServerProcess

ORGANIZER = CLI_ORGANIZER


@pytest.fixture
def srv(cli_server: ServerProcess) -> ServerProcess:
    return cli_server


def run(srv: ServerProcess, tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    where = ["--server", srv.target] if tool == "playledger" else []
    done = subprocess.run(
        [str(BIN / tool), *args, *where], capture_output=True, text=True, timeout=300, env=dict(os.environ)
    )
    assert done.returncode == 0, done.stderr
    return done


def test_a_tournament_of_server_bots_plays_through_and_verifies(srv: ServerProcess, tmp_path: Path) -> None:
    made = run(srv, "playledger", "tournament", "new", "Bot cup", "--rules", "hare-and-tortoise", "--players", "4",
               "--table-size", "2", "--rounds", "2", "--bots", "greedy", "--think-ms", "5", "--json")  # fmt: skip
    tournament = json.loads(made.stdout)["name"]
    played = json.loads(run(srv, "playledger", "tournament", "run", tournament, "--timeout", "240", "--json").stdout)
    assert played["tournament"]["status"] == "finished"
    assert len(played["games"]) == 4 and all(g["state"] == "finished" for g in played["games"])
    assert sum(played["endings"].values()) == 4
    assert sorted(s["played"] for s in played["standings"]) == [2, 2, 2, 2]
    tid = tournament.removeprefix("tournaments/")
    verified = run(srv, "playledger-replay", "verify", "--store", srv.store, "--tournament", tid, "--quiet")
    assert verified.stdout.startswith("ok ") and "4 games, 0 diverging" in verified.stderr


def test_run_refuses_a_tournament_people_play(srv: ServerProcess) -> None:
    made = run(srv, "playledger", "tournament", "new", "People", "--rules", "hare-and-tortoise", "--players", "2",
               "--json")  # fmt: skip
    tournament = json.loads(made.stdout)["name"]
    refused = subprocess.run(
        [str(BIN / "playledger"), "tournament", "run", tournament, "--server", srv.target],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert refused.returncode == 2 and "played by people" in refused.stderr
