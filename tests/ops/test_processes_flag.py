"""--processes: how many server processes a store gets, and the ports the supervisor reserves for them."""

from __future__ import annotations

import socket

import pytest
from click.testing import CliRunner

from service.config import Settings
from service.processes import ProcessesError, cores, reserve, resolve_processes
from service.server import main

PG = "postgresql://u@127.0.0.1:5432/db"


def test_one_process_per_core_on_postgresql_and_one_on_sqlite_by_default() -> None:
    assert resolve_processes(Settings(store=PG)) == cores()
    assert resolve_processes(Settings(store="sqlite:///./x.db")) == 1
    assert resolve_processes(Settings(store=PG, processes=3)) == 3
    assert resolve_processes(Settings(store="sqlite:///./x.db", processes=1)) == 1


def test_sqlite_with_several_processes_is_refused_saying_why() -> None:
    with pytest.raises(ProcessesError, match="needs PostgreSQL"):
        resolve_processes(Settings(store="sqlite:///./x.db", processes=2))
    with pytest.raises(ProcessesError, match=r"0 \(one per core\) or more"):
        resolve_processes(Settings(store=PG, processes=-1))
    done = CliRunner().invoke(main, ["--store", "sqlite:///./x.db", "--processes", "2"])
    assert done.exit_code == 2 and "needs PostgreSQL" in done.output


def test_a_port_someone_listens_on_is_refused_and_a_free_one_is_held_for_the_workers() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(OSError, match=f"cannot listen on 127.0.0.1:{port} \\(--port\\)"):
            reserve("127.0.0.1", port, "--port")
    held = reserve("127.0.0.1", 0, "--port")  # port 0: one port chosen here, for every worker
    try:
        port = held.getsockname()[1]
        # Not a sibling (no SO_REUSEPORT): it cannot take the port meanwhile.
        with socket.socket() as stranger, pytest.raises(OSError):
            stranger.bind(("127.0.0.1", port))
        with socket.socket() as worker:  # a worker can
            worker.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
            worker.bind(("127.0.0.1", port))
            worker.listen()
    finally:
        held.close()
