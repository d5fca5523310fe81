"""Soak (`make soak MINUTES=30`): steady bot load at half the measured maximum for a number of minutes, printing
the commands, errors, latency and the server's RSS every minute, and at the end the RSS slope (MiB per hour, least
squares over a sample every few seconds), over the whole run and over its second half (after warm-up).

    python -m tests.reliability.soak --minutes 30                 # SQLite file; first ~10 s measure the maximum
    python -m tests.reliability.soak --minutes 1 --rate 40        # a fixed rate, no probe
    python -m tests.reliability.soak --store postgresql --minutes 5   # a fresh database on --postgres, dropped after

The bots are the chaos harness's (hare-and-tortoise and Baba Yaga Mode R, every command with its own request id,
retried with it on UNAVAILABLE), one client process. The maximum is what they reach unthrottled during the probe;
the steady phase then spaces submits evenly at the chosen rate across the bots (open loop: a late bot catches up).
The server keeps up to its aggregate cache size (2000) games warm, so RSS should grow until that many games were
played and then stay flat.
"""

from __future__ import annotations

import json
import math
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import click

from bench.harness import ServerProc, quantile, slope_per_hour
from bench.server_bench import DEFAULT_ADMIN, postgres_database
from tests.reliability.chaos import GAMES, RACE_REASONS, Bot, Journal, unexpected

SAMPLE_EVERY = 5.0  # seconds between RSS samples


def refusal(rules: str, code: str, reason: str) -> bool:
    """A real-time command that lost its race with a timer or another seat: the game's rules, not an error."""
    return rules == "baba-yaga" and code == "FAILED_PRECONDITION" and reason in RACE_REASONS


class Pacer:
    """Hands out evenly spaced start times at `rate` per second to any number of threads."""

    def __init__(self, rate: float) -> None:
        self.interval = 1.0 / rate
        self.lock = threading.Lock()
        self.next = time.monotonic()

    def wait(self) -> None:
        with self.lock:
            now = time.monotonic()
            slot = max(self.next, now - 1.0)  # at most a second of backlog is caught up at once
            self.next = slot + self.interval
        delay = slot - time.monotonic()
        if delay > 0:
            time.sleep(delay)


def run_bots(target: str, bots: int, journal: Journal, pace: Callable[[], None] | None, name: str) -> list[Bot]:
    started = [Bot(f"{name}{i}", target, GAMES[i % len(GAMES)], journal, pace) for i in range(bots)]
    for bot in started:
        bot.start()
    return started


def stop_bots(bots: list[Bot]) -> list[str]:
    for bot in bots:
        bot.stopping.set()
    for bot in bots:
        bot.join(timeout=120)
    return [f"{b.name}: {b.failure!r}" for b in bots if b.failure is not None]


def probe(server: ServerProc, bots: int, seconds: float) -> float:
    """Commands per second the bots reach with no throttle."""
    journal = Journal(None, keep=False)
    running = run_bots(server.target, bots, journal, None, "probe")
    time.sleep(1.0)  # warm-up: games created, channels connected
    before, t0 = journal.acknowledged, time.monotonic()
    time.sleep(seconds)
    rate = (journal.acknowledged - before) / (time.monotonic() - t0)
    failures = stop_bots(running)
    if failures:
        raise RuntimeError(f"probe bots failed: {failures}")
    return rate


def soak(server: ServerProc, minutes: float, rate: float, bots: int, say: Callable[[str], None]) -> dict[str, Any]:
    journal = Journal(None, keep=False)
    pacer = Pacer(rate)
    started = time.monotonic()
    cpu_started = server.cpu_seconds()
    rss: list[tuple[float, float]] = [(0.0, server.rss_mb())]
    running = run_bots(server.target, bots, journal, pacer.wait, "soak")
    minutes_out: list[dict[str, Any]] = []
    seen_errors = 0
    acked_before = 0
    cpu_before = cpu_started
    say(
        f"{'minute':>6}{'commands':>10}{'per s':>8}{'p50 ms':>8}{'p99 ms':>8}{'refused':>9}{'errors':>8}{'RSS MiB':>9}"
        f"{'cores':>7}  codes"
    )
    end = started + minutes * 60
    minute_end = started + 60
    while True:
        now = time.monotonic()
        if now >= end or not any(b.is_alive() for b in running):
            break
        time.sleep(min(SAMPLE_EVERY, max(0.0, min(end, minute_end) - now)))
        now = time.monotonic()
        rss.append((now - started, server.rss_mb()))
        if now >= minute_end - 0.01 or now >= end - 0.01:
            latencies = journal.drain()
            with journal.lock:
                fresh = journal.errors[seen_errors:]
                seen_errors = len(journal.errors)
                acked = journal.acknowledged
            codes = Counter(f"{code} {reason}".strip() for _, _, _, code, reason in fresh)
            refused = sum(1 for _, rules, _, code, reason in fresh if refusal(rules, code, reason))
            p50 = quantile(latencies, 0.5) * 1000 if latencies else None
            p99 = quantile(latencies, 0.99) * 1000 if latencies else None
            span = now - (minute_end - 60)
            cpu = server.cpu_seconds()
            row = {
                "minute": len(minutes_out) + 1,
                "commands": acked - acked_before,
                "per_second": round((acked - acked_before) / span, 1),
                "p50_ms": None if p50 is None else round(p50, 2),
                "p99_ms": None if p99 is None else round(p99, 2),
                "refused": refused,
                "errors": len(fresh) - refused,
                "codes": dict(codes),
                "unexpected": sum(1 for _, rules, _, code, _ in fresh if unexpected(rules, code)),
                "rss_mb": round(rss[-1][1], 1),
                "server_cores": round((cpu - cpu_before) / span, 2),
            }
            minutes_out.append(row)
            acked_before, cpu_before = acked, cpu
            minute_end += 60
            say(
                f"{row['minute']:>6}{row['commands']:>10}{row['per_second']:>8}{_ms(p50):>8}{_ms(p99):>8}"
                f"{refused:>9}{len(fresh) - refused:>8}{row['rss_mb']:>9}{row['server_cores']:>7}  "
                + (", ".join(f"{k} {v}" for k, v in sorted(codes.items())) or "-")
            )
    failures = stop_bots(running)
    elapsed = time.monotonic() - started
    half = [p for p in rss if p[0] >= elapsed / 2]
    return {
        "minutes": minutes,
        "rate_target": round(rate, 1),
        "rate_achieved": round(journal.acknowledged / elapsed, 1),
        "commands": journal.acknowledged,
        "refused": sum(1 for _, rules, _, code, reason in journal.errors if refusal(rules, code, reason)),
        "errors": sum(1 for _, rules, _, code, reason in journal.errors if not refusal(rules, code, reason)),
        "unexpected_errors": sum(1 for _, rules, _, code, _ in journal.errors if unexpected(rules, code)),
        "games_created": journal.games_created,
        "server_cpu_s_per_1k": round((server.cpu_seconds() - cpu_started) * 1000 / max(1, journal.acknowledged), 3),
        "rss_start_mb": round(rss[0][1], 1),
        "rss_end_mb": round(rss[-1][1], 1),
        "rss_max_mb": round(max(v for _, v in rss), 1),
        "rss_samples": len(rss),
        "rss_slope_mb_per_hour": _round(slope_per_hour(rss)),
        "rss_slope_second_half_mb_per_hour": _round(slope_per_hour(half)),
        "per_minute": minutes_out,
        "bot_failures": failures,
    }


