"""Commands (imperative, what a seat asks for) and events (past tense, what the rules decided).

A cell is `(row, col)`, both 0..3. Card ids: Path cards `TC-07`, Provision cards
`PV-WHEAT-1`, Power cards `PW-BEE` (see data.py). Every random outcome (a card
drawn, a grid refill, a peeked marker) is carried by its event, so evolve()
never needs an Rng.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from service.rules.grasshopper_ant.data import Mode, PathType, Power
from service.rules.kit import by_name

Cell = tuple[int, int]

# --- commands ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlaceAnts:
    """GA-10/11: the Ant puts its 6 pawns on 6 orthogonally connected cards."""

    cells: frozenset[Cell]


@dataclass(frozen=True, slots=True)
class ChooseMarker:
    """GA-13: the Ant secretly picks the path type to collect (a type under one of its pawns)."""

    path_type: PathType


@dataclass(frozen=True, slots=True)
class RedAntGuess:
    """GA-14 (Winter, 3-4 players): a Red Ant secretly guesses the Ant's type."""

    path_type: PathType


@dataclass(frozen=True, slots=True)
class PeekMarker:
    """GA-P3 (Dragonfly): the Cicada looks at one of the Ant's 3 unchosen markers (face-down slot 0..2)."""

    slot: int


@dataclass(frozen=True, slots=True)
class PlaceCicada:
    """GA-20: the Cicada sits on one card that carries an Ant pawn."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class ResolveInsect:
    """GA-36 (Winter, the Ant collects): for insect card `card` of the haul, take it or a grid card with its insect."""

    card: str
    take: str


@dataclass(frozen=True, slots=True)
class GainPower:
    """GA-P0: discard one just-collected insect card and take that insect's Power card."""

    discard: str


@dataclass(frozen=True, slots=True)
class SkipPower:
    """GA-P0: gain no power this round."""


@dataclass(frozen=True, slots=True)
class Buy:
    """GA-80..82: buy one market Provision card, paying exactly its price with these Path cards."""

    provision: str
    cards: frozenset[str]


@dataclass(frozen=True, slots=True)
class UseSwap:
    """GA-P6 (Butterfly): swap your Provision card `mine` with an opponent's or a market card `theirs`."""

    mine: str
    theirs: str


@dataclass(frozen=True, slots=True)
class Pass:
    """End your acquisition phase (buy nothing, or nothing more)."""


Command = (
    PlaceAnts
    | ChooseMarker
    | RedAntGuess
    | PeekMarker
    | PlaceCicada
    | ResolveInsect
    | GainPower
    | SkipPower
    | Buy
    | UseSwap
    | Pass
)

# --- events -----------------------------------------------------------------------------


class DrawReason(StrEnum):
    RED_ANT = "red_ant"  # GA-34
    EXACT_CHANGE = "exact_change"  # GA-86
    LADYBUG = "ladybug"  # GA-P4
    COCOON = "cocoon"  # GA-P5 (face down)


class EndReason(StrEnum):
    TWO_FULL_SHELVES = "two_full_shelves"  # GA-70a
    DECK_SHORT = "deck_short"  # GA-70b
    FOUR_VP = "four_vp"  # GA-75
    MARKET_EMPTY = "market_empty"  # GA-77a
    GRID_NOT_REFILLED = "grid_not_refilled"  # GA-77b


@dataclass(frozen=True, slots=True)
class GameSetUp:
    """GA-S1..S7W: the dealt grid (row-major, 16 cards), first roles, Winter supplies/market/powers."""

    mode: Mode
    grid: tuple[str, ...]
    ant: int
    cicada: int
    supplies: tuple[tuple[str, ...], ...]
    market: tuple[str, ...]
    provisions_in_play: tuple[str, ...]
    powers_in_play: tuple[Power, ...]


@dataclass(frozen=True, slots=True)
class RoundStarted:
    """GA-60/61: the roles of the new round."""

    round: int
    ant: int
    cicada: int


