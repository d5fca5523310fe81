"""The state before anything happened, and the lay-out of a race (HT-S1..S5, HT-V2.1..V2.3)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.rules.core import InvalidOptions, Rng
from service.rules.hare_tortoise.data import (
    ANIMALS,
    BET_CARDS,
    DEAL_SIZE,
    FULL_DECK,
    STREAM_TILES,
    TRACK_TILES,
    TURBO_DEAL_SIZE,
    TURBO_DECK,
    starting_bets_per_player,
)
from service.rules.hare_tortoise.messages import Event, RaceSetUp
from service.rules.hare_tortoise.state import Config, State


def initial_state(seats: int, options: Mapping[str, Any]) -> State:
    return State(seats=seats, config=Config.of(options))


def setup(options: Mapping[str, Any], seats: int, rng: Rng) -> list[Event]:
    config = Config.of(options)
    if config.first_player >= seats:
        raise InvalidOptions(f"first_player must be a seat from 0 to {seats - 1} (or -1 for random)")
    first = config.first_player if config.first_player >= 0 else -1
    return [race_setup(config, seats, race=1, first_player=first, rng=rng)]


def race_setup(config: Config, seats: int, race: int, first_player: int, rng: Rng) -> RaceSetUp:
    """HT-S1..S5, or HT-V2.1..V2.3 in Turbo; also each later race of a series or a rematch (HT-V1, HT-64).

    The draw order is fixed: changing it changes every game.
    """
    per = starting_bets_per_player(seats)
    bets = rng.shuffled(BET_CARDS)  # HT-S1
    streams = rng.shuffled((True,) * STREAM_TILES + (False,) * (TRACK_TILES - STREAM_TILES))  # HT-S2
    tokens = rng.shuffled(ANIMALS) if config.turbo else ()  # HT-V2.2
    deck = rng.shuffled(TURBO_DECK if config.turbo else FULL_DECK)  # HT-S3 / HT-V2.1
    deal = TURBO_DEAL_SIZE if config.turbo else DEAL_SIZE
    if first_player < 0:
        first_player = rng.below(seats)  # HT-S5: the engine's stand-in for "who tells the time first"
    return RaceSetUp(
        race=race,
        streams=streams,
        turbo_tokens=tokens,
        starting_bets=tuple(tuple(sorted(bets[i * per : (i + 1) * per])) for i in range(seats)),
        boxed_bets=tuple(sorted(bets[seats * per :])),
        hands=tuple(tuple(sorted(deck[i * deal : (i + 1) * deal])) for i in range(seats)),
        first_player=first_player,
    )
