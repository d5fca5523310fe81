"""Every checked-in transcript is exactly what the current rules produce.

A failure means the rules decide differently than when the transcript was
written: either a bug, or a deliberate change that must bump the game's rules
version (and keep the old one loadable) before regenerating.
"""

import difflib

import pytest

from tests.golden.cases import CASES
from tests.golden.golden import case_path, transcript

PARAMS = [(game, case) for game, cases in sorted(CASES.items()) for case in cases]


@pytest.mark.parametrize(("game", "case"), PARAMS, ids=[f"{g}-{c['name']}" for g, c in PARAMS])
def test_golden_playthrough_unchanged(game: str, case: dict) -> None:
    path = case_path(game, case)
    assert path.exists(), f"missing {path}; run python -m tests.golden.regen {game}"
    expected, actual = path.read_text(), transcript(game, case)
    if expected != actual:
        diff = "".join(
            list(difflib.unified_diff(expected.splitlines(True), actual.splitlines(True), str(path), "now", n=2))[:80]
        )
        pytest.fail(f"{game} {case['name']} plays differently now:\n{diff}")
