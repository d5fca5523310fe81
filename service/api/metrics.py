"""Prometheus metrics: the conventional gRPC server metrics and PlayLedger's own (prefix playledger_).

One server serves one /metrics endpoint (--metrics-port). With --processes N the workers write their
metrics to files (prometheus-client's multiprocess mode, PROMETHEUS_MULTIPROC_DIR, set by the supervisor
for them) and the supervisor serves the sum on that one port (`serve_multiprocess`): counters and
histograms add up, gauges combine as each says (`multiprocess_mode`), and a dead worker's counters stay
counted while its live gauges go. Replicas (pods) each serve their own /metrics: Prometheus adds them up
with sum().

Labels are bounded by construction: method names come from the registered
services, rules and command names from the catalog, reasons from the stable
ErrorInfo codes. No game id, player name or token ever becomes a label value.
"""

from __future__ import annotations

import logging
import re
import threading
from collections import Counter as Tally
from collections.abc import Iterable, Sequence
from importlib import metadata
from typing import Any
from uuid import UUID

from prometheus_client import (
    REGISTRY,
    CollectorRegistry,
    Counter,
    Gauge,
    Histogram,
    disable_created_metrics,
    multiprocess,
    start_http_server,
)
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from service.api.convert import wire_name
from service.ledger.app import Ledger
from service.ledger.chain import CLOSING
from service.ledger.game import Game, topic_of
from service.ledger.observe import (
    LedgerObserver,
    ProjectionLag,
    projection_lags,
    register_projection_lag,
    unregister_projection_lag,
)
from service.ledger.store import persistence_env
from service.projections.runner import LagProbe
from service.rules.catalog import CATALOG, RULES

__all__ = [
    "ProjectionLag",
    "PrometheusLedgerObserver",
    "record_verification",
    "register_projection_lag",
    "serve",
    "unregister_projection_lag",
]

log = logging.getLogger(__name__)

# The *_created series double the series count and no dashboard or rule here uses them.
disable_created_metrics()  # type: ignore[no-untyped-call]

GRPC_LABELS = ("grpc_service", "grpc_method", "grpc_type")

