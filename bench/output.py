"""`make bench`'s printed table, and the lines comparing 1 and 2 server processes."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any


def _r(x: float, digits: int) -> float:
    return round(x, digits) if math.isfinite(x) else x


def table(result: dict[str, Any]) -> str:
    lines = [
        f"machine: {result['machine']['cores']} cores, shared with other work (load average "
        f"{result['machine']['loadavg_start']} at start, {result['machine']['loadavg_end']} at the end); "
        f"{result['config']['processes']} load processes; {result['config']['rules']} "
        f"{result['config']['players']} players",
        "ratios are SubmitCommand / health Check at the same number in flight, in the same run; "
        "server CPU s/1k: 'timed' = submit phases only, 'step' = whole step incl. planning; "
        "db = PostgreSQL backends of the bench database, whole step",
        "",
        f"{'store':<16}{'in flight':>9}  {'call':<16}{'calls':>6}{'per s':>9}{'p50 ms':>9}{'p99 ms':>9}"
        f"{'srv cpu s/1k':>13}{'(step)':>8}{'db (step)':>10}{'srv cores':>10}{'cli cores':>10}  errors",
    ]
    for store in result["stores"]:
        if "skipped" in store:
            lines.append(f"{store['store']:<16} skipped: {store['skipped']}")
            continue
        for step in store["steps"]:
            for name, s in (("health Check", step["health"]), ("SubmitCommand", step["submit"])):
                first = name == "health Check"
                lines.append(
                    f"{store['store'] if first else '':<16}{step['inflight'] if first else '':>9}  {name:<16}"
                    f"{s['calls']:>6}{s['per_second']:>9.1f}{s['p50_ms']:>9.2f}{s['p99_ms']:>9.2f}"
                    f"{s['server_cpu_s_per_1k']:>13.3f}{s['server_cpu_s_per_1k_step']:>8.3f}"
                    f"{'-' if s['db_cpu_s_per_1k_step'] is None else format(s['db_cpu_s_per_1k_step'], '.3f'):>10}"
                    f"{s['server_cores']:>10.2f}{s['client_cores']:>10.2f}  "
                    f"{', '.join(f'{k} {v}' for k, v in s['errors'].items()) or '0'}"
                )
            r = step["ratio"]
            lines.append(f"{'':<25}  {'ratio':<16}{'':>6}{r['per_second']:>8.3f}x{r['p50']:>8.2f}x{r['p99']:>8.2f}x")
        lag = store.get("projection_lag")
        if lag:
            parts = [f"{k[4:]} {v}" for k, v in lag.items() if k.startswith("max_")]
            lines.append(
                f"{store['store']}: projection lag during {max(s['inflight'] for s in store['steps'])} in flight "
                f"({lag['samples']} samples of /metrics): max {', '.join(parts)}; "
                f"caught up {lag['caught_up_after_load_s']} s after the load"
            )
        watch = store.get("watch")
        if watch:
            lines.append(
                f"{store['store']}: acknowledged through one worker process -> WatchGame on another: "
                f"p50 {watch['far_p50_ms']} ms, p95 {watch['far_p95_ms']} ms over {watch['commands']} commands "
                f"(same process: p50 {watch['near_p50_ms']} ms, p95 {watch['near_p95_ms']} ms)"
                + (f"; NOT DELIVERED: {watch['not_delivered']}" if watch["not_delivered"] else "")
            )
        lines.append(f"{store['store']}: server RSS at the end {store.get('server_rss_mb')} MiB")
        lines.append("")
    return "\n".join([*lines, *scaling(result)])


def scaling(result: dict[str, Any]) -> list[str]:
    """PostgreSQL with 2+ worker processes beside 1: the SubmitCommand/health ratios, step by step."""
    by_name = {s["store"]: s for s in result["stores"] if "steps" in s}
    lines = []
    for store in by_name.values():
        one = by_name.get(store["store"].split(" x", 1)[0])
        if store.get("processes", 1) == 1 or one is None:
            continue
        pairs = [
            f"{a['inflight']}: {a['ratio']['per_second']:.3f} -> {b['ratio']['per_second']:.3f}"
            for a, b in zip(one["steps"], store["steps"], strict=False)
        ]
        lines.append(f"{one['store']} 1 -> {store['processes']} processes, SubmitCommand/health at " + "; ".join(pairs))
    return lines


def _loadavg() -> str:
    return Path("/proc/loadavg").read_text().split()[0]
