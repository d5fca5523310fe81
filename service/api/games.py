"""GameService: a thin adapter that parses, calls the ledger, and renders. No rules, no SQL here."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from typing import Any
from uuid import UUID

import grpc
from playledger.v1 import games_pb2, games_pb2_grpc

from service.api import convert, receipts
from service.api.auth import Caller, caller_of
from service.api.errors import (
    Overloaded,
    PermissionDenied,
    RefusalNotKept,
    ServerStopping,
    abort,
    classify,
    translated_errors,
)
from service.api.watch_budget import WatchBudget, WatchRefused, peer_host
from service.bots import LEVELS, supported
from service.bots.policies import SEARCH_BUDGET
from service.ledger import codec
from service.ledger import table as game_table
from service.ledger.app import Intent, Ledger, now_ms
from service.ledger.game import Game
from service.projections.read import ReadModels
from service.rules.catalog import RULES, rules_for
from service.rules.core import AnyRules, IllegalCommand, InvalidOptions

log = logging.getLogger("playledger.games")
DEFAULT_PAGE = 50
MAX_SEED_BYTES = 64
MIN_WHOLE_SEED_BYTES = 32
MAX_THINK_MS = 60_000
MAX_BOT_BUDGET = 5_000


class GameService(games_pb2_grpc.GameServiceServicer):
    def __init__(
        self,
        ledger: Ledger,
        organizer_token: str | None = None,
        max_watchers: int = 4,
        stopping: Callable[[], bool] = lambda: False,
        reads: ReadModels | None = None,
        signer: receipts.Receipts | None = None,
    ) -> None:
        self._ledger = ledger
        self._receipts = signer or receipts.Receipts.load(None)
        self._reads = reads  # the read models (ListGames); a server always passes them
        self._organizer_token = organizer_token
        self._watchers = WatchBudget(max_watchers)
        self._stopping = stopping

    def _caller(self, context: grpc.ServicerContext) -> Caller:
        return caller_of(context, self._organizer_token)

    def _render(self, game: Game, caller: Caller, with_view: bool = True, as_seat: int | None = None) -> games_pb2.Game:
        seat = caller.seat_in(game) if as_seat is None else as_seat
        view: dict[str, Any] | None = None
        if with_view:
            rules = game.rules
            if caller.organizer and as_seat is None:
                view = {
                    "spectator": rules.view(game.state, None),
                    "seats": [rules.view(game.state, s) for s in range(game.seats)],
                }
            else:
                view = rules.view(game.state, seat)
        rendered = convert.game_to_proto(game, view, seat, caller.organizer)
        if seat is not None and game.points is not None and not game.is_finished():
            targets = game.points.targets(game.rules, bytes.fromhex(game.seed_hex), game.rng_version)
            rendered.takeback_targets.extend(targets)
        return rendered

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
            seed = _parse_seed(request.seed_hex, whole=caller.organizer)
            bots = _bot_seats(rules, request)
            clock = convert.time_control(request.time_control) if request.HasField("time_control") else None
            # The organizer may fix a whole seed (a reproducible game); anyone else only adds to the server's.
            created = self._ledger.create_game(
                rules.name,
                list(request.players),
                convert.struct_to_dict(request.options),
                seed if caller.organizer else None,
                player_ids=list(request.player_ids) or None,
                client_seed=None if caller.organizer else seed,
                bots=bots,
                time_control=clock,
                table=convert.table(request.table) if request.HasField("table") else None,
            )
            game = created.game
            tokens = [
                games_pb2.SeatToken(seat=s, player=game.players[s], token=t, player_id=game.player_ids[s])
                for s, t in enumerate(created.tokens)
                if s not in bots  # nobody acts for the server's bot
            ]
            return games_pb2.CreateGameResponse(game=self._render(game, caller), seat_tokens=tokens)

    def GetGame(self, request: games_pb2.GetGameRequest, context: grpc.ServicerContext) -> games_pb2.GetGameResponse:
        with translated_errors(context):
            caller = self._caller(context)
            game_id = convert.parse_game_name(request.name, "name")
            game = self._ledger.read_game(game_id)
            own = caller.seat_in(game)
            as_seat = None
            if request.HasField("seat"):
                as_seat = _viewable_seat(game, caller, own, request.seat)
            delayed = _spectating(game, caller, own)
            newest = game.version
            if delayed:  # a delayed table: what a spectator may see is further back
                newest = game_table.delayed_version(self._ledger.stream(game_id), game.table, now_ms())
            wanted = request.version if request.HasField("version") else newest
            if not 1 <= wanted <= game.version:
                raise convert.MalformedRequest(
                    f"version must be 1 to {game.version} (the game's current version), not {request.version}",
                    "BAD_VERSION",
                    field="version",
                )
            if min(wanted, newest) != game.version:
                game = self._ledger.game_at(game_id, min(wanted, newest))
            rendered = self._render(game, caller, as_seat=as_seat)
            if game.closed:
                again = self._ledger.rematched_as(game_id)
                rendered.rematched_as = f"games/{again}" if again else ""
            if delayed:
                rendered.spectator_version = game.version
            return games_pb2.GetGameResponse(game=rendered)

    def RematchGame(
        self, request: games_pb2.RematchGameRequest, context: grpc.ServicerContext
    ) -> games_pb2.RematchGameResponse:
        with translated_errors(context):
            caller = self._caller(context)
            game_id = convert.parse_game_name(request.game, "game")
            old = self._ledger.read_game(game_id)
            if not caller.organizer and caller.seat_in(old) is None:
                raise PermissionDenied("only a player of the game (or the organizer) can ask a rematch", "NOT_A_PLAYER")
            game, made = self._ledger.rematch(game_id)
            return games_pb2.RematchGameResponse(game=self._render(game, caller), created=made)

    def OfferTakeback(
        self, request: games_pb2.OfferTakebackRequest, context: grpc.ServicerContext
    ) -> games_pb2.OfferTakebackResponse:
        with translated_errors(context):
            caller = self._caller(context)
            game_id, seat = self._seat_of(caller, request.game, "offer a take-back")
            changed = self._ledger.offer_takeback(game_id, seat, request.to_version)
            return games_pb2.OfferTakebackResponse(
                game=self._render(changed.game, caller), taken_back=changed.taken_back
            )

    def AnswerTakeback(
        self, request: games_pb2.AnswerTakebackRequest, context: grpc.ServicerContext
    ) -> games_pb2.AnswerTakebackResponse:
        with translated_errors(context):
            caller = self._caller(context)
            game_id, seat = self._seat_of(caller, request.game, "answer a take-back")
            changed = self._ledger.answer_takeback(game_id, seat, request.accept)
            return games_pb2.AnswerTakebackResponse(
                game=self._render(changed.game, caller), taken_back=changed.taken_back
            )

    def _seat_of(self, caller: Caller, name: str, what: str) -> tuple[UUID, int]:
        game_id = convert.parse_game_name(name, "game")
        seat = caller.seat_in(self._ledger.read_game(game_id))
        if seat is None:
            raise PermissionDenied(f"only a player can {what}: call with your seat token", "NOT_A_PLAYER")
        return game_id, seat

    def ListGames(
        self, request: games_pb2.ListGamesRequest, context: grpc.ServicerContext
    ) -> games_pb2.ListGamesResponse:
        """From the game summaries projection: paged by creation order, filtered by rules, status, player."""
        with translated_errors(context):
            caller = self._caller(context)
            if request.rules:
                rules_for(request.rules)
            if request.status not in ("", "active", "finished"):
                raise convert.MalformedRequest(
                    f"status must be 'active' or 'finished', not {request.status!r}", field="status"
                )
            state = convert.closed_value(request.status, request.state, convert.GAME_STATES, "state")
            size = convert.page_size(request.page_size, DEFAULT_PAGE)
            after = convert.parse_page_token(request.page_token)
            if self._reads is None:
                raise Overloaded("this server has no read models configured", "NO_READ_MODELS")
            rows, more_after = self._reads.list_games(after, size, request.rules, state, request.player_id)
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
        """Every answer, accepted or refused, carries a receipt signed by the server (refusals in their details)."""
        attempt = _Attempt(request)
        try:
            return self._submit(request, context, attempt)
        except Exception as exc:
            found = classify(exc)
            if found is None:
                raise  # a bug: INTERNAL, and the access log keeps the traceback
            code, reason, message = found
            if isinstance(exc, IllegalCommand) and attempt.game_id is not None:
                exc.facts = {**self._where(attempt.game_id), **exc.facts}  # the game now, to act on the refusal
            try:
                self._keep_refusal(attempt, code, reason, message)
            except Exception as unkept:
                if classify(unkept) is None:
                    log.exception("keeping a refused command of %s failed", attempt.game)  # a bug: ERROR
                else:
                    log.warning("a refused command of %s was not kept; answered UNAVAILABLE: %s", attempt.game, unkept)
                with translated_errors(context):
                    raise RefusalNotKept("the refusal could not be recorded; retry the same request") from unkept
            receipt = self._receipt(attempt, "refused", code.name, reason)
            abort(context, exc, code, reason, message, extra=(receipt,))
            raise  # abort has raised already

    def _submit(
        self, request: games_pb2.SubmitCommandRequest, context: grpc.ServicerContext, attempt: _Attempt
    ) -> games_pb2.SubmitCommandResponse:
        caller = self._caller(context)
        game_id = attempt.game_id = convert.parse_game_name(request.game, "game")
        expected = request.expected_version if request.HasField("expected_version") else None

        def read(game: Game) -> Intent:
            """The request on the game as the ledger loaded it (once): who acts, and what the command means."""
            attempt.version = game.version
            seat = attempt.seat = caller.seat_in(game)
            if seat is None:
                raise PermissionDenied("only a player can submit commands: call with your seat token", "NOT_A_PLAYER")
            command = convert.parse_command(game.rules, request.command_type, request.args)
            name, args = codec.encode(command)
            attempt.command = {"name": name, "args": args}  # as the game's chain will hold it
            _check_request_id(request.request_id)
            return Intent(seat, command, (name, args))

        done = self._ledger.submit_for(game_id, read, request.request_id, expected)
        game, seat = done.game, attempt.seat
        attempt.version = done.version
        rules = game.rules
        shown = [
            convert.rules_event_to_proto(r.version, r.event, r.seat, convert.at(r.at_ms), rules, seat, False, r.data)
            for r in done.events
        ]
        outcome = "repeated" if done.repeated else "accepted" if done.events else "no_effect"
        return games_pb2.SubmitCommandResponse(
            version=done.version,
            events=[e for e in shown if e is not None],
            status=convert.game_status(game),
            repeated=done.repeated,
            receipt=self._receipt(attempt, outcome, "OK", ""),
            legal_commands=_legal(game, seat) if game.version == done.version and seat is not None else [],
            game=self._render(game, caller) if request.include_game else None,
        )

    def _where(self, game_id: UUID) -> dict[str, int | str]:
        """The game's version and the seats it waits for (as cached: a refusal costs no store read)."""
        game = self._ledger.peek(game_id)
        if game is None:
            return {}
        return {"version": game.version, "to_act": ",".join(str(s) for s in game.status().to_act)}

    def _receipt(self, attempt: _Attempt, outcome: str, code: str, reason: str) -> games_pb2.Receipt:
        return self._receipts.issue(
            game=attempt.game,
            version=attempt.version,
            request_id=attempt.request_id,
            seat=attempt.seat,
            command_sha256=receipts.command_sha256(attempt.command),
            outcome=outcome,
            code=code,
            reason=reason,
            server_time_ms=now_ms(),
        )

    def _keep_refusal(self, attempt: _Attempt, code: grpc.StatusCode, reason: str, message: str) -> None:
        """A seat's refused command joins its game's attempts log before the refusal is answered (spectators'
        and strangers' do not). Raises when it cannot be kept: the client is then told to retry, not refused."""
        if attempt.game_id is None or attempt.seat is None:
            return
        self._ledger.record_refusal(
            attempt.game_id,
            request_id=attempt.request_id or None,
            seat=attempt.seat,
            command=attempt.command,
            command_sha256=receipts.command_sha256(attempt.command),
            code=code.name,
            reason=reason,
            message=message,
            at_ms=now_ms(),
            game_version=attempt.version,
        )

    def ListLegalCommands(
        self, request: games_pb2.ListLegalCommandsRequest, context: grpc.ServicerContext
    ) -> games_pb2.ListLegalCommandsResponse:
        with translated_errors(context):
            caller = self._caller(context)
            game = self._ledger.read_game(convert.parse_game_name(request.game, "game"))
            seat = caller.seat_in(game)
            return games_pb2.ListLegalCommandsResponse(
                version=game.version, commands=[] if seat is None else _legal(game, seat)
            )

    def WatchGame(
        self, request: games_pb2.WatchGameRequest, context: grpc.ServicerContext
    ) -> Iterator[games_pb2.WatchGameResponse]:
        with translated_errors(context):
            caller = self._caller(context)
            game_id = convert.parse_game_name(request.game, "game")
            game = self._ledger.get_game(game_id)
            seat = caller.seat_in(game)
            rules = game.rules
            if request.after_version < 0:
                raise convert.MalformedRequest("after_version cannot be negative", field="after_version")
            hold = None
            if _spectating(game, caller, seat):  # a delayed table: events reach spectators that far behind
                table = game.table
                hold = lambda events: game_table.delayed_version(events, table, now_ms())  # noqa: E731
            # Each stream holds a worker thread: a budget per client and per game inside the total (watch_budget.py).
            spectator = seat is None and not caller.organizer
            client = ("seat", game_id, seat) if seat is not None else peer_host(context.peer()) if spectator else None
            place = self._watchers.admit(client, game_id, spectator=spectator)
            if isinstance(place, WatchRefused):
                raise Overloaded(place.message, "TOO_MANY_WATCHES", scope=place.scope, limit=place.limit)
        try:
            stop = lambda: self._stopping() or not context.is_active()  # noqa: E731
            for watched in self._ledger.watch(game_id, request.after_version, stop, hold=hold):
                shown = convert.event_to_proto(watched.event, rules, seat, caller.organizer)
                if shown is None:
                    continue
                answer = games_pb2.WatchGameResponse(
                    event=shown,
                    version=shown.version,
                    status=convert.game_status(watched.game),
                    settled=watched.settled,
                )
                if watched.settled and seat is not None:
                    answer.legal_commands.extend(_legal(watched.game, seat))
                if watched.settled and request.include_game:
                    answer.game.CopyFrom(self._render(watched.game, caller))
                    if hold is not None:
                        answer.game.spectator_version = watched.game.version
                yield answer
            if self._stopping():  # not the game's end: tell the client to resume elsewhere or later
                with translated_errors(context):
                    raise ServerStopping("the server is shutting down; resume the watch from your last version")
        finally:
            self._watchers.release(place)


