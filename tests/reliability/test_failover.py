"""`make failover` in short: one loss of the PostgreSQL primary (its keeper and postmaster killed) under a small
bot load, on a pg_auto_failover formation made for the test. Fails on any acknowledged command missing or
recorded twice, an error code no client should see, a projection that does not catch up, or a game that does
not re-run (playledger-replay verify) through the two-host URL."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.ops.tools import tool
from tests.reliability.chaos import report
from tests.reliability.failover import run_failover

pytestmark = pytest.mark.slow


def test_a_lost_primary_loses_and_doubles_no_acknowledged_command(tmp_path: Path) -> None:
    tool("pg_autoctl")
    if os.geteuid() != 0:
        pytest.skip("the formation runs pg_autoctl as the postgres user through runuser: run as root")
    before = os.environ.get("PGTARGETSESSIONATTRS")
    try:
        outcome, promoted = run_failover(rounds=1, bots=2, gap=2.0, tail=1.5, seed=5, workdir=tmp_path, say=print)
    finally:  # the two-host URL set it for this process (store.py): later tests here start as they would
        os.environ.pop("PGTARGETSESSIONATTRS", None)
        if before is not None:
            os.environ["PGTARGETSESSIONATTRS"] = before
    print(report([outcome]))
    assert len(promoted) == 1 and promoted[0]["new_primary"] != promoted[0]["lost"]
    assert outcome.acknowledged > 0 and outcome.found == outcome.acknowledged
    assert outcome.missing == [] and outcome.duplicated == []
    assert outcome.version_gaps == [] and outcome.version_mismatch == []
    assert outcome.unexpected_codes == {}, outcome.codes
    assert outcome.bot_failures == []
    assert outcome.projections["converged"], outcome.projections
    assert outcome.verify["exit"] == 0, outcome.verify
    assert outcome.log_levels.get("ERROR", 0) == 0, outcome.log_samples
