"""SQLite appends grouped across callers: one transaction (one commit, one fsync) for every append in flight.

The library commits each append on its own. Here appends that arrive while one is being written queue
(group_commit.py) and go in together: each inside a savepoint, so an append whose (game, version) is
taken already (another writer was first) is rolled back alone and reported to its caller as the
library's IntegrityError, while the others of the batch commit. SQLite has one writer at a time, so
readers of the notification log never see a gap filled in later, as before.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any, cast

from eventsourcing.persistence import IntegrityError, StoredEvent
from eventsourcing.sqlite import SQLiteApplicationRecorder, SQLiteDatastore

from service.ledger.group_commit import GroupCommit

Item = Sequence[StoredEvent]
Result = Sequence[int]


class GroupCommitRecorder(SQLiteApplicationRecorder):
    def __init__(self, datastore: SQLiteDatastore, events_table_name: str = "stored_events") -> None:
        super().__init__(datastore, events_table_name)
        self.group: GroupCommit[Item, Result] = GroupCommit(self._write)

    def insert_events(self, stored_events: Sequence[StoredEvent], **kwargs: Any) -> Sequence[int] | None:
        if kwargs.get("tracking") is not None:  # a process application's tracked write: the library's path
            return super().insert_events(stored_events, **kwargs)
        if not stored_events:
            return []
        return self.group.submit(stored_events)

    def _write(self, items: Sequence[Item]) -> list[Result | BaseException]:
        results: list[Result | BaseException] = []
        with self.datastore.transaction(commit=True) as c:
            for item in items:
                c.execute("SAVEPOINT append")
                try:
                    ids = cast(Result, self._insert_events(c, item))
                except sqlite3.IntegrityError as taken:
                    c.execute("ROLLBACK TO append")
                    results.append(IntegrityError(str(taken)))
                else:
                    results.append(ids)
                c.execute("RELEASE append")
        return results
