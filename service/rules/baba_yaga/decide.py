"""decide: the guards every command meets, then one handler per command (rule IDs from shared/rules/baba-yaga.md).

Time enters only as `now_ms` (the server's clock, stamped by the ledger); every event after setup
stores it as `at_ms`, so evolve alone rebuilds each deadline. Deadlines (a placer, a searcher's
reveal, a stalling flyer, a pending choice, Mode T think time) become automatic commands that the
service submits with seat None once `status().wake_at_ms` has passed (AUTOMATIC).
"""

from __future__ import annotations

from service.rules.baba_yaga.data import (
    ENDS,
    Hand,
    HouseTiming,
)
from service.rules.baba_yaga.evolve import evolve
from service.rules.baba_yaga.messages import (
    BeginGame,
    Command,
    EndSearch,
    Event,
    FlipDown,
    FlipUp,
    GameBegan,
    HouseLifted,
    HouseReplaced,
    LensMoved,
    LiftHouse,
    MoveLens,
    PlaceHouse,
    PlaceWitch,
    PreviewEnded,
    ReplaceHouse,
    RevealSpell,
    RoundEnd,
    SearchEnded,
    StepWitch,
    TileFlippedDown,
    TileFlippedUp,
    Timeout,
    WitchPlaced,
)
from service.rules.baba_yaga.messages_effects import (
    Choice,
    ChoiceForfeited,
    ChoiceRequired,
    ChooseHouseTiming,
    ChooseTarget,
    EffectTargeted,
    HouseMoved,
    HouseTimingChosen,
    MoveHouse,
    SwapTiles,
    TilesSwapped,
)
from service.rules.baba_yaga.reasons import Reason
from service.rules.baba_yaga.state import (
    Phase,
    State,
    card_effect,
)
from service.rules.baba_yaga.turns import (
    Out,
    after_effect,
    after_placement,
    after_search_action,
    emit_step,
    end_round,
    next_turn,
    prepare_turn,
    reveal_card,
    start_turn,
    target,
)
from service.rules.baba_yaga.validate import check_pace, hands_enforced, validate
from service.rules.core import IllegalCommand, Rng
from service.rules.kit import Deciders, Writer

DECIDERS: Deciders[State, Event, int] = Deciders("Baba Yaga", evolve)  # the seats' commands
AUTOMATIC: Deciders[State, Event, None] = Deciders("Baba Yaga", evolve)  # the service's (BeginGame, Timeout)


def decide(state: State, seat: int | None, command: Command, rng: Rng, now_ms: int) -> list[Event]:
    automatic = AUTOMATIC.handles(command)
    if not automatic and not DECIDERS.handles(command):
        raise TypeError(f"not a Baba Yaga command: {command!r}")
    if state.phase is Phase.FINISHED:
        raise IllegalCommand("the game is over", Reason.GAME_OVER)
    out: Out = Writer(state, evolve)
    if automatic:
        if seat is not None:
            raise IllegalCommand("only the server submits automatic commands", Reason.SERVER_ONLY)
        AUTOMATIC.run(out, None, command, rng, now_ms)
        return out.decided()
    if seat is None:
        raise IllegalCommand("the server submits only BeginGame and Timeout", Reason.NOT_A_PLAYER)
    if not 0 <= seat < state.seats:
        raise IllegalCommand(f"there is no seat {seat}", Reason.NO_SUCH_SEAT)
    validate(state, seat, command)
    check_pace(state, command, now_ms)
    DECIDERS.run(out, seat, command, rng, now_ms)
    return out.decided()


@DECIDERS.on(PlaceWitch)
def _place_witch(out: Out, seat: int, command: PlaceWitch, rng: Rng, now: int) -> None:
    out.emit(WitchPlaced(seat=out.state.placer, end=command.end, auto=False, at_ms=now))
    after_placement(out, now)


@DECIDERS.on(RevealSpell)
def _reveal(out: Out, seat: int, command: RevealSpell, rng: Rng, now: int) -> None:
    reveal_card(out, now, rng, auto=False)


@DECIDERS.on(FlipUp)
def _flip_up(out: Out, seat: int, command: FlipUp, rng: Rng, now: int) -> None:
    s = out.state
    out.emit(
        TileFlippedUp(
            seat=s.active,
            cell=command.cell,
            ingredient=s.ingredient(command.cell),
            correct=s.is_correct(command.cell),
            at_ms=now,
        )
    )
    after_search_action(out, now)


@DECIDERS.on(FlipDown)
def _flip_down(out: Out, seat: int, command: FlipDown, rng: Rng, now: int) -> None:
    out.emit(TileFlippedDown(seat=out.state.active, cell=command.cell, at_ms=now))
    after_search_action(out, now)


@DECIDERS.on(LiftHouse)
def _lift_house(out: Out, seat: int, command: LiftHouse, rng: Rng, now: int) -> None:
    assert out.state.house is not None
    out.emit(HouseLifted(seat=out.state.active, cell=out.state.house, at_ms=now))
    after_search_action(out, now)


@DECIDERS.on(ReplaceHouse)
def _replace_house(out: Out, seat: int, command: ReplaceHouse, rng: Rng, now: int) -> None:
    assert out.state.lifted_from is not None
    out.emit(HouseReplaced(seat=out.state.active, cell=out.state.lifted_from, at_ms=now))
    after_search_action(out, now)


