"""How a finished Atiwa game is explained: why it ended, the places, and the tie rule (AT-90, AT-97, AT-100)."""

from __future__ import annotations

from functools import reduce

import service.rules.atiwa as at
from service.rules.atiwa.messages_maintenance import Result
from service.rules.atiwa.reasons import Reason
from service.rules.atiwa.state import Phase, State, replace
from service.rules.core import Rng, normalize_options


def _finished(seats: int, seed: bytes, challenge: int = 0) -> State:
    options = normalize_options(at.metadata, seats, {"challenge": challenge} if seats == 1 else {})
    state = reduce(at.evolve, at.setup(options, seats, Rng(seed, 1)), at.initial_state(seats, options))
    for ply in range(3000):
        if at.status(state).finished:
            break
        seat = at.status(state).to_act[0]
        commands = at.legal_commands(state, seat)
        command = commands[Rng(seed, 10_000 + ply).below(len(commands))]
        state = reduce(at.evolve, at.decide(state, seat, command, Rng(seed, ply + 2), 0), state)
    assert state.phase is Phase.FINISHED
    return state


def _result(total: int, pollution: int) -> Result:
    return Result(total, 0, 0, 0, 0, 0, total, pollution)


def test_AT_90_no_outcome_before_the_end_and_the_reason_after_it() -> None:
    state = _finished(2, b"o2")
    assert at.outcome(replace(state, phase=Phase.WORK)) is None
    outcome = at.outcome(state)
    assert outcome is not None and "AT-90" in outcome.reason
    assert sorted(outcome.placements)[0] == 1


def test_AT_97_tie_on_points_broken_by_fewer_pollution_markers() -> None:
    state = replace(_finished(2, b"tie"), results=(_result(61, 3), _result(61, 5)), winners=(0,))
    outcome = at.outcome(state)
    assert outcome is not None
    assert outcome.placements == (1, 2)
    assert "fewer pollution markers" in outcome.tie_rule


def test_AT_97_equal_points_and_markers_share_the_victory() -> None:
    state = replace(_finished(2, b"share"), results=(_result(61, 4), _result(61, 4)), winners=(0, 1))
    outcome = at.outcome(state)
    assert outcome is not None
    assert outcome.placements == (1, 1)
    assert "share the victory" in outcome.tie_rule


def test_AT_97_no_tie_rule_when_the_highest_total_decides() -> None:
    state = replace(_finished(3, b"clear"), results=(_result(40, 9), _result(55, 0), _result(30, 0)), winners=(1,))
    outcome = at.outcome(state)
    assert outcome is not None
    assert outcome.placements == (2, 1, 3) and outcome.tie_rule == ""


def test_AT_100_solo_outcome_says_whether_the_goal_was_met() -> None:
    state = _finished(1, b"solo", challenge=6)
    outcome = at.outcome(state)
    assert outcome is not None
    assert "the No Pollution goal is" in outcome.reason
    assert ("not met" in outcome.reason) is (not state.goal_met)


def test_every_reason_code_is_described() -> None:
    assert at.reasons is Reason
    for code in Reason:
        assert code.value == code.name and len(code.description) > 20
