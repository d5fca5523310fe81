"""Store URL -> eventsourcing persistence settings.

    sqlite:///./playledger.db          (default; a file next to where the server runs)
    sqlite:///:memory:                 (tests: a private database, gone when the process ends)
    postgresql://user:pass@host:5432/db?pool_size=4&schema=public
    postgresql://user@host/db?appends=library   (the library's own append path, for comparison)
    postgresql://user@h1:5432,h2:5432/db        (a primary and its standbys: libpq tries them in order and
                                                 keeps the one that takes writes, target_session_attrs=read-write)

On PostgreSQL the library serializes appends with a table lock, so the pool
and lock waits must be bounded (its defaults wait for ever): a command that
cannot get a connection or the lock in time fails fast as UNAVAILABLE instead
of piling up. POSTGRES_ENABLE_DB_FUNCTIONS stays off: that insert path skips
the lock that keeps readers from skipping late-committing events.
"""

from __future__ import annotations

import logging
import os
import uuid
from collections.abc import Sequence
from urllib.parse import parse_qs, unquote, urlparse

DEFAULT_STORE = "sqlite:///./playledger.db"

# Tunables accepted as query parameters of a postgresql:// URL, with their defaults.
POSTGRES_DEFAULTS: dict[str, str] = {
    "pool_size": "4",  # ~ one per gRPC worker: measured best on 2 cores (DESIGN.md)
    "max_overflow": "2",
    "max_waiting": "64",  # bounded queue for a connection; beyond it -> RESOURCE_EXHAUSTED
    # Seconds to connect, and to wait for a pooled connection. The library retries a failed
    # connection 10 times, so an outage fails a command after about 10 x this, not never.
    "connect_timeout": "2",
    "lock_timeout": "5",  # seconds to wait for the append table lock
    "idle_in_transaction_session_timeout": "5",
    # No ping on every connection checkout (a round trip per call): a dead connection fails on use, the pool
    # drops it, and the library's retry runs the statement again on a fresh one.
    "pre_ping": "n",
    "schema": "",
    # grouped: one statement per append, appends in flight written together (service/ledger/pg_appends.py);
    # library: eventsourcing's own append, one transaction of two round trips each (kept for comparison).
    "appends": "grouped",
}
# libpq's target_session_attrs ("" leaves libpq's default: any server). Several hosts default to read-write:
# pg_auto_failover fences a standby it is promoting with default_transaction_read_only until the old primary
# is known to be demoted, and read-write is what keeps a client off it meanwhile (primary would not).
SESSION_ATTRS = {"", "any", "read-write", "read-only", "primary", "standby", "prefer-standby"}
APPENDS = {"grouped": "service.ledger.pg_appends:GroupCommitRecorder", "library": ""}
SQLITE_APPENDS = {"grouped": "service.ledger.sqlite_appends:GroupCommitRecorder", "library": ""}


RECONNECT_EVERY_S = 0.5  # a lost pool connection is tried again this often (with the pool's ±10% jitter)


class StoreURLError(ValueError):
    """A --store value we cannot use, with what was wrong."""


def persistence_env(url: str) -> dict[str, str]:
    """The eventsourcing environment for a store URL."""
    parsed = urlparse(url)
    if parsed.scheme == "sqlite":
        path = unquote(parsed.path)
        if parsed.netloc:
            raise StoreURLError(f"a SQLite URL has no host: write sqlite:///PATH, not {url!r}")
        if path.startswith("/"):
            path = path[1:]  # sqlite:///rel.db -> rel.db ; sqlite:////abs.db -> /abs.db
        if not path:
            raise StoreURLError(f"{url!r} names no database file: write sqlite:///./playledger.db")
        # Each in-memory store is its own database (shared by the threads of one application).
        dbname = f"file:playledger-{uuid.uuid4().hex}?mode=memory&cache=shared" if path == ":memory:" else path
        env = {"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": dbname, "SQLITE_LOCK_TIMEOUT": "10"}
        appends = {k: v[-1] for k, v in parse_qs(parsed.query).items()}.get("appends", "grouped")
        if appends not in SQLITE_APPENDS:
            raise StoreURLError(f"appends={appends!r}: use one of {sorted(SQLITE_APPENDS)}")
        if SQLITE_APPENDS[appends]:
            env["APPLICATION_RECORDER_TOPIC"] = SQLITE_APPENDS[appends]
        return env
    if parsed.scheme in ("postgresql", "postgres"):
        dbname = unquote(parsed.path.lstrip("/"))
        if not dbname:
            raise StoreURLError(f"{url!r} names no database: write postgresql://user@host:5432/DBNAME")
        query = {k: v[-1] for k, v in parse_qs(parsed.query).items()}
        known = [*POSTGRES_DEFAULTS, "target_session_attrs"]
        unknown = sorted(set(query) - set(known))
        if unknown:
            raise StoreURLError(f"unknown store parameter {unknown[0]!r}; known: {sorted(known)}")
        user, password, hosts, ports = _postgres_netloc(parsed.netloc, url)
        attrs = query.pop("target_session_attrs", "read-write" if len(hosts) > 1 else "")
        if attrs not in SESSION_ATTRS:
            raise StoreURLError(f"target_session_attrs={attrs!r}: use one of {sorted(a for a in SESSION_ATTRS if a)}")
        _steady_reconnects()
        if attrs:
            # libpq reads it from the environment (the library passes no such setting through): the process's
            # every connection then keeps to the primary, whichever host that is after a failover.
            os.environ["PGTARGETSESSIONATTRS"] = attrs
        settings = {**POSTGRES_DEFAULTS, **query}
        appends = settings.pop("appends")
        if appends not in APPENDS:
            raise StoreURLError(f"appends={appends!r}: use one of {sorted(APPENDS)}")
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": dbname,
            "POSTGRES_HOST": ",".join(hosts),  # libpq takes lists: it tries the hosts in order
            "POSTGRES_PORT": ",".join(ports),
            "POSTGRES_USER": user,
            "POSTGRES_PASSWORD": password,
            "POSTGRES_ENABLE_DB_FUNCTIONS": "n",
        }
        for key, value in settings.items():
            env["POSTGRES_" + key.upper()] = value
        if APPENDS[appends]:
            env["APPLICATION_RECORDER_TOPIC"] = APPENDS[appends]
        return env
    raise StoreURLError(f"unsupported store {url!r}: use sqlite:///PATH or postgresql://user@host:port/db")


