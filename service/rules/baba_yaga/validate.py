"""Whether a seat may send a command now (§11.2), shared by decide and legal_commands; time is checked apart."""

from __future__ import annotations

from service.rules.baba_yaga.data import (
    FOREST_CELLS,
    Cell,
    Hand,
)
from service.rules.baba_yaga.messages import (
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
)
from service.rules.baba_yaga.messages_effects import Choice, ChooseHouseTiming, ChooseTarget, MoveHouse, SwapTiles
from service.rules.baba_yaga.reasons import Reason
from service.rules.baba_yaga.state import (
    Phase,
    State,
    card_effect,
)
from service.rules.core import IllegalCommand

SEARCH_ACTIONS = (FlipUp, FlipDown, LiftHouse, ReplaceHouse, MoveLens)  # rate-limited, cost points in Mode T


def validate(state: State, seat: int, command: Command) -> None:
    """Raise IllegalCommand unless `seat` may send `command` now, rate limits aside."""
    match command:
        case PlaceWitch():
            _expect_phase(state, Phase.PLACE_WITCH, "the witch is placed only before the spell card is revealed")
            if seat != state.placer:
                raise IllegalCommand(f"seat {state.placer} places the witch this turn, not you", Reason.NOT_YOUR_TURN)
        case RevealSpell():
            _expect_phase(state, Phase.READY, "you reveal your spell card once the witch is placed")
            _expect_active(state, seat)
        case StepWitch(hand=hand):
            _validate_step(state, seat, hand)
        case FlipUp() | FlipDown() | LiftHouse() | ReplaceHouse() | MoveLens() | EndSearch():
            _validate_search(state, seat, command)
        case PlaceHouse(cell=cell):
            _expect_choice(state, seat, (Choice.HOUSE_START, Choice.HOUSE_NOW), "the House is placed")
            _expect_forest(cell)
        case MoveHouse(cell=cell):
            _expect_choice(state, seat, (Choice.FEARLESS,), "the House is moved (fearless variant)")
            _expect_forest(cell)
        case ChooseTarget(player=player):
            _expect_choice(state, seat, (Choice.TARGET,), "a target is chosen")
            _validate_target(state, player)
        case ChooseHouseTiming():
            _expect_choice(state, seat, (Choice.HOUSE_TIMING,), "the House's timing is chosen")
        case SwapTiles(a=a, b=b):
            _expect_choice(state, seat, (Choice.SWAP,), "tiles are swapped")
            _expect_forest(a)
            _expect_forest(b)
            if a == b:
                raise IllegalCommand("choose two different Forest tiles to swap", Reason.SAME_CELL)
        case _:
            raise TypeError(f"not a Baba Yaga command: {command!r}")


def _expect_phase(state: State, phase: Phase, reason: str) -> None:
    if state.phase is not phase:
        raise IllegalCommand(reason, Reason.WRONG_PHASE)


def _expect_active(state: State, seat: int) -> None:
    if seat != state.active:
        raise IllegalCommand(f"seat {state.active} is the active player this turn, not you", Reason.NOT_YOUR_TURN)


def _expect_choice(state: State, seat: int, choices: tuple[Choice, ...], what: str) -> None:
    if state.phase is not Phase.CHOOSE or state.choice not in choices:
        raise IllegalCommand(f"this is not the moment when {what}", Reason.WRONG_PHASE)
    _expect_active(state, seat)


def _expect_forest(cell: Cell) -> None:
    if cell not in FOREST_CELLS:
        raise IllegalCommand(f"{list(cell)} is not a Forest tile", Reason.NOT_FOREST)


def _validate_target(state: State, player: int) -> None:
    effect = card_effect(state.resolving or "")
    if player == state.active:
        raise IllegalCommand("this spell must target an opponent, not yourself", Reason.BAD_TARGET)
    if not 0 <= player < state.seats:
        raise IllegalCommand(f"there is no seat {player}", Reason.BAD_TARGET)
    if not state.can_target(player, effect):
        raise IllegalCommand(
            f"seat {player} already has a card in front of him that excludes this one (BY-E0.4)", Reason.BAD_TARGET
        )


def _race_over(state: State) -> IllegalCommand:
    if state.phase in (Phase.START, Phase.PREVIEW):
        return IllegalCommand("the game has not started yet", Reason.WRONG_PHASE)
    return IllegalCommand(
        "no race is running: the round is over and the next card is not revealed yet", Reason.ROUND_OVER
    )


