"""Read-model views: tracking recorders that commit rows and position in one transaction.

A view is an eventsourcing TrackingRecorder (SQLite or PostgreSQL) whose data
tables sit beside its own tracking table, both of one generation. Changes of
each event are staged in memory and written in batches: one transaction holds
the rows of every event in the batch *and* the tracking position of the last
of them, so a crash loses the whole batch or nothing, and the runner resumes
from the committed position: no event skipped, none applied twice. Batches
are cut only between events (the projection holds the view's lock while it
applies one), when they are large or when the stream goes quiet.
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, ClassVar

from eventsourcing.persistence import Tracking
from eventsourcing.postgres import PostgresDatastore, PostgresTrackingRecorder
from eventsourcing.sqlite import SQLiteDatastore, SQLiteTrackingRecorder
from psycopg.sql import SQL

from service.projections.sql import Backend, Cursor, Table

log = logging.getLogger(__name__)

APP_NAME = "playledger"  # the ledger application's name: the tracking key of every view (of the first shard's log)
SHARD_BITS = 12  # service.ledger.game_ids.MAX_SHARDS == 1 << SHARD_BITS


def log_name(shard: int) -> str:
    """The tracking key of one shard's log: the first keeps the one store's name, so a store that becomes the
    first shard keeps its views' positions."""
    return APP_NAME if shard == 0 else f"{APP_NAME}.s{shard}"


def shard_of_log(name: str) -> int:
    return 0 if name == APP_NAME else int(name.rsplit(".s", 1)[1])


def global_position(tracking: Tracking, sharded: bool) -> int:
    """One number per event across every shard's log, for the projections' order columns: the notification id
    alone on one store (as always); on shards, that id with the shard's number below it, unique and the same
    whatever order the shards' logs are read in."""
    if not sharded:
        return tracking.notification_id
    return (tracking.notification_id << SHARD_BITS) | shard_of_log(tracking.application_name)


DEFAULT_BATCH = 500
DEFAULT_FLUSH_INTERVAL = 0.05
COMMITTED_ROWS = 4096  # rows per table a view remembers as committed (games in play, seats, players)

_DELETED = None


class ViewBroken(RuntimeError):
    """A batch failed to commit: the runner must restart from the committed position."""


