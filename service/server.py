"""The composition root: parse flags, build the ledger and the gRPC server, serve until SIGTERM/SIGINT."""

from __future__ import annotations

import logging
import signal
import sys
import threading
from concurrent import futures
from dataclasses import dataclass, fields

import click
import grpc
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from grpc_reflection.v1alpha import reflection
from playledger.v1 import games_pb2, games_pb2_grpc
from prometheus_client import start_http_server

from service.api.games import GameService
from service.config import Settings
from service.ledger.app import Ledger
from service.ledger.scheduler import Scheduler
from service.ledger.store import StoreURLError, describe, persistence_env

log = logging.getLogger("playledger.server")
SERVICE_NAMES = (games_pb2.DESCRIPTOR.services_by_name["GameService"].full_name,)


@dataclass
class Running:
    server: grpc.Server
    port: int
    ledger: Ledger
    health: health.HealthServicer
    stopping: threading.Event
    scheduler: Scheduler

    def stop(self, grace: float) -> None:
        """Shutdown order: health NOT_SERVING, stop taking RPCs and drain, stop timers, close the store."""
        self.stopping.set()
        self.health.enter_graceful_shutdown()
        self.server.stop(grace).wait()
        self.scheduler.stop()
        self.ledger.close()


def start(settings: Settings, ledger: Ledger | None = None) -> Running:
    """Build and start a server (tests call this with port 0 and an in-memory store)."""
    ledger = ledger or Ledger(persistence_env(settings.store), cache_size=settings.cache_size)
    stopping = threading.Event()
    server = grpc.server(
        futures.ThreadPoolExecutor(max_workers=settings.workers, thread_name_prefix="rpc"),
        maximum_concurrent_rpcs=settings.max_concurrent_rpcs,
        options=[
            ("grpc.max_receive_message_length", settings.max_receive_bytes),
            ("grpc.so_reuseport", 0),
        ],
    )
    games_pb2_grpc.add_GameServiceServicer_to_server(
        GameService(ledger, settings.organizer_token, settings.max_watchers, stopping.is_set), server
    )
    health_servicer = health.HealthServicer(experimental_non_blocking=True)
    health_pb2_grpc.add_HealthServicer_to_server(health_servicer, server)
    for name in ("", *SERVICE_NAMES):
        health_servicer.set(name, health_pb2.HealthCheckResponse.SERVING)
    reflection.enable_server_reflection((*SERVICE_NAMES, health.SERVICE_NAME, reflection.SERVICE_NAME), server)
    port = server.add_insecure_port(f"{settings.host}:{settings.port}")
    if port == 0:
        raise OSError(f"cannot listen on {settings.host}:{settings.port}")
    scheduler = Scheduler(ledger)
    scheduler.start()
    server.start()
    return Running(server, port, ledger, health_servicer, stopping, scheduler)


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
@click.option("--log-level", default="INFO", show_default=True)
@click.pass_context
def main(ctx: click.Context, /, log_level: str, **flags: object) -> None:
    """Run the PlayLedger gRPC server (default: on SQLite in ./playledger.db)."""
    if ctx.invoked_subcommand is not None:
        return
    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(levelname)s %(name)s %(message)s")
    known = {f.name for f in fields(Settings)}
    settings = Settings(**{k: v for k, v in flags.items() if k in known})  # type: ignore[arg-type]
    try:
        running = start(settings)
    except StoreURLError as exc:
        raise click.BadParameter(str(exc), param_hint="--store") from None
    if settings.metrics_port:
        start_http_server(settings.metrics_port, addr=settings.host)
    log.info(
        "serving on %s:%d (store %s, metrics %s)",
        settings.host,
        running.port,
        describe(settings.store),
        settings.metrics_port or "off",
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
