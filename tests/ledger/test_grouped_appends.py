"""Grouped appends (service/ledger/pg_appends.py, sqlite_appends.py) keep every promise of the library's appends.

Concurrent writers in separate applications (separate pools, like server processes) and in threads of one
application (grouped together) append while a reader tails the notification log the way a projection does:
the reader finds every id that was committed, in order, and none later appears below what it already read.
A conflicting append fails alone, as the library's IntegrityError, and leaves the others of its batch in.
"""

from __future__ import annotations

import threading
from typing import cast
from uuid import uuid4

import pytest
from eventsourcing.persistence import IntegrityError, StoredEvent

from service.ledger import pg_appends, sqlite_appends
from service.ledger.app import Ledger
from service.ledger.store import persistence_env

WRITERS_PER_APP = 6
APPS = 2
APPENDS_PER_WRITER = 40


def _events(originator: object, first: int, count: int) -> list[StoredEvent]:
    return [StoredEvent(originator, v, "test:Event", b"{}") for v in range(first, first + count)]  # type: ignore[arg-type]


Grouped = pg_appends.GroupCommitRecorder | sqlite_appends.GroupCommitRecorder


def test_concurrent_writers_and_a_tailing_reader_see_every_id_in_order(store_url: str) -> None:
    apps = [Ledger(persistence_env(store_url), cache_size=0) for _ in range(APPS)]
    recorders = [cast(Grouped, app.recorder) for app in apps]
    assert all(isinstance(r, Grouped) for r in recorders)
    done = threading.Event()
    failures: list[BaseException] = []

    def write(recorder: Grouped) -> None:
        try:
            for n in range(APPENDS_PER_WRITER):
                recorder.insert_events(_events(uuid4(), 1, 1 + n % 3))  # 1-3 events per append, like commands
        except BaseException as e:  # reported by the test below
            failures.append(e)

    seen: list[int] = []

    def tail() -> None:
        reader = recorders[0]
        last = 0
        while True:
            finished = done.is_set()  # read before the last page: everything committed by now is in it
            page = reader.select_notifications(start=last, limit=500, inclusive_of_start=False)
            seen.extend(n.id for n in page)
            if page:
                last = page[-1].id
            elif finished:
                return

    writers = [threading.Thread(target=write, args=(r,)) for r in recorders for _ in range(WRITERS_PER_APP)]
    reader = threading.Thread(target=tail)
    reader.start()
    for t in writers:
        t.start()
    for t in writers:
        t.join(timeout=120)
    done.set()
    reader.join(timeout=60)
    assert not failures, failures[:3]
    stored = [n.id for n in recorders[0].select_notifications(start=None, limit=100_000)]
    assert seen == sorted(seen), "the reader saw ids out of order"
    assert seen == stored, f"the tailing reader missed {len(set(stored) - set(seen))} committed ids"
    expected = APPS * WRITERS_PER_APP * sum(1 + n % 3 for n in range(APPENDS_PER_WRITER))
    assert len(stored) == expected
    grouped = sum(r.group.items for r in recorders) / max(1, sum(r.group.batches for r in recorders))
    assert grouped >= 1.0  # printed for the record: how many appends one transaction carried on average
    print(f"appends per transaction: {grouped:.2f}")
    for app in apps:
        app.close()


def test_a_taken_version_fails_only_its_own_append(store_url: str) -> None:
    app = Ledger(persistence_env(store_url), cache_size=0)
    recorder = app.recorder
    assert isinstance(recorder, Grouped)
    taken, fresh = uuid4(), uuid4()
    recorder.insert_events(_events(taken, 1, 2))
    results = recorder._write([_events(taken, 2, 2), _events(fresh, 1, 3)])  # one batch: a conflict and a good one
    assert isinstance(results[0], IntegrityError)
    assert isinstance(results[1], list) and len(results[1]) == 3
    with pytest.raises(IntegrityError):
        recorder.insert_events(_events(taken, 1, 1))
    versions = [e.originator_version for e in recorder.select_events(taken)]
    assert versions == [1, 2], "the refused append wrote nothing"
    assert [e.originator_version for e in recorder.select_events(fresh)] == [1, 2, 3]
    app.close()


def test_the_library_append_path_stays_available(store_url: str) -> None:
    app = Ledger(persistence_env(store_url + "?appends=library"), cache_size=0)
    assert not isinstance(app.recorder, Grouped)
    app.close()
