"""What the read model (the "games" projection) says of a game's result, to hold against the re-run.

The projection is read through the audit's own read-only connection to the
same store, at the generation its pointer names. A store without projections
(a bare event store, an imported archive) is simply not checked. A projection
that is behind the store is not a divergence (it catches up); one that is
*ahead* of the store, or shows another result or last hash for the same
version, is: the events or the read model were altered.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from uuid import UUID

from service.audit.verify import Finding, Verdict
from service.ledger.app import Ledger

# Verdict.projection values
NOT_CHECKED, ABSENT, BEHIND, MATCHES, DIFFERS = "not checked", "absent", "behind", "matches", "differs"


@dataclass(frozen=True)
class Projected:
    version: int
    finished: bool
    scores: list[int] | None
    winners: list[int] | None
    last_hash: str


class ProjectionReader:
    """Reads one game's summary row; `available` is False when this store has no games projection."""

    def __init__(self, ledger: Ledger, env: dict[str, str]) -> None:
        self._datastore = getattr(ledger.recorder, "datastore", None)
        self._table: str | None = None
        self.note = ""
        try:
            from service.projections import sql
            from service.projections.games import GAMES
        except ImportError:  # a build without projections
            self.note = "this build has no projections"
            return
        self._sql, self._games = sql, GAMES
        try:
            self._backend = sql.backend_of(env)
            generation = sql.current_generation(self._datastore, self._backend, "games")
        except Exception as exc:  # never fail an audit over a read model it could not read
            self.note = f"the projection cannot be read: {exc}"
            return
        if generation is None:
            self.note = "this store has no games projection"
            return
        self._table = GAMES.physical(generation)

    @property
    def available(self) -> bool:
        return self._table is not None

    def get(self, game_id: UUID) -> Projected | None:
        if self._table is None:
            return None
        with self._sql.transaction(self._datastore, self._backend, commit=False) as c:
            raw = c.execute(f"SELECT * FROM {self._table} WHERE game = ?", (str(game_id),)).fetchone()
        if raw is None:
            return None
        row: dict[str, Any] = self._games.decode(raw)
        return Projected(
            version=int(row["version"]),
            finished=bool(row["finished"]),
            scores=row.get("scores"),
            winners=row.get("winners"),
            last_hash=str(row.get("last_hash") or ""),
        )


def check(verdict: Verdict, reader: ProjectionReader | None) -> None:
    """Compare the projection's row with the re-run; record the outcome on the verdict (and any finding)."""
    if reader is None or not reader.available:
        verdict.projection = NOT_CHECKED if reader is None else ABSENT
        return
    try:
        row = reader.get(verdict.game_id)
    except Exception as exc:
        verdict.projection = f"{NOT_CHECKED}: {exc}"
        return
    if row is None:
        verdict.projection = ABSENT
        return
    verdict.projected_scores = row.scores
    last = verdict.events
    if row.version < last:
        verdict.projection = BEHIND
        return
    found: list[Finding] = []
    if row.version > last:
        found.append(Finding(last, f"the projection shows the game at version {row.version}, the store ends at {last}"))
    elif row.last_hash and row.last_hash != verdict.final_hash:
        found.append(Finding(last, f"the projection's last hash {row.last_hash[:16]} is not the store's"))
    elif row.finished != verdict.finished:
        found.append(Finding(last, f"the projection says finished={row.finished}, the re-run {verdict.finished}"))
    elif verdict.ruling is not None and (row.scores is not None or row.winners is not None):
        found.append(Finding(last, f"the projection shows scores {row.scores} for a game a ruling ended"))
    elif verdict.ruling is not None:
        pass  # ended by a ruling: finished, no scores, on both sides
    elif verdict.finished and row.scores != verdict.scores:
        found.append(Finding(last, f"the projection shows scores {row.scores}, the rules score {verdict.scores}"))
    elif verdict.finished and row.winners != verdict.winners:
        found.append(Finding(last, f"the projection shows winners {row.winners}, the rules find {verdict.winners}"))
    verdict.projection = DIFFERS if found else MATCHES
    verdict.findings += found
