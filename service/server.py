"""The command line: `playledger-server` (one process, or a supervisor of --processes N workers) and its
subcommands (health, projections). Assembling a server is service/assemble.py; the workers service/processes.py.
"""

from __future__ import annotations

import json
import logging
import signal
import sys
import time
from dataclasses import fields
from typing import cast

import click
import grpc
from grpc_health.v1 import health_pb2, health_pb2_grpc

from service.api import logs, metrics
from service.api.health import LIVENESS
from service.assemble import (  # re-exported: tests and tools import them from here
    STOP_DEADLINE,
    Running,
    TLSConfigError,
    hard_exit,
    health_only_server,
    receipt_key_path,
    serve_until_signalled,
    start,
    tls_credentials,
)
from service.config import Settings
from service.ledger import receipt_keys
from service.ledger.app import Ledger
from service.ledger.store import StoreURLError, check_stores, describe, persistence_env
from service.processes import ProcessesError, StoppedWhileStarting, Supervisor, resolve_processes
from service.projections import admin as projections_admin
from service.projections.runner import PROJECTIONS, LagProbe

__all__ = [
    "STOP_DEADLINE",
    "Running",
    "TLSConfigError",
    "hard_exit",
    "health_only_server",
    "main",
    "receipt_key_path",
    "start",
    "tls_credentials",
]

log = logging.getLogger("playledger.server")


