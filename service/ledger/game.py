"""One event-sourced aggregate for every game; the rules package does the thinking.

The stream of a game is: Created (header: rules, versions, seats, options, the
seed and its public commitment), then one EventRecorded envelope per rules
event, then one closing link: SeedRevealed once the rules say the game is
over, or EndedByRuling when an arbiter ends it first (a forfeit, an annulment,
a disqualification). Each envelope and the closing link carry prev_hash and
hash, chained from the header's own hash: `service/ledger/chain.py` owns the
header, the fields each link covers and the chain formats (format 2, for games
created since, salts each link from the seed so partial readers cannot test
guesses against its hash).

EndedByRuling is a link kind added after the first games were recorded: a
game that was never ruled on has none, so its chain (and every record of it)
is exactly what it was. It reveals the seed, like SeedRevealed: a ruled game
takes no more commands, so the seed can no longer help anyone play, and it lets
anyone re-decide every move that was recorded before the ruling.
"""

from __future__ import annotations

import hashlib
from copy import copy
from dataclasses import dataclass, replace
from typing import Any, cast
from uuid import UUID

from eventsourcing.domain import Aggregate
from eventsourcing.utils import get_topic

from service.ledger import chain, clocks, codec, takebacks
from service.ledger import table as game_table
from service.ledger.game_ids import next_game_id
from service.rules.catalog import rules_for
from service.rules.core import AnyRules, IllegalCommand, Outcome, Rng, Status, rng_for
from service.rules.kit import Decided

# Rulings that end a game in its own stream; a score correction changes a finished game's result elsewhere.
ENDING_RULINGS = ("forfeit", "annulment", "disqualification")
RULED_PHASE = "ruled"  # the status phase of a game an arbiter ended


class GameRuled(IllegalCommand):
    """A command to a game an arbiter has ended (-> FAILED_PRECONDITION, reason GAME_RULED)."""

    def __init__(self, ruling: dict[str, Any]) -> None:
        super().__init__(f"this game is over: {describe_ruling(ruling)}; it takes no more commands", "GAME_RULED")
        self.ruling = ruling


def describe_ruling(ruling: dict[str, Any]) -> str:
    """A ruling in words: `ended by a forfeit of p4 ("did not show up"), ruled by arbiter Jane`."""
    kind = str(ruling.get("kind", "ruling")).replace("_", " ")
    article = "an" if kind[:1] in "aeiou" else "a"
    player = ruling.get("player")
    who = f" of {player}" if player else ""
    return f'ended by {article} {kind}{who} ("{ruling.get("reason")}"), ruled by {ruling.get("actor")}'


def seed_commitment(seed_hex: str) -> str:
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()


@dataclass(frozen=True)
class Recorded:
    """A rules event as it was recorded: its stream version, the event, and its data as encoded for the record
    (the answer reuses it where nothing is hidden from the caller: each event is encoded once)."""

    version: int
    name: str
    event: Any
    seat: int | None
    at_ms: int = 0  # the server time the command was decided at (the rules' clock)
    data: dict[str, Any] | None = None


@dataclass(frozen=True)
class _Deciding:
    """An event Game.execute is recording, for EventRecorded.apply: the decided object (no decode) and the
    state the rules' Writer reached with it (no second evolve; None: the rules gave no states)."""

    version: int
    event: Any
    state_after: Any


