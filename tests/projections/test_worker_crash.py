"""A projection worker killed mid-stream on PostgreSQL, under concurrent writers, resumes exactly once.

Writers on separate connections commit concurrently (the late-committing
transaction is the classic trap for a log reader: a lower notification id that
becomes visible after a higher one). The worker process is killed with SIGKILL
twice while they write, each time losing whatever batch it had not committed.
Afterwards every game summary must have applied exactly as many events as the
game holds, and the rows must equal a rebuild from scratch.
"""

from __future__ import annotations

import signal
import subprocess
import threading
import time

import pytest

from service.ledger.app import Ledger
from service.ledger.store import persistence_env
from service.projections import admin
from service.projections.runner import LagProbe
from tests.integration.conftest import BIN
from tests.projections.helpers import SHORT, check_summaries_against_ledger, play_to_end

pytestmark = [pytest.mark.slow, pytest.mark.postgres, pytest.mark.timeout(600)]

WRITERS = 4
# Each writer plays at least GAMES_PER_WRITER games and goes on until both crashes are done (a restarted
# worker needs new events to show progress on), at most MAX_GAMES_PER_WRITER.
GAMES_PER_WRITER = 3
MAX_GAMES_PER_WRITER = 40


def worker(url: str) -> subprocess.Popen[bytes]:
    argv = ["projections", "run", "--store", url, "--log-level", "WARNING", "--metrics-port", "0"]
    return subprocess.Popen(
        [str(BIN / "playledger-server"), *argv],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


def wait_for(condition, timeout: float, what: str) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def test_killed_worker_resumes_without_skipping_or_repeating(postgres_url: str) -> None:
    env = persistence_env(postgres_url)
    errors: list[BaseException] = []

    crashed = threading.Event()  # both crashes are done: the writers may stop
    made = [0] * WRITERS
    ledgers = [Ledger(env) for _ in range(WRITERS)]  # one pool each: their commits race (made one by one:
    # concurrent CREATE TABLE IF NOT EXISTS can fail on PostgreSQL with "tuple concurrently updated")

    def write(n: int) -> None:
        ledger = ledgers[n]
        try:
            for g in range(MAX_GAMES_PER_WRITER):
                if g >= GAMES_PER_WRITER and crashed.is_set():
                    return
                created = ledger.create_game("hare-and-tortoise", ["a", "b"], SHORT, player_ids=[f"w{n}", f"x{g}"])
                play_to_end(ledger, created.game_id, seed=f"{n}-{g}")
                made[n] += 1
        except BaseException as exc:
            errors.append(exc)
        finally:
            ledger.close()

    probe = LagProbe(env)
    proc = worker(postgres_url)
    writers = [threading.Thread(target=write, args=(n,)) for n in range(WRITERS)]
    try:
        for t in writers:
            t.start()
        for crash in range(2):
            # Let it make progress while the writers go on, then kill it without warning.
            start = probe.lag("games").position
            wait_for(lambda s=start: probe.lag("games").position > s + 50, 120, f"progress before crash {crash}")
            proc.send_signal(signal.SIGKILL)
            proc.wait(timeout=30)
            proc = worker(postgres_url)
        crashed.set()
        for t in writers:
            t.join(timeout=300)
        assert not errors, errors
        wait_for(lambda: all(probe.lag(n).events == 0 for n in probe.names), 120, "the worker to catch up")
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=30) == 0, proc.stderr.read().decode() if proc.stderr else ""
    finally:
        crashed.set()
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        probe.close()

    ledger = Ledger(env)
    try:
        assert sum(made) >= WRITERS * GAMES_PER_WRITER
        assert check_summaries_against_ledger(env, ledger) == sum(made)
    finally:
        ledger.close()
    survived = admin.dump(env)
    admin.rebuild(env, progress=False, grace=0)
    assert admin.dump(env) == survived
