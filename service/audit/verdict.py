"""What an audit finds: a Verdict per game, its Findings, and events described in words."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from service.ledger.game import Game


@dataclass(frozen=True)
class Finding:
    version: int
    message: str


# What a verdict covers: "full" re-decided every command; "chain" checked only the hash links
# (a partial record: no seed, redacted events).
FULL, CHAIN = "full", "chain"


@dataclass
class Verdict:
    game_id: UUID
    events: int = 0
    final_hash: str = ""
    rules: str = ""
    rules_version: int = 0
    finished: bool = False
    scores: list[int] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    rng_version: int = 0
    players: list[str] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    seed_commitment: str = ""
    scope: str = FULL
    # The read model's (the projection's) view of the result: see replay.projection.
    projection: str = "not checked"
    projected_scores: list[int] | None = None
    player_ids: list[str] = field(default_factory=list)
    # The arbiter's ruling that ended the game (EndedByRuling), if one did: then no scores, no winners.
    ruling: dict[str, Any] | None = None

    @property
    def ok(self) -> bool:
        return not self.findings

    def to_json(self) -> dict[str, Any]:
        return {
            "game": f"games/{self.game_id}",
            "ok": self.ok,
            "scope": self.scope,
            "rules": self.rules,
            "rules_version": self.rules_version,
            "rng_version": self.rng_version,
            "players": self.players,
            "events": self.events,
            "finished": self.finished,
            "final_hash": self.final_hash,
            "scores": self.scores,
            "winners": self.winners,
            "seed_commitment": self.seed_commitment,
            "ruling": self.ruling,
            "projection": self.projection,
            "findings": [{"version": f.version, "message": f.message} for f in self.findings],
        }


def describe(event: Any) -> str:
    """An event in words: `PlayCards by seat 1 (command PlayCards, request 'r4')`."""
    if isinstance(event, Game.SeedRevealed):
        return "SeedRevealed"
    if isinstance(event, Game.EndedByRuling):
        return f"EndedByRuling ({event.ruling} ruled by {event.actor})"
    if not isinstance(event, Game.EventRecorded):
        return type(event).__name__
    who = "setup" if event.command is None else "the service" if event.seat is None else f"seat {event.seat}"
    text = f"{event.name} by {who}"
    if isinstance(event.command, dict):
        text += f" (command {event.command.get('name')}, request {event.request_id!r})"
    return text


def header_int(header: dict[str, Any], key: str) -> int:
    value = header.get(key)
    return value if isinstance(value, int) else 0
