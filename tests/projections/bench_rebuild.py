"""Benchmark (prints numbers, asserts nothing): rebuild speed and live projection lag.

    python -m tests.projections.bench_rebuild rebuild --store sqlite:////tmp/bench.db --events 100000
    python -m tests.projections.bench_rebuild lag --store postgresql://root@127.0.0.1:5432/bench --bots 4 --games 3

rebuild: fills an empty store with at least --events events (random Hare & Tortoise games played in
memory, then copied into the store in large transactions), then times `projections rebuild`.
lag: an in-process server with its projections, --bots concurrent bot games at a time for --games rounds
(bounded), sampling every projection's lag every 0.1 s; prints the worst and the mean.
"""

from __future__ import annotations

import argparse
import statistics
import threading
import time

from playledger_client import Client

from clients import bots
from service.config import Settings
from service.ledger.app import Ledger
from service.ledger.store import persistence_env
from service.projections import admin
from service.server import start
from tests.projections.helpers import play_to_end


def fill(url: str, events: int) -> int:
    memory = Ledger({"PERSISTENCE_MODULE": "eventsourcing.popo"})
    n = 0
    while (memory.recorder.max_notification_id() or 0) < events:
        created = memory.create_game("hare-and-tortoise", ["ann", "bob", "cy"], player_ids=["ann", "bob", "cy"])
        play_to_end(memory, created.game_id, seed=f"bench-{n}")
        n += 1
    store = Ledger(persistence_env(url))
    after = 0
    while True:
        page = memory.recorder.select_notifications(start=after, limit=5000, inclusive_of_start=False)
        if not page:
            break
        store.recorder.insert_events(list(page))
        after = page[-1].id
    total = store.recorder.max_notification_id() or 0
    store.close()
    print(f"filled {url}: {total} events, {n} games")
    return total


def bench_rebuild(url: str, events: int) -> None:
    env = persistence_env(url)
    probe = Ledger(env)
    have = probe.recorder.max_notification_id() or 0
    probe.close()
    if have < events:
        fill(url, events)
    for r in admin.rebuild(env, progress=False, grace=0):
        print(f"rebuild {r.projection:12} {r.events:7d} events {r.seconds:7.2f}s {r.rate:9,.0f} events/s")


def bench_lag(url: str, bots_at_once: int, rounds: int) -> None:
    running = start(Settings(store=url, port=0, web_port=0, metrics_port=0))
    assert running.projections is not None
    samples: dict[str, list[tuple[int, float]]] = {}
    done = threading.Event()

    def sample() -> None:
        while not done.wait(0.1):
            for name, lag in running.projections.lag().items():  # type: ignore[union-attr]
                samples.setdefault(name, []).append((lag.events, lag.seconds))

    sampler = threading.Thread(target=sample)
    sampler.start()
    client = Client(f"127.0.0.1:{running.port}")
    commands = 0
    started = time.perf_counter()

    def one(i: int) -> None:
        nonlocal commands
        _, tokens = client.create_game("hare-and-tortoise", [f"b{i}a", f"b{i}b", f"b{i}c"])
        commands += bots.play_to_end(client, tokens, seed=i).commands

    try:
        for r in range(rounds):
            threads = [threading.Thread(target=one, args=(r * bots_at_once + b,)) for b in range(bots_at_once)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
        elapsed = time.perf_counter() - started
        running.projections.wait_caught_up(60)
    finally:
        done.set()
        sampler.join()
        client.close()
        running.stop(1)
    print(f"load: {bots_at_once} bot games at a time x {rounds}: {commands} commands in {elapsed:.1f}s "
          f"({commands / elapsed:.0f} commands/s)")  # fmt: skip
    for name, seen in sorted(samples.items()):
        events = [e for e, _ in seen]
        seconds = [s for _, s in seen]
        print(
            f"lag {name:12} events max {max(events):5d} mean {statistics.mean(events):7.1f}; "
            f"seconds max {max(seconds):6.3f} mean {statistics.mean(seconds):6.3f} ({len(seen)} samples)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("what", choices=["rebuild", "lag"])
    parser.add_argument("--store", required=True)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--bots", type=int, default=4)
    parser.add_argument("--games", type=int, default=3, help="rounds of --bots concurrent games")
    args = parser.parse_args()
    if args.what == "rebuild":
        bench_rebuild(args.store, args.events)
    else:
        bench_lag(args.store, args.bots, args.games)


if __name__ == "__main__":
    main()
