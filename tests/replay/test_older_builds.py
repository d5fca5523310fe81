"""Records made by an older build (tests/replay/fixtures/pre_rulings, see tests/replay/old_store.py) keep
loading, projecting and verifying exactly as they did."""

from __future__ import annotations

from pathlib import Path

from service.ledger.app import Ledger
from service.ledger.store import persistence_env
from service.projections import admin
from service.projections.read import ReadModels
from service.tournaments.app import Tournaments
from tests.replay.old_store import PRE_RULINGS_STANDINGS, PRE_RULINGS_TOURNAMENT, load_old_store


def test_a_tournament_stored_before_the_package_moved_loads_and_projects(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    assert load_old_store(url) == 485
    ledger = Ledger(persistence_env(url))
    try:
        desk = Tournaments(ledger)
        t = desk.get(PRE_RULINGS_TOURNAMENT)  # its events name service.ledger.tournament: the topics are kept
        assert t.name == "Old Cup" and t.rounds_paired == 2 and len(t.rulings) == 2
        assert [(s.player, s.points) for s in desk.standings(t)] == PRE_RULINGS_STANDINGS
    finally:
        ledger.close()
    env = persistence_env(url)
    # The projection selects events by topic: the old ones are found.
    admin.rebuild(env, ["tournaments"], progress=False, grace=0)
    reads = ReadModels(env)
    try:
        found = reads.tournament(str(PRE_RULINGS_TOURNAMENT))
        assert found is not None
        assert [(s["player_id"], s["points"]) for s in found["standings"]] == PRE_RULINGS_STANDINGS
    finally:
        reads.close()
