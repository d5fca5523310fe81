"""Health follows readiness: the store, stalled projections, shutdown; TLS on the main port, plaintext probes."""

from __future__ import annotations

import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import grpc
import psycopg
import pytest
from click.testing import CliRunner
from eventsourcing.persistence import OperationalError
from grpc_health.v1 import health, health_pb2, health_pb2_grpc
from playledger.v1 import games_pb2, games_pb2_grpc

from service.api import metrics
from service.api.health import LIVENESS, Readiness
from service.config import Settings
from service.ledger.app import Ledger
from service.ledger.observe import ProjectionLag, register_projection_lag, unregister_projection_lag
from service.ledger.store import persistence_env
from service.server import TLSConfigError, main, start, tls_credentials
from tests.integration.conftest import free_port
from tests.ops.tools import tool

GAMES = "playledger.v1.GameService"
SERVING = health_pb2.HealthCheckResponse.SERVING
NOT_SERVING = health_pb2.HealthCheckResponse.NOT_SERVING


def status(servicer: health.HealthServicer, name: str) -> int:
    return int(servicer._server_status[name])


@pytest.fixture
def ledger() -> Iterator[Ledger]:
    ledger = Ledger(persistence_env("sqlite:///:memory:"))
    yield ledger
    ledger.close()


@pytest.fixture
def lag() -> Iterator[dict[str, ProjectionLag | Exception]]:
    """A projection whose lag the test sets."""
    current: dict[str, ProjectionLag | Exception] = {"lag": ProjectionLag(0, 0.0, 0)}

    def read() -> ProjectionLag:
        value = current["lag"]
        if isinstance(value, Exception):
            raise value
        return value

    register_projection_lag("test-projection", read)
    yield current
    unregister_projection_lag("test-projection")


def test_ready_when_the_store_answers_and_projections_keep_up(ledger: Ledger, lag: dict) -> None:  # type: ignore[type-arg]
    servicer = health.HealthServicer()
    readiness = Readiness(servicer, ledger, [GAMES, "playledger.v1.LeaderboardService"], max_projection_lag=60)
    assert readiness.check() == []
    for name in ("", GAMES, "playledger.v1.LeaderboardService", LIVENESS):
        assert status(servicer, name) == SERVING


def test_a_projection_behind_without_progress_is_stalled_then_recovers(ledger: Ledger, lag: dict) -> None:  # type: ignore[type-arg]
    servicer = health.HealthServicer()
    readiness = Readiness(servicer, ledger, [GAMES, "playledger.v1.LeaderboardService"], max_projection_lag=0.2)
    lag["lag"] = ProjectionLag(events=40, seconds=5.0, position=100)
    assert readiness.check() == []  # behind, but it just moved: catching up is not a stall
    time.sleep(0.3)
    lag["lag"] = ProjectionLag(events=30, seconds=5.2, position=110)
    assert readiness.check() == []  # still moving
    time.sleep(0.3)
    problems = readiness.check()  # no progress for longer than allowed
    assert len(problems) == 1 and "test-projection is stalled: 30 events behind" in problems[0]
    assert status(servicer, "") == NOT_SERVING
    assert status(servicer, "playledger.v1.LeaderboardService") == NOT_SERVING
    assert status(servicer, GAMES) == SERVING  # commands do not need projections
    assert status(servicer, LIVENESS) == SERVING  # and nothing should restart the process
    assert metrics.READY._value.get() == 0

    lag["lag"] = ProjectionLag(events=0, seconds=0.0, position=140)
    assert readiness.check() == []
    assert status(servicer, "") == SERVING and metrics.READY._value.get() == 1


def test_without_a_position_an_old_backlog_counts_as_stalled(ledger: Ledger, lag: dict) -> None:  # type: ignore[type-arg]
    servicer = health.HealthServicer()
    readiness = Readiness(servicer, ledger, [GAMES], max_projection_lag=60)
    lag["lag"] = ProjectionLag(events=3, seconds=61.0)
    assert "stalled" in readiness.check()[0]
    lag["lag"] = RuntimeError("tracking table missing")
    assert "cannot be read (RuntimeError: tracking table missing)" in readiness.check()[0]
    assert (
        Readiness(health.HealthServicer(), ledger, [GAMES], max_projection_lag=0)
        .check()[0]
        .startswith("projection test-projection: its lag cannot be read")
    )


