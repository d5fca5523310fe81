"""A real `playledger-server` process on a free loopback port, on the store under test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.server import BIN, ServerProcess, free_port

__all__ = ["BIN", "ServerProcess", "free_port"]  # the integration tests' launcher is tests/support/server.py


@pytest.fixture(params=["sqlite", "postgres", "postgres, two shards"])
def server_stores(request: pytest.FixtureRequest, tmp_path: Path) -> list[str]:
    """The stores a server runs on: a SQLite file; a PostgreSQL database; and two of them as shards (issue 34:
    games spread over both)."""
    if request.param == "sqlite":
        return [f"sqlite:///{tmp_path / 'games.db'}"]
    request.applymarker(pytest.mark.postgres)
    first = request.getfixturevalue("postgres_url")
    if request.param == "postgres":
        return [first]
    return [first, request.getfixturevalue("new_store_like")(first)]


@pytest.fixture
def server(server_stores: list[str]) -> Iterator[ServerProcess]:
    """The server on each of those."""
    store_url, *shards = server_stores
    srv = ServerProcess(store_url, free_port(), shards=tuple(shards))
    srv.start()
    yield srv
    if srv.proc is not None and srv.proc.poll() is None:
        srv.stop()


CLI_ORGANIZER = "org-cli"  # the organizer token of `cli_server`, also in the CLI's environment


@pytest.fixture
def cli_server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[ServerProcess]:
    """A server on a SQLite file for CLI tests: the CLI finds its organizer token and a fresh wallet
    (PLAYLEDGER_HOME) in the environment."""
    monkeypatch.setenv("PLAYLEDGER_ORGANIZER_TOKEN", CLI_ORGANIZER)
    monkeypatch.setenv("PLAYLEDGER_HOME", str(tmp_path / "home"))
    server = ServerProcess(f"sqlite:///{tmp_path / 'cli.db'}", free_port(), log=tmp_path / "server.log")
    server.start()
    yield server
    server.stop()
