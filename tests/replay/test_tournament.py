"""A tournament audited as one: `verify --tournament ID` re-runs every game of it and writes a tournament
certificate whose digest rolls up the games' final hashes; `report --tournament` writes its page."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from replay import certificates
from replay.bench import play_out
from service.ledger.app import Ledger
from service.ledger.store import persistence_env
from tests.replay.conftest import replay_cli

tournament_module = pytest.importorskip("service.ledger.tournament")


def test_verify_and_certify_a_tournament(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'cup.db'}"
    ledger = Ledger(persistence_env(url))
    tournaments = tournament_module.Tournaments(ledger)
    players = [(f"p{i}", f"Player {i}") for i in range(4)]
    created = tournaments.create("Atiwa Cup", "atiwa", players, table_size=2, rounds=1)
    cup = created[0] if isinstance(created, tuple) else created  # (tournament, position)
    paired = tournaments.pair_round(cup.id)
    for n, table in enumerate(paired.games):
        play_out(ledger, table.created.game, f"cup {n}".encode())
    games = [str(t.created.game_id) for t in paired.games]
    ledger.close()

    certs = tmp_path / "certs"
    done = replay_cli("verify", "--store", url, "--tournament", str(cup.id), "--certificates", str(certs))
    assert done.returncode == 0, done.stdout + done.stderr
    assert sorted(line.split()[1].removeprefix("games/") for line in done.stdout.splitlines()) == sorted(games)
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
