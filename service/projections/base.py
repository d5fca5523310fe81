"""What every read-model projection shares: apply one event inside the view's unit of work."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any, ClassVar, Generic, TypeVar
from uuid import UUID

from eventsourcing.persistence import Tracking
from eventsourcing.projection import Projection

from service.ledger.game import Game
from service.projections.view import PostgresView, ReadModelView, SQLiteView, global_position

GAME_ENDS = (Game.SeedRevealed, Game.EndedByRuling)  # nothing follows them in a game's stream

TView = TypeVar("TView", bound=ReadModelView)
Loader = Callable[[UUID, int], Any]  # (aggregate id, version) -> the aggregate as it stood then


class ReadModelProjection(Projection[TView], Generic[TView]):  # type: ignore[type-var]
    """Each event's changes and its position join the view's batch together, or not at all."""

    sqlite_view: ClassVar[type[SQLiteView]]
    postgres_view: ClassVar[type[PostgresView]]

    def __init__(self, view: TView, loader: Loader | None = None, sharded: bool = False) -> None:
        super().__init__(view)
        self.loader = loader
        self.sharded = sharded  # following several shards' logs (one runner each, this projection shared)

    def process_event(self, domain_event: Any, tracking: Tracking) -> None:
        with self.view.event(tracking):
            self.apply(domain_event, global_position(tracking, self.sharded))
            if isinstance(domain_event, GAME_ENDS):  # over: its rows leave the view's memory once written
                # Inside the event, so in the same batch: marked after it, a flush in between would write the
                # rows without forgetting them, and a view that hears nothing more would never flush again.
                self.view.retire(str(domain_event.originator_id))

    def apply(self, domain_event: Any, position: int) -> None:
        """Stage the rows an event changes. Each projection overrides this with its own singledispatchmethod
        (a registry of its own: registering on a shared base dispatcher would mix projections up)."""


def micros(when: datetime) -> int:
    """An event timestamp as whole microseconds since the epoch (exact, comparable, backend-neutral)."""
    aware = when if when.tzinfo is not None else when.replace(tzinfo=UTC)
    return (aware - _EPOCH) // timedelta(microseconds=1)


_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
