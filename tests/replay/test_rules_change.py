"""A rules change that decides differently without a version bump: the golden playthroughs catch it
before release, and verify reports every game recorded under that version as a divergence, naming the
game, the version, the command and the first differing field."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from replay.sources import open_store, verify_one
from service.rules import hare_tortoise
from service.rules.hare_tortoise.messages import CardsDrawn
from tests.golden.cases import CASES
from tests.golden.golden import case_path, transcript
from tests.replay.conftest import Store

original_decide = hare_tortoise.decide


def changed_decide(state: Any, seat: int | None, command: Any, rng: Any, now_ms: int) -> list[Any]:
    """'Draw from the other end of the deck': the same cards in another order, a plausible silent change."""
    return [
        dataclasses.replace(e, cards=tuple(reversed(e.cards))) if isinstance(e, CardsDrawn) and len(e.cards) > 1 else e
        for e in original_decide(state, seat, command, rng, now_ms)
    ]


def test_a_rules_change_without_a_version_bump_is_caught(games_store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    ledger = open_store(games_store.url)
    games = [g for g in games_store.finished if ledger.stream(g)[0].rules_name == "hare-and-tortoise"]
    assert games and all(verify_one(ledger, g).ok for g in games)

    monkeypatch.setattr(hare_tortoise, "decide", changed_decide)

    # The golden transcripts, written by the released rules, no longer match.
    changed = [c["name"] for c in CASES["hare-and-tortoise"] if transcript("hare-and-tortoise", c) != case_path(
        "hare-and-tortoise", c).read_text()]  # fmt: skip
    assert changed, "the golden playthroughs did not notice the rules change"

    # Every recorded game diverges, and the report names the command and the first differing field.
    for game in games:
        verdict = verify_one(ledger, game)
        assert not verdict.ok
        first = verdict.findings[0]
        stored = {e.originator_version: e for e in ledger.stream(game)}
        event = stored[first.version]
        assert event.name == "CardsDrawn"
        assert f"command {event.command['name']} (request {event.request_id!r}, seat {event.seat})" in first.message
        assert "re-decides differently: field CardsDrawn.cards" in first.message
    ledger.close()
