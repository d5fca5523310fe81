"""Per-seat views and event redaction, as allow-lists (spec §12).

Public: the board (clues of face-down tiles, ingredients of face-up ones), the
witch, the House, the revealed card, pending and cast cards, stack sizes.
Nobody: the spell stacks (owner included) and the cards left in the box; the
ingredient of a face-down tile (except during the English-edition preview).
The E-BLIND target's own view during his race shows tile details only inside
his lens quadrant (Keyhole, §11.5). At the end every stack and tile is shown.
"""

from __future__ import annotations

from collections.abc import Callable

from service.rules.baba_yaga.data import EFFECT_NAMES, EFFECT_RULES, FOREST_CELLS, Cell, HouseTiming
from service.rules.baba_yaga.messages import (
    BeginGame,
    Command,
    EndSearch,
    Event,
    FirstPlayerChosen,
    FlipDown,
    FlipUp,
    ForestLaid,
    ForestTile,
    GameBegan,
    GameFinished,
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
    RoundEnded,
    SearchEnded,
    SpellRevealed,
    SpellsDealt,
    StepWitch,
    TileFlippedDown,
    TileFlippedUp,
    TilesReset,
    Timeout,
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
    ChooseHouseTiming,
    ChooseTarget,
    EffectLost,
    EffectTargeted,
    HouseMoved,
    HouseTimingChosen,
    MoveHouse,
    SwapTiles,
    TilesSwapped,
)
from service.rules.baba_yaga.scoring import phase_name, to_act
from service.rules.baba_yaga.state import Pending, Phase, State, card_effect, card_ingredients
from service.rules.baba_yaga.view_types import (
    BoardTile,
    House,
    LastRound,
    PendingCard,
    PendingChoice,
    Race,
    SpellCard,
    UnseenTile,
    View,
    Witch,
)
from service.rules.kit import Visibility


def view(state: State, seat: int | None) -> View:
    cfg = state.config
    keyhole = seat is not None and seat == state.active and state.phase is Phase.RACE and state.lens is not None
    reveal_all = state.phase in (Phase.PREVIEW, Phase.FINISHED)
    started = state.phase not in (Phase.SETUP, Phase.START, Phase.PREVIEW)

    def sees(cell: Cell) -> bool:
        return not keyhole or state.in_sight(cell)

    out: View = {
        "seat": seat,
        "mode": "T" if cfg.mode_t else "R",
        "levels": [level.value for level in cfg.levels],
        "fearless": cfg.fearless,
        "handicap_mode": "enforce" if cfg.enforce else "record",
        "max_turns": cfg.max_turns,
        "phase": phase_name(state),
        "to_act": list(to_act(state)),
        "wake_at_ms": None if state.phase is Phase.FINISHED else state.wake_at_ms(),
        "preview_until_ms": state.preview_until_ms,
        "turn": state.turn,
        "active": state.active if started else None,
        "placer": state.placer if started else None,
        "flyers": list(state.flyers()) if started else [],
        # Before setup (a game at version 1, through time travel) nothing is laid out yet.
        "forest": [_tile(state, cell, reveal_all, sees(cell)) for cell in FOREST_CELLS] if state.clues else [],
        "house": _house(state, sees),
        "witch": _witch(state),
        "card": _card(state.card) if state.card is not None else None,
        "required": state.required if started else None,
        "applying": [_card(c) for c in state.active_cards],
        "keyhole": {"lens": state.lens.value} if state.lens is not None else None,
        "slow_hand": state.tiny,
        "stack_sizes": [len(s) for s in state.stacks],
        "casts": list(state.casts()) if state.cast else [0] * state.seats,
        "cast_cards": [list(c) for c in state.cast],
        "pending": [_pending(p) for p in state.pending],
        "race": _race(state, sees) if state.phase is Phase.RACE else None,
        "choice": _choice(state) if state.phase is Phase.CHOOSE else None,
        "last_round": _last_round(state),
        "winners": None if state.winners is None else list(state.winners),
        "finish_reason": None if state.finish_reason is None else state.finish_reason.value,
    }
    if state.phase is Phase.FINISHED:  # everything revealed at the end
        out["stacks"] = [list(s) for s in state.stacks]
    return out


