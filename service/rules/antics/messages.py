"""Commands (imperative, what the active seat asks for) and events (past tense, what happened).

An action is taken in two steps (AN-59 and the brief's pending-choice rule):
a marker command (`UseHex`, `UseMagnificANT`) opens the action, then one
sub-step command per tile, ant or token (`ScoutTile`, `BuildTile`,
`HatchAnt`, `DeployAnt`/`RecallAnt`, `PickUpToken`/`PassToken`/`DeliverToken`)
until its strength is used up or the player sends `FinishAction`. Rows and
columns of the display are 1-based, as in the spec; ant-hill cells are axial
hex coordinates (AN-20).
"""

from __future__ import annotations

from dataclasses import dataclass

from service.rules.antics.data import Action, EndReason, Hatchery, Meal, Token
from service.rules.kit import by_name


# --- commands ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class UseHex:
    """AN-01/03: put an action marker on the visible action hex of your ant-hill at (q, r)."""

    q: int
    r: int


@dataclass(frozen=True, slots=True)
class UseMagnificANT:
    """AN-03: put an action marker on your magnificANT and take `action` at level 1."""

    action: Action


@dataclass(frozen=True, slots=True)
class ScoutTile:
    """AN-10: take the tile at (row, column) of the display; one per column 1..L."""

    row: int
    column: int


@dataclass(frozen=True, slots=True)
class BuildTile:
    """AN-15/20..24: build `tile` from your supply, its first hex on (q1, r1), its second on (q2, r2)."""

    tile: int
    q1: int
    r1: int
    q2: int
    r2: int


@dataclass(frozen=True, slots=True)
class HatchAnt:
    """AN-30: move one ant from your supply into `hatchery`."""

    hatchery: Hatchery


@dataclass(frozen=True, slots=True)
class DeployAnt:
    """AN-35: move one of your ants from `hatchery` onto path `segment` (MILITARY: as a soldier)."""

    hatchery: Hatchery
    segment: str


@dataclass(frozen=True, slots=True)
class RecallAnt:
    """AN-35: take your ant (carrying nothing) off path `segment` back to your supply."""

    segment: str


@dataclass(frozen=True, slots=True)
class PickUpToken:
    """AN-45: the token on `site` moves onto your ant on `segment`, which touches the site."""

    site: str
    segment: str


@dataclass(frozen=True, slots=True)
class PassToken:
    """AN-45: the token your ant carries on `from_segment` moves to your ant on `to_segment`."""

    from_segment: str
    to_segment: str


@dataclass(frozen=True, slots=True)
class DeliverToken:
    """AN-45: the token your ant carries on `segment` (touching the NEST) goes into your collection."""

    segment: str


@dataclass(frozen=True, slots=True)
class FinishAction:
    """AN-06: end the current action before its strength is used up."""


@dataclass(frozen=True, slots=True)
class Steal:
    """AN-55..57: your empty ant on `segment` takes the token carried there by seat `victim`'s ant."""

    segment: str
    victim: int


@dataclass(frozen=True, slots=True)
class EndTurn:
    """AN-05: take no (further) action; your turn ends and the display is updated."""


@dataclass(frozen=True, slots=True)
class FeedPrey:
    """AN-61: the arriving anteater eats one prey token lying on `site`."""

    site: str


@dataclass(frozen=True, slots=True)
class FeedHatchery:
    """AN-61: the arriving anteater eats every ant in `hatchery` (they go back to their owners)."""

    hatchery: Hatchery


Command = (
    UseHex
    | UseMagnificANT
    | ScoutTile
    | BuildTile
    | HatchAnt
    | DeployAnt
    | RecallAnt
    | PickUpToken
    | PassToken
    | DeliverToken
    | FinishAction
    | Steal
    | EndTurn
    | FeedPrey
    | FeedHatchery
)


# --- events --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SiteStock:
    site: str
    token: Token
    count: int


@dataclass(frozen=True, slots=True)
class TilePlaced:
    """A tile drawn from the bag and laid at (row, column) of the display."""

    tile: int
    row: int
    column: int


@dataclass(frozen=True, slots=True)
class DisplayRow:
    """One row of the display: `tiles[c-1]` is the tile in column c (None: empty or the anteater)."""

    tiles: tuple[int | None, ...]
    anteater: int  # its column, 1..6


@dataclass(frozen=True, slots=True)
class GameStarted:
    """AN-S1..S5, AN-S7, AN-S8: the board stocked, kits handed out, the start player chosen."""

    seats: int
    two_player_variant: bool
    start_seat: int
    sites: tuple[SiteStock, ...]
    starting_tiles: tuple[int, ...]  # per seat, into the tile supply
    bag_size: int


