"""The spell effects' decisions (§11.2, BY-E*): what the active player owes, the commands that answer it,
and the events of an effect cast, aimed, lost or forfeited; messages.py holds the race's messages and
the Command and Event unions of both.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from service.rules.baba_yaga.data import Cell, Effect, HouseTiming


class Choice(StrEnum):
    """A decision the active player owes outside the race (spec §11.2)."""

    HOUSE_START = "place_house_start"  # BY-E0.5a: a deferred E-HOUSE, after the witch is placed
    TARGET = "choose_target"  # BY-E0.1: an opponent for E-BLIND / E-TINY / E-SHORTEN
    HOUSE_TIMING = "choose_house_timing"  # BY-E7: now or at the start of the next turn
    HOUSE_NOW = "place_house_now"  # BY-E7 "now", after the Forest tiles are reset (BY-E0.2)
    SWAP = "swap_tiles"  # BY-E2, after the Forest tiles are reset (BY-E0.2)
    FEARLESS = "move_house"  # BY-V4.1: the fearless variant's House move


class LossReason(StrEnum):
    """Why a cast spell's effect was not applied."""

    WALK_LEVEL = "walk_level"  # BY-23 / BY-T12
    NO_TARGET = "no_target"  # BY-E0.4


@dataclass(frozen=True, slots=True)
class ChooseTarget:
    """BY-E0.1: the opponent who gets the card in front of him."""

    player: int


@dataclass(frozen=True, slots=True)
class ChooseHouseTiming:
    """BY-E7: place the House now, or at the start of your next turn."""

    timing: HouseTiming


@dataclass(frozen=True, slots=True)
class SwapTiles:
    """BY-E2: exchange two Forest tiles (the House moves with its tile)."""

    a: Cell
    b: Cell


@dataclass(frozen=True, slots=True)
class MoveHouse:
    """BY-V4.1 (fearless): move the House to a Forest tile to hinder the next player."""

    cell: Cell


@dataclass(frozen=True, slots=True)
class ChoiceRequired:
    """The active player owes a decision; `card` is the spell card it comes from."""

    seat: int
    choice: Choice
    card: str | None
    at_ms: int


@dataclass(frozen=True, slots=True)
class HouseMoved:
    """BY-E7 / BY-V4.1: the House now covers `cell`. `card` is the E-HOUSE card used (None: fearless)."""

    seat: int
    cell: Cell
    card: str | None
    at_ms: int


@dataclass(frozen=True, slots=True)
class EffectTargeted:
    """BY-E0.1: `card` now lies in front of `target`; it applies on his next active turn."""

    seat: int
    card: str
    effect: Effect
    target: int
    at_ms: int


@dataclass(frozen=True, slots=True)
class EffectLost:
    """BY-23 / BY-E0.4: the cast card goes to the box without effect."""

    seat: int
    card: str
    effect: Effect
    reason: LossReason
    at_ms: int


@dataclass(frozen=True, slots=True)
class HouseTimingChosen:
    seat: int
    card: str
    timing: HouseTiming
    at_ms: int


@dataclass(frozen=True, slots=True)
class TilesSwapped:
    """BY-E2 (the House moves with its tile, BY-G12)."""

    seat: int
    a: Cell
    b: Cell
    at_ms: int


@dataclass(frozen=True, slots=True)
class ChoiceForfeited:
    """The active player let a decision time out (auto); the effect or the House move is lost."""

    seat: int
    choice: Choice
    card: str | None
    auto: bool
    at_ms: int