@click.group(invoke_without_command=True, context_settings={"auto_envvar_prefix": "PLAYLEDGER"})
@click.option(
    "--store",
    multiple=True,
    default=(Settings.store,),
    show_default=True,
    envvar="PLAYLEDGER_STORE",
    help="sqlite:///PATH or postgresql://user@host:port/db; given more than once (PLAYLEDGER_STORE: URLs "
    "separated by spaces), games are spread over the stores as shards, the first also holding the read models",
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
@click.option(
    "--processes",
    default=Settings.processes,
    show_default=True,
    type=int,
    help="server processes sharing the ports (PostgreSQL); 0 = one per core on PostgreSQL, 1 on SQLite",
)
@click.option("--workers", default=Settings.workers, show_default=True, type=int, help="gRPC worker threads")
@click.option(
    "--max-watchers",
    default=Settings.max_watchers,
    show_default=True,
    type=int,
    help="concurrent WatchGame streams (both ports); each holds a thread",
)
@click.option(
    "--web-port",
    default=Settings.web_port,
    show_default=True,
    type=int,
    help="HTTP port for gRPC-Web (browsers) and the web app; 0 = off",
)
@click.option(
    "--web-origin",
    "web_origins",
    multiple=True,
    help="a browser origin (https://host:port) allowed to call the web port from another site (CORS); repeatable",
)
@click.option("--web-root", default=None, help="folder of the built web app (default: clients/web/dist)")
@click.option(
    "--receipt-key",
    default=None,
    help="Ed25519 PEM key that signs receipts (made there if missing; default: beside a SQLite file, or kept "
    "in a PostgreSQL store, one for every process and replica on it)",
)
@click.option(
    "--receipt-key-previous",
    multiple=True,
    help="a key --receipt-key replaced (PEM, public or private): GetReceiptKey still lists it; repeatable",
)
@click.option("--organizer-token", default=None, help="bearer token that sees everything and may export and audit")
@click.option(
    "--audit-rate",
    default=Settings.audit_rate,
    show_default=True,
    type=float,
    help="finished games a second the continuous audit re-verifies in the background (feeds the divergence "
    "alert); 0 = off",
)
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
    stores = tuple(cast(tuple[str, ...], flags.pop("store")))
    settings = Settings(
        store=stores[0],
        shards=stores[1:],
        **{k: v for k, v in flags.items() if k in known},  # type: ignore[arg-type]
    )
    try:
        count = resolve_processes(settings)
        check_stores(stores)  # a bad URL is a usage error here, not N workers failing
        if count > 1:
            _supervise(settings, count, log_level, log_format)
        else:
            _serve_alone(settings)
    except StoreURLError as exc:
        raise click.BadParameter(str(exc), param_hint="--store") from None
    except ProcessesError as exc:
        raise click.BadParameter(str(exc), param_hint="--processes") from None
    except (TLSConfigError, OSError) as exc:
        raise click.UsageError(str(exc)) from None
    sys.exit(0)


def _serve_alone(settings: Settings) -> None:
    """One process: today's server, every port its own."""
    running = start(settings)
    if settings.metrics_port:
        try:
            metrics.serve(settings.metrics_port, settings.host)
        except OSError as exc:
            running.stop(0)
            raise OSError(f"cannot serve metrics on {settings.host}:{settings.metrics_port}: {exc}") from None
    _announce(settings, running.port, running.web.port if running.web else 0, running.health_port, 1)
    serve_until_signalled(running, settings.grace_seconds)


def _supervise(settings: Settings, count: int, log_level: str, log_format: str) -> None:
    """N worker processes on shared ports (service/processes.py); this process serves the summed /metrics."""
    logs.PROCESS_NAME = "supervisor"  # its log lines, told apart from its workers' (worker-N)
    tls_credentials(settings)  # a bad certificate is one clear error, not N failing workers
    supervisor = Supervisor(settings, count, log_level, log_format)
    first: list[float] = []

    def shutdown(signum: int, _frame: object) -> None:
        if first and time.monotonic() - first[0] > 1.0:  # not the same signal sent to the group twice
            hard_exit(f"signal {signum} again during shutdown")
        first.append(time.monotonic())
        log.info("signal %d: stopping %d workers (grace %.1fs)", signum, count, settings.grace_seconds)
        supervisor.request_stop()

    signal.signal(signal.SIGTERM, shutdown)  # before the workers start: a stop while starting cleans up too
    signal.signal(signal.SIGINT, shutdown)
    try:
        supervisor.start()
    except StoppedWhileStarting:
        log.info("stopped while starting")
        return
    except RuntimeError as exc:  # a worker could not start: its own log lines say why
        raise click.ClickException(str(exc)) from None
    w = supervisor.worker_settings
    _announce(settings, w.port, w.web_port, w.health_port, count)
    supervisor.supervise()
    supervisor.stop(settings.grace_seconds)
    log.info("stopped")


def _announce(settings: Settings, port: int, web_port: int, health_port: int, processes: int) -> None:
    log.info(
        "serving on %s:%d (%s; web %s; store %s, metrics %s, health port %s, %s)",
        settings.host,
        port,
        "TLS" + (", client certificates required" if settings.tls_client_ca else "")
        if settings.tls_cert
        else "plaintext",
        f"http://{settings.host}:{web_port}/" if web_port else "off",
        " + ".join(describe(s) for s in (settings.store, *settings.shards)),
        settings.metrics_port or "off",
        health_port or "off",
        f"{processes} processes" if processes > 1 else "1 process",
    )


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


@main.command(name="rotate-receipt-key")
@click.option(
    "--store",
    "stores",
    multiple=True,
    envvar="PLAYLEDGER_STORE",
    help="the PostgreSQL store whose key to rotate (of several, the first: it keeps the key)",
)
def rotate_receipt_key(stores: tuple[str, ...]) -> None:
    """Retire the receipt key kept in a PostgreSQL store and make a new one (restart the servers to sign with it);
    the retired key stays listed by GetReceiptKey, so receipts it signed keep verifying."""
    url = stores[0] if stores else Settings.store
    if not url.startswith(("postgresql", "postgres:")):
        raise click.BadParameter(
            "only a PostgreSQL store keeps its receipt key; a --receipt-key file is rotated "
            "by making a new one and passing the old as --receipt-key-previous",
            param_hint="--store",
        )
    ledger = Ledger(persistence_env(url), cache_size=0)
    try:
        found = receipt_keys.keys(ledger.recorder.datastore, rotate=True)  # type: ignore[attr-defined]
    finally:
        ledger.close()
    click.echo(f"receipts are now signed with {found[0].key_id} (retired: {', '.join(k.key_id for k in found[1:])})")


# --- read models ----------------------------------------------------------------------------------
def _store_envs(ctx: click.Context, stores: tuple[str, ...]) -> list[dict[str, str]]:
    """Each store's settings, the first (the read models' home) first: this command's --store, else the server's."""
    urls = stores or (ctx.parent.parent.params.get("store") if ctx.parent and ctx.parent.parent else None)
    try:
        return check_stores(tuple(urls or (Settings.store,)))
    except StoreURLError as exc:
        raise click.BadParameter(str(exc), param_hint="--store") from None


def _names(only: tuple[str, ...]) -> tuple[str, ...]:
    return only or tuple(PROJECTIONS)


_store_option = click.option(
    "--store",
    "stores",
    multiple=True,
    envvar="PLAYLEDGER_STORE",
    help="sqlite:///PATH or postgresql://... (as the server's: every shard, the first first)",
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
def projections_rebuild(ctx: click.Context, stores: tuple[str, ...], only: tuple[str, ...], as_json: bool) -> None:
    """Rebuild every read model from the events into new tables, then switch to them (servers keep serving)."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s %(message)s")
    env, *shards = _store_envs(ctx, stores)
    try:
        done = projections_admin.rebuild(env, _names(only), progress=not as_json, shard_envs=shards)
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
def projections_status(ctx: click.Context, stores: tuple[str, ...], only: tuple[str, ...], as_json: bool) -> None:
    """Each read model's generation, position and lag (events and seconds behind the log)."""
    env, *shards = _store_envs(ctx, stores)
    lags = projections_admin.status(env, _names(only), shard_envs=shards)
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
    ctx: click.Context,
    stores: tuple[str, ...],
    only: tuple[str, ...],
    log_level: str,
    metrics_port: int,
    metrics_host: str,
) -> None:
    """Run the projections in this process until SIGTERM (start the server with --no-projections)."""
    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(levelname)s %(name)s %(message)s")
    env, *shards = _store_envs(ctx, stores)
    if metrics_port:  # the worker's own /metrics: playledger_projection_lag_* read from the store at each scrape
        LagProbe(env, _names(only), shard_envs=shards).register()
        metrics.serve(metrics_port, metrics_host)
    log.info("projection worker on %s", " + ".join(describe(s) for s in stores or (Settings.store,)))
    projections_admin.run_worker(env, _names(only), shard_envs=shards)
