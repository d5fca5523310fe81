"""LeaderboardService: ratings and tournament standings from the projections; tournament writes as events.

Writes need the organizer token. Each write answers once the tournaments
projection has applied it (waiting a bounded moment), so an organizer who
records a ruling and then asks for the standings sees its effect.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

import grpc
from playledger.v1 import games_pb2, leaderboards_pb2, leaderboards_pb2_grpc

from service.api import convert
from service.api.auth import caller_of
from service.api.errors import PermissionDenied, translated_errors
from service.api.games import bot_spec
from service.projections.read import ReadModels
from service.rules.catalog import rules_for
from service.tournaments.aggregate import Tournament
from service.tournaments.app import TournamentNotFound, Tournaments
from service.tournaments.explain import Explanation, Meeting
from service.tournaments.standings import bye_points
from service.tournaments.tiebreaks import TIEBREAKS

log = logging.getLogger(__name__)
DEFAULT_PAGE = 50
WRITE_VISIBLE_WITHIN = 2.0  # seconds a write waits for the standings to show it

TOURNAMENT_NAME = re.compile(r"^tournaments/([0-9a-fA-F-]{32,36})$")
KINDS: dict[int, str] = {
    leaderboards_pb2.RULING_KIND_FORFEIT: "forfeit",
    leaderboards_pb2.RULING_KIND_ANNULMENT: "annulment",
    leaderboards_pb2.RULING_KIND_SCORE_CORRECTION: "score_correction",
    leaderboards_pb2.RULING_KIND_DISQUALIFICATION: "disqualification",
}
KIND_NUMBERS = {v: k for k, v in KINDS.items()}


def parse_tournament_name(name: str) -> UUID:
    match = TOURNAMENT_NAME.match(name.strip())
    if not match:
        raise convert.MalformedRequest(
            f"a tournament is named tournaments/{{id}}, not {name!r}", "BAD_TOURNAMENT_NAME", "tournament"
        )
    try:
        return UUID(match.group(1))
    except ValueError:
        raise convert.MalformedRequest(f"{name!r} does not hold a valid tournament id", "BAD_TOURNAMENT_NAME") from None


def _page(request_size: int) -> int:
    return convert.page_size(request_size, DEFAULT_PAGE)


def _time(us: int) -> datetime:
    return datetime(1970, 1, 1, tzinfo=UTC) + timedelta(microseconds=us)


def _ms(ms: int) -> datetime:
    return datetime(1970, 1, 1, tzinfo=UTC) + timedelta(milliseconds=ms)


def tournament_to_proto(row: Mapping[str, Any]) -> leaderboards_pb2.Tournament:
    return leaderboards_pb2.Tournament(
        name=f"tournaments/{row['tournament']}",
        display_name=row["name"],
        rules=row["rules"],
        options=convert.dict_to_struct(row["options"]),
        players=[leaderboards_pb2.TournamentPlayer(id=p["id"], name=p["name"]) for p in row["players"]],
        pairing=row["pairing"],
        table_size=row["table_size"],
        rounds=row["rounds"],
        rounds_paired=row["rounds_paired"],
        status=row["status"],
        disqualified=list(row["disqualified"]),
        create_time=convert.timestamp(_time(row["created_us"])),
        update_time=convert.timestamp(_time(row["updated_us"])),
        tiebreaks=[leaderboards_pb2.TieBreak(key=t.key, title=t.title, rule=t.rule) for t in TIEBREAKS],
    )


def explanation_to_proto(x: Explanation) -> leaderboards_pb2.PairingExplanation:
    def meetings(found: list[Meeting]) -> list[leaderboards_pb2.Meeting]:
        return [leaderboards_pb2.Meeting(player_ids=list(m.players), rounds=list(m.rounds)) for m in found]

    return leaderboards_pb2.PairingExplanation(
        round=x.round,
        method=x.method,
        ranking=[leaderboards_pb2.RankedPlayer(player_id=p, name=n, points=pts) for p, n, pts in x.ranking],
        groups=[
            leaderboards_pb2.ScoreGroup(
                points=g.points,
                player_ids=g.players,
                moved_in=g.moved_in,
                moved_out=g.moved_out,
                tables=[leaderboards_pb2.SeatedTable(player_ids=t) for t in g.tables],
                rematches_avoided=meetings(g.rematches_avoided),
            )
            for g in x.groups
        ],
        byes=x.byes,
        bye_had_one=x.bye_had_one,
        bye_blocked=x.bye_blocked,
        rematch_limit=x.rematch_limit,
        rematches=meetings(x.rematches),
        bye_again=x.bye_again,
    )


def _aggregate_row(t: Tournament) -> dict[str, Any]:
    """A freshly created tournament in the read model's shape (the answer must not wait on a projection)."""
    created = t.created_on
    us = (created - datetime(1970, 1, 1, tzinfo=UTC)) // timedelta(microseconds=1)
    return {
        "tournament": str(t.id),
        "name": t.name,
        "rules": t.rules_name,
        "options": t.options,
        "players": t.players,
        "pairing": t.pairing,
        "table_size": t.table_size,
        "rounds": t.rounds,
        "rounds_paired": t.rounds_paired,
        "status": "open",
        "disqualified": sorted(t.disqualified),
        "created_us": us,
        "updated_us": us,
    }


