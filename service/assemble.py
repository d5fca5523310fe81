"""Assembling one server process: the ledger, the gRPC server, the web port, readiness and the duties.

`start()` builds and starts everything one process serves (tests call it with port 0 and an in-memory
store); `Running.stop()` takes it down in order. The command line (service/server.py) and the worker
supervisor (service/processes.py) both use it.
"""

from __future__ import annotations

import faulthandler
import logging
import os
import signal
import ssl
import threading
from concurrent import futures
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from playledger.v1 import (
    audit_pb2,
    audit_pb2_grpc,
    games_pb2,
    games_pb2_grpc,
    leaderboards_pb2,
    leaderboards_pb2_grpc,
    notices_pb2,
    notices_pb2_grpc,
)

from service.api import metrics, reflection
from service.api.admission import BACKSTOP_FACTOR, Admission
from service.api.audit import AuditService
from service.api.games import GameService
from service.api.health import HealthService, Readiness
from service.api.interceptors import TelemetryInterceptor
from service.api.leaderboards import LeaderboardService
from service.api.notice_metrics import PrometheusNoticeObserver
from service.api.notices import NoticeService
from service.api.receipts import Receipts
from service.api.web import Calls, HandlerRegistry, Limits, TLSFiles, WebServer, web_app
from service.config import Settings
from service.duties import Duties
from service.ledger.app import Ledger
from service.ledger.shards import ShardedLedger
from service.ledger.store import persistence_env
from service.projections.read import ReadModels
from service.projections.runner import LagProbe, Projections
from service.runtime.bot_runner import BotRunner
from service.runtime.follow import StoreFollower
from service.runtime.scheduler import Scheduler
from service.tournaments.app import Tournaments

log = logging.getLogger("playledger.server")
SERVICES = (
    games_pb2.DESCRIPTOR.services_by_name["GameService"],
    audit_pb2.DESCRIPTOR.services_by_name["AuditService"],
    leaderboards_pb2.DESCRIPTOR.services_by_name["LeaderboardService"],
    notices_pb2.DESCRIPTOR.services_by_name["NoticeService"],
)
SERVICE_NAMES = tuple(s.full_name for s in SERVICES)
# The built web app, when this runs from a checkout (`make install` builds it).
WEB_ROOT = Path(__file__).resolve().parents[1] / "clients" / "web" / "dist"


@dataclass
class Running:
    server: grpc.Server
    port: int
    ledger: Ledger
    health: health.HealthServicer
    stopping: threading.Event
    duties: Duties  # projections, clocks and bots: here, or in the one process that holds the store's lock
    readiness: Readiness
    lag_probe: LagProbe
    reads: ReadModels
    health_server: grpc.Server | None = None  # the plaintext health-only port (--health-port)
    health_port: int = 0
    web: WebServer | None = None  # gRPC-Web and the web app (--web-port)
    followers: list[StoreFollower] | None = None  # wake watchers on other processes' commits (PostgreSQL; a store each)

    @property
    def projections(self) -> Projections | None:
        """The read-model runners, while they run in this process."""
        return self.duties.current.projections if self.duties.current else None

    @property
    def scheduler(self) -> Scheduler | None:
        return self.duties.current.scheduler if self.duties.current else None

    @property
    def bots(self) -> BotRunner | None:
        return self.duties.current.bots if self.duties.current else None

    def stop(self, grace: float) -> None:
        """Shutdown order: health NOT_SERVING, stop taking RPCs and drain, stop the duties, close the store."""
        self.stopping.set()
        self.health.enter_graceful_shutdown()
        self.readiness.stop()
        drained = self.server.stop(grace)
        if self.web is not None:
            self.web.stop(grace)
        drained.wait()
        for follower in self.followers or []:
            follower.stop()
        # After the RPCs drained, before the store closes: the runners commit their last batch.
        self.duties.stop()
        self.lag_probe.unregister()
        self.lag_probe.close()
        self.reads.close()
        if self.health_server is not None:  # answered NOT_SERVING to the probes while the main port drained
            self.health_server.stop(0).wait()
        self.ledger.close()


@dataclass
class _Served:
    """The servicers, registered on the gRPC server and on the web port's registry."""

    server: grpc.Server
    web_handlers: HandlerRegistry
    health: HealthService
    interceptors: list[grpc.ServerInterceptor[Any, Any]]
    reads: ReadModels


