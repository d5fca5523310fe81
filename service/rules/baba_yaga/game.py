"""The decider: setup, decide, evolve, legal_commands (rule IDs from shared/rules/baba-yaga.md).

Time enters only as `now_ms` (the server's clock, stamped by the ledger); every
event after setup stores it as `at_ms`, so evolve alone rebuilds each deadline.
Deadlines (a placer, a searcher's reveal, a stalling flyer, a pending choice,
Mode T think time) become automatic commands that the service submits with
seat None once `status().wake_at_ms` has passed.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from service.rules.baba_yaga.data import (
    CARDS_PER_PLAYER,
    CLUE_OF,
    ENDS,
    EXTEND_DELTA,
    FOREST_CELLS,
    INGREDIENT_IDS,
    NORMAL_PATH_LENGTH,
    OPPONENT_EFFECTS,
    QUADRANTS,
    REDUCE_BY,
    REQUIRED,
    SELF_EFFECTS,
    SHORTEN_DELTA,
    SPELL_IDS,
    SPELLS_TO_WIN,
    Cell,
    Effect,
    Hand,
    HouseTiming,
)
from service.rules.baba_yaga.messages import (
    BeginGame,
    Choice,
    ChoiceForfeited,
    ChoiceRequired,
    ChooseHouseTiming,
    ChooseTarget,
    Command,
    EffectLost,
    EffectTargeted,
    EndSearch,
    Event,
    FinishReason,
    FirstPlayerChosen,
    FlipDown,
    FlipUp,
    ForestLaid,
    ForestTile,
    GameBegan,
    GameFinished,
    HouseLifted,
    HouseMoved,
    HouseReplaced,
    HouseTimingChosen,
    LensMoved,
    LiftHouse,
    LossReason,
    MoveHouse,
    MoveLens,
    PlaceHouse,
    PlaceWitch,
    PreviewEnded,
    ReplaceHouse,
    RevealSpell,
    RoundEnd,
    RoundEnded,
    SearchEnded,
    SpellRevealed,
    SpellsDealt,
    StepWitch,
    SwapTiles,
    TileFlippedDown,
    TileFlippedUp,
    TilesReset,
    TilesSwapped,
    Timeout,
    TurnEnded,
    TurnPrepared,
    TurnStarted,
    WitchPlaced,
    WitchStepped,
)
from service.rules.baba_yaga.state import (
    Config,
    Pending,
    Phase,
    RoundResult,
    State,
    card_effect,
    cell_index,
    parse_seats,
    updated,
)
from service.rules.core import IllegalCommand, InvalidOptions, Rng, replaced

MIN_PLAYERS = 2
MAX_PLAYERS = 5
SEARCH_ACTIONS = (FlipUp, FlipDown, LiftHouse, ReplaceHouse, MoveLens)  # rate-limited, cost points in Mode T
# The choices that resolve the card just cast (its card goes to the box when they are made).
RESOLVING_CHOICES = frozenset({Choice.TARGET, Choice.HOUSE_TIMING, Choice.HOUSE_NOW, Choice.SWAP})


def initial_state(seats: int, options: dict[str, Any]) -> State:
    return State(seats=seats, config=Config.of(options, seats))


# --- setup -----------------------------------------------------------------------------------
def setup(options: dict[str, Any], seats: int, rng: Rng) -> list[Event]:
    _check_options(options, seats)
    config = Config.of(options, seats)
    layout = rng.shuffled(INGREDIENT_IDS)  # BY-S1
    tiles = zip(FOREST_CELLS, layout, strict=True)
    forest = ForestLaid(tiles=tuple(ForestTile(cell=cell, clue=CLUE_OF[i], ingredient=i) for cell, i in tiles))
    deck = rng.shuffled(SPELL_IDS)  # BY-S3: the rest stays in the box, in no event at all
    stacks = tuple(deck[s * CARDS_PER_PLAYER : (s + 1) * CARDS_PER_PLAYER] for s in range(seats))
    first = config.first_active if config.first_active >= 0 else rng.below(seats)  # BY-S4
    return [
        forest,
        SpellsDealt(stacks=stacks, counts=tuple(len(s) for s in stacks)),
        FirstPlayerChosen(seat=first),
    ]


def _check_options(options: dict[str, Any], seats: int) -> None:
    if not MIN_PLAYERS <= seats <= MAX_PLAYERS:
        raise InvalidOptions(f"Baba Yaga is for {MIN_PLAYERS} to {MAX_PLAYERS} players, not {seats}")
    tough = options.get("tough_seats", "")
    if options.get("difficulty", "run") == "mixed":
        parsed = parse_seats(tough)
        if parsed is None or any(s >= seats for s in parsed):
            raise InvalidOptions(
                f"tough_seats must list seats from 0 to {seats - 1} separated by commas, not {tough!r}"
            )
    elif tough.strip():
        raise InvalidOptions("tough_seats is only used with difficulty 'mixed'")
    if options.get("first_active", -1) >= seats:
        raise InvalidOptions(f"first_active must be a seat from 0 to {seats - 1} (or -1 for random)")
    if options.get("mode", "R") == "R":
        for name in ("placement_timeout_ms", "reveal_timeout_ms", "decision_timeout_ms"):
            if options.get(name, 1) == 0:
                raise InvalidOptions(f"{name} may be 0 (never) only in mode T: a real-time game must always move on")


# --- decide ----------------------------------------------------------------------------------
class _Out:
    """The events of one decision, with the state they lead to (evolve applied as we go)."""

    __slots__ = ("events", "now", "state")

    def __init__(self, state: State, now: int) -> None:
        self.state = state
        self.now = now
        self.events: list[Event] = []

    def emit(self, *events: Event) -> None:
        for event in events:
            self.events.append(event)
            self.state = evolve(self.state, event)


def decide(state: State, seat: int | None, command: Command, rng: Rng, now_ms: int) -> list[Event]:
    if type(command) not in _HANDLERS and not isinstance(command, BeginGame | Timeout):
        raise TypeError(f"not a Baba Yaga command: {command!r}")
    if state.phase is Phase.FINISHED:
        raise IllegalCommand("the game is over", "GAME_OVER")
    out = _Out(state, now_ms)
    if isinstance(command, BeginGame | Timeout):
        if seat is not None:
            raise IllegalCommand("only the server submits automatic commands", "SERVER_ONLY")
        if isinstance(command, BeginGame):
            _begin(out)
        else:
            _timeout(out, rng)
        return out.events
    if seat is None:
        raise IllegalCommand("the server submits only BeginGame and Timeout", "NOT_A_PLAYER")
    if not 0 <= seat < state.seats:
        raise IllegalCommand(f"there is no seat {seat}", "NO_SUCH_SEAT")
    validate(state, seat, command)
    _check_pace(state, command, now_ms)
    _HANDLERS[type(command)](out, command, rng)
    return out.events


# --- validation (shared by decide and legal_commands; time is checked apart) ---------------
def validate(state: State, seat: int, command: Command) -> None:
    """Raise IllegalCommand unless `seat` may send `command` now, rate limits aside."""
    match command:
        case PlaceWitch():
            _expect_phase(state, Phase.PLACE_WITCH, "the witch is placed only before the spell card is revealed")
            if seat != state.placer:
                raise IllegalCommand(f"seat {state.placer} places the witch this turn, not you", "NOT_YOUR_TURN")
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
                raise IllegalCommand("choose two different Forest tiles to swap", "SAME_CELL")
        case _:
            raise TypeError(f"not a Baba Yaga command: {command!r}")


def _expect_phase(state: State, phase: Phase, reason: str) -> None:
    if state.phase is not phase:
        raise IllegalCommand(reason, "WRONG_PHASE")


def _expect_active(state: State, seat: int) -> None:
    if seat != state.active:
        raise IllegalCommand(f"seat {state.active} is the active player this turn, not you", "NOT_YOUR_TURN")


def _expect_choice(state: State, seat: int, choices: tuple[Choice, ...], what: str) -> None:
    if state.phase is not Phase.CHOOSE or state.choice not in choices:
        raise IllegalCommand(f"this is not the moment when {what}", "WRONG_PHASE")
    _expect_active(state, seat)


def _expect_forest(cell: Cell) -> None:
    if cell not in FOREST_CELLS:
        raise IllegalCommand(f"{list(cell)} is not a Forest tile", "NOT_FOREST")


def _validate_target(state: State, player: int) -> None:
    effect = card_effect(state.resolving or "")
    if player == state.active:
        raise IllegalCommand("this spell must target an opponent, not yourself", "BAD_TARGET")
    if not 0 <= player < state.seats:
        raise IllegalCommand(f"there is no seat {player}", "BAD_TARGET")
    if not state.can_target(player, effect):
        raise IllegalCommand(
            f"seat {player} already has a card in front of him that excludes this one (BY-E0.4)", "BAD_TARGET"
        )


def _race_over(state: State) -> IllegalCommand:
    if state.phase in (Phase.START, Phase.PREVIEW):
        return IllegalCommand("the game has not started yet", "WRONG_PHASE")
    return IllegalCommand("no race is running: the round is over and the next card is not revealed yet", "ROUND_OVER")


def _validate_step(state: State, seat: int, hand: Hand | None) -> None:
    if state.phase is not Phase.RACE:
        raise _race_over(state)
    if state.config.mode_t:
        raise IllegalCommand("in mode T the witch moves by herself as the searcher spends points", "NOT_YOUR_MOVE")
    due = state.due_flyer()
    if seat != due:
        raise IllegalCommand(f"it is seat {due}'s move of the witch, not yours", "NOT_YOUR_MOVE")
    if _hands_enforced(state):
        if hand is None:
            raise IllegalCommand("say which hand moves the witch (L or R): you must switch hands", "HAND_REQUIRED")
        if hand is state.last_hand:
            raise IllegalCommand(f"you moved the witch with {hand.value} last time: switch hands", "SAME_HAND")
    elif hand is not None:
        raise IllegalCommand("hands are only named in the two-player game with enforced handicaps", "HAND_NOT_USED")


def _hands_enforced(state: State) -> bool:
    return state.seats == 2 and state.config.enforce  # BY-V3, §11.5


def _validate_search(state: State, seat: int, command: Command) -> None:
    if state.phase is not Phase.RACE:
        raise _race_over(state)
    if seat != state.active:
        raise IllegalCommand(f"only the searching player (seat {state.active}) may do that", "NOT_YOUR_TURN")
    blocked = state.blocked_by()
    match command:
        case FlipUp(cell=cell):
            if cell not in FOREST_CELLS:
                raise IllegalCommand(f"{list(cell)} is not a Forest tile: only Forest tiles are turned", "NOT_FOREST")
            if cell in state.face_up:
                raise IllegalCommand(f"the tile at {list(cell)} is already face up", "FACE_UP")
            if blocked is not None:
                raise _blocked(state, blocked)
            if cell == state.house:
                raise IllegalCommand("the House covers that tile: lift the House first", "UNDER_HOUSE")
            if state.must_flip is not None and cell != state.must_flip:
                raise IllegalCommand(
                    f"you lifted the House: turn the tile at {list(state.must_flip)} first", "MUST_FLIP_UNCOVERED"
                )
            if not state.in_sight(cell):
                raise IllegalCommand("that tile is outside your keyhole: move the lens first", "OUT_OF_SIGHT")
        case FlipDown(cell=cell):
            if cell not in state.face_up:
                raise IllegalCommand(f"there is no face-up tile at {list(cell)}", "FACE_DOWN")
            if blocked is not None and cell != blocked:
                raise _blocked(state, blocked)
        case LiftHouse():
            if state.house is None:
                raise IllegalCommand("the House is not on the board", "NO_HOUSE")
            if blocked is not None:
                raise _blocked(state, blocked)
            if not state.in_sight(state.house):
                raise IllegalCommand("the House is outside your keyhole: move the lens first", "OUT_OF_SIGHT")
        case ReplaceHouse():
            if state.lifted_from is None or state.house_holder != seat or state.lifted_from in state.face_up:
                raise IllegalCommand(
                    "there is no lifted House to put back on a face-down tile this turn", "NOTHING_TO_REPLACE"
                )
            if blocked is not None and blocked != state.lifted_from:
                raise _blocked(state, blocked)
        case MoveLens(quadrant=quadrant):
            if state.lens is None:
                raise IllegalCommand("you have no keyhole lens to move", "NO_LENS")
            if quadrant is state.lens:
                raise IllegalCommand(f"your lens is already on {quadrant.value}", "SAME_QUADRANT")


def _blocked(state: State, blocked: Cell) -> IllegalCommand:
    if blocked in state.face_up:
        return IllegalCommand(
            f"a wrong ingredient is face up at {list(blocked)}: turn it back before anything else (BY-14)", "BLOCKED"
        )
    return IllegalCommand(f"put the House back on the tile at {list(blocked)} before anything else (BY-16)", "BLOCKED")


def _check_pace(state: State, command: Command, now: int) -> None:
    """Mode R rate limits (R1, R3, R5): too early is refused, never queued."""
    if state.config.mode_t:
        return
    if isinstance(command, StepWitch):
        at = state.step_eligible_at_ms()
        if now < at:
            raise IllegalCommand(f"too soon: the witch may move again at {at} ms (now {now} ms)", "TOO_SOON")
    elif isinstance(command, SEARCH_ACTIONS):
        at = state.next_search_at_ms()
        if now < at:
            raise IllegalCommand(f"too soon: one hand, one action; your next at {at} ms (now {now} ms)", "TOO_SOON")


# --- handlers --------------------------------------------------------------------------------
def _place_witch(out: _Out, command: PlaceWitch, rng: Rng) -> None:
    out.emit(WitchPlaced(seat=out.state.placer, end=command.end, auto=False, at_ms=out.now))
    _after_placement(out)


def _reveal(out: _Out, command: RevealSpell, rng: Rng) -> None:
    _reveal_card(out, rng, auto=False)


def _flip_up(out: _Out, command: FlipUp, rng: Rng) -> None:
    s = out.state
    out.emit(
        TileFlippedUp(
            seat=s.active,
            cell=command.cell,
            ingredient=s.ingredient(command.cell),
            correct=s.is_correct(command.cell),
            at_ms=out.now,
        )
    )
    _after_search_action(out)


def _flip_down(out: _Out, command: FlipDown, rng: Rng) -> None:
    out.emit(TileFlippedDown(seat=out.state.active, cell=command.cell, at_ms=out.now))
    _after_search_action(out)


def _lift_house(out: _Out, command: LiftHouse, rng: Rng) -> None:
    assert out.state.house is not None
    out.emit(HouseLifted(seat=out.state.active, cell=out.state.house, at_ms=out.now))
    _after_search_action(out)


def _replace_house(out: _Out, command: ReplaceHouse, rng: Rng) -> None:
    assert out.state.lifted_from is not None
    out.emit(HouseReplaced(seat=out.state.active, cell=out.state.lifted_from, at_ms=out.now))
    _after_search_action(out)


def _move_lens(out: _Out, command: MoveLens, rng: Rng) -> None:
    out.emit(LensMoved(seat=out.state.active, quadrant=command.quadrant, at_ms=out.now))
    _after_search_action(out)


def _end_search(out: _Out, command: EndSearch, rng: Rng) -> None:
    out.emit(SearchEnded(seat=out.state.active, at_ms=out.now))
    if out.state.config.mode_t:  # T4: the remaining steps are applied at once
        while out.state.steps < out.state.total_steps():
            _emit_step(out, hand=None, auto=True)
    _end_round(out, RoundEnd.SEARCH_ENDED)


def _step_witch(out: _Out, command: StepWitch, rng: Rng) -> None:
    if _emit_step(out, hand=command.hand, auto=False):
        _end_round(out, RoundEnd.WITCH_RETURNED)


def _place_house(out: _Out, command: PlaceHouse, rng: Rng) -> None:
    s = out.state
    out.emit(HouseMoved(seat=s.active, cell=command.cell, card=s.resolving, at_ms=out.now))
    if s.choice is Choice.HOUSE_START:
        _prepare_turn(out)
    else:
        _after_effect(out)


def _move_house(out: _Out, command: MoveHouse, rng: Rng) -> None:
    out.emit(HouseMoved(seat=out.state.active, cell=command.cell, card=None, at_ms=out.now))
    _next_turn(out)


def _choose_target(out: _Out, command: ChooseTarget, rng: Rng) -> None:
    s = out.state
    card = s.resolving or ""
    out.emit(EffectTargeted(seat=s.active, card=card, effect=card_effect(card), target=command.player, at_ms=out.now))
    _after_effect(out)


def _choose_house_timing(out: _Out, command: ChooseHouseTiming, rng: Rng) -> None:
    s = out.state
    card = s.resolving or ""
    out.emit(HouseTimingChosen(seat=s.active, card=card, timing=command.timing, at_ms=out.now))
    if command.timing is HouseTiming.NOW:
        out.emit(ChoiceRequired(seat=s.active, choice=Choice.HOUSE_NOW, card=card, at_ms=out.now))
    else:
        _target(out, card, s.active)


def _swap_tiles(out: _Out, command: SwapTiles, rng: Rng) -> None:
    out.emit(TilesSwapped(seat=out.state.active, a=command.a, b=command.b, at_ms=out.now))
    _after_effect(out)


_HANDLERS: dict[type, Callable[[_Out, Any, Rng], None]] = {
    PlaceWitch: _place_witch,
    RevealSpell: _reveal,
    FlipUp: _flip_up,
    FlipDown: _flip_down,
    LiftHouse: _lift_house,
    ReplaceHouse: _replace_house,
    MoveLens: _move_lens,
    EndSearch: _end_search,
    StepWitch: _step_witch,
    PlaceHouse: _place_house,
    MoveHouse: _move_house,
    ChooseTarget: _choose_target,
    ChooseHouseTiming: _choose_house_timing,
    SwapTiles: _swap_tiles,
}


# --- automatic commands ----------------------------------------------------------------------
def _begin(out: _Out) -> None:
    s = out.state
    if s.phase is not Phase.START:
        raise IllegalCommand("the game has already begun", "NOT_DUE")
    preview = s.config.preview_ms
    out.emit(GameBegan(preview_until_ms=out.now + preview if preview else None, at_ms=out.now))
    if not preview:
        _start_turn(out, s.first_active)


def _timeout(out: _Out, rng: Rng) -> None:
    s = out.state
    due = s.wake_at_ms()
    if s.phase is Phase.START:
        raise IllegalCommand("the game begins with BeginGame, not a timeout", "NOT_DUE")
    if due is None:
        raise IllegalCommand(f"no deadline is running in phase {_phase_name(s)}", "NOT_DUE")
    if out.now < due:
        raise IllegalCommand(f"not due yet: the deadline falls at {due} ms (now {out.now} ms)", "NOT_DUE")
    match s.phase:
        case Phase.PREVIEW:
            out.emit(PreviewEnded(at_ms=out.now))
            _start_turn(out, s.first_active)
        case Phase.PLACE_WITCH:  # §11.8: a random end
            out.emit(WitchPlaced(seat=s.placer, end=rng.choice(ENDS), auto=True, at_ms=out.now))
            _after_placement(out)
        case Phase.READY:  # §11.8
            _reveal_card(out, rng, auto=True)
        case Phase.RACE:  # R4 (a stalling flyer), or T4 think time
            hand = None
            if not s.config.mode_t and _hands_enforced(s):
                hand = Hand.R if s.last_hand is Hand.L else Hand.L
            if _emit_step(out, hand=hand, auto=True):
                _end_round(out, RoundEnd.WITCH_RETURNED)
        case Phase.CHOOSE:
            choice = s.choice
            assert choice is not None
            out.emit(ChoiceForfeited(seat=s.active, choice=choice, card=s.resolving, auto=True, at_ms=out.now))
            if choice is Choice.HOUSE_START:
                _prepare_turn(out)
            elif choice is Choice.FEARLESS:
                _next_turn(out)
            else:
                _after_effect(out)


def _phase_name(state: State) -> str:
    return state.choice.value if state.phase is Phase.CHOOSE and state.choice else state.phase.value


# --- the flow of a turn ----------------------------------------------------------------------
def _start_turn(out: _Out, active: int) -> None:
    s = out.state
    out.emit(TurnStarted(turn=s.turn + 1, active=active, placer=(active + 1) % s.seats, at_ms=out.now))


def _after_placement(out: _Out) -> None:
    """BY-E0.5 (a): a deferred House first."""
    s = out.state
    house = next((p for p in s.pending_for(s.active) if p.effect is Effect.HOUSE), None)
    if house is not None:
        out.emit(ChoiceRequired(seat=s.active, choice=Choice.HOUSE_START, card=house.card, at_ms=out.now))
    else:
        _prepare_turn(out)


def _prepare_turn(out: _Out) -> None:
    """BY-E0.5 (b) path length, (c) reduce and handicaps."""
    s = out.state
    cards = tuple(p for p in s.pending_for(s.active) if p.effect is not Effect.HOUSE)
    effects = {p.effect for p in cards}
    length = NORMAL_PATH_LENGTH
    length += SHORTEN_DELTA if Effect.SHORTEN in effects else 0
    length += EXTEND_DELTA if Effect.EXTEND in effects else 0
    required = REQUIRED[s.config.levels[s.active]] - (REDUCE_BY if Effect.REDUCE in effects else 0)
    out.emit(
        TurnPrepared(
            seat=s.active,
            activated=tuple(p.card for p in cards),
            path_length=length,
            required=required,
            blind=Effect.BLIND in effects,
            tiny=Effect.TINY in effects,
            at_ms=out.now,
        )
    )


def _reveal_card(out: _Out, rng: Rng, auto: bool) -> None:
    s = out.state
    lens = rng.choice(QUADRANTS) if s.blind and s.config.enforce else None  # §11.5: the first lens is random
    out.emit(SpellRevealed(seat=s.active, card=s.stacks[s.active][0], lens=lens, auto=auto, at_ms=out.now))


def _after_search_action(out: _Out) -> None:
    """Mode T (T3): every `actions_per_step` points spent, the witch advances one step."""
    cfg = out.state.config
    if not cfg.mode_t:
        return
    while out.state.points >= cfg.actions_per_step:
        if _emit_step(out, hand=None, auto=True):
            _end_round(out, RoundEnd.WITCH_RETURNED)
            return


def _emit_step(out: _Out, hand: Hand | None, auto: bool) -> bool:
    """One witch step by the due flyer; True when it brings her back to her start (BY-21)."""
    s = out.state
    step = s.steps + 1
    out.emit(WitchStepped(seat=s.due_flyer(), step=step, cell=s.cell_after(step), hand=hand, auto=auto, at_ms=out.now))
    return step >= s.total_steps()


def _end_round(out: _Out, why: RoundEnd) -> None:
    """BY-22..25 on the board as the last search command left it (§11.4)."""
    s = out.state
    assert s.card is not None
    up = sorted(s.face_up)
    correct = tuple(sorted(s.ingredient(c) for c in up if s.is_correct(c)))
    wrong = tuple(sorted(s.ingredient(c) for c in up if not s.is_correct(c)))
    cast = not wrong and len(correct) >= s.required
    out.emit(
        RoundEnded(
            seat=s.active,
            card=s.card,
            correct=correct,
            wrong=wrong,
            required=s.required,
            cast=cast,
            why=why,
            at_ms=out.now,
        )
    )
    if cast and out.state.casts()[s.active] >= SPELLS_TO_WIN:  # BY-30: no effect
        _finish(out, (s.active,), FinishReason.THIRD_SPELL)
        return
    lifted = s.lifted_from
    back = lifted if lifted is not None and not (lifted in s.face_up and s.is_correct(lifted)) else None
    out.emit(TilesReset(house_returned_to=back, at_ms=out.now))
    if s.turn >= s.config.max_turns:  # BY-31
        casts = out.state.casts()
        _finish(out, tuple(i for i, n in enumerate(casts) if n == max(casts)), FinishReason.TURN_LIMIT)
        return
    if cast:
        _apply_effect(out, s.card)
    else:
        _after_effect(out)


def _finish(out: _Out, winners: tuple[int, ...], reason: FinishReason) -> None:
    out.emit(GameFinished(winners=winners, casts=out.state.casts(), reason=reason, at_ms=out.now))


def _apply_effect(out: _Out, card: str) -> None:
    """BY-23, BY-E0: the cast card's effect."""
    s = out.state
    effect = card_effect(card)
    if s.config.walk:
        _lose(out, card, LossReason.WALK_LEVEL)
    elif effect in SELF_EFFECTS:
        _target(out, card, s.active)
    elif effect in OPPONENT_EFFECTS:
        if s.legal_targets(effect):
            out.emit(ChoiceRequired(seat=s.active, choice=Choice.TARGET, card=card, at_ms=out.now))
        else:
            _lose(out, card, LossReason.NO_TARGET)
    elif effect is Effect.SWAP:
        out.emit(ChoiceRequired(seat=s.active, choice=Choice.SWAP, card=card, at_ms=out.now))
    else:
        out.emit(ChoiceRequired(seat=s.active, choice=Choice.HOUSE_TIMING, card=card, at_ms=out.now))