def _validate_step(state: State, seat: int, hand: Hand | None) -> None:
    if state.phase is not Phase.RACE:
        raise _race_over(state)
    if state.config.mode_t:
        raise IllegalCommand("in mode T the witch moves by herself as the searcher spends points", Reason.NOT_YOUR_MOVE)
    due = state.due_flyer()
    if seat != due:
        raise IllegalCommand(f"it is seat {due}'s move of the witch, not yours", Reason.NOT_YOUR_MOVE)
    if hands_enforced(state):
        if hand is None:
            raise IllegalCommand("say which hand moves the witch (L or R): you must switch hands", Reason.HAND_REQUIRED)
        if hand is state.last_hand:
            raise IllegalCommand(f"you moved the witch with {hand.value} last time: switch hands", Reason.SAME_HAND)
    elif hand is not None:
        raise IllegalCommand(
            "hands are only named in the two-player game with enforced handicaps", Reason.HAND_NOT_USED
        )


def hands_enforced(state: State) -> bool:
    return state.seats == 2 and state.config.enforce  # BY-V3, §11.5


def _validate_search(state: State, seat: int, command: Command) -> None:
    if state.phase is not Phase.RACE:
        raise _race_over(state)
    if seat != state.active:
        raise IllegalCommand(f"only the searching player (seat {state.active}) may do that", Reason.NOT_YOUR_TURN)
    blocked = state.blocked_by()
    match command:
        case FlipUp(cell=cell):
            _check_flip_up(state, cell, blocked)
        case FlipDown(cell=cell):
            if cell not in state.face_up:
                raise IllegalCommand(f"there is no face-up tile at {list(cell)}", Reason.FACE_DOWN)
            if blocked is not None and cell != blocked:
                raise _blocked(state, blocked)
        case LiftHouse():
            _check_lift_house(state, blocked)
        case ReplaceHouse():
            if state.lifted_from is None or state.house_holder != seat or state.lifted_from in state.face_up:
                raise IllegalCommand(
                    "there is no lifted House to put back on a face-down tile this turn", Reason.NOTHING_TO_REPLACE
                )
            if blocked is not None and blocked != state.lifted_from:
                raise _blocked(state, blocked)
        case MoveLens(quadrant=quadrant):
            if state.lens is None:
                raise IllegalCommand("you have no keyhole lens to move", Reason.NO_LENS)
            if quadrant is state.lens:
                raise IllegalCommand(f"your lens is already on {quadrant.value}", Reason.SAME_QUADRANT)


def _check_flip_up(state: State, cell: Cell, blocked: Cell | None) -> None:
    if cell not in FOREST_CELLS:
        raise IllegalCommand(f"{list(cell)} is not a Forest tile: only Forest tiles are turned", Reason.NOT_FOREST)
    if cell in state.face_up:
        raise IllegalCommand(f"the tile at {list(cell)} is already face up", Reason.FACE_UP)
    if blocked is not None:
        raise _blocked(state, blocked)
    if cell == state.house:
        raise IllegalCommand("the House covers that tile: lift the House first", Reason.UNDER_HOUSE)
    if state.must_flip is not None and cell != state.must_flip:
        raise IllegalCommand(
            f"you lifted the House: turn the tile at {list(state.must_flip)} first", Reason.MUST_FLIP_UNCOVERED
        )
    if not state.in_sight(cell):
        raise IllegalCommand("that tile is outside your keyhole: move the lens first", Reason.OUT_OF_SIGHT)


def _check_lift_house(state: State, blocked: Cell | None) -> None:
    if state.house is None:
        raise IllegalCommand("the House is not on the board", Reason.NO_HOUSE)
    if blocked is not None:
        raise _blocked(state, blocked)
    if not state.in_sight(state.house):
        raise IllegalCommand("the House is outside your keyhole: move the lens first", Reason.OUT_OF_SIGHT)


def _blocked(state: State, blocked: Cell) -> IllegalCommand:
    if blocked in state.face_up:
        return IllegalCommand(
            f"a wrong ingredient is face up at {list(blocked)}: turn it back before anything else (BY-14)",
            Reason.BLOCKED,
        )
    return IllegalCommand(
        f"put the House back on the tile at {list(blocked)} before anything else (BY-16)", Reason.BLOCKED
    )


def check_pace(state: State, command: Command, now: int) -> None:
    """Mode R rate limits (R1, R3, R5): too early is refused, never queued."""
    if state.config.mode_t:
        return
    if isinstance(command, StepWitch):
        at = state.step_eligible_at_ms()
        if now < at:
            raise IllegalCommand(
                f"too soon: the witch may move again in {(at - now) / 1000:.1f} s", Reason.TOO_SOON, retry_at_ms=at
            )
    elif isinstance(command, SEARCH_ACTIONS):
        at = state.next_search_at_ms()
        if now < at:
            raise IllegalCommand(
                f"too soon: one hand, one action; wait {(at - now) / 1000:.1f} s", Reason.TOO_SOON, retry_at_ms=at
            )
