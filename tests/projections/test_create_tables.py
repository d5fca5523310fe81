"""A projection's tables are created past a shared-cache table lock (in-memory SQLite), and only past that."""

from __future__ import annotations

import pytest
from eventsourcing.persistence import OperationalError

from service.projections import runner


class _View:
    def __init__(self, failures: list[Exception]) -> None:
        self.failures, self.calls = failures, 0

    def create_table(self) -> None:
        self.calls += 1
        if self.failures:
            raise self.failures.pop(0)


def test_a_locked_schema_is_waited_for(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "SCHEMA_LOCK_WAIT", 0.0)
    view = _View([OperationalError("database table is locked: sqlite_master")] * 3)
    runner.create_tables(view)  # type: ignore[arg-type]
    assert view.calls == 4


def test_other_errors_and_a_lock_that_stays_are_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(runner, "SCHEMA_LOCK_WAIT", 0.0)
    with pytest.raises(OperationalError, match="disk I/O error"):
        runner.create_tables(_View([OperationalError("disk I/O error")]))  # type: ignore[arg-type]
    stuck = _View([OperationalError("database table is locked: sqlite_master")] * runner.SCHEMA_LOCK_TRIES)
    with pytest.raises(OperationalError, match="table is locked"):
        runner.create_tables(stuck)  # type: ignore[arg-type]
    assert stuck.calls == runner.SCHEMA_LOCK_TRIES
