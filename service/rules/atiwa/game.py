"""The decider: setup, decide, evolve, legal_commands.

Every decision a player makes is one small command (a sub-step design: a worker, then each action of its
space, then each piece and where it goes, ...), so the legal-command list stays complete, exact and short.
Between decisions `_advance` emits the automatic events (income, pollution, starting the next step, the
end of a round) until some seat has a real choice again; a step whose only option would be `Pass` closes
by itself.

Engine readings where the rulebook leaves the mechanics open (each also noted where it is coded):

- Gold an action offers is always taken in full (AT-04 allows fewer, but more gold can never hurt: it
  only adds points and food), so a space whose one possible action is gold needs no decision.
- When exactly one action of a space can still do something it starts by itself; its first decision
  always includes Pass, so nothing is lost. The plain takes of one space are one action (state.py
  `_merge_takes`): their pieces are placed one at a time in any order (AT-03, AT-106).
- AT-19: the bonus needs the main action *performed* (a card drawn, a tree placed), not merely chosen.
- A location payment and a fruit bat action cannot be abandoned once the first tree or bat is chosen;
  every step of them is offered only when it can still be completed (AT-20, AT-66, AT-G18).
- Feeding (AT-84) is paid piece by piece; a piece is offered only if some completion of the payment is
  neither short nor overpaid, and the payment ends as soon as the need is met. In a shortage (AT-85)
  everything is paid automatically, except which bats to eat when not all of them may be eaten.
- The terrain deck and the pollution bag are kept as compositions; each draw picks at random when it
  happens (AT-R2, AT-R5, AT-R6), so the state never holds the secret order the rulebook hides.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from functools import cache
from typing import Any

from service.rules.atiwa.data.board import (
    BREEDING,
    COMPENSATION,
    DISPLAY_SIZE,
    SOLO_BLOCK_ROUNDS,
    START_COL,
    START_FAMILY_FIELD,
    START_ROW,
    TILE_IDS,
    Act,
    Action,
)
from service.rules.atiwa.data.cards import (
    LOCATION_ORDER,
    LOCATIONS,
    TERRAIN_CIDS,
    TERRAIN_NUMBERS,
    FieldType,
    Location,
    terrain_cid,
)
from service.rules.atiwa.data.challenges import CHALLENGES, challenge_for
from service.rules.atiwa.data.pieces import (
    FOOD_VALUE,
    FRUIT_BAT_FLIGHT,
    PAID_TRAININGS,
    POLLUTION_BAG,
    ROUNDS,
    ROW_VALUE,
    SHORTAGE_PENALTY,
    SUPPLY_SIZE,
    TURNS_PER_ROUND,
    Item,
)
from service.rules.atiwa.messages import (
    ActionFinished,
    ActionStarted,
    AlternativeChosen,
    BatFlown,
    BatsReleased,
    BreedingStarted,
    CardPlaced,
    ChooseAlternative,
    Command,
    CostPaid,
    DisplayRefreshed,
    DrawTerrain,
    Event,
    FamiliesMigrated,
    FamilyTrained,
    FeedingStarted,
    FlyBat,
    FoodPaid,
    FoodShortage,
    FruitDeclined,
    FruitPaid,
    GameFinished,
    GameSetUp,
    IncomeCollected,
    ItemPlaced,
    LocationBought,
    MaintenanceFinished,
    NightBatsReturning,
    PaidPiece,
    Pass,
    PayCost,
    PayFood,
    PayFruit,
    PayTree,
    PlaceCard,
    PlaceItem,
    PlaceWorker,
    ProductionStarted,
    RoundStarted,
    Spot,
    StartAction,
    StepFinished,
    TerrainDrawn,
    TrainFamily,
    TreePaid,
    TurnEnded,
    WorkerActionEnded,
    WorkerPlaced,
    WorkersReturned,
)
from service.rules.atiwa.scoring import final_winners, goal_met, result
from service.rules.atiwa.state import (
    BAT,
    CODE,
    E_FIELDS,
    EMPTY,
    FAM,
    FRT,
    GOT,
    IDLE_TASK,
    NO_FIELDS,
    POL,
    ROW,
    STAGE_BATS,
    STAGE_BREED,
    STAGE_FEED,
    STAGE_FRUIT,
    STAGE_RETURN,
    STAGE_TREES,
    TRE,
    TRN,
    WLD,
    Card,
    Phase,
    Player,
    State,
    Step,
    Task,
    action_of,
    can_place,
    count,
    current_seat,
    gold_of,
    is_solo,
    nature,
    open_positions,
    pieces_of,
    pollution_spots,
    replace,
    seat_order,
    space_actions,
    space_arrow,
    space_ids,
    spots,
    supply_left,
    targets,
    trained_count,
    training_works,
    untrained_count,
)
from service.rules.core import IllegalCommand, InvalidOptions, Rng

# The Village field type each compensation piece goes on (AT-S15).
_COMPENSATION_FIELD = {Item.BAT: FieldType.B, Item.WILD: FieldType.W, Item.GOAT: FieldType.G}

# Steps closed by ActionFinished, and the steps where Pass is offered (besides LOCATION/FRUIT_BAT before
# they are begun).
_ACTION_STEPS = frozenset(
    {
        Step.DRAW_TERRAIN,
        Step.TAKE_CARD,
        Step.PLACE_ITEMS,
        Step.TREE_WITH_FRUIT,
        Step.TRAIN,
        Step.PAY_COST,
        Step.CHOOSE,
        Step.LOCATION,
        Step.ACTION_END,
    }
)
_PASS_STEPS = frozenset(
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
_PLACING_STEPS = frozenset({Step.PLACE_ITEMS, Step.PRODUCE, Step.RETURN_BATS, Step.BAT_TREE})


# --- setup ------------------------------------------------------------------------------------------


def initial_state(seats: int, options: Mapping[str, Any]) -> State:
    return State(seats=seats, challenge=int(options.get("challenge", 0)))


def setup(options: Mapping[str, Any], seats: int, rng: Rng) -> list[Event]:
    if not 1 <= seats <= 4:
        raise InvalidOptions(f"Atiwa is for 1 to 4 players, not {seats}")
    number = int(options.get("challenge", 0))
    if number and number not in CHALLENGES:
        raise InvalidOptions(f"there is no challenge {number}; the challenges are 1 to {len(CHALLENGES)}")
    if number and seats != 1:
        raise InvalidOptions("the challenges are for the solo game only (1 player)")
    tiles = rng.shuffled(TILE_IDS)  # AT-S3 / AT-R1
    start = rng.below(seats)  # AT-S14 / AT-R4
    deck = [] if seats == 1 and challenge_for(number).no_terrain else list(TERRAIN_NUMBERS)  # AT-C4
    display: list[int | None] = []
    for _ in range(DISPLAY_SIZE[seats]):  # AT-S5 / AT-R3
        display.append(deck.pop(rng.below(len(deck))) if deck else None)
    return [GameSetUp(seats=seats, challenge=number, tiles=tiles, display=tuple(display), start_player=start)]


# --- decide -----------------------------------------------------------------------------------------


def decide(state: State, seat: int | None, command: Command, rng: Rng, now_ms: int = 0) -> list[Event]:
    if not isinstance(command, _COMMAND_CLASSES):
        raise TypeError(f"not an Atiwa command: {command!r}")
    if state.phase is Phase.FINISHED:
        raise IllegalCommand("the game is over", "GAME_OVER")
    if state.phase is Phase.SETUP:
        raise IllegalCommand("the game has not been set up yet", "WRONG_PHASE")
    if seat is None or not 0 <= seat < state.seats:
        raise IllegalCommand("only a seated player can act in Atiwa; it has no automatic commands", "NOT_A_SEAT")
    step = state.players[seat].task.step
    if step is Step.IDLE:
        raise IllegalCommand(f"it is seat {current_seat(state)}'s turn, not yours", "NOT_YOUR_TURN")
    if step is Step.DONE:
        raise IllegalCommand("you have finished this maintenance phase; the others are still at it", "NOT_YOUR_TURN")
    if command not in legal_commands(state, seat):
        raise _refusal(state, seat, command)
    events = _primary(state, seat, command, rng)
    after = state
    for event in events:
        after = evolve(after, event)
    return events + _advance(after, rng)


def _primary(state: State, seat: int, command: Command, rng: Rng) -> list[Event]:
    p = state.players[seat]
    t = p.task
    if isinstance(command, PlaceWorker):
        return [WorkerPlaced(seat, command.space)]
    if isinstance(command, StartAction):
        return [_started(state, seat, command.action)]
    if isinstance(command, Pass):
        return [_closing(state, seat)]
    if isinstance(command, DrawTerrain):
        deck = state.deck or tuple(sorted(state.discard))  # AT-10: the discard pile becomes the deck
        return [TerrainDrawn(seat, deck[rng.below(len(deck))])]
    if isinstance(command, PlaceCard):
        if t.step is Step.TAKE_CARD:
            card = state.display[t.count - 1]
            assert card is not None
            return [CardPlaced(seat, card, command.row, command.col, t.count)]
        if t.card in TERRAIN_CIDS:
            return [CardPlaced(seat, int(t.card[1:]), command.row, command.col, None)]
        location = Location(t.card)
        return [LocationBought(seat, location, _location_gold(action_of(state, t)), command.row, command.col)]
    if isinstance(command, PlaceItem):
        before = p.cards[command.card].items[command.field - 1]
        returned = command.kind is Item.FAMILY and before == BAT and not command.trained
        return [ItemPlaced(seat, command.kind, command.card, command.field, command.trained, returned)]
    if isinstance(command, TrainFamily):
        return [FamilyTrained(seat, command.card, command.field)]
    if isinstance(command, PayCost):
        return [CostPaid(seat, action_of(state, t).cost)]
    if isinstance(command, ChooseAlternative):
        option = action_of(state, t).options[command.option]
        return [AlternativeChosen(seat, command.option, gold_of(option))]
    if isinstance(command, PayTree):
        return [TreePaid(seat, command.card, command.field)]
    if isinstance(command, FlyBat):
        return [BatFlown(seat, command.card, command.field)]
    if isinstance(command, PayFruit):
        return [FruitPaid(seat, command.card, command.field)]
    return [FoodPaid(seat, command.kind, command.card, command.field)]


def _refusal(state: State, seat: int, command: Command) -> IllegalCommand:
    """Why a command that is not in the legal list is refused, in words the player understands."""
    t = state.players[seat].task
    wanted = _STEP_COMMANDS.get(t.step, ())
    if not isinstance(command, wanted) and not (isinstance(command, Pass) and t.step in _PASS_STEPS):
        return IllegalCommand(f"you cannot do that now: {_STEP_HINT.get(t.step, 'wait')}", "WRONG_STEP")
    if isinstance(command, PlaceWorker):
        if command.space not in space_ids(state.seats):
            return IllegalCommand(f"you cannot use {command.space!r}: this game has no such space", "UNKNOWN_SPACE")
        if any(sp == command.space for sp, _, _ in state.occupied):
            return IllegalCommand(f"you cannot use action space {command.space}: it is occupied", "SPACE_OCCUPIED")
        arrow = space_arrow(state, command.space)
        return IllegalCommand(
            f"you already occupy {arrow} this round, and with four players nobody may occupy both {arrow} and"
            f" {command.space}",
            "ARROW_PAIR",
        )
    if isinstance(command, Pass):
        return IllegalCommand(f"you may not pass here: {_STEP_HINT.get(t.step, 'continue')}", "MUST_CONTINUE")
    return IllegalCommand(f"you cannot {_describe(command)} now: {_STEP_HINT.get(t.step, 'wait')}", "NOT_ALLOWED")


def _describe(command: Command) -> str:
    """A command in words, for refusals."""
    where = ""
    card, field = getattr(command, "card", None), getattr(command, "field", None)
    if card is not None:
        where = f" on card {card} field {field}"
    if isinstance(command, PlaceWorker):
        return f"place a worker on {command.space}"
    if isinstance(command, StartAction):
        return f"start action {command.action} of your space"
    if isinstance(command, DrawTerrain):
        return "draw a terrain card"
    if isinstance(command, PlaceCard):
        return f"place the card at row {command.row}, column {command.col}"
    if isinstance(command, PlaceItem):
        trained = " trained" if command.trained else ""
        return f"place a{trained} {command.kind.lower()}{where}"
    if isinstance(command, TrainFamily):
        return f"train the family{where}"
    if isinstance(command, PayCost):
        return "pay the gold of this action"
    if isinstance(command, ChooseAlternative):
        return f"choose alternative {command.option}"
    if isinstance(command, PayTree):
        return f"pay the tree{where}"
    if isinstance(command, FlyBat):
        return f"fly the bat{where} to your night card"
    if isinstance(command, PayFruit):
        return f"pay the fruit{where}"
    if isinstance(command, PayFood):
        return f"pay a {command.kind.lower()}{where} as food"
    return "pass"


_STEP_COMMANDS: dict[Step, tuple[type, ...]] = {
    Step.PLACE_WORKER: (PlaceWorker,),
    Step.CHOOSE_ACTION: (StartAction,),
    Step.DRAW_TERRAIN: (DrawTerrain,),
    Step.PLACE_CARD: (PlaceCard,),
    Step.TAKE_CARD: (PlaceCard,),
    Step.PLACE_ITEMS: (PlaceItem,),
    Step.TREE_WITH_FRUIT: (PlaceItem,),
    Step.FRUIT_ON_TREE: (PlaceItem,),
    Step.TRAIN: (TrainFamily,),
    Step.PAY_COST: (PayCost,),
    Step.CHOOSE: (ChooseAlternative,),
    Step.LOCATION: (PayTree, Pass),
    Step.FRUIT_BAT: (FlyBat, Pass),
    Step.PAY_FRUIT: (PayFruit,),
    Step.BAT_TREE: (PlaceItem,),
    Step.PRODUCE: (PlaceItem,),
    Step.RETURN_BATS: (PlaceItem,),
    Step.FEED: (PayFood,),
    Step.BREED: (PlaceItem,),
}
_STEP_HINT: dict[Step, str] = {
    Step.PLACE_WORKER: "place a worker on a free action space",
    Step.CHOOSE_ACTION: "start one of your space's actions, or pass",
    Step.DRAW_TERRAIN: "draw a terrain card, or pass",
    Step.PLACE_CARD: "place the card you gained next to one of your cards",
    Step.TAKE_CARD: "place the displayed terrain card next to one of your cards, or pass",
    Step.PLACE_ITEMS: "place the pieces you gain, or pass",
    Step.TREE_WITH_FRUIT: "place the tree, or pass",
    Step.FRUIT_ON_TREE: "put the fruit on the new tree, or pass",
    Step.TRAIN: "train an untrained family, or pass",
    Step.PAY_COST: "pay the gold, or pass",
    Step.CHOOSE: "choose one alternative, or pass",
    Step.LOCATION: "pay the trees for the location card",
    Step.FRUIT_BAT: "fly bats to your night card for the fruit bat action (or pass before the first)",
    Step.PAY_FRUIT: "pay a fruit for the fruit bat action",
    Step.BAT_TREE: "place the tree the fruit bats bring",
    Step.PRODUCE: "place the pieces your supply board produces, or pass",
    Step.RETURN_BATS: "place the bats returning from your night card",
    Step.FEED: "pay food for your families",
    Step.BREED: "breed a piece whose condition you meet, or pass",
}


# --- legal commands ---------------------------------------------------------------------------------


def legal_commands(state: State, seat: int | None) -> list[Command]:
    if seat is None or state.phase not in (Phase.WORK, Phase.MAINTENANCE) or not 0 <= seat < state.seats:
        return []
    t = state.players[seat].task
    found: list[Command] = list(_options(state, seat))
    if found and (t.step in _PASS_STEPS or (t.step in (Step.LOCATION, Step.FRUIT_BAT) and not t.started)):
        found.append(Pass())
    return found


def _has_options(state: State, seat: int) -> bool:
    return next(_options(state, seat), None) is not None


def _options(state: State, seat: int) -> Iterator[Command]:
    """Every command of the seat's current step except Pass (which legal_commands adds)."""
    p = state.players[seat]
    t = p.task
    step = t.step
    if step is Step.PLACE_WORKER:
        yield from _worker_options(state, seat)
    elif step is Step.CHOOSE_ACTION:
        yield from (StartAction(i) for i in _startable(state, seat))
    elif step in _PLACING_STEPS:
        yield from _placements(state, p, t.gains, t.huts)
    elif step is Step.DRAW_TERRAIN:
        if state.deck or state.discard:
            yield DrawTerrain()
    elif step is Step.PLACE_CARD or (step is Step.TAKE_CARD and state.display[t.count - 1] is not None):
        yield from (PlaceCard(r, c) for r, c in open_positions(p))
    elif step is Step.TREE_WITH_FRUIT:
        if t.count > 0:
            yield from _placements(state, p, (Item.TREE,), False)
    elif step is Step.FRUIT_ON_TREE:
        ci, fi = t.anchor
        card = p.cards[ci]
        if supply_left(p, Item.FRUIT) > 0 and card.items[fi] == TRE and card.tops[fi] == EMPTY:
            yield PlaceItem(Item.FRUIT, ci, fi + 1)
    elif step is Step.TRAIN:
        if t.count > 0 and training_works(state):
            yield from (TrainFamily(ci, fi + 1) for ci, fi in spots(p, FAM))
    elif step is Step.PAY_COST:
        if p.gold >= action_of(state, t).cost:
            yield PayCost()
    elif step is Step.CHOOSE:
        for i, option in enumerate(action_of(state, t).options):
            if _gain_possible(p, option):
                yield ChooseAlternative(i)
    elif step is Step.LOCATION:
        if t.count > 0:
            yield from (PayTree(ci, fi + 1) for ci, fi in spots(p, TRE))
    elif step is Step.FRUIT_BAT:
        yield from _fly_options(p, t.count)
    elif step is Step.PAY_FRUIT:
        yield from _fruit_options(p)
    elif step is Step.FEED:
        yield from _feed_options(p, t)
    elif step is Step.BREED:
        yield from _breed_options(state, p)


