"""Random legal playouts of any rules package, exactly as the ledger would drive it.

The ledger decides setup at stream version 1 (the Created event is version 1)
and every later command at the version before it, so `Rng(seed, 1 + len(history))`
here reproduces the server's draws. Time is a synthetic clock: it advances a
random number of milliseconds per command and jumps to `wake_at_ms` when only
an automatic (seat None) command can move the game on.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import reduce
from typing import Any

from service.ledger import codec
from service.rules.core import IllegalCommand, Rng, Rules, normalize_options

Chooser = Callable[[list[tuple[int | None, Any]]], int]
"""Picks an index into the candidate (seat, command) list."""


@dataclass
class Playout:
    rules: Rules
    seats: int
    options: dict[str, Any]
    seed: bytes
    history: list[Any] = field(default_factory=list)
    commands: list[tuple[int | None, Any, int]] = field(default_factory=list)  # (seat, command, now_ms)
    state: Any = None
    now_ms: int = 0

    def rng(self) -> Rng:
        return Rng(self.seed, 1 + len(self.history))

    def candidates(self) -> list[tuple[int | None, Any]]:
        """Every (seat, command) the game accepts now; automatic ones only once they are due."""
        st = self.rules.status(self.state)
        found: list[tuple[int | None, Any]] = [
            (seat, cmd) for seat in st.to_act for cmd in self.rules.legal_commands(self.state, seat)
        ]
        if st.wake_at_ms is not None and (not found or self.now_ms >= st.wake_at_ms):
            self.now_ms = max(self.now_ms, st.wake_at_ms)
            found += [(None, cmd) for cmd in self.rules.legal_commands(self.state, None)]
        return found

    def submit(self, seat: int | None, command: Any) -> list[Any]:
        events = self.rules.decide(self.state, seat, command, self.rng(), self.now_ms)
        self.commands.append((seat, command, self.now_ms))
        self.history += events
        self.state = reduce(self.rules.evolve, events, self.state)
        return events


def start(rules: Rules, seats: int, seed: bytes, options: Mapping[str, Any] | None = None) -> Playout:
    opts = normalize_options(rules.metadata, seats, options or {})
    p = Playout(rules=rules, seats=seats, options=opts, seed=seed)
    p.state = rules.initial_state(seats, opts)
    events = rules.setup(opts, seats, p.rng())
    p.history += events
    p.state = reduce(rules.evolve, events, p.state)
    return p


def play(
    rules: Rules,
    seats: int,
    seed: bytes,
    choose: Chooser,
    options: Mapping[str, Any] | None = None,
    max_plies: int = 5000,
    tick: Callable[[], int] = lambda: 1000,
    check_every: int = 0,
) -> Playout:
    """Play to the end with `choose` picking among legal commands; check the generic invariants.

    Generic invariants (every game): every listed legal command is accepted by
    decide; every event and command survives the codec; views and redacted
    events are JSON; evolve over the whole history equals the live state; the
    game ends within `max_plies`.
    """
    p = start(rules, seats, seed, options)
    check_generic(p)
    for ply in range(max_plies):
        if rules.status(p.state).finished:
            break
        options_now = p.candidates()
        assert options_now, f"nobody can act at ply {ply}: {rules.status(p.state)}"
        seat, command = options_now[choose(options_now)]
        try:
            p.submit(seat, command)
        except IllegalCommand as exc:  # pragma: no cover - a failure report, not a branch
            raise AssertionError(f"legal_commands offered {command!r} to seat {seat}, decide refused: {exc}") from exc
        p.now_ms += tick()
        if check_every and ply % check_every == 0:
            check_generic(p)
    assert rules.status(p.state).finished, f"{rules.name} did not end within {max_plies} plies"
    check_generic(p)
    return p


def check_generic(p: Playout) -> None:
    rules = p.rules
    rebuilt = reduce(rules.evolve, p.history, rules.initial_state(p.seats, p.options))
    assert rebuilt == p.state, "evolve over the stored events does not rebuild the live state"
    for event in p.history:
        name, data = codec.encode(event)
        json.dumps(data)
        assert codec.decode(rules.event_types, name, data) == event, f"{name} does not survive the codec"
    for _seat, command, _ in p.commands[-5:]:
        name, data = codec.encode(command)
        assert codec.decode(rules.command_types, name, data) == command
    for viewer in (None, *range(p.seats)):
        json.dumps(rules.view(p.state, viewer))
        for event in p.history[-20:]:
            redacted = rules.redact(event, viewer)
            if redacted is not None:
                json.dumps(codec.to_json(redacted))


def random_chooser(rng: Rng) -> Chooser:
    return lambda options: rng.below(len(options))
