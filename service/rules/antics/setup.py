"""initial_state and setup (AN-S1..S8, AN-V1): the board stocked, the display filled, the first turn started."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.rules.antics.data import BAG_TILES, SITE_TOKEN, SITES, initial_site_tokens
from service.rules.antics.evolve import evolve
from service.rules.antics.messages import Event, GameStarted, SiteStock
from service.rules.antics.state import State
from service.rules.antics.update import refill, start_turn
from service.rules.core import InvalidOptions, Rng
from service.rules.kit import Writer

OPTION_TWO_PLAYER = "two_player_variant"


def initial_state(seats: int, options: Mapping[str, Any]) -> State:
    return State(seats=seats, two_player=bool(options.get(OPTION_TWO_PLAYER, False)))


def setup(options: Mapping[str, Any], seats: int, rng: Rng) -> list[Event]:
    variant = bool(options.get(OPTION_TWO_PLAYER, False))
    if seats == 2 and not variant:
        raise InvalidOptions(
            "Antics! is for 3 or 4 players; a 2-player game needs the option two_player_variant (AN-V1)"
        )
    if variant and seats != 2:
        raise InvalidOptions(f"the two-player variant (AN-V1) is for exactly 2 players, not {seats}")
    if not 2 <= seats <= 4:
        raise InvalidOptions(f"Antics! is for 3 or 4 players (2 with the variant), not {seats}")
    out: Writer[State, Event] = Writer(initial_state(seats, options), evolve)
    stock = initial_site_tokens(seats)
    out.emit(
        GameStarted(
            seats=seats,
            two_player_variant=variant,
            start_seat=rng.below(seats),  # AN-S8 / AN-R2
            sites=tuple(SiteStock(site, SITE_TOKEN[site], n) for site, n in zip(SITES, stock, strict=True)),
            starting_tiles=tuple(range(seats)),  # AN-S3: tile i is seat i's starting tile
            bag_size=len(BAG_TILES),
        )
    )
    drawn = refill(out.state, rng)  # AN-S6 / AN-R1
    if drawn is not None:
        out.emit(drawn)
    start_turn(out, out.state.start_seat, None)
    return out.events
