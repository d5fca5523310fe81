"""evolve: one small handler per event (the work phase here; the maintenance and the round in evolve_maintenance).

Never fails, never draws: every random outcome is in the event (AT-R1..AT-R6)."""

from __future__ import annotations

from service.rules.atiwa.data.board import COMPENSATION, START_COL, START_FAMILY_FIELD, START_ROW, Act
from service.rules.atiwa.data.cards import LOCATION_ORDER, LOCATIONS, TERRAIN_NUMBERS, FieldType, Location, terrain_cid
from service.rules.atiwa.data.challenges import challenge_for
from service.rules.atiwa.data.pieces import FRUIT_BAT_FLIGHT, PAID_TRAININGS, POLLUTION_BAG, TURNS_PER_ROUND, Item
from service.rules.atiwa.fields import nature, pieces_of, supply_left, targets
from service.rules.atiwa.messages import (
    ActionFinished,
    ActionStarted,
    AlternativeChosen,
    BatFlown,
    CardPlaced,
    CostPaid,
    Event,
    FamilyTrained,
    FruitDeclined,
    FruitPaid,
    GameSetUp,
    ItemPlaced,
    LocationBought,
    TerrainDrawn,
    TreePaid,
    TurnEnded,
    WorkerActionEnded,
    WorkerPlaced,
)
from service.rules.atiwa.placing import (
    PLACING_STEPS,
    draw_card,
    place_piece,
    remove_piece,
    set_field,
    with_player,
    with_task,
)
from service.rules.atiwa.spaces import action_of, space_actions
from service.rules.atiwa.state import (
    BAT,
    CODE,
    EMPTY,
    FAM,
    FRT,
    IDLE_TASK,
    NO_FIELDS,
    ROW,
    TRE,
    TRN,
    Card,
    Phase,
    Player,
    State,
    Step,
    Task,
    current_seat,
    replace,
)
from service.rules.kit import Evolvers

EVOLVERS: Evolvers[State, Event] = Evolvers("Atiwa")


def evolve(state: State, event: Event) -> State:
    return EVOLVERS.evolve(state, event)


# The Village field type each compensation piece goes on (AT-S15).
_COMPENSATION_FIELD = {Item.BAT: FieldType.B, Item.WILD: FieldType.W, Item.GOAT: FieldType.G}


@EVOLVERS.on(GameSetUp)
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


@EVOLVERS.on(WorkerPlaced)
def _e_worker(s: State, e: WorkerPlaced) -> State:
    s = replace(s, occupied=tuple(sorted((*s.occupied, (e.space, e.seat, s.round)))))
    n = len(space_actions(s, e.space))
    return with_task(s, e.seat, Task(step=Step.CHOOSE_ACTION, space=e.space, remaining=tuple(range(n))))


@EVOLVERS.on(ActionStarted)
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
    return with_task(s, e.seat, t, gold=p.gold + e.gold)


@EVOLVERS.on(ActionFinished)
def _e_action_finished(s: State, e: ActionFinished) -> State:
    t = s.players[e.seat].task
    main_done = t.main_done or (e.performed and not action_of(s, t).bonus)
    task = Task(step=Step.CHOOSE_ACTION, space=t.space, remaining=t.remaining, main_done=main_done)
    return with_task(s, e.seat, task)


@EVOLVERS.on(WorkerActionEnded)
def _e_worker_action_ended(s: State, e: WorkerActionEnded) -> State:
    return with_task(s, e.seat, Task(step=Step.FRUIT_BAT, count=FRUIT_BAT_FLIGHT))


@EVOLVERS.on(TerrainDrawn)
def _e_terrain_drawn(s: State, e: TerrainDrawn) -> State:
    s = draw_card(s, e.card)
    t = s.players[e.seat].task
    return with_task(s, e.seat, replace(t, step=Step.PLACE_CARD, card=terrain_cid(e.card), did=True))


def _add_card(p: Player, cid: str, row: int, col: int) -> Player:
    return replace(p, cards=(*p.cards, Card(cid, row, col)))


@EVOLVERS.on(CardPlaced)
def _e_card_placed(s: State, e: CardPlaced) -> State:
    if e.slot is not None:
        display = list(s.display)
        display[e.slot - 1] = None
        s = replace(s, display=tuple(display))
    p = _add_card(s.players[e.seat], terrain_cid(e.card), e.row, e.col)
    return with_player(s, e.seat, replace(p, task=replace(p.task, step=Step.ACTION_END, did=True, card="")))


