"""The frozen game state, its copying, and who acts (the action spaces: spaces.py; pieces on cards: fields.py).

A field holds an item code and a topper code (spec §1, AT-36). Internally fields are indexed 0..7;
commands, events and views number them 1..8.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from service.rules.atiwa.data.challenges import Challenge, challenge_for
from service.rules.atiwa.data.pieces import POLLUTION_BAG, Item
from service.rules.atiwa.messages_maintenance import Result
from service.rules.core import replace as replace  # re-exported: the engine and bots copy with it

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
