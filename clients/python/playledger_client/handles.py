"""What calls name: a game, a tournament, a seat's token."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Token:
    game: str
    seat: int
    player: str
    token: str
    player_id: str = ""  # the stable id the seat is bound to


def game_name(game: str) -> str:
    """Accept 'games/ID' or a bare ID."""
    return game if game.startswith("games/") else f"games/{game}"


def tournament_name(tournament: str) -> str:
    """Accept 'tournaments/ID' or a bare ID."""
    return tournament if tournament.startswith("tournaments/") else f"tournaments/{tournament}"
