"""accepts: is a command valid for the seat's current step? Checked by the rules themselves, one check per step.

Each check asks the rule of its step about the one command sent (is this space free, may this piece go on
this field, is this food payment still exact) with the same predicates legal.py builds its lists from, so
what is offered and what is accepted cannot drift apart; tests/property/test_atiwa.py holds them to it.
"""

from __future__ import annotations

from collections.abc import Callable

from service.rules.atiwa import messages as msg
from service.rules.atiwa.data.pieces import Item
from service.rules.atiwa.fields import count, open_positions, spots, supply_left, targets
from service.rules.atiwa.legal import (
    FOOD_KINDS,
    PASS_STEPS,
    breedable,
    can_combine_training,
    fb_can_finish,
    food_kind_ok,
    gain_possible,
    has_options,
    space_open,
    startable,
)
from service.rules.atiwa.placing import PLACING_STEPS, remove_piece
from service.rules.atiwa.spaces import action_of, space_ids
from service.rules.atiwa.state import BAT, CODE, EMPTY, FAM, FRT, TRE, Player, State, Step, Task, training_works


def accepts(state: State, seat: int, command: msg.Command) -> bool:
    """Would legal_commands(state, seat) list this command? (The seat's task is not idle nor done.)"""
    t = state.players[seat].task
    if isinstance(command, msg.Pass):  # a step may be declined only while it still offers something
        passable = t.step in PASS_STEPS or (t.step in (Step.LOCATION, Step.FRUIT_BAT) and not t.started)
        return passable and has_options(state, seat)
    check = _CHECKS.get(t.step)
    return check is not None and check(state, seat, state.players[seat], t, command)


def _at(p: Player, card: int | None, field: int | None, code: int, with_tops: bool = False) -> bool:
    """Does the field (numbered from 1) hold a piece of this code?"""
    return field is not None and (card, field - 1) in spots(p, code, with_tops)


def _placement(state: State, p: Player, gains: tuple[Item, ...], huts: bool, c: msg.PlaceItem) -> bool:
    """AT-37..AT-47, AT-59: a gained piece onto a field that takes it; trained only when AT-28 allows."""
    if c.kind not in gains or supply_left(p, c.kind) <= 0 or (c.card, c.field - 1) not in targets(p, c.kind, huts):
        return False
    return not c.trained or (c.kind is Item.FAMILY and can_combine_training(state, p.task))


def _worker(state: State, seat: int, p: Player, t: Task, c: msg.Command) -> bool:
    return isinstance(c, msg.PlaceWorker) and c.space in space_ids(state.seats) and space_open(state, seat, c.space)


def _start(state: State, seat: int, p: Player, t: Task, c: msg.Command) -> bool:
    return isinstance(c, msg.StartAction) and c.action in startable(state, seat)  # AT-03, AT-19


def _placing(state: State, seat: int, p: Player, t: Task, c: msg.Command) -> bool:
    return isinstance(c, msg.PlaceItem) and _placement(state, p, t.gains, t.huts, c)


def _draw(state: State, seat: int, p: Player, t: Task, c: msg.Command) -> bool:
    return isinstance(c, msg.DrawTerrain) and bool(state.deck or state.discard)  # AT-10


def _card(state: State, seat: int, p: Player, t: Task, c: msg.Command) -> bool:
    if not isinstance(c, msg.PlaceCard) or (t.step is Step.TAKE_CARD and state.display[t.count - 1] is None):
        return False
    return (c.row, c.col) in open_positions(p)  # AT-31


def _tree(state: State, seat: int, p: Player, t: Task, c: msg.Command) -> bool:
    return isinstance(c, msg.PlaceItem) and t.count > 0 and _placement(state, p, (Item.TREE,), False, c)  # AT-13


def _fruit_on_tree(state: State, seat: int, p: Player, t: Task, c: msg.Command) -> bool:
    ci, fi = t.anchor
    card = p.cards[ci]
    room = supply_left(p, Item.FRUIT) > 0 and card.items[fi] == TRE and card.tops[fi] == EMPTY  # AT-13
    return room and c == msg.PlaceItem(Item.FRUIT, ci, fi + 1)


def _train(state: State, seat: int, p: Player, t: Task, c: msg.Command) -> bool:
    works = t.count > 0 and training_works(state)  # AT-15
    return isinstance(c, msg.TrainFamily) and works and _at(p, c.card, c.field, FAM)


def _cost(state: State, seat: int, p: Player, t: Task, c: msg.Command) -> bool:
    return isinstance(c, msg.PayCost) and p.gold >= action_of(state, t).cost  # AT-16, AT-17


def _choice(state: State, seat: int, p: Player, t: Task, c: msg.Command) -> bool:
    if not isinstance(c, msg.ChooseAlternative):
        return False
    options = action_of(state, t).options
    return 0 <= c.option < len(options) and gain_possible(p, options[c.option])  # AT-14


def _location(state: State, seat: int, p: Player, t: Task, c: msg.Command) -> bool:
    return isinstance(c, msg.PayTree) and t.count > 0 and _at(p, c.card, c.field, TRE)  # AT-20


def _fly(state: State, seat: int, p: Player, t: Task, c: msg.Command) -> bool:
    if not isinstance(c, msg.FlyBat) or not fb_can_finish(p, t.count, True) or not _at(p, c.card, c.field, BAT, True):
        return False
    return fb_can_finish(remove_piece(p, c.card, c.field - 1, BAT), t.count - 1, True)  # AT-66, AT-G18


def _fruit(state: State, seat: int, p: Player, t: Task, c: msg.Command) -> bool:
    if not isinstance(c, msg.PayFruit) or not _at(p, c.card, c.field, FRT, True):
        return False
    return bool(targets(remove_piece(p, c.card, c.field - 1, FRT), Item.TREE))  # AT-66


def _feed(state: State, seat: int, p: Player, t: Task, c: msg.Command) -> bool:
    if not isinstance(c, msg.PayFood):
        return False
    if t.shortage:  # AT-85: only which bats, when not all of them may be eaten
        return c.kind is Item.BAT and 0 < t.bats < count(p, Item.BAT) and _at(p, c.card, c.field, BAT, True)
    if t.paid >= t.need or c.kind not in FOOD_KINDS or not food_kind_ok(p, t, c.kind):  # AT-84
        return False
    if c.kind is Item.GOLD:
        return c.card is None and c.field is None
    return _at(p, c.card, c.field, CODE[c.kind], True)


def _breed(state: State, seat: int, p: Player, t: Task, c: msg.Command) -> bool:
    if not isinstance(c, msg.PlaceItem) or c.trained or not breedable(state, p, c.kind):
        return False
    return (c.card, c.field - 1) in targets(p, c.kind)  # AT-86


_Check = Callable[[State, int, Player, Task, msg.Command], bool]
_CHECKS: dict[Step, _Check] = {
    Step.PLACE_WORKER: _worker,
    Step.CHOOSE_ACTION: _start,
    **dict.fromkeys(PLACING_STEPS, _placing),
    Step.DRAW_TERRAIN: _draw,
    Step.PLACE_CARD: _card,
    Step.TAKE_CARD: _card,
    Step.TREE_WITH_FRUIT: _tree,
    Step.FRUIT_ON_TREE: _fruit_on_tree,
    Step.TRAIN: _train,
    Step.PAY_COST: _cost,
    Step.CHOOSE: _choice,
    Step.LOCATION: _location,
    Step.FRUIT_BAT: _fly,
    Step.PAY_FRUIT: _fruit,
    Step.FEED: _feed,
    Step.BREED: _breed,
}
