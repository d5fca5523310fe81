"""Play again (issue 35): a finished game's rematch, with the same rules, options, players, bots, clock and table,
and a new seed. At most one per finished game: a link aggregate keyed by the old game's id records the new
one, so every seat that asks gets the same rematch (and two asking at once race on the link, not on games).

The new game's header names the old (`table.rematch_of`, in its hash); the link names the new, so reading
the old game shows where play went on. Every seat keeps its token: the rematch carries the old token hashes
over, so a player plays on with the token it already holds and the server still keeps only hashes. (Tokens
made afresh would need the server to keep them, or a key that outlives rotation, to hand them out later.)
"""

from __future__ import annotations

from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.domain import Aggregate


def link_id(game_id: UUID) -> UUID:
    return uuid5(NAMESPACE_URL, f"playledger:rematch:{game_id}")


class RematchLink(Aggregate):
    """The rematch of one finished game."""

    class Started(Aggregate.Created):
        game: str  # the finished game
        rematch: str  # games/{id} of its rematch

    @staticmethod
    def create_id(game: str, rematch: str) -> UUID:
        return link_id(UUID(game))

    def __init__(self, game: str, rematch: str) -> None:
        self.game, self.rematch = game, rematch
