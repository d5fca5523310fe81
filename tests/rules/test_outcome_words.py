"""Issue 30 (server words a client can translate): every finished game's outcome names its reason, and its tie rule
when one decided, as a stable message key with typed parameters beside the English, so a client says it in its
own language. Played out at random for every game (the keys are per game, the parameters seats and numbers)."""

from __future__ import annotations

import random

import pytest

from service.rules.catalog import RULES
from tests.support.playout import play

TABLES = {"hare-and-tortoise": 3, "grasshopper-and-ant": 2, "baba-yaga": 3, "atiwa": 2, "antics": 3}
OPTIONS = {"baba-yaga": {"mode": "T", "max_turns": 12}}


@pytest.mark.parametrize("name", sorted(TABLES))
def test_every_outcome_has_its_message_keys(name: str) -> None:
    rules = RULES[name]
    seen: set[str] = set()
    for n in range(6):
        pick = random.Random(n).randrange
        done = play(rules, TABLES[name], f"words-{n}".encode(), lambda c, pick=pick: pick(len(c)), OPTIONS.get(name))
        outcome = rules.outcome(done.state)
        assert outcome is not None, f"{name} game {n} did not finish"
        assert outcome.reason_key.startswith(f"{name}.end."), outcome
        assert bool(outcome.tie_key) == bool(outcome.tie_rule), outcome  # a tie rule in words has its key
        assert not outcome.tie_key or outcome.tie_key.startswith(f"{name}.tie."), outcome
        assert all(isinstance(v, (int, str)) for v in outcome.params.values()), outcome.params
        seen.add(outcome.reason_key)
    assert seen
