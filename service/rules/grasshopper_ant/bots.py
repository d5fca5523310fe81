"""The Grasshopper & the Ant for its bots (service/bots): a redraw of what a seat cannot see, a position's worth.

`resample` keeps everything `seat` knows and redraws the rest (spec §10): the Ant's secret marker
until the reveal (a type under one of its pawns, never the one the Cicada peeked at), each Red
Ant's secret guess, the marker the Dragonfly showed the Cicada (for everyone but the Cicada), and
the GA-P5 face-down cards of the other seats (dealt again from those cards and the Path deck,
whose contents are otherwise public by elimination and whose order is never stored). Autumn insect
piles are kept: their cards were face up in the grid and the public PantryFilled events name them.
The redraw draws the same number of times whatever the hidden values are, from sorted pools, so
two states that look the same to `seat` give it the same redraws.

`evaluate` rates a position by the rules' own scoring (Autumn shelf and insect points, Winter
victory points) plus the round in flight: once the Ant's pawns lie, the haul each path type would
bring is weighed by the chance that the Cicada, sitting on one of the six pawns, guesses it; in
Winter, path cards in a supply count towards the cheapest provision in the market.

`secret` names the commands the other seats see only as made (GA-13's marker, GA-14's guess), so a
search lets them choose without knowing what was chosen.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import replace

from service.rules.core import Rng
from service.rules.grasshopper_ant.data import (
    ANT_PAWNS,
    CELLS,
    PATH_TYPES,
    SHELF_POSITIONS,
    WILDCARD_SIZE,
    PathType,
    card_insect,
    card_type,
    provision_kind,
)
from service.rules.grasshopper_ant.messages import ChooseMarker, RedAntGuess
from service.rules.grasshopper_ant.scoring import autumn_score, insect_points, shelf_points, victory_points
from service.rules.grasshopper_ant.state import Phase, State, card_at, pawned_types, red_ants

AUTUMN_SPREAD = 8.0  # points of lead that make an Autumn position look nearly won
WINTER_SPREAD = 1.5  # victory points of lead that do the same in Winter
SUPPLY_WEIGHT = 0.8  # a supply that pays the cheapest market card in full is worth this share of a VP
PENDING = (Phase.CHOICES, Phase.CICADA)  # phases where the round's haul is still to be decided


# --- resample ------------------------------------------------------------------------------------


def resample(state: State, seat: int, rng: Rng) -> State:
    if state.phase in (Phase.SETUP, Phase.FINISHED):
        return state
    state = _redraw_markers(state, seat, rng)
    return _redraw_cocoons(state, seat, rng)


def _redraw_markers(state: State, seat: int, rng: Rng) -> State:
    markers = list(state.markers)
    peeked = state.peeked
    knows_peek = seat == state.cicada
    if not state.revealed:
        ant = state.ant
        if seat != ant and markers[ant] is not None:
            # The Ant chose a type under one of its pawns; a Cicada who peeked knows it is not that one.
            allowed = [t for t in pawned_types(state) if not (knows_peek and t == peeked)]
            markers[ant] = rng.choice(allowed) if allowed else markers[ant]
        for red in red_ants(state):
            if red != seat and markers[red] is not None:
                markers[red] = rng.choice(PATH_TYPES)
    if state.peek_slot is not None and not knows_peek:
        chosen = markers[state.ant]
        peeked = rng.choice([t for t in PATH_TYPES if t != chosen])
    return replace(state, markers=tuple(markers), peeked=peeked)


def _redraw_cocoons(state: State, seat: int, rng: Rng) -> State:
    if not state.cocoons:
        return state
    hidden = [s for s, card in enumerate(state.cocoons) if card is not None and s != seat]
    if not hidden:
        return state
    pool = list(rng.shuffled(sorted([*state.deck, *(c for s in hidden if (c := state.cocoons[s]) is not None)])))
    cocoons = list(state.cocoons)
    for s in hidden:
        cocoons[s] = pool.pop()
    return replace(state, cocoons=tuple(cocoons), deck=tuple(sorted(pool)))


# --- evaluate ------------------------------------------------------------------------------------


def evaluate(state: State, seat: int) -> float:
    """How good the position looks for `seat`, in [0, 1]: its expected worth against the best other seat's."""
    if state.phase is Phase.FINISHED:
        return 1.0 / len(state.winners) if seat in state.winners else 0.0
    if state.phase is Phase.SETUP:
        return 0.5
    worth = _worths(state)
    best_other = max((w for s, w in enumerate(worth) if s != seat), default=0.0)
    spread = WINTER_SPREAD if state.winter else AUTUMN_SPREAD
    return 0.5 + 0.5 * math.tanh((worth[seat] - best_other) / spread)


def _worths(state: State) -> list[float]:
    worth = [_worth(state, s, ()) for s in range(state.seats)]
    if state.phase in PENDING and state.ant_cells:
        ant, cicada = state.ant, state.cicada
        marker = state.markers[ant]
        options = [marker] if marker is not None else list(pawned_types(state))
        best: tuple[float, float, float] | None = None
        for x in options:
            haul = _haul(state, x)
            right = len(haul) / ANT_PAWNS  # the Cicada sits on one of the six pawns
            gain_ant = (1 - right) * (_worth(state, ant, haul) - worth[ant])
            gain_cicada = right * (_worth(state, cicada, haul) - worth[cicada])
            if best is None or gain_ant - gain_cicada > best[0]:
                best = (gain_ant - gain_cicada, gain_ant, gain_cicada)
        if best is not None:
            worth[ant] += best[1]
            worth[cicada] += best[2]
    return worth


def _haul(state: State, x: PathType) -> tuple[str, ...]:
    return tuple(c for cell in CELLS if cell in state.ant_cells and (c := card_at(state, cell)) and card_type(c) is x)


def _worth(state: State, seat: int, extra: tuple[str, ...]) -> float:
    """A seat's score with `extra` cards collected on top, plus (Winter) its supply's progress to a purchase."""
    if not state.winter:
        shelves = list(state.shelves[seat])
        for card in extra:
            i = PATH_TYPES.index(card_type(card))
            shelves[i] = min(SHELF_POSITIONS, shelves[i] + 1)
        kept = tuple(c for c in extra if card_insect(c) is not None)
        if not extra:
            return float(autumn_score(state, seat))
        return float(shelf_points(tuple(shelves)) + insect_points(state.insect_piles[seat] + kept))
    supply = state.supplies[seat] + extra
    return victory_points(state, seat) + SUPPLY_WEIGHT * _coverage(state, supply)


def _coverage(state: State, supply: tuple[str, ...]) -> float:
    """The largest share of a market card's price that `supply` pays (1 card a symbol, or 3 alike for any)."""
    if not state.market:
        return 0.0
    have = Counter(card_type(c) for c in supply)
    best = 0.0
    for provision in state.market:
        price = Counter(provision_kind(provision).price)
        left = dict(have)
        paid = 0
        for t, n in price.items():
            use = min(n, left.get(t, 0))
            paid += use
            left[t] = left.get(t, 0) - use
        missing = sum(price.values()) - paid
        paid += min(missing, sum(v // WILDCARD_SIZE for v in left.values()))
        best = max(best, paid / sum(price.values()))
    return best


def secret(command: object) -> bool:
    return isinstance(command, (ChooseMarker, RedAntGuess))


__all__ = ["evaluate", "resample", "secret"]