def _worker_options(state: State, seat: int) -> Iterator[Command]:
    taken = {sp for sp, _, _ in state.occupied}
    mine = {sp for sp, s, r in state.occupied if s == seat and r == state.round}
    for sid in space_ids(state.seats):
        if sid in taken:  # AT-02
            continue
        arrow = space_arrow(state, sid)
        if arrow and arrow in mine:  # AT-08
            continue
        yield PlaceWorker(sid)


def _placements(state: State, p: Player, gains: tuple[Item, ...], huts: bool) -> Iterator[Command]:
    seen: list[Item] = []
    for kind in gains:
        if kind in seen:
            continue
        seen.append(kind)
        if supply_left(p, kind) <= 0:
            continue
        combine = kind is Item.FAMILY and _can_combine_training(state, p.task)
        for ci, fi in targets(p, kind, huts):
            yield PlaceItem(kind, ci, fi + 1)
            if combine:
                yield PlaceItem(kind, ci, fi + 1, True)


def _can_combine_training(state: State, t: Task) -> bool:
    """AT-28: a family gained on a space that also offers a training may arrive trained."""
    if state.phase is not Phase.WORK or not t.space or not training_works(state):
        return False
    actions = space_actions(state, t.space)
    return any(actions[i].act is Act.TRAIN for i in t.remaining)


