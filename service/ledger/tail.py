"""One read of the notification log per burst of commits, shared by every subscription of one store pool.

The four projection runners each subscribe to the log through the library (its ProjectionRunner calls
`recorder.subscribe`). With a reader thread each, every burst of commits cost four reads, four decodes
and their wake-ups; measured per thread at 16 clients on PostgreSQL, the read loops took 16% of the
server's CPU, and a read filtered to a few topics (scores, ratings and tournaments want a game's start
and end) scanned every move recorded since the last game began: 1.2 ms of PostgreSQL time a read.

Here the subscriptions of one pool share one `Tail`: a waker (PostgreSQL: LISTEN; SQLite: a local save's
wake-up and a poll) says a commit happened, and one thread reads the log once, unfiltered, from the lowest
position any subscription still needs, and offers each subscription the notifications past its own
position, of its own topics. Nothing is skipped: a read is one ordered page of the log, with no id below
its last that commits later (appends hold the table's lock from issuing ids to commit; SQLite serializes
writers), and a subscription's position moves to a page's end only when the page is offered to it.
"""

from __future__ import annotations

import contextlib
import logging
import threading
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from eventsourcing.persistence import ApplicationRecorder, Notification, Queue, ShutDown, Subscription

log = logging.getLogger(__name__)

IDLE_CHECK_S = 0.1  # how often an idle tail thread checks whether it was stopped
QUEUED_PAGES = 10  # pages a subscription may have unread before the tail waits for it (bounded memory)

Read = Callable[[int, int], Sequence[Notification]]  # (after this id, at most this many) -> a page of the log

_tails: dict[Hashable, Tail] = {}
_tails_lock = threading.Lock()


class TailSubscription(Subscription[Any]):
    """What `recorder.subscribe` returns: the library's iterator of notifications, fed by a shared Tail."""

    def __init__(self, tail: Tail, gt: int | None, topics: Sequence[str]) -> None:
        super().__init__(recorder=tail.recorder, gt=gt, topics=topics)
        self.tail = tail
        self.position = gt or 0  # the last id offered (read by the tail thread only, once joined)
        self._wanted = frozenset(topics)
        self._queue: Queue[Sequence[Notification]] = Queue(maxsize=QUEUED_PAGES)
        self._batch: Sequence[Notification] = ()
        self._index = 0
        self.error: BaseException | None = None

    def offer(self, page: Sequence[Notification]) -> None:
        """The tail thread's: this subscription's share of a page (blocks while QUEUED_PAGES are unread)."""
        if not page or page[-1].id <= self.position:
            return
        mine = [n for n in page if n.id > self.position and (not self._wanted or n.topic in self._wanted)]
        self.position = page[-1].id
        if mine:
            self._queue.put(mine)

    def __next__(self) -> Notification:
        while self._index == len(self._batch) and not self._has_been_stopped:
            try:
                self._batch, self._index = self._queue.get(), 0
            except ShutDown:
                break
        if self._has_been_stopped:
            if self.error is not None:
                raise self.error
            raise StopIteration
        notification = self._batch[self._index]
        self._index += 1
        return notification

    def fail(self, error: BaseException) -> None:
        self.error = error
        self.stop()

    def stop(self) -> None:
        if self._has_been_stopped:
            return
        super().stop()
        self._queue.shutdown(immediate=True)  # pyright: ignore[reportAttributeAccessIssue]
        self.tail.leave(self)


class Tail:
    """One reader thread for the subscriptions of one pool. A waker thread (`wake_loop`) calls `notify`."""

    def __init__(
        self,
        key: Hashable,
        recorder: ApplicationRecorder,
        page: int,
        wake_loop: Callable[[Tail], None],
        read: Read | None = None,
        name: str = "log-tail",
    ) -> None:
        self.key, self.recorder, self.page = key, recorder, page
        self._select = read or (
            lambda start, limit: recorder.select_notifications(start, limit, inclusive_of_start=False)
        )
        self._subs: list[TailSubscription] = []
        self._lock = threading.Lock()
        self._notified = threading.Event()
        self.stopped = threading.Event()
        self.woken = False  # a local save asked for a read (SQLite's waker polls this)
        self._reader = threading.Thread(target=self._run, name=name, daemon=True)
        self._waker = threading.Thread(target=self._wake, args=(wake_loop,), name=f"{name}-wake", daemon=True)
        self._reader.start()
        self._waker.start()

    # --- membership ---------------------------------------------------------------------------------
    def join(self, gt: int | None, topics: Sequence[str]) -> TailSubscription:
        subscription = TailSubscription(self, gt, topics)
        with self._lock:
            self._subs.append(subscription)
        self._notified.set()  # it may be behind: read for it now
        return subscription

    def leave(self, subscription: TailSubscription) -> None:
        with _tails_lock:
            with self._lock:
                if subscription in self._subs:
                    self._subs.remove(subscription)
                empty = not self._subs
            if empty and _tails.get(self.key) is self:
                del _tails[self.key]
        if empty:
            self.stop()

    def notify(self) -> None:
        """A commit happened (or may have): read at the next chance."""
        self._notified.set()

    def stop(self) -> None:
        self.stopped.set()
        self._notified.set()
        for thread in (self._reader, self._waker):
            if thread is not threading.current_thread() and thread.is_alive():
                thread.join(timeout=5)

    # --- the threads --------------------------------------------------------------------------------
    def _wake(self, wake_loop: Callable[[Tail], None]) -> None:
        try:
            wake_loop(self)
        except BaseException as exc:  # the store went away: every subscription ends with the error
            self._fail(exc)

    def _run(self) -> None:
        try:
            while not self.stopped.is_set():
                if self._notified.wait(IDLE_CHECK_S):
                    self._notified.clear()
                    self._read()
        except BaseException as exc:
            self._fail(exc)

    def _read(self) -> None:
        while not self.stopped.is_set():
            with self._lock:
                subs = list(self._subs)
            if not subs:
                return
            start = min(s.position for s in subs)
            page = self._select(start, self.page)
            for subscription in subs:
                with contextlib.suppress(ShutDown):  # it stopped meanwhile
                    subscription.offer(page)
            if len(page) < self.page:
                return

    def _fail(self, error: BaseException) -> None:
        if self.stopped.is_set():
            log.debug("log tail stopped with %r", error)
            return
        with _tails_lock:
            if _tails.get(self.key) is self:
                del _tails[self.key]
        self.stopped.set()
        with self._lock:
            subs = list(self._subs)
        for subscription in subs:
            subscription.fail(error)


def subscribe(
    key: Hashable,
    recorder: ApplicationRecorder,
    gt: int | None,
    topics: Sequence[str],
    page: int,
    wake_loop: Callable[[Tail], None],
    read: Read | None = None,
) -> TailSubscription:
    """A subscription through the live Tail of `key` (one pool's), started with this recorder if there is none.

    `read(start, limit)` is the page read (default: the recorder's select_notifications after `start`)."""
    with _tails_lock:
        tail = _tails.get(key)
        if tail is None or tail.stopped.is_set():
            tail = _tails[key] = Tail(key, recorder, page, wake_loop, read)
        return tail.join(gt, topics)


def live_tails() -> list[Tail]:
    with _tails_lock:
        return list(_tails.values())
