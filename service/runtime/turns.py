"""Whose turn began where: a game's seats to act, each with the version at which its turn began, folded from the
stored events (service/runtime/notices.py announces each turn once).

A seat's turn begins at the end of a decision (the events one command or the setup recorded together) after
which the seat is to act while it was not before, or is to act in a new phase. Saves heard together, or a
game first seen after a restart, are folded decision by decision, so the version a turn began at is the same
whoever works it out: it names the notice (its delivery id) across retries, restarts and processes.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any
from uuid import NAMESPACE_URL, uuid5

from service.ledger.game import Game


@dataclass
class Turns:
    """A game folded to its newest version here, and its seats' turns."""

    game: Game
    since: dict[int, int] = field(default_factory=dict)  # seat to act -> the version its turn began
    phase: str | None = None
    announced: dict[int, int] = field(default_factory=dict)  # seat -> the turn (its version) already announced
    began_ms: dict[int, int] = field(default_factory=dict)  # seat to act -> the server time its turn began

    def advance(self, events: Sequence[Any]) -> None:
        """Fold stored events that follow the game's version, decision by decision."""
        for i, event in enumerate(events):
            self.game = event.mutate(self.game)
            if i + 1 < len(events) and _decision(events[i + 1]) == _decision(event):
                continue  # mid-decision: the game is not at rest
            self._settle(event.originator_version)

    def _settle(self, version: int) -> None:
        status = self.game.status()
        acting = set() if status.finished else set(status.to_act)
        for seat in acting:
            if seat not in self.since or status.phase != self.phase:
                self.since[seat], self.began_ms[seat] = version, self.game.last_at_ms
        for seat in set(self.since) - acting:
            del self.since[seat]
            self.began_ms.pop(seat, None)
        self.phase = status.phase

    def unannounced(self) -> list[tuple[int, int]]:
        """(seat, version its turn began) of each seat to act whose turn was not announced yet (`announced`
        marks one once it is)."""
        self.announced = {seat: since for seat, since in self.announced.items() if self.since.get(seat) == since}
        return [(seat, since) for seat, since in sorted(self.since.items()) if self.announced.get(seat) != since]


def start(events: Sequence[Any]) -> Turns:
    """A game's turns from its whole stream (Created first)."""
    turns = Turns(events[0].mutate(None))
    turns.advance(events[1:])
    if len(events) == 1:
        turns._settle(1)
    return turns


def _decision(event: Any) -> tuple[Any, ...]:
    """What the events of one decision share: seat, request and time (a setup's: none, none and its time)."""
    if isinstance(event, Game.EventRecorded):
        return (event.seat, event.request_id, event.at_ms)
    return (type(event).__name__, event.originator_version)


def delivery_id(game: Game, seat: int, since: int) -> str:
    """The same for every attempt, restart and process: a receiver deduplicates by it."""
    return str(uuid5(NAMESPACE_URL, f"playledger:notice:{game.id}:{since}:{seat}"))


def notice_body(game: Game, seat: int, since: int) -> bytes:
    """What the seat's webhook receives: the game at rest, and only what that seat may see (its own view)."""
    status = game.status()
    body = {
        "type": "your_turn",
        "delivery": delivery_id(game, seat, since),
        "game": f"games/{game.id}",
        "rules": game.rules_name,
        "version": since,
        "game_version": game.version,
        "seat": seat,
        "to_act": list(status.to_act),
        "phase": status.phase,
        "deadline_ms": game.deadline_ms(seat),
        "view": game.rules.view(game.state, seat),
    }
    return json.dumps(body, separators=(",", ":"), sort_keys=True, allow_nan=False).encode()