def _gain_possible(p: Player, items: tuple[tuple[Item, int], ...]) -> bool:
    return gold_of(items) > 0 or any(can_place(p, kind) for kind in set(pieces_of(items)))


def _location_gold(action: Action) -> int:
    assert action.location is not None
    card = LOCATIONS[action.location]
    return card.cost_gold_right if action.right else card.cost_gold_left


def _possible(state: State, p: Player, action: Action) -> bool:
    """Could this action do anything now? (An action that cannot is never offered.)"""
    act = action.act
    if act is Act.TAKE:
        return _gain_possible(p, action.items)
    if act is Act.TERRAIN_DRAW:
        return bool(state.deck or state.discard)
    if act is Act.TERRAIN_TAKE:
        return action.n <= len(state.display) and state.display[action.n - 1] is not None
    if act is Act.TREE_WITH_FRUIT:
        return can_place(p, Item.TREE)
    if act is Act.CHOICE:
        return any(_gain_possible(p, option) for option in action.options)
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
            and p.gold >= _location_gold(action)
        )
    return bool(targets(p, Item.BAT, huts=True))  # BATS_INTO_HUTS


def _startable(state: State, seat: int) -> list[int]:
    p = state.players[seat]
    t = p.task
    actions = space_actions(state, t.space)
    out = []
    for i in t.remaining:
        action = actions[i]
        if action.bonus and not (t.main_done and _terrain_cards(p) >= 4):  # AT-19
            continue
        if _possible(state, p, action):
            out.append(i)
    return out


