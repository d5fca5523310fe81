"""What players ask of a table besides its commands (issue 35): take-backs (takebacks.py) and play again
(rematch.py). A mixin of the Ledger: it takes the Ledger's per-game locks, reads and saves."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.persistence import IntegrityError

from service.ledger import rematch
from service.ledger.game import Game

if TYPE_CHECKING:
    from eventsourcing.application import Repository


def now_ms() -> int:
    return time.time_ns() // 1_000_000


class StaleVersion(Exception):
    """The game moved on since the version the caller expected (-> ABORTED); its `current_version` when known."""

    def __init__(self, message: str, current_version: int | None = None) -> None:
        super().__init__(message)
        self.current_version = current_version


class RematchRefused(Exception):
    """A rematch of a game that is not over (-> FAILED_PRECONDITION)."""


@dataclass(frozen=True)
class Changed:
    """A game after a take-back offer or answer, and whether it went back."""

    game: Game
    taken_back: bool


class TableMoves:
    """Take-backs and rematches, on the Ledger's locks, reads and saves."""

    if TYPE_CHECKING:
        _locks: Sequence[threading.Lock]

        @property
        def repository(self) -> Repository[UUID]: ...
        def get_game(self, game_id: UUID) -> Game: ...
        def _for_command(self, game_id: UUID, fresh: bool) -> Game: ...
        def save(self, *objs: Any, **kwargs: Any) -> list[Any]: ...
        def new_game(self, *args: Any, **kwargs: Any) -> Any: ...

    # --- take-backs (takebacks.py) ---------------------------------------------------------------
    def offer_takeback(self, game_id: UUID, seat: int, to_version: int, clock: Callable[[], int] = now_ms) -> Changed:
        """Record `seat`'s offer to go back to `to_version` (Game.offer_takeback says when it may not)."""
        return self._change(game_id, lambda game: game.offer_takeback(seat, to_version, clock()))

    def answer_takeback(self, game_id: UUID, seat: int, accept: bool, clock: Callable[[], int] = now_ms) -> Changed:
        """Record `seat`'s answer to the open offer; the game goes back when it is the last acceptance."""
        return self._change(game_id, lambda game: game.answer_takeback(seat, accept, clock()))

    def _change(self, game_id: UUID, act: Callable[[Game], bool], attempts: int = 5) -> Changed:
        """Save what `act` records on the game, in one transaction; decided again on a fresh read when another
        process moved the game first (as a command is)."""
        with self._locks[hash(game_id) % len(self._locks)]:
            fresh = False
            for _ in range(attempts):
                game = self._for_command(game_id, fresh)
                done = act(game)
                try:
                    self.save(game)
                except IntegrityError:
                    fresh = True
                    continue
                return Changed(game, done)
        raise StaleVersion(f"the game kept changing; gave up after {attempts} attempts")

    # --- play again ------------------------------------------------------------------------------
    def rematch(self, game_id: UUID, clock: Callable[[], int] = now_ms) -> tuple[Game, bool]:
        """The finished game's rematch, made on the first ask (one per game: later asks get the same one), and
        whether this ask made it.

        Same rules, options, players, bots, time control and table, and a new seed; every seat keeps its token
        (the hashes carry over), so a player goes on with the token it holds. Saved with its link in one
        transaction; a concurrent ask that loses the race on the link returns the winner's rematch.
        """
        with self._locks[hash(game_id) % len(self._locks)]:
            for _ in range(3):
                found = self.rematched_as(game_id)
                if found is not None:
                    return self.get_game(found), False
                old = self.get_game(game_id)
                if not old.is_finished():
                    raise RematchRefused("a rematch is for a finished game: finish this one first")
                table = {**old.table, "rematch_of": f"games/{game_id}"}
                created = self.new_game(
                    old.rules_name,
                    old.players,
                    old.options,
                    clock=clock,
                    player_ids=old.player_ids,
                    bots={int(s): spec for s, spec in old.bots.items()},
                    time_control=old.time_control,
                    table=table,
                    token_hashes=old.token_hashes,
                )
                link = rematch.RematchLink(str(game_id), f"games/{created.game_id}")
                try:
                    self.save(created.game, link)
                    return created.game, True
                except IntegrityError:
                    continue  # another process asked at the same moment: its rematch stands
        raise StaleVersion("the rematch kept being made elsewhere; ask again")

    def rematched_as(self, game_id: UUID) -> UUID | None:
        """The rematch of a game, if one was made."""
        try:
            link: rematch.RematchLink = self.repository.get(rematch.link_id(game_id))
        except AggregateNotFoundError:
            return None
        return UUID(link.rematch.removeprefix("games/"))
