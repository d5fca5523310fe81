"""What a server runs besides its RPCs, once per store: the projections, the clock scheduler, the bots, the
your-turn webhooks, and the continuous audit of finished games.

On SQLite there is one server process, and it runs them. On PostgreSQL every process (worker or replica)
competes for an advisory lock (service/runtime/leader.py) and only the holder runs them; the others serve
RPCs only. The holder's scheduler, bots and notices hear every commit, this process's through the ledger's
listeners and the others' through the store follower (service/runtime/follow.py).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass

from service.audit.continuous import ContinuousAudit
from service.ledger.app import Ledger
from service.projections.runner import Projections
from service.runtime.bot_runner import BotRunner
from service.runtime.leader import Leadership, Stop
from service.runtime.notice_senders import NoticeObserver
from service.runtime.notices import Notices
from service.runtime.scheduler import Scheduler

log = logging.getLogger("playledger.duties")


@dataclass
class Running:
    scheduler: Scheduler
    bots: BotRunner
    projections: Projections | None
    audit: ContinuousAudit | None
    notices: Notices  # your-turn webhooks (service/runtime/notices.py)


class Duties:
    """Starts and stops the once-per-store work; `current` is what runs in this process now (None: elsewhere)."""

    def __init__(
        self,
        ledger: Ledger,
        store_env: Mapping[str, str],
        projections: bool,
        shared: bool,
        audit_rate: float = 0.0,
        report: Callable[[str, int], None] = lambda _rules, _divergences: None,
        notice_observer: NoticeObserver | None = None,
        shard_envs: Sequence[Mapping[str, str]] = (),
    ) -> None:
        self._ledger, self._env, self._projections = ledger, dict(store_env), projections
        self._shard_envs = [dict(e) for e in shard_envs]  # the other shards' stores, for the projections
        self._audit_rate, self._report = audit_rate, report
        self._notice_observer = notice_observer
        self.current: Running | None = None
        self._leadership = Leadership(self._env, self._begin) if shared else None

    def start(self) -> Duties:
        if self._leadership is not None:
            self._leadership.start()
        else:
            self._begin()
        return self

    def stop(self) -> None:
        if self._leadership is not None:
            self._leadership.stop()
        else:
            self._end()

    def _begin(self) -> Stop:
        scheduler = Scheduler(self._ledger)
        bots = BotRunner(self._ledger)
        notices = Notices(self._ledger, observer=self._notice_observer)
        projections = Projections(self._env, shard_envs=self._shard_envs) if self._projections else None
        audit = ContinuousAudit(self._ledger, self._report, self._audit_rate) if self._audit_rate > 0 else None
        scheduler.start()
        bots.start()
        notices.start()
        if projections is not None:
            projections.start()
        if audit is not None:
            audit.start()
        self.current = Running(scheduler, bots, projections, audit, notices)
        self._ledger.add_listener(self._wake_projections)
        return self._end

    def _wake_projections(self, _game: object, _version: int) -> None:
        running = self.current
        if running is not None and running.projections is not None:
            running.projections.wake()  # SQLite pollers look at once

    def _end(self) -> None:
        running, self.current = self.current, None
        if running is None:
            return
        hearing = (running.scheduler, running.bots, running.notices)
        for listener in (*(loop._on_saved for loop in hearing), self._wake_projections):
            self._ledger.remove_listener(listener)
        if running.audit is not None:
            running.audit.stop()
        running.scheduler.stop()
        running.bots.stop()
        running.notices.stop()
        if running.projections is not None:
            running.projections.stop()