class Game(takebacks.TakebackMoves, Aggregate):
    """A game of any rules: header fields from creation, the rules state rebuilt by evolve."""

    _deciding: _Deciding | None = None  # set by execute for the event being recorded, else None
    takeback: dict[str, Any] | None = None  # the open take-back offer (see __init__)
    points: takebacks.Points | None = None

    class Created(Aggregate.Created):
        rules_name: str
        rules_version: int
        rng_version: int
        players: list[str]
        options: dict[str, Any]
        seed_hex: str  # server-side only; the public record carries seed_commitment until the end
        seed_commitment: str
        seed_source: str  # "server" (secret) or "client" (chosen by whoever created the game)
        token_hashes: list[str]
        # Stable player identity per seat (ratings and standings follow it); None: each seat's name is its id.
        # Stored games from before this field read it as None through the class default.
        player_ids: list[str] | None = None
        # The chain format (chain.py); None: format 1, every game created before format 2.
        chain_format: int | None = None
        # Format 2: the creator's public part of the seed (after the server's 32 secret bytes), if any.
        client_seed_hex: str | None = None
        # Seats the server plays: seat (as text) -> {"level", "think_ms", "budget"}; public, in the header's hash.
        bots: dict[str, dict[str, Any]] | None = None
        # A time control, public and in the header's hash (clocks.py): "move_ms" and/or "budget_ms" +
        # "increment_ms", and "on_timeout": "move"|"forfeit".
        time_control: dict[str, Any] | None = None
        # The table's settings that differ from the defaults (table.py), public and in the header's hash:
        # "spectators", "delay_moves", "delay_s", "takebacks", "rematch_of".
        table: dict[str, Any] | None = None

    class EventRecorded(Aggregate.Event):
        """Envelope: one rules event, who caused it, when, and its link in the hash chain."""

        name: str
        data: dict[str, Any]
        seat: int | None
        command: dict[str, Any] | None
        request_id: str | None
        at_ms: int
        prev_hash: str
        hash: str

        def apply(self, aggregate: Aggregate) -> None:
            game = cast(Game, aggregate)
            rules = game.rules
            live, game._deciding = game._deciding, None
            if live is not None and live.version == self.originator_version:
                event, after = live.event, live.state_after  # just decided here: no decode, no second evolve
            else:
                event, after = codec.decode(rules.event_types, self.name, self.data), None
            if game.points is not None:  # a table with take-backs: where it may go back to (takebacks.py)
                game.points.before_event(self.originator_version, self.name, self.seat, self.command,
                                         self.request_id, self.at_ms, game.state, game.clocks)  # fmt: skip
            game.takeback = None  # a recorded move cancels an open offer
            if game.clocks is not None:  # before evolve: the seats whose clocks ran until this event
                acting = rules.status(game.state).to_act if game.clocks.control.get("budget_ms") else ()
                game.clocks.record(self.at_ms, acting, self.seat, self.request_id, self.command)
            game.state = after if after is not None else rules.evolve(game.state, event)
            game.last_hash = self.hash
            game.last_at_ms = self.at_ms  # a move's deadline counts from the last thing that happened
            if self.request_id is not None:
                first, _ = game.requests.get(request_key(self.seat, self.request_id), (self.originator_version, 0))
                game.requests[request_key(self.seat, self.request_id)] = (first, self.originator_version)

    class SeedRevealed(Aggregate.Event):
        """The game is over: the seed, so anyone can check every shuffle, and the final result."""

        seed_hex: str
        scores: list[int]
        winners: list[int]
        prev_hash: str
        hash: str

        def apply(self, aggregate: Aggregate) -> None:
            game = cast(Game, aggregate)
            game.revealed = True
            game.last_hash = self.hash

    class EndedByRuling(Aggregate.Event):
        """An arbiter ended the game before the rules did: the ruling, whom it names, and the seed.

        `ruling` is its kind (forfeit, annulment, disqualification: "kind" is the link kind in the
        chain's body); `seats` are the seats of `player` (the forfeiting or disqualified player; none
        for an annulment).
        """

        ruling: str
        reason: str
        actor: str
        tournament: str | None
        player: str | None
        seats: list[int]
        at_ms: int
        seed_hex: str
        prev_hash: str
        hash: str

        def apply(self, aggregate: Aggregate) -> None:
            game = cast(Game, aggregate)
            game.ruling = ruling_of(self)
            game.revealed = True
            game.last_hash = self.hash

    class TakebackOffered(Aggregate.Event):
        """A seat offers to go back to `to_version` (takebacks.py): every other person at the table answers."""

        seat: int
        to_version: int
        at_ms: int
        prev_hash: str
        hash: str

        def apply(self, aggregate: Aggregate) -> None:
            game = cast(Game, aggregate)
            game.takeback = {"seat": self.seat, "to_version": self.to_version, "accepted": [self.seat]}
            game._linked(self.hash)

    class TakebackAnswered(Aggregate.Event):
        """A seat accepts or declines the open offer (the offering seat declining withdraws it)."""

        seat: int
        accept: bool
        at_ms: int
        prev_hash: str
        hash: str

        def apply(self, aggregate: Aggregate) -> None:
            game = cast(Game, aggregate)
            offer = game.takeback
            accepted = self.accept and offer is not None
            game.takeback = {**offer, "accepted": [*offer["accepted"], self.seat]} if accepted and offer else None
            game._linked(self.hash)

    class TakenBack(Aggregate.Event):
        """Every other person accepted: play goes on from the game as it stood at `to_version`."""

        to_version: int
        at_ms: int
        prev_hash: str
        hash: str

        def apply(self, aggregate: Aggregate) -> None:
            game = cast(Game, aggregate)
            if game.points is None:
                raise ValueError("a take-back at a table without take-backs")
            point = game.points.taken_back(self.to_version)
            game.state = point.state
            game.clocks = takebacks.restored_clocks(point, self.at_ms)
            game.last_at_ms = self.at_ms  # a move's deadline counts from the take-back
            game.takeback = None
            game._linked(self.hash)

    @staticmethod
    def create_id() -> UUID:
        """A version-4 id, or one naming the shard the game is being placed on (game_ids.placed_on)."""
        return next_game_id()

    def __init__(
        self,
        rules_name: str,
        rules_version: int,
        rng_version: int,
        players: list[str],
        options: dict[str, Any],
        seed_hex: str,
        seed_commitment: str,
        seed_source: str,
        token_hashes: list[str],
        player_ids: list[str] | None = None,
        chain_format: int | None = None,
        client_seed_hex: str | None = None,
        bots: dict[str, dict[str, Any]] | None = None,
        time_control: dict[str, Any] | None = None,
        table: dict[str, Any] | None = None,
    ) -> None:
        self.rules_name, self.rules_version, self.rng_version = rules_name, rules_version, rng_version
        self.players, self.options = players, options
        self.player_ids: list[str] = list(player_ids) if player_ids is not None else list(players)
        self._header_player_ids = player_ids  # as created: a game made without ids hashes without them
        self.seed_hex, self.seed_commitment, self.seed_source = seed_hex, seed_commitment, seed_source
        self.token_hashes = token_hashes
        self.state = self.rules.initial_state(len(players), options)
        self.requests: dict[str, tuple[int, int]] = {}  # request key -> (first, last) version recorded
        self.revealed = False
        self.ruling: dict[str, Any] | None = None  # set when an arbiter ended the game (EndedByRuling)
        self.chain_format = chain_format or chain.FORMAT_1
        self.client_seed_hex = client_seed_hex
        self.bots: dict[str, dict[str, Any]] = dict(bots or {})
        self._header_bots = bots
        self.time_control = time_control
        self.table: dict[str, Any] = dict(table or {})
        self._header_table = table
        self.clocks = clocks.SeatClocks.start(time_control, len(players))
        # Take-backs (takebacks.py): the open offer, and where the game may go back to (tables that allow them).
        self.takeback: dict[str, Any] | None = None
        allowed = game_table.of(table)["takebacks"]
        self.points = takebacks.Points(takebacks.safe_events(self.rules)) if allowed else None
        self.last_at_ms = 0
        self.last_hash = self.header().hash()

    def header(self) -> chain.Header:
        return chain.Header(
            self.id,
            self.rules_name,
            self.rules_version,
            self.rng_version,
            self.players,
            self.options,
            self.seed_commitment,
            self.seed_source,
            self._header_player_ids,
            self.chain_format,
            self.client_seed_hex,
            self._header_bots,
            self.time_control,
            self._header_table,
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """Repository hands out copies of cached games: the rules state is immutable, so share it."""
        clone = copy(self)
        clone.requests = dict(self.requests)
        if self.clocks is not None:
            clone.clocks = replace(self.clocks, left_ms=list(self.clocks.left_ms))
        if self.points is not None:
            clone.points = self.points.copy()
        clone._pending_events = []
        return clone

    @property
    def rules(self) -> AnyRules:
        return rules_for(self.rules_name, self.rules_version)  # never stored: the state stays plain data

    @property
    def seats(self) -> int:
        return len(self.players)

    def status(self) -> Status:
        """The rules' status, or, once an arbiter ended the game, finished with nobody to act.

        Worked out once per state: the rules' state is immutable and replaced by every event, so the status
        of the state in hand is remembered beside it (a command asked it three or four times before)."""
        if self.ruling is not None:
            return Status(RULED_PHASE, (), True)
        known: tuple[Any, Status] | None = getattr(self, "_status_of", None)
        if known is not None and known[0] is self.state:
            return known[1]
        found: Status = self.rules.status(self.state)
        self._status_of = (self.state, found)
        return found

    def is_finished(self) -> bool:
        """Over, by the rules or by a ruling."""
        return self.ruling is not None or bool(self.status().finished)

    @property
    def closed(self) -> bool:
        """Its record is closed (SeedRevealed or EndedByRuling): finished, known without asking the rules."""
        return self.revealed or self.ruling is not None

    def outcome(self) -> Outcome | None:
        """Why the game ended and who placed where: the rules' own account, or the arbiter's ruling."""
        if self.ruling is None:
            return self.rules.outcome(self.state)
        ruled = set(self.ruling.get("seats") or ())
        if self.ruling.get("kind") == "annulment" or not ruled:
            return Outcome(f"the game was {describe_ruling(self.ruling)}; it counts for nothing", (1,) * self.seats)
        last = self.seats - len(ruled) + 1  # the ruled player's seats come last, everyone else shares first
        placements = tuple(last if s in ruled else 1 for s in range(self.seats))
        return Outcome(f"the game was {describe_ruling(self.ruling)}", placements)

    def result(self) -> tuple[list[int], list[int]] | None:
        """(final scores, winners) once the rules finished the game; None in play or when a ruling ended it."""
        if self.ruling is not None or not self.rules.status(self.state).finished:
            return None
        return list(self.rules.scores(self.state)), list(self.rules.winners(self.state))

    def deadline_ms(self, seat: int | None = None) -> int | None:
        """When `seat` (by default: the first of the seats to act) runs out of time, or None: no clock, or
        the game is over, or (a chess clock only) nobody is to act."""
        if self.clocks is None or self.is_finished():
            return None
        acting = [seat] if seat is not None else self.rules.status(self.state).to_act
        if not acting:
            move_ms = self.clocks.control.get("move_ms")
            return self.clocks.at_ms + int(move_ms) if move_ms else None
        return min(self.clocks.deadline_ms(s) for s in acting)

    def legal_commands(self, seat: int | None) -> list[Any]:
        return [] if self.ruling is not None else list(self.rules.legal_commands(self.state, seat))

    def deal(self, now_ms: int) -> list[Recorded]:
        """Record the rules' setup events (shuffles and deals), decided at version 1."""
        events = self.rules.setup(self.options, self.seats, self._rng())
        return [self._record(e, seat=None, command=None, request_id=None, at_ms=now_ms) for e in events]

    def execute(
        self,
        seat: int | None,
        command: Any,
        request_id: str | None,
        now_ms: int,
        bot: dict[str, Any] | None = None,
        encoded: tuple[str, dict[str, Any]] | None = None,
    ) -> list[Recorded]:
        """Ask the rules to decide (may raise IllegalCommand), then record what they decided.

        `bot` tags a move the server's bot made for `seat` (its level and policy version): the record shows
        who played it, and replay re-derives it. `encoded`: the command as codec.encode gave it already.
        """
        if self.ruling is not None:
            raise GameRuled(self.ruling)
        decided = self.rules.decide(self.state, seat, command, self._rng(), now_ms)
        name, args = encoded or codec.encode(command)
        recorded_command: dict[str, Any] = {"name": name, "args": args}
        if bot is not None:
            recorded_command["bot"] = bot
        states = decided.states_after() if isinstance(decided, Decided) else None
        recorded = []
        try:
            for i, e in enumerate(decided):
                # EventRecorded.apply takes the event and the state the decider's writer reached with it
                self._deciding = _Deciding(self.version + 1, e, states[i] if states else None)
                recorded.append(self._record(e, seat, recorded_command, request_id, now_ms))
        finally:
            self._deciding = None
        if decided and self.is_finished() and not self.revealed:
            self._reveal_seed()
        return recorded

    def _rng(self) -> Rng:
        # The stream version *before* this decision: re-running it at that version draws the same.
        return rng_for(self.rng_version, bytes.fromhex(self.seed_hex), self.version)

    def _record(
        self, event: Any, seat: int | None, command: dict[str, Any] | None, request_id: str | None, at_ms: int
    ) -> Recorded:
        name, data = codec.encode(event)
        fields: dict[str, Any] = {
            "name": name,
            "data": data,
            "seat": seat,
            "command": command,
            "request_id": request_id,
            "at_ms": at_ms,
        }
        self._chain(self.EventRecorded, fields)
        return Recorded(self.version, name, event, seat, at_ms, data)

    def _reveal_seed(self) -> None:
        rules = self.rules
        fields: dict[str, Any] = {
            "seed_hex": self.seed_hex,
            "scores": list(rules.scores(self.state)),
            "winners": list(rules.winners(self.state)),
        }
        self._chain(self.SeedRevealed, fields)

    def end_by_ruling(
        self, kind: str, reason: str, actor: str, at_ms: int, tournament: str | None = None, player: str | None = None
    ) -> None:
        """Record an arbiter's ruling that ends the game now, revealing the seed (see the module docstring)."""
        if kind not in ENDING_RULINGS:
            raise ValueError(f"a {kind} ruling does not end a game; the rulings that do are {list(ENDING_RULINGS)}")
        if self.is_finished():
            raise IllegalCommand("the game is over already: a ruling can no longer end it", "GAME_OVER")
        fields: dict[str, Any] = {
            "ruling": kind,
            "reason": reason,
            "actor": actor,
            "tournament": tournament,
            "player": player,
            "seats": [s for s, p in enumerate(self.player_ids) if player is not None and p == player],
            "at_ms": at_ms,
            "seed_hex": self.seed_hex,
        }
        self._chain(self.EndedByRuling, fields)

    def _chain(self, event_class: type[Any], fields: dict[str, Any]) -> None:
        """Trigger an event linked to the one before it: its hash covers its version, kind and fields."""
        link = self.links().link(self.version + 1, event_class.__name__, fields, self.last_hash)
        self.trigger_event(event_class, **fields, prev_hash=self.last_hash, hash=link)

    def links(self) -> chain.Chain:
        return chain.Chain(self.chain_format, bytes.fromhex(self.seed_hex))


def ruling_of(event: Game.EndedByRuling) -> dict[str, Any]:
    """What a game shows of the ruling that ended it."""
    return {
        "kind": event.ruling,
        "reason": event.reason,
        "actor": event.actor,
        "tournament": event.tournament,
        "player": event.player,
        "seats": list(event.seats),
        "at_ms": event.at_ms,
    }


def topic_of(event_class: type) -> str:
    """The topic the store files an event class under (what a reader of the notification log selects by)."""
    return get_topic(event_class)


def request_key(seat: int | None, request_id: str) -> str:
    """Request ids are unique per caller: the same id from two seats is two requests."""
    return f"{'auto' if seat is None else seat}:{request_id}"