@DECIDERS.on(MoveLens)
def _move_lens(out: Out, seat: int, command: MoveLens, rng: Rng, now: int) -> None:
    out.emit(LensMoved(seat=out.state.active, quadrant=command.quadrant, at_ms=now))
    after_search_action(out, now)


@DECIDERS.on(EndSearch)
def _end_search(out: Out, seat: int, command: EndSearch, rng: Rng, now: int) -> None:
    out.emit(SearchEnded(seat=out.state.active, at_ms=now))
    if out.state.config.mode_t:  # T4: the remaining steps are applied at once
        while out.state.steps < out.state.total_steps():
            emit_step(out, now, hand=None, auto=True)
    end_round(out, now, RoundEnd.SEARCH_ENDED)


@DECIDERS.on(StepWitch)
def _step_witch(out: Out, seat: int, command: StepWitch, rng: Rng, now: int) -> None:
    if emit_step(out, now, hand=command.hand, auto=False):
        end_round(out, now, RoundEnd.WITCH_RETURNED)


@DECIDERS.on(PlaceHouse)
def _place_house(out: Out, seat: int, command: PlaceHouse, rng: Rng, now: int) -> None:
    s = out.state
    out.emit(HouseMoved(seat=s.active, cell=command.cell, card=s.resolving, at_ms=now))
    if s.choice is Choice.HOUSE_START:
        prepare_turn(out, now)
    else:
        after_effect(out, now)


@DECIDERS.on(MoveHouse)
def _move_house(out: Out, seat: int, command: MoveHouse, rng: Rng, now: int) -> None:
    out.emit(HouseMoved(seat=out.state.active, cell=command.cell, card=None, at_ms=now))
    next_turn(out, now)


@DECIDERS.on(ChooseTarget)
def _choose_target(out: Out, seat: int, command: ChooseTarget, rng: Rng, now: int) -> None:
    s = out.state
    card = s.resolving or ""
    out.emit(EffectTargeted(seat=s.active, card=card, effect=card_effect(card), target=command.player, at_ms=now))
    after_effect(out, now)


@DECIDERS.on(ChooseHouseTiming)
def _choose_house_timing(out: Out, seat: int, command: ChooseHouseTiming, rng: Rng, now: int) -> None:
    s = out.state
    card = s.resolving or ""
    out.emit(HouseTimingChosen(seat=s.active, card=card, timing=command.timing, at_ms=now))
    if command.timing is HouseTiming.NOW:
        out.emit(ChoiceRequired(seat=s.active, choice=Choice.HOUSE_NOW, card=card, at_ms=now))
    else:
        target(out, now, card, s.active)


@DECIDERS.on(SwapTiles)
def _swap_tiles(out: Out, seat: int, command: SwapTiles, rng: Rng, now: int) -> None:
    out.emit(TilesSwapped(seat=out.state.active, a=command.a, b=command.b, at_ms=now))
    after_effect(out, now)


@AUTOMATIC.on(BeginGame)
def _begin(out: Out, who: None, command: BeginGame, rng: Rng, now: int) -> None:
    s = out.state
    if s.phase is not Phase.START:
        raise IllegalCommand("the game has already begun", Reason.NOT_DUE)
    preview = s.config.preview_ms
    out.emit(GameBegan(preview_until_ms=now + preview if preview else None, at_ms=now))
    if not preview:
        start_turn(out, now, s.first_active)


@AUTOMATIC.on(Timeout)
def _timeout(out: Out, who: None, command: Timeout, rng: Rng, now: int) -> None:
    s = out.state
    due = s.wake_at_ms()
    if s.phase is Phase.START:
        raise IllegalCommand("the game begins with BeginGame, not a timeout", Reason.NOT_DUE)
    if due is None:
        raise IllegalCommand(f"no deadline is running in phase {_phase_name(s)}", Reason.NOT_DUE)
    if now < due:
        raise IllegalCommand(f"not due yet: the deadline falls at {due} ms (now {now} ms)", Reason.NOT_DUE)
    match s.phase:
        case Phase.PREVIEW:
            out.emit(PreviewEnded(at_ms=now))
            start_turn(out, now, s.first_active)
        case Phase.PLACE_WITCH:  # §11.8: a random end
            out.emit(WitchPlaced(seat=s.placer, end=rng.choice(ENDS), auto=True, at_ms=now))
            after_placement(out, now)
        case Phase.READY:  # §11.8
            reveal_card(out, now, rng, auto=True)
        case Phase.RACE:  # R4 (a stalling flyer), or T4 think time
            hand = None
            if not s.config.mode_t and hands_enforced(s):
                hand = Hand.R if s.last_hand is Hand.L else Hand.L
            if emit_step(out, now, hand=hand, auto=True):
                end_round(out, now, RoundEnd.WITCH_RETURNED)
        case Phase.CHOOSE:
            choice = s.choice
            assert choice is not None
            out.emit(ChoiceForfeited(seat=s.active, choice=choice, card=s.resolving, auto=True, at_ms=now))
            if choice is Choice.HOUSE_START:
                prepare_turn(out, now)
            elif choice is Choice.FEARLESS:
                next_turn(out, now)
            else:
                after_effect(out, now)


def _phase_name(state: State) -> str:
    return state.choice.value if state.phase is Phase.CHOOSE and state.choice else state.phase.value