class ReadModelView:
    """Staged rows over the tables of one projection generation (mixed into a backend TrackingRecorder)."""

    projection: ClassVar[str] = ""
    tables: ClassVar[tuple[Table, ...]] = ()
    backend: ClassVar[Backend]

    if TYPE_CHECKING:  # provided by the backend recorder this is mixed into (never shadow them at run time)

        def create_table(self) -> None: ...
        def max_tracking_id(self, application_name: str) -> int | None: ...

    def _setup_view(self, generation: int, batch_size: int, flush_interval: float) -> None:
        self.generation = generation
        self.batch_size = batch_size
        self.flush_interval = flush_interval
        self._by_name = {t.name: t for t in self.tables}
        self._lock = threading.RLock()
        self._pending: dict[str, dict[tuple[Any, ...], dict[str, Any] | None]] = {t.name: {} for t in self.tables}
        # The position reached in each log this batch read (one per shard), written with its rows.
        self._pending_tracking: dict[str, Tracking] = {}
        self._pending_events = 0
        # Rows as committed, most recently written or read last: this view is the only writer of its
        # generation's tables (one process runs the projections), so a row it wrote or read is the row
        # in the table, and the next event of a game in play needs no SELECT (one per event before).
        self._committed: dict[str, OrderedDict[tuple[Any, ...], dict[str, Any] | None]] = {
            t.name: OrderedDict() for t in self.tables
        }
        # A finished game's rows leave that memory once written (retire): memory follows the games in play.
        # game -> the (table, key) remembered under it, for the tables keyed by a game.
        self._game_column = {t.name: t.key.index("game") for t in self.tables if "game" in t.key}
        self._by_game: dict[Any, set[tuple[str, tuple[Any, ...]]]] = {}
        self._retiring: set[Any] = set()
        self.error: BaseException | None = None
        self.applied = 0  # events applied by this instance (for events/s)
        self._stop = threading.Event()
        self._flusher: threading.Thread | None = None
        self.before_flush: list[Callable[[], None]] = []  # a projection's last touches to its staged rows

    # --- names ------------------------------------------------------------------------------------
    @classmethod
    def tracking_table(cls, generation: int) -> str:
        return f"pl_{cls.projection}_tracking_g{generation}"

    @classmethod
    def physical_tables(cls, generation: int) -> list[str]:
        return [t.physical(generation) for t in cls.tables] + [cls.tracking_table(generation)]

    def data_statements(self) -> list[str]:
        return [s for t in self.tables for s in t.create_statements(self.backend, self.generation)]

    # --- transactions (per backend) ---------------------------------------------------------------
    @contextmanager
    def _transaction(self, *, commit: bool) -> Iterator[Cursor]:
        datastore: Any = getattr(self, "datastore")  # noqa: B009 (set by the recorder base class)
        with datastore.transaction(commit=commit) as raw:
            yield Cursor(raw, self.backend)

    def _track(self, cursor: Cursor, tracking: Tracking) -> None:
        self._insert_tracking(cursor.raw, tracking)  # type: ignore[attr-defined]

    # --- the unit of work of one event --------------------------------------------------------------
    @contextmanager
    def event(self, tracking: Tracking) -> Iterator[None]:
        """Apply one event's changes; they join the batch with its position only if all of them were staged."""
        with self._lock:
            if self.error is not None:
                raise ViewBroken(f"the {self.projection} view cannot write: {self.error}") from self.error
            try:
                yield
            except BaseException as exc:
                self.error = exc  # half-staged changes: only a restart from the committed position is safe
                raise
            self._pending_tracking[tracking.application_name] = tracking
            self._pending_events += 1
            self.applied += 1
            if self._pending_events >= self.batch_size:
                self.flush()

    def get(self, table: str, *key: Any) -> dict[str, Any] | None:
        staged = self._pending[table]
        if key in staged:
            row = staged[key]
            return None if row is None else dict(row)
        committed = self._committed[table]
        if key in committed:
            row = committed[key]
            committed.move_to_end(key)
            return None if row is None else dict(row)
        t = self._by_name[table]
        where = " AND ".join(f"{k} = ?" for k in t.key)
        with self._transaction(commit=False) as c:
            raw = c.execute(
                f"SELECT {', '.join(t.column_names)} FROM {t.physical(self.generation)} WHERE {where}", key
            ).fetchone()
        row = None if raw is None else t.decode(raw)
        self._remember(table, key, row)
        return None if row is None else dict(row)

    def _remember(self, table: str, key: tuple[Any, ...], row: dict[str, Any] | None) -> None:
        committed = self._committed[table]
        committed[key] = row
        committed.move_to_end(key)
        column = self._game_column.get(table)
        if column is not None:
            self._by_game.setdefault(key[column], set()).add((table, key))
        while len(committed) > COMMITTED_ROWS:
            old, _ = committed.popitem(last=False)
            if column is not None and (held := self._by_game.get(old[column])) is not None:
                held.discard((table, old))
                if not held:
                    del self._by_game[old[column]]

    def retire(self, game: Any) -> None:
        """The game is over: after its last rows are written, stop remembering the rows keyed by it."""
        with self._lock:
            self._retiring.add(game)

    def _forget_retired(self) -> None:
        for game in self._retiring:
            for table, key in self._by_game.pop(game, ()):
                self._committed[table].pop(key, None)
        self._retiring.clear()

    def select(self, table: str, **where: Any) -> list[dict[str, Any]]:
        """Rows whose columns equal `where`, staged changes included (in key order)."""
        t = self._by_name[table]
        clause = " AND ".join(f"{k} = ?" for k in where) or "1 = 1"
        with self._transaction(commit=False) as c:
            raws = c.execute(
                f"SELECT {', '.join(t.column_names)} FROM {t.physical(self.generation)} WHERE {clause}",
                tuple(where.values()),
            ).fetchall()
        rows = {t.key_of(r): r for r in (t.decode(raw) for raw in raws)}
        for key, row in self._pending[table].items():
            if row is None or any(row.get(k) != v for k, v in where.items()):
                rows.pop(key, None)
            else:
                rows[key] = dict(row)
        return [rows[k] for k in sorted(rows, key=_sortable)]

    def staged(self, table: str, *key: Any) -> dict[str, Any] | None:
        """The row staged under this key, itself (not a copy): for a projection that finishes it before a flush."""
        return self._pending[table].get(key)

    def put(self, table: str, row: Mapping[str, Any]) -> None:
        t = self._by_name[table]
        missing = set(t.column_names) - set(row)
        assert not missing, f"{table} row lacks {sorted(missing)}"
        self._pending[table][t.key_of(row)] = dict(row)

    def delete(self, table: str, *key: Any) -> None:
        self._pending[table][key] = _DELETED

    # --- committing -------------------------------------------------------------------------------
    def flush(self) -> None:
        """Write the staged batch and its tracking position in one transaction."""
        with self._lock:
            if not self._pending_tracking:
                return
            trackings = list(self._pending_tracking.values())
            try:
                for finish in self.before_flush:
                    finish()
                with self._transaction(commit=True) as c:
                    for t in self.tables:
                        staged = self._pending[t.name]
                        if not staged:
                            continue
                        name = t.physical(self.generation)
                        where = " AND ".join(f"{k} = ?" for k in t.key)
                        c.executemany(f"DELETE FROM {name} WHERE {where}", list(staged))
                        rows = [t.encode(r) for r in staged.values() if r is not None]
                        marks = ", ".join("?" for _ in t.columns)
                        c.executemany(f"INSERT INTO {name} ({', '.join(t.column_names)}) VALUES ({marks})", rows)
                    for tracking in trackings:
                        self._track(c, tracking)
            except BaseException as exc:
                self.error = exc
                upto = ", ".join(f"{t.application_name} {t.notification_id}" for t in trackings)
                log.warning("%s view: a batch up to event %s failed: %s", self.projection, upto, exc)
                raise
            for name, staged in self._pending.items():
                for key, row in staged.items():
                    self._remember(name, key, row)
                staged.clear()
            self._forget_retired()
            self._pending_tracking = {}
            self._pending_events = 0

    def position(self, log: str = APP_NAME) -> int:
        """The committed position in one log (notification id of the last event whose rows are written)."""
        return self.max_tracking_id(log) or 0

    def start_flusher(self) -> None:
        def run() -> None:
            while not self._stop.wait(self.flush_interval):
                try:
                    self.flush()
                except BaseException:  # recorded in self.error; the supervisor restarts the runner
                    return

        self._flusher = threading.Thread(target=run, name=f"flush-{self.projection}", daemon=True)
        self._flusher.start()

    def stop_flusher(self, final_flush: bool = True) -> None:
        self._stop.set()
        if self._flusher is not None:
            self._flusher.join(timeout=10)
        if final_flush and self.error is None:
            self.flush()

    # --- reading whole tables (tests, rebuild checks) -----------------------------------------------
    def dump(self) -> dict[str, list[tuple[Any, ...]]]:
        out: dict[str, list[tuple[Any, ...]]] = {}
        with self._transaction(commit=False) as c:
            for t in self.tables:
                raws = c.execute(
                    f"SELECT {', '.join(t.column_names)} FROM {t.physical(self.generation)} ORDER BY {', '.join(t.key)}"
                ).fetchall()
                out[t.name] = [t.encode(t.decode(r)) for r in raws]
        return out


