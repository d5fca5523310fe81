"""Subscriptions for SQLite, which the library leaves without one.

eventsourcing's SQLite application recorder raises NotImplementedError from subscribe(); PostgreSQL has
LISTEN/NOTIFY. This recorder subclass's subscriptions share one reader per store (service/ledger/tail.py),
woken by a timer tick, or by this process's ledger right after a save. It reads the notification log in
pages of 1000 rather than the default sections.

SQLite serializes writers and assigns rowids inside the write transaction, so commit order is
notification order: a reader never passes a gap that a late-committing transaction fills afterwards.
"""

from __future__ import annotations

import time
from collections.abc import Sequence

from eventsourcing.persistence import ApplicationRecorder, Subscription
from eventsourcing.sqlite import SQLiteApplicationRecorder

from service.ledger import tail as shared_tail

PAGE = 1000
POLL_INTERVAL = 0.2
# Saves wake the reader at most this often: under load one read takes a batch of events instead of every
# command costing each projection a read and a write.
COALESCE_SECONDS = 0.05


def wake_all() -> None:
    """Tell every SQLite reader in this process to look now (called after each local save)."""
    for tail in shared_tail.live_tails():
        tail.woken = True


def _poll(tail: shared_tail.Tail) -> None:
    # The counterpart of PostgreSQL's LISTEN: it "hears" a commit when a local save woke it (at most every
    # COALESCE_SECONDS) and every POLL_INTERVAL regardless (another process may have written).
    last = time.monotonic()
    while not tail.stopped.wait(COALESCE_SECONDS):
        now = time.monotonic()
        if tail.woken or now - last >= POLL_INTERVAL:
            tail.woken = False
            last = now
            tail.notify()


class PollingSQLiteApplicationRecorder(SQLiteApplicationRecorder):
    """SQLiteApplicationRecorder with subscriptions (selected by APPLICATION_RECORDER_TOPIC)."""

    def subscribe(self, gt: int | None = None, topics: Sequence[str] = ()) -> Subscription[ApplicationRecorder]:
        key = ("sqlite", id(self.datastore), self.events_table_name)
        return shared_tail.subscribe(key, self, gt, topics, PAGE, _poll)
