"""legal_commands: every command a seat may send now, a complete generator in a fixed order; and the reads it
is built from (what an action could still do, the fruit bat action's room, feeding's exact payments AT-84)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cache

from service.rules.atiwa.data.board import BREEDING, Act, Action
from service.rules.atiwa.data.cards import LOCATION_ORDER, LOCATIONS, TERRAIN_CIDS
from service.rules.atiwa.data.pieces import FOOD_VALUE, ROW_VALUE, Item
from service.rules.atiwa.fields import (
    E_FIELDS,
    can_place,
    count,
    gold_of,
    nature,
    open_positions,
    pieces_of,
    spots,
    supply_left,
    targets,
    untrained_count,
)
from service.rules.atiwa.messages import (
    ChooseAlternative,
    Command,
    DrawTerrain,
    FlyBat,
    Pass,
    PayCost,
    PayFood,
    PayFruit,
    PayTree,
    PlaceCard,
    PlaceItem,
    PlaceWorker,
    StartAction,
    TrainFamily,
)
from service.rules.atiwa.placing import PLACING_STEPS, remove_piece
from service.rules.atiwa.spaces import action_of, space_actions, space_arrow, space_ids
from service.rules.atiwa.state import (
    BAT,
    CODE,
    EMPTY,
    FAM,
    FRT,
    ROW,
    TRE,
    Phase,
    Player,
    State,
    Step,
    Task,
    training_works,
)

PASS_STEPS = frozenset(
    {
        Step.CHOOSE_ACTION,
        Step.DRAW_TERRAIN,
        Step.TAKE_CARD,
        Step.PLACE_ITEMS,
        Step.TREE_WITH_FRUIT,
        Step.FRUIT_ON_TREE,
        Step.TRAIN,
        Step.PAY_COST,
        Step.CHOOSE,
        Step.PRODUCE,
        Step.BREED,
    }
)


def legal_commands(state: State, seat: int | None) -> list[Command]:
    if seat is None or state.phase not in (Phase.WORK, Phase.MAINTENANCE) or not 0 <= seat < state.seats:
        return []
    t = state.players[seat].task
    found: list[Command] = list(_options(state, seat))
    if found and (t.step in PASS_STEPS or (t.step in (Step.LOCATION, Step.FRUIT_BAT) and not t.started)):
        found.append(Pass())
    return found


def has_options(state: State, seat: int) -> bool:
    return next(_options(state, seat), None) is not None


def _options(state: State, seat: int) -> Iterator[Command]:
    """Every command of the seat's current step except Pass (which legal_commands adds)."""
    p = state.players[seat]
    options = _STEP_OPTIONS.get(p.task.step)
    if options is not None:
        yield from options(state, seat, p, p.task)


def _start_options(state: State, seat: int, p: Player, t: Task) -> Iterator[Command]:
    yield from (StartAction(i) for i in startable(state, seat))


def _placing_options(state: State, seat: int, p: Player, t: Task) -> Iterator[Command]:
    yield from _placements(state, p, t.gains, t.huts)


def _draw_options(state: State, seat: int, p: Player, t: Task) -> Iterator[Command]:
    if state.deck or state.discard:
        yield DrawTerrain()


def _card_options(state: State, seat: int, p: Player, t: Task) -> Iterator[Command]:
    if t.step is Step.PLACE_CARD or state.display[t.count - 1] is not None:
        yield from (PlaceCard(r, c) for r, c in open_positions(p))


def _tree_options(state: State, seat: int, p: Player, t: Task) -> Iterator[Command]:
    if t.count > 0:
        yield from _placements(state, p, (Item.TREE,), False)


def _fruit_on_tree_options(state: State, seat: int, p: Player, t: Task) -> Iterator[Command]:
    ci, fi = t.anchor
    card = p.cards[ci]
    if supply_left(p, Item.FRUIT) > 0 and card.items[fi] == TRE and card.tops[fi] == EMPTY:
        yield PlaceItem(Item.FRUIT, ci, fi + 1)


def _train_options(state: State, seat: int, p: Player, t: Task) -> Iterator[Command]:
    if t.count > 0 and training_works(state):
        yield from (TrainFamily(ci, fi + 1) for ci, fi in spots(p, FAM))


def _cost_options(state: State, seat: int, p: Player, t: Task) -> Iterator[Command]:
    if p.gold >= action_of(state, t).cost:
        yield PayCost()


def _choice_options(state: State, seat: int, p: Player, t: Task) -> Iterator[Command]:
    for i, option in enumerate(action_of(state, t).options):
        if gain_possible(p, option):
            yield ChooseAlternative(i)


def _location_options(state: State, seat: int, p: Player, t: Task) -> Iterator[Command]:
    if t.count > 0:
        yield from (PayTree(ci, fi + 1) for ci, fi in spots(p, TRE))


def _worker_options(state: State, seat: int, p: Player, t: Task) -> Iterator[Command]:
    yield from (PlaceWorker(sid) for sid in space_ids(state.seats) if space_open(state, seat, sid))


