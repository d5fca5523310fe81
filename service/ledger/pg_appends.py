"""PostgreSQL appends in one round trip, grouped across callers, gap-free for readers.

The library's append is a pipelined transaction (SET lock_timeout, LOCK TABLE, NOTIFY, INSERT, sync,
COMMIT: two round trips) run by each caller on its own connection, and the table lock is held through
each commit's WAL flush, so commits are serialized one fsync at a time whatever the concurrency.

Here one server-side function does the whole append in a single statement, run in autocommit (so the
statement is the transaction): it takes the same EXCLUSIVE table lock first, which keeps the guarantee
readers rely on (notification ids are issued and committed in one order, so a projection or watcher
tailing the log never passes an id that commits later), then inserts the events of every queued
append (group_commit.py) and returns their notification ids. An append whose (game, version) is taken
already (another writer was first) is skipped inside the function and reported to its own caller as
the library's IntegrityError, exactly as its unique violation would have been; the others commit.

Enabled by the store URL (service/ledger/store.py) through the library's APPLICATION_RECORDER_TOPIC.
The function is created (CREATE OR REPLACE) with the tables, so a database made by an older build
gets it on the next start.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, cast

from eventsourcing.persistence import IntegrityError, InterfaceError, OperationalError, StoredEvent
from eventsourcing.postgres import PostgresDatastore
from eventsourcing.utils import retry
from psycopg.sql import SQL, Identifier

from service.ledger.group_commit import GroupCommit
from service.ledger.pg_listen import CoalescingRecorder

# The body of one append as the function returns it: the item's index (1-based) and each id, in order;
# an item refused for a taken version comes back as one row with a NULL id.
_FUNCTION = """
CREATE OR REPLACE FUNCTION {schema}.{function}(events {schema}.{event_type}[], sizes int[])
RETURNS TABLE (item_no int, new_id bigint)
LANGUAGE plpgsql AS $BODY$
DECLARE
    pos int := 1;
    i int;
BEGIN
    SET LOCAL lock_timeout = '{lock_timeout}s';
    LOCK TABLE {schema}.{table} IN EXCLUSIVE MODE;
    NOTIFY {channel};
    FOR i IN 1 .. coalesce(array_length(sizes, 1), 0) LOOP
        IF EXISTS (
            SELECT 1 FROM unnest(events[pos : pos + sizes[i] - 1]) AS e
            JOIN {schema}.{table} AS t
              ON t.originator_id = e.originator_id AND t.originator_version = e.originator_version
        ) THEN
            RETURN QUERY SELECT i, NULL::bigint;
        ELSE
            RETURN QUERY
            INSERT INTO {schema}.{table} AS t (originator_id, originator_version, topic, state)
            SELECT e.originator_id, e.originator_version, e.topic, e.state
            FROM unnest(events[pos : pos + sizes[i] - 1]) AS e
            RETURNING i, t.notification_id;
        END IF;
        pos := pos + sizes[i];
    END LOOP;
END;
$BODY$
"""

Item = Sequence[StoredEvent]
Result = Sequence[int]


class GroupCommitRecorder(CoalescingRecorder):
    """The application recorder with one-statement, grouped appends (see the module docstring)."""

    subscribe_window = 0.01  # the store follower's: watchers on other processes hear a commit within ~10 ms

    def __init__(self, datastore: PostgresDatastore, *, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name=events_table_name)
        self.append_function = f"playledger_append_{self.datastore.originator_id_type}"
        self.sql_create_statements.append(
            SQL(_FUNCTION).format(
                schema=Identifier(self.datastore.schema),
                function=Identifier(self.append_function),
                event_type=Identifier(self.stored_event_type_name),
                table=Identifier(self.events_table_name),
                channel=Identifier(self.channel_name),
                lock_timeout=SQL(str(int(self.datastore.lock_timeout))),
            )
        )
        call = "SELECT item_no, new_id FROM {schema}.{function}(%b::{schema}.{event_type}[], %b::int[])"
        self._append_call = SQL(call).format(
            schema=Identifier(self.datastore.schema),
            function=Identifier(self.append_function),
            event_type=Identifier(self.stored_event_type_name),
        )
        self.group: GroupCommit[Item, Result] = GroupCommit(self._write)

    @retry((InterfaceError, OperationalError), max_attempts=10, wait=0.2)
    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        if kwargs.get("tracking") is not None:  # a process application's tracked write: the library's path
            return cast(Sequence[int] | None, super().insert_events(stored_events, **kwargs))
        if not stored_events:
            return []
        return self.group.submit(stored_events)

    def _write(self, items: Sequence[Item]) -> list[Result | BaseException]:
        events = [
            self.construct_pg_stored_event(e.originator_id, e.originator_version, e.topic, e.state)
            for item in items
            for e in item
        ]
        sizes = [len(item) for item in items]
        ids: list[list[int]] = [[] for _ in items]
        refused: set[int] = set()
        with self.datastore.get_connection() as conn, conn.cursor() as curs:
            curs.execute(self._append_call, (events, sizes), prepare=True)
            for row in curs.fetchall():
                index = row["item_no"] - 1
                if row["new_id"] is None:
                    refused.add(index)
                else:
                    ids[index].append(row["new_id"])
        results: list[Result | BaseException] = []
        for index, item in enumerate(items):
            if index in refused:
                first = item[0]
                results.append(
                    IntegrityError(f"version {first.originator_version} of {first.originator_id} is recorded already")
                )
            elif len(ids[index]) != len(item):
                results.append(IntegrityError(f"append returned {len(ids[index])} ids for {len(item)} events"))
            else:
                results.append(ids[index])
        return results
