"""The commands a game refused, kept beside the game (never in its chain), so a dispute can be settled.

A player who says "my move didn't register" holds a signed receipt for every answer; a refused
command's receipt is matched by an entry here. The game's own stream stays the rules' record (the
chain and replay are unchanged); each game's refusals are one aggregate with an id derived from the
game's, so no index is needed to find them.
"""

from __future__ import annotations

from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate


def attempts_id(game_id: UUID) -> UUID:
    return uuid5(NAMESPACE_URL, f"playledger:attempts:{game_id}")


class Attempts(Aggregate):
    """The refused commands of one game, in the order they were refused."""

    class Started(Aggregate.Created):
        game: str

    class Refused(Aggregate.Event):
        request_id: str | None
        seat: int | None
        command: dict[str, Any]  # {"name", "args"} as the chain would hold it, or {"command_type", "args"} as sent
        command_sha256: str
        code: str  # the gRPC status code's name
        reason: str  # the ErrorInfo reason
        message: str
        at_ms: int
        game_version: int  # the game's version when it was refused

        def apply(self, aggregate: Aggregate) -> None:
            pass  # an append-only log: nothing to fold

    @staticmethod
    def create_id(game: str) -> UUID:
        return attempts_id(UUID(game))

    def __init__(self, game: str) -> None:
        self.game = game

    def refuse(self, **fields: Any) -> None:
        self.trigger_event(self.Refused, **fields)


def entry(event: Attempts.Refused) -> dict[str, Any]:
    """One refusal as a JSON-native record line."""
    return {
        "version": event.originator_version,
        "request_id": event.request_id,
        "seat": event.seat,
        "command": event.command,
        "command_sha256": event.command_sha256,
        "code": event.code,
        "reason": event.reason,
        "message": event.message,
        "at_ms": event.at_ms,
        "game_version": event.game_version,
    }
