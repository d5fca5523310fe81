"""The automatic steps between decisions: after every command the decider emits income, pollution, the start of
the next maintenance step, a step's close when its only option would be Pass, and the end of a round (AT-70..AT-90)."""

from __future__ import annotations

from service.rules.atiwa.data.board import SOLO_BLOCK_ROUNDS, Act
from service.rules.atiwa.data.challenges import challenge_for
from service.rules.atiwa.data.pieces import FOOD_VALUE, ROUNDS, ROW_VALUE, SHORTAGE_PENALTY, SUPPLY_SIZE, Item
from service.rules.atiwa.fields import count, gold_of, nature, pollution_spots, spots, trained_count, untrained_count
from service.rules.atiwa.legal import food_need, food_total, has_options, startable
from service.rules.atiwa.messages import (
    ActionFinished,
    ActionStarted,
    Event,
    FruitDeclined,
    TurnEnded,
    WorkerActionEnded,
)
from service.rules.atiwa.messages_maintenance import (
    BatsReleased,
    BreedingStarted,
    DisplayRefreshed,
    FamiliesMigrated,
    FeedingStarted,
    FoodShortage,
    GameFinished,
    IncomeCollected,
    MaintenanceFinished,
    NightBatsReturning,
    PaidPiece,
    ProductionStarted,
    RoundStarted,
    Spot,
    StepFinished,
    WorkersReturned,
)
from service.rules.atiwa.scoring import final_winners, goal_met, result
from service.rules.atiwa.spaces import space_actions
from service.rules.atiwa.state import (
    CODE,
    ROW,
    STAGE_BATS,
    STAGE_FEED,
    STAGE_FRUIT,
    STAGE_RETURN,
    STAGE_TREES,
    Phase,
    State,
    Step,
    current_seat,
    is_solo,
    seat_order,
)
from service.rules.core import Rng
from service.rules.kit import Writer

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


def advance(out: Writer[State, Event], rng: Rng) -> None:
    """Emit the automatic events until some seat has a real choice again, or the game is over."""
    while events := _automatic(out.state, rng):
        out.emit(*events)


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
        options = startable(state, seat)
        if not options:
            return [WorkerActionEnded(seat)]
        return [started_event(state, seat, options[0])] if len(options) == 1 else []
    if step is Step.NEXT:
        return [_stage_start(state, seat)]
    if has_options(state, seat):
        return []
    return [closing(state, seat)]


def closing(state: State, seat: int) -> Event:
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


def started_event(state: State, seat: int, index: int) -> ActionStarted:
    p = state.players[seat]
    action = space_actions(state, p.task.space)[index]
    gold = 0
    if action.act is Act.TAKE:
        gold = gold_of(action.items)
    elif action.act is Act.PER_NATURE:
        gold = gold_of(action.items) * nature(p)  # AT-18
    return ActionStarted(seat, index, gold)


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