class _Attempt:
    """What is known of a SubmitCommand as it is handled, for its receipt."""

    def __init__(self, request: games_pb2.SubmitCommandRequest) -> None:
        self.game = request.game
        self.request_id = request.request_id
        self.game_id: UUID | None = None
        self.version = 0
        self.seat: int | None = None
        # Until the command is read: what was sent (the record's form replaces it once it parses).
        self.command: dict[str, Any] = {"command_type": request.command_type, "args": convert.raw_args(request.args)}


def _spectating(game: Game, caller: Caller, seat: int | None) -> bool:
    """Whether the caller watches the game in play as a spectator of a delayed table (False: it sees it as it is).
    A private table (spectators: players) refuses spectators altogether while it is in play."""
    if seat is not None or caller.organizer or game.is_finished():
        return False
    settings = game_table.of(game.table)
    if settings["spectators"] != "open":
        raise PermissionDenied(
            "this table is private: only its players watch it while it is in play", "SPECTATORS_NOT_ALLOWED"
        )
    return game_table.delayed(game.table)


def _check_request_id(request_id: str) -> None:
    if not request_id:  # without one, a retry after a lost answer could record the move twice
        raise convert.MalformedRequest(
            "request_id is required: a fresh UUID per command, sent again unchanged on a retry",
            "REQUEST_ID_REQUIRED",
            "request_id",
        )
    if len(request_id) > 128:
        raise convert.MalformedRequest("request_id is longer than 128 characters", field="request_id")


