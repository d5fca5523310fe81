"""What this process's cache of games may answer, and when it must read the store instead.

Saved games are cached (a command decides on the cached copy; Ledger._record puts each saved version).
Another process sharing the store may record past a cached copy: the store follower (follow.py) reports
every commit, and `recorded_elsewhere` marks such a copy so that it is never handed out again before
it is re-read. Reads (`read_game`) take the cached copy itself only while the cache is trusted: the
composition root trusts it when every write goes through this process (one server on SQLite). Sharing a
PostgreSQL store, a read still checks the store for newer events (the repository's fast-forward): a
notification takes milliseconds, and a client that submitted through one process and reads through
another must see its own command (tests/integration/test_processes.py).
"""

from __future__ import annotations

import contextlib
import threading
from collections import OrderedDict
from collections.abc import Callable, Iterable
from copy import deepcopy
from typing import TYPE_CHECKING, Any
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, LRUCache, project_aggregate

from service.ledger.game import Game

if TYPE_CHECKING:
    from eventsourcing.application import Repository

MAX_NEWER = 10_000  # marks of games changed elsewhere before those no longer cached are dropped
FINISHED_KEPT = 10_000  # ids of games seen to finish here, remembered (a finished game leaves the cache)


class GameNotFound(LookupError):
    """No game with that id (-> NOT_FOUND)."""


class CachedGames:
    """The Ledger's reads of games (a mixin: it needs the application's repository and listeners)."""

    if TYPE_CHECKING:
        _listeners: list[Callable[[UUID, int], None]]

        @property
        def repository(self) -> Repository[UUID]: ...

    def _start_cache_marks(self) -> None:
        # Games another process recorded past our cached copy (the store follower says so): game -> newest
        # version notified. A cached copy older than that is never used, so a read or a command after the
        # notification never starts from a stale copy; one decided before it loses on the version (retried).
        self._newer: dict[UUID, int] = {}
        self._newer_lock = threading.Lock()
        # Whether a cached game may answer a read without a store read (read_game). Only the composition
        # root can know that every write goes through this process (one server on SQLite).
        self.cache_trusted = False
        # Games this process saw closed: they never move again, so the clocks and bots need not read a whole
        # finished game back from the store (it left the cache) to learn that it is over.
        self._finished: OrderedDict[UUID, None] = OrderedDict()

    def get_game(self, game_id: UUID) -> Game:
        try:
            game: Game = self.repository.get(game_id, projector_func=_onto_a_copy)
        except AggregateNotFoundError:
            raise GameNotFound(f"there is no game {game_id}") from None
        if not isinstance(game, Game):  # the same store also holds tournaments
            raise GameNotFound(f"there is no game {game_id}")
        cache = self.repository.cache
        cached = self._cached(game_id)
        if game.closed:
            self.saw_finished(game_id)
        if cache is not None and game.closed:
            evict(cache, game_id)  # the repository cached what it read: a finished game is not kept (_record)
        elif cache is not None and cached is not None and cached.version < game.version:
            cache.put(game_id, deepcopy(game))  # events another process recorded: keep what we just applied
        self._caught_up(game_id, game.version)
        return game

    def read_game(self, game_id: UUID) -> Game:
        """A game to read, never to change: the cached copy when the cache is trusted (no store read and no
        copy: the reads of a game in play, GetGame and ListLegalCommands, cost a round trip each before), else
        get_game."""
        if self.cache_trusted:
            found = self.peek(game_id)
            if found is not None:
                return found
        return self.get_game(game_id)

    def trust_cache(self, trusted: bool) -> None:
        """Turn cached reads on or off. Turning them on forgets every cached game first: while they were off,
        other processes may have written what nobody told this one."""
        cache = self.repository.cache
        if trusted and not self.cache_trusted and isinstance(cache, LRUCache):
            with self._newer_lock:  # a new cache: the library's LRUCache.clear() keeps the entries
                self.repository.cache = LRUCache(maxsize=cache.maxsize)
                self._newer.clear()
        self.cache_trusted = trusted

    def saw_finished(self, game_id: UUID) -> None:
        self._finished[game_id] = None
        while len(self._finished) > FINISHED_KEPT:
            self._finished.popitem(last=False)

    def known_finished(self, game_id: UUID) -> bool:
        """Whether this process saw the game closed (a finished game never moves again); False if unsure."""
        return game_id in self._finished

    def peek(self, game_id: UUID) -> Game | None:
        """The cached game as this process last saw it, without a store read; None if not cached, or if
        another process is known to have recorded past it (then read it: get_game).

        Read only: it is the cache's own object, not a copy.
        """
        found = self._cached(game_id)
        if found is None or found.version < self._newer.get(game_id, 0):
            return None
        return found

    def _cached(self, game_id: UUID) -> Game | None:
        cache = self.repository.cache
        if cache is None:
            return None
        try:
            found = cache.get(game_id)
        except KeyError:
            return None
        return found if isinstance(found, Game) else None

    def recorded_elsewhere(self, game_id: UUID, version: int) -> bool:
        """The store follower saw `version` of a game committed (by any process): True when it is news here.

        News means this process's cached copy, if any, is older: it is not used again until re-read, and
        the listeners hear of the change (the scheduler and bots of the process that runs them).
        """
        cached = self._cached(game_id)
        if cached is not None and cached.version >= version:
            return False  # our own save, or one we read already
        if cached is not None:
            with self._newer_lock:
                if len(self._newer) >= MAX_NEWER:  # games since evicted from the cache need no mark
                    self._newer = {g: v for g, v in self._newer.items() if self._cached(g) is not None}
                self._newer[game_id] = max(version, self._newer.get(game_id, 0))
        for listener in list(self._listeners):
            listener(game_id, version)
        return True

    def _caught_up(self, game_id: UUID, version: int) -> None:
        if game_id in self._newer:
            with self._newer_lock:
                if self._newer.get(game_id, 0) <= version:
                    self._newer.pop(game_id, None)


def evict(cache: Any, game_id: UUID) -> None:
    """Drop a game from the repository's cache, if it is there."""
    with contextlib.suppress(KeyError):
        cache.get(game_id, evict=True)


def _onto_a_copy(aggregate: Any, events: Iterable[Any]) -> Any:
    """The repository's projector, except that newer events are applied to a copy of a cached game.

    The library fast-forwards a cached aggregate in place; a command copying that same object at that
    moment (Ledger._for_command) could see a version bumped before its event applied. Cached games are
    never changed after they are put in the cache: new versions replace them whole.
    """
    events = list(events)
    if not events:
        return aggregate
    return project_aggregate(deepcopy(aggregate) if aggregate is not None else None, events)
