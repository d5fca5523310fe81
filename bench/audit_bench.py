"""Bot games in bulk, and the audit benchmark: python -m bench.audit_bench --games 1000 [--store URL] [--jobs N]

Games are played in-process through the ledger (the Game aggregate decides and
records exactly as the server does, with a synthetic clock), by a seeded
random bot, across every game type with options that keep each game short.
The benchmark then audits the store the way `playledger-replay verify --all`
does and prints events/s and games/s, then events per CPU second beside a baseline timed in
the same run (reading and hashing the same records, deciding nothing). It measures; it asserts
nothing about time.
"""

from __future__ import annotations

import contextlib
import resource
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from uuid import UUID

import click

from service.ledger import chain, codec
from service.ledger.app import Ledger, now_ms
from service.ledger.game import Game
from service.ledger.store import StoreURLError, persistence_env
from service.rules.core import IllegalCommand, Rng

START_MS = 1_767_225_600_000  # 2026-01-01T00:00:00Z: bot games carry a synthetic, reproducible clock
MAX_COMMANDS = 5_000


@dataclass(frozen=True)
class Setup:
    rules: str
    players: int
    options: dict[str, Any]


# Every game type, with options that keep a game to tens of commands (Baba Yaga's max_turns, Atiwa solo,
# Turbo races, Autumn) and enough variety (player counts, variants, real-time Mode R) to exercise the rules.
MIX: tuple[Setup, ...] = (
    Setup("hare-and-tortoise", 2, {"variant": "turbo"}),
    Setup("hare-and-tortoise", 3, {"variant": "turbo", "tie_policy": "rematch"}),
    Setup("hare-and-tortoise", 2, {}),
    Setup("antics", 2, {"two_player_variant": True}),
    Setup("baba-yaga", 2, {"mode": "T", "difficulty": "walk", "max_turns": 4}),
    Setup("baba-yaga", 3, {"mode": "T", "difficulty": "tough", "fearless": True, "max_turns": 4}),
    Setup("baba-yaga", 3, {"mode": "R", "max_turns": 4}),
    Setup("grasshopper-and-ant", 2, {"mode": "autumn"}),
    Setup("grasshopper-and-ant", 3, {"mode": "winter", "powers": True}),
    Setup("atiwa", 1, {}),
    Setup("atiwa", 1, {"challenge": 5}),
)


def bot_game(ledger: Ledger, setup: Setup, seed: bytes, tick: Callable[[Rng], int] | None = None) -> UUID:
    """Create and play one game to its end with a seeded random bot (see play_out).

    The game is saved only once, finished: a running server's scheduler never sees it half played
    (it would submit the game's due timeouts itself and race the bot).
    """
    created = ledger.new_game(
        setup.rules, [f"bot {i}" for i in range(setup.players)], setup.options, seed=seed, clock=lambda: START_MS
    )
    play_out(ledger, created.game, seed, START_MS, tick)
    return created.game_id


def play_out(
    ledger: Ledger, game: Game, seed: bytes, clock: int | None = None, tick: Callable[[Rng], int] | None = None
) -> None:
    """Play a game to its end with a seeded random bot and save it in one transaction at the end.

    Automatic commands (seat None, the timeouts of real-time games) are offered
    once they are due, as the server's scheduler would submit them; `clock` is
    the synthetic server time of the first command (default: now).
    """
    now = now_ms() if clock is None else clock
    rules = game.rules
    bot = Rng(seed + b"|bot", 0)
    step = tick or (lambda rng: 1000 + rng.below(1000))
    for n in range(MAX_COMMANDS):
        status = rules.status(game.state)
        if status.finished:
            ledger.save(game)
            return
        candidates: list[tuple[int | None, Any]] = [
            (seat, command) for seat in status.to_act for command in rules.legal_commands(game.state, seat)
        ]
        if status.wake_at_ms is not None and (not candidates or now >= status.wake_at_ms):
            now = max(now, status.wake_at_ms)
            candidates += [(None, command) for command in rules.legal_commands(game.state, None)]
        if not candidates:
            raise RuntimeError(f"{game.rules_name}: nobody can act at command {n} ({status})")
        seat, command = candidates[bot.below(len(candidates))]
        # A refusal (e.g. a real-time pace limit) records nothing: time moves on and the bot picks again.
        with contextlib.suppress(IllegalCommand):
            game.execute(seat, command, f"bot-{n}" if seat is not None else f"auto@{game.version}", now)
        now += step(bot)
    raise RuntimeError(f"{game.rules_name} {game.options} did not end within {MAX_COMMANDS} commands")


