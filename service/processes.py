"""`playledger-server --processes N`: N server processes sharing the gRPC, web and health ports.

Why SO_REUSEPORT and not a supervisor that binds and forks: grpcio cannot serve on a socket it did not bind
itself, and it must not be forked once its threads run. So every worker is a fresh interpreter (spawned,
never forked) that binds the ports itself with SO_REUSEPORT; the kernel spreads new connections over the
workers' listening sockets, and a worker that dies simply leaves the group (the others keep serving, and
a client's channel reconnects to one of them). The supervisor, this module's `Supervisor`:

- reserves each port first: it checks that no one listens there (two servers started on one port must be
  an error, which SO_REUSEPORT alone would not give), then holds a bound, not listening, SO_REUSEPORT
  socket, so port 0 resolves to one port for every worker and no other user can take it meanwhile;
- starts the workers one at a time (a new store gets its tables once), each told its settings on stdin
  (the organizer token stays off the command line and out of the environment), waits until each says
  it serves, and restarts one that dies (backing off when it keeps dying); a worker dies with the
  supervisor (PR_SET_PDEATHSIG), so kill -9 takes the whole server;
- serves /metrics on the metrics port: the sum of the workers' metrics (prometheus-client's multiprocess
  mode, in a directory private to this run and emptied at start) and the projections' lag;
- passes SIGTERM/SIGINT on to the workers and waits for their drain.

The projections, clocks and bots run in one worker: the holder of the store's advisory lock (duties.py).
On SQLite the server stays one process (`resolve_processes`): one file has one writer at a time, and
without the notifications PostgreSQL gives, other processes' commits reach watchers and clocks late.
"""

from __future__ import annotations

import ctypes
import json
import logging
import os
import select
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

from service.config import Settings

log = logging.getLogger("playledger.workers")

READY = b"R"
START_TIMEOUT_S = 90.0  # a worker must serve within this after it is started
RESTART_BACKOFF_S = (0.5, 1.0, 2.0, 5.0, 10.0, 30.0)  # waits before restarting a worker that keeps dying
STEADY_S = 30.0  # a worker that ran this long before it died is restarted at the shortest wait again
STOP_DEADLINE_S = 20.0  # after the grace period, workers still running are killed
MULTIPROC_ENV = "PROMETHEUS_MULTIPROC_DIR"
PR_SET_PDEATHSIG = 1
# A worker runs the supervisor's own code, wherever the interpreter's path would find a `service` package.
CODE_ROOT = Path(__file__).resolve().parents[1]
WORKER_CODE = "import sys; sys.path.insert(0, {root!r}); from service.processes import worker_main; worker_main()"


class StoppedWhileStarting(Exception):
    """SIGTERM/SIGINT came before every worker served."""


class ProcessesError(ValueError):
    """--processes cannot be used as asked, with why."""


def cores() -> int:
    return len(os.sched_getaffinity(0)) or 1


def resolve_processes(settings: Settings) -> int:
    """--processes as given, or the number of cores (0 = auto); SQLite: one process unless told otherwise."""
    sqlite = settings.store.startswith("sqlite")
    if settings.processes < 0:
        raise ProcessesError(f"--processes must be 0 (one per core) or more, not {settings.processes}")
    if settings.processes == 0:
        return 1 if sqlite else cores()
    if settings.processes > 1 and sqlite:
        raise ProcessesError(
            "--processes above 1 needs PostgreSQL: a SQLite file has one writer at a time and no notifications "
            "to tell the other processes of a commit; scale a SQLite server with --workers threads"
        )
    return settings.processes


