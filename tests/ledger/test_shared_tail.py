"""Projections' subscriptions share one reader of the notification log (service/ledger/tail.py).

Several subscriptions of one pool, with different topics and start positions, one joining while writers
append: each gets exactly the ids of its own topics past its start, in order, none twice, from one reader.
"""

from __future__ import annotations

import threading
from typing import Any, cast
from uuid import uuid4

from eventsourcing.persistence import StoredEvent

from service.ledger.app import Ledger
from service.ledger.store import persistence_env
from service.projections.runner import EventLog, runner_env

TOPICS = ("test:A", "test:B", "test:C")
WRITERS, APPENDS = 4, 30


def _append(ledger: Ledger, n: int) -> None:
    topic = TOPICS[n % len(TOPICS)]
    ledger.recorder.insert_events([StoredEvent(uuid4(), 1, topic, b"{}")])  # type: ignore[arg-type]


def _collect(subscription: Any, expected: int, out: list[tuple[int, str]]) -> None:
    for notification in subscription:
        out.append((notification.id, notification.topic))
        if len(out) == expected:
            return


def test_subscriptions_of_one_pool_share_a_reader_and_miss_nothing(store_url: str) -> None:
    env = runner_env(persistence_env(store_url))
    ledger = Ledger(persistence_env(store_url), cache_size=0)
    events = EventLog(env)
    shared = EventLog.sharing(cast(Any, events.recorder).datastore)
    apps = [shared(env) for _ in range(4)]
    for n in range(30):
        _append(ledger, n)

    wanted: list[tuple[int | None, tuple[str, ...]]] = [(None, ()), (10, ("test:A",)), (25, ("test:B", "test:C"))]
    subscriptions = [
        app.recorder.subscribe(gt=gt, topics=topics) for app, (gt, topics) in zip(apps, wanted, strict=False)
    ]
    assert subscriptions[0].tail is subscriptions[1].tail is subscriptions[2].tail

    def write(first: int) -> None:
        for n in range(first, first + APPENDS):
            _append(ledger, n)

    writers = [threading.Thread(target=write, args=(100 + w * APPENDS,)) for w in range(WRITERS)]
    for t in writers:
        t.start()
    wanted.append((0, ("test:A",)))  # joins while the writers write
    subscriptions.append(apps[3].recorder.subscribe(gt=0, topics=("test:A",)))
    for t in writers:
        t.join(timeout=60)

    stored = [(n.id, n.topic) for n in ledger.recorder.select_notifications(start=None, limit=10_000)]
    assert len(stored) == 30 + WRITERS * APPENDS
    got: list[list[tuple[int, str]]] = [[] for _ in subscriptions]
    readers = []
    for subscription, out, (gt, topics) in zip(subscriptions, got, wanted, strict=True):
        expected = [s for s in stored if s[0] > (gt or 0) and (not topics or s[1] in topics)]
        reader = threading.Thread(target=_collect, args=(subscription, len(expected), out), daemon=True)
        reader.start()
        readers.append((reader, expected, out))
    for reader, expected, out in readers:
        reader.join(timeout=30)
        assert out == expected, f"got {len(out)} of {len(expected)} ids, or out of order"
    tail = subscriptions[0].tail
    for subscription in subscriptions:
        subscription.stop()
    assert tail.stopped.is_set()  # the last subscription to leave stops the reader
    for app in (*apps, events):
        app.close()
    ledger.close()