def _target(out: _Out, card: str, target: int) -> None:
    s = out.state
    if not s.can_target(target, card_effect(card)):  # BY-G10; cannot happen to a fresh self effect
        _lose(out, card, LossReason.NO_TARGET)
        return
    out.emit(EffectTargeted(seat=s.active, card=card, effect=card_effect(card), target=target, at_ms=out.now))
    _after_effect(out)


def _lose(out: _Out, card: str, reason: LossReason) -> None:
    s = out.state
    out.emit(EffectLost(seat=s.active, card=card, effect=card_effect(card), reason=reason, at_ms=out.now))
    _after_effect(out)


def _after_effect(out: _Out) -> None:
    """The rest of BY-25: path restored, applied cards boxed, witch removed; then the fearless move."""
    s = out.state
    out.emit(TurnEnded(seat=s.active, boxed=s.active_cards, at_ms=out.now))
    if s.config.fearless:  # BY-V4.1
        out.emit(ChoiceRequired(seat=s.active, choice=Choice.FEARLESS, card=None, at_ms=out.now))
    else:
        _next_turn(out)


def _next_turn(out: _Out) -> None:
    _start_turn(out, (out.state.active + 1) % out.state.seats)  # BY-05, BY-26


# --- evolve ----------------------------------------------------------------------------------
def evolve(state: State, event: Event) -> State:
    new = _evolve(state, event)
    at = getattr(event, "at_ms", None)
    if at is not None and (new.phase, new.choice) != (state.phase, state.choice):
        new = updated(new, since_ms=at)
    return new


