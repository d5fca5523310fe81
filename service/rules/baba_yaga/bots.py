"""What Baba Yaga gives its bots (service/bots): a redraw of what a seat cannot know, and a position's worth.

A seat's information is its view plus the public record, remembered perfectly: every flip is public
and tiles move only by public swaps, so the ingredient under every clue that was ever shown face up
is known to all (spec §12: memory, not a secret); every spell card turned over is known too, also
when it failed and went back under its stack. The state keeps that memory (`revealed_clues`,
`revealed_cards`, rebuilt by evolve from public events only) and no view carries it.

`resample` keeps all of that and redraws the rest: the ingredients of the Forest tiles whose clue was
never shown face up, among those tiles; and the spell cards nobody has seen, among the unseen slots of
every stack (the owner's included: nobody sees a stack, BY-S3) and the box. Pools are sorted before
shuffling, so two states that look the same to the seat give the same redraws.

`evaluate` is the rules' own result (the cast spells, BY-30) plus the progress of a race: the correct
ingredients face up against those required, the ones known and still face down, a wrong tile face up
(BY-14), and the cards lying in front of each seat (BY-E0).
"""

from __future__ import annotations

import math

from service.rules.baba_yaga.data import FOREST_CELLS, SPELL_IDS, SPELLS_TO_WIN, Effect
from service.rules.baba_yaga.state import Phase, State, card_ingredients, cell_index, updated
from service.rules.core import Rng

SPREAD = 1.2  # spells of lead over the best other seat that make a position look nearly won
FOUND_WORTH = 0.6  # a spell's worth of correct ingredients face up, not cast yet
KNOWN_WORTH = 0.1  # ... and of correct ingredients known and face down
BLOCKED_COST = 0.02  # a wrong tile face up: one action lost turning it back (small: searching must pay)
EFFECT_WORTH: dict[Effect, float] = {  # a card lying in front of a seat, for its next active turn
    Effect.REDUCE: 0.15,
    Effect.EXTEND: 0.1,
    Effect.BLIND: -0.1,
    Effect.TINY: -0.1,
    Effect.SHORTEN: -0.1,
}


def resample(state: State, seat: int, rng: Rng) -> State:
    if state.phase in (Phase.SETUP, Phase.FINISHED, Phase.PREVIEW) or not state.ingredients:
        return state
    unknown = [c for c in FOREST_CELLS if c not in state.face_up and state.clue(c) not in state.revealed_clues]
    ingredients = list(state.ingredients)
    pool = rng.shuffled(sorted(ingredients[cell_index(c)] for c in unknown))
    for cell, ingredient in zip(unknown, pool, strict=True):
        ingredients[cell_index(cell)] = ingredient
    unseen = rng.shuffled(sorted(c for c in SPELL_IDS if c not in state.revealed_cards))  # stacks and the box
    drawn = iter(unseen)
    stacks = tuple(tuple(c if c in state.revealed_cards else next(drawn) for c in stack) for stack in state.stacks)
    return updated(state, ingredients=tuple(ingredients), stacks=stacks)


def evaluate(state: State, seat: int) -> float:
    """How good the position looks for `seat`, in [0, 1]: its worth against the best other seat's."""
    if state.phase is Phase.FINISHED:
        winners = state.winners or ()
        if not winners:
            return 1.0 / state.seats  # a draw (the turn limit, rules version 2)
        return 1.0 / len(winners) if seat in winners else 0.0
    if not state.cast:
        return 0.5
    worth = [float(n) for n in state.casts()]
    for p in state.pending:
        worth[p.target] += EFFECT_WORTH.get(p.effect, 0.0)
    if state.phase is Phase.RACE and state.card is not None:
        worth[state.active] += _race_progress(state)
    mine = worth[seat]
    if mine >= SPELLS_TO_WIN:
        return 1.0
    best_other = max(w for s, w in enumerate(worth) if s != seat)
    return 0.5 + 0.5 * math.tanh((mine - best_other) / SPREAD)


def _race_progress(state: State) -> float:
    """The searcher's progress towards casting this round's card (a share of a spell)."""
    needed = max(1, state.required)
    correct = sum(1 for c in state.face_up if state.is_correct(c))
    wanted = set(card_ingredients(state.card or ""))
    known = sum(
        1
        for c in FOREST_CELLS
        if c not in state.face_up and state.clue(c) in state.revealed_clues and state.ingredient(c) in wanted
    )
    found = min(correct, needed)
    progress = FOUND_WORTH * found / needed + KNOWN_WORTH * min(known, needed - found) / needed
    if state.blocked_by() is not None:
        progress -= BLOCKED_COST
    return progress


def ready_at_ms(state: State, seat: int) -> int | None:
    """Mode R: the server time from which the seat's paced commands are accepted (R1, R3, R5), else None.

    The server's bots wait until then instead of asking early: a search action asked too soon is refused
    TOO_SOON, and a bot that weighed only what is accepted that instant would end its search at once."""
    if state.phase is not Phase.RACE or state.config.mode_t:
        return None
    if seat == state.active:
        return state.next_search_at_ms()
    if seat == state.due_flyer():
        return state.step_eligible_at_ms()
    return None


def pace_kind(state: State, seat: int) -> str:
    """What a person would be doing in `seat` now, for the bots' pace: searching, flying the witch, or deciding."""
    if state.phase is Phase.RACE and not state.config.mode_t:
        if seat == state.active:
            return "search"
        if seat == state.due_flyer():
            return "step"
    return "move"


def realtime(options: dict[str, object]) -> bool:
    """Mode R is played against the clock: its bots keep a person's pace unless told otherwise."""
    return options.get("mode", "R") == "R"


__all__ = ["evaluate", "pace_kind", "ready_at_ms", "realtime", "resample"]
