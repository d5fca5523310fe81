"""Every policy version still chooses as it did when it was made (replay re-derives recorded bot moves by it)."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

import pytest

from service.bots import POLICY_VERSION, POLICY_VERSIONS, Policy, choose
from service.rules.catalog import rules_for
from service.rules.core import Rng
from tests.bots.pinned import BUDGET, FIXTURE, GAMES, canonical, positions


def _rows() -> dict[tuple[str, int], list[dict[str, Any]]]:
    grouped: dict[tuple[str, int], list[dict[str, Any]]] = defaultdict(list)
    for row in json.loads(FIXTURE.read_text()):
        grouped[(row["game"], row["version"])].append(row)
    return grouped


PINNED = _rows()


def test_every_known_version_is_pinned() -> None:
    assert {v for _, v in PINNED} == set(POLICY_VERSIONS)
    assert max(POLICY_VERSIONS) == POLICY_VERSION


@pytest.mark.parametrize(("game", "version"), sorted(PINNED))
def test_a_version_chooses_what_it_chose_when_it_was_pinned(game: str, version: int) -> None:
    rules = rules_for(game)
    seats, options = GAMES[game]
    found = positions(rules, seats, options)
    for row in PINNED[(game, version)]:
        state, seat, now_ms = found[row["position"]]
        policy = Policy(row["level"], BUDGET, version)
        chosen = choose(rules, state, seat, policy, Rng(b"pinned", row["position"]), now_ms)
        assert canonical(chosen) == row["chose"], f"{game} position {row['position']}: {row['level']} v{version}"
