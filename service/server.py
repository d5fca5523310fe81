"""The composition root: parse flags, build the ledger and the gRPC server, serve until SIGTERM/SIGINT."""

from __future__ import annotations

import json
import logging
import signal
import ssl
import sys
import threading
from concurrent import futures
from dataclasses import dataclass, fields
from pathlib import Path

import click
import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from playledger.v1 import audit_pb2, audit_pb2_grpc, games_pb2, games_pb2_grpc, leaderboards_pb2, leaderboards_pb2_grpc

from service.api import logs, metrics
from service.api.audit import AuditService
from service.api.games import GameService
from service.api.health import LIVENESS, Readiness
from service.api.interceptors import TelemetryInterceptor
from service.api.leaderboards import LeaderboardService
from service.config import Settings
from service.ledger.app import Ledger
from service.ledger.scheduler import Scheduler
from service.ledger.store import StoreURLError, describe, persistence_env
from service.ledger.tournament import Tournaments
from service.projections import admin as projections_admin
from service.projections.read import ReadModels
from service.projections.runner import PROJECTIONS, LagProbe, Projections

log = logging.getLogger("playledger.server")
SERVICE_NAMES = (
    games_pb2.DESCRIPTOR.services_by_name["GameService"].full_name,
    audit_pb2.DESCRIPTOR.services_by_name["AuditService"].full_name,
    leaderboards_pb2.DESCRIPTOR.services_by_name["LeaderboardService"].full_name,
)


@dataclass
class Running:
    server: grpc.Server
    port: int
    ledger: Ledger
    health: health.HealthServicer
    stopping: threading.Event
    scheduler: Scheduler
    readiness: Readiness | None = None
    health_server: grpc.Server | None = None  # the plaintext health-only port (--health-port)
    health_port: int = 0

    projections: Projections | None = None  # the read-model runners, when they run in this process
    reads: ReadModels | None = None
    lag_probe: LagProbe | None = None

    def _stop_read_side(self) -> None:
        """After the RPCs drained, before the store closes: commit the runners' last batch, close their pools."""
        if self.lag_probe is not None:
            self.lag_probe.unregister()
            if self.projections is None:
                self.lag_probe.close()
        if self.projections is not None:
            self.projections.stop()
        if self.reads is not None:
            self.reads.close()

    def stop(self, grace: float) -> None:
        """Shutdown order: health NOT_SERVING, stop taking RPCs and drain, stop timers, close the store."""
        self.stopping.set()
        self.health.enter_graceful_shutdown()
        if self.readiness is not None:
            self.readiness.stop()
        self.server.stop(grace).wait()
        self.scheduler.stop()
        self._stop_read_side()
        if self.health_server is not None:  # answered NOT_SERVING to the probes while the main port drained
            self.health_server.stop(0).wait()
        self.ledger.close()


