"""Game ids that name their shard (issue 34; the placement rule is in shards.py).

A game of a sharded deployment gets a version-8 UUID (RFC 9562) whose 12 custom_b bits hold its shard's number
and whose other 122 bits are random, as a version-4 id's are. Every other id (version 4: games made without
shards) names the first shard.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from uuid import UUID, uuid4

MAX_SHARDS = 1 << 12  # the id's custom_b bits


def new_game_id(shard: int) -> UUID:
    """A fresh random game id that names `shard` (version 8, the shard in bits 52-63)."""
    if not 0 <= shard < MAX_SHARDS:
        raise ValueError(f"shard {shard}: the number must be 0 to {MAX_SHARDS - 1}")
    raw = bytearray(secrets.token_bytes(16))
    raw[6] = 0x80 | (shard >> 8)  # version 8, then the shard's top 4 bits
    raw[7] = shard & 0xFF
    raw[8] = 0x80 | (raw[8] & 0x3F)  # the RFC variant
    return UUID(bytes=bytes(raw))


def shard_of(game_id: UUID) -> int:
    """The shard a game lives on: the number a version-8 id carries, else the first."""
    if game_id.version != 8:
        return 0
    return ((game_id.bytes[6] & 0x0F) << 8) | game_id.bytes[7]


# The shard a game made now is placed on (Game.create_id reads it): a context, not an argument, so that the
# Created event, and so every record's hash, is the same as before shards.
_PLACED_ON: ContextVar[int | None] = ContextVar("placed_on", default=None)


@contextmanager
def placed_on(shard: int | None) -> Iterator[None]:
    """Games made inside get ids naming `shard` (None: version-4 ids, the only store's)."""
    token = _PLACED_ON.set(shard)
    try:
        yield
    finally:
        _PLACED_ON.reset(token)


def next_game_id() -> UUID:
    shard = _PLACED_ON.get()
    return uuid4() if shard is None else new_game_id(shard)
