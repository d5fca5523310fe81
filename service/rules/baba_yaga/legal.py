"""legal_commands: every command decide accepts now, rate limits aside, in a fixed order."""

from __future__ import annotations

from service.rules.baba_yaga.data import (
    ENDS,
    FOREST_CELLS,
    QUADRANTS,
    Hand,
    HouseTiming,
)
from service.rules.baba_yaga.messages import (
    BeginGame,
    Command,
    EndSearch,
    FlipDown,
    FlipUp,
    LiftHouse,
    MoveLens,
    PlaceHouse,
    PlaceWitch,
    ReplaceHouse,
    RevealSpell,
    StepWitch,
    Timeout,
)
from service.rules.baba_yaga.messages_effects import Choice, ChooseHouseTiming, ChooseTarget, MoveHouse, SwapTiles
from service.rules.baba_yaga.state import (
    Phase,
    State,
)
from service.rules.baba_yaga.validate import hands_enforced, validate
from service.rules.core import IllegalCommand


def legal_commands(state: State, seat: int | None) -> list[Command]:
    """Every command decide accepts from `seat` now, rate limits aside (Mode R refuses TOO_SOON
    until `view()['race']['next_step_at_ms' / 'next_search_at_ms']`). For seat None: the automatic
    command the server submits once status().wake_at_ms has passed."""
    if state.phase is Phase.FINISHED:
        return []
    if seat is None:
        if state.phase is Phase.START:
            return [BeginGame()]
        return [Timeout()] if state.wake_at_ms() is not None else []
    if not 0 <= seat < state.seats:
        return []
    if state.phase is Phase.RACE:
        return race_commands(state, seat)
    return [c for c in candidates(state, seat) if _accepts(state, seat, c)]


def race_commands(state: State, seat: int) -> list[Command]:
    """legal_commands in a race, written out: what `validate` accepts of `candidates`, in the same order,
    without validating each one (the bots' searches ask this at every ply; a test checks the two agree)."""
    found: list[Command] = []
    if seat == state.active:
        blocked = state.blocked_by()
        face_up = state.face_up
        if blocked is None:
            must = state.must_flip
            found += [
                FlipUp(cell=c)
                for c in FOREST_CELLS
                if c not in face_up and c != state.house and (must is None or c == must) and state.in_sight(c)
            ]
        found += [FlipDown(cell=c) for c in sorted(face_up) if blocked is None or c == blocked]
        if state.house is not None and blocked is None and state.in_sight(state.house):
            found.append(LiftHouse())
        lifted = state.lifted_from
        replaceable = lifted is not None and state.house_holder == seat and lifted not in face_up
        if replaceable and (blocked is None or blocked == lifted):
            found.append(ReplaceHouse())
        if state.lens is not None:
            found += [MoveLens(quadrant=q) for q in QUADRANTS if q is not state.lens]
        found.append(EndSearch())
    elif not state.config.mode_t and seat == state.due_flyer():
        if not hands_enforced(state):
            found.append(StepWitch(hand=None))
        else:
            found += [StepWitch(hand=h) for h in (Hand.L, Hand.R) if h is not state.last_hand]
    return found


def candidates(state: State, seat: int) -> list[Command]:
    """A superset of what `seat` may send in the current phase (filtered by validate)."""
    match state.phase:
        case Phase.PLACE_WITCH:
            return [PlaceWitch(end=e) for e in ENDS]
        case Phase.READY:
            return [RevealSpell()]
        case Phase.RACE:
            found: list[Command] = []
            if seat == state.active:
                found += [FlipUp(cell=c) for c in FOREST_CELLS if c not in state.face_up]
                found += [FlipDown(cell=c) for c in sorted(state.face_up)]
                found += [LiftHouse(), ReplaceHouse()]
                found += [MoveLens(quadrant=q) for q in QUADRANTS] if state.lens is not None else []
                found.append(EndSearch())
            elif not state.config.mode_t and seat == state.due_flyer():
                found += [StepWitch(hand=h) for h in (None, Hand.L, Hand.R)]
            return found
        case Phase.CHOOSE:
            return _choice_candidates(state)
    return []


def _choice_candidates(state: State) -> list[Command]:
    match state.choice:
        case Choice.HOUSE_START | Choice.HOUSE_NOW:
            return [PlaceHouse(cell=c) for c in FOREST_CELLS]
        case Choice.FEARLESS:
            return [MoveHouse(cell=c) for c in FOREST_CELLS]
        case Choice.TARGET:
            return [ChooseTarget(player=p) for p in range(state.seats)]
        case Choice.HOUSE_TIMING:
            return [ChooseHouseTiming(timing=t) for t in HouseTiming]
        case Choice.SWAP:
            return [SwapTiles(a=a, b=b) for a in FOREST_CELLS for b in FOREST_CELLS if a != b]
    return []


def _accepts(state: State, seat: int, command: Command) -> bool:
    try:
        validate(state, seat, command)
    except IllegalCommand:
        return False
    return True
