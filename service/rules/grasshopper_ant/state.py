"""The game state (frozen) and pure queries on it.

The Path deck and the Provision deck are kept as sorted contents, never as an
order: a draw picks a uniformly random remaining card at decide() time (with the
Rng of that decision), and the event records which card came. So the deck order,
the one secret of a shuffle, is not stored anywhere before the card is drawn.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import combinations, product

from service.rules.grasshopper_ant.data import (
    ALL_PATH_IDS,
    BEE_WILDCARD_SIZE,
    CELLS,
    INSECT_POWER,
    PATH_TYPES,
    POWERS,
    WILDCARD_SIZE,
    Mode,
    PathType,
    Power,
    card_insect,
    card_type,
    cell_index,
    provision_kind,
)
from service.rules.grasshopper_ant.messages import Cell, EndReason

BOXED = -2  # power_owner value: returned to the box at setup (GA-S7W)
CENTRE = -1  # power_owner value: face up in the centre


class Phase(StrEnum):
    SETUP = "setup"  # before setup's events
    ANT_PLACE = "ant_place"  # GA-10..12
    CHOICES = "choices"  # GA-13/14: the Ant (and the Red Ants) choose in secret
    CICADA = "cicada"  # GA-20 (and GA-P3)
    INSECTS = "insects"  # GA-36: Winter, the Ant resolves insect help
    POWER = "power"  # GA-P0
    ACQUIRE = "acquire"  # GA-80..86, GA-P6
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class State:
    seats: int
    mode: Mode
    powers: bool  # GA-V4 "Power to the Beetle!" (Winter only)
    autumn_open: bool  # GA-V2: Autumn insect cards kept face up
    snake: bool  # GA-OPT-SNAKE
    phase: Phase = Phase.SETUP
    round: int = 0
    ant: int = 0
    cicada: int = 1
    grid: tuple[str | None, ...] = (None,) * len(CELLS)
    deck: tuple[str, ...] = ALL_PATH_IDS  # sorted contents of the face-down Path deck
    discard: tuple[str, ...] = ()  # Winter discard pile, face up, in arrival order
    # this round
    ant_cells: frozenset[Cell] = frozenset()
    cicada_cell: Cell | None = None
    markers: tuple[PathType | None, ...] = ()  # per seat: the secret marker committed this round
    peek_slot: int | None = None
    peeked: PathType | None = None  # GA-P3: seen by the Cicada only
    revealed: bool = False
    cicada_right: bool = False
    collector: int | None = None
    haul: tuple[str, ...] = ()  # S: the pawned cards of the Ant's type
    insect_help: tuple[tuple[str, str], ...] = ()  # GA-36 resolutions so far: (card of S, card taken)
    collected: tuple[str, ...] = ()  # what the collector took this round
    power_done: bool = False
    bought: bool = False
    # Autumn
    shelves: tuple[tuple[int, ...], ...] = ()  # per seat, per PATH_TYPES: cube position 0..4
    insect_piles: tuple[tuple[str, ...], ...] = ()
    boxed: tuple[str, ...] = ()
    # Winter
    supplies: tuple[tuple[str, ...], ...] = ()
    cocoons: tuple[str | None, ...] = ()  # GA-P5 face-down card per seat
    provisions: tuple[tuple[str, ...], ...] = ()
    market: tuple[str, ...] = ()
    provision_deck: tuple[str, ...] = ()  # sorted contents
    provisions_in_play: tuple[str, ...] = ()
    power_owner: tuple[int, ...] = ()  # aligned with data.POWERS: BOXED, CENTRE or a seat
    # end
    end_reason: EndReason | None = None
    winners: tuple[int, ...] = ()
    final_scores: tuple[int, ...] = ()

    @property
    def winter(self) -> bool:
        return self.mode is Mode.WINTER

    @property
    def finished(self) -> bool:
        return self.phase is Phase.FINISHED


def left(state: State, seat: int) -> int:
    """The next seat clockwise."""
    return (seat + 1) % state.seats


def red_ants(state: State) -> tuple[int, ...]:
    """GA-S6W/GA-61: in Winter with 3-4 players, everyone who is neither Ant nor Cicada."""
    if not state.winter or state.seats < 3:
        return ()
    return tuple(s for s in range(state.seats) if s not in (state.ant, state.cicada))


def choosers(state: State) -> tuple[int, ...]:
    """Who commits a secret marker this round (the Ant first, then the Red Ants clockwise from it)."""
    reds = red_ants(state)
    return (state.ant, *sorted(reds, key=lambda s: (s - state.ant) % state.seats))


def card_at(state: State, cell: Cell) -> str | None:
    return state.grid[cell_index(cell)]


def cell_of(state: State, card: str) -> Cell | None:
    for cell, held in zip(CELLS, state.grid, strict=True):
        if held == card:
            return cell
    return None


def pawned_types(state: State) -> tuple[PathType, ...]:
    """GA-13: the types the Ant may choose, those of cards carrying an Ant pawn."""
    found = {card_type(c) for cell in state.ant_cells if (c := card_at(state, cell)) is not None}
    return tuple(t for t in PATH_TYPES if t in found)


# --- powers -------------------------------------------------------------------------------


def power_holder(state: State, power: Power) -> int:
    if not state.power_owner:
        return BOXED
    return state.power_owner[POWERS.index(power)]


def holds(state: State, seat: int, power: Power) -> bool:
    return state.powers and power_holder(state, power) == seat


def power_options(state: State) -> tuple[str, ...]:
    """GA-P0: the just-collected insect cards the Ant may discard for a power (sorted)."""
    if not state.powers or state.collector != state.ant or state.power_done:
        return ()
    out = []
    for card in state.collected:
        insect = card_insect(card)
        if insect is None or card not in state.supplies[state.ant]:
            continue
        holder = power_holder(state, INSECT_POWER[insect])
        if holder != BOXED and holder != state.ant:
            out.append(card)
    return tuple(sorted(out))


# --- insect help (GA-36) -----------------------------------------------------------------------


def insect_alternatives(state: State, card: str) -> tuple[str, ...]:
    """Grid cards with the same insect as `card` that the Ant may take instead (GA-36 constraints)."""
    insect = card_insect(card)
    if insect is None:
        return ()
    used = {taken for _, taken in state.insect_help}
    return tuple(
        sorted(
            g
            for g in state.grid
            if g is not None and g != card and card_insect(g) == insect and g not in state.haul and g not in used
        )
    )


def open_insect_cards(state: State) -> tuple[str, ...]:
    """The haul's insect cards not yet resolved that still have a choice (sorted)."""
    done = {card for card, _ in state.insect_help}
    return tuple(
        sorted(c for c in state.haul if c not in done and card_insect(c) is not None and insect_alternatives(state, c))
    )