def _tile(state: State, cell: Cell, reveal_all: bool, in_sight: bool) -> BoardTile | UnseenTile:
    if not in_sight:
        return {"cell": list(cell), "in_sight": False}
    covered = cell == state.house
    up = cell in state.face_up
    return {
        "cell": list(cell),
        "in_sight": True,
        "house": covered,
        "clue": None if covered else state.clue(cell),
        "face_up": up,
        "ingredient": state.ingredient(cell) if up or reveal_all else None,
    }


def _house(state: State, sees: Callable[[Cell], bool]) -> House:
    if state.house is not None:
        if not sees(state.house):
            return {"where": "board", "cell": None, "holder": None}
        return {"where": "board", "cell": list(state.house), "holder": None}
    if state.house_holder is not None:
        return {"where": "player", "cell": None, "holder": state.house_holder}
    return {"where": "aside", "cell": None, "holder": None}


def _witch(state: State) -> Witch | None:
    if state.witch_end is None:
        return None
    cell = state.witch_cell()
    return {
        "end": state.witch_end.value,
        "path": [list(c) for c in state.path()],
        "path_length": state.path_length,
        "cell": list(cell) if cell is not None else None,
        "steps": state.steps,
        "total_steps": state.total_steps(),
    }


def _card(card: str) -> SpellCard:
    effect = card_effect(card)
    return {
        "card": card,
        "ingredients": list(card_ingredients(card)),
        "effect": effect.value,
        "effect_name": EFFECT_NAMES[effect],
        "effect_rule": EFFECT_RULES[effect],
    }


def _pending(p: Pending) -> PendingCard:
    return {**_card(p.card), "target": p.target, "caster": p.caster}


def _race(state: State, sees: Callable[[Cell], bool]) -> Race:
    cfg = state.config
    blocked = state.blocked_by()
    race: Race = {
        "due_flyer": state.due_flyer(),
        "blocked": blocked is not None,
        "blocked_cell": list(blocked) if blocked is not None and sees(blocked) else None,
        "must_flip": list(state.must_flip) if state.must_flip is not None and sees(state.must_flip) else None,
        "last_hand": state.last_hand.value if state.last_hand is not None else None,
    }
    if cfg.mode_t:
        race["budget_left"] = state.budget_left()
        race["cost_per_action"] = state.search_cost()
        race["actions_per_step"] = cfg.actions_per_step
    else:
        race["next_step_at_ms"] = state.step_eligible_at_ms()
        race["next_search_at_ms"] = state.next_search_at_ms()
    return race


def _choice(state: State) -> PendingChoice:
    choice = state.choice
    out: PendingChoice = {"kind": choice.value if choice else None, "card": state.resolving}
    if choice is Choice.TARGET and state.resolving is not None:
        out["targets"] = list(state.legal_targets(card_effect(state.resolving)))
    if choice is Choice.HOUSE_TIMING:
        out["timings"] = [t.value for t in HouseTiming]
    return out


def _last_round(state: State) -> LastRound | None:
    r = state.last_round
    if r is None:
        return None
    return {
        "seat": r.seat,
        "card": r.card if r.cast else None,  # §12: a failed card under the stack is counted, not named
        "correct": list(r.correct),
        "wrong": list(r.wrong),
        "required": r.required,
        "cast": r.cast,
    }


def _forest_as_seen(event: ForestLaid, seat: int | None) -> ForestLaid:
    """Every tile's clue, no ingredient: the layout is memory to be won by flipping, for everyone (§12)."""
    return ForestLaid(tiles=tuple(ForestTile(cell=t.cell, clue=t.clue, ingredient=None) for t in event.tiles))


def _deal_as_seen(event: SpellsDealt, seat: int | None) -> SpellsDealt:
    """The stack sizes only: nobody sees a stack, its owner included (BY-S3)."""
    return SpellsDealt(stacks=tuple(() for _ in event.counts), counts=event.counts)


