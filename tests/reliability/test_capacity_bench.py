"""`make capacity-bench` in short: two writers for half a second on a fresh database; the shapes of what it prints
(never a speed limit)."""

from __future__ import annotations

import pytest

from bench.append_capacity import run, table

pytestmark = [pytest.mark.slow, pytest.mark.postgres]


def test_capacity_bench_measures_playledger_beside_pgbench(postgres_server: str) -> None:
    rows = run(postgres_server, [2], 0.5, print)
    assert [r["writers"] for r in rows] == [2]
    row = rows[0]
    assert row["playledger"]["appends_per_s"] > 0 and row["playledger"]["events_per_statement"] >= 1.0
    assert row["pgbench_insert"]["appends_per_s"] > 0 and row["pgbench_lock_insert"]["appends_per_s"] > 0
    header, line = table(rows).splitlines()
    assert "lock cost" in header and line.split()[0] == "2"
