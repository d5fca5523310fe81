"""The action board (§10.4), the round track (§10.5) and the per-player-count setup tables (§3).

Every space is a tuple of actions (AT-03..AT-05: each optional, any order). Everything here except
the marked [SEED]/[DERIVED] facts is ASSUMED (AT-G4, AT-G5) and can be corrected in this file alone.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from service.rules.atiwa.data.cards import Location
from service.rules.atiwa.data.pieces import Item

ItemCount = tuple[Item, int]


class Act(StrEnum):
    """Action symbols (AT-10..AT-22)."""

    TERRAIN_DRAW = "terrain_draw"  # AT-10
    TERRAIN_TAKE = "terrain_take"  # AT-11 (slot n)
    TAKE = "take"  # AT-12 / AT-21 (items)
    TREE_WITH_FRUIT = "tree_with_fruit"  # AT-13 (n)
    CHOICE = "choice"  # AT-14 (options)
    TRAIN = "train"  # AT-15
    PAID_TRAIN = "paid_train"  # AT-16 (cost)
    EXCHANGE = "exchange"  # AT-17 (cost, items)
    PER_NATURE = "per_nature"  # AT-18 (items per nature symbol)
    LOCATION = "location"  # AT-20 (location, right)
    BATS_INTO_HUTS = "bats_into_empty_huts"  # AT-22 / AT-59


@dataclass(frozen=True, slots=True)
class Action:
    act: Act
    items: tuple[ItemCount, ...] = ()  # TAKE, EXCHANGE (what is gained), PER_NATURE (per symbol)
    n: int = 0  # TERRAIN_TAKE display slot (1-based); TREE_WITH_FRUIT count
    cost: int = 0  # gold paid once by PAID_TRAIN and EXCHANGE
    options: tuple[tuple[ItemCount, ...], ...] = ()  # CHOICE alternatives
    location: Location | None = None  # LOCATION
    right: bool = False  # LOCATION: the right space of a pair costs 1 gold more [SEED]
    bonus: bool = False  # AT-19: only after the main action, with >= 4 terrain cards


@dataclass(frozen=True, slots=True)
class Space:
    sid: str
    actions: tuple[Action, ...]
    arrow: str = ""  # AT-08: the paired space (4 players only)


def take(*items: ItemCount, bonus: bool = False) -> Action:
    return Action(Act.TAKE, items=tuple(items), bonus=bonus)


def describe(action: Action) -> str:
    """A short human-readable form of an action, for views."""

    def items(pairs: tuple[ItemCount, ...]) -> str:
        return " + ".join(f"{n} {kind.lower()}" for kind, n in pairs)

    a = action.act
    text: str
    if a is Act.TAKE:
        text = f"take {items(action.items)}"
    elif a is Act.TERRAIN_TAKE:
        text = f"take displayed terrain {action.n}"
    elif a is Act.TREE_WITH_FRUIT:
        text = f"{action.n} tree with fruit"
    elif a is Act.CHOICE:
        text = "choose " + " or ".join(items(o) for o in action.options)
    elif a is Act.PAID_TRAIN:
        text = f"pay {action.cost} gold: up to 3 trainings"
    elif a is Act.EXCHANGE:
        text = f"pay {action.cost} gold: take {items(action.items)}"
    elif a is Act.PER_NATURE:
        text = f"take {items(action.items)} per nature symbol"
    elif a is Act.LOCATION:
        text = f"buy a {str(action.location).lower()} ({'right' if action.right else 'left'} space)"
    elif a is Act.TERRAIN_DRAW:
        text = "draw a terrain card"
    elif a is Act.TRAIN:
        text = "train a family"
    else:
        text = "a bat into each empty hut"
    return f"bonus with 4 terrain cards: {text}" if action.bonus else text


# --- §10.4 main board: 22 spaces (the 7 round-track positions R1..R7 are built per round below) ---------

GN_GOLD = Action(Act.PER_NATURE, items=((Item.GOLD, 1),))
CHOICE_BATS_OR_WILD = Action(Act.CHOICE, options=(((Item.BAT, 2),), ((Item.WILD, 1),)))  # AT-14 [SEED]


def _location(kind: Location, right: bool) -> Space:
    return Space(f"{kind[:2]}_{'R' if right else 'L'}", (Action(Act.LOCATION, location=kind, right=right),))


MAIN_BOARD: tuple[Space, ...] = (
    Space("TD", (Action(Act.TERRAIN_DRAW), take((Item.GOLD, 1), bonus=True))),
    Space("TT1", (Action(Act.TERRAIN_TAKE, n=1),)),
    Space("TT2", (Action(Act.TERRAIN_TAKE, n=2),)),
    Space("TT3", (Action(Act.TERRAIN_TAKE, n=3),)),
    Space("GN1", (GN_GOLD,), arrow="GN2"),
    # CH1 matches the seed's fruit-bat example (AT-T09): 1 bat + 1 gold, and a choice of 2 bats or 1 wild.
    Space("CH1", (take((Item.BAT, 1), (Item.GOLD, 1)), CHOICE_BATS_OR_WILD)),
    Space("TF1", (Action(Act.TREE_WITH_FRUIT, n=1), take((Item.TREE, 1), bonus=True))),
    _location(Location.FARM, False),
    _location(Location.FARM, True),
    _location(Location.SETTLEMENT, False),
    _location(Location.SETTLEMENT, True),
    _location(Location.VILLAGE, False),
    _location(Location.VILLAGE, True),
    _location(Location.TOWN, False),
    _location(Location.TOWN, True),
)

_TR = Space("TR", (Action(Act.PAID_TRAIN, cost=2),))
_EG = Space("EG", (Action(Act.EXCHANGE, cost=2, items=((Item.GOAT, 2),)),))
_EF = Space("EF", (Action(Act.EXCHANGE, cost=2, items=((Item.FAMILY, 1),)),))
_TT4 = Space("TT4", (Action(Act.TERRAIN_TAKE, n=4),))

# §10.4 extension sides (AT-S2): the 2-player side serves 1 and 2 players.
EXTENSIONS: dict[str, tuple[Space, ...]] = {
    "2p": (_TR, _EG, _EF),
    "3p": (_TR, _EG, _EF, _TT4, Space("WT", (take((Item.WILD, 1)), Action(Act.TRAIN)))),
    "4p": (
        _TR,
        _EG,
        _EF,
        _TT4,
        Space("GN2", (GN_GOLD,), arrow="GN1"),
        Space("CH2", (take((Item.BAT, 1), (Item.GOLD, 1)), CHOICE_BATS_OR_WILD)),
        Space("TF2", (Action(Act.TREE_WITH_FRUIT, n=1), take((Item.TREE, 1), bonus=True))),
        Space("GB", (take((Item.GOAT, 1), (Item.BAT, 1)),)),
        Space("GD", (take((Item.GOLD, 2)),)),
    ),
}
EXTENSION_FOR_SEATS: dict[int, str] = {1: "2p", 2: "2p", 3: "3p", 4: "4p"}  # AT-S2, AT-100 (AT-G7)

# --- §10.5 round track ------------------------------------------------------------------------------

ROUND_POSITIONS = 7
ROUND_SPACE_ACTIONS: tuple[Action, ...] = (take((Item.FAMILY, 1)),)  # AT-21, AT-26 [SEED rounds 1, 2, 6]

# Printed under position p; part of whatever space lies at p in every round (AT-25).
BELOW: dict[int, tuple[Action, ...]] = {
    1: (Action(Act.TRAIN),),  # DERIVED (AT-T10)
    2: (take((Item.BAT, 1), (Item.WILD, 1)),),  # DERIVED (AT-T10)
    3: (take((Item.GOLD, 2)),),  # ASSUMED
    4: (take((Item.GOAT, 1)),),  # ASSUMED
    5: (Action(Act.TREE_WITH_FRUIT, n=1),),  # ASSUMED
    6: (Action(Act.TRAIN),),  # DERIVED (AT-28: rounds 1 and 6 offer family + training)
    7: (take((Item.BAT, 2)),),  # ASSUMED
}

# The 6 action space tiles, shuffled onto positions 2..7 at setup (AT-S3).
TILES: dict[str, tuple[Action, ...]] = {
    "TL_A": (take((Item.TREE, 2)),),  # [SEED example]
    "TL_B": (Action(Act.BATS_INTO_HUTS),),  # [SEED]
    "TL_C": (take((Item.GOAT, 1), (Item.GOLD, 1)),),  # ASSUMED
    "TL_D": (Action(Act.TREE_WITH_FRUIT, n=1), take((Item.WILD, 1))),  # ASSUMED
    "TL_E": (take((Item.GOLD, 3)),),  # ASSUMED
    "TL_F": (take((Item.BAT, 2), (Item.GOLD, 1)),),  # ASSUMED
}
TILE_IDS: tuple[str, ...] = tuple(TILES)

# Breeding conditions "have at least n of kind K -> gain exactly 1" per round (AT-86).
BREEDING: dict[int, tuple[ItemCount, ...]] = {
    1: ((Item.FAMILY, 2), (Item.BAT, 1), (Item.WILD, 1)),  # [SEED]
    2: ((Item.GOAT, 1), (Item.BAT, 2), (Item.WILD, 2)),  # ASSUMED
    3: ((Item.FAMILY, 3), (Item.BAT, 3), (Item.GOAT, 2)),  # ASSUMED
    4: ((Item.WILD, 2), (Item.BAT, 4), (Item.GOAT, 2)),  # ASSUMED
    5: ((Item.FAMILY, 4), (Item.BAT, 5), (Item.WILD, 3)),  # ASSUMED
    6: ((Item.GOAT, 3), (Item.BAT, 6), (Item.FAMILY, 5)),  # ASSUMED
    7: ((Item.FAMILY, 6), (Item.BAT, 8), (Item.WILD, 3)),  # ASSUMED
}

# AT-100 solo worker colour per round [SEED].
SOLO_COLOUR: dict[int, str] = {1: "red", 2: "yellow", 3: "blue", 4: "red", 5: "yellow", 6: "blue", 7: "red"}
SOLO_BLOCK_ROUNDS = 2  # AT-102: workers stay and block their spaces for two further rounds

# --- §3 setup by player count -----------------------------------------------------------------------

DISPLAY_SIZE: dict[int, int] = {1: 3, 2: 3, 3: 4, 4: 4}  # AT-S5
START_ROW, START_COL = 1, 3  # AT-S12: the Village goes to the third place below the supply board
START_FAMILY_FIELD = 8  # AT-S13: the family goes on the Village's bottom-right hut
MAX_COLUMNS = 4  # AT-31: rows hold at most 4 cards

# AT-S15 compensation by seat offset from the start player: the piece and the Village field type it goes on.
COMPENSATION: dict[int, dict[int, Item]] = {
    1: {},
    2: {1: Item.WILD},
    3: {1: Item.BAT, 2: Item.WILD},
    4: {1: Item.BAT, 2: Item.WILD, 3: Item.GOAT},
}