def _terrain_cards(p: Player) -> int:
    return sum(1 for c in p.cards if c.cid in TERRAIN_CIDS)


def _started(state: State, seat: int, index: int) -> ActionStarted:
    p = state.players[seat]
    action = space_actions(state, p.task.space)[index]
    gold = 0
    if action.act is Act.TAKE:
        gold = gold_of(action.items)
    elif action.act is Act.PER_NATURE:
        gold = gold_of(action.items) * nature(p)  # AT-18
    return ActionStarted(seat, index, gold)


# --- the fruit bat action (AT-65..AT-68) ------------------------------------------------------------


def _fb_can_finish(p: Player, bats: int, fruit: bool) -> bool:
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


def _fly_options(p: Player, bats: int) -> Iterator[Command]:
    if not _fb_can_finish(p, bats, True):
        return
    for ci, fi in spots(p, BAT, True):
        if _fb_can_finish(_remove(p, ci, fi, BAT), bats - 1, True):
            yield FlyBat(ci, fi + 1)


def _fruit_options(p: Player) -> Iterator[Command]:
    for ci, fi in spots(p, FRT, True):
        if targets(_remove(p, ci, fi, FRT), Item.TREE):
            yield PayFruit(ci, fi + 1)


# --- feeding (AT-80..AT-85) -------------------------------------------------------------------------


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


def _feed_options(p: Player, t: Task) -> Iterator[Command]:
    if t.shortage:  # AT-85: everything is paid; only which bats (if not all may be eaten) is a choice
        if 0 < t.bats < count(p, Item.BAT):
            yield from (PayFood(Item.BAT, ci, fi + 1) for ci, fi in spots(p, BAT, True))
        return
    if t.paid >= t.need:
        return
    goats, wild, fruit = count(p, Item.GOAT), count(p, Item.WILD), count(p, Item.FRUIT)
    bats = min(count(p, Item.BAT), t.bats)
    ones = fruit + p.gold + bats
    for kind, avail in (
        (Item.GOAT, goats),
        (Item.WILD, wild),
        (Item.FRUIT, fruit),
        (Item.GOLD, p.gold),
        (Item.BAT, bats),
    ):
        if avail <= 0:
            continue
        value = FOOD_VALUE[kind]
        left = (ones - (value == 1), wild - (value == 2), goats - (value == 3))
        if not food_piece_ok(t.paid, t.least, t.need, value, *left):
            continue
        if kind is Item.GOLD:
            yield PayFood(Item.GOLD)
        else:
            yield from (PayFood(kind, ci, fi + 1) for ci, fi in spots(p, CODE[kind], True))


def _shortage(state: State, seat: int) -> FoodShortage:
    """AT-85: pay everything still payable; 2 points per missing food."""
    p = state.players[seat]
    t = p.task
    pieces: list[PaidPiece] = []
    value = p.gold
    for kind in (Item.GOAT, Item.WILD, Item.FRUIT, Item.BAT):
        if kind is Item.BAT and count(p, Item.BAT) > t.bats:
            continue  # none may be eaten any more (the player chose the ones that could)
        for ci, fi in spots(p, CODE[kind], True):
            pieces.append(PaidPiece(kind, ci, fi + 1))
            value += FOOD_VALUE[kind]
    missing = max(0, t.need - t.paid - value)
    return FoodShortage(seat, p.gold, tuple(pieces), missing, SHORTAGE_PENALTY * missing)


# --- breeding (AT-86) -------------------------------------------------------------------------------


def _breed_options(state: State, p: Player) -> Iterator[Command]:
    for kind, least in BREEDING[state.round]:
        if kind in p.task.used or count(p, kind) < least or supply_left(p, kind) <= 0:
            continue
        yield from (PlaceItem(kind, ci, fi + 1) for ci, fi in targets(p, kind))


# --- the automatic steps between decisions ----------------------------------------------------------


def _advance(state: State, rng: Rng) -> list[Event]:
    out: list[Event] = []
    while True:
        events = _automatic(state, rng)
        if not events:
            return out
        for event in events:
            state = evolve(state, event)
            out.append(event)


def _automatic(state: State, rng: Rng) -> list[Event]:
    if state.phase is Phase.WORK:
        return _automatic_for(state, current_seat(state))
    if state.phase is not Phase.MAINTENANCE:
        return []
    order = seat_order(state)
    for seat in order:  # AT-71: step 1 for every player first, clockwise from the start player
        if state.players[seat].task.step is Step.INCOME:
            return [_income(state, seat, rng)]
    for seat in order:
        events = _automatic_for(state, seat)
        if events:
            return events
    if all(p.task.step is Step.DONE for p in state.players):
        return _end_of_round(state, rng)
    return []


