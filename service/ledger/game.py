"""One event-sourced aggregate for every game; the rules package does the thinking.

The stream of a game is: Created (header: rules, versions, seats, options, the
seed and its public commitment), then one EventRecorded envelope per rules
event, then SeedRevealed once the game is over. Each envelope and the reveal
carry prev_hash and hash: hash = sha256(canonical JSON of the body incl.
prev_hash), and the first prev_hash is the header's own hash, so altering,
dropping, inserting or reordering anything breaks the chain.
"""

from __future__ import annotations

import hashlib
from copy import copy
from dataclasses import dataclass
from typing import Any, cast
from uuid import UUID

from eventsourcing.domain import Aggregate

from service.ledger import codec
from service.rules.catalog import rules_for
from service.rules.core import Rng, Rules, rng_for


def seed_commitment(seed_hex: str) -> str:
    return hashlib.sha256(bytes.fromhex(seed_hex)).hexdigest()


def header_hash(
    game_id: UUID,
    rules_name: str,
    rules_version: int,
    rng_version: int,
    players: list[str],
    options: dict[str, Any],
    commitment: str,
    seed_source: str,
    player_ids: list[str] | None = None,
) -> str:
    """The chain's anchor: everything public that the creation fixed.

    Explicit player ids bind seats to people for ratings and standings, so they are
    covered too; a game created without them hashes exactly as before they existed.
    """
    header: dict[str, Any] = {
        "game": str(game_id),
        "rules": rules_name,
        "rules_version": rules_version,
        "rng_version": rng_version,
        "players": players,
        "options": options,
        "seed_commitment": commitment,
        "seed_source": seed_source,
        "prev_hash": codec.GENESIS,
    }
    if player_ids is not None:
        header["player_ids"] = player_ids
    return codec.chain_hash(header)


@dataclass(frozen=True)
class Recorded:
    """A rules event as it was recorded: its stream version and the decoded event."""

    version: int
    name: str
    event: Any
    seat: int | None


class Game(Aggregate):
    """A game of any rules: header fields from creation, the rules state rebuilt by evolve."""

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
            event = codec.decode(rules.event_types, self.name, self.data)
            game.state = rules.evolve(game.state, event)
            game.last_hash = self.hash
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
    ) -> None:
        self.rules_name, self.rules_version, self.rng_version = rules_name, rules_version, rng_version
        self.players, self.options = players, options
        self.player_ids: list[str] = list(player_ids) if player_ids is not None else list(players)
        self.seed_hex, self.seed_commitment, self.seed_source = seed_hex, seed_commitment, seed_source
        self.token_hashes = token_hashes
        self.state = self.rules.initial_state(len(players), options)
        self.requests: dict[str, tuple[int, int]] = {}  # request key -> (first, last) version recorded
        self.revealed = False
        self.last_hash = header_hash(
            self.id, rules_name, rules_version, rng_version, players, options, seed_commitment, seed_source, player_ids
        )

    def __deepcopy__(self, memo: dict[int, Any]) -> Game:
        """Repository hands out copies of cached games: the rules state is immutable, so share it."""
        clone = copy(self)
        clone.requests = dict(self.requests)
        clone._pending_events = []
        return clone

    @property
    def rules(self) -> Rules:
        return rules_for(self.rules_name, self.rules_version)  # never stored: the state stays plain data

    @property
    def seats(self) -> int:
        return len(self.players)

    def is_finished(self) -> bool:
        return bool(self.rules.status(self.state).finished)

    def deal(self, now_ms: int) -> list[Recorded]:
        """Record the rules' setup events (shuffles and deals), decided at version 1."""
        events = self.rules.setup(self.options, self.seats, self._rng())
        return [self._record(e, seat=None, command=None, request_id=None, at_ms=now_ms) for e in events]

    def execute(self, seat: int | None, command: Any, request_id: str | None, now_ms: int) -> list[Recorded]:
        """Ask the rules to decide (may raise IllegalCommand), then record what they decided."""
        decided = self.rules.decide(self.state, seat, command, self._rng(), now_ms)
        name, args = codec.encode(command)
        recorded = [
            self._record(e, seat=seat, command={"name": name, "args": args}, request_id=request_id, at_ms=now_ms)
            for e in decided
        ]
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
        return Recorded(self.version, name, event, seat)

    def _reveal_seed(self) -> None:
        rules = self.rules
        fields: dict[str, Any] = {
            "seed_hex": self.seed_hex,
            "scores": list(rules.scores(self.state)),
            "winners": list(rules.winners(self.state)),
        }
        self._chain(self.SeedRevealed, fields)

    def _chain(self, event_class: type[Any], fields: dict[str, Any]) -> None:
        """Trigger an event linked to the one before it: its hash covers its version, kind and fields."""
        body = chain_body(self.version + 1, event_class.__name__, fields, self.last_hash)
        self.trigger_event(event_class, **fields, prev_hash=self.last_hash, hash=codec.chain_hash(body))


def chain_body(version: int, kind: str, fields: dict[str, Any], prev_hash: str) -> dict[str, Any]:
    """What a link's hash covers. Verification rebuilds it from the stored event (stored_body)."""
    return {"version": version, "kind": kind, **fields, "prev_hash": prev_hash}


def stored_body(event: Game.EventRecorded | Game.SeedRevealed) -> dict[str, Any]:
    fields: dict[str, Any]
    if isinstance(event, Game.EventRecorded):
        fields = {
            "name": event.name,
            "data": event.data,
            "seat": event.seat,
            "command": event.command,
            "request_id": event.request_id,
            "at_ms": event.at_ms,
        }
    else:
        fields = {"seed_hex": event.seed_hex, "scores": event.scores, "winners": event.winners}
    return chain_body(event.originator_version, type(event).__name__, fields, event.prev_hash)


def request_key(seat: int | None, request_id: str) -> str:
    """Request ids are unique per caller: the same id from two seats is two requests."""
    return f"{'auto' if seat is None else seat}:{request_id}"
