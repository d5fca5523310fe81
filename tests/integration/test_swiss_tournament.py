"""A Swiss tournament of eight over three rounds, run as an organizer would, through the CLI and a real
server on each store: Dutch pairings, a forfeit that ends a game in play, bots finishing the rounds
(`tournament play --bots`), a score correction, then the audit: `playledger-replay verify --tournament`, a
signed certificate carrying the standings, `check-certificate`, and the report, all agreeing with
`playledger tournament standings` (JSON and CSV)."""

from __future__ import annotations

import csv
import io
import json
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.integration.conftest import BIN, ServerProcess, free_port
from tests.integration.test_read_models_cli import until

pytestmark = pytest.mark.slow
ORGANIZER = "org-secret"


@pytest.fixture
def organized(store_url: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Iterator[ServerProcess]:
    monkeypatch.setenv("PLAYLEDGER_ORGANIZER_TOKEN", ORGANIZER)  # read by the server (and by the CLI's --token)
    monkeypatch.setenv("PLAYLEDGER_HOME", str(tmp_path / "home"))
    srv = ServerProcess(store_url, free_port())
    srv.start()
    yield srv
    if srv.proc is not None and srv.proc.poll() is None:
        srv.stop()


def run(srv: ServerProcess, *args: str, ok: bool = True, json_out: bool = True) -> Any:
    done = subprocess.run(
        [str(BIN / "playledger"), *args, "--server", srv.target, *(["--json"] if json_out else [])],
        capture_output=True,
        text=True,
        timeout=600,
    )
    if not ok:
        return done
    assert done.returncode == 0, done.stdout + done.stderr
    return json.loads(done.stdout) if json_out else done.stdout


def replay(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(BIN / "playledger-replay"), *args], capture_output=True, text=True, timeout=600)


def rows_of(standings: dict[str, Any]) -> list[dict[str, Any]]:
    """GetStandings rows as the audit writes them (proto JSON leaves out zeros and writes int64 as text)."""
    return [
        {
            "rank": s["rank"],
            "player_id": s["player_id"],
            "player": s["player"],
            "points": float(s.get("points", 0)),
            "played": s.get("played", 0),
            "wins": s.get("wins", 0),
            "byes": s.get("byes", 0),
            "buchholz": float(s.get("buchholz", 0)),
            "score_sum": int(s.get("score_sum", 0)),
            "disqualified": s.get("disqualified", False),
            "forfeits_won": s.get("forfeits_won", 0),
            "forfeits_lost": s.get("forfeits_lost", 0),
            "separated_by": s.get("separated_by", ""),
        }
        for s in standings["standings"]
    ]


def test_a_swiss_of_eight_with_a_forfeit_and_a_correction_audits_to_the_published_standings(
    organized: ServerProcess, tmp_path: Path
) -> None:
    srv = organized
    t = run(srv, "tournament", "new", "Autumn Swiss", "--rules", "hare-and-tortoise", "--players", "8",
            "--table-size", "2", "--rounds", "3", "--option", "variant=turbo", "--actor", "Jo")  # fmt: skip
    name = t["name"]
    first = run(srv, "tournament", "pair", name)
    assert [g["player_ids"] for g in first["games"]] == [["p1", "p5"], ["p6", "p2"], ["p3", "p7"], ["p8", "p4"]]

    # p4 does not show up: the forfeit ends the game in its own stream, for every reader.
    game = first["games"][3]["game"]
    run(srv, "tournament", "rule", name, "forfeit", "--game", game, "--player", "p4",
        "--reason", "did not show up", "--actor", "arbiter Jane")  # fmt: skip
    refused = run(srv, "do", game, "play_cards", "cards=[]", "--as", "1", ok=False)
    assert refused.returncode == 1 and "GAME_RULED" in refused.stderr and "did not show up" in refused.stderr
    picked = run(srv, "do", game, "--pick", "0", "--as", "0", ok=False)
    assert picked.returncode == 1 and "is over: ended by a forfeit of p4" in picked.stderr
    shown = run(srv, "show", game)
    assert shown["status"]["finished"] and shown["status"]["phase"] == "ruled" and shown["ruling"]["kind"] == "forfeit"
    until(lambda: game not in {g["name"] for g in run(srv, "games", "--status", "active")}, "the game to leave play")
    assert game in {g["name"] for g in run(srv, "games", "--status", "finished")}

    played = run(srv, "tournament", "play", name, "--bots")
    assert played["round"] == 1 and {g["game"] for g in played["games"]} == {g["game"] for g in first["games"][:3]}
    second = run(srv, "tournament", "pair", name)
    met = {frozenset(g["player_ids"]) for g in first["games"]}
    assert second["round"] == 2 and not met & {frozenset(g["player_ids"]) for g in second["games"]}
    run(srv, "tournament", "play", name, "--bots")
    corrected = second["games"][0]["game"]
    run(srv, "tournament", "rule", name, "score_correction", "--game", corrected, "--score", "2", "--score", "9",
        "--reason", "miscounted", "--actor", "arbiter Jane")  # fmt: skip
    third = run(srv, "tournament", "pair", name, "--bots")  # pairing and playing in one go still works
    assert third["round"] == 3 and all("scores" in g for g in third["games"])
    met |= {frozenset(g["player_ids"]) for g in second["games"]}
    assert not met & {frozenset(g["player_ids"]) for g in third["games"]}

    standings = until(
        lambda: (s := run(srv, "tournament", "standings", name))["tournament"]["status"] == "finished" and s,
        "the standings of the finished tournament",
    )
    published = rows_of(standings)
    assert sum(r["points"] for r in published) == 12.0  # 12 games, one point each (the forfeit too)
    table = list(csv.DictReader(io.StringIO(run(srv, "tournament", "standings", name, "--csv", json_out=False))))
    assert [(r["player_id"], float(r["points"]), float(r["buchholz"])) for r in table] == [
        (r["player_id"], r["points"], r["buchholz"]) for r in published
    ]

    tid = name.removeprefix("tournaments/")
    key = tmp_path / "organizer.key"
    assert replay("keygen", str(key)).returncode == 0
    certs = tmp_path / "certs"
    verified = replay("verify", "--store", srv.store, "--tournament", tid, "--certificates", str(certs),
                      "--sign-key", str(key))  # fmt: skip
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert f"ok       tournaments/{tid}" in verified.stdout and "ended by a forfeit ruling" in verified.stdout
    cert_path = certs / "tournament-Autumn-Swiss.cert.json"
    cert = json.loads(cert_path.read_text())
    assert cert["verdict"] == "holds" and cert["standings"] == published
    checked = replay("check-certificate", str(cert_path), "--public-key", f"{key}.pub", "--store", srv.store)
    assert checked.returncode == 0, checked.stdout + checked.stderr

    out = tmp_path / "report"
    reported = replay("report", "--store", srv.store, "--tournament", tid, "--out", str(out), "--format", "json")
    assert reported.returncode == 0, reported.stderr
    page = json.loads((out / "index.json").read_text())
    assert page["standings"] == published and page["certificate"]["standings_digest"] == cert["standings_digest"]
    ruled = next(tb for tb in page["rounds"][0]["tables"] if tb["game"] == game)
    assert ruled["verdict"].startswith("holds; ended by a forfeit of p4")
