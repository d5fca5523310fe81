"""PostgreSQL subscriptions that read the notification log once per burst of commits, not once per commit.

The library's subscription wakes its listening thread for every NOTIFY and runs one
`select_notifications` per wake-up. A server follows the log with five of them (four projections and
the store follower), so each command cost five reads and ten thread wake-ups: measured with per-thread
CPU at one command in flight, more server CPU than the command itself. Here the listening thread,
once woken, waits `window` seconds, drains every notification that arrived meanwhile, and then asks
for one read: under load one read serves every commit of the window, and a quiet store answers within
the window. Nothing is skipped: the read still starts after the last notification id the subscription
handed out, whatever the notifications said.

`TailingRecorder` goes further for the projections, which are several subscriptions of one pool: they
share one LISTEN and one read (service/ledger/tail.py); `listen` is that shared reader's waker.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any

from eventsourcing.persistence import Subscription
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresSubscription
from psycopg.sql import SQL, Identifier

from service.ledger import tail as shared_tail

IDLE_CHECK_S = 0.1  # how often a listening thread that hears nothing checks whether it was stopped


class CoalescingSubscription(PostgresSubscription):
    def __init__(self, recorder: PostgresApplicationRecorder, window: float, gt: int | None, topics: Sequence[str]):
        self._window = window  # set before the base class starts the listening thread
        super().__init__(recorder=recorder, gt=gt, topics=topics)

    def _listen(self) -> None:
        try:
            listen(
                self._recorder,
                self._window,
                lambda: self._has_been_stopped or bool(self._thread_error),
                self._has_been_notified.set,
            )
        except BaseException as e:
            if self._thread_error is None:
                self._thread_error = e
            self.stop()


def listen(
    recorder: PostgresApplicationRecorder, window: float, stopped: Callable[[], bool], heard: Callable[[], None]
) -> None:
    """LISTEN on the events channel and call `heard` once per burst of commits (`window` seconds) until
    `stopped`; once at the start too, when LISTEN is in place (a commit just before it is read then)."""
    with recorder.datastore.get_connection() as conn:
        conn.execute(SQL("LISTEN {0}").format(Identifier(recorder.channel_name)))
        heard()
        while not stopped():
            if not any(True for _ in conn.notifies(timeout=IDLE_CHECK_S, stop_after=1)):
                continue
            if window > 0:
                time.sleep(window)
                for _ in conn.notifies(timeout=0.0):  # those of the window: the one read covers them
                    pass
            heard()


class CoalescingRecorder(PostgresApplicationRecorder):
    """The library's recorder whose subscriptions coalesce reads over `subscribe_window` seconds."""

    subscribe_window = 0.0

    def subscribe(self, gt: int | None = None, topics: Sequence[str] = ()) -> Subscription[Any]:
        return CoalescingSubscription(self, self.subscribe_window, gt, topics)


class TailingRecorder(CoalescingRecorder):
    """Its subscriptions share one LISTEN and one read per burst with every other of the same pool."""

    page = 500

    def subscribe(self, gt: int | None = None, topics: Sequence[str] = ()) -> Subscription[Any]:
        key = ("postgresql", id(self.datastore), self.events_table_name)
        window = self.subscribe_window

        def wake(tail: shared_tail.Tail) -> None:
            listen(self, window, tail.stopped.is_set, tail.notify)

        return shared_tail.subscribe(key, self, gt, topics, self.page, wake)