def _automatic_for(state: State, seat: int) -> list[Event]:
    t = state.players[seat].task
    step = t.step
    if step in (Step.IDLE, Step.DONE, Step.PLACE_WORKER):
        return []
    if step is Step.CHOOSE_ACTION:
        startable = _startable(state, seat)
        if not startable:
            return [WorkerActionEnded(seat)]
        return [_started(state, seat, startable[0])] if len(startable) == 1 else []
    if step is Step.NEXT:
        return [_stage_start(state, seat)]
    if _has_options(state, seat):
        return []
    return [_closing(state, seat)]


def _closing(state: State, seat: int) -> Event:
    """The event that ends the seat's current step (Pass, or nothing left to decide)."""
    p = state.players[seat]
    t = p.task
    step = t.step
    if step in _ACTION_STEPS:
        return ActionFinished(seat, t.did)
    if step is Step.CHOOSE_ACTION:
        return WorkerActionEnded(seat)
    if step is Step.FRUIT_ON_TREE:
        return FruitDeclined(seat)
    if step in (Step.FRUIT_BAT, Step.TURN_END):
        return TurnEnded(seat)
    if step is Step.PRODUCE:
        return StepFinished(seat)
    if step is Step.RETURN_BATS:
        return BatsReleased(seat, p.night)  # AT-79: the rest go to the general supply
    if step is Step.FEED:
        return _shortage(state, seat) if t.shortage else StepFinished(seat)
    if step is Step.BREED:
        return MaintenanceFinished(seat)
    raise AssertionError(f"step {step} cannot close by itself")  # pragma: no cover - a bug, not a player error


def _stage_start(state: State, seat: int) -> Event:
    p = state.players[seat]
    stage = p.task.stage
    if stage == STAGE_TREES:  # AT-78 (1): wild animals -> trees
        return ProductionStarted(seat, Item.TREE, ROW_VALUE[Item.WILD][p.taken[ROW[Item.WILD]]])
    if stage == STAGE_FRUIT:  # AT-78 (2): trees -> fruit
        return ProductionStarted(seat, Item.FRUIT, ROW_VALUE[Item.TREE][p.taken[ROW[Item.TREE]]])
    if stage == STAGE_BATS:  # AT-78 (3): fruit -> bats
        return ProductionStarted(seat, Item.BAT, ROW_VALUE[Item.FRUIT][p.taken[ROW[Item.FRUIT]]])
    if stage == STAGE_RETURN:
        return NightBatsReturning(seat, p.night)
    if stage == STAGE_FEED:
        need, allowed = food_need(p), untrained_count(p)
        return FeedingStarted(seat, need, allowed, need > 0 and food_total(p, allowed) < need)
    return BreedingStarted(seat)


def _income(state: State, seat: int, rng: Rng) -> IncomeCollected:
    """AT-72..AT-76: wage per trained family, one blind draw per untrained family, pollution placed."""
    p = state.players[seat]
    untrained = untrained_count(p)
    bag = list(state.bag)
    found: list[int] = []
    substitutes = 0
    for _ in range(untrained):
        left = sum(bag)
        if left == 0:  # AT-75
            substitutes += 1
            continue
        x = rng.below(left)
        value = 0 if x < bag[0] else 1 if x < bag[0] + bag[1] else 2
        bag[value] -= 1
        found.append(value)
    polluted = pollution_spots(p, untrained)
    return IncomeCollected(
        seat=seat,
        wage=trained_count(p),
        found=tuple(found),
        substitutes=substitutes,
        polluted=tuple(Spot(ci, fi + 1) for ci, fi in polluted),
        boxed=untrained - len(polluted),
    )


def _end_of_round(state: State, rng: Rng) -> list[Event]:
    if state.round >= ROUNDS:  # AT-90: the game ends after step 5 of round 7
        results = tuple(result(p) for p in state.players)
        return [GameFinished(results, final_winners(state, results), goal_met(state, results))]
    events: list[Event] = []
    # Step 6 (AT-87 / AT-102): workers return; in solo only those placed two rounds ago.
    if is_solo(state):
        back = tuple(sp for sp, _, placed in state.occupied if placed == state.round - SOLO_BLOCK_ROUNDS)
    else:
        back = tuple(sp for sp, _, _ in state.occupied)
    if back:
        events.append(WorkersReturned(back))
    # Step 7 (AT-88 / AT-104): refresh the terrain display.
    refreshed = _refresh_display(state, rng)
    if refreshed is not None:
        events.append(refreshed)
    ch = challenge_for(state.challenge) if is_solo(state) else None
    if ch is not None and ch.migration:  # AT-C5
        p = state.players[0]
        n = min(ch.migration, SUPPLY_SIZE[Item.FAMILY] - p.taken[ROW[Item.FAMILY]])
        if n:
            events.append(FamiliesMigrated(0, n))
    events.append(RoundStarted(state.round + 1, state.start_player))  # AT-89: the tile slides
    return events


def _refresh_display(state: State, rng: Rng) -> DisplayRefreshed | None:
    display = list(state.display)
    deck, discard = list(state.deck), list(state.discard)
    discarded: list[int] = []
    if not is_solo(state):
        for i, card in enumerate(display):
            if card is not None:
                discarded.append(card)
                discard.append(card)
                display[i] = None
    dealt: list[int | None] = []
    for card in display:
        if card is not None:
            dealt.append(None)
            continue
        if not deck and discard:  # AT-88: reshuffle the discard pile into a new deck
            deck, discard = sorted(discard), []
        if deck:
            dealt.append(deck.pop(rng.below(len(deck))))
        else:
            dealt.append(None)
    if not discarded and all(d is None for d in dealt):
        return None
    return DisplayRefreshed(tuple(discarded), tuple(dealt))


# --- evolve -----------------------------------------------------------------------------------------


def evolve(state: State, event: Event) -> State:
    return _EVOLVE[type(event)](state, event)


def _player(state: State, seat: int, p: Player) -> State:
    players = list(state.players)
    players[seat] = p
    return replace(state, players=tuple(players))


