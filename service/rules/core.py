"""The shared vocabulary of every rules package: the Rules protocol, errors, reason codes, Rng, Outcome.

A rules package is a pure decider (see DESIGN.md "Rules: a decider per game"):
no I/O, no clock, no global randomness. Time, where a game needs it, arrives
as the `now_ms` argument the ledger stamps on each command; randomness arrives
as an `Rng` derived from the game's seed and the stream version.

This module is what the ledger, the API and replay read. The pieces a game
package is built from (the event writer, the decide/evolve registries,
redaction by declaration) are in `kit.py`.
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache
from typing import Any, Protocol, Self, TypeVar

T = TypeVar("T")
S = TypeVar("S")  # a game's State
C = TypeVar("C")  # its Command union
E = TypeVar("E")  # its Event union
# Its view: the TypedDicts of its view_types.py (a union where audiences differ). Only returned, so covariant.
V_co = TypeVar("V_co", bound=Mapping[str, Any], covariant=True)

# The Rng algorithm below is version 1. A game pins the version it was created
# with (GameCreated.rng_version); a changed algorithm gets a new number and the
# old one stays here so that old games replay.
RNG_VERSION = 1


class ReasonCode(StrEnum):
    """The base of a game's reason codes: `class Reason(ReasonCode)` in the game's reasons.py.

    Each member reads `NAME = "NAME", "when the rules refuse with it, in one line"`.
    The value is the stable wire code (IllegalCommand.code, ErrorInfo.reason);
    `description` is what ListGameTypes publishes beside it, so clients and bots
    never hard-code the strings.
    """

    description: str

    # description defaults to "" only so that mypy accepts Reason("CODE") (a lookup, never a new member).
    def __new__(cls, code: str, description: str = "") -> Self:
        member = str.__new__(cls, code)
        member._value_ = code
        member.description = description
        return member


class IllegalCommand(Exception):
    """A well-formed command the rules forbid right now (-> FAILED_PRECONDITION).

    `reason` is written to the player in the second person; `code` is a stable,
    machine-readable reason, a member of the game's Reason enum (NOT_YOUR_TURN,
    ROUND_OVER, ...). It is kept as the plain string: that is the wire contract.
    `facts` are what a client needs to act on it (TOO_SOON: `retry_at_ms`), sent
    as the ErrorInfo's metadata.
    """

    def __init__(self, reason: str, code: str, **facts: int | str) -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = str(code)
        self.facts = facts


class InvalidOptions(ValueError):
    """Game options or a player count that the game cannot be set up with (-> INVALID_ARGUMENT)."""


class Rng:
    """Randomness for exactly one decision, derived from (seed, stream version).

    SHA-256 in counter mode and integer arithmetic only, so a draw made today
    replays identically on any future Python (random.shuffle/randrange carry
    no such promise).
    """

    def __init__(self, seed: bytes, version: int) -> None:
        self._key = hashlib.sha256(seed + b"|" + str(version).encode()).digest()
        self._counter = 0

    @property
    def draws(self) -> int:
        """How many 64-bit blocks were drawn so far: 0 when the decision used no randomness."""
        return self._counter

    def _next64(self) -> int:
        block = hashlib.sha256(self._key + self._counter.to_bytes(8, "big")).digest()
        self._counter += 1
        return int.from_bytes(block[:8], "big")

    def below(self, n: int) -> int:
        """Uniform integer in [0, n) by rejection sampling (no modulo bias)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, not {n}")
        limit = (1 << 64) - (1 << 64) % n
        while (x := self._next64()) >= limit:
            pass
        return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffled(self, items: Sequence[T]) -> tuple[T, ...]:
        out = list(items)
        for i in range(len(out) - 1, 0, -1):  # Fisher-Yates, written out on purpose
            j = self.below(i + 1)
            out[i], out[j] = out[j], out[i]
        return tuple(out)