def space_open(state: State, seat: int, sid: str) -> bool:
    """May the seat put its worker on this space of the game? (AT-02 free, AT-08 not both arrow-joined spaces)"""
    if any(sp == sid for sp, _, _ in state.occupied):
        return False
    arrow = space_arrow(state, sid)
    return not (arrow and any(sp == arrow and s == seat and r == state.round for sp, s, r in state.occupied))


def _placements(state: State, p: Player, gains: tuple[Item, ...], huts: bool) -> Iterator[Command]:
    seen: list[Item] = []
    for kind in gains:
        if kind in seen:
            continue
        seen.append(kind)
        if supply_left(p, kind) <= 0:
            continue
        combine = kind is Item.FAMILY and can_combine_training(state, p.task)
        for ci, fi in targets(p, kind, huts):
            yield PlaceItem(kind, ci, fi + 1)
            if combine:
                yield PlaceItem(kind, ci, fi + 1, True)


def can_combine_training(state: State, t: Task) -> bool:
    """AT-28: a family gained on a space that also offers a training may arrive trained."""
    if state.phase is not Phase.WORK or not t.space or not training_works(state):
        return False
    actions = space_actions(state, t.space)
    return any(actions[i].act is Act.TRAIN for i in t.remaining)


def gain_possible(p: Player, items: tuple[tuple[Item, int], ...]) -> bool:
    return gold_of(items) > 0 or any(can_place(p, kind) for kind in set(pieces_of(items)))


def location_gold(action: Action) -> int:
    assert action.location is not None
    card = LOCATIONS[action.location]
    return card.cost_gold_right if action.right else card.cost_gold_left


def _possible(state: State, p: Player, action: Action) -> bool:
    """Could this action do anything now? (An action that cannot is never offered.)"""
    act = action.act
    if act is Act.TAKE:
        return gain_possible(p, action.items)
    if act is Act.TERRAIN_DRAW:
        return bool(state.deck or state.discard)
    if act is Act.TERRAIN_TAKE:
        return action.n <= len(state.display) and state.display[action.n - 1] is not None
    if act is Act.TREE_WITH_FRUIT:
        return can_place(p, Item.TREE)
    if act is Act.CHOICE:
        return any(gain_possible(p, option) for option in action.options)
    if act is Act.TRAIN:
        return training_works(state) and untrained_count(p) > 0
    if act in (Act.PAID_TRAIN, Act.EXCHANGE):
        return p.gold >= action.cost
    if act is Act.PER_NATURE:
        return nature(p) > 0
    if act is Act.LOCATION:
        assert action.location is not None
        card = LOCATIONS[action.location]
        return (
            state.stacks[LOCATION_ORDER.index(action.location)] > 0
            and p.taken[ROW[Item.TREE]] >= card.cost_trees
            and p.gold >= location_gold(action)
        )
    return bool(targets(p, Item.BAT, huts=True))  # BATS_INTO_HUTS


def startable(state: State, seat: int) -> list[int]:
    p = state.players[seat]
    t = p.task
    actions = space_actions(state, t.space)
    out = []
    for i in t.remaining:
        action = actions[i]
        if action.bonus and not (t.main_done and terrain_cards(p) >= 4):  # AT-19
            continue
        if _possible(state, p, action):
            out.append(i)
    return out


def terrain_cards(p: Player) -> int:
    return sum(1 for c in p.cards if c.cid in TERRAIN_CIDS)


def fb_can_finish(p: Player, bats: int, fruit: bool) -> bool:
    """Can `bats` more bats be flown (and the fruit paid) so that a tree then has room? (AT-66, AT-G18)"""
    if supply_left(p, Item.TREE) <= 0:
        return False
    if bats and count(p, Item.BAT) < bats:
        return False
    if fruit and not spots(p, FRT, True):
        return False
    if targets(p, Item.TREE):
        return True
    # Room can only appear by emptying an empty field on a card that already has a tree.
    for card in p.cards:
        if TRE in card.items:
            for fi in E_FIELDS[card.cid]:
                it = card.items[fi]
                if (bats and it == BAT) or (fruit and it == FRT):
                    return True
    return False


def _fly_options(state: State, seat: int, p: Player, t: Task) -> Iterator[Command]:
    bats = t.count
    if not fb_can_finish(p, bats, True):
        return
    for ci, fi in spots(p, BAT, True):
        if fb_can_finish(remove_piece(p, ci, fi, BAT), bats - 1, True):
            yield FlyBat(ci, fi + 1)


def _fruit_options(state: State, seat: int, p: Player, t: Task) -> Iterator[Command]:
    for ci, fi in spots(p, FRT, True):
        if targets(remove_piece(p, ci, fi, FRT), Item.TREE):
            yield PayFruit(ci, fi + 1)


def food_need(p: Player) -> int:
    """AT-80: family row value minus goat row value."""
    return ROW_VALUE[Item.FAMILY][p.taken[ROW[Item.FAMILY]]] - ROW_VALUE[Item.GOAT][p.taken[ROW[Item.GOAT]]]


