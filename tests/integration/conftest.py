"""A real `playledger-server` process on a free loopback port, on the store under test."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class ServerProcess:
    store: str
    port: int
    proc: subprocess.Popen[bytes] | None = None

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [str(BIN / "playledger-server"), "--store", self.store, "--port", str(self.port), "--metrics-port", "0"],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
        )
        channel = grpc.insecure_channel(self.target)
        stub = health_pb2_grpc.HealthStub(channel)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.proc.stdout.read().decode() if self.proc.stdout else ''}")
            try:
                if (
                    stub.Check(health_pb2.HealthCheckRequest(), timeout=1).status
                    == health_pb2.HealthCheckResponse.SERVING
                ):
                    return
            except grpc.RpcError:
                time.sleep(0.1)
        raise RuntimeError("server did not become healthy in 30 s")

    def stop(self, sig: int = signal.SIGTERM) -> int:
        assert self.proc is not None
        self.proc.send_signal(sig)
        return self.proc.wait(timeout=30)


@pytest.fixture
def server(store_url: str) -> Iterator[ServerProcess]:
    """The server on each store (SQLite file, PostgreSQL)."""
    srv = ServerProcess(store_url, free_port())
    srv.start()
    yield srv
    if srv.proc is not None and srv.proc.poll() is None:
        srv.stop()
