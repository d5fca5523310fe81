"""Domain exceptions -> gRPC status codes, with a message a player understands and an ErrorInfo reason."""

from __future__ import annotations

import logging
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import grpc
from google.protobuf import any_pb2
from google.rpc import code_pb2, error_details_pb2, status_pb2
from grpc_status import rpc_status

from service.api.convert import MalformedRequest
from service.ledger.app import RematchRefused, RequestReused, StaleVersion
from service.ledger.cached import GameNotFound
from service.ledger.codec import CodecError
from service.ledger.store import store_trouble
from service.rules.catalog import UnknownRules
from service.rules.core import IllegalCommand, InvalidOptions
from service.tournaments.app import TournamentNotFound, TournamentRefused

log = logging.getLogger(__name__)
DOMAIN = "playledger.dev"


class ApiError(Exception):
    """An answer the API gives on purpose: its reason code (None: the class's, in STATUS_FOR) and the facts a
    client needs to act on it, sent as the ErrorInfo's metadata."""

    def __init__(self, message: str, code: str | None = None, **facts: int | str) -> None:
        super().__init__(message)
        self.code = code
        self.facts = facts


class Unauthenticated(ApiError):
    """A token that is malformed or belongs to nobody here (-> UNAUTHENTICATED)."""


class PermissionDenied(ApiError):
    """A valid caller asking for something its seat or role may not do (-> PERMISSION_DENIED)."""


class Overloaded(ApiError):
    """The server refuses more work of this kind right now (-> RESOURCE_EXHAUSTED)."""


class ServerStopping(ApiError):
    """The server is shutting down (-> UNAVAILABLE): the client should retry or resume."""


class RefusalNotKept(ApiError):
    """A refused command could not be written to its game's attempts log (-> UNAVAILABLE): rather than answer a
    refusal the organizer's record lacks, the client is told to retry the same request."""


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
    (RematchRefused, grpc.StatusCode.FAILED_PRECONDITION, "GAME_NOT_FINISHED"),
    (Unauthenticated, grpc.StatusCode.UNAUTHENTICATED, "UNAUTHENTICATED"),
    (PermissionDenied, grpc.StatusCode.PERMISSION_DENIED, "PERMISSION_DENIED"),
    (Overloaded, grpc.StatusCode.RESOURCE_EXHAUSTED, "OVERLOADED"),
    (ServerStopping, grpc.StatusCode.UNAVAILABLE, "SERVER_STOPPING"),
    (RefusalNotKept, grpc.StatusCode.UNAVAILABLE, "REFUSAL_NOT_KEPT"),
)


def classify(exc: Exception) -> tuple[grpc.StatusCode, str, str] | None:
    """(status code, reason, message) for an exception we expect; None for a bug."""
    trouble = store_trouble(exc)
    if trouble == "busy":
        return grpc.StatusCode.RESOURCE_EXHAUSTED, "STORE_BUSY", "the server is too busy; retry shortly"
    if trouble == "down":
        return grpc.StatusCode.UNAVAILABLE, "STORE_UNAVAILABLE", "the game store is unavailable; retry shortly"
    if trouble is not None:
        return None
    for cls, code, reason in STATUS_FOR:
        if isinstance(exc, cls):
            return code, getattr(exc, "code", None) or reason, str(exc)
    return None


# The request field an INVALID_ARGUMENT reason is about, when the exception does not name one itself.
FIELD_OF_REASON = {
    "UNKNOWN_RULES": "rules",
    "INVALID_OPTIONS": "options",
    "BAD_ARGUMENTS": "args",
    "REQUEST_ID_REUSED": "request_id",
    "UNDECODABLE_REQUEST": "request",
}


def facts_of(exc: BaseException) -> dict[str, str]:
    """What the client needs to act on a refusal, as ErrorInfo metadata (string values, AIP-193)."""
    facts = dict(getattr(exc, "facts", None) or {})
    if isinstance(exc, StaleVersion) and exc.current_version is not None:
        facts["current_version"] = exc.current_version
    return {key: str(value) for key, value in facts.items()}


def rich_status(
    code: grpc.StatusCode,
    reason: str,
    message: str,
    field: str | None = None,
    extra: Sequence[Any] = (),
    metadata: Mapping[str, str] | None = None,
) -> grpc.Status:
    """The status with one ErrorInfo (the stable reason and its facts), for INVALID_ARGUMENT a BadRequest naming
    the field, and any `extra` details (a refused command's receipt)."""
    details = [_packed(error_details_pb2.ErrorInfo(reason=reason, domain=DOMAIN, metadata=metadata or {}))]
    if code == grpc.StatusCode.INVALID_ARGUMENT:
        violation = error_details_pb2.BadRequest.FieldViolation(
            field=field or FIELD_OF_REASON.get(reason, "request"), description=message, reason=reason
        )
        details.append(_packed(error_details_pb2.BadRequest(field_violations=[violation])))
    details.extend(_packed(detail) for detail in extra)
    status = status_pb2.Status(code=getattr(code_pb2, code.name), message=message, details=details)
    return rpc_status.to_status(status)


def _packed(detail: Any) -> any_pb2.Any:
    packed = any_pb2.Any()
    packed.Pack(detail)
    return packed


@contextmanager
def translated_errors(context: grpc.ServicerContext) -> Iterator[None]:
    """Turn domain exceptions into gRPC statuses with a message a player can read."""
    try:
        yield
    except Exception as exc:
        found = classify(exc)
        if found is None:
            raise  # a bug: grpc reports INTERNAL (and the access log keeps the traceback)
        abort(context, exc, *found)


def abort(
    context: grpc.ServicerContext,
    exc: Exception,
    code: grpc.StatusCode,
    reason: str,
    message: str,
    extra: Sequence[Any] = (),
) -> None:
    """End the call with the status `classify` gave `exc` (and any extra details)."""
    if store_trouble(exc) is not None:
        log.warning("store trouble: %s", exc)
    field = getattr(exc, "field", None)
    context.abort_with_status(rich_status(code, reason, message, field, extra, facts_of(exc)))