def _legal(game: Game, seat: int) -> list[games_pb2.LegalCommand]:
    """The seat's legal commands at the game's version (as ListLegalCommands answers: none when it is not to act)."""
    return [convert.command_to_proto(c, game.rules) for c in game.legal_commands(seat)]


def _bot_seats(rules: AnyRules, request: games_pb2.CreateGameRequest) -> dict[int, dict[str, Any]]:
    """The seats the server's bots play, checked: each once, a level the game has, a sane pace and budget."""
    bots: dict[int, dict[str, Any]] = {}
    for i, bot in enumerate(request.bots):
        where = f"bots[{i}]"
        if not 0 <= bot.seat < len(request.players):
            raise convert.MalformedRequest(
                f"{where}.seat must be a seat from 0 to {len(request.players) - 1}", "BAD_BOT", f"{where}.seat"
            )
        if bot.seat in bots:
            raise convert.MalformedRequest(f"seat {bot.seat} is named as a bot twice", "BAD_BOT", f"{where}.seat")
        bots[bot.seat] = bot_spec(rules, bot, where)
    return bots


def bot_spec(rules: AnyRules, bot: games_pb2.BotSeat, where: str) -> dict[str, Any]:
    """How the server plays a bot seat, checked: a level the game has, a sane pace and budget."""
    level = convert.closed_value(bot.level, bot.bot_level, convert.BOT_LEVELS, f"{where}.bot_level")
    if not supported(rules, level):
        levels = [known for known in LEVELS if supported(rules, known)]
        raise convert.MalformedRequest(
            f"{rules.name} has no {level!r} bot; its bots are {levels}", "BAD_BOT", f"{where}.level"
        )
    if not 0 <= bot.think_ms <= MAX_THINK_MS or not 0 <= bot.budget <= MAX_BOT_BUDGET:
        raise convert.MalformedRequest(
            f"{where}: think_ms is 0 to {MAX_THINK_MS}, budget 0 to {MAX_BOT_BUDGET} (0: the default)",
            "BAD_BOT",
            where,
        )
    spec: dict[str, Any] = {"level": level}
    if bot.think_ms:
        spec["think_ms"] = bot.think_ms
    elif bot.pace != games_pb2.BOT_PACE_UNSPECIFIED:
        paces = {v: k for k, v in convert.PACES.items()}
        if bot.pace not in paces:
            raise convert.MalformedRequest(f"{where}.pace {bot.pace} is not a BotPace", "BAD_BOT", f"{where}.pace")
        spec["pace"] = paces[bot.pace]
    if level == "search":
        spec["budget"] = bot.budget or SEARCH_BUDGET
    return spec


