"""Tournaments with standings: the tournament, its games with their effective outcomes, its rulings, standings.

Standings are recomputed (service.tournaments.standings, the same arithmetic the
pairing uses) whenever one of the tournament's games finishes or a ruling is
recorded, so a forfeit recorded after the fact moves the standings here and on
a rebuild alike. Results of every finished game are kept too: a game added to a
tournament after it ended still brings its result.

A few things the API shows are worked out on reading (`with_derived`) rather than
stored, so the tables keep their columns and a server upgraded in place needs no
migration: each game's results as printed (+ and - for a game not played), each
player's forfeits won and lost, and which tie-break separated players level on
points. (Standings stored by builds before issue 37 counted forfeits the old way
until the tournament changes again: `projections rebuild --only tournaments`.)
"""

from __future__ import annotations

from functools import singledispatchmethod
from types import SimpleNamespace
from typing import Any

from eventsourcing.utils import get_topic

from service.ledger.game import Game
from service.projections.base import ReadModelProjection, micros
from service.projections.sql import Table
from service.projections.view import PostgresView, ReadModelView, SQLiteView
from service.tournaments import standings
from service.tournaments.aggregate import Tournament
from service.tournaments.standings import GameRulings, Result, TableGame
from service.tournaments.tiebreaks import separated_by

TOURNAMENTS = Table(
    "tournaments",
    (
        ("tournament", "text"),
        ("seq", "int"),
        ("name", "text"),
        ("rules", "text"),
        ("options", "json"),
        ("players", "json"),  # [{"id", "name"}] in seeding order
        ("pairing", "text"),
        ("table_size", "int"),
        ("rounds", "int"),
        ("rounds_paired", "int"),
        ("byes", "json"),  # {"round": [player ids]}
        ("disqualified", "json"),
        ("status", "text"),  # "open" or "finished" (every round paired, every game settled)
        ("actor", "text"),
        ("created_us", "int"),
        ("updated_us", "int"),
    ),
    key=("tournament",),
    indexes=(("seq",),),
)
TABLE_GAMES = Table(
    "tournament_games",
    (
        ("tournament", "text"),
        ("game", "text"),
        ("round", "int"),
        ("seq", "int"),
        ("player_ids", "json"),
        ("result", "json"),
        ("rulings", "json"),
        ("state", "text"),  # playing | finished | forfeit | annulled
        ("places", "json"),
        ("points", "json"),
    ),
    key=("tournament", "game"),
    indexes=(("game",),),
)
RULINGS = Table(
    "tournament_rulings",
    (
        ("tournament", "text"),
        ("seq", "int"),
        ("kind", "text"),
        ("game", "text"),
        ("player_id", "text"),
        ("scores", "json"),
        ("winners", "json"),
        ("reason", "text"),
        ("actor", "text"),
        ("at_ms", "int"),
    ),
    key=("tournament", "seq"),
)
STANDINGS = Table(
    "standings",
    (
        ("tournament", "text"),
        ("player_id", "text"),
        ("rank", "int"),
        ("player", "text"),
        ("points", "float"),
        ("played", "int"),
        ("wins", "int"),
        ("byes", "int"),
        ("buchholz", "float"),
        ("score_sum", "int"),
        ("disqualified", "bool"),
        ("position", "int"),  # order in the standings, 0 first (ranks can tie)
    ),
    key=("tournament", "player_id"),
)
TABLES = 1 << 16  # places for the games of one GamesAdded event in tournament_games.seq (position, then table)
RESULTS = Table(
    "finished_games",
    (("game", "text"), ("result", "json")),
    key=("game",),
)


class SQLiteTournamentsView(SQLiteView):
    projection = "tournaments"
    tables = (TOURNAMENTS, TABLE_GAMES, RULINGS, STANDINGS, RESULTS)


class PostgresTournamentsView(PostgresView):
    projection = "tournaments"
    tables = (TOURNAMENTS, TABLE_GAMES, RULINGS, STANDINGS, RESULTS)


def _result(data: dict[str, Any] | None) -> Result | None:
    return None if data is None else Result(tuple(data["scores"]), tuple(data["winners"]))


def with_derived(found: dict[str, Any]) -> dict[str, Any]:
    """A tournament as read (ReadModels.tournament) with what is worked out on reading (see above): each game
    row's `results`, each standings row's `forfeits_won`, `forfeits_lost` and `separated_by`."""
    tally: dict[str, list[int]] = {}
    for row in found["games"]:
        rulings = GameRulings.from_json(row["rulings"])
        done = standings.outcome(row["player_ids"], _result(row["result"]), rulings)
        row["results"] = [] if done is None else list(done.marks())
        if done is not None and not done.played:
            for seat, pid in enumerate(row["player_ids"]):
                tally.setdefault(pid, [0, 0])[seat in done.forfeited] += 1
    rows = found["standings"]
    for i, row in enumerate(rows):
        row["forfeits_won"], row["forfeits_lost"] = tally.get(row["player_id"], [0, 0])
        below = SimpleNamespace(**rows[i + 1]) if i + 1 < len(rows) else None
        row["separated_by"] = "" if below is None else separated_by(SimpleNamespace(**row), below)
    return found