def start(settings: Settings, ledger: Ledger | None = None, reuse_port: bool = False) -> Running:
    """Build and start a server. `reuse_port`: the ports are shared with sibling workers (service/processes.py)."""
    ledger = ledger or open_ledger(settings)
    ledger.observer = metrics.PrometheusLedgerObserver()
    credentials = tls_credentials(settings)  # before anything starts: a bad file is a clear error, not a half-up server
    stopping = threading.Event()
    store_envs = ledger.store_envs()  # each store's settings, the first (views, the duties' lock) first
    store_env = store_envs[0]
    served = _servicers(settings, ledger, store_env, stopping, reuse_port)
    address = f"{settings.host}:{settings.port}"
    server = served.server
    port = server.add_secure_port(address, credentials) if credentials else server.add_insecure_port(address)
    if port == 0:
        raise OSError(f"cannot listen on {settings.host}:{settings.port}")
    health_server, health_port = None, 0
    if settings.health_port:
        health_server, health_port = health_only_server(served.health, settings, reuse_port)
    web = _web_server(settings, served, credentials is not None, reuse_port)
    readiness = Readiness(
        served.health,
        ledger,
        SERVICE_NAMES,
        interval=settings.readiness_interval,
        max_projection_lag=settings.max_projection_lag,
        census=metrics.GameCensus(ledger),
    )
    readiness.start()
    shared = StoreFollower.applies(ledger)  # PostgreSQL: other processes may share the store
    followers = [StoreFollower(ledger, store).start() for store in ledger.stores()] if shared else None
    if not shared:
        ledger.trust_cache(True)  # one process on SQLite: every write to a game goes through this ledger
    duties = Duties(
        ledger, store_env, settings.projections, shared, settings.audit_rate, metrics.record_verification,
        notice_observer=PrometheusNoticeObserver(), shard_envs=store_envs[1:],
    ).start()  # fmt: skip
    lag_probe = LagProbe(store_env, shard_envs=store_envs[1:])  # read from the stores: right wherever the runners are
    lag_probe.register()
    server.start()
    if health_server is not None:
        health_server.start()
    if web is not None:
        web.start()
    return Running(
        server, port, ledger, served.health, stopping, duties, readiness, lag_probe, served.reads,
        health_server, health_port, web=web, followers=followers,
    )  # fmt: skip


def open_ledger(settings: Settings) -> Ledger:
    """The ledger of --store: one store, or (given several) the shards in front of which ShardedLedger stands."""
    if settings.shards:
        envs = [persistence_env(u) for u in (settings.store, *settings.shards)]
        return ShardedLedger(envs, cache_size=settings.cache_size)
    return Ledger(persistence_env(settings.store), cache_size=settings.cache_size)


def _servicers(
    settings: Settings, ledger: Ledger, store_env: dict[str, str], stopping: threading.Event, reuse_port: bool
) -> _Served:
    interceptors: list[grpc.ServerInterceptor[Any, Any]] = [TelemetryInterceptor()]  # both ports
    admission = Admission(
        settings.max_concurrent_rpcs
    )  # the gRPC port's cap, refused in the open (the web port: Calls)
    server = grpc.server(
        # Every WatchGame stream holds a thread for as long as it is open: give them their own.
        futures.ThreadPoolExecutor(max_workers=settings.workers + settings.max_watchers, thread_name_prefix="rpc"),
        interceptors=[*interceptors, admission],
        maximum_concurrent_rpcs=settings.max_concurrent_rpcs * BACKSTOP_FACTOR,
        options=[
            ("grpc.max_receive_message_length", settings.max_receive_bytes),
            # Alone, a busy port is an error at start; workers share theirs (the supervisor reserved it).
            ("grpc.so_reuseport", int(reuse_port)),
        ],
    )
    reads = ReadModels(store_env)
    signer = receipt_signer(settings, ledger)
    games = GameService(
        ledger, settings.organizer_token, settings.max_watchers, stopping.is_set, reads=reads, signer=signer
    )
    boards = LeaderboardService(Tournaments(ledger), reads, settings.organizer_token)
    audit = AuditService(ledger, settings.organizer_token, signer)
    notices = NoticeService(ledger, settings.organizer_token)
    health_servicer = HealthService(experimental_non_blocking=True)
    web_handlers = HandlerRegistry()  # the same servicer objects serve the web port
    targets: tuple[Any, ...] = (server, web_handlers)  # the registry quacks like a grpc.Server
    for target in targets:
        games_pb2_grpc.add_GameServiceServicer_to_server(games, target)
        leaderboards_pb2_grpc.add_LeaderboardServiceServicer_to_server(boards, target)
        audit_pb2_grpc.add_AuditServiceServicer_to_server(audit, target)
        notices_pb2_grpc.add_NoticeServiceServicer_to_server(notices, target)
        health_pb2_grpc.add_HealthServicer_to_server(health_servicer, target)
    for name in ("", *SERVICE_NAMES):
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    reflection.enable(server, (*SERVICE_NAMES, health.SERVICE_NAME))
    return _Served(server, web_handlers, health_servicer, interceptors, reads)


def _web_server(settings: Settings, served: _Served, tls: bool, reuse_port: bool) -> WebServer | None:
    if not settings.web_port:
        return None
    limits = Limits(
        workers=settings.workers,
        max_concurrent_rpcs=settings.max_concurrent_rpcs,
        max_receive_bytes=settings.max_receive_bytes,
        max_streams=settings.max_watchers,
    )
    health_service = health_pb2.DESCRIPTOR.services_by_name["Health"]
    calls = Calls(served.web_handlers, (*SERVICES, health_service), served.interceptors, limits)
    root = Path(settings.web_root) if settings.web_root else WEB_ROOT
    files = TLSFiles(settings.tls_cert or "", settings.tls_key or "", settings.tls_client_ca) if tls else None
    app = web_app(calls, limits, settings.web_origins, root)
    return WebServer(app, calls, settings.host, settings.web_port, files, reuse_port=reuse_port)


