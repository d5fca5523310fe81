"""A subscription for SQLite, which the library leaves without one.

eventsourcing's SQLite application recorder raises NotImplementedError from
subscribe(); PostgreSQL has LISTEN/NOTIFY. This recorder subclass returns a
subscription built on the library's own ListenNotifySubscription (the puller
thread, the bounded page queue, stop semantics), where the "notification" is a
timer tick, or a wake-up from this process's ledger right after a save. It reads
the notification log in pages of 1000 rather than the default sections.

SQLite serializes writers and assigns rowids inside the write transaction, so
commit order is notification order: a poller never passes a gap that a
late-committing transaction fills afterwards.
"""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Sequence
from typing import Any

from eventsourcing.persistence import ApplicationRecorder, ListenNotifySubscription, Subscription
from eventsourcing.sqlite import SQLiteApplicationRecorder

PAGE = 1000
DEFAULT_POLL_INTERVAL = 0.2
# Saves wake the pollers at most this often: under load one pull takes a batch of
# events instead of every command costing each projection a read and a write.
COALESCE_SECONDS = 0.05

_live: weakref.WeakSet[PollingSubscription] = weakref.WeakSet()
_live_lock = threading.Lock()


def wake_all() -> None:
    """Tell every polling subscription in this process to look now (called after each local save)."""
    with _live_lock:
        subscriptions = list(_live)
    for s in subscriptions:
        s.wake()


class PollingSubscription(ListenNotifySubscription[SQLiteApplicationRecorder]):
    poll_interval = DEFAULT_POLL_INTERVAL

    def __init__(self, recorder: SQLiteApplicationRecorder, gt: int | None = None, topics: Sequence[str] = ()) -> None:
        self._halt = threading.Event()
        self._woken = False
        super().__init__(recorder=recorder, gt=gt, topics=topics)
        with _live_lock:
            _live.add(self)
        self._ticker = threading.Thread(target=self._tick, name="sqlite-poll", daemon=True)
        self._ticker.start()

    # The base class sets a page of 500 and starts pulling at once; pages of 1000 from the first read.
    @property
    def _select_limit(self) -> int:
        return PAGE

    @_select_limit.setter
    def _select_limit(self, _value: int) -> None:
        pass

    def wake(self) -> None:
        self._woken = True

    def _tick(self) -> None:
        # The counterpart of PostgresSubscription's LISTEN thread: it "hears" a notification when a
        # local save woke it (at most every COALESCE_SECONDS) and every poll_interval regardless.
        last = time.monotonic()
        while not self._halt.wait(min(COALESCE_SECONDS, self.poll_interval)):
            now = time.monotonic()
            if self._woken or now - last >= self.poll_interval:
                self._woken = False
                last = now
                self._has_been_notified.set()

    def stop(self) -> None:
        self._halt.set()
        super().stop()
        with _live_lock:
            _live.discard(self)

    def __exit__(self, *args: object, **kwargs: Any) -> None:
        try:
            super().__exit__(*args, **kwargs)
        finally:
            self._ticker.join(timeout=5)


class PollingSQLiteApplicationRecorder(SQLiteApplicationRecorder):
    """SQLiteApplicationRecorder with subscriptions (selected by APPLICATION_RECORDER_TOPIC)."""

    def subscribe(self, gt: int | None = None, topics: Sequence[str] = ()) -> Subscription[ApplicationRecorder]:
        return PollingSubscription(recorder=self, gt=gt, topics=topics)