VISIBILITY: Visibility[Event] = Visibility("Baba Yaga")
VISIBILITY.per_viewer(ForestLaid, _forest_as_seen)
VISIBILITY.per_viewer(SpellsDealt, _deal_as_seen)
VISIBILITY.public(
    FirstPlayerChosen,
    GameBegan,
    PreviewEnded,
    TurnStarted,
    WitchPlaced,
    ChoiceRequired,
    HouseMoved,
    TurnPrepared,
    SpellRevealed,  # BY-11: the revealed card is face up for everyone
    TileFlippedUp,  # R6: a flip's result is visible to all
    TileFlippedDown,
    HouseLifted,
    HouseReplaced,
    LensMoved,
    WitchStepped,
    SearchEnded,
    RoundEnded,  # a failed card's identity was public when it was revealed (§12)
    TilesReset,
    EffectTargeted,
    EffectLost,
    HouseTimingChosen,
    TilesSwapped,
    ChoiceForfeited,
    TurnEnded,
    GameFinished,
)

# Take-backs (service/ledger/takebacks.py): the events a take-back may go back over, because they show nothing
# that was hidden from any seat: the witch, the flyers' steps, a tile turned back down, the House put back on a
# tile, the check of a round (its ingredients lie face up), the effects' choices and the swap of face-down tiles.
# (A rules timer runs in most of Mode R and wherever a timeout is set: takebacks.py never goes back into it.)
# Left out:
# - ForestLaid, SpellsDealt, FirstPlayerChosen: the layout and the deal are secret, all drawn at random
#   (BY-S1, BY-S3, BY-S4);
# - GameBegan: it opens the English-edition preview, which shows every ingredient (BY-S5);
# - SpellRevealed: the top card of a stack nobody has seen is turned over (BY-S3, BY-11); a lens drawn at random;
# - TileFlippedUp: a face-down ingredient is turned up (BY-12, §12);
# - HouseLifted, HouseMoved: the House leaves a tile and shows the clue it covered (BY-16, BY-E7, §12);
# - LensMoved: the Keyhole shows its target tiles that were out of his sight (§11.5);
# - GameFinished: every stack and every ingredient is revealed at the end (BY-30, BY-31).
TAKEBACK_SAFE: frozenset[str] = frozenset(
    cls.__name__
    for cls in (
        PreviewEnded,
        TurnStarted,
        WitchPlaced,
        ChoiceRequired,
        TurnPrepared,
        TileFlippedDown,
        HouseReplaced,
        WitchStepped,
        SearchEnded,
        RoundEnded,
        TilesReset,
        EffectTargeted,
        EffectLost,
        HouseTimingChosen,
        TilesSwapped,
        ChoiceForfeited,
        TurnEnded,
    )
)


def redact(event: Event, seat: int | None) -> Event | None:
    """The event as `seat` may see it (an event type nobody declared is shown to nobody)."""
    return VISIBILITY.redact(event, seat)


def _cell(cell: Cell) -> str:
    return f"{'ABCDE'[cell[0]] if 0 <= cell[0] < 5 else '?'}{cell[1] + 1}"


def label(command: Command) -> str:
    """What a player reads on the button: 'turn over B4', 'place the witch at the N end'."""
    match command:
        case PlaceWitch(end=end):
            return f"place the witch at the {end.value} end"
        case RevealSpell():
            return "reveal your spell card (the race starts)"
        case FlipUp(cell=cell):
            return f"turn over {_cell(cell)}"
        case FlipDown(cell=cell):
            return f"turn back {_cell(cell)}"
        case LiftHouse():
            return "lift the House"
        case ReplaceHouse():
            return "put the House back"
        case MoveLens(quadrant=quadrant):
            return f"move the keyhole lens to {quadrant.value}"
        case EndSearch():
            return "end the search"
        case StepWitch(hand=hand):
            return "step the witch" + (f" with the {hand.value} hand" if hand is not None else "")
        case PlaceHouse(cell=cell):
            return f"put the House on {_cell(cell)}"
        case MoveHouse(cell=cell):
            return f"move the House to {_cell(cell)}"
        case ChooseTarget(player=player):
            return f"target seat {player}"
        case ChooseHouseTiming(timing=timing):
            return "move the House now" if timing is HouseTiming.NOW else "move the House at your next turn"
        case SwapTiles(a=a, b=b):
            return f"swap {_cell(a)} and {_cell(b)}"
        case BeginGame():
            return "begin the game"
        case Timeout():
            return "the deadline has passed"
    return type(command).__name__