def _viewable_seat(game: Game, caller: Caller, own: int | None, seat: int) -> int:
    """A seat's view for this caller: their own always; any seat for the organizer, or for all once the game is over."""
    if not 0 <= seat < game.seats:
        raise convert.MalformedRequest(f"seat must be 0 to {game.seats - 1}, not {seat}", "BAD_SEAT", field="seat")
    if seat != own and not caller.organizer and not game.is_finished():
        raise PermissionDenied(
            f"seat {seat}'s view is private while the game is in play; you may see it once the game is over",
            "SEAT_VIEW_PRIVATE",
        )
    return seat


def _parse_seed(seed_hex: str, whole: bool) -> bytes | None:
    """A creator's part of the seed, or (`whole`: the organizer's) the whole seed. A whole seed is public once
    its commitment, sha256(seed), is: shorter than 32 bytes it could be found by hashing guesses (2 bytes took
    a spectator 65,536 hashes to re-deal a hand), so it is refused. A part is mixed with 32 secret bytes."""
    if not seed_hex:
        return None
    try:
        seed = bytes.fromhex(seed_hex)
    except ValueError:
        raise convert.MalformedRequest("seed_hex must be hexadecimal", "BAD_SEED", field="seed_hex") from None
    if not 0 < len(seed) <= MAX_SEED_BYTES:
        raise convert.MalformedRequest(f"seed_hex must hold 1 to {MAX_SEED_BYTES} bytes", "BAD_SEED", field="seed_hex")
    if whole and len(seed) < MIN_WHOLE_SEED_BYTES:
        raise convert.MalformedRequest(
            f"a whole seed (the organizer's) must hold at least {MIN_WHOLE_SEED_BYTES} bytes "
            f"({2 * MIN_WHOLE_SEED_BYTES} hex digits), not {len(seed)}: a shorter one can be recovered from "
            "its public commitment",
            "BAD_SEED",
            field="seed_hex",
        )
    return seed
