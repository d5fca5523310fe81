"""Seats: the players' names and ids as a new game takes them, and one secret token per seat, issued at creation
(only a hash is stored)."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Sequence

from service.rules.core import InvalidOptions

TOKEN_BYTES = 24
MAX_PLAYER_NAME = 64


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


def player_name(name: str, seat: int) -> str:
    name = name.strip() or f"seat {seat}"
    if len(name) > MAX_PLAYER_NAME:
        raise InvalidOptions(f"player name {name[:20]!r}... is longer than {MAX_PLAYER_NAME} characters")
    return name


def player_ids(ids: Sequence[str], seats: int) -> list[str]:
    """Explicit player ids: one per seat, each non-empty, at most MAX_PLAYER_NAME characters, all different."""
    if len(ids) != seats:
        raise InvalidOptions(f"give one player id per seat: {seats} players but {len(ids)} player ids")
    cleaned = [i.strip() for i in ids]
    for seat, pid in enumerate(cleaned):
        if not pid:
            raise InvalidOptions(f"the player id of seat {seat} is empty")
        if len(pid) > MAX_PLAYER_NAME:
            raise InvalidOptions(f"player id {pid[:20]!r}... is longer than {MAX_PLAYER_NAME} characters")
    if len(set(cleaned)) != len(cleaned):
        raise InvalidOptions("each seat needs a different player id: one player cannot sit twice at one game")
    return cleaned
