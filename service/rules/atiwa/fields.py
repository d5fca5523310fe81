"""Pieces on cards: where a piece may go (AT-40..AT-47, AT-59), what lies where, and the counts the rules read."""

from __future__ import annotations

from service.rules.atiwa.data.board import (
    MAX_COLUMNS,
    ItemCount,
)
from service.rules.atiwa.data.cards import CARD_FIELDS, CARD_NATURE, LOCATION_ORDER, TERRAIN_CIDS, FieldType
from service.rules.atiwa.data.pieces import SUPPLY_SIZE, Item
from service.rules.atiwa.state import (
    BAT,
    CODE,
    EMPTY,
    FAM,
    POL,
    ROW,
    TRE,
    TRN,
    Player,
)

# --- pieces on cards --------------------------------------------------------------------------------

# Placement rules per (card, kind): for each field that can take the kind, how (AT-40..AT-47).
R_BASE, R_TOP, R_EMPTY, R_EMPTY_OR_TREE, R_HUT, R_TRAINED = range(1, 7)
_TREE_TYPES = (FieldType.T, FieldType.TW, FieldType.TB)


def _rule(t: FieldType, kind: Item) -> int:
    if kind is Item.FAMILY:
        return R_HUT if t is FieldType.H else 0
    if t is FieldType.E:
        return R_EMPTY_OR_TREE if kind is Item.FRUIT else R_EMPTY
    if kind is Item.BAT:
        return {FieldType.B: R_BASE, FieldType.TB: R_TOP, FieldType.H: R_TRAINED}.get(t, 0)
    if kind is Item.WILD:
        return {FieldType.W: R_BASE, FieldType.TW: R_TOP}.get(t, 0)
    if kind is Item.TREE:
        return R_BASE if t in _TREE_TYPES else 0
    if kind is Item.FRUIT:
        return R_BASE if t is FieldType.F else R_TOP if t in _TREE_TYPES else 0
    if kind is Item.GOAT:
        return R_BASE if t is FieldType.G else 0
    return 0


PLACE_RULES: dict[str, dict[Item, tuple[tuple[int, int], ...]]] = {
    cid: {
        kind: tuple((fi, r) for fi, t in enumerate(types) if (r := _rule(t, kind)))
        for kind in (Item.FAMILY, Item.WILD, Item.TREE, Item.FRUIT, Item.GOAT, Item.BAT)
    }
    for cid, types in CARD_FIELDS.items()
}
HUT_FIELDS: dict[str, tuple[int, ...]] = {
    cid: tuple(fi for fi, t in enumerate(types) if t in (FieldType.H, FieldType.A))
    for cid, types in CARD_FIELDS.items()
}
E_FIELDS: dict[str, tuple[int, ...]] = {
    cid: tuple(fi for fi, t in enumerate(types) if t is FieldType.E) for cid, types in CARD_FIELDS.items()
}


def supply_left(p: Player, kind: Item) -> int:
    """Pieces of a kind the player can still gain (AT-39); gold and bats are unlimited."""
    row = ROW.get(kind)
    return 1 << 30 if row is None else SUPPLY_SIZE[kind] - p.taken[row]


def targets(p: Player, kind: Item, huts: bool = False) -> list[tuple[int, int]]:
    """Every (card, field index) where one piece of `kind` may be placed now (AT-40..AT-47, AT-59)."""
    out: list[tuple[int, int]] = []
    if huts:  # AT-59: a bat into each unoccupied hut or abandoned hut
        for ci, card in enumerate(p.cards):
            items = card.items
            out.extend((ci, fi) for fi in HUT_FIELDS[card.cid] if items[fi] == EMPTY)
        return out
    code = CODE[kind]
    for ci, card in enumerate(p.cards):
        items, tops = card.items, card.tops
        present: bool | None = None
        for fi, r in PLACE_RULES[card.cid][kind]:
            it = items[fi]
            if r == R_BASE:
                ok = it == EMPTY
            elif r == R_TOP:
                ok = it == TRE and tops[fi] == EMPTY
            elif r == R_HUT:
                ok = it in (EMPTY, BAT)
            elif r == R_TRAINED:
                ok = it == TRN and tops[fi] == EMPTY
            elif it == EMPTY:  # AT-40: the same kind already on another field of this card
                if present is None:
                    present = code in items or code in tops
                ok = present
            else:  # a tree on an empty field carries a fruit (AT-40), never a wild animal or bat (AT-41)
                ok = r == R_EMPTY_OR_TREE and it == TRE and tops[fi] == EMPTY
            if ok:
                out.append((ci, fi))
    return out


