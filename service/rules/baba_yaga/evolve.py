"""evolve: one small function per event; never fails, never draws randomness."""

from __future__ import annotations

from service.rules.baba_yaga.data import (
    NORMAL_PATH_LENGTH,
    REQUIRED,
)
from service.rules.baba_yaga.messages import (
    Event,
    FirstPlayerChosen,
    ForestLaid,
    GameBegan,
    GameFinished,
    HouseLifted,
    HouseReplaced,
    LensMoved,
    PreviewEnded,
    RoundEnded,
    SearchEnded,
    SpellRevealed,
    SpellsDealt,
    TileFlippedDown,
    TileFlippedUp,
    TilesReset,
    TurnEnded,
    TurnPrepared,
    TurnStarted,
    WitchPlaced,
    WitchStepped,
)
from service.rules.baba_yaga.messages_effects import (
    Choice,
    ChoiceForfeited,
    ChoiceRequired,
    EffectLost,
    EffectTargeted,
    HouseMoved,
    HouseTimingChosen,
    TilesSwapped,
)
from service.rules.baba_yaga.state import (
    Pending,
    Phase,
    RoundResult,
    State,
    cell_index,
    updated,
)
from service.rules.core import replaced
from service.rules.kit import Evolvers

# The choices that resolve the card just cast (its card goes to the box when they are made).
RESOLVING_CHOICES = frozenset({Choice.TARGET, Choice.HOUSE_TIMING, Choice.HOUSE_NOW, Choice.SWAP})

EVOLVERS: Evolvers[State, Event] = Evolvers("Baba Yaga")


def evolve(state: State, event: Event) -> State:
    """The state after `event`; a change of phase or choice restarts its clock (`since_ms`) at the event's time."""
    new = EVOLVERS.evolve(state, event)
    at = getattr(event, "at_ms", None)
    if at is not None and (new.phase, new.choice) != (state.phase, state.choice):
        new = updated(new, since_ms=at)
    return new


@EVOLVERS.on(ForestLaid)
def _forest_laid(s: State, event: ForestLaid) -> State:
    tiles = event.tiles
    ingredients = [""] * 25
    clues = [""] * 25
    for t in tiles:
        ingredients[cell_index(t.cell)] = t.ingredient or ""
        clues[cell_index(t.cell)] = t.clue
    return updated(s, ingredients=tuple(ingredients), clues=tuple(clues))


@EVOLVERS.on(SpellsDealt)
def _spells_dealt(s: State, event: SpellsDealt) -> State:
    stacks = event.stacks
    return updated(s, stacks=stacks, cast=((),) * s.seats)


@EVOLVERS.on(FirstPlayerChosen)
def _first_player_chosen(s: State, event: FirstPlayerChosen) -> State:
    seat = event.seat
    return updated(s, first_active=seat, active=seat, phase=Phase.START)


@EVOLVERS.on(GameBegan)
def _game_began(s: State, event: GameBegan) -> State:
    until = event.preview_until_ms
    shown = frozenset(c for c in s.clues if c) if until is not None else s.revealed_clues  # BY-S5
    phase = Phase.PREVIEW if until is not None else Phase.START
    return updated(s, preview_until_ms=until, phase=phase, revealed_clues=shown)


@EVOLVERS.on(PreviewEnded)
def _preview_ended(s: State, event: PreviewEnded) -> State:
    return updated(s, preview_until_ms=None, phase=Phase.CLEANUP)


@EVOLVERS.on(TurnStarted)
def _turn_started(s: State, event: TurnStarted) -> State:
    turn = event.turn
    active = event.active
    return updated(s, turn=turn, active=active, phase=Phase.PLACE_WITCH)


@EVOLVERS.on(WitchPlaced)
def _witch_placed(s: State, event: WitchPlaced) -> State:
    end = event.end
    return updated(s, witch_end=end, phase=Phase.CLEANUP)


@EVOLVERS.on(ChoiceRequired)
def _choice_required(s: State, event: ChoiceRequired) -> State:
    choice = event.choice
    card = event.card
    return updated(s, phase=Phase.CHOOSE, choice=choice, resolving=card)


@EVOLVERS.on(HouseMoved)
def _house_moved(s: State, event: HouseMoved) -> State:
    cell = event.cell
    card = event.card
    at_start = s.choice is Choice.HOUSE_START
    s = updated(s, house=cell, house_holder=None, phase=Phase.CLEANUP, choice=None, resolving=None)
    if card is None:
        return s
    return _activate(s, (card,)) if at_start else updated(s, used=(*s.used, card))


@EVOLVERS.on(TurnPrepared)
def _turn_prepared(s: State, event: TurnPrepared) -> State:
    activated = event.activated
    length = event.path_length
    required = event.required
    blind = event.blind
    tiny = event.tiny
    s = _activate(s, activated)
    return updated(s, path_length=length, required=required, blind=blind, tiny=tiny, phase=Phase.READY)


@EVOLVERS.on(SpellRevealed)
def _spell_revealed(s: State, event: SpellRevealed) -> State:
    seat = event.seat
    card = event.card
    lens = event.lens
    at = event.at_ms
    stacks = replaced(s.stacks, seat, s.stacks[seat][1:])
    return updated(
        s,
        stacks=stacks,
        card=card,
        revealed_cards=s.revealed_cards | {card},
        lens=lens,
        phase=Phase.RACE,
        steps=0,
        points=0,
        race_start_ms=at,
        last_step_ms=at,
        last_search_ms=at,
        last_activity_ms=at,
    )