def _sortable(key: Sequence[Any]) -> tuple[Any, ...]:
    return tuple((v is None, v if v is not None else 0) for v in key)


class SQLiteView(ReadModelView, SQLiteTrackingRecorder):
    backend = "sqlite"

    def __init__(
        self,
        datastore: SQLiteDatastore,
        generation: int = 1,
        batch_size: int = DEFAULT_BATCH,
        flush_interval: float = DEFAULT_FLUSH_INTERVAL,
    ) -> None:
        self._setup_view(generation, batch_size, flush_interval)
        super().__init__(datastore)
        # The library names its SQLite tracking table "tracking" for every recorder in the
        # database; each view here keeps its own, per projection and generation.
        table = self.tracking_table(generation)
        self.insert_tracking_statement = (
            f"INSERT INTO {table} VALUES (:application_name, :notification_id) "
            "ON CONFLICT (application_name) DO UPDATE SET notification_id = :notification_id "
            f"WHERE {table}.notification_id < :notification_id RETURNING notification_id"
        )
        self.select_max_tracking_id_statement = f"SELECT MAX(notification_id) FROM {table} WHERE application_name=?"

    def construct_create_table_statements(self) -> list[str]:
        table = self.tracking_table(self.generation)
        return [
            *self.data_statements(),
            f"CREATE TABLE IF NOT EXISTS {table} (application_name TEXT, notification_id INTEGER, "
            "PRIMARY KEY (application_name)) WITHOUT ROWID",
        ]


class PostgresView(ReadModelView, PostgresTrackingRecorder):
    backend = "postgres"

    def __init__(
        self,
        datastore: PostgresDatastore,
        generation: int = 1,
        batch_size: int = DEFAULT_BATCH,
        flush_interval: float = DEFAULT_FLUSH_INTERVAL,
    ) -> None:
        self._setup_view(generation, batch_size, flush_interval)
        super().__init__(datastore, tracking_table_name=self.tracking_table(generation))
        self.sql_create_statements.extend(SQL(s).format() for s in self.data_statements())