def can_place(p: Player, kind: Item, huts: bool = False) -> bool:
    return supply_left(p, kind) > 0 and bool(targets(p, kind, huts))


def spots(p: Player, code: int, with_tops: bool = False) -> list[tuple[int, int]]:
    """Fields holding an item (or, with_tops, also a topper) of this code."""
    out: list[tuple[int, int]] = []
    for ci, card in enumerate(p.cards):
        items, tops = card.items, card.tops
        for fi in range(8):
            if items[fi] == code or (with_tops and tops[fi] == code):
                out.append((ci, fi))
    return out


def count(p: Player, kind: Item) -> int:
    """Pieces of a kind in the play area (AT-86 counts, AT-95 bats)."""
    if kind is Item.GOLD:
        return p.gold
    if kind is Item.BAT:
        return sum(c.items.count(BAT) + c.tops.count(BAT) for c in p.cards)
    if kind is Item.FAMILY:
        return sum(c.items.count(FAM) + c.items.count(TRN) for c in p.cards)
    return p.taken[ROW[kind]]


def trained_count(p: Player) -> int:
    return sum(c.items.count(TRN) for c in p.cards)


def untrained_count(p: Player) -> int:
    return sum(c.items.count(FAM) for c in p.cards)


def pollution_count(p: Player) -> int:
    return sum(c.items.count(POL) for c in p.cards)


def terrain_count(p: Player) -> int:
    return sum(1 for c in p.cards if c.cid in TERRAIN_CIDS)


def nature(p: Player) -> int:
    return sum(CARD_NATURE[c.cid] for c in p.cards)


def open_positions(p: Player) -> list[tuple[int, int]]:
    """AT-31: empty grid positions next to a card, columns 1..4, rows >= 1, in reading order."""
    taken = {(c.row, c.col) for c in p.cards}
    found = set()
    for r, c in taken:
        for nr, nc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            if nr >= 1 and 1 <= nc <= MAX_COLUMNS and (nr, nc) not in taken:
                found.add((nr, nc))
    return sorted(found)


def reading_order(p: Player) -> list[int]:
    """AT-33: card indices by row, then column."""
    return sorted(range(len(p.cards)), key=lambda i: (p.cards[i].row, p.cards[i].col))


def pollution_spots(p: Player, n: int) -> list[tuple[int, int]]:
    """AT-76: the next n unpolluted fields: field 1 of every card in reading order, then field 2, ..."""
    order = reading_order(p)
    out: list[tuple[int, int]] = []
    for fi in range(8):
        for ci in order:
            if len(out) == n:
                return out
            if p.cards[ci].items[fi] != POL:
                out.append((ci, fi))
    return out[:n]


def location_counts(p: Player) -> dict[str, int]:
    found = {str(k): 0 for k in LOCATION_ORDER}
    for c in p.cards:
        if c.cid in found:
            found[c.cid] += 1
    return found


def gold_of(items: tuple[ItemCount, ...]) -> int:
    return sum(n for kind, n in items if kind is Item.GOLD)


def pieces_of(items: tuple[ItemCount, ...]) -> tuple[Item, ...]:
    return tuple(kind for kind, n in items if kind is not Item.GOLD for _ in range(n))