class UnreachableRecorder:
    def max_notification_id(self) -> int:
        raise OperationalError("connection refused")


class UnreachableLedger:
    recorder = UnreachableRecorder()

    def stores(self) -> list[UnreachableLedger]:
        return [self]


def test_an_unreachable_store_makes_every_readiness_name_not_serving_but_not_liveness() -> None:
    servicer = health.HealthServicer()
    readiness = Readiness(servicer, UnreachableLedger(), [GAMES])  # type: ignore[arg-type]
    problems = readiness.check()
    assert problems == ["the store does not answer: OperationalError: connection refused"]
    assert status(servicer, "") == NOT_SERVING and status(servicer, GAMES) == NOT_SERVING
    assert status(servicer, LIVENESS) == SERVING
    assert metrics.STORE_UP._value.get() == 0


class AnsweringRecorder:
    def max_notification_id(self) -> int:
        return 7


class ShardsOneDown:
    """Two shards, the second unreachable: its games cannot be served, so the server is not ready."""

    recorder = AnsweringRecorder()

    def stores(self) -> list[object]:
        return [self, UnreachableLedger()]


def test_a_shard_that_does_not_answer_makes_the_server_not_ready() -> None:
    servicer = health.HealthServicer()
    readiness = Readiness(servicer, ShardsOneDown(), [GAMES])  # type: ignore[arg-type]
    assert readiness.check(census=False) == ["the store does not answer: OperationalError: connection refused"]
    assert status(servicer, "") == NOT_SERVING and status(servicer, LIVENESS) == SERVING


