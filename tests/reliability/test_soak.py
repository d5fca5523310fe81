"""`make soak` in a few seconds: it runs at a fixed rate, prints a line per minute and the RSS slope, exits 0."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytestmark = pytest.mark.slow


def test_a_short_soak_prints_the_rss_slope() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tests.reliability.soak", "--minutes", "0.15", "--rate", "20", "--bots", "2"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "MiB/hour over the run" in done.stdout
    assert "errors 0 (unexpected 0)" in done.stdout, done.stdout
