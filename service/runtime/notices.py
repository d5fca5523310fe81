"""Your-turn webhooks at work (issue 35): when a seat with a webhook becomes to act in a game with a clock of a
minute or more, its client app is POSTed the seat's own view, signed with the webhook's secret.

Runs beside the scheduler and the bots, in the one process per store that runs the duties (service/duties.py),
and hears every save the same way (TimerLoop: this process's saves and, on PostgreSQL, the store follower's).
This thread folds the games that changed (turns.py) and makes one notice per (game, version the turn began,
seat); the senders (notice_senders.py) POST them, and their retries wait on this loop's timer heap. Notices live
in memory: at a restart (or when another process takes over the duties) the turns in progress are announced
again, under the same delivery ids.
"""

from __future__ import annotations

import heapq
import itertools
import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from uuid import UUID

from service.ledger import webhooks
from service.ledger.app import Ledger, now_ms
from service.ledger.game import Game
from service.ledger.store import log_failure
from service.runtime.notice_senders import DeliveryPolicy, Notice, NoticeObserver, Senders
from service.runtime.timers import TimerLoop
from service.runtime.turns import Turns, delivery_id, notice_body, start

log = logging.getLogger(__name__)
MAX_TRACKED = 10_000  # games folded in memory (least recently changed first out: re-folded when next changed)
MAX_SKIPPED = 100_000  # ids known to send nothing (no clock of a minute, over, not a game): heard and ignored
POLICY = DeliveryPolicy()  # the server's; tests put one with millisecond backoffs here


class Notices(TimerLoop[tuple[int, int, Notice]]):  # retries: (due ms, sequence, notice)
    def __init__(
        self,
        ledger: Ledger,
        policy: DeliveryPolicy | None = None,
        observer: NoticeObserver | None = None,
        clock: Callable[[], int] = now_ms,
    ) -> None:
        super().__init__(ledger, clock, "notices")
        self.policy = policy or POLICY
        self.senders = Senders(ledger, self.policy, observer or NoticeObserver(), self._schedule)
        self._turns: OrderedDict[UUID, Turns] = OrderedDict()
        self._skip: OrderedDict[UUID, None] = OrderedDict()
        self._heard = self._settled = 0  # saves heard, and heard before the last round began (wait_idle)
        self._seq = itertools.count()

    def start(self, scan_existing: bool = True) -> None:
        """Start; `scan_existing`: announce the turns in progress in games with such a clock (after a restart)."""
        self.senders.start()
        if scan_existing:
            clocked = self._clocked_games()
            with self._cv:
                self._changed.update(clocked)
                self._heard += 1
        super().start(scan_existing=False)

    def stop(self) -> None:
        super().stop()
        self.senders.stop()

    def wait_idle(self, timeout: float = 10.0) -> bool:
        """Wait until every save heard is handled and every notice finished (tests); False on timeout."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with self._cv:
                busy = bool(self._changed) or self._settled != self._heard
            if not busy and not self.senders.busy():
                return True
            time.sleep(0.005)
        return False

    def _on_saved(self, game_id: UUID, version: int) -> None:
        with self._cv:
            if game_id in self._skip:
                return  # most saves of most games: nothing to do, not even a wake-up
            self._heard += 1
            self._changed.add(game_id)
            self._cv.notify()

    def _schedule(self, delay_ms: int, notice: Notice) -> bool:
        """A retry, due in `delay_ms` (a sender's); False when as many wait already as the queue holds."""
        with self._cv:
            if len(self._due) >= self.policy.queue:
                return False
            heapq.heappush(self._due, (self._clock() + delay_ms, next(self._seq), notice))
            self._cv.notify()
        return True

    def _clocked_games(self) -> list[UUID]:
        """Games created with a clock of a minute or more, from their headers (no game is loaded)."""
        found: list[UUID] = []
        page = 1000
        for store in self._ledger.stores():  # each shard's log
            after = 0
            while True:
                headers = store.list_created(after, page)
                found += [c.originator_id for _, c in headers if webhooks.notifies(c.time_control)]
                if len(headers) < page:
                    break
                after = headers[-1][0]
        return found

    def _handle(self, changed: set[UUID], due: list[tuple[int, int, Notice]]) -> None:
        with self._cv:
            heard = self._heard
        for game_id in changed:
            try:
                self._look(game_id)
            except Exception as exc:  # one game must never stop the others
                log_failure(log, exc, "your-turn notices of games/%s failed", game_id)
        for _, _, notice in due:
            self.senders.offer(notice, again=True)
        with self._cv:
            self._settled = heard

    def _look(self, game_id: UUID) -> None:
        turns = self._turns.get(game_id)
        if turns is None:
            turns = self._first_sight(game_id)
            if turns is None:
                return
        else:
            turns.advance(self._ledger.stream(game_id, turns.game.version))
            self._turns.move_to_end(game_id)
        if turns.game.is_finished():
            self._ignore(game_id)
            return
        self.senders.follow(game_id, turns.game.seats, turns.since)
        for seat, since in turns.unannounced():
            self._announce(turns.game, seat, since, turns.began_ms.get(seat, 0))
            turns.announced[seat] = since  # not before: a failed read (the store away) is tried at the next save

    def _first_sight(self, game_id: UUID) -> Turns | None:
        cached = self._ledger.peek(game_id)
        if cached is not None and not webhooks.notifies(cached.time_control):
            self._ignore(game_id)
            return None
        head = list(self._ledger.store_of(game_id).events.get(game_id, lte=1))  # the header: a game, with a clock?
        if not head or not isinstance(head[0], Game.Created) or not webhooks.notifies(head[0].time_control):
            self._ignore(game_id)
            return None
        turns = self._turns[game_id] = start(self._ledger.stream(game_id))
        while len(self._turns) > MAX_TRACKED:
            gone = self._turns.popitem(last=False)[1]
            self.senders.follow(gone.game.id, gone.game.seats, {})
        return turns

    def _ignore(self, game_id: UUID) -> None:
        turns = self._turns.pop(game_id, None)
        if turns is not None:
            self.senders.follow(game_id, turns.game.seats, {})
        with self._cv:
            self._skip[game_id] = None
            while len(self._skip) > MAX_SKIPPED:
                self._skip.popitem(last=False)

    def _announce(self, game: Game, seat: int, since: int, began_ms: int) -> None:
        deadline = game.deadline_ms(seat)
        if deadline is not None and deadline <= self._clock():
            return  # too late to act: the clock acts for the seat
        hook = webhooks.find(self._ledger, game.id, seat)
        # Only a turn that began once the webhook was set: one under way then is not announced, by whichever
        # process (and however late) first folds it, so a restart never announces a turn its predecessor skipped.
        if hook is not None and hook.set_at_ms <= began_ms:
            body = notice_body(game, seat, since)
            self.senders.offer(Notice(game.id, seat, since, delivery_id(game, seat, since), body, hook.url))
