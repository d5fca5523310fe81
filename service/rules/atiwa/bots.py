"""What Atiwa gives its bots (service/bots): a redraw of what a seat cannot see, and a position's worth.

`resample`: nothing on Atiwa's table is hidden (spec §9). The only secrets are the order of the terrain
deck and of the markers in the bag, and the state holds neither: it keeps both as compositions, which
every seat can derive from the public record (36 cards minus the display, the discard and every play
area; 44 markers minus the ones drawn), and every draw is made by the decider's `Rng` when it happens.
So the information set of a seat is the state itself and the redraw is the identity: two states that
look the same to a seat are the same state, and the search's own `Rng` draws the future cards and
markers when its playouts reach them.

`evaluate`: the rules' own score (AT-91..AT-96) of each seat now, plus a heuristic of what its position
is still worth: the work under way (pieces still to place, the space's actions not done yet), the
income and production still to come, and the food shortage looming at the next feeding. Two or more
players: that worth against the best other seat's. Solo: against the goal's points (AT-100).
"""

from __future__ import annotations

import math

from service.rules.atiwa.data.board import Act, Action
from service.rules.atiwa.data.cards import CARD_POINTS, LOCATION_ORDER, LOCATIONS, FieldType, terrain_cid
from service.rules.atiwa.data.challenges import challenge_for
from service.rules.atiwa.data.pieces import ROUNDS, ROW_VALUE, SHORTAGE_PENALTY, Item
from service.rules.atiwa.fields import can_place, nature, targets, trained_count, untrained_count
from service.rules.atiwa.legal import food_need, food_total
from service.rules.atiwa.scoring import result
from service.rules.atiwa.spaces import action_of
from service.rules.atiwa.state import ROW, Phase, Player, State, Step, Task, is_solo, replace
from service.rules.core import Rng

SPREAD = 8.0  # points of lead that make a position look nearly won (two or more players)
SOLO_SPREAD = 20.0  # points short of the solo goal that make it look nearly lost
PIECE = 0.7  # a piece still to be placed, or a gain an action still offers
GOLD_PER_DRAW = 24 / 44  # AT-74: the expected gold of a bag draw
TERRAIN_ROOM = 1.5  # what the eight fields of a terrain card are worth beside its printed points
LOCATION_NAMES = frozenset(str(kind) for kind in LOCATIONS)
STEP_DONE = frozenset({Step.DONE, Step.IDLE})


def resample(state: State, seat: int, rng: Rng) -> State:
    """The seat's information set is the state itself (see the module docstring): nothing to redraw."""
    return state


def evaluate(state: State, seat: int) -> float:
    """How good the position looks for `seat`, in [0, 1]; a finished game is 1 (shared: a share) or 0."""
    if state.phase is Phase.FINISHED:
        if seat in state.winners:
            return 1.0 / len(state.winners)
        return 0.0
    if state.phase is Phase.SETUP or not state.players:
        return 0.5
    worths = [worth(state, s) for s in range(state.seats)]
    if is_solo(state):
        goal = challenge_for(state.challenge).min_points
        return 0.5 + 0.5 * math.tanh((worths[0] - goal) / SOLO_SPREAD)
    best_other = max(w for s, w in enumerate(worths) if s != seat)
    return 0.5 + 0.5 * math.tanh((worths[seat] - best_other) / SPREAD)


def worth(state: State, seat: int) -> float:
    """The seat's score now plus what its position promises (in points; the heuristic, not a rule)."""
    p = state.players[seat]
    incomes = _incomes_left(state, p)
    value = float(result(p).total)
    value += PIECE * len(p.task.gains) + _pending(state, p)
    value += incomes * (trained_count(p) + GOLD_PER_DRAW * untrained_count(p))
    chain = sum(ROW_VALUE[kind][p.taken[ROW[kind]]] for kind in (Item.WILD, Item.TREE, Item.FRUIT))
    value += 0.5 * incomes * chain  # AT-78: wild animals bring trees, trees fruit, fruit bats
    if _feeding_ahead(state, p):
        missing = max(0, food_need(p) - food_total(p, untrained_count(p)))
        value -= SHORTAGE_PENALTY * missing
    return value


def _incomes_left(state: State, p: Player) -> int:
    """Maintenance phases still to come in which the seat collects income and produces (AT-72, AT-78)."""
    if state.phase is Phase.WORK or p.task.step is Step.INCOME:
        return ROUNDS - state.round + 1
    return ROUNDS - state.round


