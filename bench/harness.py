"""What the benchmark and the reliability harnesses share: a `playledger-server` child process on loopback,
its CPU time and memory read from /proc, its /metrics scraped, and percentiles.

Clients speak only the wire API, so the server is started by its console-script path (the one beside this
Python), never imported.
"""

from __future__ import annotations

import math
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

BIN = Path(sys.executable).parent
CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
PAGE_BYTES = os.sysconf("SC_PAGE_SIZE")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@cache
def server_flags() -> frozenset[str]:
    """The long flags this build's playledger-server accepts (read from its --help)."""
    done = subprocess.run([str(BIN / "playledger-server"), "--help"], capture_output=True, text=True, timeout=60)
    return frozenset(re.findall(r"--[a-z][a-z-]+", done.stdout))


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (all its threads), from /proc/PID/stat."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / CLOCK_TICKS  # utime, stime (fields 14, 15 of stat)


def rss_mb(pid: int) -> float:
    """Resident set size in MiB, from /proc/PID/statm."""
    return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * PAGE_BYTES / 2**20


@dataclass
class ServerProc:
    """One `playledger-server` on 127.0.0.1, its output in `log`. Every port is loopback-only."""

    store: str
    log: Path
    args: tuple[str, ...] = ()
    port: int = field(default_factory=free_port)
    metrics_port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None

    @property
    def target(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def command(self) -> list[str]:
        command = [str(BIN / "playledger-server"), "--host", "127.0.0.1", "--store", self.store]
        command += ["--port", str(self.port), "--metrics-port", str(self.metrics_port), *self.args]
        if "--web-port" in server_flags() and "--web-port" not in self.args:
            command += ["--web-port", "0"]  # the gRPC-Web port would bind 8080 by default
        return command

    def start(self, timeout: float = 60) -> float:
        """Start and wait until health says SERVING; returns the seconds that took."""
        started = time.monotonic()
        offset = self.log.stat().st_size if self.log.exists() else 0
        level = self.args[self.args.index("--log-level") + 1] if "--log-level" in self.args else "INFO"
        quiet = level.upper() not in ("DEBUG", "INFO")  # no INFO lines: the announcement is not logged
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(self.command(), stdout=out, stderr=subprocess.STDOUT)
        with grpc.insecure_channel(self.target) as channel:
            stub = health_pb2_grpc.HealthStub(channel)
            while time.monotonic() - started < timeout:
                if self.proc.poll() is not None:
                    raise RuntimeError(f"server exited {self.proc.returncode}:\n{self.log_tail()}")
                try:
                    reply = stub.Check(health_pb2.HealthCheckRequest(), timeout=1)
                    # SERVING from the first worker; "serving on" once every worker process serves (the
                    # supervisor announces it): a disruption before that would hit a worker still starting.
                    if reply.status == health_pb2.HealthCheckResponse.SERVING and (quiet or self._announced(offset)):
                        return time.monotonic() - started
                except grpc.RpcError:
                    pass
                time.sleep(0.05)
        self.kill()
        raise RuntimeError(f"server did not become healthy in {timeout:g}s:\n{self.log_tail()}")

    def _announced(self, offset: int) -> bool:
        with self.log.open("rb") as f:
            f.seek(offset)
            return b"serving on 127.0.0.1:" in f.read()  # the announcement, not a worker's "serving on port"

    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def kill(self) -> None:
        """SIGKILL: no drain, no shutdown hooks (a crash)."""
        if self.running():
            assert self.proc is not None
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(timeout=30)

    def stop(self, timeout: float = 30) -> int:
        """SIGTERM and wait (SIGKILL if it does not stop in time); returns the exit status."""
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=timeout)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(timeout=30)
        return int(self.proc.returncode)

    def cpu_seconds(self) -> float:
        """The server's CPU: the process and its worker processes (--processes N), while they live."""
        return sum(_quiet(cpu_seconds, pid) for pid in (self.pid, *children(self.pid)))

    def rss_mb(self) -> float:
        return sum(_quiet(rss_mb, pid) for pid in (self.pid, *children(self.pid)))

    def metrics(self, timeout: float = 5) -> dict[str, float]:
        return parse_metrics(scrape(f"http://127.0.0.1:{self.metrics_port}/metrics", timeout))

    def log_tail(self, lines: int = 40) -> str:
        try:
            return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return ""


def children(pid: int) -> list[int]:
    """The child processes of `pid` (a --processes N server's workers), from /proc."""
    found: list[int] = []
    try:
        for task in Path(f"/proc/{pid}/task").iterdir():
            found += [int(p) for p in (task / "children").read_text().split()]
    except OSError:
        pass
    return found


def _quiet(read: Callable[[int], float], pid: int) -> float:
    try:
        return read(pid)
    except OSError:  # the process ended between the listing and the read
        return 0.0


def scrape(url: str, timeout: float = 5) -> str:
    with urllib.request.urlopen(url, timeout=timeout) as response:
        return str(response.read().decode())


_SAMPLE = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*(?:\{[^}]*\})?)\s+(\S+)", re.M)


def parse_metrics(text: str) -> dict[str, float]:
    """Prometheus text format -> {'name{labels}': value} (labels as the server wrote them)."""
    return {m.group(1): float(m.group(2)) for m in _SAMPLE.finditer(text)}


def quantile(values: list[float], q: float) -> float:
    """The q-quantile (0..1) by linear interpolation between order statistics; nan for no values."""
    if not values:
        return math.nan
    ordered = sorted(values)
    pos = q * (len(ordered) - 1)
    low = math.floor(pos)
    high = min(low + 1, len(ordered) - 1)
    return ordered[low] + (ordered[high] - ordered[low]) * (pos - low)


def slope_per_hour(points: list[tuple[float, float]]) -> float:
    """Least-squares slope of (seconds, value) points, in value units per hour; nan for fewer than 2."""
    if len(points) < 2:
        return math.nan
    n = len(points)
    mx = sum(t for t, _ in points) / n
    my = sum(v for _, v in points) / n
    var = sum((t - mx) ** 2 for t, _ in points)
    if var == 0:
        return math.nan
    return sum((t - mx) * (v - my) for t, v in points) / var * 3600
