"""decide: the guards every command passes, then one handler per command class (DECIDERS), then the automatic
steps (automatic.py) until some seat has a real choice again.

Every decision a player makes is one small command (a worker, then each action of its space, then each
piece and where it goes, ...), so a command is valid exactly when the seat's current step allows it:
validate.py asks that step's rule about the command (AT-01..AT-106) with the same predicates legal.py
builds its lists from, so what is offered and what is accepted cannot drift apart. A refusal then says
which rule stands in the way (`_refusal`, codes in reasons.py).

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

from service.rules.atiwa.automatic import advance, closing, started_event
from service.rules.atiwa.data.cards import TERRAIN_CIDS, Location
from service.rules.atiwa.data.pieces import Item
from service.rules.atiwa.evolve import evolve
from service.rules.atiwa.fields import gold_of
from service.rules.atiwa.labels import label
from service.rules.atiwa.legal import PASS_STEPS, location_gold
from service.rules.atiwa.messages import (
    AlternativeChosen,
    BatFlown,
    CardPlaced,
    ChooseAlternative,
    Command,
    CostPaid,
    DrawTerrain,
    Event,
    FamilyTrained,
    FlyBat,
    FruitPaid,
    ItemPlaced,
    LocationBought,
    Pass,
    PayCost,
    PayFood,
    PayFruit,
    PayTree,
    PlaceCard,
    PlaceItem,
    PlaceWorker,
    StartAction,
    TerrainDrawn,
    TrainFamily,
    TreePaid,
    WorkerPlaced,
)
from service.rules.atiwa.messages_maintenance import FoodPaid
from service.rules.atiwa.reasons import Reason
from service.rules.atiwa.spaces import action_of, space_arrow, space_ids
from service.rules.atiwa.state import BAT, Phase, State, Step, current_seat
from service.rules.atiwa.validate import accepts
from service.rules.core import IllegalCommand, Rng
from service.rules.kit import Deciders, Writer

DECIDERS: Deciders[State, Event, int] = Deciders("Atiwa", evolve)


def decide(state: State, seat: int | None, command: Command, rng: Rng, now_ms: int) -> list[Event]:
    if not DECIDERS.handles(command):
        raise TypeError(f"not an Atiwa command: {command!r}")
    if state.phase is Phase.FINISHED:
        raise IllegalCommand("the game is over", Reason.GAME_OVER)
    if state.phase is Phase.SETUP:
        raise IllegalCommand("the game has not been set up yet", Reason.WRONG_PHASE)
    if seat is None or not 0 <= seat < state.seats:
        raise IllegalCommand("only a seated player can act in Atiwa; it has no automatic commands", Reason.NOT_A_SEAT)
    step = state.players[seat].task.step
    if step is Step.IDLE:
        raise IllegalCommand(f"it is seat {current_seat(state)}'s turn, not yours", Reason.NOT_YOUR_TURN)
    if step is Step.DONE:
        raise IllegalCommand(
            "you have finished this maintenance phase; the others are still at it", Reason.NOT_YOUR_TURN
        )
    if not accepts(state, seat, command):
        raise _refusal(state, seat, command)
    out: Writer[State, Event] = Writer(state, evolve)
    DECIDERS.run(out, seat, command, rng, now_ms)
    advance(out, rng)
    return out.decided()


@DECIDERS.on(PlaceWorker)
def _place_worker(out: Writer[State, Event], seat: int, command: PlaceWorker, rng: Rng, now_ms: int) -> None:
    out.emit(WorkerPlaced(seat, command.space))  # AT-01


@DECIDERS.on(StartAction)
def _start_action(out: Writer[State, Event], seat: int, command: StartAction, rng: Rng, now_ms: int) -> None:
    out.emit(started_event(out.state, seat, command.action))  # AT-03


@DECIDERS.on(Pass)
def _pass(out: Writer[State, Event], seat: int, command: Pass, rng: Rng, now_ms: int) -> None:
    out.emit(closing(out.state, seat))  # AT-04, AT-05


@DECIDERS.on(DrawTerrain)
def _draw_terrain(out: Writer[State, Event], seat: int, command: DrawTerrain, rng: Rng, now_ms: int) -> None:
    state = out.state
    deck = state.deck or tuple(sorted(state.discard))  # AT-10: the discard pile becomes the deck
    out.emit(TerrainDrawn(seat, deck[rng.below(len(deck))]))  # AT-R6


@DECIDERS.on(PlaceCard)
def _place_card(out: Writer[State, Event], seat: int, command: PlaceCard, rng: Rng, now_ms: int) -> None:
    state = out.state
    t = state.players[seat].task
    if t.step is Step.TAKE_CARD:  # AT-11
        card = state.display[t.count - 1]
        assert card is not None
        out.emit(CardPlaced(seat, card, command.row, command.col, t.count))
    elif t.card in TERRAIN_CIDS:  # AT-10
        out.emit(CardPlaced(seat, int(t.card[1:]), command.row, command.col, None))
    else:  # AT-20, AT-62
        location = Location(t.card)
        out.emit(LocationBought(seat, location, location_gold(action_of(state, t)), command.row, command.col))


@DECIDERS.on(PlaceItem)
def _place_item(out: Writer[State, Event], seat: int, command: PlaceItem, rng: Rng, now_ms: int) -> None:
    before = out.state.players[seat].cards[command.card].items[command.field - 1]
    returned = command.kind is Item.FAMILY and before == BAT and not command.trained  # AT-46, AT-60
    out.emit(ItemPlaced(seat, command.kind, command.card, command.field, command.trained, returned))


@DECIDERS.on(TrainFamily)
def _train_family(out: Writer[State, Event], seat: int, command: TrainFamily, rng: Rng, now_ms: int) -> None:
    out.emit(FamilyTrained(seat, command.card, command.field))  # AT-15


@DECIDERS.on(PayCost)
def _pay_cost(out: Writer[State, Event], seat: int, command: PayCost, rng: Rng, now_ms: int) -> None:
    out.emit(CostPaid(seat, action_of(out.state, out.state.players[seat].task).cost))  # AT-16, AT-17


@DECIDERS.on(ChooseAlternative)
def _choose(out: Writer[State, Event], seat: int, command: ChooseAlternative, rng: Rng, now_ms: int) -> None:
    option = action_of(out.state, out.state.players[seat].task).options[command.option]  # AT-14
    out.emit(AlternativeChosen(seat, command.option, gold_of(option)))


@DECIDERS.on(PayTree)
def _pay_tree(out: Writer[State, Event], seat: int, command: PayTree, rng: Rng, now_ms: int) -> None:
    out.emit(TreePaid(seat, command.card, command.field))  # AT-20, AT-52


@DECIDERS.on(FlyBat)
def _fly_bat(out: Writer[State, Event], seat: int, command: FlyBat, rng: Rng, now_ms: int) -> None:
    out.emit(BatFlown(seat, command.card, command.field))  # AT-66


@DECIDERS.on(PayFruit)
def _pay_fruit(out: Writer[State, Event], seat: int, command: PayFruit, rng: Rng, now_ms: int) -> None:
    out.emit(FruitPaid(seat, command.card, command.field))  # AT-66


@DECIDERS.on(PayFood)
def _pay_food(out: Writer[State, Event], seat: int, command: PayFood, rng: Rng, now_ms: int) -> None:
    out.emit(FoodPaid(seat, command.kind, command.card, command.field))  # AT-81


def _refusal(state: State, seat: int, command: Command) -> IllegalCommand:
    """Why a command that is not in the legal list is refused, in words the player understands."""
    t = state.players[seat].task
    wanted = _STEP_COMMANDS.get(t.step, ())
    if not isinstance(command, wanted) and not (isinstance(command, Pass) and t.step in PASS_STEPS):
        return IllegalCommand(f"you cannot do that now: {_STEP_HINT.get(t.step, 'wait')}", Reason.WRONG_STEP)
    if isinstance(command, PlaceWorker):
        if command.space not in space_ids(state.seats):
            return IllegalCommand(
                f"you cannot use {command.space!r}: this game has no such space", Reason.UNKNOWN_SPACE
            )
        if any(sp == command.space for sp, _, _ in state.occupied):
            return IllegalCommand(f"you cannot use action space {command.space}: it is occupied", Reason.SPACE_OCCUPIED)
        arrow = space_arrow(state, command.space)
        return IllegalCommand(
            f"you already occupy {arrow} this round, and with four players nobody may occupy both {arrow} and"
            f" {command.space}",
            Reason.ARROW_PAIR,
        )
    if isinstance(command, Pass):
        return IllegalCommand(f"you may not pass here: {_STEP_HINT.get(t.step, 'continue')}", Reason.MUST_CONTINUE)
    return IllegalCommand(f"you cannot {label(command)} now: {_STEP_HINT.get(t.step, 'wait')}", Reason.NOT_ALLOWED)


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
