"""playledger-replay verify: clean games pass; a changed byte, a dropped or reordered event, a changed
seed or rules version in the stored rows are each found and named (SQLite and PostgreSQL)."""

from __future__ import annotations

import json
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from uuid import UUID

import pytest

from service.ledger.app import Ledger
from service.ledger.store import persistence_env
from service.rules.core import Rng

BIN = Path(sys.executable).parent


def play(ledger: Ledger, rules: str, players: int, options: dict, seed: bytes) -> UUID:
    created = ledger.create_game(rules, [f"p{i}" for i in range(players)], options, seed=seed)
    bot = Rng(seed, 0)
    for n in range(5000):
        game = ledger.get_game(created.game_id)
        status = game.rules.status(game.state)
        if status.finished:
            return created.game_id
        seat = status.to_act[0]
        choices = game.rules.legal_commands(game.state, seat)
        ledger.submit(created.game_id, seat, choices[bot.below(len(choices))], f"r{n}")
    raise AssertionError("unfinished")


def verify(store: str, *args: str) -> tuple[int, list[dict]]:
    done = subprocess.run(
        [str(BIN / "playledger-replay"), "verify", "--store", store, "--json", *args],
        capture_output=True,
        text=True,
        timeout=300,
    )
    return done.returncode, [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


class Rows:
    """Raw access to the stored events, to tamper with them as an attacker with database access would."""

    def __init__(self, store: str) -> None:
        self.store = store
        if store.startswith("sqlite"):
            self.conn: object = sqlite3.connect(store.removeprefix("sqlite:///"))
            self.table, self.mark = "stored_events", "?"
        else:
            import psycopg

            self.conn = psycopg.connect(store, autocommit=True)
            self.table, self.mark = "playledger_events", "%s"

    def _sql(self, sql: str, *params: object) -> list[tuple]:
        cur = self.conn.execute(sql.replace("?", self.mark), params)  # type: ignore[attr-defined]
        rows = cur.fetchall() if cur.description else []
        if isinstance(self.conn, sqlite3.Connection):
            self.conn.commit()
        return rows

    def state(self, game: UUID, version: int) -> dict:
        (raw,) = self._sql(
            f"select state from {self.table} where originator_id = ? and originator_version = ?",
            self._id(game),
            version,
        )[0]
        return json.loads(bytes(raw))

    def put(self, game: UUID, version: int, state: dict) -> None:
        self._sql(
            f"update {self.table} set state = ? where originator_id = ? and originator_version = ?",
            json.dumps(state).encode(),
            self._id(game),
            version,
        )

    def delete(self, game: UUID, version: int) -> None:
        self._sql(
            f"delete from {self.table} where originator_id = ? and originator_version = ?", self._id(game), version
        )

    def insert_copy(self, game: UUID, version: int) -> None:
        """Insert a copy of the event at `version` just before it, renumbering the later ones."""
        ((topic, raw),) = self._sql(
            f"select topic, state from {self.table} where originator_id = ? and originator_version = ?",
            self._id(game),
            version,
        )
        later = self._sql(
            f"select originator_version from {self.table} where originator_id = ? and originator_version >= ? "
            "order by originator_version desc",
            self._id(game),
            version,
        )
        for (v,) in later:  # one at a time, highest first: the primary key never collides
            self._sql(
                f"update {self.table} set originator_version = ? where originator_id = ? and originator_version = ?",
                v + 1,
                self._id(game),
                v,
            )
        self._sql(
            f"insert into {self.table} (originator_id, originator_version, topic, state) values (?, ?, ?, ?)",
            self._id(game),
            version,
            topic,
            bytes(raw),
        )

    def _id(self, game: UUID) -> object:
        return game.hex if isinstance(self.conn, sqlite3.Connection) else game


def bump_card(state: dict) -> None:
    """Change one byte of one field of one event: the first digit in its data."""
    text = json.dumps(state["data"])
    i = next(i for i, ch in enumerate(text) if ch.isdigit())
    state["data"] = json.loads(text[:i] + str((int(text[i]) + 1) % 10) + text[i + 1 :])


TAMPERS: dict[str, Callable[[Rows, UUID], int]] = {}


def tamper(fn: Callable[[Rows, UUID], int]) -> Callable[[Rows, UUID], int]:
    TAMPERS[fn.__name__] = fn
    return fn


@tamper
def changed_event_data(rows: Rows, game: UUID) -> int:
    s = rows.state(game, 6)
    bump_card(s)
    rows.put(game, 6, s)
    return 6


@tamper
def changed_data_with_a_recomputed_hash(rows: Rows, game: UUID) -> int:
    from service.ledger import chain

    s = rows.state(game, 5)
    bump_card(s)
    created = rows.state(game, 1)  # the store holds the seed: an attacker there can salt a link as the server did
    hashing = chain.Chain(created.get("chain_format") or 1, bytes.fromhex(created["seed_hex"]))
    fields = {k: s[k] for k in chain.LINK_FIELDS["EventRecorded"]}
    s["hash"] = hashing.link(5, "EventRecorded", fields, s["prev_hash"])  # consistent; the next link no longer is
    rows.put(game, 5, s)
    return 5


@tamper
def deleted_event(rows: Rows, game: UUID) -> int:
    rows.delete(game, 7)
    return 7


@tamper
def inserted_event(rows: Rows, game: UUID) -> int:
    rows.insert_copy(game, 7)  # a replayed command: its copy links, the original after it no longer does
    return 7


@tamper
def swapped_events(rows: Rows, game: UUID) -> int:
    a, b = rows.state(game, 8), rows.state(game, 9)
    rows.put(game, 8, b)
    rows.put(game, 9, a)
    return 8


@tamper
def changed_seed(rows: Rows, game: UUID) -> int:
    s = rows.state(game, 1)
    s["seed_hex"] = "00" + s["seed_hex"][2:]
    rows.put(game, 1, s)
    return 1


@tamper
def changed_rules_version(rows: Rows, game: UUID) -> int:
    s = rows.state(game, 1)
    s["rules_version"] = 99
    rows.put(game, 1, s)
    return 1


@tamper
def changed_recorded_scores(rows: Rows, game: UUID) -> int:
    ledger = Ledger(persistence_env(rows.store))
    last = ledger.get_game(game).version
    ledger.close()
    s = rows.state(game, last)
    s["scores"][0] += 1
    rows.put(game, last, s)
    return last


@pytest.mark.parametrize("how", sorted(TAMPERS))
def test_verify_finds_each_kind_of_tampering(store_url: str, how: str) -> None:
    ledger = Ledger(persistence_env(store_url))
    clean = play(ledger, "hare-and-tortoise", 3, {}, b"clean")
    victim = play(ledger, "hare-and-tortoise", 2, {"variant": "turbo"}, b"victim")
    ledger.close()
    rc, verdicts = verify(store_url, "--all")
    assert rc == 0 and all(v["ok"] for v in verdicts) and len(verdicts) == 2

    version = TAMPERS[how](Rows(store_url), victim)
    rc, verdicts = verify(store_url, "--all")
    assert rc == 1
    by_game = {v["game"]: v for v in verdicts}
    assert by_game[f"games/{clean}"]["ok"]
    found = by_game[f"games/{victim}"]["findings"]
    assert found, how
    assert found[0]["version"] <= version + 1, found


def test_verify_exits_2_on_usage_errors(tmp_path) -> None:  # type: ignore[no-untyped-def]
    rc, _ = verify(f"sqlite:///{tmp_path / 'missing.db'}", "--all")
    assert rc == 2
    rc, _ = verify("mysql://nope", "--all")
    assert rc == 2