def start(settings: Settings, ledger: Ledger | None = None) -> Running:
    """Build and start a server (tests call this with port 0 and an in-memory store)."""
    ledger = ledger or Ledger(persistence_env(settings.store), cache_size=settings.cache_size)
    ledger.observer = metrics.PrometheusLedgerObserver()
    credentials = tls_credentials(settings)  # before anything starts: a bad file is a clear error, not a half-up server
    stopping = threading.Event()
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=settings.workers, thread_name_prefix="rpc"),
        interceptors=[TelemetryInterceptor()],
        maximum_concurrent_rpcs=settings.max_concurrent_rpcs,
        options=[
            ("grpc.max_receive_message_length", settings.max_receive_bytes),
            ("grpc.so_reuseport", 0),
        ],
    )
    store_env = {k: v for k, v in ledger.env.items() if isinstance(v, str)}  # the ledger's own store settings
    reads = ReadModels(store_env)
    games_pb2_grpc.add_GameServiceServicer_to_server(
        GameService(ledger, settings.organizer_token, settings.max_watchers, stopping.is_set, reads=reads), server
    )
    leaderboards_pb2_grpc.add_LeaderboardServiceServicer_to_server(
        LeaderboardService(Tournaments(ledger), reads, settings.organizer_token), server
    )
    audit_pb2_grpc.add_AuditServiceServicer_to_server(AuditService(ledger, settings.organizer_token), server)
    health_servicer = health.HealthServicer(experimental_non_blocking=True)
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    for name in ("", *SERVICE_NAMES):
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    reflection.enable_server_reflection((*SERVICE_NAMES, health.SERVICE_NAME, reflection.SERVICE_NAME), server)
    address = f"{settings.host}:{settings.port}"
    port = server.add_secure_port(address, credentials) if credentials else server.add_insecure_port(address)
    if port == 0:
        raise OSError(f"cannot listen on {settings.host}:{settings.port}")
    health_server, health_port = None, 0
    if settings.health_port:
        health_server, health_port = health_only_server(health_servicer, settings)
    readiness = Readiness(
        health_servicer,
        ledger,
        SERVICE_NAMES,
        interval=settings.readiness_interval,
        max_projection_lag=settings.max_projection_lag,
        census=metrics.GameCensus(ledger),
    )
    readiness.start()
    scheduler = Scheduler(ledger)
    scheduler.start()
    projections = Projections(store_env).start() if settings.projections else None
    if projections is not None:
        ledger.add_listener(lambda _game, _version: projections.wake())  # SQLite pollers look at once
    lag_probe = projections.probe if projections is not None else LagProbe(store_env)
    lag_probe.register()
    server.start()
    if health_server is not None:
        health_server.start()
    return Running(
        server,
        port,
        ledger,
        health_servicer,
        stopping,
        scheduler,
        readiness,
        health_server,
        health_port,
        projections=projections,
        reads=reads,
        lag_probe=lag_probe,
    )


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


def health_only_server(servicer: health.HealthServicer, settings: Settings) -> tuple[grpc.Server, int]:
    """A plaintext port with the health service and nothing else: Kubernetes gRPC probes cannot speak TLS."""
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=2, thread_name_prefix="health"), maximum_concurrent_rpcs=16
    )
    health_pb2_grpc.add_HealthServicer_to_server(servicer, server)
    reflection.enable_server_reflection((health.SERVICE_NAME, reflection.SERVICE_NAME), server)  # for grpcurl
    port = server.add_insecure_port(f"{settings.host}:{settings.health_port}")
    if port == 0:
        raise OSError(f"cannot listen on {settings.host}:{settings.health_port} (--health-port)")
    return server, port


