"""The PlayLedger client: every RPC of the public API over gRPC, with auth, retries and plain values.

    client = Client("127.0.0.1:50051")
    game, tokens = client.create_game("hare-and-tortoise", ["ann", "bob"])
    ann = client.join(tokens[0].token)
    moves = ann.legal_commands(game.name)
    ann.submit(game.name, moves[0].command_type, args_of(moves[0]))

Every submit carries a request_id (a fresh UUID unless given), so the SDK can
safely retry it on UNAVAILABLE: the server returns the first result of a
request it already recorded. Calls are retried for `retry_for` seconds (capped
exponential backoff with jitter, bounded by time, not by a count of tries), and
a watch resumes after any transient failure from the last version it delivered,
with no gap and no duplicate, until it has seen nothing new for `resume_for`.
"""

from __future__ import annotations

import random
import time
import uuid
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import grpc
from google.protobuf import struct_pb2
from google.rpc import error_details_pb2
from grpc_status import rpc_status
from playledger.v1 import audit_pb2, audit_pb2_grpc, games_pb2, games_pb2_grpc, leaderboards_pb2, leaderboards_pb2_grpc

from playledger_client.handles import Token, game_name, tournament_name
from playledger_client.tournaments import TournamentCalls
from playledger_client.values import from_struct

__all__ = ["Client", "FieldViolation", "Legal", "PlayLedgerError", "Token", "game_name", "tournament_name"]

RETRYABLE = (grpc.StatusCode.UNAVAILABLE,)
# What a dropped stream looks like: the server went away (UNAVAILABLE), or its connection was reset mid-stream
# (INTERNAL "RST_STREAM", UNKNOWN, CANCELLED when we did not cancel it). A watch resumes after any of them.
RESUMABLE = (
    grpc.StatusCode.UNAVAILABLE,
    grpc.StatusCode.INTERNAL,
    grpc.StatusCode.UNKNOWN,
    grpc.StatusCode.CANCELLED,
)
CLOSING_EVENTS = ("SeedRevealed", "EndedByRuling")  # nothing follows them in a game's stream
MAX_BACKOFF = 2.0  # seconds between retries, at most


@dataclass(frozen=True)
class FieldViolation:
    """One bad field of a refused request (google.rpc.BadRequest): `args.cards[1]`, why, and its reason."""

    field: str
    description: str
    reason: str


class PlayLedgerError(Exception):
    """A call the server refused: the status code, its stable reason code and the message, with what the
    server knows besides: `metadata` (ErrorInfo: e.g. current_version, to_act, retry_at_ms, limit),
    `violations` (the request's bad fields), and a refused SubmitCommand's signed `receipt`.
    """

    def __init__(
        self,
        code: grpc.StatusCode,
        reason: str,
        message: str,
        receipt: games_pb2.Receipt | None = None,
        metadata: Mapping[str, str] | None = None,
        violations: list[FieldViolation] | None = None,
    ) -> None:
        super().__init__(f"{message} [{code.name} {reason}]")
        self.code, self.reason, self.message, self.receipt = code, reason, message, receipt
        self.metadata: dict[str, str] = dict(metadata or {})
        self.violations: list[FieldViolation] = list(violations or [])

    @staticmethod
    def from_rpc(error: grpc.RpcError) -> PlayLedgerError:
        reason, receipt, metadata, violations = "", None, {}, []
        status = rpc_status.from_call(error)  # type: ignore[arg-type]
        if status is not None:
            for detail in status.details:
                info, signed, bad = error_details_pb2.ErrorInfo(), games_pb2.Receipt(), error_details_pb2.BadRequest()
                if detail.Unpack(info):
                    reason, metadata = info.reason, dict(info.metadata)
                elif detail.Unpack(signed):
                    receipt = signed
                elif detail.Unpack(bad):
                    violations += [FieldViolation(v.field, v.description, v.reason) for v in bad.field_violations]
        return PlayLedgerError(error.code(), reason, error.details() or "", receipt, metadata, violations)


