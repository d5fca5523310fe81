"""Server memory per cached active game: python -m bench.memory_bench --games 10000 (make memory-bench)

The ledger keeps recently used games in memory (the aggregate cache: commands decide on the cached copy,
reads skip the store). This plays `--games` games of every type a few moves into their middle, through
the ledger as the server does, with a cache big enough to hold them all, and prints the growth of the
process's resident memory per cached game, per game type and overall (issue 16's goal: 50 KB or less).
It measures; it asserts nothing.
"""

from __future__ import annotations

import contextlib
import gc
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import click

from bench.audit_bench import START_MS, Setup
from service.ledger.app import Ledger
from service.ledger.store import persistence_env
from service.rules.core import IllegalCommand, Rng

# Active games as people play them: every game type at its usual table, default options.
TABLES: tuple[Setup, ...] = (
    Setup("hare-and-tortoise", 4, {}),
    Setup("grasshopper-and-ant", 2, {"mode": "autumn"}),
    Setup("baba-yaga", 3, {"mode": "T"}),
    Setup("atiwa", 2, {}),
    Setup("antics", 2, {"two_player_variant": True}),
)
GOAL_KB = 50


def rss_kb() -> int:
    """This process's resident set size (Linux /proc), in KiB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise RuntimeError("no VmRSS in /proc/self/status")


def midgame(ledger: Ledger, setup: Setup, n: int, moves: int) -> bool:
    """One game `moves` seeded random moves in (fewer if it ends), saved once: the cache holds it unless it
    ended (a finished game leaves the cache). True when it ended."""
    seed = f"memory|{n}|{setup.rules}".encode()
    game = ledger.new_game(
        setup.rules, [f"p{i}" for i in range(setup.players)], setup.options, seed=seed, clock=lambda: START_MS
    ).game
    rules, bot, now = game.rules, Rng(seed + b"|bot", 0), START_MS
    for i in range(moves):
        status = rules.status(game.state)
        if status.finished:
            break
        options = [(s, c) for s in status.to_act for c in rules.legal_commands(game.state, s)]
        if not options:
            break
        seat, command = options[bot.below(len(options))]
        with contextlib.suppress(IllegalCommand):
            game.execute(seat, command, f"m{i}", now)
        now += 1000 + bot.below(4000)
    ledger.save(game)
    return game.is_finished()


def measure(setup: Setup, games: int, moves: int, folder: Path) -> dict[str, Any]:
    """In this process (run it fresh: memory freed earlier would be reused and hide the growth)."""
    ledger = Ledger(persistence_env(f"sqlite:///{folder / (setup.rules + '.db')}"), cache_size=games + 100)
    ended = sum(midgame(ledger, setup, -1 - n, moves) for n in range(20))  # warm up: imports, tables, statements
    gc.collect()
    before = rss_kb()
    ended += sum(midgame(ledger, setup, n, moves) for n in range(games))
    gc.collect()
    grown = rss_kb() - before
    cached = len(ledger.repository.cache.cache) if ledger.repository.cache is not None else 0
    ledger.close()
    return {
        "game": setup.rules,
        "players": setup.players,
        "cached": cached,
        "ended": ended,  # games that ended within their moves: not cached
        "rss_kb_per_game": grown / max(1, games - ended),
    }


@click.command()
@click.option("--games", default=10_000, show_default=True, help="cached games in all (split across the types)")
@click.option("--moves", default=20, show_default=True, help="random moves into each game")
@click.option("--json", "as_json", is_flag=True)
@click.option("--only", default=None, hidden=True, help="measure one type in this process (the parent's worker)")
def main(games: int, moves: int, as_json: bool, only: str | None) -> None:
    """Print the memory a cached active game costs, per game type: each type in a fresh process."""
    each = max(1, games // len(TABLES))
    if only is not None:
        setup = next(s for s in TABLES if s.rules == only)
        with tempfile.TemporaryDirectory() as tmp:
            click.echo(json.dumps(measure(setup, each, moves, Path(tmp))))
        return
    rows = []
    for setup in TABLES:
        worker = [sys.executable, "-m", "bench.memory_bench", "--only", setup.rules]
        done = subprocess.run([*worker, "--games", str(games), "--moves", str(moves)], capture_output=True, text=True)
        if done.returncode:
            raise click.ClickException(f"{setup.rules}: {done.stderr.strip()}")
        rows.append(json.loads(done.stdout))
    rss = sum(r["rss_kb_per_game"] for r in rows) / len(rows)
    if as_json:
        click.echo(json.dumps({"rows": rows, "rss_kb_per_game": rss, "goal_kb": GOAL_KB}))
        return
    click.echo(f"{'game':22} {'players':>7} {'cached':>7} {'RSS KiB/game':>13}")
    for r in rows:
        click.echo(f"{r['game']:22} {r['players']:>7} {r['cached']:>7} {r['rss_kb_per_game']:>13.1f}")
    total = sum(r["cached"] for r in rows)
    click.echo(f"{'mean':22} {'':>7} {total:>7} {rss:>13.1f}   (goal: {GOAL_KB} KiB or less)")


if __name__ == "__main__":
    main()
