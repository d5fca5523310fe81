"""A `playledger-server` process with the operations flags under test, its log kept in a file."""

from __future__ import annotations

import signal
import subprocess
import time
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import grpc
import pytest
from grpc_health.v1 import health_pb2, health_pb2_grpc

from tests.integration.conftest import BIN, free_port


@dataclass
class OpsServer:
    store: str
    log: Path
    args: tuple[str, ...] = ()
    port: int = field(default_factory=free_port)
    metrics_port: int = field(default_factory=free_port)
    health_port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def health_target(self) -> str:
        return f"127.0.0.1:{self.health_port}"

    def start(self, timeout: float = 30) -> None:
        command = [str(BIN / "playledger-server"), "--store", self.store, "--port", str(self.port)]
        command += ["--metrics-port", str(self.metrics_port), "--health-port", str(self.health_port), *self.args]
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT)
        stub = health_pb2_grpc.HealthStub(grpc.insecure_channel(self.health_target))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited {self.proc.returncode}:\n{self.log.read_text()}")
            try:
                if (
                    stub.Check(health_pb2.HealthCheckRequest(), timeout=1).status
                    == health_pb2.HealthCheckResponse.SERVING
                ):
                    return
            except grpc.RpcError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server did not become healthy in {timeout}s:\n{self.log.read_text()}")

    def metrics(self) -> str:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.metrics_port}/metrics", timeout=10) as response:
            return str(response.read().decode())

    def stop(self, sig: int = signal.SIGTERM) -> int:
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        return self.proc.wait(timeout=30)


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