@EVOLVERS.on(LocationBought)
def _e_location_bought(s: State, e: LocationBought) -> State:
    stacks = list(s.stacks)
    stacks[LOCATION_ORDER.index(e.location)] -= 1
    s = replace(s, stacks=tuple(stacks), start_player=e.seat)  # AT-62
    p = _add_card(s.players[e.seat], str(e.location), e.row, e.col)
    task = replace(p.task, step=Step.ACTION_END, did=True, card="")
    return with_player(s, e.seat, replace(p, gold=p.gold - e.gold, task=task))


def _drop_one(gains: tuple[Item, ...], kind: Item) -> tuple[Item, ...]:
    i = gains.index(kind)
    return gains[:i] + gains[i + 1 :]


@EVOLVERS.on(ItemPlaced)
def _e_item_placed(s: State, e: ItemPlaced) -> State:
    p = s.players[e.seat]
    t = p.task
    fi = e.field - 1
    p = place_piece(p, e.kind, e.card, fi, e.trained)
    step = t.step
    if step in PLACING_STEPS:
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
    return with_player(s, e.seat, replace(p, task=t))


@EVOLVERS.on(FruitDeclined)
def _e_fruit_declined(s: State, e: FruitDeclined) -> State:
    t = s.players[e.seat].task
    return with_task(s, e.seat, replace(t, step=Step.TREE_WITH_FRUIT, anchor=(-1, -1)))


@EVOLVERS.on(FamilyTrained)
def _e_family_trained(s: State, e: FamilyTrained) -> State:
    p = s.players[e.seat]
    p = set_field(p, e.card, e.field - 1, TRN, EMPTY)
    return with_player(s, e.seat, replace(p, task=replace(p.task, count=p.task.count - 1, did=True)))


@EVOLVERS.on(CostPaid)
def _e_cost_paid(s: State, e: CostPaid) -> State:
    p = s.players[e.seat]
    t = p.task
    action = action_of(s, t)
    if action.act is Act.PAID_TRAIN:
        t = replace(t, step=Step.TRAIN, count=PAID_TRAININGS, did=True)
    else:
        t = replace(t, step=Step.PLACE_ITEMS, gains=pieces_of(action.items), did=True)
    return with_player(s, e.seat, replace(p, gold=p.gold - e.gold, task=t))


@EVOLVERS.on(AlternativeChosen)
def _e_alternative(s: State, e: AlternativeChosen) -> State:
    p = s.players[e.seat]
    t = p.task
    option = action_of(s, t).options[e.option]
    t = replace(t, step=Step.PLACE_ITEMS, gains=pieces_of(option), did=t.did or e.gold > 0)
    return with_player(s, e.seat, replace(p, gold=p.gold + e.gold, task=t))


@EVOLVERS.on(TreePaid)
def _e_tree_paid(s: State, e: TreePaid) -> State:
    p = remove_piece(s.players[e.seat], e.card, e.field - 1, TRE)
    t = replace(p.task, count=p.task.count - 1, started=True, did=True)
    if t.count == 0:
        location = action_of(s, t).location
        t = replace(t, step=Step.PLACE_CARD, card=str(location))
    return with_player(s, e.seat, replace(p, task=t))


@EVOLVERS.on(BatFlown)
def _e_bat_flown(s: State, e: BatFlown) -> State:
    p = remove_piece(s.players[e.seat], e.card, e.field - 1, BAT)
    t = replace(p.task, count=p.task.count - 1, started=True)
    if t.count == 0:
        t = replace(t, step=Step.PAY_FRUIT)
    return with_player(s, e.seat, replace(p, night=p.night + 1, task=t))


@EVOLVERS.on(FruitPaid)
def _e_fruit_paid(s: State, e: FruitPaid) -> State:
    p = remove_piece(s.players[e.seat], e.card, e.field - 1, FRT)
    return with_player(s, e.seat, replace(p, task=replace(p.task, step=Step.BAT_TREE, gains=(Item.TREE,))))


@EVOLVERS.on(TurnEnded)
def _e_turn_ended(s: State, e: TurnEnded) -> State:
    s = with_task(s, e.seat, IDLE_TASK)
    turn = s.turn + 1
    if turn == TURNS_PER_ROUND * s.seats:  # the work phase is over: maintenance begins (§4)
        players = tuple(replace(p, task=Task(step=Step.INCOME)) for p in s.players)
        return replace(s, turn=turn, phase=Phase.MAINTENANCE, players=players)
    s = replace(s, turn=turn)
    return with_task(s, current_seat(s), Task(step=Step.PLACE_WORKER))


# The maintenance evolvers register on EVOLVERS when their module loads: importing it here means whoever
# imports evolve gets every handler.
from service.rules.atiwa import evolve_maintenance as _maintenance  # noqa: E402, F401
