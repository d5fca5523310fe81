"""Scores, winners and the game's status (BY-30, BY-31).

Baba Yaga has no points: the score of a seat is the number of spells it has cast.
"""

from __future__ import annotations

from service.rules.baba_yaga.messages import FinishReason
from service.rules.baba_yaga.state import Phase, State
from service.rules.core import Outcome, Status
from service.rules.kit import placements


def phase_name(state: State) -> str:
    """The phase as clients see it; a pending choice is named by its kind (e.g. 'choose_target')."""
    if state.phase is Phase.CHOOSE and state.choice is not None:
        return state.choice.value
    return state.phase.value


def to_act(state: State) -> tuple[int, ...]:
    match state.phase:
        case Phase.PLACE_WITCH:
            return (state.placer,)
        case Phase.READY | Phase.CHOOSE:
            return (state.active,)
        case Phase.RACE:
            if state.config.mode_t:
                return (state.active,)
            return (state.active, state.due_flyer())  # Mode R: the searcher and the flyer whose move it is
    return ()


def status(state: State) -> Status:
    finished = state.phase is Phase.FINISHED
    return Status(
        phase=phase_name(state),
        to_act=to_act(state),
        finished=finished,
        wake_at_ms=None if finished else state.wake_at_ms(),
    )


def scores(state: State) -> tuple[int, ...]:
    """Spells cast per seat."""
    if not state.cast:
        return (0,) * state.seats
    return state.casts()


def winners(state: State) -> tuple[int, ...]:
    return state.winners or ()


def outcome(state: State) -> Outcome | None:
    """How the game ended, in words: a third spell (BY-30) or the turn limit (BY-31); None until then."""
    if state.phase is not Phase.FINISHED or state.finish_reason is None:
        return None
    casts = scores(state)
    won = winners(state)
    if state.finish_reason is FinishReason.THIRD_SPELL:
        return Outcome(
            f"seat {won[0]} cast a third spell and escaped Baba Yaga (BY-30)",
            placements(won, casts),
            "the others are placed by the spells they cast" if state.seats > 2 else "",
            reason_key="baba-yaga.end.third_spell",
            tie_key="baba-yaga.tie.by_spells" if state.seats > 2 else "",
            params={"seat": won[0]},
        )
    turns = state.config.max_turns
    if not won:  # rules version 2
        return Outcome(
            f"turn limit reached after {turns} turns: nobody cast three spells, so nobody wins (a draw, BY-31)",
            (1,) * state.seats,
            "turn limit: a draw",
            reason_key="baba-yaga.end.turn_limit_draw",
            tie_key="baba-yaga.tie.draw",
            params={"turns": turns},
        )
    return Outcome(  # rules version 1
        f"turn limit reached after {turns} turns: nobody cast three spells; "
        f"the most spells cast ({max(casts)}) win, ties shared (BY-31, rules version 1)",
        placements(won, casts),
        "turn limit: most spells cast" if len(won) > 1 or state.seats > 2 else "",
        reason_key="baba-yaga.end.turn_limit_most_spells",
        tie_key="baba-yaga.tie.most_spells" if len(won) > 1 or state.seats > 2 else "",
        params={"turns": turns, "spells": max(casts)},
    )
