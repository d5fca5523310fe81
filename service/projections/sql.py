"""The little SQL the read models need, written once for SQLite and PostgreSQL.

Read-model tables live in the same database as the events. Each projection
writes into one *generation* of its tables (`pl_games_g3`, ...); a pointer
table names the generation readers use, so a rebuild fills a new generation
while the old one keeps serving, then switches the pointer in one transaction.
Statements are written with `?` placeholders; PostgreSQL gets `%s`.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Literal, cast

from eventsourcing.persistence import InfrastructureFactory
from eventsourcing.utils import Environment

Backend = Literal["sqlite", "postgres"]
POINTER_TABLE = "pl_projection_generations"
_IDENT = re.compile(r"^[a-z][a-z0-9_]{0,50}$")

# Column kinds -> (SQLite type, PostgreSQL type). JSON is canonical text, booleans 0/1, so a
# dump of a table reads the same on both backends and across rebuilds.
COLUMN_TYPES: dict[str, tuple[str, str]] = {
    "int": ("INTEGER", "BIGINT"),
    "float": ("REAL", "DOUBLE PRECISION"),
    "text": ("TEXT", "TEXT"),
    "json": ("TEXT", "TEXT"),
    "bool": ("INTEGER", "SMALLINT"),
}


def dumps(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


@dataclass(frozen=True)
class Table:
    """A read-model table: its logical name, columns (name -> kind), key and extra indexes."""

    name: str
    columns: tuple[tuple[str, str], ...]
    key: tuple[str, ...]
    indexes: tuple[tuple[str, ...], ...] = ()
    _names: tuple[str, ...] = field(init=False, repr=False, compare=False, default=())

    def __post_init__(self) -> None:
        assert _IDENT.match(self.name), self.name
        for column, kind in self.columns:
            assert _IDENT.match(column) and kind in COLUMN_TYPES, (column, kind)
        object.__setattr__(self, "_names", tuple(c for c, _ in self.columns))  # read on every staged row

    @property
    def column_names(self) -> tuple[str, ...]:
        return self._names

    def kinds(self) -> dict[str, str]:
        return dict(self.columns)

    def physical(self, generation: int) -> str:
        return f"pl_{self.name}_g{generation}"

    def create_statements(self, backend: Backend, generation: int) -> list[str]:
        table = self.physical(generation)
        col = 0 if backend == "sqlite" else 1
        cols = ", ".join(f"{c} {COLUMN_TYPES[k][col]}" for c, k in self.columns)
        out = [f"CREATE TABLE IF NOT EXISTS {table} ({cols}, PRIMARY KEY ({', '.join(self.key)}))"]
        for i, index in enumerate(self.indexes):
            out.append(f"CREATE INDEX IF NOT EXISTS {table}_i{i} ON {table} ({', '.join(index)})")
        return out

    def encode(self, row: Mapping[str, Any]) -> tuple[Any, ...]:
        out = []
        for column, kind in self.columns:
            value = row.get(column)
            if value is not None and kind == "json":
                value = dumps(value)
            elif value is not None and kind == "bool":
                value = 1 if value else 0
            elif value is not None and kind == "float":
                value = float(value)
            out.append(value)
        return tuple(out)

    def decode(self, raw: Mapping[str, Any]) -> dict[str, Any]:
        row: dict[str, Any] = {}
        for column, kind in self.columns:
            value = raw[column]
            if value is not None and kind == "json":
                value = json.loads(value)
            elif value is not None and kind == "bool":
                value = bool(value)
            row[column] = value
        return row

    def key_of(self, row: Mapping[str, Any]) -> tuple[Any, ...]:
        return tuple(row[k] for k in self.key)


def backend_of(env: Mapping[str, str]) -> Backend:
    module = env.get("PERSISTENCE_MODULE", "")
    if module == "eventsourcing.sqlite":
        return "sqlite"
    if module == "eventsourcing.postgres":
        return "postgres"
    raise ValueError(f"read models need a SQLite or PostgreSQL store, not {module or 'an in-memory one'}")


def datastore_for(env: Mapping[str, str], name: str = "pl_read_models", pool: tuple[int, int] = (1, 3)) -> Any:
    """A connection pool on the event store's database, configured like the library's own.

    pool: (connections kept open, extra ones opened on demand) on PostgreSQL; the read side needs few.
    """
    settings = dict(env)
    settings["POSTGRES_POOL_SIZE"], settings["POSTGRES_MAX_OVERFLOW"] = str(pool[0]), str(pool[1])
    factory: Any = InfrastructureFactory.construct(env=Environment(name, settings))
    return factory.datastore


class Cursor:
    """One transaction's cursor with `?` placeholders and rows as dicts, on either backend."""

    def __init__(self, raw: Any, backend: Backend) -> None:
        self.raw, self.backend = raw, backend

    def sql(self, statement: str) -> Any:
        return statement if self.backend == "sqlite" else statement.replace("?", "%s")

    def execute(self, statement: str, params: Sequence[Any] = ()) -> Cursor:
        if params:
            self.raw.execute(self.sql(statement), tuple(params))
        else:
            self.raw.execute(statement)  # no placeholders: a literal % (LIKE) must stay as it is
        return self

    def executemany(self, statement: str, rows: Sequence[Sequence[Any]]) -> None:
        if rows:
            self.raw.executemany(self.sql(statement), [tuple(r) for r in rows])

    def fetchall(self) -> list[dict[str, Any]]:
        return [dict(r) for r in self.raw.fetchall()]

    def fetchone(self) -> dict[str, Any] | None:
        row = self.raw.fetchone()
        return None if row is None else dict(row)


