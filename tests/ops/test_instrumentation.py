"""The instrumentation points themselves: the ledger observer, and the interceptor on odd calls."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from concurrent import futures
from pathlib import Path
from typing import Any

import grpc
import pytest
from prometheus_client import REGISTRY

from service.api import metrics
from service.api.interceptors import TelemetryInterceptor, request_id_of
from service.ledger.app import Ledger, StaleVersion
from service.ledger.observe import LedgerObserver
from service.ledger.store import persistence_env
from service.rules.core import IllegalCommand


class Recording(LedgerObserver):
    def __init__(self) -> None:
        self.commands: list[tuple[str, str]] = []
        self.appended_kinds: list[tuple[str, str]] = []
        self.appends: list[bool] = []
        self.conflicts: list[str] = []

    def command(self, command: Any, outcome: str) -> None:
        self.commands.append((type(command).__name__, outcome))

    def appended(self, rules: str, kind: str) -> None:
        self.appended_kinds.append((rules, kind))

    def append_seconds(self, seconds: float, ok: bool) -> None:
        assert seconds >= 0
        self.appends.append(ok)

    def conflict_retried(self, rules: str) -> None:
        self.conflicts.append(rules)


@pytest.fixture
def two_ledgers(tmp_path: Path) -> Iterator[tuple[Ledger, Ledger]]:
    """Two applications on one SQLite file: two server processes in miniature."""
    env = persistence_env(f"sqlite:///{tmp_path / 'games.db'}")
    a, b = Ledger(env), Ledger(env)
    yield a, b
    a.close()
    b.close()


def test_the_ledger_reports_outcomes_appends_and_cross_process_conflicts(two_ledgers: tuple[Ledger, Ledger]) -> None:
    a, b = two_ledgers
    seen = Recording()
    b.observer = seen
    game = a.create_game("hare-and-tortoise", ["ann", "bob"]).game
    bet = [game.rules.legal_commands(game.state, seat)[0] for seat in (0, 1)]

    load = b.get_game
    raced = []

    def stale_once(game_id: Any) -> Any:
        loaded = load(game_id)
        if not raced:  # another process records a command between b's read and b's save
            raced.append(a.submit(game_id, 0, bet[0], "a-1"))
        return loaded

    b.get_game = stale_once  # type: ignore[method-assign]
    done = b.submit(game.id, 1, bet[1], "b-1")
    assert done.events and not done.repeated
    assert seen.conflicts == ["hare-and-tortoise"]
    assert seen.appends == [False, True]  # the failed append is timed too
    assert ("hare-and-tortoise", "EventRecorded") in seen.appended_kinds
    assert seen.commands == [(type(bet[1]).__name__, "accepted")]

    assert b.submit(game.id, 1, bet[1], "b-1").repeated
    with pytest.raises(IllegalCommand):
        b.submit(game.id, 1, bet[1], "b-2")  # the bet is already placed
    with pytest.raises(StaleVersion):
        b.submit(game.id, 0, bet[0], "b-3", expected_version=1)
    assert [o for _, o in seen.commands] == ["accepted", "repeated", "rejected", "conflict"]


def test_prometheus_observer_labels_by_catalog_names_only() -> None:
    observer = metrics.PrometheusLedgerObserver()

    class NotACatalogCommand:
        pass

    before = REGISTRY.get_sample_value(
        "playledger_commands_total", {"rules": "other", "command": "other", "outcome": "accepted"}
    )
    observer.command(NotACatalogCommand(), "accepted")
    after = REGISTRY.get_sample_value(
        "playledger_commands_total", {"rules": "other", "command": "other", "outcome": "accepted"}
    )
    assert (after or 0) == (before or 0) + 1
    assert metrics.rules_label("games/123") == "other" and metrics.rules_label("atiwa") == "atiwa"
    assert metrics.reason_label("NOT_YOUR_TURN") == "NOT_YOUR_TURN"
    assert metrics.reason_label("game 3f0c… not found") == "OTHER"


def test_record_verification_counts_games_and_divergences() -> None:
    def read(name: str) -> float:
        return REGISTRY.get_sample_value(name, {"rules": "antics"}) or 0.0

    verified, diverged = read("playledger_replay_verifications_total"), read("playledger_replay_divergences_total")
    metrics.record_verification("antics", 0)
    metrics.record_verification("antics", 2)
    assert read("playledger_replay_verifications_total") == verified + 2
    assert read("playledger_replay_divergences_total") == diverged + 2


# --- the interceptor on calls the game service never makes -----------------------------------------
def _ok(request: bytes, context: grpc.ServicerContext) -> bytes:
    return request


def _crash(request: bytes, context: grpc.ServicerContext) -> bytes:
    raise RuntimeError("a bug in a handler")


def _three(request: bytes, context: grpc.ServicerContext) -> Iterator[bytes]:
    yield from (b"1", b"2", b"3")


@pytest.fixture
def test_server() -> Iterator[grpc.Channel]:
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=2), interceptors=[TelemetryInterceptor()])
    handlers = {
        "Ok": grpc.unary_unary_rpc_method_handler(_ok),
        "Crash": grpc.unary_unary_rpc_method_handler(_crash),
        "Three": grpc.unary_stream_rpc_method_handler(_three),
    }
    server.add_generic_rpc_handlers((grpc.method_handlers_generic_handler("test.Probe", handlers),))
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    with grpc.insecure_channel(f"127.0.0.1:{port}") as channel:
        yield channel
    server.stop(0)


def handled(method: str, code: str) -> float:
    labels = {"grpc_service": "test.Probe", "grpc_method": method, "grpc_type": "unary", "grpc_code": code}
    return REGISTRY.get_sample_value("grpc_server_handled_total", labels) or 0.0


def test_a_handler_bug_is_counted_unknown_and_logged_with_its_traceback(
    test_server: grpc.Channel, caplog: pytest.LogCaptureFixture
) -> None:
    before = handled("Crash", "Unknown")
    with caplog.at_level(logging.ERROR, logger="playledger.access"), pytest.raises(grpc.RpcError) as failed:
        test_server.unary_unary("/test.Probe/Crash")(b"x", metadata=(("x-request-id", "bug-1"),), timeout=5)
    assert failed.value.code() == grpc.StatusCode.UNKNOWN
    assert handled("Crash", "Unknown") == before + 1
    record = next(r for r in caplog.records if r.name == "playledger.access")
    assert record.levelno == logging.ERROR and record.exc_info and "a bug in a handler" in str(record.exc_info[1])
    assert record.grpc_code == "Unknown"  # type: ignore[attr-defined]


def test_unknown_methods_mint_no_labels_and_streams_count_messages(test_server: grpc.Channel) -> None:
    with pytest.raises(grpc.RpcError) as missing:
        test_server.unary_unary("/test.Probe/NoSuchMethod")(b"x", timeout=5)
    assert missing.value.code() == grpc.StatusCode.UNIMPLEMENTED
    exposition = "\n".join(str(m) for m in REGISTRY.collect())
    assert "NoSuchMethod" not in exposition

    assert list(test_server.unary_stream("/test.Probe/Three")(b"", timeout=5)) == [b"1", b"2", b"3"]
    labels = {"grpc_service": "test.Probe", "grpc_method": "Three", "grpc_type": "server_stream"}
    assert REGISTRY.get_sample_value("grpc_server_msg_sent_total", labels) == 3
    assert REGISTRY.get_sample_value("grpc_server_msg_received_total", labels) == 1
    assert REGISTRY.get_sample_value("grpc_server_handled_total", {**labels, "grpc_code": "OK"}) == 1


def test_request_ids_from_callers_are_checked() -> None:
    assert request_id_of((("x-request-id", "abc-123"),)) == "abc-123"
    for bad in ("", "x" * 129, "new\nline", "spaces are odd"):
        replaced = request_id_of((("x-request-id", bad),))
        assert replaced != bad and len(replaced) == 32
