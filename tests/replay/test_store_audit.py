"""The done-when of the audit tool, on SQLite and on PostgreSQL: after bot games of every game type,
`playledger-replay verify --store URL --all` exits 0; after one byte of one stored event changes it exits 1
and names that game and version. The audit's connection is read-only."""

from __future__ import annotations

import json
from uuid import UUID

import pytest

from bench.audit_bench import MIX, bot_game
from replay.sources import open_store
from service.ledger.app import Ledger
from service.ledger.store import persistence_env
from tests.replay.conftest import replay_cli
from tests.replay.test_verify import Rows

ONE_PER_TYPE = [next(s for s in MIX if s.rules == rules) for rules in dict.fromkeys(s.rules for s in MIX)]


def change_one_byte(rows: Rows, game: UUID, version: int) -> None:
    """One digit of the event's data, as raw bytes in the row, goes up by one."""
    state = rows.state(game, version)
    text = json.dumps(state["data"])
    i = next(i for i, ch in enumerate(text) if ch.isdigit())
    state["data"] = json.loads(text[:i] + str((int(text[i]) + 1) % 10) + text[i + 1 :])
    rows.put(game, version, state)


def test_verify_all_holds_then_names_the_changed_game_and_version(store_url: str) -> None:
    ledger = Ledger(persistence_env(store_url))
    games = [bot_game(ledger, setup, f"store audit {n}".encode()) for n, setup in enumerate(ONE_PER_TYPE)]
    ledger.close()
    assert len(ONE_PER_TYPE) == 5

    done = replay_cli("verify", "--store", store_url, "--all")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("ok       games/") == 5
    assert "5 games, 0 diverging" in done.stderr and "events/s" in done.stderr

    victim, version = games[2], 9
    rows = Rows(store_url)
    while not any(ch.isdigit() for ch in json.dumps(rows.state(victim, version)["data"])):
        version += 1
    change_one_byte(rows, victim, version)

    done = replay_cli("verify", "--store", store_url, "--all", "--jobs", "2")
    assert done.returncode == 1
    assert f"DIVERGES games/{victim}" in done.stdout
    assert f"at version {version}: " in done.stdout.split(f"DIVERGES games/{victim}")[1].splitlines()[1]
    assert done.stdout.count("ok       games/") == 4


def test_the_audit_connection_cannot_write(store_url: str) -> None:
    Ledger(persistence_env(store_url)).close()  # tables exist
    reader = open_store(store_url)
    try:
        if store_url.startswith("postgresql"):
            pool = reader.recorder.datastore.pool  # type: ignore[attr-defined]
            held = [pool.getconn() for _ in range(pool.max_size)]  # every session the pool may ever hand out
            try:
                for conn in held:
                    assert conn.execute("show default_transaction_read_only").fetchone() == {
                        "default_transaction_read_only": "on"
                    }
            finally:
                for conn in held:
                    pool.putconn(conn)
        for n in range(3):
            with pytest.raises(Exception, match=r"read-?only"):
                reader.create_game("atiwa", ["solo"], {}, seed=f"never stored {n}".encode())
    finally:
        reader.close()
    writer = Ledger(persistence_env(store_url))  # the read-only setting did not leak into this process's writers
    try:
        writer.create_game("atiwa", ["solo"], {}, seed=b"stored")
    finally:
        writer.close()
