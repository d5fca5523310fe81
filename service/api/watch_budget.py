"""Who may hold a WatchGame stream: a budget per client and per game inside the server's total.

Each stream holds a worker thread, so the server caps them (`--max-watchers`). With only that cap, one
anonymous channel holding 64 streams took the whole pool and every player's own watch was refused
(issue 33, F2). So, inside the total:

- a client holds at most `per_client` streams: a seat (its game and seat, whatever connection it uses)
  or a spectator known only by its network address (the host, any port); the organizer's token is
  trusted (a tournament's monitor follows many games) and meets only the total;
- a game's spectators hold at most `per_game` streams (its players are bounded by their seats);
- spectators together hold at most `spectator_share` of the total: the rest is kept for players.

A refusal names the limit that was reached (its scope and size), so the client knows whether waiting helps.
"""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any
from uuid import UUID


@dataclass(frozen=True)
class Admitted:
    client: Hashable | None
    game: UUID
    spectator: bool


@dataclass(frozen=True)
class WatchRefused:
    message: str
    scope: str  # "server", "spectators", "client" or "game"
    limit: int


class WatchBudget:
    def __init__(self, total: int) -> None:
        self.total = total
        self.per_client = max(2, total // 8)
        self.per_game = max(4, total // 4)
        self.spectator_share = total - total // 4  # a quarter kept for players (none of a tiny pool)
        self._lock = threading.Lock()
        self._clients: Counter[Hashable] = Counter()
        self._games: Counter[UUID] = Counter()  # spectators per game
        self._spectators = 0
        self._held = 0

    def admit(self, client: Hashable | None, game: UUID, spectator: bool) -> Admitted | WatchRefused:
        """`client` None: the organizer, with no budget of its own."""
        """A place for one more stream, or the sentence saying which limit refuses it."""
        with self._lock:
            if self._held >= self.total:
                return WatchRefused(
                    f"this server already streams {self.total} watches; retry later", "server", self.total
                )
            if spectator and self._spectators >= self.spectator_share:
                share = self.spectator_share
                return WatchRefused(
                    f"spectators already hold {share} watches (the rest is kept for players)", "spectators", share
                )
            if client is not None and self._clients[client] >= self.per_client:
                return WatchRefused(
                    f"you already hold {self.per_client} watches; close one first", "client", self.per_client
                )
            if spectator and self._games[game] >= self.per_game:
                message = f"this game already has {self.per_game} spectators watching; retry later"
                return WatchRefused(message, "game", self.per_game)
            self._held += 1
            self._spectators += spectator
            if client is not None:
                self._clients[client] += 1
            self._games[game] += spectator
            return Admitted(client, game, spectator)

    def release(self, place: Admitted) -> None:
        with self._lock:
            self._held -= 1
            self._spectators -= place.spectator
            if place.client is not None:
                _take(self._clients, place.client)
            if place.spectator:
                _take(self._games, place.game)


def _take(counter: Counter[Any], key: Any) -> None:
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]  # the counters hold only what is watched now


def peer_host(peer: str) -> str:
    """The client's address without its port: 'ipv4:10.0.0.7:53422' -> 'ipv4:10.0.0.7'."""
    kind, _, address = peer.partition(":")
    if address.startswith("["):  # ipv6:[::1]:port
        return f"{kind}:{address.split(']')[0]}]"
    host, _, _ = address.rpartition(":")
    return f"{kind}:{host or address}"