@dataclass(frozen=True)
class Legal:
    """A seat's legal commands and the game's version they are legal at."""

    version: int
    commands: list[games_pb2.LegalCommand] = field(default_factory=list)


def _backoff(attempt: int) -> float:
    """Capped exponential backoff with full jitter, so clients that failed together do not return together."""
    return random.uniform(0, min(MAX_BACKOFF, 0.1 * 2**attempt))


def receipt_json(receipt: games_pb2.Receipt) -> dict[str, str]:
    """A receipt as the file `playledger-replay check-receipt` reads."""
    return {"payload": receipt.payload, "signature": receipt.signature, "key_id": receipt.key_id}


def to_dict(struct: struct_pb2.Struct) -> dict[str, Any]:
    """A view, command arguments or event data as plain JSON values (integers stay integers)."""
    return from_struct(struct)


def args_of(command: games_pb2.LegalCommand) -> dict[str, Any]:
    return to_dict(command.args)


class Client(TournamentCalls):
    def __init__(
        self,
        target: str = "127.0.0.1:50051",
        token: str | None = None,
        timeout: float = 15.0,
        channel: grpc.Channel | None = None,
        retries: int | None = None,
        retry_for: float = 30.0,
        resume_for: float = 120.0,
    ) -> None:
        """`retries`: tries of a retryable call at most (None: as many as `retry_for` seconds allow; 1: never
        retry). `resume_for`: how long a watch keeps resuming without a new event before it gives up."""
        self.target = target
        self._channel = channel or grpc.insecure_channel(target)
        self._stub = games_pb2_grpc.GameServiceStub(self._channel)
        self._audit = audit_pb2_grpc.AuditServiceStub(self._channel)
        self._boards = leaderboards_pb2_grpc.LeaderboardServiceStub(self._channel)
        self._token = token
        self._timeout = timeout
        self._retries = retries
        self._retry_for = retry_for
        self._resume_for = resume_for

    @property
    def token(self) -> str | None:
        """The token this client calls with (None: a spectator)."""
        return self._token

    def as_token(self, token: str | None) -> Client:
        """The same connection, acting with another token (None: a spectator)."""
        return Client(
            self.target, token, self._timeout, self._channel, self._retries, self._retry_for, self._resume_for
        )

    def join(self, seat_token: str) -> Client:
        """Sit at a seat: the same connection, acting and seeing for the seat this token belongs to."""
        return self.as_token(seat_token)

    def close(self) -> None:
        self._channel.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @property
    def _metadata(self) -> tuple[tuple[str, str], ...]:
        return (("authorization", f"Bearer {self._token}"),) if self._token else ()

    def _call(self, method: Any, request: Any, retry: bool = False) -> Any:
        """One call; a retryable one (idempotent: reads, and submit with its request_id) is tried again on
        UNAVAILABLE for up to retry_for seconds (and at most `retries` times, when set)."""
        deadline = time.monotonic() + self._retry_for
        attempt = 0
        while True:
            try:
                return method(request, metadata=self._metadata, timeout=self._timeout)
            except grpc.RpcError as error:
                attempt += 1
                again = retry and error.code() in RETRYABLE and (self._retries is None or attempt < self._retries)
                if not again or time.monotonic() >= deadline:
                    raise PlayLedgerError.from_rpc(error) from None
                time.sleep(_backoff(attempt))

    # --- calls ----------------------------------------------------------------------------------
    def game_types(self) -> list[games_pb2.GameType]:
        return list(self._call(self._stub.ListGameTypes, games_pb2.ListGameTypesRequest(), retry=True).game_types)

    def create_game(
        self,
        rules: str,
        players: list[str],
        options: Mapping[str, Any] | None = None,
        seed_hex: str = "",
        player_ids: list[str] | None = None,
        bots: Mapping[int, str] | None = None,
        think_ms: int = 0,
        move_seconds: int = 0,
        on_timeout: str = "move",
        budget_seconds: int = 0,
        increment_seconds: int = 0,
        pace: str = "",
        table: games_pb2.TablePolicy | None = None,
    ) -> tuple[games_pb2.Game, list[Token]]:
        """A new game; `bots` maps seats the server plays to a bot level (random, greedy, search), at `pace`
        ("person": a quick human's waits, "fast": none beyond the rules'; "": the game's default, a person's
        with people at the table or in a real-time game), or after a fixed `think_ms` when it is not 0.
        Tokens come back for the other seats only.
        `move_seconds` > 0 gives every move a deadline, `budget_seconds` > 0 every seat a chess clock
        (plus `increment_seconds` per move); past either the server moves for the seat or it forfeits
        (`on_timeout`: "move" or "forfeit"). `table`: who may watch, a spectator delay, take-backs."""
        request = games_pb2.CreateGameRequest(
            rules=rules,
            players=players,
            seed_hex=seed_hex,
            player_ids=player_ids or [],
            bots=[
                games_pb2.BotSeat(seat=s, level=v, think_ms=think_ms, pace=bot_pace(pace))
                for s, v in sorted((bots or {}).items())
            ],
        )
        request.options.update(dict(options or {}))
        if move_seconds or budget_seconds:
            request.time_control.CopyFrom(_clock(move_seconds, on_timeout, budget_seconds, increment_seconds))
        if table is not None:
            request.table.CopyFrom(table)
        response = self._call(self._stub.CreateGame, request)
        tokens = [Token(response.game.name, t.seat, t.player, t.token, t.player_id) for t in response.seat_tokens]
        return response.game, tokens

    def get_game(self, game: str, version: int | None = None, seat: int | None = None) -> games_pb2.Game:
        """The game as you may see it; `version`: as it stood then; `seat`: that seat's view (yours, or once over)."""
        request = games_pb2.GetGameRequest(name=game_name(game))
        if version is not None:
            request.version = version
        if seat is not None:
            request.seat = seat
        found: games_pb2.Game = self._call(self._stub.GetGame, request, retry=True).game
        return found

    def rematch(self, game: str) -> games_pb2.RematchGameResponse:
        """Play a finished game again (a seat's token or the organizer's): the same table and a new seed. Every
        ask gets the same rematch (`created` is true for the one that made it); seats keep their tokens."""
        request = games_pb2.RematchGameRequest(game=game_name(game))
        response: games_pb2.RematchGameResponse = self._call(self._stub.RematchGame, request, retry=True)
        return response

    def offer_takeback(self, game: str, to_version: int) -> games_pb2.OfferTakebackResponse:
        """Offer to go back to `to_version` (one of the game's takeback_targets); every other person answers."""
        request = games_pb2.OfferTakebackRequest(game=game_name(game), to_version=to_version)
        response: games_pb2.OfferTakebackResponse = self._call(self._stub.OfferTakeback, request, retry=True)
        return response

    def answer_takeback(self, game: str, accept: bool) -> games_pb2.AnswerTakebackResponse:
        """Accept or decline the open take-back offer (declining your own withdraws it)."""
        request = games_pb2.AnswerTakebackRequest(game=game_name(game), accept=accept)
        response: games_pb2.AnswerTakebackResponse = self._call(self._stub.AnswerTakeback, request, retry=True)
        return response

    def list_games(
        self, rules: str = "", page_size: int = 100, status: str = "", player_id: str = "", page_token: str = ""
    ) -> Iterator[games_pb2.Game]:
        """Game summaries (from the server's read model), oldest first; status is "active" or "finished";
        from a page token a previous listing gave, when given."""
        token = page_token
        while True:
            request = games_pb2.ListGamesRequest(
                page_size=page_size, page_token=token, rules=rules, status=status, player_id=player_id
            )
            page = self._call(self._stub.ListGames, request, retry=True)
            yield from page.games
            token = page.next_page_token
            if not token:
                return

    def legal_commands(self, game: str) -> list[games_pb2.LegalCommand]:
        """What this client's seat may submit now (see legal() for the version they are legal at)."""
        return self.legal(game).commands

    def legal(self, game: str) -> Legal:
        """This client's seat's legal commands and the game's version they are legal at."""
        request = games_pb2.ListLegalCommandsRequest(game=game_name(game))
        found = self._call(self._stub.ListLegalCommands, request, retry=True)
        return Legal(found.version, list(found.commands))

    def submit(
        self,
        game: str,
        command_type: str,
        args: Mapping[str, Any] | None = None,
        request_id: str | None = None,
        expected_version: int | None = None,
        include_game: bool = False,
    ) -> games_pb2.SubmitCommandResponse:
        """One command for this client's seat; `include_game`: the answer's `game` is the game as get_game shows
        it now (its view included)."""
        request = games_pb2.SubmitCommandRequest(
            game=game_name(game),
            command_type=command_type,
            request_id=request_id or str(uuid.uuid4()),
            include_game=include_game,
        )
        request.args.update(dict(args or {}))
        if expected_version is not None:
            request.expected_version = expected_version
        response: games_pb2.SubmitCommandResponse = self._call(self._stub.SubmitCommand, request, retry=True)
        return response

    def watch(self, game: str, after_version: int = 0, timeout: float | None = None) -> Iterator[games_pb2.GameEvent]:
        """Events as they are recorded (redacted for this token), until the game ends or `timeout` seconds pass.
        Resumes by itself after a dropped stream (a server restart included): see updates()."""
        for update in self.updates(game, after_version, timeout):
            yield update.event

    def updates(
        self, game: str, after_version: int = 0, timeout: float | None = None, include_game: bool = False
    ) -> Iterator[games_pb2.WatchGameResponse]:
        """Each event with the game's status after it (and, on a seat's settled messages, its legal commands;
        with `include_game`, on every settled message, the game as get_game shows it), so a client can play
        from the stream alone. Ends at the game's end, or quietly once `timeout` seconds
        pass. A stream that drops (UNAVAILABLE, a reset, a clean end before the game's) is resumed from the
        last version delivered, with no gap and no duplicate, for up to `resume_for` s of failing in a row."""
        name = game_name(game)
        after = after_version
        ends = None if timeout is None else time.monotonic() + timeout
        failing_since: float | None = None
        attempt = 0
        while True:
            left = None if ends is None else ends - time.monotonic()
            if left is not None and left <= 0:
                return
            request = games_pb2.WatchGameRequest(game=name, after_version=after, include_game=include_game)
            failure: PlayLedgerError | None = None
            try:
                for update in self._stub.WatchGame(request, metadata=self._metadata, timeout=left):
                    after, failing_since, attempt = update.event.version, None, 0
                    yield update
                    if update.event.type in CLOSING_EVENTS:
                        return
                if self._over(name, after):  # a finished game watched from its end: nothing will come
                    return
            except grpc.RpcError as error:
                if error.code() == grpc.StatusCode.DEADLINE_EXCEEDED and ends is not None:
                    return
                failure = PlayLedgerError.from_rpc(error)
                if error.code() not in RESUMABLE:
                    raise failure from None
            failing_since = failing_since or time.monotonic()
            if time.monotonic() - failing_since > self._resume_for:
                raise failure or PlayLedgerError(
                    grpc.StatusCode.UNAVAILABLE, "", f"the watch of {name} kept failing for {self._resume_for} s"
                )
            attempt += 1
            time.sleep(_backoff(attempt))

    def _over(self, game: str, after: int) -> bool:
        try:
            found = self.get_game(game)
        except PlayLedgerError:
            return False  # the server is not back yet: resume
        return bool(found.status.finished) and after >= found.version

    # --- audit (AuditService) --------------------------------------------------------------------
    def export_game(self, game: str) -> Iterator[str]:
        """The game's record, line by line (JSON Lines): whole for the organizer token, else what you may see."""
        request = audit_pb2.ExportGameRequest(name=game_name(game))
        try:
            for response in self._audit.ExportGame(request, metadata=self._metadata, timeout=self._timeout * 4):
                yield from response.lines
        except grpc.RpcError as error:
            raise PlayLedgerError.from_rpc(error) from None

    def receipt_key(self) -> audit_pb2.GetReceiptKeyResponse:
        """The public key the server signs receipts with (PEM) and its id."""
        found: audit_pb2.GetReceiptKeyResponse = self._call(
            self._audit.GetReceiptKey, audit_pb2.GetReceiptKeyRequest(), retry=True
        )
        return found

    def attempts(self, game: str) -> Iterator[str]:
        """The commands a game refused, one JSON line each (organizer token only)."""
        request = audit_pb2.ExportAttemptsRequest(name=game_name(game))
        try:
            for response in self._audit.ExportAttempts(request, metadata=self._metadata, timeout=self._timeout * 4):
                yield from response.lines
        except grpc.RpcError as error:
            raise PlayLedgerError.from_rpc(error) from None

    def verify_game(self, game: str) -> audit_pb2.VerifyGameResponse:
        """Have the server re-run a game and check it (organizer token only)."""
        request = audit_pb2.VerifyGameRequest(name=game_name(game))
        response: audit_pb2.VerifyGameResponse = self._call(self._audit.VerifyGame, request, retry=True)
        return response

    # --- leaderboards and tournaments (LeaderboardService) -----------------------------------------
    def leaderboard(self, rules: str, page_size: int = 100) -> Iterator[leaderboards_pb2.RatingEntry]:
        token = ""
        while True:
            request = leaderboards_pb2.GetLeaderboardRequest(rules=rules, page_size=page_size, page_token=token)
            page = self._call(self._boards.GetLeaderboard, request, retry=True)
            yield from page.entries
            token = page.next_page_token
            if not token:
                return

    def create_tournament(
        self,
        display_name: str,
        rules: str,
        players: list[tuple[str, str]],
        options: Mapping[str, Any] | None = None,
        pairing: str = "swiss",
        table_size: int = 0,
        rounds: int = 0,
        actor: str = "",
        move_seconds: int = 0,
        on_timeout: str = "move",
        budget_seconds: int = 0,
        increment_seconds: int = 0,
        bots: str = "",
        think_ms: int = 0,
        pace: str = "",
        table: games_pb2.TablePolicy | None = None,
    ) -> leaderboards_pb2.Tournament:
        """players: (id, display name) in seeding order. Needs the organizer token. Every game gets the
        time control (`move_seconds`, `budget_seconds` + `increment_seconds`: see create_game). `bots`: a
        bot level; the server's bots then play every seat of every game (at `pace`, or after `think_ms`:
        see create_game). `table`: every game's table (default: spectators two moves behind, no take-backs)."""
        request = leaderboards_pb2.CreateTournamentRequest(
            display_name=display_name,
            rules=rules,
            players=[leaderboards_pb2.TournamentPlayer(id=i, name=n) for i, n in players],
            pairing=pairing,
            table_size=table_size,
            rounds=rounds,
            actor=actor,
        )
        request.options.update(dict(options or {}))
        if move_seconds or budget_seconds:
            request.time_control.CopyFrom(_clock(move_seconds, on_timeout, budget_seconds, increment_seconds))
        if bots:
            request.bots.CopyFrom(games_pb2.BotSeat(level=bots, think_ms=think_ms, pace=bot_pace(pace)))
        if table is not None:
            request.table.CopyFrom(table)
        found: leaderboards_pb2.Tournament = self._call(self._boards.CreateTournament, request).tournament
        return found


PACES = {"": games_pb2.BOT_PACE_UNSPECIFIED, "person": games_pb2.BOT_PACE_PERSON, "fast": games_pb2.BOT_PACE_FAST}


def bot_pace(name: str) -> games_pb2.BotPace.ValueType:
    """A pace by name ("person", "fast"; "": the game's default) as the wire's BotPace."""
    if name not in PACES:
        raise ValueError(f"a bot's pace is 'person' or 'fast', not {name!r}")
    return PACES[name]


def _clock(move_seconds: int, on_timeout: str, budget_seconds: int, increment_seconds: int) -> games_pb2.TimeControl:
    return games_pb2.TimeControl(
        move_seconds=move_seconds,
        on_timeout=on_timeout,
        budget_seconds=budget_seconds,
        increment_seconds=increment_seconds,
    )
