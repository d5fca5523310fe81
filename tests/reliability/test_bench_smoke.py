"""`make bench` in miniature: one step per kind, a few calls, on each store. It checks the shape of the JSON and
that every number in it is finite; it never judges a speed (benchmarks measure, tests do not time)."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from typing import Any

import pytest

pytestmark = pytest.mark.slow

STEP_KEYS = {
    "calls",
    "errors",
    "per_second",
    "p50_ms",
    "p99_ms",
    "server_cpu_s_per_1k",
    "server_cpu_s_per_1k_step",
    "server_cores",
    "client_cores",
    "client_cpu_s_per_1k",
}


def numbers(node: Any, path: str = "") -> list[tuple[str, float]]:
    if isinstance(node, dict):
        return [n for k, v in node.items() for n in numbers(v, f"{path}.{k}")]
    if isinstance(node, list):
        return [n for i, v in enumerate(node) for n in numbers(v, f"{path}[{i}]")]
    if isinstance(node, bool) or not isinstance(node, int | float):
        return []
    return [(path, float(node))]


def run_bench(*args: str) -> dict[str, Any]:
    done = subprocess.run(
        [
            *(sys.executable, "-m", "bench.server_bench", "--inflight", "2", "--commands", "8", "--processes", "1"),
            *("--json", "--out", "", *args),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def check_store(store: dict[str, Any]) -> None:
    assert "skipped" not in store, store
    assert [s["inflight"] for s in store["steps"]] == [2]
    for step in store["steps"]:
        for kind in ("health", "submit"):
            assert set(step[kind]) >= STEP_KEYS, step[kind]
            assert step[kind]["calls"] >= 8 and step[kind]["errors"] == {}, step[kind]
        assert set(step["ratio"]) == {"per_second", "p50", "p99"}
    assert set(store["projection_lag"]) >= {"samples", "caught_up_after_load_s"}
    assert store["server_exit"] == 0


def check_finite(result: dict[str, Any]) -> None:
    bad = [(path, value) for path, value in numbers(result) if not math.isfinite(value)]
    assert not bad, bad


def test_bench_on_sqlite_prints_finite_numbers() -> None:
    result = run_bench("--stores", "sqlite", "--watch-samples", "0")
    assert [s["store"] for s in result["stores"]] == ["sqlite"]
    check_store(result["stores"][0])
    check_finite(result)


@pytest.mark.postgres
def test_bench_on_postgresql_measures_the_cross_process_watch(postgres_server: str) -> None:
    result = run_bench(
        "--stores", "postgresql", "--postgres", postgres_server, "--watch-samples", "4", "--server-processes", "2"
    )
    store = result["stores"][0]
    assert store["processes"] == 2  # the watch: acknowledged through one worker process, streamed by the other
    check_store(store)
    assert store["steps"][0]["submit"]["db_cpu_s_per_1k_step"] is not None
    assert store["watch"]["commands"] == 4 and store["watch"]["not_delivered"] == []
    check_finite(result)