@pytest.mark.postgres
@pytest.mark.slow
def test_a_dropped_postgresql_database_turns_health_not_serving(postgres_url: str, postgres_server: str) -> None:
    running = start(Settings(store=postgres_url, port=0, web_port=0, readiness_interval=0.1, metrics_port=0))
    try:
        stub = health_pb2_grpc.HealthStub(grpc.insecure_channel(f"127.0.0.1:{running.port}"))
        assert stub.Check(health_pb2.HealthCheckRequest(), timeout=5).status == SERVING
        name = postgres_url.rsplit("/", 1)[1]
        with psycopg.connect(postgres_server, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
        deadline = time.monotonic() + 30
        while stub.Check(health_pb2.HealthCheckRequest(service=GAMES), timeout=5).status != NOT_SERVING:
            assert time.monotonic() < deadline, "health never noticed the database was gone"
            time.sleep(0.1)
        assert stub.Check(health_pb2.HealthCheckRequest(service=LIVENESS), timeout=5).status == SERVING
        assert metrics.STORE_UP._value.get() == 0
        assert running.readiness is not None and "the store does not answer" in running.readiness.problems[0]
    finally:
        running.stop(0)


def test_health_turns_not_serving_on_shutdown_before_the_health_port_closes() -> None:
    health_port = free_port()
    running = start(Settings(store="sqlite:///:memory:", port=0, web_port=0, health_port=health_port, metrics_port=0))
    seen: list[int] = []
    watching = threading.Event()

    def watch() -> None:
        stub = health_pb2_grpc.HealthStub(grpc.insecure_channel(f"127.0.0.1:{health_port}"))
        try:
            for reply in stub.Watch(health_pb2.HealthCheckRequest(), timeout=30):
                seen.append(reply.status)
                watching.set()
        except grpc.RpcError:
            pass  # the health port closes after the main port has drained

    watcher = threading.Thread(target=watch)
    watcher.start()
    assert watching.wait(10)
    running.stop(1.0)
    watcher.join(30)
    assert seen == [SERVING, NOT_SERVING]


# --- TLS -----------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    openssl = tool("openssl")
    folder = tmp_path_factory.mktemp("tls")
    cert, key = folder / "server.crt", folder / "server.key"
    subprocess.run(
        [
            openssl,
            "req",
            "-x509",
            "-newkey",
            "rsa:2048",
            "-nodes",
            "-days",
            "2",
            "-subj",
            "/CN=localhost",
            "-addext",
            "subjectAltName=DNS:localhost,IP:127.0.0.1",
            "-keyout",
            str(key),
            "-out",
            str(cert),
        ],
        check=True,
        capture_output=True,
        timeout=60,
    )
    return cert, key


def test_tls_on_the_main_port_and_plaintext_probes_on_the_health_port(certificate: tuple[Path, Path]) -> None:
    cert, key = certificate
    health_port = free_port()
    settings = Settings(
        store="sqlite:///:memory:", port=0, web_port=0, health_port=health_port, tls_cert=str(cert), tls_key=str(key)
    )
    running = start(settings)
    try:
        target = f"127.0.0.1:{running.port}"
        secure = grpc.secure_channel(target, grpc.ssl_channel_credentials(root_certificates=cert.read_bytes()))
        types = games_pb2_grpc.GameServiceStub(secure).ListGameTypes(games_pb2.ListGameTypesRequest(), timeout=10)
        assert types.game_types
        with pytest.raises(grpc.RpcError) as plaintext:
            games_pb2_grpc.GameServiceStub(grpc.insecure_channel(target)).ListGameTypes(
                games_pb2.ListGameTypesRequest(), timeout=3
            )
        assert plaintext.value.code() == grpc.StatusCode.UNAVAILABLE
        probe = health_pb2_grpc.HealthStub(grpc.insecure_channel(f"127.0.0.1:{health_port}"))
        assert probe.Check(health_pb2.HealthCheckRequest(), timeout=5).status == SERVING
        with pytest.raises(grpc.RpcError) as games_on_probe_port:
            games_pb2_grpc.GameServiceStub(grpc.insecure_channel(f"127.0.0.1:{health_port}")).ListGameTypes(
                games_pb2.ListGameTypesRequest(), timeout=5
            )
        assert games_on_probe_port.value.code() == grpc.StatusCode.UNIMPLEMENTED
    finally:
        running.stop(0)


def test_mutual_tls_requires_a_client_certificate(certificate: tuple[Path, Path]) -> None:
    cert, key = certificate
    settings = Settings(
        store="sqlite:///:memory:", port=0, web_port=0, tls_cert=str(cert), tls_key=str(key), tls_client_ca=str(cert)
    )
    running = start(settings)
    try:
        target = f"127.0.0.1:{running.port}"
        anonymous = grpc.ssl_channel_credentials(root_certificates=cert.read_bytes())
        with pytest.raises(grpc.RpcError):
            games_pb2_grpc.GameServiceStub(grpc.secure_channel(target, anonymous)).ListGameTypes(
                games_pb2.ListGameTypesRequest(), timeout=5
            )
        known = grpc.ssl_channel_credentials(cert.read_bytes(), key.read_bytes(), cert.read_bytes())
        stub = games_pb2_grpc.GameServiceStub(grpc.secure_channel(target, known))
        assert stub.ListGameTypes(games_pb2.ListGameTypesRequest(), timeout=10).game_types
    finally:
        running.stop(0)


def test_tls_misconfiguration_is_refused_with_a_clear_message(certificate: tuple[Path, Path], tmp_path: Path) -> None:
    cert, key = certificate
    with pytest.raises(TLSConfigError, match="both --tls-cert and --tls-key"):
        tls_credentials(Settings(tls_cert=str(cert)))
    with pytest.raises(TLSConfigError, match=r"--tls-key .*missing.key: No such file"):
        tls_credentials(Settings(tls_cert=str(cert), tls_key=str(tmp_path / "missing.key")))
    (tmp_path / "other.key").write_text(key.read_text().replace("A", "B", 5))
    with pytest.raises(TLSConfigError, match="not a PEM certificate chain and its matching key"):
        tls_credentials(Settings(tls_cert=str(cert), tls_key=str(tmp_path / "other.key")))
    with pytest.raises(TLSConfigError, match="--tls-client-ca needs"):
        tls_credentials(Settings(tls_client_ca=str(cert)))
    result = CliRunner().invoke(main, ["--store", "sqlite:///:memory:", "--port", "0", "--tls-key", str(key)])
    assert result.exit_code == 2 and "TLS needs both --tls-cert and --tls-key" in result.output
