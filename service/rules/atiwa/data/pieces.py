"""Pieces, the supply board and the fixed numbers of the rules (spec §1, §2, §7, §10.1).

Every value marked ASSUMED in the spec lives here or in a sibling module, never in logic.
"""

from __future__ import annotations

from enum import StrEnum


class Item(StrEnum):
    """Every kind of piece a command or event can name (spec §1 "Item kinds"; GOLD is not an item on cards)."""

    FAMILY = "FAMILY"
    WILD = "WILD"
    TREE = "TREE"
    FRUIT = "FRUIT"
    GOAT = "GOAT"
    BAT = "BAT"
    GOLD = "GOLD"


# The five rows of the supply board, top to bottom (spec §1 "Supply board"; AT-S10).
BOARD_ROWS: tuple[Item, ...] = (Item.WILD, Item.TREE, Item.FRUIT, Item.FAMILY, Item.GOAT)

# §10.1 Supply-board row values V[kind][k] for k = 1..size (k = pieces taken = empty spaces).
# V[kind][0] = 0 is prepended below, so ROW_VALUE[kind][taken] reads the rightmost empty space.
# The same number serves production/food and the end score (AT-G3).
_PRINTED_ROWS: dict[Item, tuple[int, ...]] = {
    Item.WILD: (1, 1, 1, 1, 2, 2, 2, 2),  # 8 spaces; max 2 [SEED]; values ASSUMED
    Item.TREE: (1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 5, 5, 6),  # 13 spaces; max 6 [SEED]; values ASSUMED
    Item.FRUIT: (0, 1, 1, 2, 2, 2, 3, 3),  # 8 spaces; max 3 [SEED]; values ASSUMED
    Item.FAMILY: (1, 2, 3, 4, 5, 6, 7, 9, 11, 13, 16, 20, 25),  # 13 spaces; max 25 [SEED]; k=5 -> 5 (AT-T04)
    Item.GOAT: (1, 2, 3, 4, 5, 6, 7),  # 7 spaces; DERIVED (AT-83: each goat lowers the need by 1; max 7)
}
ROW_VALUE: dict[Item, tuple[int, ...]] = {kind: (0, *values) for kind, values in _PRINTED_ROWS.items()}

# Personal pieces per player (AT-S10, AT-39): the length of each supply-board row.
SUPPLY_SIZE: dict[Item, int] = {kind: len(values) for kind, values in _PRINTED_ROWS.items()}

# AT-81 food values of the pieces paid in feeding.
FOOD_VALUE: dict[Item, int] = {Item.GOAT: 3, Item.WILD: 2, Item.FRUIT: 1, Item.GOLD: 1, Item.BAT: 1}

# §2 pollution markers in the bag: how many show 0, 1 and 2 gold on their "gold found" side [SEED].
POLLUTION_BAG: tuple[int, int, int] = (22, 20, 2)

# §2 wooden pieces and cards (for the AT-T00 component check).
BATS_IN_BOX = 96
WORKERS_IN_BOX = 12
FAMILY_TOKENS_IN_BOX = 52
TREE_TOKENS_IN_BOX = 52
LOCATION_CARDS_IN_BOX = 36
OVERVIEW_CARDS_IN_BOX = 12
NIGHT_CARDS_IN_BOX = 4
GOLD_TOKENS_IN_BOX = (25, 15)  # 25 x value 1, 15 x value 5 (gold itself is unlimited, AT-48)

# §4 / AT-06 game length.
ROUNDS = 7
TURNS_PER_ROUND = 3

# §7 scoring constants.
SHORTAGE_PENALTY = 2  # AT-85: points lost per missing food
FREE_BATS = 10  # AT-95: bats beyond this many score 1 point each
TRAINED_BONUS = 1  # AT-94

# AT-16: a paid training allows up to this many trainings.
PAID_TRAININGS = 3

# AT-65: bats flown to the night card by one fruit bat action.
FRUIT_BAT_FLIGHT = 3
