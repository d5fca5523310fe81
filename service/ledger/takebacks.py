"""Take-backs (issue 35): a seat offers to go back to an earlier version of the game; when every other person at
the table accepts, play goes on from the game as it stood then.

Recorded, never erased: TakebackOffered, TakebackAnswered and TakenBack are links of the game's hash chain
(chain.LINK_FIELDS), and replay re-derives the state after a TakenBack exactly as the aggregate does, from the
same `Points`. Only a table created with `takebacks` has them (off by default).

How far back: to the start of any of the last MAX_BACK decisions of a seat, and never over
- a decision with an event the rules do not list as safe to take back (`takeback_safe`: public events that
  show nothing that was hidden; a card played from a hand, a tile drawn from a bag is not among them),
- a decision that drew randomness (re-decided when asked: its Rng must have drawn nothing),
- a step nobody chose (setup, the rules' automatic steps: seat None), or into a state a rules' timer runs in
  (a real-time game's timer would fire at once),
so a take-back never puts a card a seat has seen back where it was hidden, and never re-rolls a draw.
A recorded move cancels an open offer. Clocks go back to what they read at that version and run again
from the take-back's time.

A game's `takeback_safe` list is part of its rules: the audit re-checks every take-back against it, so
changing the list (more or fewer event types) is a rules-version change, never an edit in place.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from service.ledger import codec
from service.ledger.clocks import SeatClocks
from service.rules.core import AnyRules, IllegalCommand, rng_for

MAX_BACK = 10  # decisions: far enough for a misclick and its answer, short enough to keep in memory


@dataclass(frozen=True)
class Point:
    """Where a take-back may go: the game before one decision (and the decision, to re-decide it)."""

    version: int  # the stream version the game stood at before the decision
    state: Any  # the rules' state then (immutable: shared, not copied)
    clocks: SeatClocks | None
    seat: int
    command: Mapping[str, Any]
    at_ms: int


@dataclass
class Points:
    """The take-back targets of a game, folded from its events by the aggregate and by replay alike."""

    safe: frozenset[str]
    points: list[Point] = field(default_factory=list)
    _decision: tuple[Any, ...] | None = None
    _drew: dict[int, bool] = field(default_factory=dict)  # point version -> its decision drew (memo)

    def copy(self) -> Points:
        return replace(self, points=list(self.points), _drew=dict(self._drew))

    def before_event(
        self, version: int, name: str, seat: int | None, command: Any, request_id: str | None, at_ms: int,
        state: Any, clocks: SeatClocks | None,
    ) -> None:  # fmt: skip
        """A rules event is about to be applied to `state` (the state before its decision, for its first event)."""
        decision = (seat, request_id, at_ms)
        if decision != self._decision:  # the first event of a decision
            self._decision = decision
            if seat is None or not isinstance(command, Mapping):
                self.points.clear()  # setup or an automatic step: nobody can take it back
            else:
                kept = replace(clocks, left_ms=list(clocks.left_ms)) if clocks is not None else None
                self.points.append(Point(version - 1, state, kept, seat, command, at_ms))
                del self.points[:-MAX_BACK]
        if name not in self.safe:
            self.points.clear()  # this decision showed something hidden: nothing up to it can be taken back

    def other_event(self) -> None:
        """An offer, an answer or a take-back: the next rules event starts a new decision."""
        self._decision = None

    def taken_back(self, to_version: int) -> Point:
        """Go back to `to_version` (a target checked already): its point, and every later one, is used up."""
        index = [p.version for p in self.points].index(to_version)
        point = self.points[index]
        del self.points[index:]
        self._decision = None
        return point

    def targets(self, rules: AnyRules, seed: bytes, rng_version: int) -> list[int]:
        """The versions a take-back may go to now, oldest first (none past a decision that drew)."""
        allowed: list[int] = []
        for point in reversed(self.points):
            if rules.status(point.state).wake_at_ms is not None or self._drawn(point, rules, seed, rng_version):
                break  # a real-time step's timer would fire at once; a draw is never re-rolled
            allowed.append(point.version)
        return allowed[::-1]

    def _drawn(self, point: Point, rules: AnyRules, seed: bytes, rng_version: int) -> bool:
        found = self._drew.get(point.version)
        if found is None:
            rng = rng_for(rng_version, seed, point.version)
            command = codec.decode(rules.command_types, point.command["name"], point.command["args"])
            rules.decide(point.state, point.seat, command, rng, point.at_ms)
            found = self._drew[point.version] = rng.draws > 0
        return found


def safe_events(rules: AnyRules) -> frozenset[str]:
    """The rules' events a take-back may go back over (none for rules that list none)."""
    return frozenset(getattr(rules, "takeback_safe", frozenset()))


