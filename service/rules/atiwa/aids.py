"""Player aids the view carries (issue 29): why a worker placement would gain the seat nothing now.

A space gains nothing when none of its main actions could give the seat anything at this moment: the
same reads the engine offers an action by (legal.py `_possible`: AT-05 lets a worker go there all the
same), sharpened where an action can be started and still yield nothing (a paid training with no family
to train, an exchange whose pieces find no field). A bonus action never counts on its own: it needs its
main action performed first (AT-19). Pure reads of the state; nothing here decides a command.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.rules.atiwa.data.board import Act, Action
from service.rules.atiwa.data.cards import LOCATION_ORDER, LOCATIONS
from service.rules.atiwa.data.pieces import Item
from service.rules.atiwa.fields import can_place, nature, targets, untrained_count
from service.rules.atiwa.legal import gain_possible, location_gold
from service.rules.atiwa.spaces import space_actions
from service.rules.atiwa.state import ROW, Player, State, training_works


@dataclass(frozen=True, slots=True)
class Nothing:
    """Why an action gains nothing: a reason word and the numbers that show it (the view's `nothing`)."""

    why: str  # nature, display, deck, stack, price, gold, room, training
    numbers: tuple[tuple[str, int], ...] = ()


def _pieces_room(p: Player, items: tuple[tuple[Item, int], ...]) -> Nothing | None:
    """AT-12, AT-37, AT-39: gold always gains; a piece only where one can be placed."""
    return None if gain_possible(p, items) else Nothing("room")


def _training(state: State, p: Player) -> Nothing | None:
    """AT-15, AT-C8: a training needs an untrained family (and a challenge where training works)."""
    return None if training_works(state) and untrained_count(p) > 0 else Nothing("training")


def _paying(p: Player, action: Action) -> Nothing | None:
    """AT-16, AT-17, AT-24: the gold must be there before the action."""
    if p.gold >= action.cost:
        return None
    return Nothing("gold", (("gold", action.cost), ("have", p.gold)))


def _location(state: State, p: Player, action: Action) -> Nothing | None:
    """AT-20: the stack holds a card and the seat can pay its trees and gold in full."""
    assert action.location is not None
    if state.stacks[LOCATION_ORDER.index(action.location)] == 0:
        return Nothing("stack")
    trees, gold = LOCATIONS[action.location].cost_trees, location_gold(action)
    have_trees = p.taken[ROW[Item.TREE]]
    if have_trees >= trees and p.gold >= gold:
        return None
    return Nothing("price", (("trees", trees), ("gold", gold), ("have_trees", have_trees), ("have_gold", p.gold)))


def blocker(state: State, p: Player, action: Action) -> Nothing | None:
    """Why this action would give the seat nothing now, or None when it may gain something."""
    act = action.act
    if act is Act.TAKE:
        return _pieces_room(p, action.items)
    if act is Act.TERRAIN_DRAW:  # AT-10
        return None if state.deck or state.discard else Nothing("deck")
    if act is Act.TERRAIN_TAKE:  # AT-11
        shown = action.n <= len(state.display) and state.display[action.n - 1] is not None
        return None if shown else Nothing("display")
    if act is Act.TREE_WITH_FRUIT:  # AT-13
        return None if can_place(p, Item.TREE) else Nothing("room")
    if act is Act.CHOICE:  # AT-14
        return None if any(gain_possible(p, o) for o in action.options) else Nothing("room")
    if act is Act.TRAIN:
        return _training(state, p)
    if act is Act.PAID_TRAIN:
        return _paying(p, action) or _training(state, p)
    if act is Act.EXCHANGE:
        return _paying(p, action) or _pieces_room(p, action.items)
    if act is Act.PER_NATURE:  # AT-18, AT-G12
        return Nothing("nature") if nature(p) == 0 else _pieces_room(p, action.items)
    if act is Act.LOCATION:
        return _location(state, p, action)
    return None if targets(p, Item.BAT, huts=True) else Nothing("room")  # BATS_INTO_HUTS, AT-59


def gains_nothing(state: State, seat: int, sid: str) -> Nothing | None:
    """The first main action's reason when no main action of the space gains the seat anything; else None."""
    p = state.players[seat]
    main = [a for a in space_actions(state, sid) if not a.bonus]
    reasons = [blocker(state, p, a) for a in main]
    if not reasons or any(r is None for r in reasons):
        return None
    return reasons[0]
