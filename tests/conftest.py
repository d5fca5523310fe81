"""Shared fixtures: stores (SQLite in memory and on disk, and PostgreSQL when reachable).

PostgreSQL tests create their own database and drop it afterwards. They run
against PLAYLEDGER_TEST_POSTGRES (default postgresql://127.0.0.1:5432/postgres,
the admin connection used to create the throwaway database). Without a
reachable server they are skipped, saying why, unless PLAYLEDGER_REQUIRE_POSTGRES=1
(as in .ci/run), where an unreachable server fails them instead.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from urllib.parse import urlparse

import pytest

# Servers the tests start (in process or as subprocesses) get their web port only when a test asks for one:
# the default (8080) would collide between tests running in parallel.
os.environ.setdefault("PLAYLEDGER_WEB_PORT", "0")
# One server process unless a test asks for more (--processes; tests/integration/test_processes.py): a test that
# kills, times or measures "the server" means that one process.
os.environ.setdefault("PLAYLEDGER_PROCESSES", "1")

ADMIN_URL = os.environ.get("PLAYLEDGER_TEST_POSTGRES", "postgresql://root@127.0.0.1:5432/postgres")
REQUIRE_POSTGRES = os.environ.get("PLAYLEDGER_REQUIRE_POSTGRES") == "1"


def _admin_connect():  # type: ignore[no-untyped-def]
    import psycopg

    return psycopg.connect(ADMIN_URL.replace("postgresql://", "postgresql://", 1), autocommit=True, connect_timeout=3)


@pytest.fixture(scope="session")
def postgres_server() -> str:
    """The admin URL, if a PostgreSQL server answers there."""
    try:
        with _admin_connect() as conn:
            conn.execute("select 1")
    except Exception as exc:
        if REQUIRE_POSTGRES:
            pytest.fail(f"PostgreSQL required (PLAYLEDGER_REQUIRE_POSTGRES=1) but {ADMIN_URL} is unreachable: {exc}")
        pytest.skip(
            f"PostgreSQL tests skipped: no server at {ADMIN_URL} ({type(exc).__name__}); "
            "set PLAYLEDGER_TEST_POSTGRES to run them"
        )
    return ADMIN_URL


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A fresh, empty database for one test, dropped afterwards."""
    name = f"playledger_test_{uuid.uuid4().hex[:12]}"
    with _admin_connect() as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    parsed = urlparse(postgres_server)
    url = parsed._replace(path=f"/{name}").geturl()
    try:
        yield url
    finally:
        with _admin_connect() as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(params=["sqlite", "postgres"])
def store_url(request: pytest.FixtureRequest, tmp_path) -> str:  # type: ignore[no-untyped-def]
    """Each test using this runs once on a SQLite file and once on PostgreSQL."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'games.db'}"
    request.applymarker(pytest.mark.postgres)
    return request.getfixturevalue("postgres_url")


@pytest.fixture
def new_store_like(request: pytest.FixtureRequest, tmp_path):  # type: ignore[no-untyped-def]
    """Makes another empty store of the kind a URL is (a SQLite file, or a PostgreSQL database on the same server,
    dropped afterwards), each call a new one: for shards."""
    made = iter(range(1, 1000))

    def make(like: str) -> str:
        n = next(made)
        if like.startswith("sqlite"):
            return f"sqlite:///{tmp_path / f'store-{n}.db'}"
        name = f"playledger_test_{uuid.uuid4().hex[:12]}"
        with _admin_connect() as conn:
            conn.execute(f'CREATE DATABASE "{name}"')

        def drop() -> None:
            with _admin_connect() as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')

        request.addfinalizer(drop)
        return urlparse(like)._replace(path=f"/{name}").geturl()

    return make


@pytest.fixture
def new_store(store_url: str, new_store_like):  # type: ignore[no-untyped-def]
    """Makes another empty store of the kind `store_url` is, each call a new one."""
    return lambda: new_store_like(store_url)


@pytest.fixture
def shard_urls(store_url: str, new_store) -> list[str]:  # type: ignore[no-untyped-def]
    """Two empty stores of the kind `store_url` is (two SQLite files, or two PostgreSQL databases): two shards."""
    return [store_url, new_store()]
