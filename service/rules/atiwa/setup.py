"""Atiwa's setup (§3): the state before setup's events, and the one GameSetUp event with every draw (AT-R1..AT-R4)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.rules.atiwa.data.board import DISPLAY_SIZE, TILE_IDS
from service.rules.atiwa.data.cards import TERRAIN_NUMBERS
from service.rules.atiwa.data.challenges import CHALLENGES, challenge_for
from service.rules.atiwa.messages import Event, GameSetUp
from service.rules.atiwa.state import State
from service.rules.core import InvalidOptions, Rng


def initial_state(seats: int, options: Mapping[str, Any]) -> State:
    return State(seats=seats, challenge=int(options.get("challenge", 0)))


def setup(options: Mapping[str, Any], seats: int, rng: Rng) -> list[Event]:
    if not 1 <= seats <= 4:
        raise InvalidOptions(f"Atiwa is for 1 to 4 players, not {seats}")
    number = int(options.get("challenge", 0))
    if number and number not in CHALLENGES:
        raise InvalidOptions(f"there is no challenge {number}; the challenges are 1 to {len(CHALLENGES)}")
    if number and seats != 1:
        raise InvalidOptions("the challenges are for the solo game only (1 player)")
    tiles = rng.shuffled(TILE_IDS)  # AT-S3 / AT-R1
    start = rng.below(seats)  # AT-S14 / AT-R4
    deck = [] if seats == 1 and challenge_for(number).no_terrain else list(TERRAIN_NUMBERS)  # AT-C4
    display: list[int | None] = []
    for _ in range(DISPLAY_SIZE[seats]):  # AT-S5 / AT-R3
        display.append(deck.pop(rng.below(len(deck))) if deck else None)
    return [GameSetUp(seats=seats, challenge=number, tiles=tiles, display=tuple(display), start_player=start)]
