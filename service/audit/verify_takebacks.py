"""The audit of a game's take-backs (service/ledger/takebacks.py): each offer, answer and going back is checked
against the rules the server keeps, and the state after a TakenBack is re-derived from the same `Points` the
aggregate folds, so play after it is re-decided from the right state and clocks.

An offer must come from a person's seat, at a table created with take-backs and no server bots, with no other
offer open, to a version the game could go back to then (never over a move that showed something hidden,
drew at random or was the game's own); an answer needs an open offer; a TakenBack needs every person's
acceptance, right after the last one, and goes back to the offered version.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from service.ledger import table as game_table
from service.ledger import takebacks
from service.ledger.clocks import SeatClocks
from service.ledger.game import Game
from service.rules.core import AnyRules

LINKS = (Game.TakebackOffered, Game.TakebackAnswered, Game.TakenBack)


@dataclass
class Replayed:
    """The state and clocks after a take-back link, or the problem with it."""

    state: Any
    clocks: SeatClocks | None
    problem: str | None = None


class TakebackAudit:
    """Follows one game's decisions and take-back links in version order (verify._rerun drives it)."""

    def __init__(self, header: Game.Created, rules: AnyRules, seed: bytes) -> None:
        allowed = game_table.of(getattr(header, "table", None))["takebacks"]
        self.points = takebacks.Points(takebacks.safe_events(rules)) if allowed else None
        self.rules, self.seed, self.rng_version = rules, seed, header.rng_version
        self.seats = len(header.players)
        self.bots = {int(s) for s in (getattr(header, "bots", None) or {})}
        self.offer: dict[str, Any] | None = None
        self._previous: Any = None  # the last take-back link, to check a TakenBack follows its acceptance

    def decision(self, batch: list[Game.EventRecorded], state: Any, clocks: SeatClocks | None) -> None:
        """A recorded decision, before it is folded (`state` and `clocks` as they stood before it)."""
        self.offer, self._previous = None, None  # a recorded move cancels an open offer
        if self.points is not None:
            for e in batch:
                self.points.before_event(e.originator_version, e.name, e.seat, e.command, e.request_id, e.at_ms,
                                         state, clocks)  # fmt: skip

    def link(self, event: Any, state: Any, clocks: SeatClocks | None) -> Replayed:
        """A take-back link: the state and clocks after it, or what is wrong with it."""
        problem = self._problem(event, state)
        if problem is not None:
            return Replayed(state, clocks, problem)
        previous, self._previous = self._previous, event
        assert self.points is not None  # _problem refuses links at tables without take-backs
        self.points.other_event()
        if isinstance(event, Game.TakebackOffered):
            self.offer = {"seat": event.seat, "to_version": event.to_version, "accepted": {event.seat}}
        elif isinstance(event, Game.TakebackAnswered):
            if event.accept and self.offer is not None:
                self.offer["accepted"].add(event.seat)
            else:
                self.offer = None
        else:
            if previous is None or previous.originator_version != event.originator_version - 1:
                return Replayed(state, clocks, "a take-back that does not follow the acceptance that completed it")
            self.offer = None
            point = self.points.taken_back(event.to_version)
            return Replayed(point.state, takebacks.restored_clocks(point, event.at_ms))
        return Replayed(state, clocks)

    def _problem(self, event: Any, state: Any) -> str | None:
        if self.points is None:
            return f"a {type(event).__name__} at a table created without take-backs"
        if self.rules.status(state).finished:
            return f"a {type(event).__name__} after the game was over"
        persons = set(range(self.seats)) - self.bots
        seat = getattr(event, "seat", None)
        if seat is not None and seat not in persons:
            return f"a {type(event).__name__} by seat {seat}, which no person plays"
        if isinstance(event, Game.TakebackOffered):
            if self.offer is not None:
                return f"an offer while seat {self.offer['seat']}'s was open"
            if self.bots:
                return "an offer at a table with the server's bots, which decline"
            refused = takebacks.refusal(self.points, event.to_version, self.rules, self.seed, self.rng_version)
            return None if refused is None else f"an offer the rules of take-backs refuse: {refused[1]}"
        if self.offer is None:
            return f"a {type(event).__name__} with no offer open"
        if isinstance(event, Game.TakenBack):
            missing = sorted(persons - self.offer["accepted"])
            if missing:
                return f"a take-back that seats {missing} never accepted"
            if event.to_version != self.offer["to_version"]:
                return f"a take-back to version {event.to_version}, not the {self.offer['to_version']} offered"
        return None


def times(body: list[Any]) -> dict[int, int]:
    """Each version's `last_at_ms`: the time of the last move or take-back at or before it (a bot's wait and a
    move's deadline count from it, as the aggregate keeps it)."""
    found, last = {}, 0
    for event in body:
        if isinstance(event, (Game.EventRecorded, Game.TakenBack)):
            last = event.at_ms
        found[event.originator_version] = last
    return found
