"""Commands (imperative, what a seat asks for) and events (past tense, what happened).

Cells are `(row, column)` pairs (spec §1). Every event after setup carries
`at_ms`, the server time of the command that caused it (the `now_ms` the
ledger stamped), so that evolve alone rebuilds every deadline. Events that an
automatic command (a timeout) caused say so with `auto`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from service.rules.baba_yaga import messages_effects as effects
from service.rules.baba_yaga.data import Cell, End, Hand, Quadrant
from service.rules.kit import by_name


class RoundEnd(StrEnum):
    """§11.4: what ended the race."""

    WITCH_RETURNED = "witch_returned"
    SEARCH_ENDED = "search_ended"


class FinishReason(StrEnum):
    THIRD_SPELL = "third_spell"  # BY-30
    TURN_LIMIT = "turn_limit"  # BY-31


# --- commands --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class PlaceWitch:
    """BY-10: the Placer puts the witch on one of the four ends."""

    end: End


@dataclass(frozen=True, slots=True)
class PlaceHouse:
    """BY-E7: put the House on a Forest tile (a deferred House at the start of your turn, or "now")."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class RevealSpell:
    """BY-11: turn over the top card of your stack; the race starts."""


@dataclass(frozen=True, slots=True)
class LiftHouse:
    """BY-16: lift the House off the board to look under it."""


@dataclass(frozen=True, slots=True)
class FlipUp:
    """BY-12: turn a Forest tile Ingredient-side up."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class FlipDown:
    """BY-14 / BY-15: turn a face-up tile back Forest-side up."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class ReplaceHouse:
    """BY-16: put the lifted House back on its tile."""


@dataclass(frozen=True, slots=True)
class MoveLens:
    """§11.5 Keyhole: look at another forest quadrant (costs one search action)."""

    quadrant: Quadrant


@dataclass(frozen=True, slots=True)
class EndSearch:
    """§11.4: declare the search over; the round ends at once."""


@dataclass(frozen=True, slots=True)
class StepWitch:
    """BY-20 (Mode R): the due flyer moves the witch one tile. `hand`: two-player enforce mode only."""

    hand: Hand | None = None


@dataclass(frozen=True, slots=True)
class BeginGame:
    """Automatic (server only, due at once): start the game's clock."""


@dataclass(frozen=True, slots=True)
class Timeout:
    """Automatic (server only): a deadline has passed (status.wake_at_ms); the game moves on."""


Command = (
    PlaceWitch
    | PlaceHouse
    | RevealSpell
    | LiftHouse
    | FlipUp
    | FlipDown
    | ReplaceHouse
    | MoveLens
    | EndSearch
    | StepWitch
    | effects.ChooseTarget
    | effects.ChooseHouseTiming
    | effects.SwapTiles
    | effects.MoveHouse
    | BeginGame
    | Timeout
)


# --- events ----------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ForestTile:
    """One Forest tile on the board. `ingredient` is None in every redacted copy."""

    cell: Cell
    clue: str
    ingredient: str | None


@dataclass(frozen=True, slots=True)
class ForestLaid:
    """BY-S1: the 16 Forest tiles laid at random, Forest face up."""

    tiles: tuple[ForestTile, ...]


@dataclass(frozen=True, slots=True)
class SpellsDealt:
    """BY-S3: three secret cards per player, top card first. Redacted: `stacks` empty, only `counts`."""

    stacks: tuple[tuple[str, ...], ...]
    counts: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FirstPlayerChosen:
    """BY-S4."""

    seat: int


@dataclass(frozen=True, slots=True)
class GameBegan:
    """The clock started. `preview_until_ms`: the English-edition preview (BY-S5) runs until then."""

    preview_until_ms: int | None
    at_ms: int


@dataclass(frozen=True, slots=True)
class PreviewEnded:
    """BY-S5: every tile is hidden again."""

    at_ms: int


@dataclass(frozen=True, slots=True)
class TurnStarted:
    """BY-26: `active` searches this turn; `placer` (on his left) places the witch."""

    turn: int
    active: int
    placer: int
    at_ms: int


