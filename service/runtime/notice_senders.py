"""Sending your-turn notices (service/runtime/notices.py makes them): a bounded queue and a few sender threads.

At most `per_receiver` tries are in flight to one host:port, so a receiver that never answers holds up nobody
else. Before every try the webhook is read again (a removed one stops at once) and the seat's turn checked (a
notice of a turn that is over is not sent). A failure is tried again after an exponential, jittered backoff, up
to `attempts` tries; the wait itself is the dispatcher's timer heap (`schedule`). When the queue is full the
oldest notice is dropped, with a log line and a metric.
"""

from __future__ import annotations

import http.client
import logging
import random
import threading
import time
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import urlsplit
from uuid import UUID

from service.ledger import webhooks
from service.ledger.app import Ledger
from service.ledger.cached import GameNotFound
from service.runtime import webhook_post

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class DeliveryPolicy:
    timeout_s: float = 5.0  # per socket operation of one try
    attempts: int = 5  # tries of one notice, the first included
    backoff_s: float = 4.0  # before the second try; doubling: 5 tries span about a minute
    max_backoff_s: float = 60.0
    queue: int = 1000  # notices waiting to be sent, and again as many waiting for a retry
    workers: int = 8  # sender threads
    per_receiver: int = 2  # tries in flight to one host:port

    def delay_s(self, tries: int) -> float:
        """The wait after `tries` failed tries: doubling, with jitter, so that many retries do not land at once."""
        ceiling = min(self.max_backoff_s, self.backoff_s * 2.0 ** (tries - 1))
        return ceiling * random.uniform(0.5, 1.0)


class NoticeObserver:
    """What the senders report (service/api/notice_metrics.py makes Prometheus metrics of it)."""

    def finished(self, outcome: str) -> None:
        """A notice is done: delivered, rejected (a final answer), gave_up (every try failed), cancelled (the
        webhook was removed) or superseded (the seat was no longer in that turn)."""

    def retried(self) -> None:
        """A try failed and another is scheduled."""

    def dropped(self) -> None:
        """A queue was full: a notice was dropped unsent."""

    def attempt_seconds(self, seconds: float) -> None:
        """One try took this long."""


@dataclass
class Notice:
    game_id: UUID
    seat: int
    since: int  # the version the seat's turn began at
    delivery: str
    body: bytes
    url: str
    tries: int = 0

    @property
    def receiver(self) -> str:
        return urlsplit(self.url).netloc


Schedule = Callable[[int, Notice], bool]  # (delay ms, notice): queue it again then; False when that queue is full


