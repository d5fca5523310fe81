"""Scores per game: one row per seat (player, final score, winner), written when the game ends.

A game an arbiter ended (EndedByRuling) is finished with no score and no winner: its tournament
standings say what the ruling made of it.
"""

from __future__ import annotations

from functools import singledispatchmethod
from typing import Any

from eventsourcing.utils import get_topic

from service.ledger.game import Game
from service.projections.base import ReadModelProjection, micros
from service.projections.sql import Table
from service.projections.view import PostgresView, ReadModelView, SQLiteView

SCORES = Table(
    "scores",
    (
        ("game", "text"),
        ("seat", "int"),
        ("player_id", "text"),
        ("player", "text"),
        ("rules", "text"),
        ("score", "int"),  # null until the game is finished (scores in play may depend on hidden bets)
        ("winner", "bool"),
        ("finished", "bool"),
        ("finished_seq", "int"),
        ("finished_us", "int"),
    ),
    key=("game", "seat"),
    indexes=(("player_id", "rules"), ("rules", "finished_seq")),
)


class SQLiteScoresView(SQLiteView):
    projection = "scores"
    tables = (SCORES,)


class PostgresScoresView(PostgresView):
    projection = "scores"
    tables = (SCORES,)


class Scores(ReadModelProjection[ReadModelView]):
    name = "scores"
    topics = (get_topic(Game.Created), get_topic(Game.SeedRevealed), get_topic(Game.EndedByRuling))
    sqlite_view = SQLiteScoresView
    postgres_view = PostgresScoresView

    @singledispatchmethod
    def apply(self, domain_event: Any, position: int) -> None:
        """Other events: only the position moves."""

    @apply.register
    def _created(self, event: Game.Created, position: int) -> None:
        ids = event.player_ids if event.player_ids is not None else event.players
        for seat, (pid, name) in enumerate(zip(ids, event.players, strict=True)):
            self.view.put(
                "scores",
                {
                    "game": str(event.originator_id),
                    "seat": seat,
                    "player_id": pid,
                    "player": name,
                    "rules": event.rules_name,
                    "score": None,
                    "winner": False,
                    "finished": False,
                    "finished_seq": None,
                    "finished_us": None,
                },
            )

    @apply.register
    def _revealed(self, event: Game.SeedRevealed, position: int) -> None:
        winners = set(event.winners)
        for row in self.view.select("scores", game=str(event.originator_id)):
            row.update(
                score=event.scores[row["seat"]],
                winner=row["seat"] in winners,
                finished=True,
                finished_seq=position,
                finished_us=micros(event.timestamp),
            )
            self.view.put("scores", row)

    @apply.register
    def _ruled(self, event: Game.EndedByRuling, position: int) -> None:
        for row in self.view.select("scores", game=str(event.originator_id)):
            row.update(finished=True, finished_seq=position, finished_us=micros(event.timestamp))
            self.view.put("scores", row)
