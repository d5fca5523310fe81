"""The decider kit: the few pieces every game package is built from (how-to: README.md in this folder).

- `Writer`: collects one decision's events and keeps the state they lead to (`Decided`).
- `Deciders`, `Evolvers`: the decide and evolve handlers, one per message class,
  registered with a decorator; their `classes` let a test prove that every
  command has a decider and every event an evolver.
- `Visibility`: redaction by declaration. Each event type is declared public,
  private to a seat (masked for the others), shown per viewer, or hidden; an
  event type nobody declared is shown to nobody (the organizer reads the store,
  not `redact`), so a new event carrying a secret cannot leak by omission.
- `by_name`: a message union's wire-name table (COMMAND_TYPES, EVENT_TYPES); `wire_name`: a command's
  type as the API names it (snake_case).
- `placements`, `default_outcome`, `default_label`, `interim_reasons`: the
  helpers behind `outcome` and `label`, and the stand-ins of games not yet
  converted to the kit.

Stdlib only and pure, like every rules module.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import fields, is_dataclass
from enum import Enum
from typing import Any, Generic, TypeVar, cast, get_args

from service.rules.core import Outcome, ReasonCode, Rng

S = TypeVar("S")  # State
E = TypeVar("E")  # the Event union
W = TypeVar("W")  # who sends a command: int (a seat) or None (the service)
M = TypeVar("M")  # one message class


class Writer(Generic[S, E]):
    """One decision's events, and the state they lead to: each event is evolved as it is emitted.

    A decide handler emits with `out.emit(...)` and reads `out.state` to see what
    its events did so far, so it never re-folds a state by hand.
    """

    def __init__(self, state: S, evolve: Callable[[S, E], S]) -> None:
        self.state = state
        self.events: list[E] = []
        self.states: list[S] = []  # the state after each event
        self._evolve = evolve

    def emit(self, *events: E) -> None:
        for event in events:
            self.events.append(event)
            self.state = self._evolve(self.state, event)
            self.states.append(self.state)

    def decided(self) -> Decided[S, E]:
        """The events, carrying the states they lead to."""
        return Decided(self.events, self.states)


class Decided(list[E], Generic[S, E]):
    """A decision's events (a list, as `decide` returns) that also carry the state they lead to.

    A caller that folds the events anyway (the audit re-runs every decision, then evolves; the ledger
    records them) takes `state_after()` or `states_after()` instead of evolving each event a second time.
    """

    def __init__(self, events: list[E], states: list[S]) -> None:
        super().__init__(events)
        self._states = tuple(states)

    def states_after(self) -> tuple[S, ...] | None:
        """The state after each event; None once the list was changed since it was decided."""
        return self._states if len(self) == len(self._states) else None

    def state_after(self) -> S | None:
        """The state after these events (None: no events, or the list was changed since it was decided)."""
        states = self.states_after()
        return states[-1] if states else None


DecideHandler = Callable[[Writer[S, E], W, M, Rng, int], None]
"""handler(out, who, command, rng, now_ms): validate (raise IllegalCommand) and emit the events."""


class _Registry:
    """Handlers keyed by the exact message class, one each."""

    def __init__(self, game: str, kind: str) -> None:
        self._game, self._kind = game, kind
        self._by_class: dict[type, Any] = {}

    def _add(self, cls: type, handler: Any) -> None:
        if cls in self._by_class:
            raise ValueError(f"{self._game}: {cls.__name__} has two {self._kind} handlers")
        self._by_class[cls] = handler

    def _handler(self, message: object) -> Any:
        try:
            return self._by_class[type(message)]
        except KeyError:  # a message of another game or a forgotten handler: a bug, not a player error
            raise TypeError(f"not a {self._game} {self._kind}: {message!r}") from None

    @property
    def classes(self) -> frozenset[type]:
        return frozenset(self._by_class)


class Deciders(_Registry, Generic[S, E, W]):
    """decide handlers by command class.

    `W` is who may send these commands: `Deciders[State, Event, int]` for the
    seats' commands; a game with automatic commands keeps a second registry,
    `Deciders[State, Event, None]`, for those the service sends.
    """

    def __init__(self, game: str, evolve: Callable[[S, E], S]) -> None:
        super().__init__(game, "command")
        self._evolve = evolve

    def on(self, cls: type[M]) -> Callable[[DecideHandler[S, E, W, M]], DecideHandler[S, E, W, M]]:
        def register(handler: DecideHandler[S, E, W, M]) -> DecideHandler[S, E, W, M]:
            self._add(cls, handler)
            return handler

        return register

    def handles(self, command: object) -> bool:
        return type(command) in self._by_class

    def decide(self, state: S, who: W, command: object, rng: Rng, now_ms: int) -> list[E]:
        """The events of `command`'s handler, from a fresh Writer over `state`."""
        out: Writer[S, E] = Writer(state, self._evolve)
        self.run(out, who, command, rng, now_ms)
        return out.decided()

    def run(self, out: Writer[S, E], who: W, command: object, rng: Rng, now_ms: int) -> None:
        """Run `command`'s handler into an existing Writer: for a game that does more in the same decision
        (automatic steps after every command, say) with the state the handler's events left."""
        self._handler(command)(out, who, command, rng, now_ms)


