"""The shared vocabulary of every rules package: the Rules protocol, errors, Rng.

A rules package is a pure decider (see DESIGN.md "Rules: a decider per game"):
no I/O, no clock, no global randomness. Time, where a game needs it, arrives
as the `now_ms` argument the ledger stamps on each command; randomness arrives
as an `Rng` derived from the game's seed and the stream version.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

T = TypeVar("T")

# The Rng algorithm below is version 1. A game pins the version it was created
# with (GameCreated.rng_version); a changed algorithm gets a new number and the
# old one stays here so that old games replay.
RNG_VERSION = 1


class IllegalCommand(Exception):
    """A well-formed command the rules forbid right now (-> FAILED_PRECONDITION).

    `reason` is written to the player in the second person; `code` is a stable,
    machine-readable reason (NOT_YOUR_TURN, ROUND_OVER, ...).
    """

    def __init__(self, reason: str, code: str = "ILLEGAL_COMMAND") -> None:
        super().__init__(reason)
        self.reason = reason
        self.code = code


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


class Rules(Protocol):
    """The surface every game package exports (a module satisfies it).

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

    def initial_state(self, seats: int, options: dict[str, Any]) -> Any: ...
    def setup(self, options: dict[str, Any], seats: int, rng: Rng) -> list[Any]: ...
    def decide(self, state: Any, seat: int | None, command: Any, rng: Rng, now_ms: int) -> list[Any]: ...
    def evolve(self, state: Any, event: Any) -> Any: ...
    def legal_commands(self, state: Any, seat: int | None) -> list[Any]: ...
    def view(self, state: Any, seat: int | None) -> dict[str, Any]: ...
    def redact(self, event: Any, seat: int | None) -> Any | None: ...
    def status(self, state: Any) -> Status: ...
    def scores(self, state: Any) -> tuple[int, ...]: ...
    def winners(self, state: Any) -> tuple[int, ...]: ...


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
