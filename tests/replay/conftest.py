"""Shared stores for the audit tests: bot games of every type (and one unfinished game) on SQLite."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path
from uuid import UUID

import pytest

from bench.audit_bench import MIX, bot_game
from service.ledger.app import Ledger
from service.ledger.store import persistence_env

BIN = Path(sys.executable).parent


def replay_cli(*args: str, env: dict[str, str] | None = None, timeout: int = 300) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(BIN / "playledger-replay"), *args], capture_output=True, text=True, timeout=timeout, env=env
    )


def start_unfinished(ledger: Ledger, seed: bytes = b"unfinished", commands: int = 6) -> UUID:
    """A Hare & Tortoise game a few commands in: hidden bets and hands, no seed revealed."""
    created = ledger.create_game("hare-and-tortoise", ["ann", "bob", "cy"], {}, seed=seed, clock=lambda: 1_000)
    game = created.game
    for n in range(commands):
        status = game.rules.status(game.state)
        seat = status.to_act[0]
        game.execute(seat, game.rules.legal_commands(game.state, seat)[0], f"r{n}", 2_000 + n * 1_000)
    ledger.save(game)
    return created.game_id


@dataclass
class Store:
    url: str
    path: Path
    finished: list[UUID] = field(default_factory=list)
    unfinished: UUID | None = None

    @property
    def every(self) -> list[UUID]:
        return [*self.finished, *([self.unfinished] if self.unfinished else [])]


@pytest.fixture(scope="module")
def games_store(tmp_path_factory: pytest.TempPathFactory) -> Store:
    """One finished bot game of every setup in the mix (all five game types) and one unfinished game."""
    path = tmp_path_factory.mktemp("audit") / "games.db"
    store = Store(f"sqlite:///{path}", path)
    ledger = Ledger(persistence_env(store.url))
    store.finished = [bot_game(ledger, setup, f"fixture|{n}".encode()) for n, setup in enumerate(MIX)]
    store.unfinished = start_unfinished(ledger)
    ledger.close()
    return store


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    """Benchmarks measure, they do not assert: show the audit speeds the bulk tests recorded (xdist too)."""
    lines = [
        value
        for report in terminalreporter.stats.get("passed", [])
        for name, value in getattr(report, "user_properties", [])
        if name == "audit_speed"
    ]
    if lines:
        terminalreporter.section("audit speed")
        for line in sorted(lines):
            terminalreporter.write_line(line)
