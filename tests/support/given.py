"""Given / when / then for the rule tests of any game (STYLE.md S11), through the Rules surface only.

Bind a game once, in its test package's support module, then write each test
as history -> command -> the exact events (or the refusal):

    HT = Harness(ht, check_refusal=ht_reads_well)
    state = HT.given(race_set_up(hands=HANDS), on_table(1, F(5)), seats=3, variant="turbo")
    assert HT.when(state, 0, PlayCards((H(1),)))[0] == CardsPlayed(seat=0, cards=(H(1),))
    text = HT.refused(state, 0, PlayCards(()), Reason.CARD_COUNT)
    after = HT.then(state, HT.when(state, 0, PlayCards((H(1),))))

`given` starts from `initial_state(seats, options)` with the options normalized
as CreateGame does, and evolves the history (events, or lists of them, nested
as the builders return them). `when` decides at a fixed (seed, version) and
server time, so a test's draws never change. `refused` checks what every game
owes a player: the code is the one expected and is in the game's `reasons`,
and the reason reads as a sentence; `check_refusal` adds the game's own checks
(second person, no hidden card named).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import is_dataclass
from functools import reduce
from typing import Any, Generic, TypeVar

import pytest

from service.rules.core import IllegalCommand, Rng, Rules, normalize_options

S = TypeVar("S")
C = TypeVar("C")
E = TypeVar("E")

RefusalCheck = Callable[[IllegalCommand, Any, "int | None", Any], None]
"""check(exc, state, seat, command): a game's own assertions about a refusal."""

UNFORMATTED = re.compile(r"[{}]|\b[A-Z][a-z]+\.[A-Z_]{2,}\b")  # "{card}" left in, or an enum's repr ("Animal.FOX")


def flatten(*history: Any) -> list[Any]:
    """Events and (nested) lists of events, in order, as one list."""
    events: list[Any] = []
    for item in history:
        if isinstance(item, Iterable) and not is_dataclass(item):
            events += flatten(*item)
        else:
            events.append(item)
    return events


class Harness(Generic[S, C, E]):
    """One game's given/when/then, with its defaults (seats, seed) fixed once."""

    def __init__(
        self,
        rules: Rules[S, C, E, Any],
        seats: int = 2,
        seed: bytes = b"when",
        check_refusal: RefusalCheck | None = None,
    ) -> None:
        self.rules, self.seats, self.seed = rules, seats, seed
        self.check_refusal = check_refusal

    def options(self, seats: int | None = None, **options: Any) -> dict[str, Any]:
        """Every option of the game, defaults filled in, as CreateGame stores them."""
        return normalize_options(self.rules.metadata, seats or self.seats, options)

    def start(self, seats: int | None = None, **options: Any) -> S:
        """The state before setup."""
        return self.rules.initial_state(seats or self.seats, self.options(seats, **options))

    def dealt(self, seats: int | None = None, seed: bytes = b"setup", **options: Any) -> tuple[S, list[E]]:
        """A real setup (as the ledger decides it, at version 1): the state after it and its events."""
        n = seats or self.seats
        opts = self.options(n, **options)
        events = self.rules.setup(opts, n, Rng(seed, 1))
        return reduce(self.rules.evolve, events, self.rules.initial_state(n, opts)), events

    def given(self, *history: Any, seats: int | None = None, **options: Any) -> S:
        """The state after `history` in a game of `seats` created with `options`."""
        return self.then(self.start(seats, **options), *history)

    def then(self, state: S, *history: Any) -> S:
        """`state` after more events."""
        return reduce(self.rules.evolve, flatten(*history), state)

    def when(
        self,
        state: S,
        seat: int | None,
        command: C,
        seed: bytes | None = None,
        version: int = 1,
        now_ms: int = 0,
    ) -> list[E]:
        """`seat` sends `command`: the events decide() returns (an IllegalCommand propagates)."""
        return self.rules.decide(state, seat, command, Rng(seed or self.seed, version), now_ms)

    def play(
        self, state: S, seat: int | None, *commands: C, seed: bytes | None = None, now_ms: int = 0
    ) -> tuple[S, list[E]]:
        """Send the commands in order (the i-th decided at version i + 1): the final state and every event."""
        log: list[E] = []
        for i, command in enumerate(commands):
            events = self.when(state, seat, command, seed, version=i + 1, now_ms=now_ms)
            log += events
            state = self.then(state, events)
        return state, log

    def refused(self, state: S, seat: int | None, command: C, code: str, **when: Any) -> str:
        """decide() refuses with `code`, a code the game declares, in a sentence; returns the reason text."""
        with pytest.raises(IllegalCommand) as caught:
            self.when(state, seat, command, **when)
        exc = caught.value
        assert exc.code == code, f"refused with {exc.code}, not {code}: {exc.reason}"
        assert exc.code in {r.value for r in self.rules.reasons}, f"{exc.code} is not in {self.rules.name}'s reasons"
        text = exc.reason
        assert text and text.strip() == text and not text.endswith("."), f"not a clean sentence: {text!r}"
        assert not UNFORMATTED.search(text), f"unformatted reason: {text}"
        if self.check_refusal is not None:
            self.check_refusal(exc, state, seat, command)
        return text


def same_events(actual: Iterable[Any], expected: Iterable[Any]) -> None:
    """Assert two event lists are equal, naming the first difference (long lists read badly in a plain ==)."""
    a, b = list(actual), list(expected)
    for n, (x, y) in enumerate(zip(a, b, strict=False)):
        assert x == y, f"event {n} differs:\n  got      {x!r}\n  expected {y!r}"
    assert len(a) == len(b), f"{len(a)} events, expected {len(b)}: extra {a[len(b) :] or b[len(a) :]}"


def kinds(events: Iterable[Any]) -> list[str]:
    """The event class names, for asserting the shape of a long decision."""
    return [type(e).__name__ for e in events]


def by_type(events: Iterable[Any], cls: type) -> list[Any]:
    return [e for e in events if isinstance(e, cls)]
