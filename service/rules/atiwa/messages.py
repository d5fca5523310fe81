"""Commands (imperative: what a seat asks for) and events (past tense: what the rules decided).

Cards in a play area are named by their index in that play area (0 = the starting Village, then in the
order they were gained); fields by their number 1..8 (TM, TR, ML, MM, MR, BL, BM, BR; spec §1).
"""

from __future__ import annotations

from dataclasses import dataclass

from service.rules.atiwa import messages_maintenance as maintenance
from service.rules.atiwa.data.cards import Location
from service.rules.atiwa.data.pieces import Item
from service.rules.kit import by_name

# --- commands ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlaceWorker:
    """AT-01: put a worker on a free action space (its id as the view lists it, e.g. "TD", "R3")."""

    space: str


@dataclass(frozen=True, slots=True)
class StartAction:
    """AT-03: carry out this action of your space next (its index in the space's action list)."""

    action: int


@dataclass(frozen=True, slots=True)
class Pass:
    """Decline what is offered now (AT-04/AT-05): end the action, the worker action, the turn, or the step."""


@dataclass(frozen=True, slots=True)
class DrawTerrain:
    """AT-10: draw the top terrain card (it must then be placed)."""


@dataclass(frozen=True, slots=True)
class PlaceCard:
    """AT-31: put the card you gain at this play-area position (row >= 1, column 1..4)."""

    row: int
    col: int


@dataclass(frozen=True, slots=True)
class PlaceItem:
    """Put one piece you gain on a field (AT-42..AT-47); `trained` combines a family with training (AT-28)."""

    kind: Item
    card: int
    field: int
    trained: bool = False


@dataclass(frozen=True, slots=True)
class TrainFamily:
    """AT-15: turn the untrained family on this field to its trained side."""

    card: int
    field: int


@dataclass(frozen=True, slots=True)
class PayCost:
    """AT-16/AT-17: pay the gold of a paid training or an exchange."""


@dataclass(frozen=True, slots=True)
class ChooseAlternative:
    """AT-14: pick one alternative of a choice (its index)."""

    option: int


@dataclass(frozen=True, slots=True)
class PayTree:
    """AT-20: pay this tree (with whatever it carries, AT-52) towards a location card."""

    card: int
    field: int


@dataclass(frozen=True, slots=True)
class FlyBat:
    """AT-66: move this bat to your night card (the fruit bat action takes three)."""

    card: int
    field: int


@dataclass(frozen=True, slots=True)
class PayFruit:
    """AT-66: pay this fruit for the fruit bat action."""

    card: int
    field: int


@dataclass(frozen=True, slots=True)
class PayFood:
    """AT-81: pay one piece as food; gold has no card or field."""

    kind: Item
    card: int | None = None
    field: int | None = None


Command = (
    PlaceWorker
    | StartAction
    | Pass
    | DrawTerrain
    | PlaceCard
    | PlaceItem
    | TrainFamily
    | PayCost
    | ChooseAlternative
    | PayTree
    | FlyBat
    | PayFruit
    | PayFood
)

# --- events -----------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameSetUp:
    """AT-S1..AT-S15: tiles on positions 2..7, the terrain display, the start player (random, AT-R1/R3/R4)."""

    seats: int
    challenge: int
    tiles: tuple[str, ...]
    display: tuple[int | None, ...]
    start_player: int


@dataclass(frozen=True, slots=True)
class WorkerPlaced:
    seat: int
    space: str


@dataclass(frozen=True, slots=True)
class ActionStarted:
    seat: int
    action: int
    gold: int  # gold gained at once by the action (take, per nature symbol)


@dataclass(frozen=True, slots=True)
class ActionFinished:
    seat: int
    performed: bool  # the action did something (AT-19: the bonus needs its main action performed)


@dataclass(frozen=True, slots=True)
class WorkerActionEnded:
    seat: int


@dataclass(frozen=True, slots=True)
class TerrainDrawn:
    """AT-10 / AT-R6: the card drawn (the discard pile became the deck first if the deck was empty)."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class CardPlaced:
    """A terrain card added to a play area: drawn (slot None) or taken from display slot `slot` (AT-11)."""

    seat: int
    card: int
    row: int
    col: int
    slot: int | None


@dataclass(frozen=True, slots=True)
class LocationBought:
    """AT-20/AT-62: the location card placed, its gold paid, the start player marker taken."""

    seat: int
    location: Location
    gold: int
    row: int
    col: int


@dataclass(frozen=True, slots=True)
class ItemPlaced:
    """One piece gained and placed; `bat_returned`: a family moved into a bat hut untrained (AT-46)."""

    seat: int
    kind: Item
    card: int
    field: int
    trained: bool = False
    bat_returned: bool = False


@dataclass(frozen=True, slots=True)
class FruitDeclined:
    """AT-04 on a tree with fruit: the fruit is not taken."""

    seat: int


@dataclass(frozen=True, slots=True)
class FamilyTrained:
    seat: int
    card: int
    field: int


@dataclass(frozen=True, slots=True)
class CostPaid:
    seat: int
    gold: int


@dataclass(frozen=True, slots=True)
class AlternativeChosen:
    seat: int
    option: int
    gold: int  # gold in the chosen alternative, gained at once


@dataclass(frozen=True, slots=True)
class TreePaid:
    """AT-51/AT-52: a tree (and whatever it carried) went back for a location card."""

    seat: int
    card: int
    field: int


@dataclass(frozen=True, slots=True)
class BatFlown:
    seat: int
    card: int
    field: int


@dataclass(frozen=True, slots=True)
class FruitPaid:
    seat: int
    card: int
    field: int


@dataclass(frozen=True, slots=True)
class TurnEnded:
    seat: int


Event = (
    GameSetUp
    | WorkerPlaced
    | ActionStarted
    | ActionFinished
    | WorkerActionEnded
    | TerrainDrawn
    | CardPlaced
    | LocationBought
    | ItemPlaced
    | FruitDeclined
    | FamilyTrained
    | CostPaid
    | AlternativeChosen
    | TreePaid
    | BatFlown
    | FruitPaid
    | TurnEnded
    | maintenance.IncomeCollected
    | maintenance.ProductionStarted
    | maintenance.StepFinished
    | maintenance.NightBatsReturning
    | maintenance.BatsReleased
    | maintenance.FeedingStarted
    | maintenance.FoodPaid
    | maintenance.FoodShortage
    | maintenance.BreedingStarted
    | maintenance.MaintenanceFinished
    | maintenance.WorkersReturned
    | maintenance.DisplayRefreshed
    | maintenance.FamiliesMigrated
    | maintenance.RoundStarted
    | maintenance.GameFinished
)

COMMAND_TYPES = by_name(Command)
EVENT_TYPES = by_name(Event)
