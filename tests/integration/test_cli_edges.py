"""The CLI without sharp edges (issue 18.7), as a new player meets it against a real server.

An explicit --as beats PLAYLEDGER_TOKEN; --pick as a spectator says what to pass; errors name what to do
next (no "(UNAUTHENTICATED, UNAUTHENTICATED)"); a server that is down says so; --version; `show` reads as
text with the same output on every call, and --json keeps its keys in one order; a ruling with a
missing --game or a wrong --player is refused with what was wrong.
"""

from __future__ import annotations

import json
import os
import re
import subprocess

import pytest

from tests.integration.conftest import BIN, CLI_ORGANIZER, ServerProcess, free_port

ORGANIZER = CLI_ORGANIZER


@pytest.fixture
def srv(cli_server: ServerProcess) -> ServerProcess:
    return cli_server


def run(srv: ServerProcess | None, *args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    server = ["--server", srv.target] if srv is not None else []
    return subprocess.run(
        [str(BIN / "playledger"), *args, *server],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
    )


def new_game(srv: ServerProcess) -> str:
    made = run(srv, "new", "hare-and-tortoise", "--player", "ann", "--player", "bob", "--json")
    assert made.returncode == 0, made.stderr
    return str(json.loads(made.stdout)["game"]["name"])


def test_an_explicit_seat_beats_the_token_in_the_environment(srv: ServerProcess) -> None:
    game = new_game(srv)
    as_seat = run(srv, "moves", game, "--as", "1", "--json", env={"PLAYLEDGER_TOKEN": ORGANIZER})
    assert as_seat.returncode == 0, as_seat.stderr
    assert json.loads(as_seat.stdout), "seat 1 has moves (it must choose its second bet)"
    played = run(srv, "do", game, "--pick", "0", "--as", "1", env={"PLAYLEDGER_TOKEN": ORGANIZER})
    assert played.returncode == 0, played.stderr
    assert "SecondBetChosen" in played.stdout


def test_picking_as_a_spectator_says_what_to_pass(srv: ServerProcess) -> None:
    game = new_game(srv)
    spectator = run(srv, "do", game, "--pick", "0")
    assert spectator.returncode != 0
    assert "spectator" in spectator.stderr and "--as SEAT" in spectator.stderr
    assert "0..-1" not in spectator.stderr


def test_errors_name_the_code_once_and_what_to_do_next(srv: ServerProcess) -> None:
    game = new_game(srv)
    bad = run(srv, "show", game, "--token", "not-a-token")
    assert bad.returncode == 1
    assert (
        "(UNAUTHENTICATED, TOKEN_NOT_OF_THIS_GAME)" in bad.stderr
        and "UNAUTHENTICATED, UNAUTHENTICATED" not in bad.stderr
    )
    assert "--as SEAT" in bad.stderr
    down = run(None, "games", "--server", f"127.0.0.1:{free_port()}")
    assert down.returncode == 1
    assert "is the server running at 127.0.0.1:" in down.stderr and "PLAYLEDGER_SERVER" in down.stderr


def test_version_and_a_readable_show_that_is_the_same_every_time(srv: ServerProcess) -> None:
    version = run(None, "--version")
    assert version.returncode == 0 and version.stdout.startswith("playledger, version ")
    game = new_game(srv)
    first, second = run(srv, "show", game, "--as", "0"), run(srv, "show", game, "--as", "0")
    assert first.returncode == 0, first.stderr
    assert first.stdout == second.stdout
    text = first.stdout
    assert "players: 0 ann (you, to act);  1 bob (to act)" in text
    assert "YOUR TURN" in text and "your moves (playledger do GAME --pick N):" in text
    assert "choose R-" in text, "moves are shown by their labels"
    assert "last events:" in text and "RaceSetUp" in text
    assert "{" not in text.split("what you see:")[1].split("your moves")[0], "the view is an outline, not JSON"
    as_json = [run(srv, "show", game, "--as", "0", "--json").stdout for _ in range(2)]
    lines = [[line for line in out.splitlines() if '"read_time"' not in line] for out in as_json]
    assert lines[0] == lines[1], "the same keys in the same order (only the read time moves)"
    view = json.loads(as_json[0])["view"]
    assert list(view) == sorted(view)


def test_a_ruling_without_its_game_or_with_a_stranger_is_refused_clearly(srv: ServerProcess) -> None:
    made = run(
        srv, "tournament", "new", "cup", "--rules", "hare-and-tortoise", "--players", "4", "--rounds", "1",
        "--token", ORGANIZER, "--json",
    )  # fmt: skip
    assert made.returncode == 0, made.stderr
    tournament = json.loads(made.stdout)["name"]
    paired = run(srv, "tournament", "pair", tournament, "--token", ORGANIZER, "--json")
    assert paired.returncode == 0, paired.stderr
    no_game = run(srv, "tournament", "rule", tournament, "forfeit", "--player", "p1", "--reason", "x")
    assert no_game.returncode == 2 and "pass --game GAME" in no_game.stderr
    assert "games/None" not in no_game.stderr
    game = json.loads(paired.stdout)["games"][0]["game"]
    stranger = run(
        srv, "tournament", "rule", tournament, "forfeit", "--game", game, "--player", "nobody", "--reason", "x",
        "--token", ORGANIZER,
    )  # fmt: skip
    assert stranger.returncode == 1
    assert "NOT_A_PLAYER" in stranger.stderr and "INVALID_OPTIONS" not in stranger.stderr
    assert "not 'nobody'" in stranger.stderr


def test_new_with_a_server_bot_and_a_bot_game_the_server_plays(srv: ServerProcess) -> None:
    made = run(srv, "new", "hare-and-tortoise", "--player", "ann", "--bot", "greedy", "--json")
    assert made.returncode == 0, made.stderr
    created = json.loads(made.stdout)
    assert [t["seat"] for t in created["tokens"]] == [0], "no token for the bot's seat"
    assert created["game"]["bots"][0]["seat"] == 1 and created["game"]["bots"][0]["level"] == "greedy"
    played = run(
        srv, "bot-game", "hare-and-tortoise", "--players", "2", "--level", "random", "--think-ms", "1", "--json"
    )
    assert played.returncode == 0, played.stderr
    summary = json.loads(played.stdout)
    assert summary["levels"] == ["random", "random"] and summary["winners"], summary
    assert summary["outcome"], "a finished game says why it ended"


def test_new_with_a_chess_clock_shows_each_seat_s_time(srv: ServerProcess) -> None:
    made = run(srv, "new", "hare-and-tortoise", "--player", "ann", "--player", "bob", "--clock", "5+3", "--json")
    assert made.returncode == 0, made.stderr
    game = json.loads(made.stdout)["game"]
    assert game["time_control"]["budget_seconds"] == 300 and game["time_control"]["increment_seconds"] == 3
    shown = run(srv, "show", game["name"], "--as", "0")
    assert shown.returncode == 0, shown.stderr
    assert re.search(r"clocks: 0 \(ann\) [45]:\d\d running, 1 \(bob\) [45]:\d\d running \(\+3 s a move", shown.stdout)
    bad = run(srv, "new", "hare-and-tortoise", "--clock", "five")
    assert bad.returncode != 0 and "MINUTES+SECONDS" in bad.stderr
    too_short = run(srv, "new", "hare-and-tortoise", "--clock", "0.1+0")
    assert too_short.returncode == 1 and "budget is 10 to" in too_short.stderr
