"""Server settings: every flag also reads a PLAYLEDGER_* environment variable (click's auto_envvar_prefix)."""

from __future__ import annotations

from dataclasses import dataclass

from service.ledger.store import DEFAULT_STORE


@dataclass(frozen=True)
class Settings:
    store: str = DEFAULT_STORE  # the first store (shard 0): views, the duties' lock and the receipt key live there
    shards: tuple[str, ...] = ()  # the other stores games are spread over (--store given more than once)
    host: str = "127.0.0.1"
    port: int = 50051
    metrics_port: int = 9464  # 0 disables the metrics endpoint
    # Server processes sharing the ports (service/processes.py): 0 = one per core on PostgreSQL, one on SQLite.
    processes: int = 0
    workers: int = 8  # worker threads for unary calls, per port (gRPC and web)
    max_watchers: int = 64  # concurrent WatchGame streams, both ports together; each holds a thread of its own
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
    web_port: int = 8080  # gRPC-Web (and Connect) over HTTP/1.1, plus the web app's files; 0 = off
    web_origins: tuple[str, ...] = ()  # CORS: browser origins besides the page's own that may call the web port
    web_root: str | None = None  # the web app's built files (default: clients/web/dist beside the code)
    # Ed25519 PEM signing receipts (default: beside a SQLite file; kept in a PostgreSQL store)
    receipt_key: str | None = None
    receipt_key_previous: tuple[str, ...] = ()  # keys --receipt-key replaced: still listed, so old receipts verify
    audit_rate: float = 5.0  # finished games a second the continuous audit re-verifies (one process a store); 0 = off
    max_projection_lag: float = 300.0  # seconds a lagging projection may go without progress; 0 = ignore projections
