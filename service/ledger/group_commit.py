"""Group commit: appends that arrive while one is being written go to the store together, in the next transaction.

A caller hands its events to `GroupCommit.submit` and blocks. If no write is in flight it becomes the
writer at once (no hand-off to another thread, so one client alone pays nothing extra); otherwise it
queues, and when the write in flight ends, one of the queued callers writes everything queued so far in
one transaction. Each caller is answered with its own result, only after that transaction committed, so
an acknowledged command is durable. One commit (one fsync, one table lock) then serves many commands:
that is what lets throughput grow with the number of commands in flight.

`write` gets the queued items in arrival order and returns one result per item: the item's
notification ids, or the exception that item alone failed with (a version conflict of that game). An
exception raised by `write` itself (the database is down) fails every item of that batch.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import Generic, TypeVar

T = TypeVar("T")  # one caller's item
R = TypeVar("R")  # one caller's result

MAX_BATCH = 256  # items per transaction: bounds one statement's size (and a failed batch's blast radius)


class _Waiter(Generic[T, R]):
    __slots__ = ("done", "error", "item", "result")

    def __init__(self, item: T) -> None:
        self.item = item
        self.result: R | None = None
        self.error: BaseException | None = None
        self.done = False


class GroupCommit(Generic[T, R]):
    def __init__(self, write: Callable[[Sequence[T]], Sequence[R | BaseException]], max_batch: int = MAX_BATCH) -> None:
        self._write = write
        self._max = max_batch
        self._queue: list[_Waiter[T, R]] = []
        self._writing = False
        self._cv = threading.Condition()
        self.batches = 0  # transactions written, and the items they carried: the grouping at work
        self.items = 0

    def submit(self, item: T) -> R:
        me: _Waiter[T, R] = _Waiter(item)
        with self._cv:
            self._queue.append(me)
            while not me.done and self._writing:
                self._cv.wait()
            if not me.done:  # nobody is writing and my item is still queued: I write the queue
                batch, self._queue = self._queue[: self._max], self._queue[self._max :]
                self._writing = True
        if not me.done:
            self._flush(batch)
        if me.error is not None:
            raise me.error
        return me.result  # type: ignore[return-value]  # set with done when there is no error

    def _flush(self, batch: list[_Waiter[T, R]]) -> None:
        try:
            results: Sequence[R | BaseException] = self._write([w.item for w in batch])
            if len(results) != len(batch):
                raise RuntimeError(f"group commit: {len(results)} results for {len(batch)} items")
        except BaseException as failure:  # every caller of the batch hears the store's failure
            results = [failure] * len(batch)
        with self._cv:
            for waiter, result in zip(batch, results, strict=True):
                if isinstance(result, BaseException):
                    waiter.error = result
                else:
                    waiter.result = result
                waiter.done = True
            self.batches += 1
            self.items += len(batch)
            self._writing = False
            self._cv.notify_all()
