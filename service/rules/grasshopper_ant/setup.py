"""Before the first command: the state a game starts from, and the events that set it up (GA-S1..GA-S7W)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.rules.core import InvalidOptions, Rng
from service.rules.grasshopper_ant.data import (
    ALL_PATH_IDS,
    CELLS,
    MARKET_SIZE,
    POWERS,
    POWERS_IN_PLAY,
    Mode,
    Power,
    provisions_for,
)
from service.rules.grasshopper_ant.messages import (
    Event,
    GameSetUp,
    RoundStarted,
)
from service.rules.grasshopper_ant.state import (
    State,
)

RANDOM = "random"

# --- options and setup -------------------------------------------------------------------------


def initial_state(seats: int, options: Mapping[str, Any]) -> State:
    mode = Mode(options.get("mode", Mode.AUTUMN.value))
    return State(
        seats=seats,
        mode=mode,
        powers=bool(options.get("powers", False)) and mode is Mode.WINTER,
        autumn_open=bool(options.get("autumn_open", False)) and mode is Mode.AUTUMN,
        snake=bool(options.get("snake", False)),
    )


def _chosen_powers(spec: str) -> tuple[Power, ...]:
    """The host's GA-S7W choice: a comma-separated list of 4 power ids (PW-BEE) or insect names (BEE)."""
    by_name = {p.value: p for p in POWERS} | {p.name: p for p in POWERS}
    names = [n.strip().upper() for n in spec.split(",") if n.strip()]
    unknown = [n for n in names if n not in by_name]
    if unknown:
        raise InvalidOptions(f"unknown power card {unknown[0]!r}; the power cards are {[p.value for p in POWERS]}")
    chosen = {by_name[n] for n in names}
    if len(chosen) != POWERS_IN_PLAY or len(names) != POWERS_IN_PLAY:
        raise InvalidOptions(f"power_cards must name {POWERS_IN_PLAY} different power cards, not {spec!r}")
    return tuple(p for p in POWERS if p in chosen)


def setup(options: Mapping[str, Any], seats: int, rng: Rng) -> list[Event]:
    if not 2 <= seats <= 4:
        raise InvalidOptions(f"The Grasshopper & the Ant is for 2 to 4 players, not {seats}")
    mode = Mode(options.get("mode", Mode.AUTUMN.value))
    powers = bool(options.get("powers", False))
    if powers and mode is not Mode.WINTER:
        raise InvalidOptions("Power to the Beetle! is a Winter variant: set mode to winter to use powers")
    if options.get("autumn_open", False) and mode is not Mode.AUTUMN:
        raise InvalidOptions("the open variant is for Autumn only: collected cards are always face up in Winter")
    first_ant = int(options.get("first_ant", -1))
    if not -1 <= first_ant < seats:
        raise InvalidOptions(f"first_ant must be a seat 0..{seats - 1}, or -1 for a random one, not {first_ant}")
    power_spec = str(options.get("power_cards", RANDOM))
    chosen_powers = None if power_spec.strip().lower() == RANDOM else _chosen_powers(power_spec)
    if chosen_powers is not None and not powers:
        raise InvalidOptions("power_cards only applies with the powers variant")

    # GA-S1: shuffle the Path cards; 16 form the grid (row-major), the rest the deck.
    shuffled = rng.shuffled(ALL_PATH_IDS)
    grid = shuffled[: len(CELLS)]
    deck = sorted(shuffled[len(CELLS) :])
    # GA-S2/S3: the first Ant (the youngest: a random seat unless the host says), the Cicada on its left.
    ant = first_ant if first_ant >= 0 else rng.below(seats)
    cicada = (ant + 1) % seats
    supplies: list[tuple[str, ...]] = [() for _ in range(seats)]
    market: tuple[str, ...] = ()
    in_play: tuple[str, ...] = ()
    in_game: tuple[Power, ...] = ()
    if mode is Mode.WINTER:
        # GA-S4W: one card each into the supply, in seat order from the Ant.
        for k in range(seats):
            seat = (ant + k) % seats
            card = rng.choice(deck)
            deck.remove(card)
            supplies[seat] = (card,)
        # GA-S5W: the Provision cards for this player count; 3 form the market.
        in_play = provisions_for(seats)
        market = rng.shuffled(in_play)[:MARKET_SIZE]
        # GA-S7W: 4 of the 6 Power cards.
        if powers:
            picked = chosen_powers if chosen_powers is not None else rng.shuffled(POWERS)[:POWERS_IN_PLAY]
            in_game = tuple(p for p in POWERS if p in picked)
    return [
        GameSetUp(
            mode=mode,
            grid=grid,
            ant=ant,
            cicada=cicada,
            supplies=tuple(supplies),
            market=market,
            provisions_in_play=in_play,
            powers_in_play=in_game,
        ),
        RoundStarted(round=1, ant=ant, cicada=cicada),
    ]