def _set(p: Player, ci: int, fi: int, item: int, top: int) -> Player:
    card = p.cards[ci]
    items = (*card.items[:fi], item, *card.items[fi + 1 :])
    tops = (*card.tops[:fi], top, *card.tops[fi + 1 :])
    cards = list(p.cards)
    cards[ci] = replace(card, items=items, tops=tops)
    return replace(p, cards=tuple(cards))


_RETURNS_TO_ROW = {FAM: 3, TRN: 3, WLD: 0, TRE: 1, FRT: 2, GOT: 4}


def _back(p: Player, *codes: int) -> Player:
    """Pieces return to the rightmost empty spaces of their rows (AT-51); bats to the general supply (AT-50)."""
    taken = list(p.taken)
    for code in codes:
        row = _RETURNS_TO_ROW.get(code)
        if row is not None:
            taken[row] -= 1
    return replace(p, taken=tuple(taken))


def _remove(p: Player, ci: int, fi: int, code: int) -> Player:
    """Take the piece `code` off a field: a topper alone, or the item with whatever it carries (AT-52)."""
    card = p.cards[ci]
    if card.tops[fi] == code:
        return _back(_set(p, ci, fi, card.items[fi], EMPTY), code)
    return _back(_set(p, ci, fi, EMPTY, EMPTY), card.items[fi], card.tops[fi])


def _gain(p: Player, kind: Item) -> Player:
    row = ROW.get(kind)
    if row is None:
        return p
    taken = list(p.taken)
    taken[row] += 1
    return replace(p, taken=tuple(taken))


def _place(p: Player, kind: Item, ci: int, fi: int, trained: bool) -> Player:
    card = p.cards[ci]
    it = card.items[fi]
    if kind is Item.FAMILY:  # AT-46: a bat in the hut stays only on a family trained at once
        p = _set(p, ci, fi, TRN if trained else FAM, BAT if it == BAT and trained else EMPTY)
    elif it == EMPTY:
        p = _set(p, ci, fi, CODE[kind], EMPTY)
    else:  # on a tree or a trained family
        p = _set(p, ci, fi, it, CODE[kind])
    return _gain(p, kind)


def _task(state: State, seat: int, task: Task, **changes: Any) -> State:
    p = state.players[seat]
    return _player(state, seat, replace(p, task=task, **changes))


def _e_setup(s: State, e: GameSetUp) -> State:
    shown = {c for c in e.display if c is not None}
    no_terrain = s.seats == 1 and challenge_for(e.challenge).no_terrain
    deck = () if no_terrain else tuple(n for n in TERRAIN_NUMBERS if n not in shown)
    village = LOCATIONS[Location.VILLAGE]
    players = []
    for seat in range(s.seats):
        items = [EMPTY] * 8
        taken = [0] * 5
        items[START_FAMILY_FIELD - 1] = FAM  # AT-S13
        taken[ROW[Item.FAMILY]] = 1
        extra = COMPENSATION[s.seats].get((seat - e.start_player) % s.seats)  # AT-S15
        if extra is not None:
            items[village.fields.index(_COMPENSATION_FIELD[extra])] = CODE[extra]
            if extra in ROW:
                taken[ROW[extra]] += 1
        card = Card(str(Location.VILLAGE), START_ROW, START_COL, tuple(items), NO_FIELDS)  # AT-S12
        task = Task(step=Step.PLACE_WORKER) if seat == e.start_player else IDLE_TASK
        players.append(Player(taken=tuple(taken), cards=(card,), task=task))
    stacks = tuple(LOCATIONS[k].count - (s.seats if k is Location.VILLAGE else 0) for k in LOCATION_ORDER)
    return replace(
        s,
        challenge=e.challenge,
        phase=Phase.WORK,
        round=1,
        start_player=e.start_player,
        order_start=e.start_player,
        turn=0,
        tiles=e.tiles,
        deck=deck,
        display=e.display,
        stacks=stacks,
        bag=POLLUTION_BAG,
        players=tuple(players),
    )


def _e_worker(s: State, e: WorkerPlaced) -> State:
    s = replace(s, occupied=tuple(sorted((*s.occupied, (e.space, e.seat, s.round)))))
    n = len(space_actions(s, e.space))
    return _task(s, e.seat, Task(step=Step.CHOOSE_ACTION, space=e.space, remaining=tuple(range(n))))


def _e_action_started(s: State, e: ActionStarted) -> State:
    p = s.players[e.seat]
    t = p.task
    action = space_actions(s, t.space)[e.action]
    t = replace(t, action=e.action, remaining=tuple(i for i in t.remaining if i != e.action), did=e.gold > 0)
    act = action.act
    if act is Act.TERRAIN_DRAW:
        t = replace(t, step=Step.DRAW_TERRAIN)
    elif act is Act.TERRAIN_TAKE:
        t = replace(t, step=Step.TAKE_CARD, count=action.n)
    elif act is Act.TAKE:
        t = replace(t, step=Step.PLACE_ITEMS, gains=pieces_of(action.items))
    elif act is Act.TREE_WITH_FRUIT:
        t = replace(t, step=Step.TREE_WITH_FRUIT, count=action.n)
    elif act is Act.CHOICE:
        t = replace(t, step=Step.CHOOSE)
    elif act is Act.TRAIN:
        t = replace(t, step=Step.TRAIN, count=1)
    elif act in (Act.PAID_TRAIN, Act.EXCHANGE):
        t = replace(t, step=Step.PAY_COST)
    elif act is Act.PER_NATURE:
        t = replace(t, step=Step.PLACE_ITEMS, gains=pieces_of(action.items) * nature(p))
    elif act is Act.LOCATION:
        assert action.location is not None
        t = replace(t, step=Step.LOCATION, count=LOCATIONS[action.location].cost_trees)
    else:  # BATS_INTO_HUTS (AT-59): at most one bat per empty hut
        t = replace(t, step=Step.PLACE_ITEMS, gains=(Item.BAT,) * len(targets(p, Item.BAT, huts=True)), huts=True)
    return _task(s, e.seat, t, gold=p.gold + e.gold)


def _e_action_finished(s: State, e: ActionFinished) -> State:
    t = s.players[e.seat].task
    main_done = t.main_done or (e.performed and not action_of(s, t).bonus)
    return _task(s, e.seat, Task(step=Step.CHOOSE_ACTION, space=t.space, remaining=t.remaining, main_done=main_done))


def _e_worker_action_ended(s: State, e: WorkerActionEnded) -> State:
    return _task(s, e.seat, Task(step=Step.FRUIT_BAT, count=FRUIT_BAT_FLIGHT))


