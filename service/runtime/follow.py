"""Watchers on this process hear commands that other processes commit (PostgreSQL LISTEN/NOTIFY).

Every append NOTIFYs the events table's channel (pg_appends.py, and the library's own path). One
thread per server follows it with the library's PostgresSubscription (LISTEN on a pooled connection)
and wakes this process's WatchGame streams, which then read their games' new events: a command
acknowledged by one server process reaches a watcher on another in milliseconds instead of at the
next one-second poll. The same notifications keep the game cache honest: a cached game that another
process recorded past is not used again before it is re-read (Ledger.recorded_elsewhere), and the
scheduler and bots, which run in one process only (service/duties.py), hear of every commit.
SQLite has no notifications: a watch there still polls (and runs in one process).
"""

from __future__ import annotations

import logging
import threading
from typing import Any
from uuid import UUID

from eventsourcing.postgres import PostgresApplicationRecorder
from eventsourcing.utils import get_topic

from service.ledger.app import Ledger
from service.ledger.game import Game
from service.ledger.pg_listen import CoalescingRecorder

log = logging.getLogger(__name__)
RETRY_S = 1.0  # the database went away: follow again after this long
GAME_TOPIC = get_topic(Game) + "."  # the games' events (not tournaments' or refusal logs')


class StoreFollower:
    def __init__(self, ledger: Ledger, store: Ledger | None = None) -> None:
        """Follows the log of `store` (one of `ledger.stores()`; default: the ledger's own) for `ledger`."""
        self._ledger = ledger
        self._store = store or ledger
        self._stopped = threading.Event()
        self._subscription: Any = None
        self._thread = threading.Thread(target=self._run, name="store-follower", daemon=True)

    @staticmethod
    def applies(ledger: Ledger) -> bool:
        return isinstance(ledger.recorder, PostgresApplicationRecorder)

    def start(self) -> StoreFollower:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopped.set()
        subscription = self._subscription
        if subscription is not None:
            subscription.stop()
        self._thread.join(timeout=5)

    def _heard(self, notification: Any) -> None:
        """A commit by any process: mark an older cached copy stale (and tell the listeners), wake watchers."""
        if notification.topic.startswith(GAME_TOPIC):
            self._ledger.recorded_elsewhere(UUID(str(notification.originator_id)), notification.originator_version)
        self._ledger.wake_watchers()

    def _run(self) -> None:
        recorder = self._store.recorder
        assert isinstance(recorder, PostgresApplicationRecorder)
        while not self._stopped.is_set():
            try:
                gt = recorder.max_notification_id()
                # What changed is all it needs: no event states (the library's own append path has no heads).
                following = (
                    recorder.subscribe_heads(gt)
                    if isinstance(recorder, CoalescingRecorder)
                    else recorder.subscribe(gt=gt)
                )
                with following as subscription:
                    self._subscription = subscription
                    if self._stopped.is_set():
                        return
                    for notification in subscription:
                        self._heard(notification)
            except Exception as exc:  # the database restarts: watchers fall back to polling
                if self._stopped.is_set():
                    return
                log.warning("following the store for watchers failed (%s); retrying in %.0f s", exc, RETRY_S)
                self._stopped.wait(RETRY_S)
            finally:
                self._subscription = None
