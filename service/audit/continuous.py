"""A continuous audit: one process of a deployment re-verifies finished games in the background (issue 37).

The alert PlayLedgerReplayDivergence counted only VerifyGame calls, so no routine audit could ever fire it.
Here every finished game is re-run from its stored events (service/audit/verify.py), oldest first, at a low
rate (`rate` games a second: the store and the CPU stay the players'), and when it reaches the newest it
starts again from the oldest (after `idle_s`), so a record altered long after its game ended is found too:
at 5 games a second a store of a million finished games is swept in about two days.
Each verdict goes to `report(rules, divergences)` (the composition root counts it in the metrics); a
divergence is also logged as an ERROR naming the game and the first finding.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from uuid import UUID

from eventsourcing.utils import get_topic

from service.audit.verify import verify_stream
from service.ledger.app import Ledger
from service.ledger.game import Game
from service.ledger.store import log_failure

log = logging.getLogger("playledger.audit")
PAGE = 100
ENDINGS = [get_topic(Game.SeedRevealed), get_topic(Game.EndedByRuling)]


class ContinuousAudit:
    def __init__(
        self,
        ledger: Ledger,
        report: Callable[[str, int], None],
        rate: float = 5.0,
        idle_s: float = 5.0,
    ) -> None:
        self._ledger, self._report = ledger, report
        self._pause = 1.0 / rate
        self._idle_s = idle_s
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="audit", daemon=True)
        self.verified = 0
        self.divergent: list[UUID] = []

    def start(self) -> ContinuousAudit:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=10)

    def _run(self) -> None:
        stores = self._ledger.stores()  # each shard's log in turn
        positions = [0] * len(stores)
        shard = 0
        while not self._stop.is_set():
            try:
                found = stores[shard].recorder.select_notifications(
                    start=positions[shard], limit=PAGE, topics=ENDINGS, inclusive_of_start=False
                )
            except Exception as exc:  # the store is down or restarting: look again later
                log.warning("continuous audit: the store does not answer (%s); retrying", exc)
                self._stop.wait(self._idle_s)
                continue
            for notification in found:
                positions[shard] = notification.id
                self._verify(UUID(str(notification.originator_id)))
                if self._stop.wait(self._pause):
                    return
            if len(found) < PAGE:  # this log's newest is verified: on to the next; after the last, rest
                positions[shard] = 0
                shard = (shard + 1) % len(stores)
                if shard == 0:
                    self._stop.wait(self._idle_s)

    def _verify(self, game_id: UUID) -> None:
        try:
            verdict = verify_stream(game_id, self._ledger.stream(game_id))
        except Exception as exc:  # a bug in the audit must not stop the audit of the other games
            log_failure(log, exc, "continuous audit of games/%s failed", game_id)
            return
        self.verified += 1
        self._report(verdict.rules, len(verdict.findings))
        if verdict.findings:
            self.divergent.append(game_id)
            first = verdict.findings[0]
            log.error(
                "games/%s no longer verifies (%d findings; first at version %d: %s)",
                game_id,
                len(verdict.findings),
                first.version,
                first.message,
            )