def _draw(s: State, card: int) -> State:
    deck, discard = s.deck, s.discard
    if not deck:  # the discard pile became the new deck (AT-88)
        deck, discard = tuple(sorted(discard)), ()
    return replace(s, deck=tuple(c for c in deck if c != card), discard=discard)


def _e_terrain_drawn(s: State, e: TerrainDrawn) -> State:
    s = _draw(s, e.card)
    t = s.players[e.seat].task
    return _task(s, e.seat, replace(t, step=Step.PLACE_CARD, card=terrain_cid(e.card), did=True))


def _add_card(p: Player, cid: str, row: int, col: int) -> Player:
    return replace(p, cards=(*p.cards, Card(cid, row, col)))


def _e_card_placed(s: State, e: CardPlaced) -> State:
    if e.slot is not None:
        display = list(s.display)
        display[e.slot - 1] = None
        s = replace(s, display=tuple(display))
    p = _add_card(s.players[e.seat], terrain_cid(e.card), e.row, e.col)
    return _player(s, e.seat, replace(p, task=replace(p.task, step=Step.ACTION_END, did=True, card="")))


def _e_location_bought(s: State, e: LocationBought) -> State:
    stacks = list(s.stacks)
    stacks[LOCATION_ORDER.index(e.location)] -= 1
    s = replace(s, stacks=tuple(stacks), start_player=e.seat)  # AT-62
    p = _add_card(s.players[e.seat], str(e.location), e.row, e.col)
    task = replace(p.task, step=Step.ACTION_END, did=True, card="")
    return _player(s, e.seat, replace(p, gold=p.gold - e.gold, task=task))


def _drop_one(gains: tuple[Item, ...], kind: Item) -> tuple[Item, ...]:
    i = gains.index(kind)
    return gains[:i] + gains[i + 1 :]


def _e_item_placed(s: State, e: ItemPlaced) -> State:
    p = s.players[e.seat]
    t = p.task
    fi = e.field - 1
    p = _place(p, e.kind, e.card, fi, e.trained)
    step = t.step
    if step in _PLACING_STEPS:
        remaining = t.remaining
        if e.trained:  # AT-28: the space's training is used up
            actions = space_actions(s, t.space)
            used = next(i for i in remaining if actions[i].act is Act.TRAIN)
            remaining = tuple(i for i in remaining if i != used)
        t = replace(t, gains=_drop_one(t.gains, e.kind), remaining=remaining, did=True)
        if step is Step.RETURN_BATS:
            p = replace(p, night=p.night - 1)
        elif step is Step.BAT_TREE:
            t = Task(step=Step.TURN_END)
    elif step is Step.TREE_WITH_FRUIT:
        if supply_left(p, Item.FRUIT) > 0:
            t = replace(t, step=Step.FRUIT_ON_TREE, anchor=(e.card, fi), count=t.count - 1, did=True)
        else:  # AT-G15: no fruit left, the tree alone
            t = replace(t, count=t.count - 1, did=True)
    elif step is Step.FRUIT_ON_TREE:
        t = replace(t, step=Step.TREE_WITH_FRUIT, anchor=(-1, -1))
    elif step is Step.BREED:
        t = replace(t, used=(*t.used, e.kind))
    return _player(s, e.seat, replace(p, task=t))


def _e_fruit_declined(s: State, e: FruitDeclined) -> State:
    t = s.players[e.seat].task
    return _task(s, e.seat, replace(t, step=Step.TREE_WITH_FRUIT, anchor=(-1, -1)))


def _e_family_trained(s: State, e: FamilyTrained) -> State:
    p = s.players[e.seat]
    p = _set(p, e.card, e.field - 1, TRN, EMPTY)
    return _player(s, e.seat, replace(p, task=replace(p.task, count=p.task.count - 1, did=True)))


def _e_cost_paid(s: State, e: CostPaid) -> State:
    p = s.players[e.seat]
    t = p.task
    action = action_of(s, t)
    if action.act is Act.PAID_TRAIN:
        t = replace(t, step=Step.TRAIN, count=PAID_TRAININGS, did=True)
    else:
        t = replace(t, step=Step.PLACE_ITEMS, gains=pieces_of(action.items), did=True)
    return _player(s, e.seat, replace(p, gold=p.gold - e.gold, task=t))


def _e_alternative(s: State, e: AlternativeChosen) -> State:
    p = s.players[e.seat]
    t = p.task
    option = action_of(s, t).options[e.option]
    t = replace(t, step=Step.PLACE_ITEMS, gains=pieces_of(option), did=t.did or e.gold > 0)
    return _player(s, e.seat, replace(p, gold=p.gold + e.gold, task=t))


def _e_tree_paid(s: State, e: TreePaid) -> State:
    p = _remove(s.players[e.seat], e.card, e.field - 1, TRE)
    t = replace(p.task, count=p.task.count - 1, started=True, did=True)
    if t.count == 0:
        location = action_of(s, t).location
        t = replace(t, step=Step.PLACE_CARD, card=str(location))
    return _player(s, e.seat, replace(p, task=t))


def _e_bat_flown(s: State, e: BatFlown) -> State:
    p = _remove(s.players[e.seat], e.card, e.field - 1, BAT)
    t = replace(p.task, count=p.task.count - 1, started=True)
    if t.count == 0:
        t = replace(t, step=Step.PAY_FRUIT)
    return _player(s, e.seat, replace(p, night=p.night + 1, task=t))


def _e_fruit_paid(s: State, e: FruitPaid) -> State:
    p = _remove(s.players[e.seat], e.card, e.field - 1, FRT)
    return _player(s, e.seat, replace(p, task=replace(p.task, step=Step.BAT_TREE, gains=(Item.TREE,))))


def _e_turn_ended(s: State, e: TurnEnded) -> State:
    s = _task(s, e.seat, IDLE_TASK)
    turn = s.turn + 1
    if turn == TURNS_PER_ROUND * s.seats:  # the work phase is over: maintenance begins (§4)
        players = tuple(replace(p, task=Task(step=Step.INCOME)) for p in s.players)
        return replace(s, turn=turn, phase=Phase.MAINTENANCE, players=players)
    s = replace(s, turn=turn)
    return _task(s, current_seat(s), Task(step=Step.PLACE_WORKER))


