"""A table's settings beyond the rules (issue 35): who may watch a game in play, with what delay, whether
take-backs may be offered, and which game a rematch replays. Kept in the game's header (in its hash), and
only what differs from the defaults, so a game created without them hashes as before they existed.

Spectators (anyone without a seat's token; the organizer sees everything):
- "open" (the default): anyone may watch the public view;
- "players": a private table: only its players watch it while it is in play (ListGames still lists it:
  its rules and players' names, not its moves).
A delay (`delay_moves` decisions and/or `delay_s` seconds) holds what spectators see that far behind
the game, so a live game cannot be relayed to a player. Once the game is over everything is public.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.rules.core import InvalidOptions

SPECTATORS = ("open", "players")
MAX_DELAY_MOVES = 100
MAX_DELAY_S = 3600
DEFAULTS: dict[str, Any] = {"spectators": "open", "delay_moves": 0, "delay_s": 0, "takebacks": False}


def settle(given: dict[str, Any]) -> dict[str, Any] | None:
    """The settings as the header keeps them (defaults dropped; None when all are defaults), checked."""
    spectators = given.get("spectators") or "open"
    if spectators not in SPECTATORS:
        raise InvalidOptions(f"spectators is one of {list(SPECTATORS)}, not {spectators!r}")
    moves, seconds = int(given.get("delay_moves") or 0), int(given.get("delay_s") or 0)
    if not 0 <= moves <= MAX_DELAY_MOVES or not 0 <= seconds <= MAX_DELAY_S:
        raise InvalidOptions(
            f"a spectator delay is 0 to {MAX_DELAY_MOVES} moves and 0 to {MAX_DELAY_S} seconds, "
            f"not {moves} moves and {seconds} seconds"
        )
    table = {
        "spectators": spectators,
        "delay_moves": moves,
        "delay_s": seconds,
        "takebacks": bool(given.get("takebacks")),
        "rematch_of": given.get("rematch_of") or None,
    }
    kept = {k: v for k, v in table.items() if v is not None and DEFAULTS.get(k) != v}
    return kept or None


def of(table: dict[str, Any] | None) -> dict[str, Any]:
    """Every setting, the defaults filled in."""
    return {**DEFAULTS, "rematch_of": None, **(table or {})}


def delayed(table: dict[str, Any] | None) -> bool:
    settings = of(table)
    return bool(settings["delay_moves"] or settings["delay_s"])


def delayed_version(events: Sequence[Any], table: dict[str, Any] | None, now_ms: int) -> int:
    """The newest version a spectator may see: every decision after it is at most `delay_moves` decisions back
    and `delay_s` seconds old. `events`: the game's stored events (Created first), each with `at_ms` after it."""
    settings = of(table)
    if not events:
        return 0
    ends: list[tuple[int, int]] = []  # (version, at_ms) of the last event of each decision
    for i, event in enumerate(events):
        nxt = events[i + 1] if i + 1 < len(events) else None
        if nxt is None or _decision(nxt) != _decision(event):
            ends.append((event.originator_version, getattr(event, "at_ms", 0)))
    cutoff = now_ms - 1000 * int(settings["delay_s"])
    allowed = [v for v, at in ends[: len(ends) - int(settings["delay_moves"])] if at <= cutoff]
    return max(allowed, default=1)


def _decision(event: Any) -> tuple[Any, ...]:
    """What tells one decision's events from the next: its request, time and seat (all its events share them)."""
    return (getattr(event, "request_id", None), getattr(event, "at_ms", None), getattr(event, "seat", None),
            type(event).__name__ == "Created")  # fmt: skip