def populate(
    ledger: Ledger, games: int, seed: str = "bench", mix: Iterable[Setup] = MIX, progress: bool = False
) -> list[UUID]:
    """`games` bot games, cycling through the mix; reproducible for a given seed."""
    from tqdm import tqdm

    setups = list(mix)
    ids = []
    for n in tqdm(range(games), desc="playing", unit="game", disable=not progress, file=sys.stderr):
        setup = setups[n % len(setups)]
        ids.append(bot_game(ledger, setup, f"{seed}|{n}|{setup.rules}".encode()))
    return ids


def read_and_hash(ledger: Ledger, ids: Sequence[UUID]) -> int:
    """The baseline: read every game's events and hash each link's fields once, deciding nothing.

    What any audit must at least do (read, decode, hash), timed in the same run on the same records,
    so the audit's rate is also stated as a ratio that a busy machine does not skew.
    """
    events = 0
    for game_id in ids:
        for event in ledger.stream(game_id):
            if type(event).__name__ in chain.LINK_FIELDS:
                codec.chain_hash(chain.fields_of(event))
            events += 1
    return events


@dataclass(frozen=True)
class Timing:
    """One timed pass: events, and the wall and CPU seconds (this process and the workers it waited for)."""

    events: int
    wall: float
    cpu: float

    @property
    def per_cpu_second(self) -> float:
        return self.events / self.cpu if self.cpu else 0.0


def timed(run: Callable[[], int]) -> Timing:
    def cpu() -> float:
        own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime

    wall, used = time.perf_counter(), cpu()
    events = run()
    return Timing(events, time.perf_counter() - wall, cpu() - used)


@click.command()
@click.option("--games", default=1000, show_default=True, help="how many bot games to play, then audit")
@click.option("--store", default=None, help="where to record them (default: a new SQLite file in a temp folder)")
@click.option("--jobs", default=1, show_default=True, help="audit with this many processes")
@click.option("--seed", default="bench", show_default=True)
def main(games: int, store: str | None, jobs: int, seed: str) -> None:
    """Play bot games of every type through the ledger, then audit them all and print the audit speed."""
    from replay.sources import AuditResult, audit, open_store

    with tempfile.TemporaryDirectory() as tmp:
        url = store or f"sqlite:///{Path(tmp) / 'bench.db'}"
        try:
            writer = Ledger(persistence_env(url))
        except StoreURLError as exc:
            raise click.BadParameter(str(exc), param_hint="--store") from None
        started = time.perf_counter()
        ids = populate(writer, games, seed, progress=True)
        writer.close()
        played = time.perf_counter() - started
        click.echo(f"played {len(ids)} bot games in {played:.1f}s ({len(ids) / played:.1f} games/s)")

        reader = open_store(url)
        read_and_hash(reader, ids[: max(1, len(ids) // 10)])  # warm: imports, caches, the page cache
        result = AuditResult()

        def run_audit() -> int:
            result.verdicts[:] = audit(reader, url, ids, jobs=jobs, progress=True).verdicts
            return result.events

        audited = timed(run_audit)
        base = timed(lambda: read_and_hash(reader, ids))
        reader.close()
    _report(result, audited, base, jobs)
    sys.exit(1 if result.failed else 0)


def _report(result: Any, audited: Timing, base: Timing, jobs: int) -> None:
    per_type: dict[str, list[int]] = {}
    for v in result.verdicts:
        per_type.setdefault(v.rules, []).append(v.events)
    for rules, counts in sorted(per_type.items()):
        click.echo(f"  {rules:20} {len(counts):5} games  {sum(counts) / len(counts):7.1f} events/game")
    click.echo(
        f"audited {len(result.verdicts)} games, {audited.events} events in {audited.wall:.2f}s with {jobs} job(s): "
        f"{audited.events / audited.wall:,.0f} events/s, {len(result.verdicts) / audited.wall:,.1f} games/s; "
        f"{result.failed} diverging"
    )
    click.echo(
        f"per core: audit {audited.per_cpu_second:,.0f} events per CPU second; baseline (read + hash each link "
        f"once, nothing re-decided) {base.per_cpu_second:,.0f} events per CPU second, same run; "
        f"audit/baseline {audited.per_cpu_second / base.per_cpu_second:.2f}"
    )


if __name__ == "__main__":
    main()
