"""Builders for Antics! rule tests: a real setup, then the exact situation a rule needs.

States are built from a real `setup` (events folded by `evolve`) and then
shaped with `replace` where a scenario needs ants, tiles or tokens that would
take dozens of moves to reach. Commands are always run through `decide`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from service.rules import antics
from service.rules.antics.data import HATCHERIES, SEGMENT_INDEX, SITE_INDEX, Action, Hatchery, Token
from service.rules.antics.messages import DisplayRow
from service.rules.antics.state import Ant, Cell, Pending, Phase, State
from service.rules.core import IllegalCommand
from tests.support.given import Harness

SEED = b"antics-rules"


def _not_listed(exc: IllegalCommand, state: Any, seat: int | None, command: Any) -> None:
    assert command not in antics.legal_commands(state, seat), f"refused ({exc.code}) but listed as legal"


AN: Harness[State, Any, Any] = Harness(antics, seats=4, seed=b"x", check_refusal=_not_listed)


def refused(state: State, seat: int, command: Any, code: str) -> str:
    """decide refuses with `code` (see Harness.refused), and legal_commands does not list the command."""
    return AN.refused(state, seat, command, code)


def options(seats: int) -> dict[str, Any]:
    return AN.options(seats, two_player_variant=seats == 2)


def setup_events(seats: int = 4, seed: bytes = SEED) -> list[Any]:
    return AN.dealt(seats, seed, two_player_variant=seats == 2)[1]


def fresh(seats: int = 4, seed: bytes = SEED) -> State:
    return AN.dealt(seats, seed, two_player_variant=seats == 2)[0]


def fold(state: State, events: list[Any]) -> State:
    return AN.then(state, events)


def run(state: State, seat: int, *commands: Any, seed: bytes = b"when") -> tuple[State, list[Any]]:
    """When `seat` sends these commands one after the other (decided at versions 100, 101, ...)."""
    events: list[Any] = []
    for n, command in enumerate(commands):
        decided = AN.when(state, seat, command, seed, version=100 + n)
        events += decided
        state = AN.then(state, decided)
    return state, events


def on_turn(state: State, seat: int, actions: int = 3, markers: int = 0) -> State:
    """`seat` at the start of a turn of `actions` actions (round 2 or later)."""
    return replace(
        state,
        phase=Phase.ACTIONS,
        current=seat,
        round=max(state.round, 2),
        turn=max(state.turn, state.seats + 1),
        actions=actions,
        markers=markers,
        used_hexes=(),
        magnificant_used=False,
        pending=None,
        taken=(),
    )


def acting(state: State, seat: int, action: Action, level: int, remaining: int | None = None) -> State:
    """`seat` in the middle of an action of strength `level`."""
    base = on_turn(state, seat, markers=1)
    pending = Pending(action=action, level=level, remaining=level if remaining is None else remaining)
    return replace(base, phase=Phase.ACTION, pending=pending)


def put_ant(
    state: State,
    seat: int,
    segment: str,
    soldier: bool = False,
    carrying: Token | None = None,
    from_supply: bool = True,
) -> State:
    index = SEGMENT_INDEX[segment]
    ants = [a for a in state.paths[index] if a.seat != seat] + [Ant(seat=seat, soldier=soldier, carrying=carrying)]
    paths = (*state.paths[:index], tuple(sorted(ants, key=lambda a: a.seat)), *state.paths[index + 1 :])
    return set_player(replace(state, paths=paths), seat, ants=state.players[seat].ants - 1)


def in_hatchery(state: State, seat: int, hatchery: Hatchery, n: int) -> State:
    h = HATCHERIES.index(hatchery)
    row = list(state.hatcheries[h])
    delta = n - row[seat]
    row[seat] = n
    hatcheries = (*state.hatcheries[:h], tuple(row), *state.hatcheries[h + 1 :])
    state = replace(state, hatcheries=hatcheries)
    return set_player(state, seat, ants=state.players[seat].ants - delta)


def set_player(state: State, seat: int, **changes: Any) -> State:
    players = list(state.players)
    players[seat] = replace(players[seat], **changes)
    return replace(state, players=tuple(players))


def with_cells(state: State, seat: int, *cells: tuple[int, int, int, int, int]) -> State:
    """Built cells (q, r, height, tile, half); the tiles are recorded as built."""
    built = tuple(sorted({c[3] for c in cells}))
    made = tuple(sorted((Cell(*c) for c in cells), key=lambda c: (c.q, c.r)))
    return set_player(state, seat, cells=made, built=built)


def set_site(state: State, site: str, count: int) -> State:
    i = SITE_INDEX[site]
    return replace(state, sites=(*state.sites[:i], count, *state.sites[i + 1 :]))


def set_row(state: State, row: int, tiles: tuple[int | None, ...], anteater: int) -> State:
    display = list(state.display)
    display[row - 1] = DisplayRow(tiles=tiles, anteater=anteater)
    return replace(state, display=tuple(display))


def names(events: list[Any]) -> list[str]:
    return [type(e).__name__ for e in events]


class ScriptedRng:
    """An Rng stand-in whose draws are given: below(n) returns the next scripted index."""

    def __init__(self, picks: list[int]) -> None:
        self.picks = list(picks)

    def below(self, n: int) -> int:
        pick = self.picks.pop(0)
        assert 0 <= pick < n
        return pick