def _ms(x: float | None) -> str:
    return "-" if x is None else f"{x:.1f}"


def _round(x: float) -> float | None:
    return round(x, 1) if math.isfinite(x) else None


@contextmanager
def store_url(store: str, admin_url: str, workdir: Path) -> Iterator[str]:
    if store == "sqlite":
        yield f"sqlite:///{workdir / 'soak.db'}"
        return
    with postgres_database(admin_url, "playledger_soak") as url:
        yield url


@click.command()
@click.option("--minutes", default=30.0, show_default=True, help="length of the steady phase")
@click.option("--rate", default=0.0, help="commands per second; default: half of what a short probe reaches")
@click.option("--probe-seconds", default=10.0, show_default=True, help="length of the probe for the maximum")
@click.option("--bots", default=6, show_default=True, help="bot threads (hare-and-tortoise and Baba Yaga Mode R)")
@click.option("--store", type=click.Choice(["sqlite", "postgresql"]), default="sqlite", show_default=True)
@click.option("--postgres", "admin_url", envvar="PLAYLEDGER_TEST_POSTGRES", default=DEFAULT_ADMIN, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="also print the summary as JSON")
def main(
    minutes: float, rate: float, probe_seconds: float, bots: int, store: str, admin_url: str, as_json: bool
) -> None:
    """Steady load for MINUTES; errors and server RSS every minute, RSS slope (MiB/hour) at the end."""
    say = click.echo
    with tempfile.TemporaryDirectory(prefix="playledger-soak-") as tmp, store_url(store, admin_url, Path(tmp)) as url:
        server = ServerProc(url, Path(tmp) / "server.log", ("--log-level", "WARNING"))
        say(f"{store}: server up in {server.start():.1f}s on {server.target} (machine shared: rates are noisy)")
        try:
            if rate <= 0:
                peak = probe(server, bots, probe_seconds)
                rate = peak / 2
                say(f"probe: {peak:.1f} commands/s unthrottled over {probe_seconds:g}s -> steady rate {rate:.1f}/s")
            result = soak(server, minutes, rate, bots, say)
            result["store"] = store
            log_lines = server.log.read_text(errors="replace").splitlines()
            result["server_log_lines"] = len(log_lines)
            result["server_log_sample"] = log_lines[:5]
        finally:
            result_exit = server.stop()
    result["server_exit"] = result_exit
    say(
        f"{result['commands']} commands in {minutes:g} min at {result['rate_achieved']}/s "
        f"(target {result['rate_target']}/s), {result['games_created']} games; refused (lost races in Mode R) "
        f"{result['refused']}, errors {result['errors']} "
        f"(unexpected {result['unexpected_errors']}); server CPU {result['server_cpu_s_per_1k']} s per 1,000 commands"
    )
    say(
        f"RSS {result['rss_start_mb']} -> {result['rss_end_mb']} MiB (max {result['rss_max_mb']}); slope "
        f"{result['rss_slope_mb_per_hour']} MiB/hour over the run, {result['rss_slope_second_half_mb_per_hour']} "
        f"MiB/hour over its second half ({result['rss_samples']} samples)"
    )
    say(f"server log: {result['server_log_lines']} lines at WARNING or above; exit on SIGTERM {result['server_exit']}")
    for line in result["server_log_sample"]:
        say(f"  log: {line[:200]}")
    if as_json:
        say(json.dumps(result, indent=2))
    sys.exit(0 if not result["bot_failures"] and not result["unexpected_errors"] and result_exit == 0 else 1)


if __name__ == "__main__":
    main()
