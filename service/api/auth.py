"""Who is calling: a seat token, the organizer, or a spectator (no token)."""

from __future__ import annotations

import hmac
from dataclasses import dataclass

import grpc

from service.api.errors import Unauthenticated
from service.ledger import seats
from service.ledger.game import Game


@dataclass(frozen=True)
class Caller:
    token: str | None
    organizer: bool

    def seat_in(self, game: Game) -> int | None:
        """The caller's seat in this game; None for spectators and the organizer."""
        if self.token is None or self.organizer:
            return None
        seat = seats.seat_of(self.token, game.token_hashes)
        if seat is None:
            raise Unauthenticated("this token belongs to no seat of this game", "TOKEN_NOT_OF_THIS_GAME")
        return seat


def caller_of(context: grpc.ServicerContext, organizer_token: str | None) -> Caller:
    header = next((v for k, v in context.invocation_metadata() if k == "authorization"), None)
    if header is None:
        return Caller(token=None, organizer=False)
    scheme, _, token = str(header).partition(" ")
    token = token.strip()
    if scheme.lower() != "bearer" or not token:
        raise Unauthenticated("the authorization header must read 'Bearer <token>'", "BAD_AUTHORIZATION_HEADER")
    is_organizer = organizer_token is not None and hmac.compare_digest(token, organizer_token)
    return Caller(token=token, organizer=is_organizer)
