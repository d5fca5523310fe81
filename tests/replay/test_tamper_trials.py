"""Tamper trials: stored rows of bot games of every type are mutated at random, one mutation at a time, the
way someone with write access to the database could; each must be found, at the right version, with the
right finding. Every mutation is undone before the next, and the untouched store verifies clean again."""

from __future__ import annotations

import json
import re
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

from replay.sources import open_store, verify_one
from service.rules.core import Rng
from tests.replay.conftest import Store

TRIALS = 240
# Each kind of tampering, weighted: a changed event field is the likeliest attack.
KINDS = ["field"] * 3 + ["link", "reveal", "delete", "delete_reveal", "swap", "insert", "seed", "rules", "header"]
CHAIN_CONTENT = r"hash chain broken at .*: its hash does not match its content"
CHAIN_LINK = r"hash chain broken at .*: prev_hash does not link"


@dataclass
class Tamper:
    version: int  # where the first finding must be
    pattern: str  # what it must say
    undo: Callable[[], None]
    what: str


class Rows:
    """The stored events of one game in the SQLite store, as (version, decoded state) pairs."""

    def __init__(self, conn: sqlite3.Connection, game: UUID) -> None:
        self.conn, self.id = conn, game.hex
        found = conn.execute(
            "select originator_version, topic, state from stored_events where originator_id = ? "
            "order by originator_version",
            (self.id,),
        ).fetchall()
        self.rows = {v: (topic, json.loads(bytes(state))) for v, topic, state in found}
        self.last = max(self.rows)

    def put(self, version: int, state: dict[str, Any]) -> None:
        self.conn.execute(
            "update stored_events set state = ? where originator_id = ? and originator_version = ?",
            (json.dumps(state).encode(), self.id, version),
        )

    def insert(self, version: int, topic: str, state: dict[str, Any]) -> None:
        self.conn.execute(
            "insert into stored_events (originator_id, originator_version, topic, state) values (?, ?, ?, ?)",
            (self.id, version, topic, json.dumps(state).encode()),
        )

    def delete(self, version: int) -> None:
        self.conn.execute(
            "delete from stored_events where originator_id = ? and originator_version = ?", (self.id, version)
        )

    def shift(self, start: int, by: int) -> None:
        """Renumber versions >= start by `by`, one row at a time so the primary key never collides."""
        versions = sorted((v for v in self.rows if v >= start), reverse=by > 0)
        for v in versions:
            self.conn.execute(
                "update stored_events set originator_version = ? where originator_id = ? and originator_version = ?",
                (v + by, self.id, v),
            )

    def restore(self) -> None:
        self.conn.execute("delete from stored_events where originator_id = ?", (self.id,))
        for v, (topic, state) in self.rows.items():
            self.insert(v, topic, state)


