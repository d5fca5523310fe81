"""Issue 31: bots move at a person's pace (or fast), never before the rules accept the move, and their waits
re-derive from their own random stream (BY Mode R rules R1, R3, R5 set the minimum intervals)."""

from __future__ import annotations

import pytest

from service.bots import Policy, choose, pace
from service.bots.policies import bot_rng
from service.rules import baba_yaga as by
from service.rules import hare_tortoise as ht
from service.rules.baba_yaga.messages import EndSearch, FlipUp, PlaceWitch, RevealSpell, StepWitch
from service.rules.baba_yaga.state import Phase
from tests.support.playout import Playout, start

SEED = b"pace"


def at_race(seed: bytes = SEED) -> Playout:
    """A three-seat Mode R game just after the searcher revealed the spell."""
    p = start(by, 3, seed, {"mode": "R"})
    while p.state.phase is not Phase.RACE:
        (seat, command), *_ = p.candidates()
        p.now_ms += 100
        p.submit(seat, command)
    assert isinstance(p.commands[-1][1], RevealSpell)
    return p


def test_R5_a_searcher_bot_asked_at_once_waits_out_the_interval_and_searches() -> None:
    """The bug of issue 31: asked 50 ms after the reveal, every flip was TOO_SOON and the bot ended its search."""
    p = at_race()
    searcher = p.state.active
    ready = by.ready_at_ms(p.state, searcher)
    assert ready == p.state.next_search_at_ms() > p.now_ms
    for spec in ({"pace": "fast"}, {"pace": "person"}, {"think_ms": 50}):
        wait = pace.wait(by, p.state, searcher, spec, SEED, 1 + len(p.history), p.now_ms)
        assert wait.due_ms >= ready, spec
        for level in ("greedy", "search"):
            rng = bot_rng(SEED, searcher, 1 + len(p.history))
            chosen = choose(by, p.state, searcher, Policy(level, 40), rng, wait.due_ms)
            assert isinstance(chosen, FlipUp), (spec, level, chosen)
    early = choose(by, p.state, searcher, Policy("greedy"), bot_rng(SEED, searcher, 1), p.now_ms + 50)
    assert isinstance(early, EndSearch)  # what asking too soon did: why the server now waits


def test_R1_R3_a_flyer_bot_steps_soon_after_the_witch_may_move() -> None:
    p = at_race()
    flyer = p.state.due_flyer()
    eligible = p.state.step_eligible_at_ms()
    for n in range(20):
        wait = pace.wait(by, p.state, flyer, {"pace": "person"}, SEED, n + 2, p.now_ms)
        assert wait.tag["kind"] == "step"
        assert eligible + 150 <= wait.due_ms <= eligible + 450
        assert by.decide(p.state, flyer, StepWitch(hand=None), p.rng(), wait.due_ms)  # accepted, not TOO_SOON


def test_person_waits_lie_in_their_ranges_and_vary() -> None:
    p = at_race()
    searcher = p.state.active
    waits = [
        pace.wait(by, p.state, searcher, {"pace": "person"}, SEED, v, p.now_ms).tag["wait_ms"] for v in range(2, 200)
    ]
    assert all(650 <= w <= 950 for w in waits)
    assert len(set(waits)) > 50  # jitter, from the bot's own stream
    placer = start(by, 3, SEED, {"mode": "R"})
    while placer.state.phase is not Phase.PLACE_WITCH:
        (seat, command), *_ = placer.candidates()
        placer.submit(seat, command)
    wait = pace.wait(by, placer.state, placer.state.placer, {"pace": "person"}, SEED, 9, 1000)
    assert wait.tag["kind"] == "move" and 1900 <= wait.due_ms <= 2800
    fast = pace.wait(by, placer.state, placer.state.placer, {"pace": "fast"}, SEED, 9, 1000)
    assert fast.due_ms == 1000 and fast.tag["wait_ms"] == 0
    assert isinstance(by.legal_commands(placer.state, placer.state.placer)[0], PlaceWitch)


def test_a_recorded_wait_re_derives_and_a_tampered_or_early_one_is_caught() -> None:
    p = at_race()
    searcher = p.state.active
    wait = pace.wait(by, p.state, searcher, {"pace": "person"}, SEED, 7, p.now_ms)
    tag = wait.tag
    assert pace.wait_problem(tag, SEED, searcher, wait.due_ms, p.now_ms) is None
    assert "pace stream gives" in str(
        pace.wait_problem({**tag, "wait_ms": tag["wait_ms"] - 1}, SEED, searcher, 0, None)
    )
    assert "within its wait" in str(pace.wait_problem(tag, SEED, searcher, p.now_ms + 10, p.now_ms))
    assert pace.wait_problem({"level": "greedy", "policy": 4}, SEED, searcher, 0, None) is None  # older moves


@pytest.mark.parametrize(
    ("rules", "options", "people", "expected"),
    [
        (by, {"mode": "R"}, 0, "person"),  # a real-time race keeps a person's pace even among bots
        (by, {"mode": "T"}, 0, "fast"),
        (by, {"mode": "T"}, 1, "person"),
        (ht, {}, 0, "fast"),
        (ht, {}, 2, "person"),
    ],
)
def test_the_default_pace_is_a_persons_with_people_or_in_real_time(
    rules: object, options: dict[str, object], people: int, expected: str
) -> None:
    assert pace.default_pace(rules, options, people) == expected  # type: ignore[arg-type]
    assert pace.settle({"level": "greedy"}, rules, options, people) == {"level": "greedy", "pace": expected}  # type: ignore[arg-type]
    assert pace.settle({"level": "greedy", "think_ms": 600}, rules, options, people) == {
        "level": "greedy",
        "think_ms": 600,
    }  # type: ignore[arg-type]
