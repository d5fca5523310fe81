"""Time controls: kept by the server, audited like everything else.

A game created with a time control has, in its header and the header's hash, one or both of:

- a deadline per move, `{"move_ms": N}`: the seats to act have N ms from the last thing that happened
  in the game (its last event);
- a chess clock, `{"budget_ms": B, "increment_ms": I}` (Fischer): every seat starts with B ms; while a
  seat is to act its clock runs (in simultaneous phases every waiting seat's clock runs); each move of
  its own adds I ms. A seat's clock never goes below zero.

and `"on_timeout": "move" | "forfeit"`. When a seat to act runs out, the server's bot runner
(autoplay.py) acts for the clock:

- "move": it plays a random legal command for that seat, recorded like a bot's move and tagged
  {"level": "random", "timeout": true}, at a time past the deadline: replay re-derives the move from
  the seat's information and the bot's random stream, and checks that the deadline had passed.
- "forfeit": it ends the game by a forfeit of that seat's player (EndedByRuling, actor "clock"), whom
  replay checks was to act past the deadline.

The clocks are not recorded: `SeatClocks` folds them from the recorded times, in the aggregate and in
replay alike, so an audit re-derives every flag fall. Real-time games keep their own timers (the
rules'); a time control adds its deadline on top.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from service.bots import POLICY_VERSION

CLOCK_ACTOR = "clock"  # the actor of a forfeit the clock ruled
ON_TIMEOUT = ("move", "forfeit")
MIN_MOVE_S, MAX_MOVE_S = 5, 7 * 24 * 3600
MIN_BUDGET_S, MAX_BUDGET_S = 10, 30 * 24 * 3600
MAX_INCREMENT_S = 24 * 3600
TIMEOUT_REASON = "ran out of time"


class TimeControlError(ValueError):
    """A time control the server cannot keep, with what was wrong."""


def time_control(
    move_seconds: int = 0, on_timeout: str = "move", budget_seconds: int = 0, increment_seconds: int = 0
) -> dict[str, Any]:
    """The header's time control from its parts (0: that part is off), or TimeControlError saying why not."""
    if not move_seconds and not budget_seconds:
        raise TimeControlError("a time control needs a move deadline (move_seconds) or a budget (budget_seconds)")
    if move_seconds and not MIN_MOVE_S <= move_seconds <= MAX_MOVE_S:
        raise TimeControlError(f"a move deadline is {MIN_MOVE_S} to {MAX_MOVE_S} seconds, not {move_seconds}")
    if budget_seconds and not MIN_BUDGET_S <= budget_seconds <= MAX_BUDGET_S:
        raise TimeControlError(f"a seat's budget is {MIN_BUDGET_S} to {MAX_BUDGET_S} seconds, not {budget_seconds}")
    if increment_seconds and not budget_seconds:
        raise TimeControlError("an increment is added to a budget: set budget_seconds too")
    if not 0 <= increment_seconds <= MAX_INCREMENT_S:
        raise TimeControlError(f"an increment is 0 to {MAX_INCREMENT_S} seconds, not {increment_seconds}")
    if on_timeout not in ON_TIMEOUT:
        raise TimeControlError(f"on_timeout is one of {list(ON_TIMEOUT)}, not {on_timeout!r}")
    control: dict[str, Any] = {"on_timeout": on_timeout}
    if move_seconds:
        control["move_ms"] = move_seconds * 1000
    if budget_seconds:
        control["budget_ms"] = budget_seconds * 1000
        control["increment_ms"] = increment_seconds * 1000
    return control


def timeout_tag() -> dict[str, Any]:
    """What a move the clock made records beside its command (replay re-derives it as a random bot's)."""
    return {"level": "random", "policy": POLICY_VERSION, "timeout": True}


@dataclass
class SeatClocks:
    """Every seat's time left as of the last event (`at_ms`), folded from the recorded times."""

    control: Mapping[str, Any]
    left_ms: list[int]
    at_ms: int = 0
    _last_move: tuple[int, int | None, str | None, Any] | None = None

    @classmethod
    def start(cls, control: Mapping[str, Any] | None, seats: int) -> SeatClocks | None:
        if not control:
            return None
        return cls(control, [int(control.get("budget_ms") or 0)] * seats)

    def record(self, at_ms: int, acting: Iterable[int], seat: int | None, request_id: str | None, command: Any) -> None:
        """One recorded event at `at_ms`, with `acting` the seats that were to act before it: their clocks ran
        since the last event; the first event of a seat's move adds its increment. Events of one move share
        their time, seat, request and command; a setup or service event (no seat) adds nothing."""
        elapsed = max(0, at_ms - self.at_ms) if self.at_ms else 0
        if elapsed and self.control.get("budget_ms"):
            for s in acting:
                self.left_ms[s] = max(0, self.left_ms[s] - elapsed)
        move = (at_ms, seat, request_id, command)
        if seat is not None and command is not None and move != self._last_move:
            self.left_ms[seat] += int(self.control.get("increment_ms") or 0)
        self._last_move = move if seat is not None else None
        self.at_ms = at_ms

    def deadline_ms(self, seat: int) -> int:
        """When `seat`, if it is to act, runs out: its budget or the move deadline, whichever comes first."""
        ends = []
        if self.control.get("budget_ms"):
            ends.append(self.at_ms + self.left_ms[seat])
        if self.control.get("move_ms"):
            ends.append(self.at_ms + int(self.control["move_ms"]))
        return min(ends)
