"""The short fuzz run `make test` does: 5,000 random requests over both ports, no UNKNOWN or INTERNAL answer."""

from __future__ import annotations

import pytest

from tests.reliability import fuzz

pytestmark = pytest.mark.slow


def test_five_thousand_random_requests_get_a_status_and_a_reason_never_unknown_or_internal() -> None:
    lines: list[str] = []
    assert fuzz.run(5_000, seed=20261201, out=lines.append), "\n".join(lines)
    assert any(line.startswith("grpc-web") for line in lines) and any(line.startswith("grpc ") for line in lines)