class Senders:
    def __init__(self, ledger: Ledger, policy: DeliveryPolicy, observer: NoticeObserver, schedule: Schedule) -> None:
        self._ledger, self.policy, self._observer, self._schedule = ledger, policy, observer, schedule
        self._ready: deque[Notice] = deque()
        self._sending: Counter[str] = Counter()  # receiver -> tries in flight
        self._turn_of: dict[tuple[UUID, int], int] = {}  # (game, seat to act) -> the version its turn began
        self._outstanding = 0  # notices not finished: queued, in flight or waiting to retry
        self._cv = threading.Condition()
        self._closing = False
        self._threads = [
            threading.Thread(target=self._run, name=f"notice-{i}", daemon=True) for i in range(policy.workers)
        ]

    def start(self) -> None:
        for thread in self._threads:
            thread.start()

    def stop(self) -> None:
        """Stop; what is unsent stays so (a restart announces the turns in progress again)."""
        with self._cv:
            self._closing = True
            unsent = self._outstanding
            self._cv.notify_all()
        for thread in self._threads:
            thread.join(timeout=self.policy.timeout_s + 1)
        if unsent:
            log.info("stopping with %d your-turn notices unsent", unsent)

    def busy(self) -> bool:
        with self._cv:
            return self._outstanding > 0

    def follow(self, game_id: UUID, seats: int, since: dict[int, int]) -> None:
        """The turn each seat of a game is in (none: not to act, or no longer followed)."""
        with self._cv:
            for seat in range(seats):
                if seat in since:
                    self._turn_of[(game_id, seat)] = since[seat]
                else:
                    self._turn_of.pop((game_id, seat), None)

    def offer(self, notice: Notice, again: bool = False) -> None:
        """Queue a new notice, or (`again`) one whose retry fell due."""
        with self._cv:
            self._outstanding += 0 if again else 1
            if len(self._ready) >= self.policy.queue:
                oldest = self._ready.popleft()
                self._outstanding -= 1
                log.warning("your-turn queue full: dropped the notice of games/%s seat %d", oldest.game_id, oldest.seat)
                self._observer.dropped()
            self._ready.append(notice)
            self._cv.notify()

    def _run(self) -> None:
        while True:
            with self._cv:
                notice = self._next()
                while notice is None and not self._closing:
                    self._cv.wait()
                    notice = self._next()
                if notice is None:
                    return
                receiver = notice.receiver
                self._sending[receiver] += 1
            outcome = "gave_up"
            try:
                outcome = self._try(notice)
            except Exception:  # one receiver must never stop the others
                log.exception("your-turn notice of games/%s seat %d failed", notice.game_id, notice.seat)
            finally:
                with self._cv:
                    self._sending[receiver] -= 1
                    self._outstanding -= 0 if outcome == "retry" else 1
                    self._cv.notify_all()  # the receiver's slot is free again
            if outcome not in ("retry", "dropped"):
                self._observer.finished(outcome)

    def _next(self) -> Notice | None:
        """The oldest queued notice whose receiver has a free slot (under _cv); None while closing."""
        if self._closing:
            return None
        for i, notice in enumerate(self._ready):
            if self._sending[notice.receiver] < self.policy.per_receiver:
                del self._ready[i]
                return notice
        return None

    def _try(self, notice: Notice) -> str:
        """One try: its outcome; "retry" when another is scheduled, "dropped" when none could be."""
        hook = webhooks.find(self._ledger, notice.game_id, notice.seat)
        if hook is None:
            return "cancelled"  # removed since: nothing more is sent
        if not self._in_turn(notice):
            return "superseded"  # the seat acted (or the game ended) while the notice waited
        notice.url, notice.tries = hook.url, notice.tries + 1
        timestamp = str(int(time.time()))
        sent = webhook_post.headers(hook.secret, timestamp, notice.delivery, notice.body)
        started = time.perf_counter()
        try:
            status: int | None = webhook_post.post(hook.url, notice.body, sent, self.policy.timeout_s)
            why = f"answered {status}"
        except (OSError, http.client.HTTPException) as exc:
            status, why = None, f"{type(exc).__name__}: {exc}"
        self._observer.attempt_seconds(time.perf_counter() - started)
        where = f"games/{notice.game_id} seat {notice.seat} to {notice.receiver}, try {notice.tries}"
        if status is not None and 200 <= status < 300:
            return "delivered"
        if status is not None and not webhook_post.retryable(status):
            log.info("your-turn notice of %s refused for good: %s", where, why)
            return "rejected"
        if notice.tries >= self.policy.attempts:
            log.warning("your-turn notice of %s given up: %s", where, why)
            return "gave_up"
        return self._retry(notice, where, why)

    def _in_turn(self, notice: Notice) -> bool:
        """Whether the seat is still in the turn the notice announces."""
        with self._cv:
            since = self._turn_of.get((notice.game_id, notice.seat))
        if since is not None:
            return since == notice.since
        try:  # not to act, or not followed here any more: the game says
            game = self._ledger.read_game(notice.game_id)
        except GameNotFound:
            return False
        return not game.is_finished() and notice.seat in game.status().to_act

    def _retry(self, notice: Notice, where: str, why: str) -> str:
        delay_ms = round(self.policy.delay_s(notice.tries) * 1000)
        if not self._schedule(delay_ms, notice):
            log.warning("your-turn retry queue full: dropped the notice of %s", where)
            self._observer.dropped()
            return "dropped"
        log.info("your-turn notice of %s failed (%s); again in %d ms", where, why, delay_ms)
        self._observer.retried()
        return "retry"
