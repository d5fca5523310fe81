"""A real server (in process, SQLite on disk) whose your-turn notices retry in milliseconds, and a receiver."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playledger_client import Client, args_of

from service.config import Settings
from service.runtime import notices
from service.runtime.notice_senders import DeliveryPolicy
from service.server import Running, start
from tests.notices.receiver import Receiver

ORGANIZER = "org-notices"
# Retries in milliseconds; a stalled receiver is given up on after 5 s (tests/notices/test_deliveries.py).
FAST = DeliveryPolicy(timeout_s=5.0, attempts=3, backoff_s=0.02, max_backoff_s=0.1, workers=3)


def serve(folder: Path) -> Running:
    return start(
        Settings(store=f"sqlite:///{folder / 'n.db'}", port=0, web_port=0, metrics_port=0, audit_rate=0,
                 organizer_token=ORGANIZER)
    )  # fmt: skip


@pytest.fixture
def server(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Running]:
    monkeypatch.setattr(notices, "POLICY", FAST)
    running = serve(tmp_path)
    yield running
    running.stop(0.5)


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    found = Receiver()
    yield found
    found.close()


@pytest.fixture
def client(server: Running) -> Iterator[Client]:
    with Client(f"127.0.0.1:{server.port}", retries=1) as found:
        yield found


def idle(server: Running) -> None:
    """Every save heard so far is handled and every notice it made is finished."""
    assert server.duties.current is not None
    assert server.duties.current.notices.wait_idle(10.0), "the notices did not settle"


def table(client: Client, move_seconds: int = 0, budget_seconds: int = 0) -> tuple[str, list[Client]]:
    """A hare-and-tortoise game for ann (seat 0) and bob (seat 1) with this clock (0 and 0: none)."""
    game, tokens = client.create_game(
        "hare-and-tortoise", ["ann", "bob"], move_seconds=move_seconds, budget_seconds=budget_seconds
    )
    return game.name, [client.join(t.token) for t in tokens]


def play(seats: list[Client], game: str, seat: int) -> int:
    """`seat` plays its first legal command; the version after it."""
    move = seats[seat].legal_commands(game)[0]
    return int(seats[seat].submit(game, move.command_type, args_of(move)).version)


def to_act(seats: list[Client], game: str) -> list[int]:
    return list(seats[0].get_game(game).status.to_act)


def bets(seats: list[Client], game: str) -> int:
    """Both seats choose their second bet (ann first: versions 3 and 4); the first player (the deal decides who).

    The first player's turn begins at version 4: a new phase (play), even for bob, who was to act before his bet.
    """
    play(seats, game, 0)
    play(seats, game, 1)
    (first,) = to_act(seats, game)
    return first


def opening(seats: list[Client], game: str) -> int:
    """The bets, then the first player's move (version 7), after which the other is to act; the first player."""
    first = bets(seats, game)
    play(seats, game, first)
    return first
