"""Ratings per player and game type, from finished games of 2+ players, with openskill (Plackett-Luce).

Games are rated one after another in the order they finished: by the time each game's end was decided, then
its id (`finished_seq` holds that time in microseconds), never by where its events sit in a log, so games on
several shards, whose logs the runners read in whatever order, rate the same. A game that ends before games
already rated (a shard's runner behind another's) is put in its place: the later games' ratings are undone to
what they were before them, the game rated, and the later games rated again after it; from the last
RECENT games of its type kept in memory, else (a runner far behind, or just restarted) by recomputing the
type. A game's place
order is its effective outcome (service.tournaments.standings.outcome): an arbiter's
ruling recorded later (annulment, forfeit, score correction, disqualification)
changes that outcome, and the ratings of that game type are then recomputed
from the first game on, so live and rebuilt ratings are the same numbers.
The displayed rating is openskill's ordinal, mu - 3 sigma.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import singledispatchmethod
from typing import Any

from eventsourcing.utils import get_topic
from openskill.models import PlackettLuce

from service.ledger.game import Game
from service.projections.base import ReadModelProjection, micros
from service.projections.sql import Table
from service.projections.view import PostgresView, ReadModelView, SQLiteView
from service.tournaments.aggregate import Tournament
from service.tournaments.standings import GameRulings, Result, outcome

RATED = Table(
    "rated_games",
    (
        ("game", "text"),
        ("rules", "text"),
        ("player_ids", "json"),
        ("players", "json"),
        ("finished_seq", "int"),  # rating order (with the game's id): its end's time in µs; null while in play
        ("result", "json"),  # {"scores": [...], "winners": [...]}
        ("rulings", "json"),  # GameRulings.to_json()
    ),
    key=("game",),
    indexes=(("rules", "finished_seq"),),
)
TOURNAMENT_GAMES = Table(
    "rated_tournament_games",
    (("tournament", "text"), ("game", "text")),
    key=("tournament", "game"),
)
RATINGS = Table(
    "ratings",
    (
        ("rules", "text"),
        ("player_id", "text"),
        ("player", "text"),
        ("rating", "float"),  # ordinal: mu - 3 sigma
        ("mu", "float"),
        ("sigma", "float"),
        ("games", "int"),
        ("wins", "int"),
        ("last_seq", "int"),
    ),
    key=("rules", "player_id"),
    indexes=(("rules", "rating"),),
)

MODEL = PlackettLuce()
RECENT = 512  # rated games per type remembered (with the ratings they were rated from) to put a late one in place


@dataclass
class _Rated:
    """A game as rated: its order, its row, and its players' ratings rows before it (None: had none)."""

    order: tuple[int, str]
    row: dict[str, Any]
    before: dict[str, dict[str, Any] | None]


class SQLiteRatingsView(SQLiteView):
    projection = "ratings"
    tables = (RATED, TOURNAMENT_GAMES, RATINGS)


class PostgresRatingsView(PostgresView):
    projection = "ratings"
    tables = (RATED, TOURNAMENT_GAMES, RATINGS)


