"""Given/when helpers for the Atiwa rule tests (STYLE.md S11).

`game()` sets a game up through its real GameSetUp event. Play areas for a test are written compactly
(`area`) and put into the state with `with_area`, which derives the supply board (`taken`) from the
pieces on the cards, so every given state keeps the component invariant. Steps of a seat's task are
given through their real start events where one exists (FeedingStarted, ProductionStarted, ...).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import service.rules.atiwa as at
from service.rules.atiwa.automatic import advance
from service.rules.atiwa.data.pieces import Item
from service.rules.atiwa.messages import Command, Event, GameSetUp
from service.rules.atiwa.state import (
    BAT,
    EMPTY,
    FAM,
    FRT,
    GOT,
    POL,
    ROW,
    TRE,
    TRN,
    WLD,
    Card,
    Phase,
    Player,
    State,
    Step,
    Task,
)
from service.rules.core import IllegalCommand, Rng, normalize_options
from service.rules.kit import Writer
from tests.support.given import Harness

TILES = ("TL_A", "TL_B", "TL_C", "TL_D", "TL_E", "TL_F")  # TL_A (2 trees) on position 2, as in the seed example

_CONTENT: dict[str, tuple[int, int]] = {
    "": (EMPTY, EMPTY),
    "family": (FAM, EMPTY),
    "trained": (TRN, EMPTY),
    "trained+bat": (TRN, BAT),
    "wild": (WLD, EMPTY),
    "tree": (TRE, EMPTY),
    "tree+fruit": (TRE, FRT),
    "tree+wild": (TRE, WLD),
    "tree+bat": (TRE, BAT),
    "fruit": (FRT, EMPTY),
    "goat": (GOT, EMPTY),
    "bat": (BAT, EMPTY),
    "x": (POL, EMPTY),
}


def game(
    seats: int = 2,
    start: int = 0,
    tiles: Sequence[str] = TILES,
    display: Sequence[int | None] | None = None,
    challenge: int = 0,
) -> State:
    """A game after its GameSetUp event (no randomness: tiles, display and start player are given)."""
    if display is None:
        display = (1, 2, 3, 4)[: 3 if seats <= 2 else 4] if challenge != 4 else (None, None, None)
    options = normalize_options(at.metadata, seats, {"challenge": challenge})
    event = GameSetUp(seats, challenge, tuple(tiles), tuple(display), start)
    return at.evolve(at.initial_state(seats, options), event)


def card(cid: str | int, row: int, col: int, fields: Mapping[int, str] | None = None) -> Card:
    """A card at (row, col); `fields` maps field numbers 1..8 to contents ("tree+fruit", "trained+bat", "x", ...)."""
    name = cid if isinstance(cid, str) else f"T{cid:02d}"
    items, tops = [EMPTY] * 8, [EMPTY] * 8
    for number, text in (fields or {}).items():
        items[number - 1], tops[number - 1] = _CONTENT[text]
    return Card(name, row, col, tuple(items), tuple(tops))


def taken_for(cards: Iterable[Card], removed: int = 0) -> tuple[int, ...]:
    """The supply-board rows emptied by exactly these pieces on cards (plus families removed, AT-C5)."""
    taken = [0] * 5
    for c in cards:
        for code in (*c.items, *c.tops):
            row = {FAM: 3, TRN: 3, WLD: 0, TRE: 1, FRT: 2, GOT: 4}.get(code)
            if row is not None:
                taken[row] += 1
    taken[ROW[Item.FAMILY]] += removed
    return tuple(taken)


def with_area(
    state: State,
    seat: int,
    cards: Sequence[Card],
    gold: int = 0,
    night: int = 0,
    penalty: int = 0,
    removed: int = 0,
    task: Task | None = None,
) -> State:
    p = state.players[seat]
    p = replace(
        p,
        cards=tuple(cards),
        taken=taken_for(cards, removed),
        gold=gold,
        night=night,
        penalty=penalty,
        removed=removed,
        task=p.task if task is None else task,
    )
    players = list(state.players)
    players[seat] = p
    return replace(state, players=tuple(players))


def village(fields: Mapping[int, str] | None = None, row: int = 1, col: int = 3) -> Card:
    return card("VILLAGE", row, col, fields)


def maintenance(state: State, tasks: Mapping[int, Task] | None = None) -> State:
    """The state moved into the maintenance phase with the given tasks (others: done)."""
    players = tuple(replace(p, task=(tasks or {}).get(i, Task(step=Step.DONE))) for i, p in enumerate(state.players))
    return replace(state, phase=Phase.MAINTENANCE, players=players)


def _to_the_player(exc: IllegalCommand, state: Any, seat: int | None, command: Any) -> None:
    if seat is not None and exc.code != "GAME_OVER":
        assert re.search(r"\byou(rs?)?\b", exc.reason), f"not written to the player: {exc.reason}"


AT: Harness[State, Command, Event] = Harness(at, seats=2, seed=b"when", check_refusal=_to_the_player)
when = AT.when
then = AT.then
refused = AT.refused


def play(state: State, seat: int, *commands: Command, seed: bytes = b"play") -> tuple[State, list[Event]]:
    """Send the commands in order; the final state and every event."""
    return AT.play(state, seat, *commands, seed=seed)


def settle(state: State, seed: bytes = b"settle") -> tuple[State, list[Event]]:
    """Run the automatic steps (what decide does after every command) from a hand-built state."""
    out: Writer[State, Event] = Writer(state, at.evolve)
    advance(out, Rng(seed, 1))
    return out.state, out.events


def task(state: State, seat: int) -> Task:
    return state.players[seat].task


def player(state: State, seat: int) -> Player:
    return state.players[seat]


def field(state: State, seat: int, ci: int, number: int) -> tuple[int, int]:
    c = state.players[seat].cards[ci]
    return c.items[number - 1], c.tops[number - 1]


def kinds(commands: Iterable[Any], cls: type) -> list[Any]:
    return [c for c in commands if isinstance(c, cls)]
