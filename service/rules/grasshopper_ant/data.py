"""Static components of The Grasshopper & the Ant, and every ASSUMED value of the spec.

The rulebook seed lost every picture, so the card faces (which insect is on which
Path card, provision prices, the power/insect pairing, insect scoring) are the
spec's ASSUMED tables (shared/rules/grasshopper-and-ant.md §3, gaps GA-G1..G17).
They live here and nowhere else, so a corrected card list changes this file only
(and bumps the rules version, since games would decide differently).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from itertools import combinations


class Mode(StrEnum):
    """GA-V1 Autumn (pantry and cubes) or GA-V3 Winter (provisions, first to 4 VP)."""

    AUTUMN = "autumn"
    WINTER = "winter"


class PathType(StrEnum):
    """The four kinds of path (SRC:JEDIS): tablecloth, tiled floor, stone, wood (GA-G7)."""

    TC = "TC"
    TL = "TL"
    ST = "ST"
    WD = "WD"


PATH_TYPES: tuple[PathType, ...] = tuple(PathType)


class Insect(StrEnum):
    """GA-G2 (ASSUMED): six insect kinds, one per Power card."""

    BEE = "BEE"
    BEETLE = "BEETLE"
    BUTTERFLY = "BUTTERFLY"
    CATERPILLAR = "CATERPILLAR"
    DRAGONFLY = "DRAGONFLY"
    LADYBUG = "LADYBUG"


class Power(StrEnum):
    """The six Power cards of "Power to the Beetle!" (GA-V4); effects GA-P1..GA-P6."""

    BEE = "PW-BEE"  # GA-P1: 2 identical Path cards replace one price symbol
    BEETLE = "PW-BEETLE"  # GA-P2: +1 VP while held
    DRAGONFLY = "PW-DRAGONFLY"  # GA-P3: the Cicada peeks at one unchosen marker
    LADYBUG = "PW-LADYBUG"  # GA-P4: Ant/Cicada who did not collect draws a card
    CATERPILLAR = "PW-CATERPILLAR"  # GA-P5: a face-down card usable in payments
    BUTTERFLY = "PW-BUTTERFLY"  # GA-P6: single use, swap a Provision card


POWERS: tuple[Power, ...] = tuple(Power)

# GA-G6 (ASSUMED): which insect each Power card belongs to, and our names for them.
POWER_INSECT: dict[Power, Insect] = {
    Power.BEE: Insect.BEE,
    Power.BEETLE: Insect.BEETLE,
    Power.DRAGONFLY: Insect.DRAGONFLY,
    Power.LADYBUG: Insect.LADYBUG,
    Power.CATERPILLAR: Insect.CATERPILLAR,
    Power.BUTTERFLY: Insect.BUTTERFLY,
}
INSECT_POWER: dict[Insect, Power] = {insect: power for power, insect in POWER_INSECT.items()}
POWER_NAMES: dict[Power, str] = {
    Power.BEE: "Busy Bee",
    Power.BEETLE: "Mighty Beetle",
    Power.DRAGONFLY: "Dragonfly Eyes",
    Power.LADYBUG: "Lucky Ladybug",
    Power.CATERPILLAR: "Cocoon",
    Power.BUTTERFLY: "Flutter Swap",
}
SINGLE_USE_POWER = Power.BUTTERFLY  # GA-A3: the "exception" power returns to the centre after use
POWERS_IN_PLAY = 4  # GA-S7W: 4 of the 6 Power cards are used, 2 go back to the box
BEETLE_VP = 1  # GA-P2


# --- Path cards (GA-G1, GA-G2: ASSUMED distribution) ---------------------------------


@dataclass(frozen=True, slots=True)
class PathCard:
    id: str
    type: PathType
    insect: Insect | None


# Per path type: numbers 1..6 are plain, 7..12 carry one insect each (one of each kind per type).
CARDS_PER_TYPE = 12
INSECT_BY_NUMBER: dict[int, Insect] = {
    7: Insect.BEE,
    8: Insect.BEETLE,
    9: Insect.BUTTERFLY,
    10: Insect.CATERPILLAR,
    11: Insect.DRAGONFLY,
    12: Insect.LADYBUG,
}

PATH_CARDS: tuple[PathCard, ...] = tuple(
    PathCard(id=f"{t.value}-{n:02d}", type=t, insect=INSECT_BY_NUMBER.get(n))
    for t in PATH_TYPES
    for n in range(1, CARDS_PER_TYPE + 1)
)
CARD: dict[str, PathCard] = {c.id: c for c in PATH_CARDS}
ALL_PATH_IDS: tuple[str, ...] = tuple(sorted(CARD))


def card_type(card_id: str) -> PathType:
    return CARD[card_id].type


def card_insect(card_id: str) -> Insect | None:
    return CARD[card_id].insect


# --- Grid and pawns (GA-S1, GA-10..GA-12) ------------------------------------------------

GRID_SIZE = 4
ANT_PAWNS = 6
CELLS: tuple[tuple[int, int], ...] = tuple((r, c) for r in range(GRID_SIZE) for c in range(GRID_SIZE))  # row-major


def cell_index(cell: tuple[int, int]) -> int:
    return cell[0] * GRID_SIZE + cell[1]


def _neighbours(cell: tuple[int, int]) -> tuple[tuple[int, int], ...]:
    r, c = cell
    out = ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
    return tuple(n for n in out if 0 <= n[0] < GRID_SIZE and 0 <= n[1] < GRID_SIZE)


NEIGHBOURS: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {cell: _neighbours(cell) for cell in CELLS}


def is_connected(cells: frozenset[tuple[int, int]]) -> bool:
    """GA-11: one orthogonally connected group (diagonal contact does not connect)."""
    if not cells:
        return False
    start = min(cells)
    seen = {start}
    stack = [start]
    while stack:
        for n in NEIGHBOURS[stack.pop()]:
            if n in cells and n not in seen:
                seen.add(n)
                stack.append(n)
    return len(seen) == len(cells)


def is_snake(cells: frozenset[tuple[int, int]]) -> bool:
    """GA-OPT-SNAKE: a simple path (no cell touches more than 2 others) with an end on the grid's edge."""
    if not is_connected(cells):
        return False
    degree = {cell: sum(n in cells for n in NEIGHBOURS[cell]) for cell in cells}
    if max(degree.values()) > 2:
        return False
    ends = [cell for cell, d in degree.items() if d == 1]
    return any(r in (0, GRID_SIZE - 1) or c in (0, GRID_SIZE - 1) for r, c in ends)