class Ratings(ReadModelProjection[ReadModelView]):
    name = "ratings"
    topics = (
        get_topic(Game.Created),
        get_topic(Game.SeedRevealed),
        get_topic(Tournament.GamesAdded),
        get_topic(Tournament.RulingRecorded),
    )
    sqlite_view = SQLiteRatingsView
    postgres_view = PostgresRatingsView

    def __init__(self, view: ReadModelView, loader: Any = None, sharded: bool = False) -> None:
        super().__init__(view, loader, sharded)
        self._last: dict[str, tuple[int, str]] = {}  # game type -> order of its last rated game
        self._recent: dict[str, deque[_Rated]] = {}  # game type -> its last rated games, oldest first

    @singledispatchmethod
    def apply(self, domain_event: Any, position: int) -> None:
        """Other events: only the position moves."""

    @apply.register
    def _created(self, event: Game.Created, position: int) -> None:
        ids = list(event.player_ids if event.player_ids is not None else event.players)
        if len(ids) < 2 or len(set(ids)) != len(ids):
            return  # solo games, and games that seat one name twice, say nothing about who is stronger
        self.view.put(
            "rated_games",
            {
                "game": str(event.originator_id),
                "rules": event.rules_name,
                "player_ids": ids,
                "players": list(event.players),
                "finished_seq": None,
                "result": None,
                "rulings": GameRulings().to_json(),
            },
        )

    @apply.register
    def _revealed(self, event: Game.SeedRevealed, position: int) -> None:
        row = self.view.get("rated_games", str(event.originator_id))
        if row is None:
            return
        ended = micros(event.timestamp)
        row.update(finished_seq=ended, result={"scores": list(event.scores), "winners": list(event.winners)})
        self.view.put("rated_games", row)
        rules = row["rules"]
        latest = self._latest(rules)
        if latest is not None and _order(row) < latest:
            self._insert(rules, row)  # it ended before games already rated: the order is the games' own
        else:
            self._rated(rules, row)  # the latest game to finish: rating it last is the same as recomputing
        self._last[rules] = max(_order(row), latest) if latest is not None else _order(row)

    def _rated(self, rules: str, row: dict[str, Any]) -> None:
        """Rate a game after every game rated so far, remembering what its players' ratings were before it."""
        before = {pid: self.view.get("ratings", rules, pid) for pid in row["player_ids"]}
        self._rate(row, row["finished_seq"])
        self._recent.setdefault(rules, deque(maxlen=RECENT)).append(_Rated(_order(row), row, before))

    def _insert(self, rules: str, row: dict[str, Any]) -> None:
        """Rate a game that ended before games already rated, as if it had come in its place."""
        recent = self._recent.get(rules)
        if not recent or recent[0].order > _order(row):  # the later games are not all in memory
            self._recompute(rules)
            return
        later = [r for r in recent if r.order > _order(row)]
        undone: set[str] = set()
        for rated in later:  # each player back to the rating before the first later game they played
            for pid, old in rated.before.items():
                if pid in undone:
                    continue
                undone.add(pid)
                if old is None:
                    self.view.delete("ratings", rules, pid)
                else:
                    self.view.put("ratings", old)
        for _ in later:
            recent.pop()
        self._rated(rules, row)
        for rated in later:
            self._rated(rules, rated.row)

    def _latest(self, rules: str) -> tuple[int, str] | None:
        """The order of the last rated game of a type (read once per type, then kept)."""
        if rules not in self._last:
            finished = [
                _order(r) for r in self.view.select("rated_games", rules=rules) if r["finished_seq"] is not None
            ]
            if not finished:
                return None
            self._last[rules] = max(finished)
        return self._last[rules]

    @apply.register
    def _added(self, event: Tournament.GamesAdded, position: int) -> None:
        for g in event.games:
            self.view.put("rated_tournament_games", {"tournament": str(event.originator_id), "game": g["game"]})

    @apply.register
    def _ruling(self, event: Tournament.RulingRecorded, position: int) -> None:
        if event.kind == "disqualification":
            games = [r["game"] for r in self.view.select("rated_tournament_games", tournament=str(event.originator_id))]
        else:
            games = [event.game] if event.game else []
        touched: set[str] = set()
        for game in games:
            row = self.view.get("rated_games", game)
            if row is None or (event.kind == "disqualification" and event.player not in row["player_ids"]):
                continue
            rulings = GameRulings.from_json(row["rulings"])
            rulings.apply(event.kind, event.player, event.scores, event.winners)
            row["rulings"] = rulings.to_json()
            self.view.put("rated_games", row)
            if row["finished_seq"] is not None:
                touched.add(row["rules"])
        for rules in sorted(touched):
            self._recompute(rules)

    # --- rating -------------------------------------------------------------------------------------
    def _rate(self, row: dict[str, Any], position: int) -> None:
        result = row["result"]
        done = outcome(
            row["player_ids"],
            Result(tuple(result["scores"]), tuple(result["winners"])),
            GameRulings.from_json(row["rulings"]),
        )
        if done is None:
            return  # annulled
        rules = row["rules"]
        current = [self.view.get("ratings", rules, pid) for pid in row["player_ids"]]
        teams = [[MODEL.rating(mu=c["mu"], sigma=c["sigma"]) if c else MODEL.rating()] for c in current]
        rated = MODEL.rate(teams, ranks=[float(p) for p in done.places])
        for seat, (pid, name) in enumerate(zip(row["player_ids"], row["players"], strict=True)):
            new = rated[seat][0]
            before = current[seat]
            won = done.won(seat)
            self.view.put(
                "ratings",
                {
                    "rules": rules,
                    "player_id": pid,
                    "player": name,
                    "rating": new.ordinal(),
                    "mu": new.mu,
                    "sigma": new.sigma,
                    "games": (before["games"] if before else 0) + 1,
                    "wins": (before["wins"] if before else 0) + (1 if won else 0),
                    "last_seq": position,
                },
            )

    def _recompute(self, rules: str) -> None:
        """Every rating of one game type, again from its first finished game (after a ruling)."""
        for old in self.view.select("ratings", rules=rules):
            self.view.delete("ratings", rules, old["player_id"])
        self._recent.pop(rules, None)
        finished = [r for r in self.view.select("rated_games", rules=rules) if r["finished_seq"] is not None]
        for row in sorted(finished, key=_order):
            self._rated(rules, row)


def _order(row: dict[str, Any]) -> tuple[int, str]:
    """Rating order: when the game ended, then its id."""
    return (int(row["finished_seq"]), str(row["game"]))
