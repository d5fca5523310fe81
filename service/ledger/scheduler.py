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
import threading
from collections.abc import Callable
from uuid import UUID

from service.ledger.app import GameNotFound, Ledger, StaleVersion, now_ms
from service.rules.core import IllegalCommand

log = logging.getLogger(__name__)
IDLE_RECHECK_S = 5.0  # wake up this often anyway: another process may have changed a game


class Scheduler:
    def __init__(self, ledger: Ledger, clock: Callable[[], int] = now_ms) -> None:
        self._ledger = ledger
        self._clock = clock
        self._due: list[tuple[int, UUID]] = []
        self._changed: set[UUID] = set()
        self._cv = threading.Condition()
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name="scheduler", daemon=True)
        self.submitted = 0
        ledger.add_listener(self._on_saved)

    def start(self, scan_existing: bool = True) -> None:
        if scan_existing:
            with self._cv:
                self._changed.update(self._ledger.unfinished_game_ids())
        self._thread.start()

    def stop(self) -> None:
        with self._cv:
            self._stopped = True
            self._cv.notify_all()
        if self._thread.is_alive():
            self._thread.join(timeout=5)

    def _on_saved(self, game_id: UUID, version: int) -> None:
        with self._cv:
            self._changed.add(game_id)
            self._cv.notify()

    def _run(self) -> None:
        while True:
            with self._cv:
                while not self._stopped and not self._changed and not self._is_due():
                    wait = IDLE_RECHECK_S if not self._due else max(0.0, (self._due[0][0] - self._clock()) / 1000)
                    self._cv.wait(min(wait, IDLE_RECHECK_S))
                if self._stopped:
                    return
                changed, self._changed = self._changed, set()
                due = []
                now = self._clock()
                while self._due and self._due[0][0] <= now:
                    due.append(heapq.heappop(self._due)[1])
            for game_id in changed | set(due):
                try:
                    self._check(game_id)
                except Exception:  # a timer must never kill the scheduler
                    log.exception("automatic command for games/%s failed", game_id)

    def _is_due(self) -> bool:
        return bool(self._due) and self._due[0][0] <= self._clock()

    def _check(self, game_id: UUID) -> None:
        cached = self._ledger.peek(game_id)  # after a save here the cache holds the newest version
        if cached is not None:
            seen = cached.rules.status(cached.state)
            if seen.finished or seen.wake_at_ms is None:
                return  # most saves: a turn-based game, nothing to schedule, no store read
        try:
            game = self._ledger.get_game(game_id)
        except GameNotFound:
            return
        status = game.rules.status(game.state)
        if status.finished or status.wake_at_ms is None:
            return
        if status.wake_at_ms > self._clock():
            with self._cv:
                heapq.heappush(self._due, (status.wake_at_ms, game_id))
            return
        commands = game.rules.legal_commands(game.state, None)
        if not commands:
            return
        try:
            self._ledger.submit(game_id, None, commands[0], f"auto@{game.version}")
            self.submitted += 1
        except (IllegalCommand, StaleVersion) as exc:
            log.debug("automatic command for games/%s not taken: %s", game_id, exc)
            with self._cv:  # look again shortly: a player's command may have moved the deadline
                heapq.heappush(self._due, (self._clock() + 50, game_id))