@click.group(invoke_without_command=True, context_settings={"auto_envvar_prefix": "PLAYLEDGER"})
@click.option(
    "--store", default=Settings.store, show_default=True, help="sqlite:///PATH or postgresql://user@host:port/db"
)
@click.option("--host", default=Settings.host, show_default=True, help="address to listen on (0.0.0.0 in a container)")
@click.option("--port", default=Settings.port, show_default=True, type=int, help="gRPC port")
@click.option(
    "--metrics-port",
    default=Settings.metrics_port,
    show_default=True,
    type=int,
    help="Prometheus /metrics port; 0 = off",
)
@click.option("--workers", default=Settings.workers, show_default=True, type=int, help="gRPC worker threads")
@click.option(
    "--max-watchers", default=Settings.max_watchers, show_default=True, type=int, help="concurrent WatchGame streams"
)
@click.option("--organizer-token", default=None, help="bearer token that sees everything and may export and audit")
@click.option(
    "--grace-seconds", default=Settings.grace_seconds, show_default=True, type=float, help="drain time on shutdown"
)
@click.option(
    "--health-port",
    default=Settings.health_port,
    show_default=True,
    type=int,
    help="plaintext port serving only the gRPC health service (for probes when --port uses TLS); 0 = off",
)
@click.option("--tls-cert", default=None, help="PEM certificate chain: --port then accepts TLS only")
@click.option("--tls-key", default=None, help="PEM private key of --tls-cert")
@click.option("--tls-client-ca", default=None, help="PEM CA bundle: require client certificates signed by it")
@click.option(
    "--readiness-interval",
    default=Settings.readiness_interval,
    show_default=True,
    type=float,
    help="seconds between readiness checks",
)
@click.option(
    "--max-projection-lag",
    default=Settings.max_projection_lag,
    show_default=True,
    type=float,
    help="seconds a lagging projection may go without progress before health says NOT_SERVING; 0 = ignore",
)
@click.option(
    "--projections/--no-projections",
    default=Settings.projections,
    show_default=True,
    help="run the read-model projections in this process (off when `playledger-server projections run` runs them)",
)
@click.option(
    "--log-level",
    default="INFO",
    show_default=True,
    type=click.Choice(["DEBUG", "INFO", "WARNING", "ERROR"], case_sensitive=False),
    help="DEBUG also logs every successful call",
)
@click.option(
    "--log-format",
    default="text",
    show_default=True,
    type=click.Choice(logs.FORMATS),
    help="json: one JSON object per line, with request_id",
)
@click.pass_context
def main(ctx: click.Context, /, log_level: str, log_format: str, **flags: object) -> None:
    """Run the PlayLedger gRPC server (default: on SQLite in ./playledger.db)."""
    if ctx.invoked_subcommand is not None:
        return
    logs.configure(log_level, log_format)
    known = {f.name for f in fields(Settings)}
    settings = Settings(**{k: v for k, v in flags.items() if k in known})  # type: ignore[arg-type]
    try:
        running = start(settings)
    except StoreURLError as exc:
        raise click.BadParameter(str(exc), param_hint="--store") from None
    except TLSConfigError as exc:
        raise click.UsageError(str(exc)) from None
    if settings.metrics_port:
        try:
            metrics.serve(settings.metrics_port, settings.host)
        except OSError as exc:
            running.stop(0)
            raise click.UsageError(f"cannot serve metrics on {settings.host}:{settings.metrics_port}: {exc}") from None
    log.info(
        "serving on %s:%d (%s; store %s, metrics %s, health port %s)",
        settings.host,
        running.port,
        "TLS" + (", client certificates required" if settings.tls_client_ca else "")
        if settings.tls_cert
        else "plaintext",
        describe(settings.store),
        settings.metrics_port or "off",
        running.health_port or "off",
    )
    done = threading.Event()

    def shutdown(signum: int, _frame: object) -> None:
        log.info("signal %d: shutting down (grace %.1fs)", signum, settings.grace_seconds)
        done.set()

    signal.signal(signal.SIGTERM, shutdown)
    signal.signal(signal.SIGINT, shutdown)
    done.wait()
    running.stop(settings.grace_seconds)
    log.info("stopped")
    sys.exit(0)


@main.command(name="health")
@click.option("--target", default="127.0.0.1:50051", show_default=True, help="HOST:PORT of a plaintext health port")
@click.option("--service", default="", help=f"health name to check: '' = ready, {LIVENESS!r} = alive")
@click.option("--timeout", default=3.0, show_default=True, type=float, help="seconds to wait for the answer")
def health_command(target: str, service: str, timeout: float) -> None:
    """Ask a server's gRPC health service; exit 0 when SERVING, 1 otherwise (container health checks)."""
    with grpc.insecure_channel(target) as channel:
        try:
            reply = health_pb2_grpc.HealthStub(channel).Check(
                health_pb2.HealthCheckRequest(service=service), timeout=timeout
            )
        except grpc.RpcError as exc:
            click.echo(f"{target}: {exc.code().name} {exc.details() or ''}".rstrip(), err=True)
            sys.exit(1)
    status = health_pb2.HealthCheckResponse.ServingStatus.Name(reply.status)
    click.echo(f"{target} {service or '(server)'}: {status}")
    sys.exit(0 if reply.status == health_pb2.HealthCheckResponse.SERVING else 1)