def receipt_signer(settings: Settings, ledger: Ledger) -> Receipts:
    """One receipt key per deployment: --receipt-key (a file or a mounted secret); else beside a SQLite file;
    else, on PostgreSQL, the key kept in the store, shared by every process, replica and restart on it."""
    path = receipt_key_path(settings)
    previous = [Path(p) for p in settings.receipt_key_previous]
    if path is None and settings.store.startswith(("postgresql", "postgres:")):
        return Receipts.stored(ledger.recorder.datastore)  # type: ignore[attr-defined]
    return Receipts.load(path, previous)


def receipt_key_path(settings: Settings) -> Path | None:
    """--receipt-key; else a key kept beside a SQLite file store (made on first start); else none (per run)."""
    if settings.receipt_key:
        return Path(settings.receipt_key)
    if settings.store.startswith("sqlite:///") and ":memory:" not in settings.store:
        database = Path(settings.store.removeprefix("sqlite:///").split("?", 1)[0])
        return database.with_name(database.name + ".receipt-key")
    return None


class TLSConfigError(ValueError):
    """TLS flags or files the server cannot use, with what is wrong."""


def tls_credentials(settings: Settings) -> grpc.ServerCredentials | None:
    """Server credentials from PEM files, checked up front so a wrong file fails with its name."""
    if not settings.tls_cert and not settings.tls_key:
        if settings.tls_client_ca:
            raise TLSConfigError("--tls-client-ca needs --tls-cert and --tls-key (mutual TLS is TLS first)")
        return None
    if not settings.tls_cert or not settings.tls_key:
        raise TLSConfigError("TLS needs both --tls-cert and --tls-key")
    files = {"--tls-cert": settings.tls_cert, "--tls-key": settings.tls_key}
    if settings.tls_client_ca:
        files["--tls-client-ca"] = settings.tls_client_ca
    pem: dict[str, bytes] = {}
    for flag, path in files.items():
        try:
            pem[flag] = Path(path).read_bytes()
        except OSError as exc:
            raise TLSConfigError(f"{flag} {path}: {exc.strerror or exc}") from None
    try:
        ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(settings.tls_cert, settings.tls_key)
    except ssl.SSLError as exc:
        raise TLSConfigError(
            f"--tls-cert/--tls-key: not a PEM certificate chain and its matching key ({exc})"
        ) from None
    ca = pem.get("--tls-client-ca")
    return grpc.ssl_server_credentials(
        [(pem["--tls-key"], pem["--tls-cert"])], root_certificates=ca, require_client_auth=ca is not None
    )


def health_only_server(
    servicer: health.HealthServicer, settings: Settings, reuse_port: bool = False
) -> tuple[grpc.Server, int]:
    """A plaintext port with the health service and nothing else: Kubernetes gRPC probes cannot speak TLS."""
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="health"),
        maximum_concurrent_rpcs=16,
        options=[("grpc.so_reuseport", int(reuse_port))],
    )
    health_pb2_grpc.add_HealthServicer_to_server(servicer, server)
    reflection.enable(server, (health.SERVICE_NAME,))  # for grpcurl
    port = server.add_insecure_port(f"{settings.host}:{settings.health_port}")
    if port == 0:
        raise OSError(f"cannot listen on {settings.host}:{settings.health_port} (--health-port)")
    return server, port


STOP_DEADLINE = 20.0  # seconds after the grace period before a stuck shutdown is cut short


SIGNAL_CHECK_S = 0.5  # how often the waiting main thread looks for a signal another thread received


def serve_until_signalled(running: Running, grace: float) -> None:
    """Serve until SIGTERM or SIGINT, then stop within `grace` (a second signal: exit at once)."""
    done = threading.Event()

    def shutdown(signum: int, _frame: object) -> None:
        if done.is_set():  # a second signal: the operator wants out now (everything acknowledged is stored)
            hard_exit(f"signal {signum} again during shutdown")
        log.info("signal %d: shutting down (grace %.1fs)", signum, grace)
        done.set()

    signal.signal(signal.SIGTERM, shutdown)
    signal.signal(signal.SIGINT, shutdown)
    # Wake now and then: a signal the kernel hands to another thread (grpc's, the pool's) only sets a flag
    # that the main thread acts on when it next runs Python code, and a wait without a timeout never
    # returns to run any (seen: a SIGTERM that a server ignored for good, in a CI run).
    while not done.wait(SIGNAL_CHECK_S):
        pass
    # A shutdown that hangs (a stuck thread) must not keep the process, its ports and its pool for ever.
    watchdog = threading.Timer(grace + STOP_DEADLINE, hard_exit, args=("shutdown took too long",))
    watchdog.daemon = True
    watchdog.start()
    running.stop(grace)
    watchdog.cancel()
    log.info("stopped")


def hard_exit(why: str) -> None:
    """Exit at once, with every thread's stack on stderr: commands are durable once acknowledged."""
    log.error("%s: exiting now; the threads were:", why)
    faulthandler.dump_traceback(all_threads=True)
    os._exit(1)