class TournamentStandings(ReadModelProjection[ReadModelView]):
    name = "tournaments"
    topics = (
        get_topic(Game.SeedRevealed),
        get_topic(Tournament.Created),
        get_topic(Tournament.GamesAdded),
        get_topic(Tournament.RulingRecorded),
    )
    sqlite_view = SQLiteTournamentsView
    postgres_view = PostgresTournamentsView

    @singledispatchmethod
    def apply(self, domain_event: Any, position: int) -> None:
        """Other events: only the position moves."""

    @apply.register
    def _revealed(self, event: Game.SeedRevealed, position: int) -> None:
        game = str(event.originator_id)
        result = {"scores": list(event.scores), "winners": list(event.winners)}
        self.view.put("finished_games", {"game": game, "result": result})
        for row in self.view.select("tournament_games", game=game):
            row["result"] = result
            self.view.put("tournament_games", row)
            self._recompute(row["tournament"], micros(event.timestamp))

    @apply.register
    def _created(self, event: Tournament.Created, position: int) -> None:
        tid = str(event.originator_id)
        self.view.put(
            "tournaments",
            {
                "tournament": tid,
                "seq": position,
                "name": event.name,
                "rules": event.rules_name,
                "options": event.options,
                "players": event.players,
                "pairing": event.pairing,
                "table_size": event.table_size,
                "rounds": event.rounds,
                "rounds_paired": 0,
                "byes": {},
                "disqualified": [],
                "status": "open",
                "actor": event.actor,
                "created_us": micros(event.timestamp),
                "updated_us": micros(event.timestamp),
            },
        )
        self._recompute(tid, micros(event.timestamp))

    @apply.register
    def _added(self, event: Tournament.GamesAdded, position: int) -> None:
        tid = str(event.originator_id)
        t = self._tournament(tid)
        for table, g in enumerate(event.games):
            finished = self.view.get("finished_games", g["game"])
            self.view.put(
                "tournament_games",
                {
                    "tournament": tid,
                    "game": g["game"],
                    "round": event.round,
                    "seq": position * TABLES + table,  # the order games came in: a round lists its tables in order
                    "player_ids": list(g["players"]),
                    "result": None if finished is None else finished["result"],
                    "rulings": GameRulings().to_json(),
                    "state": "playing",
                    "places": None,
                    "points": None,
                },
            )
        if event.byes:
            byes = dict(t["byes"])
            byes[str(event.round)] = [*byes.get(str(event.round), []), *event.byes]
            t["byes"] = byes
        t["rounds_paired"] = max(t["rounds_paired"], event.round)
        self.view.put("tournaments", t)
        self._recompute(tid, micros(event.timestamp))

    @apply.register
    def _ruling(self, event: Tournament.RulingRecorded, position: int) -> None:
        tid = str(event.originator_id)
        self.view.put(
            "tournament_rulings",
            {
                "tournament": tid,
                "seq": position,
                "kind": event.kind,
                "game": event.game,
                "player_id": event.player,
                "scores": event.scores,
                "winners": event.winners,
                "reason": event.reason,
                "actor": event.actor,
                "at_ms": event.at_ms,
            },
        )
        if event.kind == "disqualification":
            t = self._tournament(tid)
            t["disqualified"] = sorted({*t["disqualified"], event.player})
            self.view.put("tournaments", t)
            rows = [r for r in self.view.select("tournament_games", tournament=tid) if event.player in r["player_ids"]]
        else:
            found = self.view.get("tournament_games", tid, event.game)
            rows = [] if found is None else [found]
        for row in rows:
            rulings = GameRulings.from_json(row["rulings"])
            rulings.apply(event.kind, event.player, event.scores, event.winners)
            row["rulings"] = rulings.to_json()
            self.view.put("tournament_games", row)
        self._recompute(tid, micros(event.timestamp))

    # --- standings ----------------------------------------------------------------------------------
    def _tournament(self, tid: str) -> dict[str, Any]:
        t = self.view.get("tournaments", tid)
        if t is None:
            raise LookupError(f"tournaments/{tid} changed before it was created (position skipped?)")
        return t

    def _recompute(self, tid: str, at_us: int) -> None:
        t = self._tournament(tid)
        rows = self.view.select("tournament_games", tournament=tid)
        games = []
        settled = True
        for row in rows:
            rulings = GameRulings.from_json(row["rulings"])
            table = TableGame(row["game"], row["round"], tuple(row["player_ids"]), _result(row["result"]), rulings)
            games.append(table)
            done = standings.outcome(table.players, table.result, rulings)
            if rulings.annulled:
                state = "annulled"
            elif done is None:
                state, settled = "playing", False
            else:
                state = "finished" if done.played else "forfeit"
            row.update(
                state=state,
                places=None if done is None else list(done.places),
                points=None if done is None else list(done.points),
            )
            self.view.put("tournament_games", row)
        order = standings.standings(
            [(p["id"], p["name"]) for p in t["players"]],
            games,
            {int(r): ids for r, ids in t["byes"].items()},
            t["disqualified"],
            t["table_size"],
        )
        for old in self.view.select("standings", tournament=tid):
            self.view.delete("standings", tid, old["player_id"])
        for i, s in enumerate(order):
            self.view.put(
                "standings",
                {
                    "tournament": tid,
                    "player_id": s.player,
                    "rank": s.rank,
                    "player": s.name,
                    "points": s.points,
                    "played": s.played,
                    "wins": s.wins,
                    "byes": s.byes,
                    "buchholz": s.buchholz,
                    "score_sum": s.score_sum,
                    "disqualified": s.disqualified,
                    "position": i,
                },
            )
        t["status"] = "finished" if settled and t["rounds_paired"] >= t["rounds"] else "open"
        t["updated_us"] = at_us
        self.view.put("tournaments", t)
