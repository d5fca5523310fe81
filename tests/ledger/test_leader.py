"""The once-per-store duties: exactly one holder of the advisory lock among processes, and a hand-over when it goes."""

from __future__ import annotations

import threading
import time

import pytest

from service.ledger.store import persistence_env
from service.runtime.leader import Leadership, key_for

pytestmark = pytest.mark.postgres


class Duty:
    def __init__(self) -> None:
        self.running = threading.Event()
        self.starts = 0

    def begin(self):  # type: ignore[no-untyped-def]
        self.starts += 1
        self.running.set()
        return self.running.clear


def test_one_holder_at_a_time_and_a_successor_when_it_stops(postgres_url: str) -> None:
    env = persistence_env(postgres_url)
    duties = [Duty() for _ in range(3)]
    leaders = [Leadership(env, d.begin, every=0.1).start() for d in duties]
    try:
        time.sleep(0.5)
        assert [d.running.is_set() for d in duties].count(True) == 1
        first = next(i for i, d in enumerate(duties) if d.running.is_set())
        leaders[first].stop()  # its session ends: the lock is free
        assert not duties[first].running.is_set()
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and not any(d.running.is_set() for d in duties):
            time.sleep(0.05)
        holders = [i for i, d in enumerate(duties) if d.running.is_set()]
        assert len(holders) == 1 and holders[0] != first
        assert sum(d.starts for d in duties) == 2
    finally:
        for leader in leaders:
            leader.stop()


def test_each_schema_is_its_own_store() -> None:
    base = persistence_env("postgresql://u@h/db")
    other = persistence_env("postgresql://u@h/db?schema=tenant2")
    assert key_for(base) != key_for(other)
    assert key_for(base) == key_for(persistence_env("postgresql://v@h2/db"))
