"""`make chaos` in short: two kill -9 of a SQLite server under a small bot load (hare-and-tortoise and Baba Yaga
Mode R). Fails on any acknowledged command missing or recorded twice, an error code no client should see, a
projection that does not catch up, or a game that does not re-run (playledger-replay verify)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.reliability.chaos import Ack, Outcome, Plan, account, chaos, report

pytestmark = pytest.mark.slow


def test_two_kills_lose_and_double_no_acknowledged_command(tmp_path: Path) -> None:
    plan = Plan(kills=2, bots=2, gap=(1.0, 1.5), tail=1.0, pg_restart=False, seed=7)
    url = f"sqlite:///{tmp_path / 'chaos.db'}"
    outcome = chaos("sqlite", url, tmp_path, plan, None, print)
    print(report([outcome]))
    assert outcome.acknowledged > 0 and len(outcome.disruptions) == 2
    assert outcome.missing == [] and outcome.duplicated == []
    assert outcome.found == outcome.acknowledged
    assert outcome.version_gaps == [] and outcome.version_mismatch == []
    assert outcome.unexpected_codes == {}, outcome.codes
    assert outcome.bot_failures == []
    assert outcome.projections["converged"], outcome.projections
    assert outcome.verify["exit"] == 0, outcome.verify
    assert outcome.ok

    # The accounting can fail: an acknowledgement the store does not hold is reported missing.
    invented = Ack("games/00000000-0000-0000-0000-000000000000", 0, "never-sent", 2, False, 0.0, 0.0)
    again = Outcome("sqlite")
    account(url, [invented], again)
    assert again.missing and again.found == 0 and not again.ok
