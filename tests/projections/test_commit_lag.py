"""bench.lag: the commit -> read model lag a client measures, against a real server."""

from __future__ import annotations

import threading

from bench import lag as bench_lag
from service.config import Settings
from service.server import start


def test_every_command_is_seen_applied_and_timed(tmp_path) -> None:  # type: ignore[no-untyped-def]
    running = start(Settings(store=f"sqlite:///{tmp_path / 'lag.db'}", port=0, web_port=0, metrics_port=0))
    try:
        target = f"127.0.0.1:{running.port}"
        lag = bench_lag.measure_lag(target, samples=6)
        assert lag["samples"] == 6 and lag["missed"] == 0
        assert 0 <= lag["p50_ms"] <= lag["p95_ms"] <= lag["max_ms"] < 10_000
        said: list[str] = []
        out: dict[str, object] = {"store": "sqlite"}
        ran = bench_lag.during(target, True, out, said.append, lambda: threading.Event().wait(0.5) or "step")
        assert ran == "step"
        assert "commit -> projection applied" in said[0] and out["commit_lag"]
    finally:
        running.stop(1)
