"""The frozen game state and the pure queries the decider and the views share.

A field holds an item code and a topper code (spec §1, AT-36). Internally fields are indexed 0..7;
commands, events and views number them 1..8.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum
from functools import cache
from typing import Any, TypeVar

from service.rules.atiwa.data.board import (
    BELOW,
    EXTENSION_FOR_SEATS,
    EXTENSIONS,
    MAIN_BOARD,
    MAX_COLUMNS,
    ROUND_POSITIONS,
    ROUND_SPACE_ACTIONS,
    TILES,
    Act,
    Action,
    ItemCount,
    Space,
)
from service.rules.atiwa.data.cards import CARD_FIELDS, CARD_NATURE, LOCATION_ORDER, TERRAIN_CIDS, FieldType
from service.rules.atiwa.data.challenges import Challenge, challenge_for
from service.rules.atiwa.data.pieces import POLLUTION_BAG, SUPPLY_SIZE, Item
from service.rules.atiwa.messages import Result

# --- field contents ---------------------------------------------------------------------------------

EMPTY, FAM, TRN, WLD, TRE, FRT, GOT, BAT, POL = range(9)  # item codes (TRN: trained family; POL: polluted)
CODE: dict[Item, int] = {
    Item.FAMILY: FAM,
    Item.WILD: WLD,
    Item.TREE: TRE,
    Item.FRUIT: FRT,
    Item.GOAT: GOT,
    Item.BAT: BAT,
}
CODE_NAME = ("", "family", "trained family", "wild", "tree", "fruit", "goat", "bat", "polluted")
ROW: dict[Item, int] = {Item.WILD: 0, Item.TREE: 1, Item.FRUIT: 2, Item.FAMILY: 3, Item.GOAT: 4}
NO_FIELDS: tuple[int, ...] = (EMPTY,) * 8


class Phase(StrEnum):
    SETUP = "setup"
    WORK = "work"
    MAINTENANCE = "maintenance"
    FINISHED = "finished"


class Step(StrEnum):
    """What a seat's task waits for."""

    IDLE = "idle"  # not this seat's turn
    PLACE_WORKER = "place_worker"  # AT-01
    CHOOSE_ACTION = "choose_action"  # AT-03: pick the next action of the space
    DRAW_TERRAIN = "draw_terrain"  # AT-10
    PLACE_CARD = "place_card"  # AT-31: a drawn terrain card or a bought location card
    TAKE_CARD = "take_card"  # AT-11
    PLACE_ITEMS = "place_items"  # AT-12 and the other gains of an action
    TREE_WITH_FRUIT = "tree_with_fruit"  # AT-13: the tree
    FRUIT_ON_TREE = "fruit_on_tree"  # AT-13: its fruit
    TRAIN = "train"  # AT-15 / AT-16
    PAY_COST = "pay_cost"  # AT-16 / AT-17
    CHOOSE = "choose"  # AT-14
    LOCATION = "location"  # AT-20: paying trees
    ACTION_END = "action_end"  # the action under way has nothing left
    FRUIT_BAT = "fruit_bat"  # AT-65: the optional fruit bat action, bats flown so far: 3 - count
    PAY_FRUIT = "pay_fruit"  # AT-66
    BAT_TREE = "bat_tree"  # AT-66: the tree it brings
    TURN_END = "turn_end"
    INCOME = "income"  # maintenance step 1 (automatic)
    NEXT = "next"  # between maintenance steps (automatic)
    PRODUCE = "produce"  # AT-78
    RETURN_BATS = "return_bats"  # AT-79
    FEED = "feed"  # AT-80..AT-85
    BREED = "breed"  # AT-86
    DONE = "done"  # this seat's maintenance is over


# Maintenance stages (Task.stage): 1..3 the production chain, 4 bats return, 5 feeding, 6 breeding.
STAGE_TREES, STAGE_FRUIT, STAGE_BATS, STAGE_RETURN, STAGE_FEED, STAGE_BREED = range(1, 7)


@dataclass(frozen=True, slots=True)
class Card:
    cid: str
    row: int
    col: int
    items: tuple[int, ...] = NO_FIELDS
    tops: tuple[int, ...] = NO_FIELDS


@dataclass(frozen=True, slots=True)
class Task:
    step: Step = Step.IDLE
    space: str = ""  # work phase: the space of this turn's worker
    remaining: tuple[int, ...] = ()  # its actions not started yet
    main_done: bool = False  # AT-19: a main action was performed
    action: int = -1  # the action under way
    did: bool = False  # the action under way has done something
    gains: tuple[Item, ...] = ()  # pieces still to place
    huts: bool = False  # AT-59: bats only into empty huts
    anchor: tuple[int, int] = (-1, -1)  # FRUIT_ON_TREE: the new tree (card, field index)
    count: int = 0  # trainings / trees to pay / bats to fly / trees with fruit left; TAKE_CARD: the slot
    started: bool = False  # a location payment or a fruit bat action begun (no way back)
    card: str = ""  # PLACE_CARD: the card to place
    stage: int = 0  # maintenance stage
    need: int = 0  # FEED
    paid: int = 0  # FEED: food paid so far
    least: int = 0  # FEED: smallest food value paid so far (0: nothing paid)
    bats: int = 0  # FEED: bats that may still be eaten
    shortage: bool = False  # FEED: everything payable falls short (AT-85)
    used: tuple[Item, ...] = ()  # BREED: conditions resolved


