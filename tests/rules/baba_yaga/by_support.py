"""Given/when/then helpers for the Baba Yaga rule tests: a table built from chosen setup events."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import reduce
from typing import Any

from service.rules import baba_yaga as by
from service.rules.baba_yaga.data import FOREST_CELLS, INGREDIENT_IDS, SPELL_IDS, Cell, Effect, End
from service.rules.baba_yaga.messages import (
    BeginGame,
    EndSearch,
    FirstPlayerChosen,
    FlipUp,
    ForestLaid,
    ForestTile,
    PlaceWitch,
    RevealSpell,
    SpellsDealt,
    StepWitch,
    Timeout,
)
from service.rules.baba_yaga.setup import initial_state
from service.rules.baba_yaga.state import Pending, State, card_ingredients
from service.rules.core import normalize_options
from tests.support.given import Harness

BY: Harness[State, Any, Any] = Harness(by, seats=3, seed=b"table")

# Default layout: the tile with ingredient I(k) lies on FOREST_CELLS[k-1].
CELL_OF: dict[str, Cell] = dict(zip(INGREDIENT_IDS, FOREST_CELLS, strict=True))


def cell_of(ingredient: str) -> Cell:
    return CELL_OF[ingredient]


def default_stacks(seats: int) -> tuple[tuple[str, ...], ...]:
    return tuple(SPELL_IDS[3 * s : 3 * s + 3] for s in range(seats))


@dataclass
class Table:
    """A game built from explicit setup events; `now` is a synthetic clock in ms."""

    seats: int = 3
    options: dict[str, Any] = field(default_factory=dict)
    stacks: tuple[tuple[str, ...], ...] | None = None
    layout: tuple[str, ...] = INGREDIENT_IDS
    first: int = 0
    seed: bytes = b"table"
    rules_version: int = by.version
    now: int = 1_000_000
    history: list[Any] = field(default_factory=list)
    state: State = field(init=False)

    def __post_init__(self) -> None:
        opts = normalize_options(by.metadata, self.seats, {"mode": "T", **self.options})
        self.options = opts
        stacks = self.stacks or default_stacks(self.seats)
        tiles = tuple(
            ForestTile(cell=c, clue=by.data.CLUE_OF[i], ingredient=i)
            for c, i in zip(FOREST_CELLS, self.layout, strict=True)
        )
        setup = [
            ForestLaid(tiles=tiles),
            SpellsDealt(stacks=stacks, counts=tuple(len(s) for s in stacks)),
            FirstPlayerChosen(seat=self.first),
        ]
        self.state = initial_state(self.seats, opts, self.rules_version)
        self.apply(setup)

    # --- driving -------------------------------------------------------------------------------
    def apply(self, events: list[Any]) -> None:
        self.history += events
        self.state = reduce(by.evolve, events, self.state)

    def give_pending(self, card: str, effect: Effect, target: int, caster: int) -> None:
        """Given: `card` lies in front of `target`, cast earlier by `caster` (a test shortcut, not an event)."""
        pending = (*self.state.pending, Pending(card=card, effect=effect, target=target, caster=caster))
        cast = tuple((*c, card) if s == caster else c for s, c in enumerate(self.state.cast))
        stacks = tuple(tuple(x for x in st if x != card) for st in self.state.stacks)
        self.state = replace(self.state, pending=pending, cast=cast, stacks=stacks)

    def do(self, seat: int | None, command: Any, after: int = 0) -> list[Any]:
        """`seat` sends `command` `after` ms later; the events are applied and returned."""
        self.now += after
        events = BY.when(self.state, seat, command, self.seed, len(self.history), self.now)
        self.apply(events)
        return events

    def refused(self, seat: int | None, command: Any, code: str, after: int = 0) -> str:
        """decide refuses with `code` (a code of the game, in a sentence: see Harness.refused); its text."""
        return BY.refused(
            self.state, seat, command, code, seed=self.seed, version=len(self.history), now_ms=self.now + after
        )

    def begin(self) -> list[Any]:
        return self.do(None, BeginGame())

    def place(self, end: End = End.N) -> list[Any]:
        return self.do(self.state.placer, PlaceWitch(end=end))

    def reveal(self) -> list[Any]:
        return self.do(self.state.active, RevealSpell())

    def to_race(self, end: End = End.N) -> list[Any]:
        """Begin if needed, place the witch, reveal: the race is on."""
        events = []
        if self.state.phase.value == "start":
            events += self.begin()
        events += self.place(end)
        events += self.reveal()
        return events

    def flip(self, ingredient: str, after: int = 0) -> list[Any]:
        return self.do(self.state.active, FlipUp(cell=cell_of(ingredient)), after)

    def step(self, hand: Any = None, after: int = 1000) -> list[Any]:
        return self.do(self.state.due_flyer(), StepWitch(hand=hand), after)

    def cast_spell(self) -> list[Any]:
        """Turn exactly the required ingredients of the revealed card, then end the search."""
        events: list[Any] = []
        assert self.state.card is not None
        for ingredient in card_ingredients(self.state.card)[: self.state.required]:
            events += self.flip(ingredient)
        return events + self.do(self.state.active, EndSearch())

    def fail_spell(self) -> list[Any]:
        return self.do(self.state.active, EndSearch())

    def turn(self, cast: bool, end: End = End.N) -> list[Any]:
        """A whole race: place, reveal, then cast or fail."""
        events = self.to_race(end)
        return events + (self.cast_spell() if cast else self.fail_spell())

    def timeout(self) -> list[Any]:
        due = by.status(self.state).wake_at_ms
        assert due is not None
        self.now = max(self.now, due)
        return self.do(None, Timeout())

    # --- looking -------------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return by.status(self.state).phase

    def view(self, seat: int | None) -> dict[str, Any]:
        return by.view(self.state, seat)


def names(events: list[Any]) -> list[str]:
    return [type(e).__name__ for e in events]


def of_type(events: list[Any], cls: type) -> list[Any]:
    return [e for e in events if isinstance(e, cls)]
