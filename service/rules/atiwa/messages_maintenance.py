"""The events of the maintenance phase (AT-72..AT-89: income, production, feeding, breeding, the round's
end) and of the game's end (§7), with the values they carry; messages.py holds the commands, the work
phase's events and the Event union of both.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.rules.atiwa.data.pieces import Item


@dataclass(frozen=True, slots=True)
class Spot:
    """A field of a play area (card index, field number 1..8)."""

    card: int
    field: int


@dataclass(frozen=True, slots=True)
class IncomeCollected:
    """AT-72..AT-77: wage for trained families, markers drawn (their gold, AT-R5), pollution placed."""

    seat: int
    wage: int
    found: tuple[int, ...]  # gold shown on each marker drawn from the bag
    substitutes: int  # AT-75: draws from an empty bag
    polluted: tuple[Spot, ...]  # AT-76 placement order
    boxed: int  # markers with no unpolluted field left (back to the box)


@dataclass(frozen=True, slots=True)
class ProductionStarted:
    """AT-78: one link of the chain; `amount` read from the supply board now."""

    seat: int
    kind: Item
    amount: int


@dataclass(frozen=True, slots=True)
class StepFinished:
    seat: int


@dataclass(frozen=True, slots=True)
class NightBatsReturning:
    """AT-79."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class BatsReleased:
    """AT-79: bats without room go to the general supply."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class FeedingStarted:
    """AT-80..AT-85: the need, the bats that may be eaten, and whether everything payable falls short."""

    seat: int
    need: int
    bats_allowed: int
    shortage: bool


@dataclass(frozen=True, slots=True)
class FoodPaid:
    seat: int
    kind: Item
    card: int | None
    field: int | None


@dataclass(frozen=True, slots=True)
class PaidPiece:
    kind: Item
    card: int
    field: int


@dataclass(frozen=True, slots=True)
class FoodShortage:
    """AT-85: everything payable paid, and the penalty recorded on the scoring pad."""

    seat: int
    gold: int
    pieces: tuple[PaidPiece, ...]
    missing: int
    penalty: int


@dataclass(frozen=True, slots=True)
class BreedingStarted:
    seat: int


@dataclass(frozen=True, slots=True)
class MaintenanceFinished:
    seat: int


@dataclass(frozen=True, slots=True)
class WorkersReturned:
    """AT-87 / AT-102: the spaces freed."""

    spaces: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DisplayRefreshed:
    """AT-88 / AT-104 / AT-R6: cards discarded, then the card dealt onto each slot (None: left as it was)."""

    discarded: tuple[int, ...]
    dealt: tuple[int | None, ...]


@dataclass(frozen=True, slots=True)
class FamiliesMigrated:
    """AT-C5: family tokens removed from the supply board."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class RoundStarted:
    """AT-27/AT-89: the tile slid (implied by the round number) and the new work phase begins."""

    round: int
    start_player: int


@dataclass(frozen=True, slots=True)
class Result:
    """One seat's final score by category (§7)."""

    gold: int
    cards: int
    board: int
    trained: int
    bats: int
    shortage: int
    total: int
    pollution: int


@dataclass(frozen=True, slots=True)
class GameFinished:
    results: tuple[Result, ...]
    winners: tuple[int, ...]
    goal_met: bool | None  # solo only (AT-100, AT-C1..AT-C8)
