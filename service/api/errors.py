"""Domain exceptions -> gRPC status codes, with a message a player understands and an ErrorInfo reason."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from contextlib import contextmanager

import grpc
from eventsourcing.persistence import OperationalError, PersistenceError
from google.protobuf import any_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status
from psycopg_pool import TooManyRequests

from service.api.convert import MalformedRequest
from service.ledger.app import GameNotFound, RequestReused, StaleVersion
from service.ledger.codec import CodecError
from service.ledger.tournament import TournamentNotFound, TournamentRefused
from service.rules.catalog import UnknownRules
from service.rules.core import IllegalCommand, InvalidOptions

log = logging.getLogger(__name__)
DOMAIN = "playledger.dev"


class Unauthenticated(Exception):
    """A token that is malformed or belongs to nobody here (-> UNAUTHENTICATED)."""


class PermissionDenied(Exception):
    """A valid caller asking for something its seat or role may not do (-> PERMISSION_DENIED)."""


class Overloaded(Exception):
    """The server refuses more work of this kind right now (-> RESOURCE_EXHAUSTED)."""


# Most specific first; anything not listed is a bug and surfaces as INTERNAL.
STATUS_FOR: tuple[tuple[type[Exception], grpc.StatusCode, str], ...] = (
    (MalformedRequest, grpc.StatusCode.INVALID_ARGUMENT, "MALFORMED_REQUEST"),
    (CodecError, grpc.StatusCode.INVALID_ARGUMENT, "BAD_ARGUMENTS"),
    (InvalidOptions, grpc.StatusCode.INVALID_ARGUMENT, "INVALID_OPTIONS"),
    (UnknownRules, grpc.StatusCode.INVALID_ARGUMENT, "UNKNOWN_RULES"),
    (RequestReused, grpc.StatusCode.INVALID_ARGUMENT, "REQUEST_ID_REUSED"),
    (IllegalCommand, grpc.StatusCode.FAILED_PRECONDITION, "ILLEGAL_COMMAND"),
    (GameNotFound, grpc.StatusCode.NOT_FOUND, "GAME_NOT_FOUND"),
    (TournamentNotFound, grpc.StatusCode.NOT_FOUND, "TOURNAMENT_NOT_FOUND"),
    (TournamentRefused, grpc.StatusCode.FAILED_PRECONDITION, "TOURNAMENT_REFUSED"),
    (StaleVersion, grpc.StatusCode.ABORTED, "STALE_VERSION"),
    (Unauthenticated, grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED"),
    (PermissionDenied, grpc.StatusCode.PERMISSION_DENIED, "PERMISSION_DENIED"),
    (Overloaded, grpc.StatusCode.RESOURCE_EXHAUSTED, "OVERLOADED"),
)


def classify(exc: Exception) -> tuple[grpc.StatusCode, str, str] | None:
    """(status code, reason, message) for an exception we expect; None for a bug."""
    if isinstance(exc, PersistenceError):
        if isinstance(exc.__cause__, TooManyRequests):
            return grpc.StatusCode.RESOURCE_EXHAUSTED, "STORE_BUSY", "the server is too busy; retry shortly"
        if isinstance(exc, OperationalError) or type(exc) is PersistenceError:
            return grpc.StatusCode.UNAVAILABLE, "STORE_UNAVAILABLE", "the game store is unavailable; retry shortly"
        return None
    for cls, code, reason in STATUS_FOR:
        if isinstance(exc, cls):
            return code, getattr(exc, "code", None) or reason, str(exc)
    return None


def rich_status(code: grpc.StatusCode, reason: str, message: str) -> grpc.Status:
    info = error_details_pb2.ErrorInfo(reason=reason, domain=DOMAIN)
    detail = any_pb2.Any()
    detail.Pack(info)
    status = status_pb2.Status(code=getattr(code_pb2, code.name), message=message, details=[detail])
    return rpc_status.to_status(status)


@contextmanager
def translated_errors(context: grpc.ServicerContext) -> Iterator[None]:
    """Turn domain exceptions into gRPC statuses with a message a player can read."""
    try:
        yield
    except Exception as exc:
        found = classify(exc)
        if found is None:
            raise  # a bug: grpc reports INTERNAL (and the access log keeps the traceback)
        code, reason, message = found
        if code in (grpc.StatusCode.UNAVAILABLE, grpc.StatusCode.RESOURCE_EXHAUSTED):
            log.warning("store trouble: %s", exc)
        context.abort_with_status(rich_status(code, reason, message))