def reserve(host: str, port: int, flag: str) -> socket.socket:
    """Check that nothing listens on host:port, then hold it (bound, not listening) for the workers."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    if port:
        with socket.socket(family, socket.SOCK_STREAM) as probe:
            # SO_REUSEADDR: connections of a crashed run in TIME_WAIT do not count; a listener still does.
            probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            try:
                probe.bind((host, port))  # without SO_REUSEPORT: fails if anyone, even a sibling, holds it
            except OSError as exc:
                raise OSError(f"cannot listen on {host}:{port} ({flag}): {exc.strerror or exc}") from None
    held = socket.socket(family, socket.SOCK_STREAM)
    held.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    held.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    try:
        held.bind((host, port))
    except OSError as exc:
        held.close()
        raise OSError(f"cannot listen on {host}:{port} ({flag}): {exc.strerror or exc}") from None
    return held


@dataclass
class _Worker:
    index: int
    proc: subprocess.Popen[bytes] | None = None
    ready_fd: int = -1
    started: float = 0.0
    failures: int = 0  # deaths in a row
    restart_at: float | None = None


class Supervisor:
    def __init__(self, settings: Settings, count: int, log_level: str, log_format: str) -> None:
        self.settings, self.count = settings, count
        self.log_level, self.log_format = log_level, log_format
        self._held: list[socket.socket] = []
        self._workers = [_Worker(i) for i in range(count)]
        self._stopping = threading.Event()
        self._own_dir = MULTIPROC_ENV not in os.environ
        self.metrics_dir = Path(os.environ.get(MULTIPROC_ENV) or tempfile.mkdtemp(prefix="playledger-metrics-"))
        self.worker_settings = settings
        self._metrics: Any = None

    # --- start ----------------------------------------------------------------------------------------
    def start(self) -> Supervisor:
        """Reserve the ports, serve /metrics, start every worker and wait until each serves."""
        s = self.settings
        ports = {}
        for name, flag in (("port", "--port"), ("web_port", "--web-port"), ("health_port", "--health-port")):
            wanted = getattr(s, name)
            if name == "port" or wanted:
                held = reserve(s.host, wanted, flag)
                self._held.append(held)
                ports[name] = held.getsockname()[1]
        self.worker_settings = replace(s, metrics_port=0, processes=1, **ports)
        self._clean_metrics_dir()
        if s.metrics_port:
            from service.api import metrics  # imported here: the workers' metrics mode is set by then

            self._metrics = metrics.serve_multiprocess(s.metrics_port, s.host, str(self.metrics_dir), s.store, s.shards)
        try:
            for worker in self._workers:  # one at a time: a new store's tables and function are made once
                self._spawn(worker)
                self._await_ready([worker])
        except BaseException:
            self.stop(0)
            raise
        return self

    @property
    def port(self) -> int:
        return self.worker_settings.port

    def _clean_metrics_dir(self) -> None:
        """Counters of an earlier run must not be added to this one's."""
        self.metrics_dir.mkdir(parents=True, exist_ok=True)
        for stale in self.metrics_dir.glob("*.db"):
            stale.unlink(missing_ok=True)

    def _spawn(self, worker: _Worker) -> None:
        read_fd, write_fd = os.pipe()
        spec = {
            "settings": asdict(self.worker_settings),
            "index": worker.index,
            "ready_fd": write_fd,
            "parent": os.getpid(),
            "log_level": self.log_level,
            "log_format": self.log_format,
        }
        env = {**os.environ, MULTIPROC_ENV: str(self.metrics_dir), "PLAYLEDGER_WORKER_INDEX": str(worker.index)}
        proc = subprocess.Popen(
            [sys.executable, "-c", WORKER_CODE.format(root=str(CODE_ROOT))],
            stdin=subprocess.PIPE,
            pass_fds=(write_fd,),
            env=env,
            start_new_session=True,  # a terminal's Ctrl-C reaches the supervisor alone, which passes it on once
        )
        os.close(write_fd)
        assert proc.stdin is not None
        proc.stdin.write(json.dumps(spec).encode())
        proc.stdin.close()
        worker.proc, worker.ready_fd, worker.started, worker.restart_at = proc, read_fd, time.monotonic(), None

    def _await_ready(self, workers: list[_Worker]) -> None:
        deadline = time.monotonic() + START_TIMEOUT_S
        waiting = {w.ready_fd: w for w in workers}
        while waiting:
            if self._stopping.is_set():  # SIGTERM while starting: stop cleanly (start() cleans up)
                raise StoppedWhileStarting("stopped before every worker served")
            left = deadline - time.monotonic()
            if left <= 0:
                raise RuntimeError(f"{len(waiting)} worker process(es) did not start within {START_TIMEOUT_S:g} s")
            readable, _, _ = select.select(list(waiting), [], [], min(left, 0.5))
            for fd in readable:
                worker = waiting.pop(fd)
                got = os.read(fd, 1)
                os.close(fd)
                worker.ready_fd = -1
                if got != READY:
                    code = worker.proc.wait(timeout=30) if worker.proc else None
                    raise RuntimeError(f"worker {worker.index} exited ({code}) before it served; see its log above")

    # --- run ------------------------------------------------------------------------------------------
    def supervise(self) -> None:
        """Until stop(): restart workers that die (later and later if they keep dying)."""
        while not self._stopping.wait(0.2):
            for worker in self._workers:
                self._check(worker)

    def _check(self, worker: _Worker) -> None:
        proc = worker.proc
        now = time.monotonic()
        if proc is not None and proc.poll() is not None:
            from prometheus_client import multiprocess

            multiprocess.mark_process_dead(proc.pid, str(self.metrics_dir))  # type: ignore[no-untyped-call]
            if worker.ready_fd >= 0:
                os.close(worker.ready_fd)
                worker.ready_fd = -1
            worker.failures = 1 if now - worker.started > STEADY_S else worker.failures + 1
            wait = RESTART_BACKOFF_S[min(worker.failures, len(RESTART_BACKOFF_S)) - 1]
            log.warning("worker %d (pid %d) exited %s; restarting it in %.1f s", worker.index, proc.pid,
                        proc.returncode, wait)  # fmt: skip
            worker.proc, worker.restart_at = None, now + wait
        if worker.proc is None and worker.restart_at is not None and now >= worker.restart_at:
            self._spawn(worker)
        if worker.ready_fd >= 0 and select.select([worker.ready_fd], [], [], 0)[0]:
            os.read(worker.ready_fd, 1)  # serving again (or died: the next check restarts it)
            os.close(worker.ready_fd)
            worker.ready_fd = -1

    def worker_pids(self) -> list[int]:
        return [w.proc.pid for w in self._workers if w.proc is not None and w.proc.poll() is None]

    # --- stop -----------------------------------------------------------------------------------------
    @property
    def stopping(self) -> bool:
        return self._stopping.is_set()

    def request_stop(self) -> None:
        self._stopping.set()

    def stop(self, grace: float) -> None:
        """SIGTERM every worker, wait for their drain, kill stragglers, release the ports and the metrics."""
        self._stopping.set()
        procs = [w.proc for w in self._workers if w.proc is not None]
        for proc in procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        deadline = time.monotonic() + grace + STOP_DEADLINE_S
        for proc in procs:
            try:
                proc.wait(timeout=max(0.1, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                log.error("worker pid %d did not stop in time; killing it", proc.pid)
                proc.kill()
                proc.wait(timeout=10)
        for worker in self._workers:
            if worker.ready_fd >= 0:
                os.close(worker.ready_fd)
                worker.ready_fd = -1
        if self._metrics is not None:
            self._metrics.shutdown()
        for held in self._held:
            held.close()
        if self._own_dir:
            shutil.rmtree(self.metrics_dir, ignore_errors=True)


# --- the worker side ----------------------------------------------------------------------------------------
def _die_with_parent(parent: int) -> None:
    """SIGKILL this worker when the supervisor dies, however it dies (Linux); gone already: exit now."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        log.warning("cannot ask to die with the supervisor (not Linux?)")
    if os.getppid() != parent:
        os._exit(1)


def settings_from(spec: dict[str, Any]) -> Settings:
    raw = dict(spec["settings"])
    raw["web_origins"] = tuple(raw.get("web_origins") or ())
    raw["receipt_key_previous"] = tuple(raw.get("receipt_key_previous") or ())
    raw["shards"] = tuple(raw.get("shards") or ())
    return Settings(**raw)


def worker_main() -> None:
    """One worker: settings from stdin, serve on the shared ports until SIGTERM (service/server.py does the rest)."""
    spec = json.loads(sys.stdin.buffer.read())
    _die_with_parent(int(spec["parent"]))
    from service import assemble
    from service.api import logs

    logs.configure(spec["log_level"], spec["log_format"])
    settings = settings_from(spec)
    ready_fd = int(spec["ready_fd"])
    try:
        running = assemble.start(settings, reuse_port=True)
    except Exception:
        log.exception("worker %d could not start", spec["index"])
        os.close(ready_fd)
        sys.exit(1)
    os.write(ready_fd, READY)
    os.close(ready_fd)
    log.info("worker %d (pid %d) serving on port %d", spec["index"], os.getpid(), running.port)
    assemble.serve_until_signalled(running, settings.grace_seconds)


if __name__ == "__main__":
    worker_main()
