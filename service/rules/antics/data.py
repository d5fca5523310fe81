"""Components and every table of the spec (shared/rules/antics.md, §2 and §9).

The board graph, the tile mix, the base shape, the anteater guide and several
counts are ASSUMED in the spec; they all live here, in one place, so that a
correction (the real board, the real tile list) never touches the logic.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Action(StrEnum):
    """The five actions (AN-01); a hex shows one of them or a fungus."""

    SCOUT = "SCOUT"
    BUILD = "BUILD"
    HATCH = "HATCH"
    ANTS = "ANTS"
    DRAG = "DRAG"


class Hex(StrEnum):
    """What one half of an ant-hill tile shows."""

    SCOUT = "SCOUT"
    BUILD = "BUILD"
    HATCH = "HATCH"
    ANTS = "ANTS"
    DRAG = "DRAG"
    FUNGUS = "FUNGUS"


class Hatchery(StrEnum):
    """§9.1: the five terrain hatcheries (also the terrains of the paths) and the military one."""

    GRASS = "GRASS"
    SAND = "SAND"
    PEBBLES = "PEBBLES"
    MOSS = "MOSS"
    LITTER = "LITTER"
    MILITARY = "MILITARY"


class Token(StrEnum):
    """§9.1: six prey types (3 each) and the two leaf colours."""

    BEETLE = "BEETLE"
    BUTTERFLY = "BUTTERFLY"
    GRASSHOPPER = "GRASSHOPPER"
    LADYBIRD = "LADYBIRD"
    CATERPILLAR = "CATERPILLAR"
    DRAGONFLY = "DRAGONFLY"
    BROWN_LEAF = "BROWN_LEAF"
    GREEN_LEAF = "GREEN_LEAF"


class Meal(StrEnum):
    """§9.6: what an anteater arriving in column 1 eats (the box of the anteater guide)."""

    PREY = "PREY"  # box 1: one prey token from a site
    HATCHERY = "HATCHERY"  # box 2: every ant in one hatchery
    CHOICE = "CHOICE"  # box 3: the chooser picks a prey meal or a hatchery meal


class EndReason(StrEnum):
    TILES_OUT = "TILES_OUT"  # AN-70(a)
    PREY_EXHAUSTED = "PREY_EXHAUSTED"  # AN-70(b)
    FINAL_TURNS = "FINAL_TURNS"  # AN-71: the last of the one-more-turn-each turns was played
    STALEMATE = "STALEMATE"  # AN-72
    TURN_LIMIT = "TURN_LIMIT"  # engine bound MAX_ROUNDS below


ACTIONS: tuple[Action, ...] = tuple(Action)
HATCHERIES: tuple[Hatchery, ...] = tuple(Hatchery)
TERRAINS: tuple[Hatchery, ...] = HATCHERIES[:5]
PREY: tuple[Token, ...] = (
    Token.BEETLE,
    Token.BUTTERFLY,
    Token.GRASSHOPPER,
    Token.LADYBIRD,
    Token.CATERPILLAR,
    Token.DRAGONFLY,
)
LEAVES: tuple[Token, ...] = (Token.BROWN_LEAF, Token.GREEN_LEAF)

# --- §2 / §3 / §4 counts ------------------------------------------------------------------
ANTS_PER_PLAYER = 12  # [SRC:RB][SRC:BB]
ACTIONS_PER_TURN = 3  # [SEED]
# AN-T01: actions in round 1 by seat offset from the start player; offsets beyond the tuple take 3.
FIRST_ROUND_ACTIONS: tuple[int, ...] = (1, 2)
MAGNIFICANT_LEVEL = 1  # AN-03
MAX_HEIGHT = 5  # AN-24 [SEED]
EXHAUSTED_TYPES_TO_END = 4  # AN-70(b) (AN-G2: the seed's "4 of 5 kinds" kept as 4)
GREEN_LEAF_BONUS = 2  # AN-80 [SEED]
PREY_PER_SITE: dict[int, int] = {2: 2, 3: 3, 4: 3}  # §3 table / AN-V1
LEAF_SITES_EMPTY_WITH_TWO: tuple[str, ...] = ("LB5", "LG5")  # AN-V1 [ASSUMED]
SPARE_LEAVES = 1  # of each colour, stay in the box (§9.3) - for the component count only

# Engine bound (not in the spec; the brief asks that random bots always finish). The
# end triggers need someone to scout or to strip the prey, and AN-72 only ends a
# round in which everybody passes, so a table that keeps taking actions without
# scouting could play for ever. After this many full rounds the game ends at once
# and is scored (EndReason.TURN_LIMIT). A real game lasts roughly 10-20 rounds and
# uniformly random bots end by the tiles running out after 20-60, so the bound only
# guarantees termination. ASSUMED.
MAX_ROUNDS = 100

# --- §9.2 board graph -----------------------------------------------------------------------
NEST = "NEST"


@dataclass(frozen=True, slots=True)
class Segment:
    """A path between two nodes; `terrain` None marks a bridge over the chasm (soldiers only)."""

    id: str
    a: str
    b: str
    terrain: Hatchery | None


_G, _S, _P, _M, _L = Hatchery.GRASS, Hatchery.SAND, Hatchery.PEBBLES, Hatchery.MOSS, Hatchery.LITTER
SEGMENTS: tuple[Segment, ...] = (
    Segment("S01", NEST, "I1", _G),
    Segment("S02", NEST, "I2", _S),
    Segment("S03", NEST, "I3", _P),
    Segment("S04", NEST, "I4", _M),
    Segment("S05", NEST, "I5", _L),
    Segment("S06", NEST, "I6", _S),
    Segment("S07", "I1", "I2", _M),
    Segment("S08", "I2", "I3", _L),
    Segment("S09", "I3", "I4", _G),
    Segment("S10", "I4", "I5", _S),
    Segment("S11", "I5", "I6", _P),
    Segment("S12", "I6", "I1", _L),
    Segment("S13", "I1", "O1", _P),
    Segment("S14", "I2", "O2", _M),
    Segment("S15", "I3", "O3", _L),
    Segment("S16", "I4", "O4", _G),
    Segment("S17", "I5", "O5", _S),
    Segment("S18", "I6", "O6", _M),
    Segment("S19", "O1", "P1", _S),
    Segment("S20", "O2", "P2", _G),
    Segment("S21", "O3", "P3", _M),
    Segment("S22", "O4", "P4", _P),
    Segment("S23", "O5", "P5", _L),
    Segment("S24", "O6", "P6", _G),
    Segment("S25", "I1", "LB1", _L),
    Segment("S26", "I2", "LB2", _P),
    Segment("S27", "I3", "LB3", _S),
    Segment("S28", "I4", "LB4", _L),
    Segment("S29", "I5", "LB5", _M),
    Segment("S30", "O2", "LG1", _S),
    Segment("S31", "O3", "LG2", _G),
    Segment("S32", "O4", "LG3", _M),
    Segment("S33", "O5", "LG4", _P),
    Segment("S34", "O6", "LG5", _P),
    Segment("S35", "O1", "O2", _G),
    Segment("S36", "O3", "O4", _S),
    Segment("S37", "O5", "O6", _M),
    Segment("X1", "I2", "P2", None),
    Segment("X2", "I4", "P4", None),
    Segment("X3", "I6", "P6", None),
)
SEGMENT_IDS: tuple[str, ...] = tuple(s.id for s in SEGMENTS)
SEGMENT_INDEX: dict[str, int] = {s.id: i for i, s in enumerate(SEGMENTS)}

# §9.2 / §9.3: the sites and the token each one holds at the start.
SITES: tuple[str, ...] = (
    "P1",
    "P2",
    "P3",
    "P4",
    "P5",
    "P6",
    "LB1",
    "LB2",
    "LB3",
    "LB4",
    "LB5",
    "LG1",
    "LG2",
    "LG3",
    "LG4",
    "LG5",
)
SITE_INDEX: dict[str, int] = {s: i for i, s in enumerate(SITES)}
SITE_TOKEN: dict[str, Token] = {
    "P1": Token.BEETLE,
    "P2": Token.BUTTERFLY,
    "P3": Token.GRASSHOPPER,
    "P4": Token.LADYBIRD,
    "P5": Token.CATERPILLAR,
    "P6": Token.DRAGONFLY,
    **{f"LB{i}": Token.BROWN_LEAF for i in range(1, 6)},
    **{f"LG{i}": Token.GREEN_LEAF for i in range(1, 6)},
}
PREY_SITE: dict[Token, str] = {token: site for site, token in SITE_TOKEN.items() if token in PREY}


def initial_site_tokens(seats: int) -> tuple[int, ...]:
    """§3 / AN-S5 / AN-V1: tokens on each site at the start, aligned with SITES."""
    out = []
    for site in SITES:
        if SITE_TOKEN[site] in PREY:
            out.append(PREY_PER_SITE[seats])
        else:
            out.append(0 if seats == 2 and site in LEAF_SITES_EMPTY_WITH_TWO else 1)
    return tuple(out)


# --- §9.4 tiles -----------------------------------------------------------------------------
STARTING_TILE: tuple[Hex, Hex] = (Hex.HATCH, Hex.SCOUT)  # [SRC:RB], one per player
STARTING_TILES = 4
# (hexes, count); 56 tiles in all, 19 of each action and 17 fungus hexes. ASSUMED (AN-G4).
BAG_TILE_KINDS: tuple[tuple[tuple[Hex, Hex], int], ...] = (
    ((Hex.SCOUT, Hex.BUILD), 4),
    ((Hex.SCOUT, Hex.HATCH), 4),
    ((Hex.SCOUT, Hex.ANTS), 4),
    ((Hex.SCOUT, Hex.DRAG), 4),
    ((Hex.BUILD, Hex.HATCH), 4),
    ((Hex.BUILD, Hex.ANTS), 4),
    ((Hex.BUILD, Hex.DRAG), 4),
    ((Hex.HATCH, Hex.ANTS), 4),
    ((Hex.HATCH, Hex.DRAG), 4),
    ((Hex.ANTS, Hex.DRAG), 4),
    ((Hex.FUNGUS, Hex.SCOUT), 3),
    ((Hex.FUNGUS, Hex.BUILD), 3),
    ((Hex.FUNGUS, Hex.HATCH), 3),
    ((Hex.FUNGUS, Hex.ANTS), 3),
    ((Hex.FUNGUS, Hex.DRAG), 3),
    ((Hex.FUNGUS, Hex.FUNGUS), 1),
)
# Tile ids: 0..3 are the starting tiles (seat i gets tile i), 4..59 the bag tiles in table order.
TILE_HEXES: tuple[tuple[Hex, Hex], ...] = (STARTING_TILE,) * STARTING_TILES + tuple(
    hexes for hexes, count in BAG_TILE_KINDS for _ in range(count)
)
BAG_TILES: tuple[int, ...] = tuple(range(STARTING_TILES, len(TILE_HEXES)))


def is_fungus_tile(tile: int) -> bool:
    """AN-S6: a tile with at least one FUNGUS hex goes to the far end of the display."""
    return Hex.FUNGUS in TILE_HEXES[tile]


def tile_label(tile: int) -> str:
    a, b = TILE_HEXES[tile]
    return f"{a.value}/{b.value}"


# --- the display (§1, AN-S6, AN-60..63) ------------------------------------------------------
DISPLAY_ROWS = 3
DISPLAY_COLUMNS = 6  # columns 1..5 hold tiles at setup; the anteaters start in column 6
ANTEATER_START_COLUMN = 6

# --- §9.5 the base ----------------------------------------------------------------------------
BASE_CELLS: tuple[tuple[int, int], ...] = ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (0, 2))
HEX_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1))

# --- §9.6 the anteater guide: box = ((counter - 1) mod len) + 1 --------------------------------
GUIDE_CYCLE: tuple[Meal, ...] = (Meal.PREY, Meal.HATCHERY, Meal.CHOICE)