def _steady_reconnects() -> None:
    """A pool that lost its connections tries again every RECONNECT_EVERY_S, not 1, 2, 4, 8… s: after a failover
    (~8 s) the doubling delay kept the server off the new primary for 6 more seconds (`make failover`)."""
    from psycopg_pool.base import AttemptWithBackoff  # the pools' reconnect schedule (no setting exposes it)

    AttemptWithBackoff.INITIAL_DELAY = RECONNECT_EVERY_S
    AttemptWithBackoff.DELAY_BACKOFF = 1.0


def _postgres_netloc(netloc: str, url: str) -> tuple[str, str, list[str], list[str]]:
    """user, password, hosts and their ports of `user:pass@h1:p1,h2:p2` (urlparse reads one host only)."""
    userinfo, _, hostlist = netloc.rpartition("@")
    user, _, password = userinfo.partition(":")
    hosts, ports = [], []
    for item in (hostlist or "127.0.0.1").split(","):
        host, port = item, "5432"
        if item.startswith("["):  # [::1]:5432
            host, _, rest = item[1:].partition("]")
            port = rest.removeprefix(":") or port
        elif ":" in item:
            host, port = item.rsplit(":", 1)
        if not port.isdigit() or not 0 < int(port) < 65536:
            raise StoreURLError(f"{url!r}: {item!r} has no valid port")
        hosts.append(unquote(host) or "127.0.0.1")
        ports.append(port)
    return unquote(user or "postgres"), unquote(password), hosts, ports


def describe(url: str) -> str:
    """The URL without its password, for logs."""
    parsed = urlparse(url)
    if parsed.password:
        netloc = parsed.netloc.replace(f":{parsed.password}@", ":***@")
        return parsed._replace(netloc=netloc).geturl()
    return url


def store_trouble(exc: BaseException) -> str | None:
    """What an exception says about the store, for the API's status codes: "busy" (every pooled connection is
    taken), "down" (it cannot be reached or failed operationally), "error" (another store error: a bug), or
    None (not the store's). The API asks here rather than importing the persistence library itself."""
    from eventsourcing.persistence import OperationalError, PersistenceError  # the library's, kept in the ledger
    from psycopg.errors import ReadOnlySqlTransaction
    from psycopg_pool import TooManyRequests

    if not isinstance(exc, PersistenceError):
        return None
    if isinstance(exc.__cause__, ReadOnlySqlTransaction):  # a fenced node during a failover: try again
        return "down"
    if isinstance(exc.__cause__, TooManyRequests):
        return "busy"
    if isinstance(exc, OperationalError) or type(exc) is PersistenceError:
        return "down"
    return "error"


def log_failure(log: logging.Logger, exc: BaseException, message: str, *args: object) -> None:
    """Log a background duty's failure: a store that does not answer is a WARNING (an outage, or a failover
    under way: the duty runs again), anything else an ERROR with its traceback (a bug)."""
    if store_trouble(exc) in ("down", "busy"):
        log.warning(message + ": the store does not answer (%s)", *args, str(exc).splitlines()[0] if str(exc) else exc)
    else:
        log.error(message, *args, exc_info=exc)


def check_stores(urls: Sequence[str]) -> list[dict[str, str]]:
    """Each store's settings, checked as a list of shards: every URL usable, no store twice, all one kind."""
    envs = [persistence_env(u) for u in urls]
    if len({e["PERSISTENCE_MODULE"] for e in envs}) > 1:
        raise StoreURLError("the stores are all SQLite or all PostgreSQL, not a mix")
    seen: set[tuple[str, ...]] = set()
    for url, env in zip(urls, envs, strict=True):
        names = ("SQLITE_DBNAME", "POSTGRES_HOST", "POSTGRES_PORT", "POSTGRES_DBNAME", "POSTGRES_SCHEMA")
        place = tuple(env.get(k, "") for k in names)
        if place in seen:
            raise StoreURLError(f"{describe(url)} is listed twice: each shard is a store of its own")
        seen.add(place)
    return envs
