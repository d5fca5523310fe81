"""The evolvers of the maintenance phase and of the round's end (AT-70..AT-90), registered on EVOLVERS."""

from __future__ import annotations

from service.rules.atiwa.data.pieces import FOOD_VALUE, Item
from service.rules.atiwa.evolve import EVOLVERS
from service.rules.atiwa.messages_maintenance import (
    BatsReleased,
    BreedingStarted,
    DisplayRefreshed,
    FamiliesMigrated,
    FeedingStarted,
    FoodPaid,
    FoodShortage,
    GameFinished,
    IncomeCollected,
    MaintenanceFinished,
    NightBatsReturning,
    ProductionStarted,
    RoundStarted,
    StepFinished,
    WorkersReturned,
)
from service.rules.atiwa.placing import draw_card, pollute, remove_piece, with_player, with_task
from service.rules.atiwa.state import (
    CODE,
    IDLE_TASK,
    ROW,
    STAGE_BREED,
    STAGE_FEED,
    STAGE_RETURN,
    STAGE_TREES,
    Phase,
    State,
    Step,
    Task,
    replace,
)


@EVOLVERS.on(IncomeCollected)
def _e_income(s: State, e: IncomeCollected) -> State:
    bag = list(s.bag)
    for value in e.found:
        bag[value] -= 1
    p = s.players[e.seat]
    for spot in e.polluted:
        p = pollute(p, spot.card, spot.field - 1)
    p = replace(p, gold=p.gold + e.wage + sum(e.found), task=Task(step=Step.NEXT, stage=STAGE_TREES))
    return with_player(replace(s, bag=tuple(bag)), e.seat, p)


@EVOLVERS.on(ProductionStarted)
def _e_production(s: State, e: ProductionStarted) -> State:
    stage = s.players[e.seat].task.stage
    return with_task(s, e.seat, Task(step=Step.PRODUCE, stage=stage, gains=(e.kind,) * e.amount))


@EVOLVERS.on(StepFinished)
def _e_step_finished(s: State, e: StepFinished) -> State:
    return with_task(s, e.seat, Task(step=Step.NEXT, stage=s.players[e.seat].task.stage + 1))


@EVOLVERS.on(NightBatsReturning)
def _e_night_bats(s: State, e: NightBatsReturning) -> State:
    return with_task(s, e.seat, Task(step=Step.RETURN_BATS, stage=STAGE_RETURN, gains=(Item.BAT,) * e.count))


@EVOLVERS.on(BatsReleased)
def _e_bats_released(s: State, e: BatsReleased) -> State:
    return with_task(s, e.seat, Task(step=Step.NEXT, stage=STAGE_FEED), night=0)


@EVOLVERS.on(FeedingStarted)
def _e_feeding(s: State, e: FeedingStarted) -> State:
    task = Task(step=Step.FEED, stage=STAGE_FEED, need=e.need, bats=e.bats_allowed, shortage=e.shortage)
    return with_task(s, e.seat, task)


@EVOLVERS.on(FoodPaid)
def _e_food_paid(s: State, e: FoodPaid) -> State:
    p = s.players[e.seat]
    if e.kind is Item.GOLD:
        p = replace(p, gold=p.gold - 1)
    else:
        assert e.card is not None and e.field is not None
        p = remove_piece(p, e.card, e.field - 1, CODE[e.kind])
    t = p.task
    value = FOOD_VALUE[e.kind]
    least = value if t.least == 0 else min(t.least, value)
    t = replace(t, paid=t.paid + value, least=least, bats=t.bats - (e.kind is Item.BAT))
    return with_player(s, e.seat, replace(p, task=t))


@EVOLVERS.on(FoodShortage)
def _e_shortage(s: State, e: FoodShortage) -> State:
    p = s.players[e.seat]
    for piece in e.pieces:
        p = remove_piece(p, piece.card, piece.field - 1, CODE[piece.kind])
    p = replace(p, gold=p.gold - e.gold, penalty=p.penalty + e.penalty, task=Task(step=Step.NEXT, stage=STAGE_BREED))
    return with_player(s, e.seat, p)


@EVOLVERS.on(BreedingStarted)
def _e_breeding(s: State, e: BreedingStarted) -> State:
    return with_task(s, e.seat, Task(step=Step.BREED, stage=STAGE_BREED))


@EVOLVERS.on(MaintenanceFinished)
def _e_maintenance_finished(s: State, e: MaintenanceFinished) -> State:
    return with_task(s, e.seat, Task(step=Step.DONE))


@EVOLVERS.on(WorkersReturned)
def _e_workers_returned(s: State, e: WorkersReturned) -> State:
    back = set(e.spaces)
    return replace(s, occupied=tuple(o for o in s.occupied if o[0] not in back))


@EVOLVERS.on(DisplayRefreshed)
def _e_display(s: State, e: DisplayRefreshed) -> State:
    gone = set(e.discarded)
    display = [None if c in gone else c for c in s.display]
    s = replace(s, discard=(*s.discard, *e.discarded))
    for i, card in enumerate(e.dealt):
        if card is not None:
            s = draw_card(s, card)
            display[i] = card
    return replace(s, display=tuple(display))


@EVOLVERS.on(FamiliesMigrated)
def _e_migrated(s: State, e: FamiliesMigrated) -> State:
    p = s.players[e.seat]
    taken = list(p.taken)
    taken[ROW[Item.FAMILY]] += e.count
    return with_player(s, e.seat, replace(p, taken=tuple(taken), removed=p.removed + e.count))


@EVOLVERS.on(RoundStarted)
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


@EVOLVERS.on(GameFinished)
def _e_finished(s: State, e: GameFinished) -> State:
    players = tuple(replace(p, task=IDLE_TASK) for p in s.players)
    return replace(s, phase=Phase.FINISHED, players=players, results=e.results, winners=e.winners, goal_met=e.goal_met)
