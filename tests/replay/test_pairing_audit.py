"""Pairings audited: `verify --tournament` re-derives every round the server paired from the standings before
it, and names the round and table of the first difference; a certificate re-derives them from its own facts;
a format 2 certificate of an earlier build still checks."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from replay import certificates
from service.ledger import signing
from service.ledger.app import Ledger
from service.ledger.store import persistence_env
from service.tournaments.app import Tournaments
from tests.projections.helpers import SHORT
from tests.replay.conftest import replay_cli
from tests.replay.old_store import PRE_PAIRING_AUDIT, PRE_PAIRING_AUDIT_TOURNAMENT, load_old_store

PLAYERS = [(f"p{i}", f"Player {i}") for i in range(1, 7)]
# Round 1 every second seat forfeits, so round 2 is known: 1 v 3, 4 v 5 (5 floats down, past 2 whom it met), 2 v 6.
ROUND_2 = [["p1", "p3"], ["p4", "p5"], ["p2", "p6"]]


def forfeit_swiss(url: str, rounds: int = 2) -> tuple[Tournaments, UUID]:
    """Six players; in every round the second seat of each game does not show up (results known in advance)."""
    desk = Tournaments(Ledger(persistence_env(url)))
    t, _ = desk.create("Forfeit Swiss", "hare-and-tortoise", PLAYERS, SHORT, "swiss", 2, 3)
    for _ in range(rounds):
        for g in desk.pair_round(t.id).games:
            desk.record_ruling(t.id, "forfeit", "no show", "Jo", game_id=g.created.game_id, player=g.players[1])
    return desk, t.id


@pytest.fixture
def store(tmp_path: Path) -> dict[str, Any]:
    url = f"sqlite:///{tmp_path / 'swiss.db'}"
    desk, tid = forfeit_swiss(url)
    t = desk.get(tid)
    assert [t.games[g][1] for g in t.pairings[2]["games"]] == ROUND_2
    desk._ledger.close()
    return {"url": url, "path": tmp_path / "swiss.db", "id": str(tid)}


def rewrite_round(path: Path, tournament: str, round_no: int, change: Any) -> None:
    """Rewrite the stored GamesAdded event of a round (its table assignment) in place, as a forger with the
    database would."""
    with sqlite3.connect(path) as conn:
        rows = conn.execute(
            "select originator_version, state from stored_events where originator_id = ? and topic like ?",
            (UUID(tournament).hex, "%GamesAdded"),
        ).fetchall()
        for version, state in rows:
            event = json.loads(bytes(state))
            if event["round"] == round_no:
                change(event)
                conn.execute(
                    "update stored_events set state = ? where originator_id = ? and originator_version = ?",
                    (json.dumps(event).encode(), UUID(tournament).hex, version),
                )


def test_a_rewritten_table_assignment_is_named_by_round_and_table(store: dict[str, Any], tmp_path: Path) -> None:
    done = replay_cli("verify", "--store", store["url"], "--tournament", store["id"])
    assert done.returncode == 0, done.stdout + done.stderr
    assert "2 of 2 rounds re-derived as paired" in done.stdout

    def swap_tables(event: dict[str, Any]) -> None:  # the same games, so every game still seats its players
        event["games"][0], event["games"][1] = event["games"][1], event["games"][0]

    rewrite_round(store["path"], store["id"], 2, swap_tables)
    done = replay_cli("verify", "--store", store["url"], "--tournament", store["id"])
    assert done.returncode == 1, done.stdout + done.stderr
    assert (
        "pairing differs at round 2, table 1: the standings before it give Player 1 vs Player 3, "
        "the tournament recorded Player 4 vs Player 5"
    ) in done.stdout


def test_a_round_paired_by_hand_but_recorded_as_the_servers_is_a_finding(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'rigged.db'}"
    desk, tid = forfeit_swiss(url, rounds=1)
    ledger = desk._ledger
    t = desk.get(tid)
    rigged = [["p1", "p2"], ["p3", "p4"], ["p5", "p6"]]  # 1 v 2: the organizer's favourite meets the weakest
    games = [ledger.create_game("hare-and-tortoise", seats, SHORT, player_ids=seats) for seats in rigged]
    t.add_games(2, [{"game": str(g.game_id), "players": s} for g, s in zip(games, rigged, strict=True)], [], "Jo", 1, 1)
    ledger.save(t)
    ledger.close()
    done = replay_cli("verify", "--store", url, "--tournament", str(t.id))
    assert done.returncode == 1
    assert "pairing differs at round 2, table 1: the standings before it give Player 1 vs Player 3" in done.stdout


def test_a_certificate_re_derives_its_own_pairings(store: dict[str, Any], tmp_path: Path) -> None:
    key = tmp_path / "organizer.key"
    signing.generate_key(key)
    certs = tmp_path / "certs"
    done = replay_cli("verify", "--store", store["url"], "--tournament", store["id"], "--certificates", str(certs))
    assert done.returncode == 0, done.stdout + done.stderr
    cert = json.loads((certs / "tournament-Forfeit-Swiss.cert.json").read_text())
    assert cert["format"] == 3 and [len(r["pairing"]["tables"]) for r in cert["rounds"]] == [3, 3]
    # Swap two tables of round 2 and sign it again: the results and standings are the same, the pairing is not.
    tables = cert["rounds"][1]["pairing"]["tables"]
    tables[0], tables[1] = tables[1], tables[0]
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(certificates.sign(cert, signing.load_private_key(key))))
    checked = replay_cli("check-certificate", str(forged), "--public-key", f"{key}.pub")
    assert checked.returncode == 1 and "pairing differs at round 2, table 1" in checked.stdout


def test_a_format_2_certificate_of_an_earlier_build_still_checks(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    load_old_store(url, PRE_PAIRING_AUDIT)
    cert = PRE_PAIRING_AUDIT / "tournament.cert.json"
    key = str(PRE_PAIRING_AUDIT / "signer.pub")
    for extra in ([], ["--store", url]):
        done = replay_cli("check-certificate", str(cert), "--public-key", key, *extra)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "a format 2 certificate" in done.stderr
    old = {r["player_id"]: r for r in json.loads(cert.read_text())["standings"]}
    assert (old["p1"]["played"], old["p1"]["buchholz"]) == (2, 2.0)  # the forfeit counted as played, p3's point in

    # This build audits the same tournament again: its rounds re-derive as paired (from before pairing versions,
    # so a difference would only be noted), and the forfeit counts as FIDE counts it.
    certs = tmp_path / "certs"
    tid = str(PRE_PAIRING_AUDIT_TOURNAMENT)
    done = replay_cli("verify", "--store", url, "--tournament", tid, "--certificates", str(certs), "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    line = json.loads(done.stdout.splitlines()[-1])
    assert line["pairings"] == {"1": "re-derived from the standings before it: as recorded"} | {
        "2": "re-derived from the standings before it: as recorded"
    }
    now = {r["player_id"]: r for r in line["standings"]}
    assert (now["p1"]["played"], now["p1"]["forfeits_won"], now["p1"]["buchholz"]) == (1, 1, 1.5)
    assert (now["p3"]["played"], now["p3"]["forfeits_lost"]) == (0, 1)
