"""PostgreSQL subscriptions that read the notification log once per burst of commits, not once per commit.

The library's subscription has a listening thread and a reader of its own, and runs one
`select_notifications` per NOTIFY. A server follows the log with five of them (four projections and
the store follower): measured with per-thread CPU, more server CPU than the command itself. Here every
subscription of one pool (and kind: whole notifications, or heads without state) shares one reader
(service/ledger/tail.py) woken by `listen`: once woken it waits `window` seconds, drains every
notification that arrived meanwhile, and asks for one read, so under load one read serves every commit
of the window and every subscriber, and a quiet store answers within the window. Nothing is skipped: a
read starts after the last notification id handed out, whatever the notifications said.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, cast

from eventsourcing.persistence import InterfaceError, Notification, OperationalError, Subscription
from eventsourcing.postgres import PostgresApplicationRecorder, PostgresDatastore
from eventsourcing.utils import retry
from psycopg.sql import SQL, Identifier

from service.ledger import tail as shared_tail

IDLE_CHECK_S = 0.1  # how often a listening thread that hears nothing checks whether it was stopped
PAGE = 500  # notifications per read


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
        """Shares one LISTEN and one read per burst with every other subscription of this pool."""
        return shared_tail.subscribe(self._tail_key("events"), self, gt, topics, PAGE, self._waker())

    def subscribe_heads(self, gt: int | None = None) -> Subscription[Any]:
        """A subscription whose notifications carry no state (b""): for who only needs to know what changed."""
        return shared_tail.subscribe(self._tail_key("heads"), self, gt, (), PAGE, self._waker(), self.select_heads)

    def _tail_key(self, kind: str) -> tuple[Any, ...]:
        return ("postgresql", kind, id(self.datastore), self.events_table_name)

    def _waker(self) -> Callable[[shared_tail.Tail], None]:
        window = self.subscribe_window

        def wake(tail: shared_tail.Tail) -> None:
            listen(self, window, tail.stopped.is_set, tail.notify)

        return wake

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