class Evolvers(_Registry, Generic[S, E]):
    """evolve handlers by event class: handler(state, event) -> state, never failing, never drawing."""

    def __init__(self, game: str) -> None:
        super().__init__(game, "event")

    def on(self, cls: type[M]) -> Callable[[Callable[[S, M], S]], Callable[[S, M], S]]:
        def register(handler: Callable[[S, M], S]) -> Callable[[S, M], S]:
            self._add(cls, handler)
            return handler

        return register

    def evolve(self, state: S, event: E) -> S:
        return cast(S, self._handler(event)(state, event))


class Visibility(Generic[E]):
    """Who may see each event type, declared once per type; undeclared means hidden.

    - `public(*classes)`: everyone sees the event whole.
    - `private(cls, owner, mask)`: the owner seat sees it whole; every other
      seat and spectators see `mask(event)`.
    - `per_viewer(cls, show)`: each viewer sees `show(event, seat)` (None: not
      at all), for events that hold something of every seat, such as a deal.
    - `hidden(*classes)`: nobody sees it.
    The organizer sees every event whole: the API and replay give it the stored
    event and never call `redact` for it.
    """

    def __init__(self, game: str) -> None:
        self._game = game
        self._rules: dict[type, Callable[[Any, int | None], Any]] = {}

    def _declare(self, cls: type, rule: Callable[[Any, int | None], Any]) -> None:
        if cls in self._rules:
            raise ValueError(f"{self._game}: the visibility of {cls.__name__} is declared twice")
        self._rules[cls] = rule

    def public(self, *classes: type) -> None:
        for cls in classes:
            self._declare(cls, lambda event, seat: event)

    def hidden(self, *classes: type) -> None:
        for cls in classes:
            self._declare(cls, lambda event, seat: None)

    def private(self, cls: type[M], owner: Callable[[M], int], mask: Callable[[M], M]) -> None:
        self._declare(cls, lambda event, seat: event if seat is not None and seat == owner(event) else mask(event))

    def per_viewer(self, cls: type[M], show: Callable[[M, int | None], M | None]) -> None:
        self._declare(cls, show)

    @property
    def declared(self) -> frozenset[type]:
        return frozenset(self._rules)

    def redact(self, event: E, seat: int | None) -> E | None:
        """The event as `seat` (None: a spectator) may see it, or None when they may not see it at all."""
        rule = self._rules.get(type(event))
        return None if rule is None else cast(E | None, rule(event, seat))


# --- outcome and label helpers -----------------------------------------------------------------------
def placements(winners: Sequence[int], scores: Sequence[int]) -> tuple[int, ...]:
    """Each seat's place: the winners share 1st; the others follow by score, ties sharing (1, 1, 3).

    With no winners (a solo game lost, say) every seat is placed by score alone.
    """
    won = set(winners)

    def ahead(a: int, b: int) -> bool:  # does seat a place before seat b?
        if (a in won) != (b in won):
            return a in won
        return a not in won and scores[a] > scores[b]

    seats = range(len(scores))
    return tuple(1 + sum(ahead(other, seat) for other in seats) for seat in seats)


def default_outcome(finished: bool, scores: Sequence[int], winners: Sequence[int]) -> Outcome | None:
    """The stand-in outcome of a game not yet converted: placements by winners, then score."""
    return Outcome("the game is over", placements(winners, scores), "") if finished else None


def by_name(union: object) -> dict[str, type]:
    """Each class of a message union (`Command`, `Event`) by its wire name, in the union's order."""
    table: dict[str, type] = {}
    for cls in get_args(union) or (union,):
        if not isinstance(cls, type) or cls is type(None) or cls.__name__ in table:
            raise TypeError(f"not a union of distinct message classes: {union!r}")
        table[cls.__name__] = cls
    return table


_WORD_BREAK = re.compile(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])")


def wire_name(class_name: str) -> str:
    """A command's type on the wire: PlayCards -> play_cards, UseMagnificANT -> use_magnific_ant."""
    return _WORD_BREAK.sub("_", class_name).lower()


def default_label(command: object) -> str:
    """A generic label: the command's type in words, then its fields ("play cards: cards R-HARE-02, R-HARE-07")."""
    words = _WORD_BREAK.sub(" ", type(command).__name__).lower()
    if not is_dataclass(command):
        return words
    parts = [f"{f.name.replace('_', ' ')} {_text(getattr(command, f.name))}" for f in fields(command)]
    return f"{words}: {'; '.join(parts)}" if parts else words


def _text(value: object) -> str:
    if isinstance(value, Enum):
        return str(value.value)
    if isinstance(value, frozenset):
        return ", ".join(sorted(_text(v) for v in value))
    if isinstance(value, tuple):
        return ", ".join(_text(v) for v in value) or "none"
    return str(value)


def interim_reasons(codes: Iterable[str]) -> type[ReasonCode]:
    """A Reason enum built from the code strings a game not yet converted uses (each described in words)."""
    members = {code: (code, code.lower().replace("_", " ")) for code in sorted(set(codes))}
    # The functional Enum API; mypy reads a call of an enum class as a member lookup.
    return cast(type[ReasonCode], cast(Any, ReasonCode)("Reason", members))