def _evolve(s: State, event: Event) -> State:
    cfg = s.config
    match event:
        case ForestLaid(tiles=tiles):
            ingredients = [""] * 25
            clues = [""] * 25
            for t in tiles:
                ingredients[cell_index(t.cell)] = t.ingredient or ""
                clues[cell_index(t.cell)] = t.clue
            return updated(s, ingredients=tuple(ingredients), clues=tuple(clues))
        case SpellsDealt(stacks=stacks):
            return updated(s, stacks=stacks, cast=((),) * s.seats)
        case FirstPlayerChosen(seat=seat):
            return updated(s, first_active=seat, active=seat, phase=Phase.START)
        case GameBegan(preview_until_ms=until):
            return updated(s, preview_until_ms=until, phase=Phase.PREVIEW if until is not None else Phase.START)
        case PreviewEnded():
            return updated(s, preview_until_ms=None, phase=Phase.CLEANUP)
        case TurnStarted(turn=turn, active=active):
            return updated(s, turn=turn, active=active, phase=Phase.PLACE_WITCH)
        case WitchPlaced(end=end):
            return updated(s, witch_end=end, phase=Phase.CLEANUP)
        case ChoiceRequired(choice=choice, card=card):
            return updated(s, phase=Phase.CHOOSE, choice=choice, resolving=card)
        case HouseMoved(cell=cell, card=card):
            at_start = s.choice is Choice.HOUSE_START
            s = updated(s, house=cell, house_holder=None, phase=Phase.CLEANUP, choice=None, resolving=None)
            if card is None:
                return s
            return _activate(s, (card,)) if at_start else updated(s, used=(*s.used, card))
        case TurnPrepared(activated=activated, path_length=length, required=required, blind=blind, tiny=tiny):
            s = _activate(s, activated)
            return updated(s, path_length=length, required=required, blind=blind, tiny=tiny, phase=Phase.READY)
        case SpellRevealed(seat=seat, card=card, lens=lens, at_ms=at):
            stacks = replaced(s.stacks, seat, s.stacks[seat][1:])
            return updated(
                s,
                stacks=stacks,
                card=card,
                lens=lens,
                phase=Phase.RACE,
                steps=0,
                points=0,
                race_start_ms=at,
                last_step_ms=at,
                last_search_ms=at,
                last_activity_ms=at,
            )
        case TileFlippedUp(cell=cell, correct=correct, at_ms=at):
            s = updated(
                s,
                face_up=s.face_up | {cell},
                must_flip=None if cell == s.must_flip else s.must_flip,
                lifted_wrong=s.lifted_wrong or (cell == s.lifted_from and not correct),
            )
            return _searched(s, at)
        case TileFlippedDown(cell=cell, at_ms=at):
            return _searched(updated(s, face_up=s.face_up - {cell}), at)
        case HouseLifted(seat=seat, cell=cell, at_ms=at):
            s = updated(s, house=None, house_holder=seat, lifted_from=cell, lifted_wrong=False, must_flip=cell)
            return _searched(s, at)
        case HouseReplaced(cell=cell, at_ms=at):
            s = updated(s, house=cell, house_holder=None, lifted_from=None, lifted_wrong=False, must_flip=None)
            return _searched(s, at)
        case LensMoved(quadrant=quadrant, at_ms=at):
            return _searched(updated(s, lens=quadrant), at)
        case WitchStepped(step=step, hand=hand, at_ms=at):
            points = max(0, s.points - cfg.actions_per_step) if cfg.mode_t else 0
            return updated(
                s,
                steps=step,
                points=points,
                last_step_ms=at,
                last_activity_ms=at,
                last_hand=hand if hand is not None else s.last_hand,
            )
        case SearchEnded():
            return s
        case RoundEnded(seat=seat, card=card, correct=correct, wrong=wrong, required=required, cast=cast):
            result = RoundResult(seat=seat, card=card, correct=correct, wrong=wrong, required=required, cast=cast)
            if cast:
                s = updated(s, cast=replaced(s.cast, seat, (*s.cast[seat], card)))
            else:  # BY-24: back to the bottom of the stack
                s = updated(s, stacks=replaced(s.stacks, seat, (*s.stacks[seat], card)))
            return updated(s, last_round=result, lens=None, phase=Phase.CLEANUP)  # the Keyhole lasts one race
        case TilesReset(house_returned_to=back):
            s = updated(s, face_up=frozenset(), lifted_from=None, lifted_wrong=False, must_flip=None)
            return updated(s, house=back, house_holder=None) if back is not None else s
        case EffectTargeted(seat=seat, card=card, effect=effect, target=target):
            pending = (*s.pending, Pending(card=card, effect=effect, target=target, caster=seat))
            return updated(s, pending=pending, resolving=None, choice=None, phase=Phase.CLEANUP)
        case EffectLost(card=card):
            return updated(s, used=(*s.used, card), resolving=None, choice=None, phase=Phase.CLEANUP)
        case HouseTimingChosen():
            return updated(s, choice=None, phase=Phase.CLEANUP)
        case TilesSwapped(a=a, b=b):
            ia, ib = cell_index(a), cell_index(b)
            ingredients, clues = list(s.ingredients), list(s.clues)
            ingredients[ia], ingredients[ib] = ingredients[ib], ingredients[ia]
            clues[ia], clues[ib] = clues[ib], clues[ia]
            house = b if s.house == a else a if s.house == b else s.house  # BY-G12
            used = (*s.used, s.resolving) if s.resolving is not None else s.used
            return updated(
                s,
                ingredients=tuple(ingredients),
                clues=tuple(clues),
                house=house,
                used=used,
                resolving=None,
                choice=None,
                phase=Phase.CLEANUP,
            )
        case ChoiceForfeited(choice=choice, card=card):
            s = updated(s, choice=None, resolving=None, phase=Phase.CLEANUP)
            if choice is Choice.HOUSE_START and card is not None:
                return _activate(s, (card,))
            if choice in RESOLVING_CHOICES and card is not None:
                return updated(s, used=(*s.used, card))
            return s
        case TurnEnded(boxed=boxed):
            return updated(
                s,
                used=(*s.used, *boxed),
                active_cards=(),
                phase=Phase.CLEANUP,
                witch_end=None,
                path_length=NORMAL_PATH_LENGTH,
                steps=0,
                required=REQUIRED[cfg.levels[s.active]],
                blind=False,
                tiny=False,
                lens=None,
                card=None,
                points=0,
                last_hand=None,
            )
        case GameFinished(winners=winners, reason=reason):
            return updated(s, winners=winners, finish_reason=reason, phase=Phase.FINISHED, choice=None)
    raise TypeError(f"not a Baba Yaga event: {event!r}")


def _searched(s: State, at: int) -> State:
    """A search action: the rate-limit clock (Mode R) or the points (Mode T) move on."""
    points = s.points + s.search_cost() if s.config.mode_t else s.points
    return updated(s, points=points, last_search_ms=at, last_activity_ms=at)


def _activate(s: State, cards: tuple[str, ...]) -> State:
    """Cards in front of the active player start to apply: they leave `pending` for `active_cards`."""
    return updated(
        s,
        pending=tuple(p for p in s.pending if p.card not in cards),
        active_cards=(*s.active_cards, *cards),
    )


# --- legal commands --------------------------------------------------------------------------
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
    return [c for c in candidates(state, seat) if _accepts(state, seat, c)]


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
