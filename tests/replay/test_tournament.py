"""A tournament audited as one: `verify --tournament ID` re-runs every game of it, recomputes its standings
from the re-run games, holds its rulings against the games' own streams, and writes a tournament certificate
that carries the standings (and their digest); `check-certificate` recomputes them; `report --tournament`
writes its page: standings, rounds, byes, rulings, each game's verdict."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from bench.audit_bench import play_out
from replay import certificates
from replay.recheck import recheck
from replay.tournament import GameFact
from service.ledger import signing
from service.ledger.app import Ledger
from service.ledger.store import persistence_env
from service.tournaments.app import Tournaments
from service.tournaments.standings import standing_json
from tests.projections.helpers import SHORT, play_to_end
from tests.replay.conftest import replay_cli
from tests.replay.old_store import PRE_RULINGS, PRE_RULINGS_TOURNAMENT, load_old_store


def test_verify_and_certify_a_tournament(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cup.db'}"
    ledger = Ledger(persistence_env(url))
    tournaments = Tournaments(ledger)
    players = [(f"p{i}", f"Player {i}") for i in range(4)]
    cup, _ = tournaments.create("Atiwa Cup", "atiwa", players, table_size=2, rounds=1)
    paired = tournaments.pair_round(cup.id)
    for n, table in enumerate(paired.games):
        play_out(ledger, table.created.game, f"cup {n}".encode())
    games = [str(t.created.game_id) for t in paired.games]
    ledger.close()

    certs = tmp_path / "certs"
    done = replay_cli("verify", "--store", url, "--tournament", str(cup.id), "--certificates", str(certs))
    assert done.returncode == 0, done.stdout + done.stderr
    verdicts = [line for line in done.stdout.splitlines() if line.split()[1].startswith("games/")]
    assert sorted(line.split()[1].removeprefix("games/") for line in verdicts) == sorted(games)
    cert = json.loads((certs / "tournament-Atiwa-Cup.cert.json").read_text())
    assert cert["tournament"] == "Atiwa Cup" and cert["verdict"] == "holds" and cert["rulings"] == []
    finals = {g["game"]: g["final_hash"] for g in cert["games"]}
    assert set(finals) == {f"games/{g}" for g in games}
    for game in games:
        assert finals[f"games/{game}"] == json.loads((certs / f"{game}.cert.json").read_text())["final_hash"]
    assert cert["digest"] == certificates.tournament_digest(cert["games"])
    checked = replay_cli("check-certificate", str(certs / "tournament-Atiwa-Cup.cert.json"), "--store", url)
    assert checked.returncode == 0, checked.stdout

    page = tmp_path / "cup"
    done = replay_cli("report", "--store", url, "--tournament", str(cup.id), "--out", str(page))
    assert done.returncode == 0, done.stderr
    assert "Tournament Atiwa Cup" in (page / "index.html").read_text()

    assert replay_cli("verify", "--store", url, "--tournament", "not-an-id").returncode == 2
    assert replay_cli("verify", "--store", url, "--tournament", games[0]).returncode == 2  # a game, not a tournament


@pytest.fixture(scope="module")
def swiss(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """A Swiss of seven over three rounds: a forfeit of an unplayed game in round 1, a score correction in
    round 2, byes every round; the authoritative standings as the tournament service computes them."""
    folder = tmp_path_factory.mktemp("swiss")
    url = f"sqlite:///{folder / 'swiss.db'}"
    ledger = Ledger(persistence_env(url))
    desk = Tournaments(ledger)
    t, _ = desk.create(
        "Spring Swiss", "hare-and-tortoise", [(f"p{i}", f"P{i}") for i in range(1, 8)], SHORT, "swiss", 2, 3
    )
    forfeited = corrected = ""
    for r in range(1, 4):
        paired = desk.pair_round(t.id)
        for n, g in enumerate(paired.games):
            gid = g.created.game_id
            if r == 1 and n == 0:
                play_to_end(ledger, gid, seed="two moves", stop_after=2)
                desk.record_ruling(t.id, "forfeit", "did not show up", "arbiter Jane", game_id=gid, player=g.players[1])
                forfeited = str(gid)
                continue
            play_to_end(ledger, gid, seed=str(gid))
        if r == 2:
            gid = paired.games[0].created.game_id
            desk.record_ruling(t.id, "score_correction", "miscounted", "arbiter Jane", game_id=gid, scores=[1, 9])
            corrected = str(gid)
    rows = [standing_json(s) for s in desk.standings(desk.get(t.id))]
    ledger.close()
    key = folder / "organizer.key"
    signing.generate_key(key)
    return {"url": url, "id": str(t.id), "rows": rows, "forfeited": forfeited, "corrected": corrected, "key": key}


def test_the_certificate_carries_the_standings_and_check_certificate_recomputes_them(
    swiss: dict[str, Any], tmp_path: Path
) -> None:
    certs = tmp_path / "certs"
    done = replay_cli(
        "verify", "--store", swiss["url"], "--tournament", swiss["id"], "--certificates", str(certs),
        "--sign-key", str(swiss["key"]),
    )  # fmt: skip
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"ok       tournaments/{swiss['id']}" in done.stdout
    path = certs / "tournament-Spring-Swiss.cert.json"
    cert = json.loads(path.read_text())
    assert cert["format"] == 3 and cert["standings"] == swiss["rows"]
    assert cert["standings_rule"] == "virtual-opponent" and cert["tournament_findings"] == []
    assert all(r["pairing"]["version"] == 1 for r in cert["rounds"])  # every round re-derived as paired
    assert cert["standings_digest"] == certificates.standings_digest(swiss["rows"])
    assert [r["round"] for r in cert["rounds"]] == [1, 2, 3] and all(len(r["byes"]) == 1 for r in cert["rounds"])
    ruled = next(g for g in cert["games"] if g["game"] == f"games/{swiss['forfeited']}")
    assert ruled["ruling"]["kind"] == "forfeit" and ruled["final_scores"] == []
    public = str(swiss["key"]) + ".pub"
    records = tmp_path / "records"  # the games' records: the standings recomputed with no database
    assert (
        replay_cli("export", "--store", swiss["url"], "--tournament", swiss["id"], "--out", str(records)).returncode
        == 0
    )
    for extra in ([], ["--store", swiss["url"]], ["--record", str(records)]):
        checked = replay_cli("check-certificate", str(path), "--public-key", public, *extra)
        assert checked.returncode == 0, checked.stdout + checked.stderr

    # Standings changed after signing (and re-signed by a forger with the key): they no longer follow from the
    # certificate's own rounds and results, nor from the games.
    forged = json.loads(path.read_text())
    forged["standings"][0], forged["standings"][1] = forged["standings"][1], forged["standings"][0]
    forged["standings_digest"] = certificates.standings_digest(forged["standings"])
    forged = certificates.sign(forged, signing.load_private_key(swiss["key"]))
    (tmp_path / "forged.json").write_text(json.dumps(forged))
    checked = replay_cli("check-certificate", str(tmp_path / "forged.json"), "--public-key", public)
    assert checked.returncode == 1 and "standings are not what" in checked.stdout
    # A ruling left out of the certificate, its standings recomputed to agree: alone, it fails only if the
    # dropped score correction decided round 3's pairing (that depends on how the bots' games went); its
    # rulings never agree with the store's tournament.
    dropped = {k: v for k, v in json.loads(path.read_text()).items() if k != "signature"}
    dropped["rulings"] = [r for r in dropped["rulings"] if r["kind"] != "score_correction"]
    stated = {g["game"].removeprefix("games/"): GameFact.of_certificate(g) for g in dropped["games"]}
    again = certificates.restated(dropped, stated)
    dropped["standings"] = again.standings_json()
    dropped["standings_digest"] = certificates.standings_digest(dropped["standings"])
    assert dropped["standings"] != swiss["rows"]  # the correction mattered
    (tmp_path / "dropped.json").write_text(json.dumps(dropped))
    alone = replay_cli("check-certificate", str(tmp_path / "dropped.json"))
    repaired = [f for f in again.findings if f.startswith("pairing differs at round 3, table ")]
    assert alone.returncode == (1 if repaired else 0) and all(f in alone.stdout for f in repaired)
    assert "the certificate's rulings are not the store's tournament's" in recheck(dropped, [], swiss["url"])


def test_the_report_shows_standings_rounds_byes_rulings_and_verdicts(swiss: dict[str, Any], tmp_path: Path) -> None:
    def report(out: Path, *fmt: str) -> Path:
        done = replay_cli("report", "--store", swiss["url"], "--tournament", swiss["id"], "--out", str(out), *fmt)
        assert done.returncode == 0, done.stderr
        return out

    page = json.loads((report(tmp_path / "json", "--format", "json") / "index.json").read_text())
    assert page["standings"] == swiss["rows"] and page["verdict"] == "holds"
    assert page["certificate"]["standings"] == swiss["rows"]
    assert [r["round"] for r in page["rounds"]] == [1, 2, 3]
    assert page["rounds"][-1]["standings"] == swiss["rows"]  # after the last round: the final standings
    first = page["rounds"][0]
    assert [t["players"] for t in first["tables"]] == [["p1", "p4"], ["p5", "p2"], ["p3", "p6"]]
    assert [t["names"] for t in first["tables"]] == [["P1", "P4"], ["P5", "P2"], ["P3", "P6"]]
    assert first["byes"] == ["p7"] and first["bye_names"] == ["P7"]
    assert first["pairing"]["checked"] == "re-derived from the standings before it: as recorded"
    ruled = next(t for t in first["tables"] if t["game"] == f"games/{swiss['forfeited']}")
    assert ruled["verdict"] == "holds; ended by a forfeit of P4 (did not show up)" and ruled["points"] == [1.0, 0.0]
    assert ruled["results"] == ["+", "\u2212"]  # not played: + for the player present, a minus for the absent
    kinds = {(r["kind"], r["reason"], r["actor"]) for r in page["rulings"]}
    assert kinds == {("forfeit", "did not show up", "arbiter Jane"), ("score_correction", "miscounted", "arbiter Jane")}
    forfeit = next(r for r in page["rulings"] if r["kind"] == "forfeit")
    assert forfeit["ended_games"] == [f"games/{swiss['forfeited']}"] and forfeit["player"] == "p4" and forfeit["time"]

    text = (report(tmp_path / "html") / "index.html").read_text()
    for words in ("Standings", "Buchholz", "Round 3", "Standings after round 2", "Bye: P7", "did not show up",
                  "ended by a forfeit of P4", "scores corrected to [1, 9]", "standings digest",
                  "Order: points, then Buchholz, then wins, then total score.", "+ : \u2212",
                  "How round 2 was paired", "re-derived from the standings before it: as recorded"):  # fmt: skip
        assert words in text, words
    assert "(p1)" not in text and ">p4<" not in text  # names, never ids
    # The forfeited game's own page: where it was played, who was absent, and no chart of final scores.
    forfeited = (tmp_path / "html" / f"{swiss['forfeited']}.html").read_text()
    assert "round 1, table 1 of Spring Swiss" in forfeited
    ruled = "none: not finished at the table, ended by a ruling: forfeit: P1 + (wins by forfeit), P4 \u2212 (absent)"
    assert ruled in forfeited
    assert "Scores at the end" not in forfeited
    assert "Wins by player" not in text
    assert "## Rulings" in (report(tmp_path / "md", "--format", "md") / "index.md").read_text()


def test_a_ruling_the_game_stream_does_not_show_is_a_tournament_divergence(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'x.db'}"
    ledger = Ledger(persistence_env(url))
    desk = Tournaments(ledger)
    t, _ = desk.create("Cup", "hare-and-tortoise", [(f"p{i}", f"P{i}") for i in range(1, 5)], SHORT, "swiss", 2, 1)
    paired = desk.pair_round(t.id)
    gid = paired.games[0].created.game_id
    # A ruling recorded as if it had ended the game, without the game's EndedByRuling (a doctored store).
    tournament = desk.get(t.id)
    tournament.record_ruling(
        kind="forfeit", game=str(gid), player="p1", scores=None, winners=None, reason="x", actor="y", at_ms=1,
        ended=[str(gid)],
    )  # fmt: skip
    ledger.save(tournament)
    ledger.close()
    done = replay_cli("verify", "--store", url, "--tournament", str(t.id))
    assert done.returncode == 1 and "its stream has no such ruling" in done.stdout


def test_a_certificate_of_an_older_build_still_checks(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    load_old_store(url)
    cert = PRE_RULINGS / "tournament.cert.json"
    done = replay_cli("check-certificate", str(cert), "--public-key", str(PRE_RULINGS / "signer.pub"), "--store", url)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "format 1" in done.stderr
    assert json.loads(cert.read_text())["format"] == 1 and UUID(str(PRE_RULINGS_TOURNAMENT))