@EVOLVERS.on(TileFlippedUp)
def _tile_flipped_up(s: State, event: TileFlippedUp) -> State:
    cell = event.cell
    correct = event.correct
    at = event.at_ms
    s = updated(
        s,
        face_up=s.face_up | {cell},
        revealed_clues=s.revealed_clues | {s.clue(cell)},
        must_flip=None if cell == s.must_flip else s.must_flip,
        lifted_wrong=s.lifted_wrong or (cell == s.lifted_from and not correct),
    )
    return _searched(s, at)


@EVOLVERS.on(TileFlippedDown)
def _tile_flipped_down(s: State, event: TileFlippedDown) -> State:
    cell = event.cell
    at = event.at_ms
    return _searched(updated(s, face_up=s.face_up - {cell}), at)


@EVOLVERS.on(HouseLifted)
def _house_lifted(s: State, event: HouseLifted) -> State:
    seat = event.seat
    cell = event.cell
    at = event.at_ms
    s = updated(s, house=None, house_holder=seat, lifted_from=cell, lifted_wrong=False, must_flip=cell)
    return _searched(s, at)


@EVOLVERS.on(HouseReplaced)
def _house_replaced(s: State, event: HouseReplaced) -> State:
    cell = event.cell
    at = event.at_ms
    s = updated(s, house=cell, house_holder=None, lifted_from=None, lifted_wrong=False, must_flip=None)
    return _searched(s, at)


@EVOLVERS.on(LensMoved)
def _lens_moved(s: State, event: LensMoved) -> State:
    quadrant = event.quadrant
    at = event.at_ms
    return _searched(updated(s, lens=quadrant), at)


@EVOLVERS.on(WitchStepped)
def _witch_stepped(s: State, event: WitchStepped) -> State:
    cfg = s.config
    step = event.step
    hand = event.hand
    at = event.at_ms
    points = max(0, s.points - cfg.actions_per_step) if cfg.mode_t else 0
    return updated(
        s,
        steps=step,
        points=points,
        last_step_ms=at,
        last_activity_ms=at,
        last_hand=hand if hand is not None else s.last_hand,
    )


@EVOLVERS.on(SearchEnded)
def _search_ended(s: State, event: SearchEnded) -> State:
    return s


@EVOLVERS.on(RoundEnded)
def _round_ended(s: State, event: RoundEnded) -> State:
    seat = event.seat
    card = event.card
    correct = event.correct
    wrong = event.wrong
    required = event.required
    cast = event.cast
    result = RoundResult(seat=seat, card=card, correct=correct, wrong=wrong, required=required, cast=cast)
    if cast:
        s = updated(s, cast=replaced(s.cast, seat, (*s.cast[seat], card)))
    else:  # BY-24: back to the bottom of the stack
        s = updated(s, stacks=replaced(s.stacks, seat, (*s.stacks[seat], card)))
    return updated(s, last_round=result, lens=None, phase=Phase.CLEANUP)  # the Keyhole lasts one race


@EVOLVERS.on(TilesReset)
def _tiles_reset(s: State, event: TilesReset) -> State:
    back = event.house_returned_to
    s = updated(s, face_up=frozenset(), lifted_from=None, lifted_wrong=False, must_flip=None)
    return updated(s, house=back, house_holder=None) if back is not None else s


@EVOLVERS.on(EffectTargeted)
def _effect_targeted(s: State, event: EffectTargeted) -> State:
    seat = event.seat
    card = event.card
    effect = event.effect
    target = event.target
    pending = (*s.pending, Pending(card=card, effect=effect, target=target, caster=seat))
    return updated(s, pending=pending, resolving=None, choice=None, phase=Phase.CLEANUP)


@EVOLVERS.on(EffectLost)
def _effect_lost(s: State, event: EffectLost) -> State:
    card = event.card
    return updated(s, used=(*s.used, card), resolving=None, choice=None, phase=Phase.CLEANUP)


@EVOLVERS.on(HouseTimingChosen)
def _house_timing_chosen(s: State, event: HouseTimingChosen) -> State:
    return updated(s, choice=None, phase=Phase.CLEANUP)


@EVOLVERS.on(TilesSwapped)
def _tiles_swapped(s: State, event: TilesSwapped) -> State:
    a = event.a
    b = event.b
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


@EVOLVERS.on(ChoiceForfeited)
def _choice_forfeited(s: State, event: ChoiceForfeited) -> State:
    choice = event.choice
    card = event.card
    s = updated(s, choice=None, resolving=None, phase=Phase.CLEANUP)
    if choice is Choice.HOUSE_START and card is not None:
        return _activate(s, (card,))
    if choice in RESOLVING_CHOICES and card is not None:
        return updated(s, used=(*s.used, card))
    return s


@EVOLVERS.on(TurnEnded)
def _turn_ended(s: State, event: TurnEnded) -> State:
    cfg = s.config
    boxed = event.boxed
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


@EVOLVERS.on(GameFinished)
def _game_finished(s: State, event: GameFinished) -> State:
    winners = event.winners
    reason = event.reason
    return updated(s, winners=winners, finish_reason=reason, phase=Phase.FINISHED, choice=None)


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