def final_haul(state: State) -> tuple[str, ...]:
    """What the Ant takes once insect help is resolved: replacements for resolved cards, the rest as is."""
    swap = dict(state.insect_help)
    return tuple(swap.get(card, card) for card in state.haul)


# --- payment (GA-81, GA-82, GA-P1) -------------------------------------------------------------


def wildcard_size(state: State, seat: int) -> int:
    return BEE_WILDCARD_SIZE if holds(state, seat, Power.BEE) else WILDCARD_SIZE


@cache
def payment_vectors(price: tuple[PathType, ...], wild: int) -> frozenset[tuple[int, ...]]:
    """Every count of cards per PATH_TYPES that pays `price` exactly.

    Each symbol is paid by 1 card of its own type or by `wild` cards of one identical type.
    """
    vectors: set[tuple[int, ...]] = {(0,) * len(PATH_TYPES)}
    for symbol in price:
        grown: set[tuple[int, ...]] = set()
        for v in vectors:
            grown.add(_plus(v, PATH_TYPES.index(symbol), 1))
            for i in range(len(PATH_TYPES)):
                grown.add(_plus(v, i, wild))
        vectors = grown
    return frozenset(vectors)


@cache
def _sorted_vectors(price: tuple[PathType, ...], wild: int) -> tuple[tuple[int, ...], ...]:
    return tuple(sorted(payment_vectors(price, wild)))


def _plus(v: tuple[int, ...], i: int, n: int) -> tuple[int, ...]:
    return (*v[:i], v[i] + n, *v[i + 1 :])


def spendable(state: State, seat: int) -> tuple[str, ...]:
    """The cards a seat may pay with: its face-up supply and its GA-P5 face-down card."""
    cocoon = state.cocoons[seat]
    return state.supplies[seat] + ((cocoon,) if cocoon is not None else ())


def is_payment(state: State, seat: int, provision: str, cards: frozenset[str]) -> bool:
    counts = tuple(sum(card_type(c) is t for c in cards) for t in PATH_TYPES)
    return counts in payment_vectors(provision_kind(provision).price, wildcard_size(state, seat))


def payments(state: State, seat: int, provision: str) -> list[frozenset[str]]:
    """Every exact payment for `provision` from the seat's spendable cards (complete, deterministic order)."""
    by_type = [sorted(c for c in spendable(state, seat) if card_type(c) is t) for t in PATH_TYPES]
    h0, h1, h2, h3 = (len(cards) for cards in by_type)
    out: list[frozenset[str]] = []
    for v in _sorted_vectors(provision_kind(provision).price, wildcard_size(state, seat)):
        if v[0] > h0 or v[1] > h1 or v[2] > h2 or v[3] > h3:
            continue
        per_type = [list(combinations(cards, n)) for cards, n in zip(by_type, v, strict=True)]
        for parts in product(*per_type):
            out.append(frozenset(c for part in parts for c in part))
    return out
