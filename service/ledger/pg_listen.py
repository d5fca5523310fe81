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
from typing import Any, cast

from eventsourcing.persistence import InterfaceError, Notification, OperationalError, ShutDown, Subscription
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore, PostgresSubscription
from eventsourcing.utils import retry
from psycopg.sql import SQL, Identifier

from service.ledger import tail as shared_tail

IDLE_CHECK_S = 0.1  # how often a listening thread that hears nothing checks whether it was stopped


class CoalescingSubscription(PostgresSubscription):
    def __init__(
        self, recorder: CoalescingRecorder, window: float, gt: int | None, topics: Sequence[str], heads: bool = False
    ):
        self._window = window  # set before the base class starts the listening thread
        self._heads = heads
        super().__init__(recorder=recorder, gt=gt, topics=topics)

    def _pull(self) -> None:  # the library's, reading only the heads when asked to
        recorder = cast(CoalescingRecorder, self._recorder)
        while not self._has_been_stopped:
            self._has_been_notified.clear()
            start = self._last_notification_id or 0
            if self._heads:
                page = recorder.select_heads(start, self._select_limit)
            else:
                page = recorder.select_notifications(
                    start=start, limit=self._select_limit, topics=self._topics, inclusive_of_start=False
                )
            if page:
                try:
                    self._notifications_queue.put(page)
                except ShutDown:
                    break
                self._last_notification_id = page[-1].id
            if len(page) < self._select_limit:
                break

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

    def __init__(self, datastore: PostgresDatastore, *, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name=events_table_name)
        # The tail reads, written once: the library composes its SELECT anew on every call (measurable here).
        table = SQL("{schema}.{table}").format(schema=Identifier(datastore.schema), table=Identifier(events_table_name))
        tail = " FROM {table} WHERE notification_id>%s ORDER BY notification_id LIMIT %s"
        self._tail_query = SQL("SELECT *" + tail).format(table=table).as_string()
        self._heads_query = (
            SQL("SELECT notification_id, originator_id, originator_version, topic" + tail)
            .format(table=table)
            .as_string()
        )

    def subscribe(self, gt: int | None = None, topics: Sequence[str] = ()) -> Subscription[Any]:
        return CoalescingSubscription(self, self.subscribe_window, gt, topics)

    def subscribe_heads(self, gt: int | None = None) -> Subscription[Any]:
        """A subscription whose notifications carry no state (b""): for who only needs to know what changed."""
        return CoalescingSubscription(self, self.subscribe_window, gt, (), heads=True)

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def select_notifications(
        self,
        start: int | None,
        limit: int,
        stop: int | None = None,
        topics: Sequence[str] = (),
        *,
        inclusive_of_start: bool = True,
    ) -> Sequence[Notification]:
        if start is None or stop is not None or topics or inclusive_of_start:
            found = super().select_notifications(start, limit, stop, topics, inclusive_of_start=inclusive_of_start)
            return cast(Sequence[Notification], found)
        return self._read(self._tail_query, start, limit, heads=False)

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def select_heads(self, start: int, limit: int) -> list[Notification]:
        """Notifications after `start` without their state."""
        return self._read(self._heads_query, start, limit, heads=True)

    def _read(self, query: str, start: int, limit: int, heads: bool) -> list[Notification]:
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(query, (start, limit), prepare=True)
            return [
                Notification(
                    id=row["notification_id"],
                    originator_id=row["originator_id"],
                    originator_version=row["originator_version"],
                    topic=row["topic"],
                    state=b"" if heads else bytes(row["state"]),
                )
                for row in curs.fetchall()
            ]


class TailingRecorder(CoalescingRecorder):
    """Its subscriptions share one LISTEN and one read per burst with every other of the same pool."""

    page = 500

    def subscribe(self, gt: int | None = None, topics: Sequence[str] = ()) -> Subscription[Any]:
        key = ("postgresql", id(self.datastore), self.events_table_name)
        window = self.subscribe_window

        def wake(tail: shared_tail.Tail) -> None:
            listen(self, window, tail.stopped.is_set, tail.notify)

        return shared_tail.subscribe(key, self, gt, topics, self.page, wake)
