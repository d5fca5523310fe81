"""One `playledger-server` process for the tests that need a real one: on a free loopback port, on the
store under test, its output in a log file (a pipe nobody reads would block a chatty server)."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class ServerProcess:
    """`args` are further server flags; `metrics_port`/`health_port` 0: no metrics port, health on the gRPC port."""

    store: str
    port: int = field(default_factory=free_port)
    shards: tuple[str, ...] = ()  # further stores: games spread over them as shards
    log: Path | None = None
    args: tuple[str, ...] = ()
    metrics_port: int = 0
    health_port: int = 0
    proc: subprocess.Popen[bytes] | None = None

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def health_target(self) -> str:
        return f"127.0.0.1:{self.health_port or self.port}"

    def start(self, timeout: float = 30) -> None:
        command = [str(BIN / "playledger-server"), *self.store_args, "--port", str(self.port)]
        command += ["--metrics-port", str(self.metrics_port)]
        if self.health_port:
            command += ["--health-port", str(self.health_port)]
        if self.log is None:
            self.log = Path(tempfile.mkstemp(prefix="playledger-server-", suffix=".log")[1])
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen([*command, *self.args], stdout=out, stderr=subprocess.STDOUT)
        stub = health_pb2_grpc.HealthStub(grpc.insecure_channel(self.health_target))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited {self.proc.returncode}:\n{self.output()}")
            try:
                serving = health_pb2.HealthCheckResponse.SERVING
                if stub.Check(health_pb2.HealthCheckRequest(), timeout=1).status == serving:
                    return
            except grpc.RpcError:
                pass
            time.sleep(0.1)
        raise RuntimeError(f"server did not become healthy in {timeout} s:\n{self.output()}")

    @property
    def store_args(self) -> list[str]:
        """--store for each store, the first first: for the server and for `playledger-replay`."""
        return [arg for url in (self.store, *self.shards) for arg in ("--store", url)]

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log is not None and self.log.exists() else ""

    def metrics(self) -> str:
        with urllib.request.urlopen(f"http://127.0.0.1:{self.metrics_port}/metrics", timeout=10) as response:
            return str(response.read().decode())

    def stop(self, sig: int = signal.SIGTERM) -> int:
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        return self.proc.wait(timeout=30)
