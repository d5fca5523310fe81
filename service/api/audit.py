"""AuditService: remote organizers export game records and have games re-run (thin: replay does the work)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import islice
from typing import Any

import grpc
from playledger.v1 import audit_pb2, audit_pb2_grpc

from service.api import convert, metrics
from service.api.auth import Caller, caller_of
from service.api.errors import Overloaded, PermissionDenied, Unauthenticated, translated_errors
from service.api.receipts import Receipts
from service.audit import records
from service.audit.certificates import game_certificate
from service.audit.records import ORGANIZER, PUBLIC, Audience
from service.audit.verify import verify_stream
from service.ledger import seats
from service.ledger import table as game_table
from service.ledger.app import Ledger, now_ms
from service.ledger.cached import GameNotFound
from service.ledger.chain import CLOSING
from service.ledger.codec import canonical_json
from service.ledger.game import Game

LINES_PER_MESSAGE = 256  # keeps each message well under gRPC's 4 MiB default however long the game


class AuditService(audit_pb2_grpc.AuditServiceServicer):
    def __init__(self, ledger: Ledger, organizer_token: str | None = None, signer: Receipts | None = None) -> None:
        self._ledger = ledger
        self._organizer_token = organizer_token
        self._receipts = signer

    def _stored(self, name: str) -> tuple[Game.Created, list[Any]]:
        game_id = convert.parse_game_name(name)
        stored = self._ledger.stream(game_id)
        if not stored or not isinstance(stored[0], Game.Created):
            raise GameNotFound(f"there is no game {game_id}")
        return stored[0], stored

    def ExportGame(
        self, request: audit_pb2.ExportGameRequest, context: grpc.ServicerContext
    ) -> Iterator[audit_pb2.ExportGameResponse]:
        with translated_errors(context):
            caller = caller_of(context, self._organizer_token)
            created, stored = self._stored(request.name)
            audience = _audience(caller, created)
            stored = _as_a_spectator_sees(stored, created, audience)
            record = records.export(stored, audience)
        lines = records.dumps(record)
        while batch := list(islice(lines, LINES_PER_MESSAGE)):
            yield audit_pb2.ExportGameResponse(lines=batch)

    def VerifyGame(
        self, request: audit_pb2.VerifyGameRequest, context: grpc.ServicerContext
    ) -> audit_pb2.VerifyGameResponse:
        with translated_errors(context):
            caller = caller_of(context, self._organizer_token)
            created, stored = self._stored(request.name)
            over = stored[-1].originator_version > 1 and type(stored[-1]).__name__ in CLOSING
            if not caller.organizer and not over:  # a finished game's record is public: anyone may have it re-run
                raise PermissionDenied(
                    "only the organizer may have a game in play re-run (it needs the secret seed); "
                    "anyone may once the game is over",
                    "ORGANIZER_ONLY",
                )
            verdict = verify_stream(created.originator_id, stored)
            metrics.record_verification(verdict.rules, len(verdict.findings))
            return audit_pb2.VerifyGameResponse(
                name=convert.game_name(verdict.game_id),
                ok=verdict.ok,
                rules=verdict.rules,
                rules_version=verdict.rules_version,
                rng_version=verdict.rng_version,
                events=verdict.events,
                finished=verdict.finished,
                final_hash=verdict.final_hash,
                final_scores=verdict.scores,
                winners=verdict.winners,
                findings=[audit_pb2.AuditFinding(version=f.version, message=f.message) for f in verdict.findings],
                certificate_json=json.dumps(game_certificate(verdict), ensure_ascii=False),
            )

    def GetReceiptKey(
        self, request: audit_pb2.GetReceiptKeyRequest, context: grpc.ServicerContext
    ) -> audit_pb2.GetReceiptKeyResponse:
        with translated_errors(context):
            if self._receipts is None:
                raise Overloaded("this server signs no receipts", "NO_RECEIPT_KEY")
            return audit_pb2.GetReceiptKeyResponse(
                key_id=self._receipts.key_id,
                public_key_pem=self._receipts.public_pem,
                previous=[audit_pb2.ReceiptKey(key_id=k, public_key_pem=p) for k, p in self._receipts.previous],
            )

    def ExportAttempts(
        self, request: audit_pb2.ExportAttemptsRequest, context: grpc.ServicerContext
    ) -> Iterator[audit_pb2.ExportAttemptsResponse]:
        with translated_errors(context):
            caller = caller_of(context, self._organizer_token)
            if not caller.organizer:
                raise PermissionDenied("only the organizer may export a game's refused commands", "ORGANIZER_ONLY")
            created, _ = self._stored(request.name)
            lines = [canonical_json(entry) for entry in self._ledger.refusals(created.originator_id)]
        for start in range(0, len(lines), LINES_PER_MESSAGE):
            yield audit_pb2.ExportAttemptsResponse(lines=lines[start : start + LINES_PER_MESSAGE])


def _as_a_spectator_sees(stored: list[Any], created: Game.Created, audience: Audience) -> list[Any]:
    """A game in play exported by a spectator: refused at a private table, cut back to the delay at a delayed one."""
    over = len(stored) > 1 and type(stored[-1]).__name__ in CLOSING
    if audience is not PUBLIC or over:
        return stored
    table = getattr(created, "table", None)
    if game_table.of(table)["spectators"] != "open":
        raise PermissionDenied(
            "this table is private: only its players watch it while it is in play", "SPECTATORS_NOT_ALLOWED"
        )
    if not game_table.delayed(table):
        return stored
    newest = game_table.delayed_version(stored, table, now_ms())
    return [e for e in stored if e.originator_version <= newest]


def _audience(caller: Caller, created: Game.Created) -> Audience:
    if caller.organizer:
        return ORGANIZER
    if caller.token is None:
        return PUBLIC
    seat = seats.seat_of(caller.token, created.token_hashes)
    if seat is None:
        raise Unauthenticated("this token belongs to no seat of this game", "TOKEN_NOT_OF_THIS_GAME")
    return Audience(seat=seat)
