"""Given/when/then helpers for The Grasshopper & the Ant rule tests (imported by the test modules beside it)."""

from __future__ import annotations

from dataclasses import replace
from functools import reduce
from typing import Any

from service.rules import grasshopper_ant as ga
from service.rules.grasshopper_ant.data import PATH_TYPES, POWERS, Power, provisions_for
from service.rules.grasshopper_ant.messages import (
    AntsPlaced,
    ChooseMarker,
    Command,
    Event,
    GameSetUp,
    PlaceAnts,
    PlaceCicada,
    RedAntGuess,
    RoundStarted,
)
from service.rules.grasshopper_ant.state import BOXED, CENTRE, State
from tests.support.given import Harness


def grid(*rows: str) -> tuple[str, ...]:
    cards = tuple(c for row in rows for c in row.split())
    assert len(cards) == 16, cards
    return cards


# Pawns on the top-left 2x3 block cover TC-01, ST-01, TC-02 / WD-01, TC-03, TL-02: three TC cards.
GRID = grid(
    "TC-01 ST-01 TC-02 TL-01",
    "WD-01 TC-03 TL-02 ST-02",
    "TC-07 ST-07 WD-07 TL-07",
    "TC-08 ST-08 WD-08 TL-08",
)
BLOCK = frozenset({(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)})


GA: Harness[State, Command, Event] = Harness(ga, seats=2, seed=b"test")
given = GA.given
when = GA.when
refused = GA.refused


def options(seats: int, **given: Any) -> dict[str, Any]:
    return GA.options(seats, **given)


def set_up(
    seats: int = 2,
    cards: tuple[str, ...] = GRID,
    ant: int = 0,
    cicada: int | None = None,
    supplies: tuple[tuple[str, ...], ...] | None = None,
    market: tuple[str, ...] | None = None,
    powers_in_play: tuple[Power, ...] = (),
    **opts: Any,
) -> State:
    """A game set up by a GameSetUp event with the given layout, at the start of round 1."""
    winter = opts.get("mode") == "winter"
    in_play = provisions_for(seats) if winter else ()
    if market is None:
        market = in_play[:3] if winter else ()
    if supplies is None:
        supplies = ((),) * seats
    cicada = (ant + 1) % seats if cicada is None else cicada
    setup = GameSetUp(
        mode=ga.initial_state(seats, options(seats, **opts)).mode,
        grid=cards,
        ant=ant,
        cicada=cicada,
        supplies=supplies,
        market=market,
        provisions_in_play=in_play,
        powers_in_play=powers_in_play,
    )
    return GA.given(setup, RoundStarted(round=1, ant=ant, cicada=cicada), seats=seats, **opts)


def play(state: State, seat: int | None, command: Command, seed: bytes = b"test") -> tuple[State, list[Event]]:
    return GA.play(state, seat, command, seed=seed)


def placed(state: State, cells: frozenset[tuple[int, int]] = BLOCK) -> State:
    return reduce(ga.evolve, [AntsPlaced(seat=state.ant, cells=cells)], state)


def chosen(state: State, marker: str, guesses: dict[int, str] | None = None) -> State:
    """The Ant (and the Red Ants) have committed their markers."""
    state, _ = play(state, state.ant, ChooseMarker(path_type=PATH_TYPES[_index(marker)]))
    for seat, guess in (guesses or {}).items():
        state, _ = play(state, seat, RedAntGuess(path_type=PATH_TYPES[_index(guess)]))
    return state


def _index(marker: str) -> int:
    return [t.value for t in PATH_TYPES].index(marker)


def round_to_reveal(
    state: State,
    marker: str,
    cicada_cell: tuple[int, int],
    cells: frozenset[tuple[int, int]] = BLOCK,
    guesses: dict[int, str] | None = None,
    seed: bytes = b"test",
) -> tuple[State, list[Event]]:
    """Place, choose, and let the Cicada sit: the events of the reveal and what follows."""
    state, _ = play(state, state.ant, PlaceAnts(cells=cells))
    state = chosen(state, marker, guesses)
    return play(state, state.cicada, PlaceCicada(cell=cicada_cell), seed)


def with_powers(state: State, holders: dict[Power, int | None], boxed: tuple[Power, ...] = ()) -> State:
    """Power cards placed by hand: a seat, None for the centre; `boxed` ones are out of the game."""

    def where(power: Power) -> int:
        if power in boxed:
            return BOXED
        holder = holders.get(power)
        return CENTRE if holder is None else holder

    return replace(state, power_owner=tuple(where(p) for p in POWERS))


def events_of(events: list[Event], cls: type) -> list[Any]:
    return [e for e in events if isinstance(e, cls)]
