"""Arbiter rulings: what a ruling may say about a tournament, and the games it ends in their own streams.

A forfeit or an annulment of a game still in play, and a disqualification
(every unfinished game of the player), end those games: each gets an
EndedByRuling link in its own hash chain, saved in the same transaction as the
tournament's RulingRecorded, which lists them in `ended`. A ruling on a game
that is already over (a forfeit found out afterwards, a score correction)
changes only its effective result in the tournament.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from uuid import UUID

from service.ledger.game import ENDING_RULINGS, Game
from service.rules.core import InvalidOptions
from service.tournaments.aggregate import Tournament
from service.tournaments.standings import RULING_KINDS

MAX_REASON = 2000
GameOf = Callable[[UUID], Game]


class TournamentRefused(Exception):
    """A well-formed request the tournament cannot take now (-> FAILED_PRECONDITION)."""

    def __init__(self, message: str, code: str = "TOURNAMENT_REFUSED") -> None:
        super().__init__(message)
        self.code = code


class BadRuling(InvalidOptions):
    """A ruling request that names the wrong thing (-> INVALID_ARGUMENT), with its own reason and field."""

    def __init__(self, message: str, code: str, field: str) -> None:
        super().__init__(message)
        self.code = code
        self.field = field


def checked(
    t: Tournament,
    kind: str,
    reason: str,
    actor: str,
    at_ms: int,
    game_of: GameOf,
    game_id: UUID | None = None,
    player: str | None = None,
    scores: Sequence[int] | None = None,
    winners: Sequence[int] | None = None,
) -> dict[str, Any]:
    """The fields of RulingRecorded for a ruling this tournament can take (else BadRuling/TournamentRefused)."""
    reason = reason.strip()
    if not reason or len(reason) > MAX_REASON:
        raise BadRuling(f"a ruling needs a reason (1 to {MAX_REASON} characters)", "REASON_REQUIRED", "reason")
    if kind not in RULING_KINDS:
        raise BadRuling(f"a ruling is one of {list(RULING_KINDS)}, not {kind!r}", "BAD_RULING_KIND", "kind")
    game = str(game_id) if game_id is not None else None
    fields: dict[str, Any] = {
        "kind": kind,
        "game": game,
        "player": player or None,
        "scores": None,
        "winners": None,
        "reason": reason,
        "actor": actor,
        "at_ms": at_ms,
    }
    if kind == "disqualification":
        _check_disqualification(t, player)
        fields["game"] = None
        return fields
    if game is None:
        raise BadRuling(f"a {kind.replace('_', ' ')} names the game it rules on", "GAME_REQUIRED", "game")
    fields.update(_on_game(t, kind, game, player, game_of, scores, winners))
    return fields


def _check_disqualification(t: Tournament, player: str | None) -> None:
    if not player or player not in t.player_ids:
        raise BadRuling(
            f"name a player of this tournament to disqualify (one of {sorted(t.player_ids)}), not {player!r}",
            "NOT_A_PLAYER",
            "player_id",
        )
    if player in t.disqualified:
        raise TournamentRefused(f"{player!r} is already disqualified", "ALREADY_RULED")


def _on_game(
    t: Tournament,
    kind: str,
    game: str,
    player: str | None,
    game_of: GameOf,
    scores: Sequence[int] | None,
    winners: Sequence[int] | None,
) -> dict[str, Any]:
    """A ruling on one game: refused if the game is not the tournament's or already annulled; what it changes."""
    if game not in t.games:
        raise TournamentRefused(f"games/{game} is not a game of this tournament", "NOT_IN_TOURNAMENT")
    seats = t.games[game][1]
    earlier = [r for r in t.rulings if r["game"] == game]
    if any(r["kind"] == "annulment" for r in earlier):
        raise TournamentRefused(f"games/{game} is annulled already", "ALREADY_RULED")
    if kind == "forfeit":
        if not player or player not in seats:
            raise BadRuling(
                f"name the player of games/{game} who forfeits: one of {list(seats)}, not {player!r}",
                "NOT_A_PLAYER",
                "player_id",
            )
        if any(r["kind"] == "forfeit" and r["player"] == player for r in earlier):
            raise TournamentRefused(f"{player!r} already forfeited games/{game}", "ALREADY_RULED")
        return {}
    if kind == "annulment":
        return {"player": None}
    corrected, winners_after = _correction(game, game_of(UUID(game)), seats, scores, winners)
    return {"player": None, "scores": corrected, "winners": winners_after}


def _correction(
    game_id: str, game: Game, seats: Sequence[str], scores: Sequence[int] | None, winners: Sequence[int] | None
) -> tuple[list[int], list[int] | None]:
    if game.ruling is not None:
        raise TournamentRefused(
            f"games/{game_id} was ended by a {game.ruling['kind']} ruling: it has no score to correct",
            "GAME_RULED",
        )
    if not game.is_finished():
        raise TournamentRefused(f"games/{game_id} is not finished: correct its score once it is", "GAME_NOT_FINISHED")
    if scores is None or len(scores) != len(seats):
        raise BadRuling(f"a score correction gives one score per seat ({len(seats)})", "BAD_SCORES", "scores")
    if not winners:
        return [int(s) for s in scores], None
    if any(not 0 <= w < len(seats) for w in winners):
        raise BadRuling(f"winners are seat numbers 0 to {len(seats) - 1}", "BAD_WINNERS", "winners")
    return [int(s) for s in scores], sorted({int(w) for w in winners})


def end_games(t: Tournament, fields: dict[str, Any], game_of: GameOf) -> list[Game]:
    """The tournament's games still in play that this ruling ends, each with its EndedByRuling triggered."""
    kind = fields["kind"]
    if kind not in ENDING_RULINGS:
        return []
    if kind == "disqualification":
        targets = [g for g, (_, seats) in t.games.items() if fields["player"] in seats]
    else:
        targets = [fields["game"]]
    ended = []
    for game_id in targets:
        game = game_of(UUID(game_id))
        if game.is_finished():
            continue  # over already: the ruling changes its result in the standings only
        game.end_by_ruling(kind, fields["reason"], fields["actor"], fields["at_ms"], str(t.id), fields["player"])
        ended.append(game)
    return ended
