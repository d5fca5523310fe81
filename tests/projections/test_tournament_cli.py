"""The organizer's CLI over a real port (in-process server on SQLite): `tournament pair --explain`, standings
that state their tie-breaks and show forfeits as + and -, names rather than ids, and the TRF export."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from click.testing import CliRunner

from clients.cli import main
from service.config import Settings
from service.server import Running, start

ORGANIZER = "organizer-secret"
PLAYERS = [f"--player=p{i}=Player {i}" for i in range(1, 7)]


@pytest.fixture
def cli(tmp_path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Any]:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("PLAYLEDGER_HOME", str(tmp_path / "home"))
    running: Running = start(
        Settings(store=f"sqlite:///{tmp_path / 'cli.db'}", port=0, web_port=0, organizer_token=ORGANIZER)
    )

    def run(*args: str, as_json: bool = False) -> Any:
        done = CliRunner().invoke(main, [*args, "--server", f"127.0.0.1:{running.port}", *(["--json"] * as_json)])
        assert done.exit_code == 0, done.output
        return json.loads(done.output) if as_json else done.output

    yield run
    running.stop(0.5)


def test_pair_explain_standings_and_trf_from_the_cli(cli: Any) -> None:
    org = ("--token", ORGANIZER)
    t = cli("tournament", "new", "Forfeit Cup", "--rules", "hare-and-tortoise", *PLAYERS, "--table-size", "2",
            "--rounds", "3", "--option", "variant=turbo", *org, as_json=True)["name"]  # fmt: skip
    first = cli("tournament", "pair", t, *org, as_json=True)
    for g in first["games"]:  # every second seat does not show up: the results are known in advance
        cli("tournament", "rule", t, "forfeit", "--game", g["game"], "--player", g["player_ids"][1],
            "--reason", "no show", *org)  # fmt: skip

    shown = cli("tournament", "pair", t, "--explain", *org)
    assert shown.splitlines()[:4] == [
        "round 2: 3 games",
        f"   1. Player 1 vs Player 3  {_game(shown, 1)}",
        f"   2. Player 4 vs Player 5  {_game(shown, 2)}",
        f"   3. Player 2 vs Player 6  {_game(shown, 3)}",
    ]
    assert shown.splitlines()[4:15] == [
        "Round 2: the Dutch system at tables of two: score groups from the top, top half against bottom half.",
        "Pairing order (points, then seed): Player 1 1, Player 3 1, Player 5 1, Player 2 0, Player 4 0, Player 6 0.",
        "1 point: Player 1, Player 3, Player 5",
        "  table: Player 1 vs Player 3",
        "  floaters out: Player 5",
        "0 points: Player 2, Player 4, Player 6",
        "  floaters in: Player 5",
        "  table: Player 4 vs Player 5",
        "  table: Player 2 vs Player 6",
        "  rematches avoided: Player 5 vs Player 2 (met in round 1)",
        f"tokens saved in {_wallet(shown)}",
    ]

    text = cli("tournament", "standings", t, "--games")
    assert "Order: points, then Buchholz, then wins, then total score." in text
    assert "Player 1 vs Player 4   + : \u2212  (not played: forfeit)" in text  # names, + and a minus sign
    row = next(line for line in text.splitlines() if "Player 1 " in line and line.strip().startswith("1"))
    assert row.split()[2:9] == ["1", "1", "0", "+1/-0", "0", "0", "0"]  # points, played 0, +1, byes, wins, BH
    assert "level with Player 3 on every tie-break" in text
    assert " p1 " not in text and "p4," not in text  # names everywhere, not ids

    trf = cli("tournament", "export", t, "--format", "trf").splitlines()
    assert trf[0] == "012 Forfeit Cup" and "062 6" in trf and "092 Swiss System (FIDE Dutch basics, PlayLedger)" in trf
    players = [line for line in trf if line.startswith("001")]
    assert len(players) == 6 and all(len(line) == 109 for line in players)  # 89 columns and two rounds of 10
    one = players[0]
    assert (one[4:8], one[14:47].rstrip(), one[80:84], one[85:89]) == ("   1", "Player 1", " 1.0", "   1")
    assert one[89:99] == "  0004 w +" and one[99:109] == "  0003 w  "  # round 1 won by forfeit; round 2 in play
    assert players[3][89:99] == "  0001 b -"  # Player 4 absent in round 1


def _game(text: str, table: int) -> str:
    return text.splitlines()[table].split()[-1]


def _wallet(text: str) -> str:
    return next(line for line in text.splitlines() if line.startswith("tokens saved in ")).removeprefix(
        "tokens saved in "
    )
