"""Queries on the read models for the API: always the generation the pointer names now."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from typing import Any, TypeVar

from service.projections import sql
from service.projections.games import GAMES, SEATS
from service.projections.ratings import RATINGS
from service.projections.runner import runner_env, view_class
from service.projections.tournaments import RULINGS, STANDINGS, TABLE_GAMES, TOURNAMENTS, with_derived
from service.projections.view import APP_NAME

T = TypeVar("T")


class ReadModels:
    """Read-only access to the projections' current tables (its own small connection pool)."""

    def __init__(self, env: Mapping[str, str]) -> None:
        renv = runner_env(env)
        self.backend = sql.backend_of(env)
        self.datastore = sql.datastore_for(renv, name="pl_read_api")
        sql.ensure_pointer_table(self.datastore, self.backend)

    def close(self) -> None:
        self.datastore.close()

    def _read(self, projection: str, query: Callable[[sql.Cursor, int], T], empty: T) -> T:
        """Run a query against the projection's current generation; retry once if a rebuild just swapped it."""
        for attempt in (1, 2):
            generation = sql.current_generation(self.datastore, self.backend, projection)
            if generation is None:
                return empty  # the projection has never run: nothing to show yet
            try:
                with sql.transaction(self.datastore, self.backend, commit=False) as c:
                    return query(c, generation)
            except Exception as exc:
                if attempt == 2 or not sql.is_missing_table(exc):
                    raise
        return empty

    # --- games ------------------------------------------------------------------------------------
    def list_games(
        self, after: int, size: int, rules: str = "", status: str = "", player_id: str = ""
    ) -> tuple[list[dict[str, Any]], int | None]:
        """Summaries after creation position `after`, oldest first; and the position to continue from."""

        def query(c: sql.Cursor, g: int) -> tuple[list[dict[str, Any]], int | None]:
            where: list[str] = ["seq > ?"]
            params: list[Any] = [after]
            if rules:
                where.append("rules = ?")
                params.append(rules)
            if status:
                where.append("finished = ?")
                params.append(1 if status == "finished" else 0)
            if player_id:
                where.append(f"game IN (SELECT game FROM {SEATS.physical(g)} WHERE player_id = ?)")
                params.append(player_id)
            rows = c.execute(
                f"SELECT {', '.join(GAMES.column_names)} FROM {GAMES.physical(g)} WHERE {' AND '.join(where)} "
                "ORDER BY seq LIMIT ?",
                (*params, size + 1),
            ).fetchall()
            found = [GAMES.decode(r) for r in rows]
            more = len(found) > size
            found = found[:size]
            return found, (found[-1]["seq"] if more and found else None)

        empty: tuple[list[dict[str, Any]], int | None] = ([], None)
        return self._read("games", query, empty)

    # --- ratings ----------------------------------------------------------------------------------
    def leaderboard(self, rules: str, offset: int, size: int) -> tuple[list[dict[str, Any]], bool]:
        """Ratings of one game type, best first, each with its rank (ties share one); and whether more follow."""

        def query(c: sql.Cursor, g: int) -> tuple[list[dict[str, Any]], bool]:
            table = RATINGS.physical(g)
            rows = [
                RATINGS.decode(r)
                for r in c.execute(
                    f"SELECT {', '.join(RATINGS.column_names)} FROM {table} WHERE rules = ? "
                    "ORDER BY rating DESC, player_id LIMIT ? OFFSET ?",
                    (rules, size + 1, offset),
                ).fetchall()
            ]
            more = len(rows) > size
            rows = rows[:size]
            for i, row in enumerate(rows):
                if i and rows[i - 1]["rating"] == row["rating"]:
                    row["rank"] = rows[i - 1]["rank"]
                else:
                    above = c.execute(
                        f"SELECT COUNT(*) AS n FROM {table} WHERE rules = ? AND rating > ?", (rules, row["rating"])
                    ).fetchone()
                    row["rank"] = 1 + int(above["n"] if above else 0)
            return rows, more

        nothing: tuple[list[dict[str, Any]], bool] = ([], False)
        return self._read("ratings", query, nothing)

    # --- tournaments --------------------------------------------------------------------------------
    def tournament(self, tournament_id: str) -> dict[str, Any] | None:
        """The tournament row with its standings, games and rulings; None if the projection has not seen it."""

        def query(c: sql.Cursor, g: int) -> dict[str, Any] | None:
            head = c.execute(
                f"SELECT {', '.join(TOURNAMENTS.column_names)} FROM {TOURNAMENTS.physical(g)} WHERE tournament = ?",
                (tournament_id,),
            ).fetchone()
            if head is None:
                return None
            out = TOURNAMENTS.decode(head)
            out["standings"] = [
                STANDINGS.decode(r)
                for r in c.execute(
                    f"SELECT {', '.join(STANDINGS.column_names)} FROM {STANDINGS.physical(g)} "
                    "WHERE tournament = ? ORDER BY position",
                    (tournament_id,),
                ).fetchall()
            ]
            out["games"] = [
                TABLE_GAMES.decode(r)
                for r in c.execute(
                    f"SELECT {', '.join(TABLE_GAMES.column_names)} FROM {TABLE_GAMES.physical(g)} "
                    "WHERE tournament = ? ORDER BY round, seq, game",
                    (tournament_id,),
                ).fetchall()
            ]
            out["rulings"] = [
                RULINGS.decode(r)
                for r in c.execute(
                    f"SELECT {', '.join(RULINGS.column_names)} FROM {RULINGS.physical(g)} "
                    "WHERE tournament = ? ORDER BY seq",
                    (tournament_id,),
                ).fetchall()
            ]
            return with_derived(out)

        return self._read("tournaments", query, None)

    def list_tournaments(self, after: int, size: int) -> tuple[list[dict[str, Any]], int | None]:
        def query(c: sql.Cursor, g: int) -> tuple[list[dict[str, Any]], int | None]:
            rows = [
                TOURNAMENTS.decode(r)
                for r in c.execute(
                    f"SELECT {', '.join(TOURNAMENTS.column_names)} FROM {TOURNAMENTS.physical(g)} "
                    "WHERE seq > ? ORDER BY seq LIMIT ?",
                    (after, size + 1),
                ).fetchall()
            ]
            more = len(rows) > size
            rows = rows[:size]
            return rows, (rows[-1]["seq"] if more and rows else None)

        empty: tuple[list[dict[str, Any]], int | None] = ([], None)
        return self._read("tournaments", query, empty)

    # --- freshness --------------------------------------------------------------------------------
    def position(self, projection: str) -> int:
        def query(c: sql.Cursor, g: int) -> int:
            table = view_class(projection, self.backend).tracking_table(g)
            row = c.execute(
                f"SELECT MAX(notification_id) AS n FROM {table} WHERE application_name = ?", (APP_NAME,)
            ).fetchone()
            return int(row["n"]) if row and row["n"] is not None else 0

        return self._read(projection, query, 0)

    def wait_for(self, projection: str, notification_id: int, timeout: float = 2.0) -> bool:
        """Wait (bounded) until the projection has applied the event at `notification_id` (one of its kinds).

        Lets a write answer once its effect is readable (an organizer's ruling, then the standings).
        """
        deadline = time.monotonic() + timeout
        pause = 0.01
        while self.position(projection) < notification_id:
            if time.monotonic() > deadline:
                return False
            time.sleep(pause)
            pause = min(pause * 2, 0.2)
        return True
