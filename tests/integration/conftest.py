"""A real `playledger-server` process on a free loopback port, on the store under test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.server import BIN, ServerProcess, free_port

__all__ = ["BIN", "ServerProcess", "free_port"]  # the integration tests' launcher is tests/support/server.py


@pytest.fixture
def server(store_url: str) -> Iterator[ServerProcess]:
    """The server on each store (SQLite file, PostgreSQL)."""
    srv = ServerProcess(store_url, free_port())
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
