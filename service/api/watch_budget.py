"""Who may hold a WatchGame stream: a budget per client and per game inside the server's total.

Each stream holds a worker thread, so the server caps them (`--max-watchers`). With only that cap, one
anonymous channel holding 64 streams took the whole pool and every player's own watch was refused
(issue 33, F2). So, inside the total:

- a client holds at most `per_client` streams: a seat (its game and seat, whatever connection it uses),
  the organizer, or a spectator known only by its network address (the host, any port);
- a game's spectators hold at most `per_game` streams (its players are bounded by their seats);
- spectators together hold at most `spectator_share` of the total: the rest is kept for players.

A refusal names the limit that was reached, so the client knows whether waiting helps.
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
    client: Hashable
    game: UUID
    spectator: bool


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

    def admit(self, client: Hashable, game: UUID, spectator: bool) -> Admitted | str:
        """A place for one more stream, or the sentence saying which limit refuses it."""
        with self._lock:
            if self._held >= self.total:
                return f"this server already streams {self.total} watches; retry later"
            if spectator and self._spectators >= self.spectator_share:
                return f"spectators already hold {self.spectator_share} watches (the rest is kept for players)"
            if self._clients[client] >= self.per_client:
                return f"you already hold {self.per_client} watches; close one first"
            if spectator and self._games[game] >= self.per_game:
                return f"this game already has {self.per_game} spectators watching; retry later"
            self._held += 1
            self._spectators += spectator
            self._clients[client] += 1
            self._games[game] += spectator
            return Admitted(client, game, spectator)

    def release(self, place: Admitted) -> None:
        with self._lock:
            self._held -= 1
            self._spectators -= place.spectator
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