@dataclass(frozen=True, slots=True)
class AntsPlaced:
    seat: int
    cells: frozenset[Cell]


@dataclass(frozen=True, slots=True)
class MarkerChosen:
    """The Ant's black or a Red Ant's red marker, committed face down (None in everybody else's copy)."""

    seat: int
    path_type: PathType | None


@dataclass(frozen=True, slots=True)
class MarkerPeeked:
    """GA-P3: the marker in the slot is shown to the Cicada only (None in everybody else's copy)."""

    seat: int
    slot: int
    path_type: PathType | None


@dataclass(frozen=True, slots=True)
class CicadaPlaced:
    seat: int
    cell: Cell


@dataclass(frozen=True, slots=True)
class MarkersRevealed:
    """GA-30/31: every marker turned over; who collects, and the matching pawned cards S."""

    ant_marker: PathType
    guesses: tuple[tuple[int, PathType], ...]
    cicada_right: bool
    collector: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PantryFilled:
    """GA-40..43 (Autumn): the collector's cube on shelf `shelf`, plain cards boxed, insect cards kept."""

    seat: int
    shelf: PathType
    cards: tuple[str, ...]
    position: int
    lost: int
    boxed: tuple[str, ...]
    kept: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PathCardDrawn:
    """A Path card drawn from the deck into a seat's supply; a face-down one shows None to the others."""

    seat: int
    card: str | None
    reason: DrawReason
    face_down: bool


@dataclass(frozen=True, slots=True)
class DeckReshuffled:
    """GA-51: the discard pile becomes the new Path deck."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GridRefilled:
    """GA-50: (cell, card) for the empty cells filled, row-major."""

    placements: tuple[tuple[Cell, str], ...]


@dataclass(frozen=True, slots=True)
class InsectResolved:
    """GA-36: the Ant takes `taken` (the card itself or a grid card with the same insect) for `card`."""

    seat: int
    card: str
    taken: str


@dataclass(frozen=True, slots=True)
class CardsCollected:
    """GA-32/35 (Winter): the collector's cards leave the grid for its face-up supply."""

    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class PowerGained:
    """GA-P0: the Ant discards `discarded` and takes `power` from the centre or from `from_seat`."""

    seat: int
    power: Power
    discarded: str
    from_seat: int | None
    lost_cocoon: str | None  # GA-P5: a stolen Caterpillar's face-down card, now face up on the discard pile


@dataclass(frozen=True, slots=True)
class PowerDeclined:
    seat: int


@dataclass(frozen=True, slots=True)
class ProvisionBought:
    """GA-80..84: the Provision card and the Path cards paid (face up to the discard pile)."""

    seat: int
    provision: str
    paid: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ProvisionsSwapped:
    """GA-P6: `given` goes to `other_seat` (None: the market) and `received` comes back; the power returns."""

    seat: int
    given: str
    received: str
    other_seat: int | None


@dataclass(frozen=True, slots=True)
class AcquisitionEnded:
    seat: int


@dataclass(frozen=True, slots=True)
class MarketRefilled:
    """GA-87: Provision cards revealed from the Provision deck into the market."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class GameFinished:
    """GA-70/75/77/90..93: final scores and winners; every hidden card is revealed."""

    reason: EndReason
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    insect_piles: tuple[tuple[str, ...], ...]
    cocoons: tuple[str | None, ...]


Event = (
    GameSetUp
    | RoundStarted
    | AntsPlaced
    | MarkerChosen
    | MarkerPeeked
    | CicadaPlaced
    | MarkersRevealed
    | PantryFilled
    | PathCardDrawn
    | DeckReshuffled
    | GridRefilled
    | InsectResolved
    | CardsCollected
    | PowerGained
    | PowerDeclined
    | ProvisionBought
    | ProvisionsSwapped
    | AcquisitionEnded
    | MarketRefilled
    | GameFinished
)

COMMAND_TYPES = by_name(Command)
EVENT_TYPES = by_name(Event)
