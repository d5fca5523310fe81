"""Verify holds on bot games in bulk: over a thousand, of every game type, played through the ledger
(in-process, on SQLite, with a seeded random bot) and audited with the library the CLI uses.
The audit speed is measured and shown in the test summary ("audit speed"), never asserted."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bench.audit_bench import MIX, populate
from replay.sources import audit, open_store
from service.ledger.app import Ledger
from service.ledger.store import persistence_env

# Games per type, sized so that the whole file stays around a minute on two cores (Antics! games are the
# longest: ~700 events each). 1,010 games in all.
GAMES = {"hare-and-tortoise": 300, "baba-yaga": 300, "grasshopper-and-ant": 200, "atiwa": 150, "antics": 60}


@pytest.mark.parametrize("rules", sorted(GAMES))
def test_verify_holds_on_bot_games_in_bulk(rules: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    url = f"sqlite:///{tmp_path / 'bulk.db'}"
    mix = [setup for setup in MIX if setup.rules == rules]
    assert mix, rules
    ledger = Ledger(persistence_env(url))
    ids = populate(ledger, GAMES[rules], seed=f"bulk {rules}", mix=mix)
    ledger.close()

    reader = open_store(url)
    started = time.perf_counter()
    result = audit(reader, url, ids, progress=False)
    elapsed = time.perf_counter() - started
    reader.close()

    diverging = [v for v in result.verdicts if not v.ok]
    assert not diverging, [(str(v.game_id), v.findings[:2]) for v in diverging[:3]]
    assert len(result.verdicts) == GAMES[rules]
    assert all(v.finished and v.rules == rules and len(v.scores) == len(v.players) for v in result.verdicts)
    request.node.user_properties.append(
        (
            "audit_speed",
            f"{rules:20} {len(ids):4} games {result.events:7} events in {elapsed:5.1f}s: "
            f"{result.events / elapsed:8,.0f} events/s {len(ids) / elapsed:6.1f} games/s",
        )
    )
