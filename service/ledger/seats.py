"""Seat tokens: one secret per seat, issued at creation; only a hash is stored."""

from __future__ import annotations

import hashlib
import hmac
import secrets

TOKEN_BYTES = 24


def issue(seats: int) -> list[str]:
    return [secrets.token_urlsafe(TOKEN_BYTES) for _ in range(seats)]


def digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def seat_of(token: str, token_hashes: list[str]) -> int | None:
    """The seat a token belongs to, compared in constant time; None if it belongs to none."""
    found = None
    d = digest(token)
    for seat, stored in enumerate(token_hashes):
        if hmac.compare_digest(d, stored):
            found = seat
    return found