@contextmanager
def transaction(datastore: Any, backend: Backend, *, commit: bool) -> Iterator[Cursor]:
    with datastore.transaction(commit=commit) as raw:
        yield Cursor(raw, backend)


def is_missing_table(exc: BaseException) -> bool:
    """True for 'no such table' (SQLite) / 'undefined table' (PostgreSQL): a generation was just dropped."""
    text = str(exc).lower()
    return "no such table" in text or ("relation" in text and "does not exist" in text)


# --- generations ----------------------------------------------------------------------------------
def ensure_pointer_table(datastore: Any, backend: Backend) -> None:
    for attempt in range(3):
        try:
            with transaction(datastore, backend, commit=True) as c:
                c.execute(
                    f"CREATE TABLE IF NOT EXISTS {POINTER_TABLE} "
                    "(projection TEXT PRIMARY KEY, generation INTEGER NOT NULL, highest INTEGER NOT NULL)"
                )
            return
        except Exception:
            # Two processes creating it at the same moment: PostgreSQL may refuse one ("tuple concurrently
            # updated", a duplicate type); by the next try the other has made it.
            if attempt == 2:
                raise
            time.sleep(0.1 * (attempt + 1))


def generations(datastore: Any, backend: Backend) -> dict[str, tuple[int, int]]:
    """projection -> (generation in use, highest generation ever made)."""
    ensure_pointer_table(datastore, backend)
    with transaction(datastore, backend, commit=False) as c:
        rows = c.execute(f"SELECT projection, generation, highest FROM {POINTER_TABLE}").fetchall()
    return {r["projection"]: (int(r["generation"]), int(r["highest"])) for r in rows}


def current_generation(datastore: Any, backend: Backend, projection: str) -> int | None:
    """The generation readers use; None when the projection never ran here (or no read model ever did)."""
    try:
        with transaction(datastore, backend, commit=False) as c:
            row = c.execute(f"SELECT generation FROM {POINTER_TABLE} WHERE projection = ?", (projection,)).fetchone()
    except Exception as exc:
        if is_missing_table(exc):
            return None
        raise
    return None if row is None or not row["generation"] else int(row["generation"])


def claim_first_generation(datastore: Any, backend: Backend, projection: str) -> int:
    """The generation in use, making generation 1 the one in use when there is none (races settle on one)."""
    ensure_pointer_table(datastore, backend)
    with transaction(datastore, backend, commit=True) as c:
        c.execute(
            f"INSERT INTO {POINTER_TABLE} (projection, generation, highest) VALUES (?, 1, 1) "
            "ON CONFLICT (projection) DO NOTHING",
            (projection,),
        )
    found = current_generation(datastore, backend, projection)
    assert found is not None
    return found


def reserve_generation(datastore: Any, backend: Backend, projection: str) -> int:
    """A new generation number for a rebuild (not yet in use)."""
    ensure_pointer_table(datastore, backend)
    with transaction(datastore, backend, commit=True) as c:
        c.execute(
            f"INSERT INTO {POINTER_TABLE} (projection, generation, highest) VALUES (?, 0, 0) "
            "ON CONFLICT (projection) DO NOTHING",
            (projection,),
        )
        c.execute(f"UPDATE {POINTER_TABLE} SET highest = highest + 1 WHERE projection = ?", (projection,))
        row = c.execute(f"SELECT highest FROM {POINTER_TABLE} WHERE projection = ?", (projection,)).fetchone()
    assert row is not None
    return int(row["highest"])


def switch_generation(datastore: Any, backend: Backend, projection: str, generation: int) -> None:
    with transaction(datastore, backend, commit=True) as c:
        c.execute(f"UPDATE {POINTER_TABLE} SET generation = ? WHERE projection = ?", (generation, projection))


def drop_tables(datastore: Any, backend: Backend, names: Sequence[str]) -> None:
    with transaction(datastore, backend, commit=True) as c:
        for name in names:
            assert re.match(r"^pl_[a-z0-9_]+$", name), name
            c.execute(f"DROP TABLE IF EXISTS {name}")


def existing_tables(datastore: Any, backend: Backend) -> list[str]:
    with transaction(datastore, backend, commit=False) as c:
        if backend == "sqlite":
            rows = c.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'pl\\_%' ESCAPE '\\'")
        else:
            rows = c.execute(
                "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() "
                "AND tablename LIKE 'pl\\_%' ESCAPE '\\'"
            )
        return sorted(cast(str, r["name"]) for r in rows.fetchall())
