"""A `playledger-server` process with the operations flags under test, its log kept in a file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.server import ServerProcess, free_port


def OpsServer(store: str, log: Path, args: tuple[str, ...] = ()) -> ServerProcess:  # reads as the class it was
    """A server with its own metrics and health ports (the flags the operations tests check)."""
    return ServerProcess(store, log=log, args=args, metrics_port=free_port(), health_port=free_port())


@pytest.fixture
def ops_server(tmp_path: Path) -> Iterator[OpsServer]:
    """A server on a SQLite file with JSON logs at DEBUG and a fast readiness loop."""
    server = OpsServer(
        f"sqlite:///{tmp_path / 'games.db'}",
        tmp_path / "server.log",
        ("--log-format", "json", "--log-level", "DEBUG", "--readiness-interval", "0.2"),
    )
    server.start()
    yield server
    server.stop()