def food_total(p: Player, bats_allowed: int) -> int:
    """Everything the player may pay as food (AT-81, AT-82)."""
    return (
        FOOD_VALUE[Item.GOAT] * count(p, Item.GOAT)
        + FOOD_VALUE[Item.WILD] * count(p, Item.WILD)
        + FOOD_VALUE[Item.FRUIT] * count(p, Item.FRUIT)
        + FOOD_VALUE[Item.GOLD] * p.gold
        + FOOD_VALUE[Item.BAT] * min(count(p, Item.BAT), bats_allowed)
    )


@cache
def _completable(paid: int, least: int, need: int, ones: int, twos: int, threes: int) -> bool:
    """AT-84: can more pieces (values 1, 2, 3) be added so that the sum reaches `need` and no piece is superfluous?"""
    for q3 in range(threes + 1):
        for q2 in range(twos + 1):
            base = paid + 3 * q3 + 2 * q2
            q1 = max(0, need - base)
            if q1 > ones:
                continue
            smallest = least
            for used, value in ((q3, 3), (q2, 2), (q1, 1)):
                if used:
                    smallest = value if smallest == 0 else min(smallest, value)
            if base + q1 >= need and base + q1 - smallest < need:
                return True
    return False


def food_piece_ok(paid: int, least: int, need: int, value: int, ones: int, twos: int, threes: int) -> bool:
    """May a piece worth `value` be paid next? (ones/twos/threes: what would remain after it.)"""
    total = paid + value
    smallest = value if least == 0 else min(least, value)
    if total >= need:
        return total - smallest < need
    return _completable(total, smallest, need, ones, twos, threes)


def _feed_options(state: State, seat: int, p: Player, t: Task) -> Iterator[Command]:
    if t.shortage:  # AT-85: everything is paid; only which bats (if not all may be eaten) is a choice
        if 0 < t.bats < count(p, Item.BAT):
            yield from (PayFood(Item.BAT, ci, fi + 1) for ci, fi in spots(p, BAT, True))
        return
    if t.paid >= t.need:
        return
    for kind in FOOD_KINDS:
        if not food_kind_ok(p, t, kind):
            continue
        if kind is Item.GOLD:
            yield PayFood(Item.GOLD)
        else:
            yield from (PayFood(kind, ci, fi + 1) for ci, fi in spots(p, CODE[kind], True))


FOOD_KINDS = (Item.GOAT, Item.WILD, Item.FRUIT, Item.GOLD, Item.BAT)  # the order feeding offers them in


def food_kind_ok(p: Player, t: Task, kind: Item) -> bool:
    """Outside a shortage: may a piece of this kind be paid next as food? (AT-81, AT-82, AT-84)"""
    goats, wild, fruit = count(p, Item.GOAT), count(p, Item.WILD), count(p, Item.FRUIT)
    bats = min(count(p, Item.BAT), t.bats)
    avail = {Item.GOAT: goats, Item.WILD: wild, Item.FRUIT: fruit, Item.GOLD: p.gold, Item.BAT: bats}.get(kind, 0)
    if avail <= 0:
        return False
    value = FOOD_VALUE[kind]
    ones = fruit + p.gold + bats
    left = (ones - (value == 1), wild - (value == 2), goats - (value == 3))
    return food_piece_ok(t.paid, t.least, t.need, value, *left)


def _breed_options(state: State, seat: int, p: Player, t: Task) -> Iterator[Command]:
    for kind, _ in BREEDING[state.round]:
        if breedable(state, p, kind):
            yield from (PlaceItem(kind, ci, fi + 1) for ci, fi in targets(p, kind))


def breedable(state: State, p: Player, kind: Item) -> bool:
    """AT-86: a condition of this round not yet resolved, met, with a piece left in the supply."""
    return any(
        k == kind and kind not in p.task.used and count(p, kind) >= least and supply_left(p, kind) > 0
        for k, least in BREEDING[state.round]
    )


_StepOptions = Callable[[State, int, Player, Task], Iterator[Command]]
_STEP_OPTIONS: dict[Step, _StepOptions] = {
    Step.PLACE_WORKER: _worker_options,
    Step.CHOOSE_ACTION: _start_options,
    **dict.fromkeys(PLACING_STEPS, _placing_options),
    Step.DRAW_TERRAIN: _draw_options,
    Step.PLACE_CARD: _card_options,
    Step.TAKE_CARD: _card_options,
    Step.TREE_WITH_FRUIT: _tree_options,
    Step.FRUIT_ON_TREE: _fruit_on_tree_options,
    Step.TRAIN: _train_options,
    Step.PAY_COST: _cost_options,
    Step.CHOOSE: _choice_options,
    Step.LOCATION: _location_options,
    Step.FRUIT_BAT: _fly_options,
    Step.PAY_FRUIT: _fruit_options,
    Step.FEED: _feed_options,
    Step.BREED: _breed_options,
}
