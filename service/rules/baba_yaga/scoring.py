"""Scores, winners and the game's status (BY-30, BY-31).

Baba Yaga has no points: the score of a seat is the number of spells it has cast.
"""

from __future__ import annotations

from service.rules.baba_yaga.state import Phase, State
from service.rules.core import Status


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
