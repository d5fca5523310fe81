"""The game state: frozen, rebuilt by evolve() alone. What it holds, and plain reads of it; no rule."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from service.rules.hare_tortoise.data import (
    ANIMALS,
    CARD_ANIMAL,
    HOWL_CARDS,
    SERIES_RACES,
    TURBO_HAND_SIZE_DEFAULT,
    Animal,
)


class Phase(StrEnum):
    SETUP = "setup"  # before the first RaceSetUp
    SECOND_BET = "second_bet"  # HT-S3: every seat secretly keeps one card
    PLAY = "play"  # HT-10..20: the current seat plays cards
    TURBO_MOVE = "turbo_move"  # HT-V2.5: the picker chooses an animal to move
    FINISHED = "finished"


@dataclass(frozen=True, slots=True)
class Config:
    """The options a game was created with, as the rules use them."""

    turbo: bool = False
    races: int = 1
    tie_policy: str = "shared"
    turbo_hand_size: int = TURBO_HAND_SIZE_DEFAULT
    first_player: int = -1  # -1: chosen at random (HT-S5)

    @staticmethod
    def of(options: Mapping[str, Any]) -> Config:
        return Config(
            turbo=options.get("variant", "standard") == "turbo",
            races=SERIES_RACES if options.get("series", False) else 1,
            tie_policy=options.get("tie_policy", "shared"),
            turbo_hand_size=options.get("turbo_hand_size", TURBO_HAND_SIZE_DEFAULT),
            first_player=options.get("first_player", -1),
        )


@dataclass(frozen=True, slots=True)
class RaceResult:
    bets: tuple[tuple[str, ...], ...]
    podium: tuple[tuple[Animal, int], ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class State:
    seats: int
    config: Config
    phase: Phase = Phase.SETUP
    race: int = 0
    streams: tuple[bool, ...] = ()
    turbo_tokens: tuple[Animal, ...] = ()
    positions: tuple[int, ...] = (0, 0, 0, 0, 0)  # by ANIMALS index
    podium: tuple[tuple[Animal, int], ...] = ()  # (animal, place) in the order they took it
    hands: tuple[tuple[str, ...], ...] = ()
    bets: tuple[tuple[str, ...], ...] = ()
    boxed_bets: tuple[str, ...] = ()
    deck: tuple[str, ...] = ()  # kept sorted: draws are random at draw time, so order is never state
    discard: tuple[str, ...] = ()
    played: tuple[tuple[str, ...], ...] = ()  # this round, per seat, in play order
    first_player: int = 0
    turn: int = 0
    second_bet_done: tuple[bool, ...] = ()
    to_move: tuple[Animal, ...] = ()  # Turbo: animals still to move this phase
    crossed: tuple[Animal, ...] = ()  # Turbo: crossing order this phase
    results: tuple[RaceResult, ...] = ()
    totals: tuple[int, ...] | None = None
    winners: tuple[int, ...] | None = None

    # --- reads (what the table shows; the rules that use them are in decide.py and legal.py) ----------
    def counts(self) -> tuple[int, ...]:
        """Cards played this round per animal (HT-12)."""
        c = [0] * len(ANIMALS)
        for cards in self.played:
            for card in cards:
                c[ANIMALS.index(CARD_ANIMAL[card])] += 1
        return tuple(c)

    def total(self) -> int:
        return sum(len(cards) for cards in self.played)

    def howl(self) -> bool:
        return any(card in HOWL_CARDS for cards in self.played for card in cards)

    def on_podium(self, animal: Animal) -> bool:
        return any(a == animal for a, _ in self.podium)

    def position(self, animal: Animal) -> int:
        return self.positions[ANIMALS.index(animal)]
