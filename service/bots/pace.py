"""How fast the server's bots move: a person's pace by default, or `fast` for bot-only tables and benchmarks.

A bot's move falls due a wait after the event it answers (the game's last event when its seat came up),
and never before the rules accept it: where a real-time game sets a minimum interval (Baba Yaga's
search actions and witch steps, the game's `ready_at_ms` hook) the server waits it out for the bot,
so a bot's choice never depends on how fast it is asked.

- `person`: a quick human's waits, drawn from the bot's own pace stream (from the game's seed, apart
  from its draws and from the bot's choices) at the version the wait starts from. A searcher turns a
  tile every 650-950 ms; a flyer steps the witch 150-450 ms after she may move (a flyer watches for
  it); any other decision takes 0.9-1.8 s. The wait is recorded with the move (`pace`, `kind`, `after`,
  `wait_ms`), so an audit re-derives it and checks the move came no sooner.
- `fast`: no wait beyond what the rules require.

A bot named with an explicit `think_ms` waits exactly that long (games created before paces had one).
Which pace a bot gets when none is named: `person` at a table with people or in a real-time game
(the game's `realtime(options)` hook), `fast` when bots play every seat of a turn-based game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from service.rules.core import AnyRules, Rng

PACES = ("person", "fast")
# kind -> (shortest, longest) ms; "step" counts from when the witch may move, the others from the event answered.
PERSON_MS: dict[str, tuple[int, int]] = {"move": (900, 1800), "search": (650, 950), "step": (150, 450)}
FROM_READY = frozenset({"step"})
JITTER_STEPS = 1000


@dataclass(frozen=True)
class Wait:
    due_ms: int  # server time the move falls due
    tag: dict[str, Any]  # what the move records of its wait (empty for a fixed think time)


def default_pace(rules: AnyRules, options: dict[str, Any], people: int) -> str:
    realtime = getattr(rules, "realtime", None)
    return "person" if people > 0 or (callable(realtime) and realtime(options)) else "fast"


def settle(spec: dict[str, Any], rules: AnyRules, options: dict[str, Any], people: int) -> dict[str, Any]:
    """A bot seat's spec as the game's header keeps it: its pace named, unless it has a fixed think time."""
    if spec.get("think_ms") or spec.get("pace"):
        return dict(spec)
    return {**spec, "pace": default_pace(rules, options, people)}


def kind_of(rules: AnyRules, state: Any, seat: int) -> str:
    hook = getattr(rules, "pace_kind", None)
    return str(hook(state, seat)) if callable(hook) else "move"


def ready_at(rules: AnyRules, state: Any, seat: int) -> int | None:
    """The earliest server time the rules accept the seat's paced commands (None: no such limit now)."""
    hook = getattr(rules, "ready_at_ms", None)
    return hook(state, seat) if callable(hook) else None


def jitter(seed: bytes, seat: int, version: int) -> float:
    """A fraction in [0, 1) from the bot's own pace stream at a version."""
    return Rng(seed + f"|pace|{seat}".encode(), version).below(JITTER_STEPS) / JITTER_STEPS


def wait_ms(pace: str, kind: str, fraction: float) -> int:
    if pace != "person":
        return 0
    low, high = PERSON_MS.get(kind, PERSON_MS["move"])
    return low + round((high - low) * fraction)


def wait(
    rules: AnyRules, state: Any, seat: int, spec: dict[str, Any], seed: bytes, version: int, last_at_ms: int
) -> Wait:
    """When the bot in `seat` moves, answering the game as it stands at `version` (last event at `last_at_ms`)."""
    ready = ready_at(rules, state, seat)
    think = spec.get("think_ms")
    if think:  # a fixed think time, as bots were paced before: waited from the event, then the rules' limit
        return Wait(max(last_at_ms + int(think), ready or 0), {})
    pace = str(spec.get("pace") or "fast")
    kind = kind_of(rules, state, seat)
    waited = wait_ms(pace, kind, jitter(seed, seat, version))
    start = max(last_at_ms, ready or 0) if kind in FROM_READY else last_at_ms
    tag = {"pace": pace, "kind": kind, "after": version, "wait_ms": waited}
    return Wait(max(start + waited, ready or 0), tag)


def wait_problem(tag: dict[str, Any], seed: bytes, seat: int, at_ms: int, after_at_ms: int | None) -> str | None:
    """What is wrong with a recorded wait, if anything: it must re-derive from the bot's pace stream, and the
    move must come no sooner than that wait after the event it answered (`after_at_ms`, when known)."""
    if "pace" not in tag:
        return None
    pace, kind, after, waited = tag.get("pace"), tag.get("kind"), tag.get("after"), tag.get("wait_ms")
    if pace not in PACES or not isinstance(after, int) or not isinstance(kind, str):
        return f"a bot move with a wait this build cannot read ({tag!r})"
    expected = wait_ms(pace, kind, jitter(seed, seat, after))
    if waited != expected:
        return f"the bot of seat {seat} recorded a {waited} ms wait; its pace stream gives {expected} ms"
    if after_at_ms is not None and at_ms < after_at_ms + expected:
        return f"the bot of seat {seat} moved {at_ms - after_at_ms} ms after the event it answered, within its wait"
    return None
