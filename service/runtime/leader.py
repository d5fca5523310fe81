"""Work that must run once among every process sharing a PostgreSQL store: the holder of an advisory lock.

The projections, the clock scheduler and the server's bots run in one process only, whether the processes
are workers of one `playledger-server --processes N` or replicas in several pods. Each process keeps one
connection of its own and tries `pg_try_advisory_lock` on it every second; the one that gets it runs the
duties until its session ends. A session ends when its process dies (kill -9 included: the kernel closes
the socket and PostgreSQL drops the lock at once), so a replacement takes over within about a second.
A holder that cannot reach the database steps down (stops its duties) before it tries again: two holders
for a moment are harmless (projections are exactly-once by their tracking, the scheduler's and bots'
request ids make a repeated command a no-op), none for long is not.
"""

from __future__ import annotations

import contextlib
import logging
import threading
import zlib
from collections.abc import Callable, Mapping
from typing import Any

import psycopg

log = logging.getLogger(__name__)

LOCK_KEY = 0x706C_6C64_0000_0000  # plus the schema's CRC-32: one lock per store (a database, or a schema in it)
TRY_EVERY_S = 1.0

Stop = Callable[[], None]


def connect_kwargs(env: Mapping[str, str]) -> dict[str, Any]:
    """psycopg connection settings from the ledger's POSTGRES_* environment (service/ledger/store.py)."""
    return {
        "host": env.get("POSTGRES_HOST", "127.0.0.1"),
        "port": env.get("POSTGRES_PORT", "5432"),  # one port per host of a list (store.py)
        "dbname": env["POSTGRES_DBNAME"],
        "user": env.get("POSTGRES_USER", "postgres"),
        "password": env.get("POSTGRES_PASSWORD", ""),
        "connect_timeout": int(float(env.get("POSTGRES_CONNECT_TIMEOUT", "2"))),
        # A holder cut off by the network loses its session (and the lock) in ~10 s, not hours.
        "keepalives": 1,
        "keepalives_idle": 5,
        "keepalives_interval": 2,
        "keepalives_count": 2,
        "autocommit": True,
        "application_name": "playledger-duties",
    }


def key_for(env: Mapping[str, str]) -> int:
    """Stores in different schemas of one database are different stores: each gets its own lock."""
    return LOCK_KEY + zlib.crc32(env.get("POSTGRES_SCHEMA", "").encode())


class Leadership:
    """Runs `begin()` while this process holds the lock; `begin` returns how to stop what it started."""

    def __init__(
        self, env: Mapping[str, str], begin: Callable[[], Stop], key: int | None = None, every: float = TRY_EVERY_S
    ) -> None:
        self._kwargs = connect_kwargs(env)
        self._begin, self._key, self._every = begin, key if key is not None else key_for(env), every
        self._conn: psycopg.Connection[Any] | None = None
        self._stop_duties: Stop | None = None
        self._stopped = threading.Event()
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._run, name="leadership", daemon=True)

    @property
    def leading(self) -> bool:
        return self._stop_duties is not None

    def start(self) -> Leadership:
        """Try once now (a lone server starts its duties before it serves), then every second in a thread."""
        self._attempt()
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopped.set()
        self._thread.join(timeout=15)
        with self._lock:
            self._step_down("shutting down")

    def _run(self) -> None:
        while not self._stopped.wait(self._every):
            self._attempt()

    def _attempt(self) -> None:
        with self._lock:
            if self._stopped.is_set():
                return
            try:
                if self._conn is None:
                    self._conn = psycopg.connect(**self._kwargs)
                if self.leading:
                    self._conn.execute("SELECT 1")  # still holding: the session is alive
                    return
                row = self._conn.execute("SELECT pg_try_advisory_lock(%s)", (self._key,)).fetchone()
            except psycopg.Error as exc:
                self._step_down(f"the store is unreachable ({exc.__class__.__name__})")
                return
            if row and row[0]:
                log.info("this process runs the projections, the clocks and the bots (advisory lock %x)", self._key)
                try:
                    self._stop_duties = self._begin()
                except Exception:
                    log.exception("starting the duties failed; another process may take them")
                    self._step_down("the duties did not start")

    def _step_down(self, why: str) -> None:
        stop, self._stop_duties = self._stop_duties, None
        if stop is not None:
            log.warning("no longer running the projections, clocks and bots here: %s", why)
            try:
                stop()
            except Exception:
                log.exception("stopping the duties failed")
        conn, self._conn = self._conn, None
        if conn is not None:
            with contextlib.suppress(psycopg.Error):
                conn.close()  # ends the session: the lock is free for another process
