"""GameService: a thin adapter that parses, calls the ledger, and renders. No rules, no SQL here."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from typing import Any

import grpc
from playledger.v1 import games_pb2, games_pb2_grpc

from service.api import convert
from service.api.auth import Caller, caller_of
from service.api.errors import Overloaded, PermissionDenied, translated_errors
from service.ledger.app import Ledger
from service.ledger.game import Game
from service.projections.read import ReadModels
from service.rules.catalog import RULES, rules_for
from service.rules.core import InvalidOptions

DEFAULT_PAGE = 50
MAX_PAGE = 500
MAX_SEED_BYTES = 64


class GameService(games_pb2_grpc.GameServiceServicer):
    def __init__(
        self,
        ledger: Ledger,
        organizer_token: str | None = None,
        max_watchers: int = 4,
        stopping: Callable[[], bool] = lambda: False,
        reads: ReadModels | None = None,
    ) -> None:
        self._ledger = ledger
        self._reads = reads  # the read models (ListGames); a server always passes them
        self._organizer_token = organizer_token
        self._watchers = threading.BoundedSemaphore(max_watchers)
        self._max_watchers = max_watchers
        self._stopping = stopping

    def _caller(self, context: grpc.ServicerContext) -> Caller:
        return caller_of(context, self._organizer_token)

    def _render(self, game: Game, caller: Caller, with_view: bool = True) -> games_pb2.Game:
        seat = caller.seat_in(game)
        view: dict[str, Any] | None = None
        if with_view:
            rules = game.rules
            if caller.organizer:
                view = {
                    "spectator": rules.view(game.state, None),
                    "seats": [rules.view(game.state, s) for s in range(game.seats)],
                }
            else:
                view = rules.view(game.state, seat)
        return convert.game_to_proto(game, view, seat, caller.organizer)

    # --- RPCs -----------------------------------------------------------------------------------
    def CreateGame(
        self, request: games_pb2.CreateGameRequest, context: grpc.ServicerContext
    ) -> games_pb2.CreateGameResponse:
        with translated_errors(context):
            caller = self._caller(context)
            rules = rules_for(request.rules)
            if not request.players:
                raise InvalidOptions(
                    f"name the players: {rules.metadata.title} needs "
                    f"{rules.metadata.min_players} to {rules.metadata.max_players} of them"
                )
            seed = _parse_seed(request.seed_hex)
            created = self._ledger.create_game(
                rules.name,
                list(request.players),
                convert.struct_to_dict(request.options),
                seed,
                player_ids=list(request.player_ids) or None,
            )
            game = created.game
            tokens = [
                games_pb2.SeatToken(seat=s, player=game.players[s], token=t, player_id=game.player_ids[s])
                for s, t in enumerate(created.tokens)
            ]
            return games_pb2.CreateGameResponse(game=self._render(game, caller), seat_tokens=tokens)

    def GetGame(self, request: games_pb2.GetGameRequest, context: grpc.ServicerContext) -> games_pb2.GetGameResponse:
        with translated_errors(context):
            caller = self._caller(context)
            game = self._ledger.get_game(convert.parse_game_name(request.name))
            return games_pb2.GetGameResponse(game=self._render(game, caller))

    def ListGames(
        self, request: games_pb2.ListGamesRequest, context: grpc.ServicerContext
    ) -> games_pb2.ListGamesResponse:
        """From the game summaries projection: paged by creation order, filtered by rules, status, player."""
        with translated_errors(context):
            caller = self._caller(context)
            if request.rules:
                rules_for(request.rules)
            if request.status not in ("", "active", "finished"):
                raise convert.MalformedRequest(f"status must be 'active' or 'finished', not {request.status!r}")
            size = request.page_size or DEFAULT_PAGE
            if not 0 < size <= MAX_PAGE:
                raise convert.MalformedRequest(f"page_size must be 1 to {MAX_PAGE}, not {size}")
            after = _parse_page_token(request.page_token)
            if self._reads is None:
                raise Overloaded("this server has no read models configured")
            rows, more_after = self._reads.list_games(after, size, request.rules, request.status, request.player_id)
            return games_pb2.ListGamesResponse(
                games=[convert.summary_to_proto(r, caller.organizer) for r in rows],
                next_page_token="" if more_after is None else str(more_after),
            )

    def ListGameTypes(
        self, request: games_pb2.ListGameTypesRequest, context: grpc.ServicerContext
    ) -> games_pb2.ListGameTypesResponse:
        return games_pb2.ListGameTypesResponse(
            game_types=[convert.game_type_to_proto(RULES[name]) for name in sorted(RULES)]
        )

    def SubmitCommand(
        self, request: games_pb2.SubmitCommandRequest, context: grpc.ServicerContext
    ) -> games_pb2.SubmitCommandResponse:
        with translated_errors(context):
            caller = self._caller(context)
            game_id = convert.parse_game_name(request.game)
            # Seats, tokens and rules never change after creation: a cached copy answers them without a read.
            game = self._ledger.peek(game_id) or self._ledger.get_game(game_id)
            seat = caller.seat_in(game)
            if seat is None:
                raise PermissionDenied("only a player can submit commands: call with your seat token")
            command = convert.parse_command(game.rules, request.command_type, request.args)
            expected = request.expected_version if request.HasField("expected_version") else None
            if len(request.request_id) > 128:
                raise convert.MalformedRequest("request_id is longer than 128 characters")
            done = self._ledger.submit(game_id, seat, command, request.request_id or None, expected)
            game = done.game
            rules = game.rules
            now = datetime.now(UTC)
            shown = [
                convert.rules_event_to_proto(r.version, r.event, r.seat, now, rules, seat, organizer=False)
                for r in done.events
            ]
            return games_pb2.SubmitCommandResponse(
                version=done.version,
                events=[e for e in shown if e is not None],
                status=convert.status_to_proto(rules.status(game.state)),
                repeated=done.repeated,
            )

    def ListLegalCommands(
        self, request: games_pb2.ListLegalCommandsRequest, context: grpc.ServicerContext
    ) -> games_pb2.ListLegalCommandsResponse:
        with translated_errors(context):
            caller = self._caller(context)
            game = self._ledger.get_game(convert.parse_game_name(request.game))
            seat = caller.seat_in(game)
            commands = [] if seat is None else game.rules.legal_commands(game.state, seat)
            return games_pb2.ListLegalCommandsResponse(
                version=game.version, commands=[convert.command_to_proto(c) for c in commands]
            )

    def WatchGame(
        self, request: games_pb2.WatchGameRequest, context: grpc.ServicerContext
    ) -> Iterator[games_pb2.WatchGameResponse]:
        with translated_errors(context):
            caller = self._caller(context)
            game_id = convert.parse_game_name(request.game)
            game = self._ledger.get_game(game_id)
            seat = caller.seat_in(game)
            rules = game.rules
            if request.after_version < 0:
                raise convert.MalformedRequest("after_version cannot be negative")
            # Each stream holds a worker thread; keep some workers for everything else.
            if not self._watchers.acquire(blocking=False):
                raise Overloaded(f"this server already streams {self._max_watchers} games; retry later")
        try:
            stop = lambda: self._stopping() or not context.is_active()  # noqa: E731
            for stored in self._ledger.watch(game_id, request.after_version, stop):
                shown = convert.event_to_proto(stored, rules, seat, caller.organizer)
                if shown is not None:
                    yield games_pb2.WatchGameResponse(event=shown)
        finally:
            self._watchers.release()


def _parse_seed(seed_hex: str) -> bytes | None:
    if not seed_hex:
        return None
    try:
        seed = bytes.fromhex(seed_hex)
    except ValueError:
        raise convert.MalformedRequest("seed_hex must be hexadecimal", "BAD_SEED") from None
    if not 0 < len(seed) <= MAX_SEED_BYTES:
        raise convert.MalformedRequest(f"seed_hex must hold 1 to {MAX_SEED_BYTES} bytes", "BAD_SEED")
    return seed


def _parse_page_token(token: str) -> int:
    if not token:
        return 0
    try:
        position = int(token)
    except ValueError:
        raise convert.MalformedRequest("page_token is not one this server gave out", "BAD_PAGE_TOKEN") from None
    if position < 0:
        raise convert.MalformedRequest("page_token is not one this server gave out", "BAD_PAGE_TOKEN")
    return position
