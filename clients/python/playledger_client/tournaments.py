"""LeaderboardService's tournament calls, mixed into Client (client.py holds the channel, auth and retries)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from playledger.v1 import leaderboards_pb2

from playledger_client.handles import Token, game_name, tournament_name


class TournamentCalls:
    """Run tournaments: pair rounds, add games, record rulings, read standings (writes need the organizer token)."""

    if TYPE_CHECKING:  # provided by Client
        _boards: Any

        def _call(self, method: Any, request: Any, retry: bool = False) -> Any: ...

    def pair_tournament_round(self, tournament: str, actor: str = "") -> leaderboards_pb2.PairTournamentRoundResponse:
        """Pair the next round (organizer token): its games with their seat tokens, the byes, and why (the
        score groups, floaters and rematches avoided: `explanation`)."""
        request = leaderboards_pb2.PairTournamentRoundRequest(tournament=tournament_name(tournament), actor=actor)
        response: leaderboards_pb2.PairTournamentRoundResponse = self._call(self._boards.PairTournamentRound, request)
        return response

    def pair_round(self, tournament: str, actor: str = "") -> tuple[int, list[tuple[str, list[Token]]], list[str]]:
        """Pair the next round: (round, [(game name, seat tokens)], byes). Needs the organizer token."""
        response = self.pair_tournament_round(tournament, actor)
        games = [
            (g.game, [Token(g.game, t.seat, t.player, t.token, t.player_id) for t in g.seat_tokens])
            for g in response.games
        ]
        return response.round, games, list(response.byes)

    def add_tournament_games(self, tournament: str, games: list[str], round_no: int = 0, actor: str = "") -> int:
        request = leaderboards_pb2.AddTournamentGamesRequest(
            tournament=tournament_name(tournament), games=[game_name(g) for g in games], round=round_no, actor=actor
        )
        return int(self._call(self._boards.AddTournamentGames, request).round)

    def record_ruling(
        self,
        tournament: str,
        kind: str,
        reason: str,
        actor: str,
        game: str = "",
        player_id: str = "",
        scores: list[int] | None = None,
        winners: list[int] | None = None,
    ) -> leaderboards_pb2.Ruling:
        """kind: forfeit, annulment, score_correction or disqualification. Needs the organizer token."""
        number = leaderboards_pb2.RulingKind.Value(f"RULING_KIND_{kind.upper()}")
        request = leaderboards_pb2.RecordRulingRequest(
            tournament=tournament_name(tournament),
            kind=number,
            game=game_name(game) if game else "",
            player_id=player_id,
            scores=scores or [],
            winners=winners or [],
            reason=reason,
            actor=actor,
        )
        found: leaderboards_pb2.Ruling = self._call(self._boards.RecordRuling, request).ruling
        return found

    def standings(self, tournament: str) -> leaderboards_pb2.GetStandingsResponse:
        request = leaderboards_pb2.GetStandingsRequest(tournament=tournament_name(tournament))
        response: leaderboards_pb2.GetStandingsResponse = self._call(self._boards.GetStandings, request, retry=True)
        return response

    def tournaments(self, page_size: int = 100) -> Iterator[leaderboards_pb2.Tournament]:
        token = ""
        while True:
            request = leaderboards_pb2.ListTournamentsRequest(page_size=page_size, page_token=token)
            page = self._call(self._boards.ListTournaments, request, retry=True)
            yield from page.tournaments
            token = page.next_page_token
            if not token:
                return