def refusal(points: Points, to_version: int, rules: AnyRules, seed: bytes, rng_version: int) -> tuple[str, str] | None:
    """Why the game cannot go back to `to_version` now (reason code, words), or None when it can."""
    targets = points.targets(rules, seed, rng_version)
    if to_version in targets:
        return None
    if not targets:
        return "TAKEBACK_NOT_POSSIBLE", (
            "nothing can be taken back now: the last move showed something hidden, drew at random, or was the "
            "game's own step"
        )
    return "TAKEBACK_TOO_FAR", (
        f"a take-back goes back to the start of a recent move (version {', '.join(map(str, targets))}), "
        f"not to version {to_version}: never over a move that showed something hidden or drew at random, "
        f"and at most {MAX_BACK} moves"
    )


def restored_clocks(point: Point, at_ms: int) -> SeatClocks | None:
    """The clocks as they read at the point, running again from the take-back at `at_ms`."""
    if point.clocks is None:
        return None
    return replace(point.clocks, left_ms=list(point.clocks.left_ms), at_ms=at_ms, _last_move=None)


class TakebackMoves:
    """The take-back moves of a game (a mixin of Game, whose events and chain it uses)."""

    if TYPE_CHECKING:
        TakebackOffered: type[Any]
        TakebackAnswered: type[Any]
        TakenBack: type[Any]
        points: Points | None
        takeback: dict[str, Any] | None
        bots: dict[str, dict[str, Any]]
        seed_hex: str
        rng_version: int
        last_hash: str

        @property
        def rules(self) -> AnyRules: ...
        @property
        def seats(self) -> int: ...
        def is_finished(self) -> bool: ...
        def _chain(self, event_class: type[Any], fields: dict[str, Any]) -> None: ...

    def offer_takeback(self, seat: int, to_version: int, at_ms: int) -> bool:
        """Record `seat`'s offer to go back to `to_version`; True when it took effect at once (no other person
        at the table to ask). Raises IllegalCommand (with its reason code) when it may not be offered now."""
        points = self._takebacks_open()
        offer = self.takeback
        if offer is not None:
            if offer["seat"] == seat and offer["to_version"] == to_version:
                return False  # the same offer again: it stands
            raise IllegalCommand(
                f"seat {offer['seat']} has an offer open (back to version {offer['to_version']}): it is answered "
                "first, or withdrawn", "TAKEBACK_PENDING", offered_by=offer["seat"],
            )  # fmt: skip
        if bots := sorted(int(s) for s in self.bots if int(s) != seat):
            raise IllegalCommand(f"the server's bots (seats {bots}) do not take moves back", "TAKEBACK_DECLINED")
        refused = refusal(points, to_version, self.rules, bytes.fromhex(self.seed_hex), self.rng_version)
        if refused is not None:
            raise IllegalCommand(refused[1], refused[0])
        self._chain(self.TakebackOffered, {"seat": seat, "to_version": to_version, "at_ms": at_ms})
        return self._take_back_if_agreed(at_ms)

    def answer_takeback(self, seat: int, accept: bool, at_ms: int) -> bool:
        """Record `seat`'s answer to the open offer (the offering seat declining withdraws it); True when the
        game went back."""
        self._takebacks_open()
        offer = self.takeback
        if offer is None:
            raise IllegalCommand("there is no take-back offer to answer", "NO_TAKEBACK_OFFER")
        if accept and seat in offer["accepted"]:
            return False  # accepted already (or the offer's own seat)
        self._chain(self.TakebackAnswered, {"seat": seat, "accept": accept, "at_ms": at_ms})
        return self._take_back_if_agreed(at_ms)

    def _takebacks_open(self) -> Points:
        if self.points is None:
            raise IllegalCommand("this table was created without take-backs", "TAKEBACKS_OFF")
        if self.is_finished():
            raise IllegalCommand("the game is over: nothing can be taken back", "GAME_OVER")
        return self.points

    def _take_back_if_agreed(self, at_ms: int) -> bool:
        offer = self.takeback
        if offer is None or set(range(self.seats)) - {int(s) for s in self.bots} - set(offer["accepted"]):
            return False
        self._chain(self.TakenBack, {"to_version": offer["to_version"], "at_ms": at_ms})
        return True

    def _linked(self, link_hash: str) -> None:
        """A take-back link was applied: the chain moves on, and the next rules event starts a new decision."""
        self.last_hash = link_hash
        if self.points is not None:
            self.points.other_event()