def mutate_leaf(value: Any, rng: Rng) -> Any:
    """The same value with one leaf changed (a number, a flag, a piece of text), or None if it has none."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return value + 1 + rng.below(3)
    if isinstance(value, str):
        return value + "x"
    if value is None:
        return 0
    if isinstance(value, list) and value:
        i = rng.below(len(value))
        changed = mutate_leaf(value[i], rng)
        return None if changed is None else [*value[:i], changed, *value[i + 1 :]]
    if isinstance(value, dict) and value:
        key = rng.choice(sorted(value))
        changed = mutate_leaf(value[key], rng)
        return None if changed is None else {**value, key: changed}
    return None


def tamper(rows: Rows, rng: Rng) -> Tamper:
    """One random mutation of one game's rows, with the finding it must produce."""
    recorded = [v for v, (topic, _) in rows.rows.items() if topic.endswith("EventRecorded")]
    kind = rng.choice(KINDS)
    undo = rows.restore
    if kind == "field":
        v = rng.choice(recorded)
        state = dict(rows.rows[v][1])
        key = rng.choice(["name", "data", "data", "seat", "command", "request_id", "at_ms"])
        changed = mutate_leaf(state[key], rng) if state[key] != {} else None
        state[key] = changed if changed is not None else {"x": 1}
        rows.put(v, state)
        return Tamper(v, CHAIN_CONTENT, undo, f"changed {key} of version {v}")
    if kind == "link":
        v = rng.choice(recorded)
        key = rng.choice(["prev_hash", "hash"])
        state = {**rows.rows[v][1], key: f"{rng.below(1 << 63):064x}"}
        rows.put(v, state)
        return Tamper(v, CHAIN_LINK if key == "prev_hash" else CHAIN_CONTENT, undo, f"changed {key} of version {v}")
    if kind == "reveal":
        key = rng.choice(["scores", "winners", "seed_hex"])
        state = dict(rows.rows[rows.last][1])
        state[key] = mutate_leaf(state[key], rng) if state[key] else [0]
        rows.put(rows.last, state)
        return Tamper(rows.last, CHAIN_CONTENT, undo, f"changed the revealed {key}")
    if kind == "delete":
        v = rng.choice(recorded[1:])  # keep setup's first event: that is the "insert"/"link" cases' ground
        rows.delete(v)
        return Tamper(v, r"gap", undo, f"deleted version {v}")
    if kind == "delete_reveal":
        rows.delete(rows.last)
        return Tamper(rows.last, r"finished but its seed was never revealed", undo, "deleted the reveal")
    if kind == "swap":
        v = rng.choice(recorded[:-1])
        (_, a), (_, b) = rows.rows[v], rows.rows[v + 1]
        rows.put(v, b)
        rows.put(v + 1, a)
        return Tamper(v, r"hash chain broken", undo, f"swapped versions {v} and {v + 1}")
    if kind == "insert":
        v = rng.choice(recorded)
        rows.shift(v, 1)
        rows.insert(v, *rows.rows[v])  # a copy of the event, just before it
        return Tamper(v + 1, CHAIN_LINK, undo, f"inserted a copy of version {v}")
    header = dict(rows.rows[1][1])
    if kind == "seed":
        header["seed_hex"] = f"{rng.below(1 << 63):064x}"
        rows.put(1, header)
        return Tamper(1, r"the seed does not match its commitment", undo, "changed the seed")
    if kind == "rules":
        header["rules_version"] += 1 + rng.below(5)
        rows.put(1, header)
        return Tamper(1, r"cannot load .* rules version", undo, "changed the rules version")
    key = rng.choice(["players", "options", "seed_commitment", "seed_source"])
    if key == "players":
        header["players"] = [*header["players"][:-1], "mallory"]
    else:
        header[key] = mutate_leaf(header[key], rng) or {"extra": True}
    rows.put(1, header)
    if key == "seed_commitment":  # the seed no longer matches it: found at the header itself
        return Tamper(1, r"the seed does not match its commitment", undo, "changed the seed commitment")
    # Found where the chain leaves the header, or at the header itself when it cannot even set up a game.
    return Tamper(2, r"prev_hash does not link to the header", undo, f"changed the header's {key}")


def test_random_tampering_of_stored_rows_is_always_found_and_named(games_store: Store, tmp_path: Path) -> None:
    copy = tmp_path / "copy.db"
    with sqlite3.connect(games_store.path) as src, sqlite3.connect(copy) as dst:
        src.backup(dst)
    conn = sqlite3.connect(copy, isolation_level=None)
    ledger = open_store(f"sqlite:///{copy}")  # read-only, as an auditor opens it
    rng = Rng(b"tamper trials", 0)
    kinds_seen = set()
    try:
        for trial in range(TRIALS):
            game = rng.choice(games_store.finished)
            rows = Rows(conn, game)
            conn.execute("begin")
            t = tamper(rows, rng)
            conn.execute("commit")
            kinds_seen.add(t.what.split(" of ")[0].split(" version")[0])
            verdict = verify_one(ledger, game)
            assert not verdict.ok, f"trial {trial}: {t.what} in games/{game} went unnoticed"
            first = verdict.findings[0]
            if t.version == 2 and first.version == 1 and "the header cannot set up a game" in first.message:
                first = verdict.findings[1]
            assert (first.version, bool(re.search(t.pattern, first.message))) == (t.version, True), (
                f"trial {trial}: {t.what} in games/{game} ({verdict.rules}): expected a finding at version "
                f"{t.version} matching {t.pattern!r}, got {verdict.findings[:3]}"
            )
            conn.execute("begin")
            t.undo()
            conn.execute("commit")
            if trial % 40 == 0:
                assert verify_one(ledger, game).ok, f"trial {trial}: undoing {t.what} did not restore the game"
    finally:
        ledger.close()
        conn.close()
    assert len(kinds_seen) >= 10, kinds_seen  # the trials covered the kinds of tampering
    for game in games_store.finished:  # nothing left behind
        assert verify_one(open_store(f"sqlite:///{copy}"), game).ok
