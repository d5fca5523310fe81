"""Issue 32: one load, one encode. A SubmitCommand over gRPC reads the store once on a cold cache and never on a
warm one, encodes the command once and each event once, and asks the rules for the status once (it was
two loads, three or four encodes and three or four status calls). Counted in the RPC's own thread only:
the bots, clocks and projections reading the same game elsewhere are not the command's cost."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest
from playledger_client import Client, args_of

from service.config import Settings
from service.ledger import codec
from service.ledger.cached import evict
from service.rules import hare_tortoise
from service.server import Running, start


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    running = start(Settings(store=f"sqlite:///{tmp_path / 'p.db'}", port=0, web_port=0, metrics_port=0, audit_rate=0))
    yield running
    running.stop(0.5)


class Counts:
    """Calls made from gRPC's worker threads (named rpc_N), by what was called."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.seen: Counter[str] = Counter()
        self._patch = monkeypatch

    def wrap(self, owner: Any, name: str, key: str) -> None:
        original: Callable[..., Any] = getattr(owner, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            if threading.current_thread().name.startswith("rpc"):
                self.seen[key] += 1
            return original(*args, **kwargs)

        self._patch.setattr(owner, name, counted)


def _move(client: Client, seats: list[Client], game: str) -> tuple[Client, Any]:
    seat = client.get_game(game).status.to_act[0]
    return seats[seat], seats[seat].legal_commands(game)[0]


@pytest.mark.parametrize("cache", ["warm", "cold"])
def test_one_load_one_encode_one_status(server: Running, monkeypatch: pytest.MonkeyPatch, cache: str) -> None:
    client = Client(f"127.0.0.1:{server.port}")
    game, tokens = client.create_game("hare-and-tortoise", ["ann", "bob", "cy"])
    seats = [client.join(t.token) for t in tokens]
    for _ in range(4):  # into the game, the cache warm
        seat, move = _move(client, seats, game.name)
        seat.submit(game.name, move.command_type, args_of(move))
    seat, move = _move(client, seats, game.name)
    if cache == "cold":
        evict(server.ledger.repository.cache, UUID(game.name.removeprefix("games/")))
    counts = Counts(monkeypatch)
    counts.wrap(server.ledger.recorder, "select_events", "store reads")
    counts.wrap(codec, "encode", "encodes")
    counts.wrap(hare_tortoise, "status", "rules.status")
    done = seat.submit(game.name, move.command_type, args_of(move))
    assert done.events, "the move recorded events"
    assert counts.seen["store reads"] == (1 if cache == "cold" else 0), counts.seen
    assert counts.seen["encodes"] == 1 + len(done.events), counts.seen  # the command, then each event once
    assert counts.seen["rules.status"] == 1, counts.seen


def test_a_move_costs_the_mover_one_call_and_a_watcher_none(server: Running, monkeypatch: pytest.MonkeyPatch) -> None:
    """With include_game, the mover's answer and every settled watch message carry the game as GetGame shows it
    to that caller (its own view): a page needs no GetGame after a move, and the answer reads no store."""
    client = Client(f"127.0.0.1:{server.port}")
    game, tokens = client.create_game("hare-and-tortoise", ["ann", "bob"])
    seats = [client.join(t.token) for t in tokens]
    seat, move = _move(client, seats, game.name)
    counts = Counts(monkeypatch)
    counts.wrap(server.ledger.recorder, "select_events", "store reads")
    done = seat.submit(game.name, move.command_type, args_of(move), include_game=True)
    assert counts.seen["store reads"] == 0, counts.seen
    assert done.game.version == done.version and done.game.viewer_seat == seats.index(seat)
    shown = seat.get_game(game.name)
    for field in ("view", "status", "players", "version", "last_hash", "viewer_seat"):
        assert getattr(done.game, field) == getattr(shown, field), field
    again, move = _move(client, seats, game.name)
    assert not again.submit(game.name, move.command_type, args_of(move)).HasField("game")  # only when asked
    other = seats[1 - seats.index(seat)]
    settled = [u for u in other.updates(game.name, timeout=2.0, include_game=True) if u.settled]
    assert settled and all(u.HasField("game") for u in settled)
    for update in settled:
        then = other.get_game(game.name, version=update.version)
        assert (update.game.version, update.game.view, update.game.status) == (then.version, then.view, then.status)
        assert update.game.view != seat.get_game(game.name, version=update.version).view  # the watcher's own view
    assert not any(u.HasField("game") for u in other.updates(game.name, timeout=1.0))  # only when asked
