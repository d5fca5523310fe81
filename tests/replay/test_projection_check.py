"""verify holds the games projection (the read model) against the re-run: the final scores must be the
recorded ones and the projection's; a projection behind the store is no divergence, one that differs is."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from bench.audit_bench import MIX, bot_game
from replay.projection import ABSENT, BEHIND, DIFFERS, MATCHES, ProjectionReader
from replay.sources import audit, open_store
from service.ledger.app import Ledger
from service.ledger.store import persistence_env
from tests.replay.conftest import replay_cli, start_unfinished

admin = pytest.importorskip("service.projections.admin")


def test_final_scores_must_equal_the_projections(tmp_path: Path) -> None:
    path = tmp_path / "games.db"
    url = f"sqlite:///{path}"
    ledger = Ledger(persistence_env(url))
    games = [bot_game(ledger, setup, f"projection {n}".encode()) for n, setup in enumerate(MIX[:4])]
    unfinished = start_unfinished(ledger)
    ledger.close()

    reader_ledger = open_store(url)
    assert not ProjectionReader(reader_ledger, persistence_env(url)).available  # no read models yet: not checked
    reader_ledger.close()

    admin.rebuild(persistence_env(url), names=["games"], progress=False, grace=0)
    done = replay_cli("verify", "--store", url, "--all", "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    verdicts = {v["game"]: v for v in map(json.loads, done.stdout.splitlines())}
    assert {verdicts[f"games/{g}"]["projection"] for g in [*games, unfinished]} == {MATCHES}

    conn = sqlite3.connect(path, isolation_level=None)
    find = "select name from sqlite_master where name like 'pl_games_g%' and type = 'table'"
    (table,) = conn.execute(find).fetchone()

    def tamper(sql: str, *params: object) -> dict[str, dict]:
        conn.execute(sql.replace("TABLE", table), params)
        reader = open_store(url)
        found = audit(reader, url, [*games, unfinished], progress=False)
        reader.close()
        return {str(v.game_id): v for v in found.verdicts}

    scores = json.loads(conn.execute(f"select scores from {table} where game = ?", (str(games[0]),)).fetchone()[0])
    wrong = [s + 1 for s in scores]
    after = tamper("update TABLE set scores = ? where game = ?", json.dumps(wrong), str(games[0]))
    v = after[str(games[0])]
    assert v.projection == DIFFERS and not v.ok
    assert f"the projection shows scores {wrong}, the rules score {scores}" in v.findings[0].message
    assert all(after[str(g)].ok for g in games[1:])

    after = tamper("update TABLE set version = version - 3 where game = ?", str(games[1]))
    assert after[str(games[1])].projection == BEHIND and after[str(games[1])].ok  # it catches up: no divergence

    after = tamper("update TABLE set version = version + 1 where game = ?", str(games[2]))
    v = after[str(games[2])]
    assert v.projection == DIFFERS and "the store ends at" in v.findings[0].message  # events gone from the store

    after = tamper("delete from TABLE where game = ?", str(games[3]))
    assert after[str(games[3])].projection == ABSENT and after[str(games[3])].ok
    conn.close()

    assert replay_cli("verify", "--store", url, str(games[0]), "--no-projection").returncode == 0
    assert replay_cli("verify", "--store", url, str(games[0])).returncode == 1
