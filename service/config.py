"""Server settings: every flag also reads a PLAYLEDGER_* environment variable (click's auto_envvar_prefix)."""

from __future__ import annotations

from dataclasses import dataclass

from service.ledger.store import DEFAULT_STORE


@dataclass(frozen=True)
class Settings:
    store: str = DEFAULT_STORE
    host: str = "127.0.0.1"
    port: int = 50051
    metrics_port: int = 9464  # 0 disables the metrics endpoint
    workers: int = 8  # gRPC worker threads; each WatchGame stream holds one
    max_watchers: int = 4  # concurrent WatchGame streams (the rest of the workers stay for commands)
    max_concurrent_rpcs: int = 256  # beyond this grpc answers RESOURCE_EXHAUSTED at once
    max_receive_bytes: int = 1 << 20
    organizer_token: str | None = None
    grace_seconds: float = 5.0
    cache_size: int = 2000  # games kept warm in memory (replay costs ~µs per event)
    projections: bool = True  # run the read-model projections in this process (off when a worker runs them)
    health_port: int = 0  # plaintext gRPC port serving only grpc.health.v1 (probes while --port uses TLS); 0 = off
    tls_cert: str | None = None  # PEM certificate chain for --port; with tls_key, the main port speaks TLS only
    tls_key: str | None = None
    tls_client_ca: str | None = None  # PEM CA bundle: require client certificates it signed (mutual TLS)
    readiness_interval: float = 5.0  # seconds between readiness checks (store, projections)
    max_projection_lag: float = 300.0  # seconds a lagging projection may go without progress; 0 = ignore projections