def ruling_to_proto(row: Mapping[str, Any]) -> leaderboards_pb2.Ruling:
    return leaderboards_pb2.Ruling(
        kind=KIND_NUMBERS.get(row["kind"], leaderboards_pb2.RULING_KIND_UNSPECIFIED),  # type: ignore[arg-type]
        game=f"games/{row['game']}" if row.get("game") else "",
        player_id=row.get("player_id") or row.get("player") or "",
        scores=list(row.get("scores") or ()),
        winners=list(row.get("winners") or ()),
        reason=row["reason"],
        actor=row["actor"],
        time=convert.timestamp(_ms(row["at_ms"])),
    )


class LeaderboardService(leaderboards_pb2_grpc.LeaderboardServiceServicer):
    def __init__(self, tournaments: Tournaments, reads: ReadModels, organizer_token: str | None = None) -> None:
        self._tournaments = tournaments
        self._reads = reads
        self._organizer_token = organizer_token

    def _organizer(self, context: grpc.ServicerContext) -> None:
        caller = caller_of(context, self._organizer_token)
        if caller.organizer:
            return
        if self._organizer_token is None:
            raise PermissionDenied(
                "tournaments are run with the organizer token, and this server has none: "
                "start it with --organizer-token",
                "ORGANIZER_ONLY",
            )
        raise PermissionDenied(
            "only the organizer may change a tournament: call with the organizer token", "ORGANIZER_ONLY"
        )

    def _visible(self, position: int) -> None:
        if not self._reads.wait_for("tournaments", position, WRITE_VISIBLE_WITHIN):
            log.info("tournament write at %d not yet in the standings after %.1fs", position, WRITE_VISIBLE_WITHIN)

    # --- reads ----------------------------------------------------------------------------------
    def GetLeaderboard(
        self, request: leaderboards_pb2.GetLeaderboardRequest, context: grpc.ServicerContext
    ) -> leaderboards_pb2.GetLeaderboardResponse:
        with translated_errors(context):
            rules = rules_for(request.rules).name
            size = _page(request.page_size)
            offset = convert.parse_page_token(request.page_token)
            rows, more = self._reads.leaderboard(rules, offset, size)
            return leaderboards_pb2.GetLeaderboardResponse(
                rules=rules,
                entries=[
                    leaderboards_pb2.RatingEntry(
                        rank=r["rank"],
                        player_id=r["player_id"],
                        player=r["player"],
                        rating=r["rating"],
                        mu=r["mu"],
                        sigma=r["sigma"],
                        games=r["games"],
                        wins=r["wins"],
                    )
                    for r in rows
                ],
                next_page_token=str(offset + size) if more else "",
            )

    def GetStandings(
        self, request: leaderboards_pb2.GetStandingsRequest, context: grpc.ServicerContext
    ) -> leaderboards_pb2.GetStandingsResponse:
        with translated_errors(context):
            tid = parse_tournament_name(request.tournament)
            found = self._reads.tournament(str(tid))
            if found is None:
                self._tournaments.get(tid)  # NOT_FOUND if it does not exist at all
                raise TournamentNotFound(f"tournaments/{tid} is not in the standings yet; try again in a moment")
            return leaderboards_pb2.GetStandingsResponse(
                tournament=tournament_to_proto(found),
                standings=[
                    leaderboards_pb2.Standing(
                        rank=s["rank"],
                        player_id=s["player_id"],
                        player=s["player"],
                        points=s["points"],
                        played=s["played"],
                        wins=s["wins"],
                        byes=s["byes"],
                        buchholz=s["buchholz"],
                        score_sum=s["score_sum"],
                        disqualified=s["disqualified"],
                        forfeits_won=s["forfeits_won"],
                        forfeits_lost=s["forfeits_lost"],
                        separated_by=s["separated_by"],
                    )
                    for s in found["standings"]
                ],
                games=[
                    leaderboards_pb2.TournamentGame(
                        game=f"games/{g['game']}",
                        round=g["round"],
                        player_ids=list(g["player_ids"]),
                        state=g["state"],
                        places=list(g["places"] or ()),
                        points=list(g["points"] or ()),
                        scores=_effective_scores(g),
                        results=g["results"],
                    )
                    for g in found["games"]
                ],
                rulings=[ruling_to_proto(r) for r in found["rulings"]],
                byes=_byes(found),
            )

    def ListTournaments(
        self, request: leaderboards_pb2.ListTournamentsRequest, context: grpc.ServicerContext
    ) -> leaderboards_pb2.ListTournamentsResponse:
        with translated_errors(context):
            rows, after = self._reads.list_tournaments(
                convert.parse_page_token(request.page_token), _page(request.page_size)
            )
            return leaderboards_pb2.ListTournamentsResponse(
                tournaments=[tournament_to_proto(r) for r in rows],
                next_page_token="" if after is None else str(after),
            )

    # --- writes (organizer) ----------------------------------------------------------------------
    def CreateTournament(
        self, request: leaderboards_pb2.CreateTournamentRequest, context: grpc.ServicerContext
    ) -> leaderboards_pb2.CreateTournamentResponse:
        with translated_errors(context):
            self._organizer(context)
            tournament, position = self._tournaments.create(
                request.display_name,
                request.rules,
                [(p.id, p.name) for p in request.players],
                convert.struct_to_dict(request.options),
                request.pairing or "swiss",
                request.table_size,
                request.rounds,
                request.actor or "organizer",
                convert.time_control(request.time_control) if request.HasField("time_control") else None,
                bot_spec(rules_for(request.rules), request.bots, "bots") if request.HasField("bots") else None,
                convert.table(request.table) if request.HasField("table") else None,
            )
            self._visible(position)
            return leaderboards_pb2.CreateTournamentResponse(tournament=tournament_to_proto(_aggregate_row(tournament)))

    def AddTournamentGames(
        self, request: leaderboards_pb2.AddTournamentGamesRequest, context: grpc.ServicerContext
    ) -> leaderboards_pb2.AddTournamentGamesResponse:
        with translated_errors(context):
            self._organizer(context)
            tid = parse_tournament_name(request.tournament)
            games = [convert.parse_game_name(g) for g in request.games]
            round_no, position = self._tournaments.add_games(tid, games, request.round, request.actor or "organizer")
            self._visible(position)
            return leaderboards_pb2.AddTournamentGamesResponse(round=round_no)

    def PairTournamentRound(
        self, request: leaderboards_pb2.PairTournamentRoundRequest, context: grpc.ServicerContext
    ) -> leaderboards_pb2.PairTournamentRoundResponse:
        with translated_errors(context):
            self._organizer(context)
            tid = parse_tournament_name(request.tournament)
            paired = self._tournaments.pair_round(tid, request.actor or "organizer")
            self._visible(paired.position)
            return leaderboards_pb2.PairTournamentRoundResponse(
                round=paired.round,
                games=[
                    leaderboards_pb2.PairedGame(
                        game=convert.game_name(g.created.game_id),
                        player_ids=g.players,
                        seat_tokens=[
                            games_pb2.SeatToken(
                                seat=s, player=g.created.game.players[s], token=token, player_id=g.players[s]
                            )
                            for s, token in enumerate(g.created.tokens)
                        ],
                    )
                    for g in paired.games
                ],
                byes=paired.byes,
                explanation=explanation_to_proto(paired.explanation) if paired.explanation else None,
            )

    def RecordRuling(
        self, request: leaderboards_pb2.RecordRulingRequest, context: grpc.ServicerContext
    ) -> leaderboards_pb2.RecordRulingResponse:
        with translated_errors(context):
            self._organizer(context)
            tid = parse_tournament_name(request.tournament)
            kind = KINDS.get(request.kind)
            if kind is None:
                raise convert.MalformedRequest(
                    "say which ruling: forfeit, annulment, score_correction or disqualification", "BAD_RULING"
                )
            game = convert.parse_game_name(request.game) if request.game else None
            ruling, position = self._tournaments.record_ruling(
                tid,
                kind,
                request.reason,
                request.actor,
                game_id=game,
                player=request.player_id or None,
                scores=list(request.scores) if request.scores else None,
                winners=list(request.winners) if request.winners else None,
            )
            self._visible(position)
            return leaderboards_pb2.RecordRulingResponse(ruling=ruling_to_proto(ruling))


def _byes(found: Mapping[str, Any]) -> list[leaderboards_pb2.TournamentBye]:
    worth = bye_points(found["table_size"])
    return [
        leaderboards_pb2.TournamentBye(round=int(r), player_id=p, points=worth)
        for r, players in sorted(found["byes"].items(), key=lambda kv: int(kv[0]))
        for p in players
    ]


def _effective_scores(game: Mapping[str, Any]) -> list[int]:
    corrected = (game.get("rulings") or {}).get("scores")
    if corrected is not None:
        return list(corrected)
    result = game.get("result")
    return list(result["scores"]) if result else []
