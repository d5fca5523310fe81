"""Shared by the projection tests: play games in-process, compare read models with the ledger."""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from service.ledger.app import Ledger
from service.projections import admin
from service.projections.games import GAMES
from service.rules.core import Rng

SHORT = {"variant": "turbo"}  # Hare & Tortoise Turbo: short games


def play_to_end(
    ledger: Ledger, game_id: UUID, seed: str = "bot", limit: int = 5000, stop_after: int | None = None
) -> int:
    """Random legal commands (automatic ones too) until the game ends, or `stop_after` commands."""
    bot = Rng(seed.encode(), 0)
    for n in range(limit):
        if stop_after is not None and n >= stop_after:
            return n
        game = ledger.get_game(game_id)
        status = game.rules.status(game.state)
        if status.finished:
            return n
        seats: list[int | None] = list(status.to_act) or [None]
        seat = seats[bot.below(len(seats))]
        options = game.rules.legal_commands(game.state, seat)
        if not options:
            raise AssertionError(f"seat {seat} has nothing to do in {game.rules_name} {status}")
        ledger.submit(game_id, seat, options[bot.below(len(options))], f"{seed}-{n}")
    raise AssertionError("the game did not finish")


def check_summaries_against_ledger(env: dict[str, str], ledger: Ledger) -> int:
    """Every game's summary equals the game itself, and it applied exactly as many events as the game has."""
    rows = admin.dump(env, ["games"])["games"]["games"]
    games = 0
    for raw in rows:
        row: dict[str, Any] = dict(zip(GAMES.column_names, raw, strict=True))
        game = ledger.get_game(UUID(row["game"]))
        rules = game.rules
        status = rules.status(game.state)
        assert row["version"] == game.version, row["game"]
        assert row["events"] == game.version, f"games/{row['game']}: {row['events']} events applied, not {game.version}"
        assert bool(row["finished"]) == status.finished and row["phase"] == status.phase
        assert row["last_hash"] == game.last_hash
        if status.finished:
            assert json.loads(row["scores"]) == list(rules.scores(game.state))
            assert json.loads(row["winners"]) == list(rules.winners(game.state))
        else:
            assert row["scores"] is None  # scores in play are never shown
        games += 1
    return games