@dataclass(frozen=True, slots=True)
class TilesDrawn:
    """AN-S6 / AN-63: tiles drawn one at a time from the bag, in draw order, and where each went."""

    placements: tuple[TilePlaced, ...]


@dataclass(frozen=True, slots=True)
class TurnStarted:
    """A seat's turn begins; `actions` is its marker limit (AN-T01); `final_turns_left` counts AN-71."""

    seat: int
    round: int
    actions: int
    final_turns_left: int | None


@dataclass(frozen=True, slots=True)
class ActionTaken:
    """AN-01..03: a marker placed on hex (q, r), or on the magnificANT (q and r None)."""

    seat: int
    action: Action
    level: int
    q: int | None
    r: int | None


@dataclass(frozen=True, slots=True)
class TileScouted:
    seat: int
    row: int
    column: int
    tile: int


@dataclass(frozen=True, slots=True)
class TileBuilt:
    seat: int
    tile: int
    q1: int
    r1: int
    q2: int
    r2: int
    level: int


@dataclass(frozen=True, slots=True)
class AntHatched:
    seat: int
    hatchery: Hatchery


@dataclass(frozen=True, slots=True)
class AntDeployed:
    seat: int
    hatchery: Hatchery
    segment: str
    soldier: bool


@dataclass(frozen=True, slots=True)
class AntRecalled:
    seat: int
    segment: str


@dataclass(frozen=True, slots=True)
class TokenPickedUp:
    seat: int
    site: str
    segment: str
    token: Token


@dataclass(frozen=True, slots=True)
class TokenPassed:
    seat: int
    from_segment: str
    to_segment: str
    token: Token


@dataclass(frozen=True, slots=True)
class TokenDelivered:
    seat: int
    segment: str
    token: Token


@dataclass(frozen=True, slots=True)
class TokenStolen:
    seat: int
    victim: int
    segment: str
    token: Token


@dataclass(frozen=True, slots=True)
class PreyExhausted:
    """AN-65: the last token of this prey type left its site."""

    prey: Token


@dataclass(frozen=True, slots=True)
class ActionFinished:
    seat: int
    action: Action


@dataclass(frozen=True, slots=True)
class TurnEnded:
    """The seat ended its turn having placed `markers` action markers (AN-72 counts zeros)."""

    seat: int
    markers: int


@dataclass(frozen=True, slots=True)
class DisplayCompacted:
    """AN-60: the rows after the tiles closed up and the anteaters moved with them."""

    rows: tuple[DisplayRow, ...]


@dataclass(frozen=True, slots=True)
class AnteaterArrived:
    """AN-61: the anteater of `row` reached column 1; the guide counter is now `counter`."""

    row: int
    counter: int
    meal: Meal


@dataclass(frozen=True, slots=True)
class PreyEaten:
    seat: int  # the chooser
    site: str
    prey: Token


@dataclass(frozen=True, slots=True)
class HatcheryEaten:
    """Every ant in the hatchery went back to its owner's supply: `ants[s]` of seat s."""

    seat: int  # the chooser
    hatchery: Hatchery
    ants: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class AnteaterReturned:
    """AN-62: the anteater left its row, the tiles closed up and it went to column 6."""

    row: int
    layout: DisplayRow


@dataclass(frozen=True, slots=True)
class EndTriggered:
    """AN-70: the game end was triggered during `seat`'s turn; every player gets one more turn."""

    seat: int
    reason: EndReason


@dataclass(frozen=True, slots=True)
class GameFinished:
    """AN-71/72/80..83: the final scores, the ant-hill heights (tie-break) and the winners."""

    reason: EndReason
    scores: tuple[int, ...]
    heights: tuple[int, ...]
    winners: tuple[int, ...]


Event = (
    GameStarted
    | TilesDrawn
    | TurnStarted
    | ActionTaken
    | TileScouted
    | TileBuilt
    | AntHatched
    | AntDeployed
    | AntRecalled
    | TokenPickedUp
    | TokenPassed
    | TokenDelivered
    | TokenStolen
    | PreyExhausted
    | ActionFinished
    | TurnEnded
    | DisplayCompacted
    | AnteaterArrived
    | PreyEaten
    | HatcheryEaten
    | AnteaterReturned
    | EndTriggered
    | GameFinished
)

COMMAND_TYPES = by_name(Command)
EVENT_TYPES = by_name(Event)