IDLE_TASK = Task()


@dataclass(frozen=True, slots=True)
class Player:
    taken: tuple[int, ...] = (0, 0, 0, 0, 0)  # empty spaces per supply-board row (WILD, TREE, FRUIT, FAMILY, GOAT)
    removed: int = 0  # AT-C5: family tokens removed from the game
    gold: int = 0
    cards: tuple[Card, ...] = ()
    night: int = 0  # bats on the night card
    penalty: int = 0  # points lost to food shortage (AT-85), as a positive number
    task: Task = IDLE_TASK


@dataclass(frozen=True, slots=True)
class State:
    seats: int
    challenge: int = 0
    phase: Phase = Phase.SETUP
    round: int = 0
    start_player: int = 0  # the marker's holder
    order_start: int = 0  # AT-07: the seat that began this work phase
    turn: int = 0  # turns taken in this work phase
    tiles: tuple[str, ...] = ()  # the tiles dealt onto positions 2..7 at setup
    occupied: tuple[tuple[str, int, int], ...] = ()  # (space, seat, round the worker was placed)
    deck: tuple[int, ...] = ()  # sorted: only the composition is state; draws are random (AT-R2, AT-R6)
    discard: tuple[int, ...] = ()
    display: tuple[int | None, ...] = ()
    stacks: tuple[int, ...] = (0, 0, 0, 0)  # location cards left, in LOCATION_ORDER
    bag: tuple[int, ...] = POLLUTION_BAG  # markers left showing 0, 1, 2 gold (a composition, AT-R5)
    players: tuple[Player, ...] = ()
    results: tuple[Result, ...] = ()
    winners: tuple[int, ...] = ()
    goal_met: bool | None = None


# --- copying -----------------------------------------------------------------------------------------

_T = TypeVar("_T")


@cache
def _field_names(cls: type) -> tuple[str, ...]:
    return tuple(f.name for f in fields(cls))


def replace(obj: _T, **changes: Any) -> _T:
    """dataclasses.replace for these frozen, slotted, validation-free records, at a fraction of its cost.

    (The engine makes several copies per event; dataclasses.replace re-walks every field's metadata.)
    """
    cls: type = type(obj)
    new: _T = object.__new__(cls)
    for name in _field_names(cls):
        object.__setattr__(new, name, changes[name] if name in changes else getattr(obj, name))
    return new


# --- who acts ---------------------------------------------------------------------------------------


def is_solo(state: State) -> bool:
    return state.seats == 1


def challenge(state: State) -> Challenge | None:
    return challenge_for(state.challenge) if state.seats == 1 else None


def training_works(state: State) -> bool:
    """AT-C8: in the No Education challenge training has no effect."""
    ch = challenge(state)
    return ch is None or not ch.no_training


def current_seat(state: State) -> int:
    return (state.order_start + state.turn) % state.seats


def seat_order(state: State) -> tuple[int, ...]:
    """Clockwise from the start player (AT-71)."""
    return tuple((state.start_player + i) % state.seats for i in range(state.seats))


# --- spaces -----------------------------------------------------------------------------------------


def _merge_takes(actions: tuple[Action, ...]) -> tuple[Action, ...]:
    """The plain takes of one space are one action: its pieces may be placed in any order (AT-03, AT-106)."""
    takes = [a for a in actions if a.act is Act.TAKE and not a.bonus]
    if len(takes) < 2:
        return actions
    merged: dict[Item, int] = {}
    for a in takes:
        for kind, n in a.items:
            merged[kind] = merged.get(kind, 0) + n
    combined = Action(Act.TAKE, items=tuple(merged.items()))
    out: list[Action] = []
    for a in actions:
        if a is takes[0]:
            out.append(combined)
        elif a not in takes:
            out.append(a)
    return tuple(out)


@cache
def round_space(tiles: tuple[str, ...], rnd: int, position: int) -> tuple[tuple[Action, ...], str]:
    """AT-26: the actions at round-track position p in round r, and the tile lying there ("" = round space)."""
    if position == rnd:
        tile, head = "", ROUND_SPACE_ACTIONS
    else:
        tile = tiles[position - 1] if position < rnd else tiles[position - 2]  # tiles[i] started on position i+2
        head = TILES[tile]
    return _merge_takes((*head, *BELOW[position])), tile


@cache
def _board_spaces(seats: int) -> tuple[Space, ...]:
    return (*MAIN_BOARD, *EXTENSIONS[EXTENSION_FOR_SEATS[seats]])


@cache
def space_ids(seats: int) -> tuple[str, ...]:
    return (*(f"R{p}" for p in range(1, ROUND_POSITIONS + 1)), *(s.sid for s in _board_spaces(seats)))


@cache
def _fixed(seats: int) -> dict[str, Space]:
    return {s.sid: Space(s.sid, _merge_takes(s.actions), s.arrow) for s in _board_spaces(seats)}


def space_actions(state: State, sid: str) -> tuple[Action, ...]:
    if sid[0] == "R":
        return round_space(state.tiles, state.round, int(sid[1:]))[0]
    return _fixed(state.seats)[sid].actions


def space_arrow(state: State, sid: str) -> str:
    space = _fixed(state.seats).get(sid)
    return space.arrow if space is not None and state.seats == 4 else ""


def action_of(state: State, task: Task) -> Action:
    return space_actions(state, task.space)[task.action]


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