def _pollute(p: Player, ci: int, fi: int) -> Player:
    """AT-77: everything on the field returns (families untrained, AT-57); the field is blocked for good."""
    card = p.cards[ci]
    p = _back(p, card.items[fi], card.tops[fi])
    return _set(p, ci, fi, POL, EMPTY)


def _e_income(s: State, e: IncomeCollected) -> State:
    bag = list(s.bag)
    for value in e.found:
        bag[value] -= 1
    p = s.players[e.seat]
    for spot in e.polluted:
        p = _pollute(p, spot.card, spot.field - 1)
    p = replace(p, gold=p.gold + e.wage + sum(e.found), task=Task(step=Step.NEXT, stage=STAGE_TREES))
    return _player(replace(s, bag=tuple(bag)), e.seat, p)


def _e_production(s: State, e: ProductionStarted) -> State:
    stage = s.players[e.seat].task.stage
    return _task(s, e.seat, Task(step=Step.PRODUCE, stage=stage, gains=(e.kind,) * e.amount))


def _e_step_finished(s: State, e: StepFinished) -> State:
    return _task(s, e.seat, Task(step=Step.NEXT, stage=s.players[e.seat].task.stage + 1))


def _e_night_bats(s: State, e: NightBatsReturning) -> State:
    return _task(s, e.seat, Task(step=Step.RETURN_BATS, stage=STAGE_RETURN, gains=(Item.BAT,) * e.count))


def _e_bats_released(s: State, e: BatsReleased) -> State:
    return _task(s, e.seat, Task(step=Step.NEXT, stage=STAGE_FEED), night=0)


def _e_feeding(s: State, e: FeedingStarted) -> State:
    task = Task(step=Step.FEED, stage=STAGE_FEED, need=e.need, bats=e.bats_allowed, shortage=e.shortage)
    return _task(s, e.seat, task)


def _e_food_paid(s: State, e: FoodPaid) -> State:
    p = s.players[e.seat]
    if e.kind is Item.GOLD:
        p = replace(p, gold=p.gold - 1)
    else:
        assert e.card is not None and e.field is not None
        p = _remove(p, e.card, e.field - 1, CODE[e.kind])
    t = p.task
    value = FOOD_VALUE[e.kind]
    least = value if t.least == 0 else min(t.least, value)
    t = replace(t, paid=t.paid + value, least=least, bats=t.bats - (e.kind is Item.BAT))
    return _player(s, e.seat, replace(p, task=t))


def _e_shortage(s: State, e: FoodShortage) -> State:
    p = s.players[e.seat]
    for piece in e.pieces:
        p = _remove(p, piece.card, piece.field - 1, CODE[piece.kind])
    p = replace(p, gold=p.gold - e.gold, penalty=p.penalty + e.penalty, task=Task(step=Step.NEXT, stage=STAGE_BREED))
    return _player(s, e.seat, p)


def _e_breeding(s: State, e: BreedingStarted) -> State:
    return _task(s, e.seat, Task(step=Step.BREED, stage=STAGE_BREED))


def _e_maintenance_finished(s: State, e: MaintenanceFinished) -> State:
    return _task(s, e.seat, Task(step=Step.DONE))


def _e_workers_returned(s: State, e: WorkersReturned) -> State:
    back = set(e.spaces)
    return replace(s, occupied=tuple(o for o in s.occupied if o[0] not in back))


def _e_display(s: State, e: DisplayRefreshed) -> State:
    gone = set(e.discarded)
    display = [None if c in gone else c for c in s.display]
    s = replace(s, discard=(*s.discard, *e.discarded))
    for i, card in enumerate(e.dealt):
        if card is not None:
            s = _draw(s, card)
            display[i] = card
    return replace(s, display=tuple(display))


def _e_migrated(s: State, e: FamiliesMigrated) -> State:
    p = s.players[e.seat]
    taken = list(p.taken)
    taken[ROW[Item.FAMILY]] += e.count
    return _player(s, e.seat, replace(p, taken=tuple(taken), removed=p.removed + e.count))


def _e_round(s: State, e: RoundStarted) -> State:
    players = tuple(
        replace(p, task=Task(step=Step.PLACE_WORKER) if i == e.start_player else IDLE_TASK)
        for i, p in enumerate(s.players)
    )
    return replace(
        s,
        phase=Phase.WORK,
        round=e.round,
        start_player=e.start_player,
        order_start=e.start_player,
        turn=0,
        players=players,
    )


def _e_finished(s: State, e: GameFinished) -> State:
    players = tuple(replace(p, task=IDLE_TASK) for p in s.players)
    return replace(s, phase=Phase.FINISHED, players=players, results=e.results, winners=e.winners, goal_met=e.goal_met)


_EVOLVE: dict[type, Callable[[State, Any], State]] = {
    GameSetUp: _e_setup,
    WorkerPlaced: _e_worker,
    ActionStarted: _e_action_started,
    ActionFinished: _e_action_finished,
    WorkerActionEnded: _e_worker_action_ended,
    TerrainDrawn: _e_terrain_drawn,
    CardPlaced: _e_card_placed,
    LocationBought: _e_location_bought,
    ItemPlaced: _e_item_placed,
    FruitDeclined: _e_fruit_declined,
    FamilyTrained: _e_family_trained,
    CostPaid: _e_cost_paid,
    AlternativeChosen: _e_alternative,
    TreePaid: _e_tree_paid,
    BatFlown: _e_bat_flown,
    FruitPaid: _e_fruit_paid,
    TurnEnded: _e_turn_ended,
    IncomeCollected: _e_income,
    ProductionStarted: _e_production,
    StepFinished: _e_step_finished,
    NightBatsReturning: _e_night_bats,
    BatsReleased: _e_bats_released,
    FeedingStarted: _e_feeding,
    FoodPaid: _e_food_paid,
    FoodShortage: _e_shortage,
    BreedingStarted: _e_breeding,
    MaintenanceFinished: _e_maintenance_finished,
    WorkersReturned: _e_workers_returned,
    DisplayRefreshed: _e_display,
    FamiliesMigrated: _e_migrated,
    RoundStarted: _e_round,
    GameFinished: _e_finished,
}

_COMMAND_CLASSES = (
    PlaceWorker,
    StartAction,
    Pass,
    DrawTerrain,
    PlaceCard,
    PlaceItem,
    TrainFamily,
    PayCost,
    ChooseAlternative,
    PayTree,
    FlyBat,
    PayFruit,
    PayFood,
)