# Every shape the Ant may place, computed once: 496 connected 6-cell groups, 148 of them snakes.
CHAINS: tuple[frozenset[tuple[int, int]], ...] = tuple(
    frozenset(combo) for combo in combinations(CELLS, ANT_PAWNS) if is_connected(frozenset(combo))
)
SNAKES: tuple[frozenset[tuple[int, int]], ...] = tuple(chain for chain in CHAINS if is_snake(chain))


# --- Autumn pantry (GA-40, GA-41, GA-90, GA-91) --------------------------------------------

SHELF_POSITIONS = 4  # GA-G8
SHELF_POINTS: tuple[int, ...] = (0, 1, 3, 6, 10)  # by cube position 0 (no cube) .. 4 [SEED]
FULL_SHELVES_TO_END = 2  # GA-70a: cubes on position 4 of two different shelves end the game
# GA-G3 (ASSUMED): points per insect kind by the number k of that kind's cards collected (0..4).
INSECT_POINTS: tuple[int, ...] = (0, 1, 3, 6, 10)


# --- Winter provisions (GA-G4, GA-G5: ASSUMED prices and player-count numbers) -----------------


@dataclass(frozen=True, slots=True)
class ProvisionKind:
    id: str
    name: str
    price: tuple[PathType, ...]
    players: int  # the number printed bottom right: used when the player count is at least this


PROVISION_KINDS: tuple[ProvisionKind, ...] = (
    ProvisionKind("PV-WHEAT", "Wheat ear", (PathType.TC, PathType.TC, PathType.ST), 2),
    ProvisionKind("PV-BERRY", "Berries", (PathType.TL, PathType.TL, PathType.WD), 2),
    ProvisionKind("PV-HAZEL", "Hazelnut", (PathType.ST, PathType.ST, PathType.TC), 2),
    ProvisionKind("PV-APPLE", "Apple slice", (PathType.WD, PathType.WD, PathType.TL), 2),
    ProvisionKind("PV-HONEY", "Honey drop", (PathType.TC, PathType.TL, PathType.ST, PathType.WD), 3),
    ProvisionKind("PV-CHEESE", "Cheese crumb", (PathType.TC, PathType.TC, PathType.WD, PathType.WD), 3),
    ProvisionKind("PV-BREAD", "Bread crumb", (PathType.TL, PathType.TL, PathType.ST, PathType.ST), 4),
)
PROVISION_COPIES = 2  # two identical copies of each kind, told apart by a suffix: PV-WHEAT-1, PV-WHEAT-2
KIND: dict[str, ProvisionKind] = {k.id: k for k in PROVISION_KINDS}
PROVISION_CARDS: tuple[str, ...] = tuple(
    f"{k.id}-{copy}" for k in PROVISION_KINDS for copy in range(1, PROVISION_COPIES + 1)
)


def provision_kind(card_id: str) -> ProvisionKind:
    return KIND[card_id.rsplit("-", 1)[0]]


def provisions_for(seats: int) -> tuple[str, ...]:
    """GA-S5W: the Provision cards in play for a player count (sorted)."""
    return tuple(sorted(p for p in PROVISION_CARDS if provision_kind(p).players <= seats))


MARKET_SIZE = 3  # GA-S5W
VICTORY_VP = 4  # GA-75
CARD_VP = 1  # GA-85
PAIR_VP = 3  # GA-85: both copies of a kind together
WILDCARD_SIZE = 3  # GA-82: 3 identical Path cards replace one price symbol
BEE_WILDCARD_SIZE = 2  # GA-P1: 2 instead of 3 (exactly: paying 3 would be overpaying)


# --- Other ASSUMED orders (GA-G12), none of which has a strategic effect --------------------
# Initial supply draws: seat order starting with the first Ant.
# Red Ant draws (GA-34): clockwise from the Ant.
# Grid refill (GA-50): empty cells in row-major order.
# Power selection (GA-G11): random unless the host names the 4 cards (option power_cards).
