"""Changes to a player's cards and to the state that several evolvers share.

Placing a piece, removing one with what it carries, paying back to the supply board (AT-37..AT-52), and
drawing a terrain card from the deck's composition (AT-88).
"""

from __future__ import annotations

from typing import Any

from service.rules.atiwa.data.pieces import Item
from service.rules.atiwa.state import (
    BAT,
    CODE,
    EMPTY,
    FAM,
    FRT,
    GOT,
    POL,
    ROW,
    TRE,
    TRN,
    WLD,
    Player,
    State,
    Step,
    Task,
    replace,
)

PLACING_STEPS = frozenset({Step.PLACE_ITEMS, Step.PRODUCE, Step.RETURN_BATS, Step.BAT_TREE})


def with_player(state: State, seat: int, p: Player) -> State:
    players = list(state.players)
    players[seat] = p
    return replace(state, players=tuple(players))


def set_field(p: Player, ci: int, fi: int, item: int, top: int) -> Player:
    card = p.cards[ci]
    items = (*card.items[:fi], item, *card.items[fi + 1 :])
    tops = (*card.tops[:fi], top, *card.tops[fi + 1 :])
    cards = list(p.cards)
    cards[ci] = replace(card, items=items, tops=tops)
    return replace(p, cards=tuple(cards))


_RETURNS_TO_ROW = {FAM: 3, TRN: 3, WLD: 0, TRE: 1, FRT: 2, GOT: 4}


def put_back(p: Player, *codes: int) -> Player:
    """Pieces return to the rightmost empty spaces of their rows (AT-51); bats to the general supply (AT-50)."""
    taken = list(p.taken)
    for code in codes:
        row = _RETURNS_TO_ROW.get(code)
        if row is not None:
            taken[row] -= 1
    return replace(p, taken=tuple(taken))


def remove_piece(p: Player, ci: int, fi: int, code: int) -> Player:
    """Take the piece `code` off a field: a topper alone, or the item with whatever it carries (AT-52)."""
    card = p.cards[ci]
    if card.tops[fi] == code:
        return put_back(set_field(p, ci, fi, card.items[fi], EMPTY), code)
    return put_back(set_field(p, ci, fi, EMPTY, EMPTY), card.items[fi], card.tops[fi])


def gain_piece(p: Player, kind: Item) -> Player:
    row = ROW.get(kind)
    if row is None:
        return p
    taken = list(p.taken)
    taken[row] += 1
    return replace(p, taken=tuple(taken))


def place_piece(p: Player, kind: Item, ci: int, fi: int, trained: bool) -> Player:
    card = p.cards[ci]
    it = card.items[fi]
    if kind is Item.FAMILY:  # AT-46: a bat in the hut stays only on a family trained at once
        p = set_field(p, ci, fi, TRN if trained else FAM, BAT if it == BAT and trained else EMPTY)
    elif it == EMPTY:
        p = set_field(p, ci, fi, CODE[kind], EMPTY)
    else:  # on a tree or a trained family
        p = set_field(p, ci, fi, it, CODE[kind])
    return gain_piece(p, kind)


def with_task(state: State, seat: int, task: Task, **changes: Any) -> State:
    p = state.players[seat]
    return with_player(state, seat, replace(p, task=task, **changes))


def pollute(p: Player, ci: int, fi: int) -> Player:
    """AT-77: everything on the field returns (families untrained, AT-57); the field is blocked for good."""
    card = p.cards[ci]
    p = put_back(p, card.items[fi], card.tops[fi])
    return set_field(p, ci, fi, POL, EMPTY)


def draw_card(s: State, card: int) -> State:
    deck, discard = s.deck, s.discard
    if not deck:  # the discard pile became the new deck (AT-88)
        deck, discard = tuple(sorted(discard)), ()
    return replace(s, deck=tuple(c for c in deck if c != card), discard=discard)