def _feeding_ahead(state: State, p: Player) -> bool:
    """The seat still feeds its families this round (AT-80)."""
    if state.phase is Phase.WORK:
        return True
    return p.task.step not in STEP_DONE and p.task.step not in (Step.FEED, Step.BREED)


def _pending(state: State, p: Player) -> float:
    """The space's actions not started yet, and the one under way (its rough gain in points)."""
    t = p.task
    if state.phase is not Phase.WORK or not t.space:
        return 0.0
    value = 0.0
    for index in t.remaining:
        value += _action_value(state, p, action_of(state, replace(t, action=index)))
    return value + _under_way(state, p, t)


def _under_way(state: State, p: Player, t: Task) -> float:
    """What finishing the action under way still brings, so that paying its first part is not a loss."""
    step = t.step
    if step is Step.TRAIN and untrained_count(p):
        return min(t.count, untrained_count(p)) * (1 + _incomes_left(state, p) * (1 - GOLD_PER_DRAW))
    if step is Step.TREE_WITH_FRUIT:
        return 2 * PIECE * t.count
    if step in (Step.PAY_COST, Step.CHOOSE):
        return _action_value(state, p, action_of(state, t))
    if step is Step.LOCATION or (step is Step.PLACE_CARD and t.card in LOCATION_NAMES):
        action = action_of(state, t)
        assert action.location is not None
        card = LOCATIONS[action.location]
        gold = card.cost_gold_right if action.right else card.cost_gold_left
        trees = t.count if step is Step.LOCATION else 0
        return card.points + card.fields.count(FieldType.H) - gold - 0.5 * trees
    if step is Step.PLACE_CARD:  # a terrain card: its points and the room its fields give
        return CARD_POINTS[t.card] + TERRAIN_ROOM
    if step is Step.TAKE_CARD and t.count <= len(state.display):
        number = state.display[t.count - 1]
        return 0.0 if number is None else CARD_POINTS[terrain_cid(number)] + TERRAIN_ROOM
    if step is Step.DRAW_TERRAIN:
        return TERRAIN_ROOM
    return 0.0


def _gain(p: Player, items: tuple[tuple[Item, int], ...]) -> float:
    """Gold counts whole; a piece only when it has a supply left and a field to go to (AT-37)."""
    return sum(n if kind is Item.GOLD else PIECE * n if can_place(p, kind) else 0.0 for kind, n in items)


def _action_value(state: State, p: Player, action: Action) -> float:
    act = action.act
    if act is Act.TAKE or act is Act.EXCHANGE:
        return _gain(p, action.items) - action.cost if p.gold >= action.cost else 0.0
    if act is Act.CHOICE:
        return max(_gain(p, option) for option in action.options)
    if act is Act.TREE_WITH_FRUIT:
        return 2 * PIECE * action.n if can_place(p, Item.TREE) else 0.0
    if act is Act.PER_NATURE:
        return float(nature(p))
    if act is Act.TERRAIN_DRAW:
        return TERRAIN_ROOM if state.deck or state.discard else 0.0
    if act is Act.TERRAIN_TAKE:
        number = state.display[action.n - 1] if action.n <= len(state.display) else None
        return 0.0 if number is None else CARD_POINTS[terrain_cid(number)] + TERRAIN_ROOM
    if act in (Act.TRAIN, Act.PAID_TRAIN):
        trainings = min(untrained_count(p), 1 if act is Act.TRAIN else 3)
        if p.gold < action.cost:
            return 0.0
        return trainings * (1 + _incomes_left(state, p) * (1 - GOLD_PER_DRAW)) - action.cost
    if act is Act.LOCATION:
        assert action.location is not None
        card = LOCATIONS[action.location]
        gold = card.cost_gold_right if action.right else card.cost_gold_left
        if state.stacks[LOCATION_ORDER.index(action.location)] == 0:
            return 0.0
        if p.taken[ROW[Item.TREE]] < card.cost_trees or p.gold < gold:
            return 0.0
        return card.points + card.fields.count(FieldType.H) - gold - 0.5 * card.cost_trees
    return PIECE * len(targets(p, Item.BAT, huts=True))  # BATS_INTO_HUTS: a bat per empty hut


__all__ = ["evaluate", "resample", "worth"]
