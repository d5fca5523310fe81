"""Per-seat views and event redaction, as allow-lists (spec §12).

Public: the board (clues of face-down tiles, ingredients of face-up ones), the
witch, the House, the revealed card, pending and cast cards, stack sizes.
Nobody: the spell stacks (owner included) and the cards left in the box; the
ingredient of a face-down tile (except during the English-edition preview).
The E-BLIND target's own view during his race shows tile details only inside
his lens quadrant (Keyhole, §11.5). At the end every stack and tile is shown.
"""

from __future__ import annotations

from typing import Any

from service.rules.baba_yaga.data import EFFECT_NAMES, EFFECT_RULES, FOREST_CELLS, Cell, HouseTiming
from service.rules.baba_yaga.messages import Choice, Event, ForestLaid, ForestTile, SpellsDealt
from service.rules.baba_yaga.scoring import phase_name, to_act
from service.rules.baba_yaga.state import Phase, State, card_effect, card_ingredients


def view(state: State, seat: int | None) -> dict[str, Any]:
    cfg = state.config
    keyhole = seat is not None and seat == state.active and state.phase is Phase.RACE and state.lens is not None
    reveal_all = state.phase in (Phase.PREVIEW, Phase.FINISHED)
    started = state.phase not in (Phase.SETUP, Phase.START, Phase.PREVIEW)

    def sees(cell: Cell) -> bool:
        return not keyhole or state.in_sight(cell)

    out: dict[str, Any] = {
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
        "forest": [_tile(state, cell, reveal_all, sees(cell)) for cell in FOREST_CELLS],
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
        "pending": [{**_card(p.card), "target": p.target, "caster": p.caster} for p in state.pending],
        "race": _race(state, sees) if state.phase is Phase.RACE else None,
        "choice": _choice(state) if state.phase is Phase.CHOOSE else None,
        "last_round": _last_round(state),
        "winners": None if state.winners is None else list(state.winners),
        "finish_reason": None if state.finish_reason is None else state.finish_reason.value,
    }
    if state.phase is Phase.FINISHED:  # everything revealed at the end
        out["stacks"] = [list(s) for s in state.stacks]
    return out


def _tile(state: State, cell: Cell, reveal_all: bool, in_sight: bool) -> dict[str, Any]:
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


def _house(state: State, sees: Any) -> dict[str, Any]:
    if state.house is not None:
        if not sees(state.house):
            return {"where": "board", "cell": None, "holder": None}
        return {"where": "board", "cell": list(state.house), "holder": None}
    if state.house_holder is not None:
        return {"where": "player", "cell": None, "holder": state.house_holder}
    return {"where": "aside", "cell": None, "holder": None}


def _witch(state: State) -> dict[str, Any] | None:
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


def _card(card: str) -> dict[str, Any]:
    effect = card_effect(card)
    return {
        "card": card,
        "ingredients": list(card_ingredients(card)),
        "effect": effect.value,
        "effect_name": EFFECT_NAMES[effect],
        "effect_rule": EFFECT_RULES[effect],
    }


def _race(state: State, sees: Any) -> dict[str, Any]:
    cfg = state.config
    blocked = state.blocked_by()
    race: dict[str, Any] = {
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


def _choice(state: State) -> dict[str, Any]:
    choice = state.choice
    out: dict[str, Any] = {"kind": choice.value if choice else None, "card": state.resolving}
    if choice is Choice.TARGET and state.resolving is not None:
        out["targets"] = list(state.legal_targets(card_effect(state.resolving)))
    if choice is Choice.HOUSE_TIMING:
        out["timings"] = [t.value for t in HouseTiming]
    return out


def _last_round(state: State) -> dict[str, Any] | None:
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


def redact(event: Event, seat: int | None) -> Event:
    """The event as `seat` may see it: tile ingredients and spell stacks are hidden from everyone."""
    match event:
        case ForestLaid(tiles=tiles):
            return ForestLaid(tiles=tuple(ForestTile(cell=t.cell, clue=t.clue, ingredient=None) for t in tiles))
        case SpellsDealt(counts=counts):
            return SpellsDealt(stacks=tuple(() for _ in counts), counts=counts)
    return event