# --- read models ----------------------------------------------------------------------------------
def _store_env(ctx: click.Context, store: str | None) -> dict[str, str]:
    url = store or (ctx.parent.parent.params.get("store") if ctx.parent and ctx.parent.parent else None)
    try:
        return persistence_env(url or Settings.store)
    except StoreURLError as exc:
        raise click.BadParameter(str(exc), param_hint="--store") from None


def _names(only: tuple[str, ...]) -> tuple[str, ...]:
    return only or tuple(PROJECTIONS)


_store_option = click.option(
    "--store", default=None, envvar="PLAYLEDGER_STORE", help="sqlite:///PATH or postgresql://... (as the server's)"
)
_only_option = click.option(
    "--only", multiple=True, type=click.Choice(sorted(PROJECTIONS)), help="just this projection (repeatable)"
)


@main.group(name="projections")
def projections_group() -> None:
    """Read models (game summaries, scores, ratings, tournaments): rebuild, status, or run them in a worker."""


@projections_group.command(name="rebuild")
@_store_option
@_only_option
@click.option("--json", "as_json", is_flag=True, help="print the result as JSON (no progress bar)")
@click.pass_context
def projections_rebuild(ctx: click.Context, store: str | None, only: tuple[str, ...], as_json: bool) -> None:
    """Rebuild every read model from the events into new tables, then switch to them (servers keep serving)."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s %(message)s")
    env = _store_env(ctx, store)
    try:
        done = projections_admin.rebuild(env, _names(only), progress=not as_json)
    except projections_admin.RebuildFailed as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(json.dumps([d.as_dict() for d in done], indent=2))
        return
    for d in done:
        click.echo(
            f"{d.projection}: {d.events} events in {d.seconds:.2f}s ({d.rate:,.0f} events/s), "
            f"now generation {d.generation}"
        )


@projections_group.command(name="status")
@_store_option
@_only_option
@click.option("--json", "as_json", is_flag=True, help="print JSON")
@click.pass_context
def projections_status(ctx: click.Context, store: str | None, only: tuple[str, ...], as_json: bool) -> None:
    """Each read model's generation, position and lag (events and seconds behind the log)."""
    lags = projections_admin.status(_store_env(ctx, store), _names(only))
    if as_json:
        click.echo(json.dumps([lag.as_dict() for lag in lags], indent=2))
        return
    for lag in lags:
        where = f"generation {lag.generation}" if lag.generation else "never run"
        click.echo(
            f"{lag.projection:12} {where}, position {lag.position}, {lag.events} events behind ({lag.seconds:.1f}s)"
        )


@projections_group.command(name="run")
@_store_option
@_only_option
@click.option("--log-level", default="INFO", show_default=True)
@click.option(
    "--metrics-port",
    default=Settings.metrics_port,
    envvar="PLAYLEDGER_METRICS_PORT",
    show_default=True,
    type=int,
    help="Prometheus /metrics port (projection lag); 0 = off",
)
@click.option(
    "--metrics-host", default=Settings.host, envvar="PLAYLEDGER_HOST", show_default=True, help="address for /metrics"
)
@click.pass_context
def projections_run(
    ctx: click.Context, store: str | None, only: tuple[str, ...], log_level: str, metrics_port: int, metrics_host: str
) -> None:
    """Run the projections in this process until SIGTERM (start the server with --no-projections)."""
    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(levelname)s %(name)s %(message)s")
    env = _store_env(ctx, store)
    if metrics_port:  # the worker's own /metrics: playledger_projection_lag_* read from the store at each scrape
        LagProbe(env, _names(only)).register()
        metrics.serve(metrics_port, metrics_host)
    log.info("projection worker on %s", describe(store or Settings.store))
    projections_admin.run_worker(env, _names(only))
