"""The loop the scheduler and the bot runner share: one thread that wakes when a game is saved or a timer falls due.

After every save the ledger names the game that changed (`_on_saved`); timers are heap entries whose first
item is the instant (ms) they fall due. Each round the thread takes the games changed since the last one
and the entries now due, and hands them to `_handle` outside the lock, so a save never waits on it.
"""

from __future__ import annotations

import heapq
import threading
from collections.abc import Callable
from typing import Any, Generic, TypeVar
from uuid import UUID

from service.ledger.app import Ledger

IDLE_RECHECK_S = 5.0  # another process may have changed a game: look again this often anyway

T = TypeVar("T", bound=tuple[Any, ...])  # a heap entry: (due ms, ...)


class TimerLoop(Generic[T]):
    def __init__(self, ledger: Ledger, clock: Callable[[], int], name: str) -> None:
        self._ledger = ledger
        self._clock = clock
        self._due: list[T] = []
        self._changed: set[UUID] = set()
        self._cv = threading.Condition()
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
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

    def _push(self, entry: T) -> None:
        with self._cv:
            heapq.heappush(self._due, entry)

    def _handle(self, changed: set[UUID], due: list[T]) -> None:
        """One round's work: the games saved since the last round, and the timers now due (earliest first)."""
        raise NotImplementedError

    def _on_saved(self, game_id: UUID, version: int) -> None:
        with self._cv:
            self._changed.add(game_id)
            self._cv.notify()

    def _is_due(self) -> bool:
        return bool(self._due) and self._due[0][0] <= self._clock()

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
                    due.append(heapq.heappop(self._due))
            self._handle(changed, due)