def replaced(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A copy of a tuple with one item replaced: the everyday update of frozen per-seat state."""
    return (*items[:index], value, *items[index + 1 :])


@cache
def _copier(cls: type) -> Callable[[Any, dict[str, Any]], Any] | None:
    """A copy function written for this class's fields: each read once and written through its slot.

    None for a class this shortcut does not fit (no slots, an __init__ that does more than assign):
    dataclasses.replace copies those.
    """
    fields = dataclasses.fields(cls)
    names = [f.name for f in fields]
    slotted = all(hasattr(cls.__dict__.get(name), "__set__") for name in names)
    if not slotted or not all(f.init for f in fields) or hasattr(cls, "__post_init__"):
        return None
    scope: dict[str, Any] = {"new": object.__new__, "cls": cls, "known": frozenset(names)}
    lines = ["def copy(obj, changes):", "    out = new(cls)", "    get = changes.get"]
    for n, name in enumerate(names):
        scope[f"set{n}"] = cls.__dict__[name].__set__
        lines.append(f"    set{n}(out, get({name!r}, obj.{name}))")
    lines += ["    if not changes.keys() <= known:", "        raise TypeError(sorted(changes.keys() - known))"]
    lines.append("    return out")
    exec("\n".join(lines), scope)  # code generated from the dataclass's own field names
    copy: Callable[[Any, dict[str, Any]], Any] = scope["copy"]
    return copy


def replace(obj: T, **changes: Any) -> T:
    """dataclasses.replace for frozen, slotted, validation-free records, at a fraction of its cost.

    (The engines copy their state several times per event; dataclasses.replace re-walks every field's
    metadata, and a frozen dataclass's __init__ goes through object.__setattr__ field by field.)
    """
    cls: type = type(obj)
    copy = _copier(cls)
    if copy is None:
        return dataclasses.replace(obj, **changes)  # type: ignore[type-var]
    try:
        result: T = copy(obj, changes)
    except TypeError as exc:
        raise TypeError(f"{cls.__name__} has no field {exc.args[0]}") from None
    return result


def rng_for(rng_version: int, seed: bytes, version: int) -> Rng:
    """The generator a game pinned at creation; unknown versions are a bug in the caller."""
    if rng_version != RNG_VERSION:
        raise ValueError(f"unknown rng version {rng_version}")
    return Rng(seed, version)


@dataclass(frozen=True, slots=True)
class Status:
    """Where a game stands, in terms every client and the service understand.

    `to_act` lists the seats whose command the game is waiting for (several in
    a simultaneous phase). `wake_at_ms`, when set, is the server time at which
    the service must submit the automatic commands `legal_commands(state, None)`
    (timeouts of real-time games); turn-based games leave it None.
    """

    phase: str
    to_act: tuple[int, ...] = ()
    finished: bool = False
    wake_at_ms: int | None = None


@dataclass(frozen=True, slots=True)
class OptionSpec:
    """One game option as ListGameTypes shows it and CreateGame validates it."""

    name: str
    type: type  # bool, int or str
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    minimum: int | None = None
    maximum: int | None = None


@dataclass(frozen=True, slots=True)
class Metadata:
    """What a client needs to know about a game before it is created."""

    title: str
    min_players: int
    max_players: int
    summary: str
    options: tuple[OptionSpec, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a finished game ended, in words a player understands.

    `placements` has each seat's place, 1..n, ties sharing a place and the
    next place skipped (competition ranking: 1, 1, 3). `tie_rule` says which
    tie-break decided, or "" when none was needed.

    The words are English; `reason_key` and `tie_key` (with `params`) name the same
    messages for a client that says them in its own language, e.g. the key
    "baba-yaga.end.third_spell" with params {"seat": 2} (seats, never names: the
    client knows who sits where).
    """

    reason: str
    placements: tuple[int, ...]
    tie_rule: str = ""
    reason_key: str = ""
    tie_key: str = ""
    params: Mapping[str, int | str] = field(default_factory=dict)


class Rules(Protocol[S, C, E, V_co]):
    """The surface every game package exports (a module satisfies it), generic in its State, Command, Event, View.

    `seat` is 0..n-1; `None` means a spectator in `view`/`redact`, and the
    service itself (automatic commands such as timeouts) in `decide` and
    `legal_commands`.
    """

    @property
    def name(self) -> str: ...
    @property
    def version(self) -> int: ...
    @property
    def metadata(self) -> Metadata: ...
    @property
    def command_types(self) -> Mapping[str, type]: ...
    @property
    def event_types(self) -> Mapping[str, type]: ...
    @property
    def reasons(self) -> type[ReasonCode]: ...
    # The view's type for each audience, "seat" and "spectator" (the same TypedDict where they see alike):
    # what service/rules/schema.py publishes, so view() must return exactly these.
    @property
    def view_types(self) -> Mapping[str, type]: ...

    def initial_state(self, seats: int, options: Mapping[str, Any]) -> S: ...
    def setup(self, options: Mapping[str, Any], seats: int, rng: Rng) -> list[E]: ...
    def decide(self, state: S, seat: int | None, command: C, rng: Rng, now_ms: int) -> list[E]: ...
    def evolve(self, state: S, event: E) -> S: ...
    def legal_commands(self, state: S, seat: int | None) -> list[C]: ...
    def view(self, state: S, seat: int | None) -> V_co: ...
    def redact(self, event: E, seat: int | None) -> E | None: ...
    def status(self, state: S) -> Status: ...
    def scores(self, state: S) -> tuple[int, ...]: ...
    def winners(self, state: S) -> tuple[int, ...]: ...
    # What client apps show (issue 14): a short human label of a command ("play R-HARE-02 + R-HARE-07");
    # the static catalog, JSON-native, so a client resolves every id a view names offline ({} if views
    # carry everything); and how the game ended (None until it has).
    def label(self, command: C) -> str: ...
    def catalog(self, options: Mapping[str, Any]) -> dict[str, Any]: ...
    def outcome(self, state: S) -> Outcome | None: ...


AnyRules = Rules[Any, Any, Any, Any]  # a game whose types the caller does not know (the catalog, the ledger)


def normalize_options(metadata: Metadata, seats: int, given: Mapping[str, Any]) -> dict[str, Any]:
    """Check a CreateGame request against the game's metadata; return every option, defaults filled.

    Storing the complete options means a later change of a default never
    changes how an old game replays.
    """
    if not metadata.min_players <= seats <= metadata.max_players:
        raise InvalidOptions(
            f"{metadata.title} is for {metadata.min_players} to {metadata.max_players} players, not {seats}"
        )
    specs = {spec.name: spec for spec in metadata.options}
    unknown = sorted(set(given) - set(specs))
    if unknown:
        raise InvalidOptions(f"unknown option {unknown[0]!r}; the options are {sorted(specs)}")
    options: dict[str, Any] = {}
    for spec in metadata.options:
        value = given.get(spec.name, spec.default)
        options[spec.name] = _coerce_option(spec, value)
    return options


def _coerce_option(spec: OptionSpec, value: Any) -> Any:
    if spec.type is bool:
        if isinstance(value, str) and value.lower() in ("true", "false", "yes", "no", "1", "0"):
            value = value.lower() in ("true", "yes", "1")
        if not isinstance(value, bool):
            raise InvalidOptions(f"option {spec.name!r} must be true or false, not {value!r}")
    elif spec.type is int:
        if isinstance(value, str):
            try:
                value = int(value)
            except ValueError:
                raise InvalidOptions(f"option {spec.name!r} must be a whole number, not {value!r}") from None
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidOptions(f"option {spec.name!r} must be a whole number, not {value!r}")
        if spec.minimum is not None and value < spec.minimum:
            raise InvalidOptions(f"option {spec.name!r} must be at least {spec.minimum}, not {value}")
        if spec.maximum is not None and value > spec.maximum:
            raise InvalidOptions(f"option {spec.name!r} must be at most {spec.maximum}, not {value}")
    elif spec.type is str and not isinstance(value, str):
        raise InvalidOptions(f"option {spec.name!r} must be text, not {value!r}")
    if spec.choices and value not in spec.choices:
        raise InvalidOptions(f"option {spec.name!r} must be one of {list(spec.choices)}, not {value!r}")
    return value
