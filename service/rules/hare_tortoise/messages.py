"""Commands (imperative, what a seat asks for) and events (past tense, what happened).

Hidden card ids in a redacted event are replaced by HIDDEN ("?"), so a client
still sees how many cards moved without seeing which.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.rules.hare_tortoise.data import Animal
from service.rules.kit import by_name

HIDDEN = "?"


# --- commands ------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class ChooseSecondBet:
    """HT-S3: keep one of your 7 dealt Racing cards face down as your second bet."""

    card: str


@dataclass(frozen=True, slots=True)
class PlayCards:
    """HT-10/11: play 1 to 4 Racing cards of one animal."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class MoveAnimal:
    """HT-V2.5 (Turbo): move one animal that had cards played and has not moved yet."""

    animal: Animal


Command = ChooseSecondBet | PlayCards | MoveAnimal


# --- events --------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class RaceSetUp:
    """HT-S1..S5 (and HT-V2.1..V2.3): a race laid out and dealt.

    `streams` has one flag per track tile 1..11. `turbo_tokens` names the animal
    whose token lies on tiles 2, 4, 6, 8, 10 (empty outside Turbo). `boxed_bets`
    are the Starting Bet cards nobody may ever see.
    """

    race: int
    streams: tuple[bool, ...]
    turbo_tokens: tuple[Animal, ...]
    starting_bets: tuple[tuple[str, ...], ...]
    boxed_bets: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    first_player: int


@dataclass(frozen=True, slots=True)
class SecondBetChosen:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class CardsPlayed:
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardsDrawn:
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DiscardReshuffled:
    """HT-16: the deck ran out; the discard pile became the new (secretly ordered) deck."""

    cards: int


@dataclass(frozen=True, slots=True)
class TurnPassed:
    """HT-20: no trigger; the next seat clockwise plays."""

    seat: int


@dataclass(frozen=True, slots=True)
class RacingPhaseStarted:
    """HT-20: 8 cards on the table or 4 of one animal. `howl` is HT-33."""

    counts: tuple[int, ...]
    howl: bool


@dataclass(frozen=True, slots=True)
class AnimalMoved:
    """An animal's move in a Racing phase.

    `note` says why: "nap", "howl", "stream" (HT-32/33/34) or "turbo" (HT-V2.7).
    """

    animal: Animal
    start: int
    end: int
    note: str | None = None


@dataclass(frozen=True, slots=True)
class AnimalCrossed:
    """HT-40 / HT-V2.8: the animal crossed the finish line (Turbo: in this order)."""

    animal: Animal


@dataclass(frozen=True, slots=True)
class AnimalFinished:
    """An animal took a podium place (1..3)."""

    animal: Animal
    place: int


@dataclass(frozen=True, slots=True)
class RoundEnded:
    """HT-42/43: played cards go to the discard pile; the First Player marker passes left."""

    first_player: int


@dataclass(frozen=True, slots=True)
class RaceFinished:
    """HT-50/60/61: the podium is complete; every bet is revealed and scored."""

    race: int
    bets: tuple[tuple[str, ...], ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class GameFinished:
    """HT-62..64 (and HT-V1.2): totals and winners after the last race."""

    totals: tuple[int, ...]
    winners: tuple[int, ...]


Event = (
    RaceSetUp
    | SecondBetChosen
    | CardsPlayed
    | CardsDrawn
    | DiscardReshuffled
    | TurnPassed
    | RacingPhaseStarted
    | AnimalMoved
    | AnimalCrossed
    | AnimalFinished
    | RoundEnded
    | RaceFinished
    | GameFinished
)

COMMAND_TYPES = by_name(Command)
EVENT_TYPES = by_name(Event)