@dataclass(frozen=True, slots=True)
class WitchPlaced:
    """BY-10 (auto: §11.8 placer timeout, random end)."""

    seat: int
    end: End
    auto: bool
    at_ms: int


@dataclass(frozen=True, slots=True)
class TurnPrepared:
    """BY-E0.5 (b, c): the cards in front of the active player apply to this turn."""

    seat: int
    activated: tuple[str, ...]
    path_length: int
    required: int
    blind: bool
    tiny: bool
    at_ms: int


@dataclass(frozen=True, slots=True)
class SpellRevealed:
    """BY-11: the race starts. `lens`: the Keyhole's first quadrant (E-BLIND enforced), drawn at random."""

    seat: int
    card: str
    lens: Quadrant | None
    auto: bool
    at_ms: int


@dataclass(frozen=True, slots=True)
class TileFlippedUp:
    """BY-12/13: the ingredient is public while the tile is face up. `correct`: it is on the card."""

    seat: int
    cell: Cell
    ingredient: str
    correct: bool
    at_ms: int


@dataclass(frozen=True, slots=True)
class TileFlippedDown:
    seat: int
    cell: Cell
    at_ms: int


@dataclass(frozen=True, slots=True)
class HouseLifted:
    """BY-16: the House is put in front of the searcher; the tile under it can be turned."""

    seat: int
    cell: Cell
    at_ms: int


@dataclass(frozen=True, slots=True)
class HouseReplaced:
    seat: int
    cell: Cell
    at_ms: int


@dataclass(frozen=True, slots=True)
class LensMoved:
    seat: int
    quadrant: Quadrant
    at_ms: int


@dataclass(frozen=True, slots=True)
class WitchStepped:
    """BY-20: step number `step` of the round by flyer `seat`; auto = made by the server (R4, Mode T)."""

    seat: int
    step: int
    cell: Cell
    hand: Hand | None
    auto: bool
    at_ms: int


@dataclass(frozen=True, slots=True)
class SearchEnded:
    """§11.4: the searcher declared his search over."""

    seat: int
    at_ms: int


@dataclass(frozen=True, slots=True)
class RoundEnded:
    """BY-22..24: the check. `correct`/`wrong`: the ingredients face up at the end."""

    seat: int
    card: str
    correct: tuple[str, ...]
    wrong: tuple[str, ...]
    required: int
    cast: bool
    why: RoundEnd
    at_ms: int


@dataclass(frozen=True, slots=True)
class TilesReset:
    """BY-25: every Forest tile turned Forest-side up; the House back on its tile if it proved wrong."""

    house_returned_to: Cell | None
    at_ms: int


@dataclass(frozen=True, slots=True)
class TurnEnded:
    """BY-25: path restored, witch removed, the cards that applied to this turn boxed."""

    seat: int
    boxed: tuple[str, ...]
    at_ms: int


@dataclass(frozen=True, slots=True)
class GameFinished:
    """BY-30 / BY-31."""

    winners: tuple[int, ...]
    casts: tuple[int, ...]
    reason: FinishReason
    at_ms: int


Event = (
    ForestLaid
    | SpellsDealt
    | FirstPlayerChosen
    | GameBegan
    | PreviewEnded
    | TurnStarted
    | WitchPlaced
    | effects.ChoiceRequired
    | effects.HouseMoved
    | TurnPrepared
    | SpellRevealed
    | TileFlippedUp
    | TileFlippedDown
    | HouseLifted
    | HouseReplaced
    | LensMoved
    | WitchStepped
    | SearchEnded
    | RoundEnded
    | TilesReset
    | effects.EffectTargeted
    | effects.EffectLost
    | effects.HouseTimingChosen
    | effects.TilesSwapped
    | effects.ChoiceForfeited
    | TurnEnded
    | GameFinished
)

COMMAND_TYPES = by_name(Command)
EVENT_TYPES = by_name(Event)
