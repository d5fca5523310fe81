"""Automatic commands of real-time games: submitted by the service when a game's timer falls due.

A rules package exposes the instant in `status(state).wake_at_ms` and the
command in `legal_commands(state, None)`. After every save the ledger tells
the scheduler which game changed; one thread keeps a heap of (due time, game)
and, when one is due, re-reads the game and submits the command with seat
None, stamped with the server's time like any other command. Its request id
is "auto@<version>", so two server processes sharing a store never record the
same timeout twice: the second finds the id already recorded.
"""

from __future__ import annotations

import heapq
import logging
from collections.abc import Callable
from uuid import UUID

from service.ledger.app import Ledger, StaleVersion, now_ms
from service.ledger.cached import GameNotFound
from service.ledger.store import log_failure, store_trouble
from service.rules.core import IllegalCommand
from service.runtime.timers import TimerLoop

log = logging.getLogger(__name__)
RETRY_MS = 500  # a due timer whose game could not be read (the store is down) is tried again after this


class Scheduler(TimerLoop[tuple[int, UUID]]):  # (due ms, game)
    def __init__(self, ledger: Ledger, clock: Callable[[], int] = now_ms) -> None:
        super().__init__(ledger, clock, "scheduler")
        self.submitted = 0

    def _handle(self, changed: set[UUID], due: list[tuple[int, UUID]]) -> None:
        for game_id in changed | {g for _, g in due}:
            try:
                self._check(game_id)
            except Exception as exc:  # a timer must never kill the scheduler
                log_failure(log, exc, "automatic command for games/%s failed", game_id)
                if store_trouble(exc) in ("down", "busy"):  # an outage or a failover: the timer is still due
                    with self._cv:
                        heapq.heappush(self._due, (self._clock() + RETRY_MS, game_id))

    def _check(self, game_id: UUID) -> None:
        if self._ledger.known_finished(game_id):
            return  # it finished here: nothing to schedule, and no read of the whole game
        cached = self._ledger.peek(game_id)  # after a save here the cache holds the newest version
        if cached is not None:
            seen = cached.status()  # a game an arbiter ended is finished: never scheduled
            if seen.finished or seen.wake_at_ms is None:
                return  # most saves: a turn-based game, nothing to schedule, no store read
        try:
            game = self._ledger.get_game(game_id)
        except GameNotFound:
            return
        status = game.status()
        if status.finished or status.wake_at_ms is None:
            return
        if status.wake_at_ms > self._clock():
            with self._cv:
                heapq.heappush(self._due, (status.wake_at_ms, game_id))
            return
        commands = game.legal_commands(None)
        if not commands:
            return
        try:
            self._ledger.submit(game_id, None, commands[0], f"auto@{game.version}")
            self.submitted += 1
        except (IllegalCommand, StaleVersion) as exc:
            log.debug("automatic command for games/%s not taken: %s", game_id, exc)
            with self._cv:  # look again shortly: a player's command may have moved the deadline
                heapq.heappush(self._due, (self._clock() + 50, game_id))