# --- gRPC server metrics (the names and labels of go-grpc-prometheus) ---------------------------
GRPC_STARTED = Counter("grpc_server_started_total", "RPCs started on the server.", GRPC_LABELS)
GRPC_HANDLED = Counter(
    "grpc_server_handled_total",
    "RPCs completed on the server, regardless of success or failure.",
    (*GRPC_LABELS, "grpc_code"),
)
GRPC_HANDLING = Histogram(
    "grpc_server_handling_seconds",
    "Time from the start of an RPC until the server finished handling it.",
    GRPC_LABELS,
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
GRPC_MSG_RECEIVED = Counter("grpc_server_msg_received_total", "Stream messages received by the server.", GRPC_LABELS)
GRPC_MSG_SENT = Counter("grpc_server_msg_sent_total", "Stream messages sent by the server.", GRPC_LABELS)

# --- domain metrics -------------------------------------------------------------------------------
COMMANDS = Counter(
    "playledger_commands_total",
    "Commands submitted, by rules, command type and outcome "
    "(accepted, repeated, no_effect, rejected, conflict, invalid, error).",
    ("rules", "command", "outcome"),
)
REJECTIONS = Counter(
    "playledger_rejections_total",
    "Calls refused with a reason code (the google.rpc.ErrorInfo reason), by method.",
    ("grpc_method", "reason"),
)
EVENTS_APPENDED = Counter(
    "playledger_events_appended_total", "Events committed to the store, by rules (none: not a game).", ("rules",)
)
CONFLICTS_RETRIED = Counter(
    "playledger_version_conflicts_retried_total",
    "Commands re-decided because another writer saved the game first.",
    ("rules",),
)
GAMES_CREATED = Counter("playledger_games_created_total", "Games created by this process, by rules.", ("rules",))
GAMES_FINISHED = Counter(
    "playledger_games_finished_total",
    "Games finished by this process, by rules.",
    ("rules",),
)
GAMES_ACTIVE = Gauge(
    "playledger_games_active",
    "Unfinished games in the whole store, by rules (every replica reports the same: use max, not sum).",
    ("rules",),
    multiprocess_mode="livemax",  # every worker counts the same store
)
WATCH_STREAMS_OPEN = Gauge(
    "playledger_watch_streams_open", "WatchGame streams open on this server.", multiprocess_mode="livesum"
)
STORE_APPEND_SECONDS = Histogram(
    "playledger_store_append_seconds",
    "Time to append one batch of events to the store (one transaction), failed appends included.",
    buckets=(0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0),
)
STORE_APPEND_FAILURES = Counter(
    "playledger_store_append_failures_total", "Store appends that raised (conflicts, timeouts, a database down)."
)
STORE_UP = Gauge(
    "playledger_store_up", "1 when the last readiness check reached the store, else 0.", multiprocess_mode="livemin"
)
READY = Gauge(
    "playledger_ready",
    "1 when this server (every worker of it) reports SERVING on the health service, else 0.",
    multiprocess_mode="livemin",
)
VERIFICATIONS = Counter(
    "playledger_replay_verifications_total", "Games re-run and checked by replay verification, by rules.", ("rules",)
)
DIVERGENCES = Counter(
    "playledger_replay_divergences_total",
    "Findings of replay verification (a re-decided event, hash link or seed that does not match), by rules.",
    ("rules",),
)
BUILD_INFO = Gauge(
    "playledger_build_info", "Always 1; the labels say which build runs.", ("version",), multiprocess_mode="max"
)


def _version() -> str:
    try:
        return metadata.version("playledger")
    except metadata.PackageNotFoundError:
        return "unknown"


BUILD_INFO.labels(_version()).set(1)
for _name in RULES:  # every rules name shows from the start, so dashboards and rate() see zeros, not gaps
    GAMES_CREATED.labels(_name)
    GAMES_FINISHED.labels(_name)
    GAMES_ACTIVE.labels(_name).set(0)
    EVENTS_APPENDED.labels(_name)
    CONFLICTS_RETRIED.labels(_name)
    VERIFICATIONS.labels(_name)
    DIVERGENCES.labels(_name)

_KNOWN_RULES = {name for name, _ in CATALOG}
_RULES_OF_COMMAND: dict[type, str] = {
    cls: rules.name for rules in CATALOG.values() for cls in rules.command_types.values()
}
_REASON = re.compile(r"^[A-Z][A-Z0-9_]{0,63}$")


def rules_label(rules: str) -> str:
    return rules if rules in _KNOWN_RULES else "other"


def reason_label(reason: str) -> str:
    """ErrorInfo reasons are UPPER_SNAKE constants in our code; anything else is folded into OTHER."""
    return reason if _REASON.match(reason) else "OTHER"


class PrometheusLedgerObserver(LedgerObserver):
    """The ledger's instrumentation points as Prometheus metrics."""

    def command(self, command: Any, outcome: str) -> None:
        rules = _RULES_OF_COMMAND.get(type(command))
        if rules is None:  # not a catalog command (a test double): keep the label set bounded
            COMMANDS.labels("other", "other", outcome).inc()
            return
        COMMANDS.labels(rules, wire_name(type(command).__name__), outcome).inc()

    def appended(self, rules: str, kind: str) -> None:
        label = rules_label(rules) if rules != "none" else "none"
        EVENTS_APPENDED.labels(label).inc()
        if kind == "Created":
            GAMES_CREATED.labels(label).inc()
        elif kind in CLOSING:  # over by the rules, or ended by an arbiter's ruling
            GAMES_FINISHED.labels(label).inc()

    def append_seconds(self, seconds: float, ok: bool) -> None:
        STORE_APPEND_SECONDS.observe(seconds)
        if not ok:
            STORE_APPEND_FAILURES.inc()

    def conflict_retried(self, rules: str) -> None:
        CONFLICTS_RETRIED.labels(rules_label(rules)).inc()


def record_verification(rules: str, divergences: int) -> None:
    """One game was verified by replay; `divergences` findings (0 = it re-ran identically).

    For whatever verifies games inside a server process (an audit RPC, a
    background auditor): the alert PlayLedgerReplayDivergence fires on any increase.
    """
    VERIFICATIONS.labels(rules_label(rules)).inc()
    if divergences:
        DIVERGENCES.labels(rules_label(rules)).inc(divergences)


SCRAPE_LAG_TIMEOUT = 2.0  # seconds a scrape waits for the projections' lag (Prometheus' own timeout is 10s)


class ProjectionLagCollector(Collector):
    """playledger_projection_lag_{events,seconds}, read from the registered projections at scrape time."""

    def collect(self) -> Iterable[GaugeMetricFamily]:
        events = GaugeMetricFamily(
            "playledger_projection_lag_events",
            "Events recorded in the store that a projection has not processed yet.",
            labels=["projection"],
        )
        seconds = GaugeMetricFamily(
            "playledger_projection_lag_seconds",
            "How long the oldest event a projection has not processed has been waiting (0 when caught up).",
            labels=["projection"],
        )
        for name, lag in sorted(projection_lags(timeout=SCRAPE_LAG_TIMEOUT).items()):
            if isinstance(lag, Exception):
                continue  # no sample: absent() in the alert rules and the readiness check report it
            events.add_metric([name], float(lag.events))
            seconds.add_metric([name], float(lag.seconds))
        yield events
        yield seconds

    def describe(self) -> Iterable[GaugeMetricFamily]:
        return self.collect()


REGISTRY.register(ProjectionLagCollector())


class GameCensus:
    """Unfinished games per rules, store-wide: tails the Created notifications and those that end a game
    (SeedRevealed, EndedByRuling).

    Every replica counts the same store, so the gauge is the same on each. The
    first refresh reads the whole history in pages; later ones read only what
    is new. It keeps the rules of each unfinished game in memory (a few dozen
    bytes each) to know which count an ending event ends.
    """

    PAGE = 1000

    def __init__(self, ledger: Ledger) -> None:
        self._ledger = ledger
        self._stores = ledger.stores()  # each shard's log, with its own position
        self._after = [0] * len(self._stores)
        self._open: dict[UUID, str] = {}
        self._lock = threading.Lock()
        self._topics = [topic_of(Game.Created), topic_of(Game.SeedRevealed), topic_of(Game.EndedByRuling)]
        self._created_topic = self._topics[0]

    def refresh(self) -> dict[str, int]:
        """Read what is new (raises when the store cannot answer) and update playledger_games_active."""
        with self._lock:
            for shard, store in enumerate(self._stores):
                while True:
                    found = store.recorder.select_notifications(
                        start=self._after[shard], limit=self.PAGE, topics=self._topics, inclusive_of_start=False
                    )
                    for notification in found:
                        game_id = UUID(str(notification.originator_id))
                        if notification.topic == self._created_topic:
                            created: Any = store.mapper.to_domain_event(notification)
                            self._open[game_id] = rules_label(created.rules_name)
                        else:
                            self._open.pop(game_id, None)
                        self._after[shard] = notification.id
                    if len(found) < self.PAGE:
                        break
            active = Tally(self._open.values())
        for rules in sorted({*RULES, *active}):
            GAMES_ACTIVE.labels(rules).set(active.get(rules, 0))
        return dict(active)


def serve_multiprocess(port: int, host: str, directory: str, store: str, shards: Sequence[str] = ()) -> Any:
    """/metrics for a supervisor of workers: their summed metrics (files in `directory`) and the projection lag.

    The lag is read from the store here: the runners are in whichever worker holds the duties, and a
    collector registered in a worker is not in its files.
    """
    registry = CollectorRegistry()
    multiprocess.MultiProcessCollector(registry, path=directory)  # type: ignore[no-untyped-call]
    LagProbe(persistence_env(store), shard_envs=[persistence_env(s) for s in shards]).register()
    registry.register(ProjectionLagCollector())
    httpd, _thread = start_http_server(port, addr=host, registry=registry)
    return httpd


def serve(port: int, host: str) -> Any:
    """Start the /metrics HTTP endpoint in a daemon thread; returns the HTTP server (call shutdown() on it)."""
    httpd, _thread = start_http_server(port, addr=host)
    return httpd
