"""`make bot-race-bench`: Baba Yaga raced by the server's bots through a real server, as a user meets them.

    python -m bench.bot_race                      # 20 games per row (the issue's figure; ~20 minutes)
    python -m bench.bot_race --games 4 --person-games 4

A fresh `playledger-server` on a SQLite store in a temporary folder. Every bot game is
`playledger bot-game baba-yaga --players 3 --level LEVEL [--option mode=T]`, the CLI with its defaults (the
game's default pace: a person's in Mode R, fast in an all-bot Mode T). Then a scripted quick person
(bench/quick_person.py: reacts in 500 ms, chooses as greedy does) plays seat 0 of a Mode R game against two
greedy bots, and against two search bots. Every figure is read from the games' exported records, and every
game is verified with `playledger-replay verify`. Prints a table; JSON in out/bot_race.json.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import click
from playledger_client import Client

from bench.harness import BIN, ServerProc
from bench.quick_person import Person
from bench.race_records import Race, race, read

ROWS = (("greedy", "R"), ("search", "R"), ("greedy", "T"), ("search", "T"))


def bot_game(target: str, level: str, mode: str) -> str:
    """One game through the CLI with its defaults; the game's name."""
    command = [str(BIN / "playledger"), "bot-game", "baba-yaga", "--players", "3", "--level", level]
    command += (["--option", "mode=T"] if mode == "T" else []) + ["--server", target, "--json"]
    done = subprocess.run(command, capture_output=True, text=True, timeout=1800, check=True)
    return str(json.loads(done.stdout)["game"])


def person_game(target: str, level: str) -> tuple[str, int, int]:
    """Seat 0 a quick person, seats 1 and 2 the server's bots at `level` (their default pace).

    Returns the game, the person's accepted and refused commands."""
    client = Client(target)
    game, tokens = client.create_game(
        "baba-yaga", ["quick person", f"{level} bot 1", f"{level} bot 2"], bots={1: level, 2: level}
    )
    person = Person(client.join(tokens[0].token), game.name, 0)
    person.play()
    print(f"quick person in {game.name}: {person.actions} commands, {person.refused} refused", file=sys.stderr)
    return game.name, person.actions, person.refused


def share(races: list[Race], seat: int) -> float:
    """The seat's win share: 1 for a win, 1/n for a win shared by n, 0 otherwise."""
    return sum(1 / len(r.winners) for r in races if seat in r.winners) / len(races) if races else float("nan")


def row(label: str, races: list[Race], seconds: list[float]) -> dict[str, Any]:
    gaps = [g for r in races for g in r.search_gaps_ms]
    steps = sum(r.bot_steps for r in races)
    own = steps - sum(r.auto_bot_steps for r in races)
    return {
        "row": label,
        "games": len(races),
        "third_spell": sum(r.third_spell for r in races),
        "search_gap_p50_ms": statistics.median(gaps) if gaps else None,
        "search_gap_p10_ms": statistics.quantiles(gaps, n=10)[0] if len(gaps) >= 10 else None,
        "bot_flyer_own_steps": own / steps
        if steps and label.split()[-1] != "T"
        else None,  # Mode T: steps are automatic
        "bot_steps": steps,
        "game_p50_s": statistics.median(seconds) if seconds else None,
        "person_share": share(races, 0) if label.startswith("person") else None,
    }


def _fmt(value: Any, spec: str) -> str:
    return "-" if value is None else format(value, spec)


@click.command()
@click.option("--games", default=20, show_default=True, help="bot games per row (levels x modes)")
@click.option("--person-games", default=20, show_default=True, help="quick-person games per opponent level")
@click.option("--parallel", default=6, show_default=True, help="games played at once")
@click.option("--out", "out_path", default="out/bot_race.json", show_default=True)
def main(games: int, person_games: int, parallel: int, out_path: str) -> None:
    with tempfile.TemporaryDirectory(prefix="bot-race-") as tmp:
        store = f"sqlite:///{tmp}/race.db"
        server = ServerProc(store, Path(tmp) / "server.log")
        server.start()
        played: dict[str, list[tuple[str, float]]] = {}
        try:
            with ThreadPoolExecutor(parallel) as pool:

                def timed(label: str, job: Any, *args: Any) -> tuple[str, str, float]:
                    started = time.monotonic()
                    result = job(*args)
                    name = result if isinstance(result, str) else result[0]
                    return label, name, time.monotonic() - started

                jobs = [
                    pool.submit(timed, f"{lv} {md}", bot_game, server.target, lv, md)
                    for lv, md in ROWS
                    for _ in range(games)
                ]
                jobs += [
                    pool.submit(timed, f"person vs {lv}", person_game, server.target, lv)
                    for lv in ("greedy", "search")
                    for _ in range(person_games)
                ]
                for done in jobs:
                    label, name, seconds = done.result()
                    played.setdefault(label, []).append((name, seconds))
                    print(f"{label}: {name} in {seconds:.0f} s", file=sys.stderr, flush=True)
        finally:
            server.stop()
        records = Path(tmp) / "records"
        replay = str(BIN / "playledger-replay")
        subprocess.run(
            [replay, "export", "--store", store, "--all", "--out", str(records)], check=True, capture_output=True
        )
        verified = subprocess.run([replay, "verify", "--store", store, "--all"], capture_output=True, text=True)
        by_game = {r.game: r for r in (race(read(p)) for p in sorted(records.glob("*.jsonl")))}
    rows = [row(label, [by_game[g] for g, _ in runs], [s for _, s in runs]) for label, runs in played.items()]
    print("\nBaba Yaga, 3 seats, through a real server (SQLite); bot games from `playledger bot-game` defaults")
    print(
        f"{'row':<18}{'games':>6}{'3rd spell':>10}{'search gap p50/p10 ms':>23}{'flyers step':>12}"
        f"{'game p50 s':>11}{'person wins':>12}"
    )
    for r in rows:
        print(
            f"{r['row']:<18}{r['games']:>6}{r['third_spell'] / r['games']:>10.0%}"
            f"{_fmt(r['search_gap_p50_ms'], '.0f') + ' / ' + _fmt(r['search_gap_p10_ms'], '.0f'):>23}"
            f"{_fmt(r['bot_flyer_own_steps'], '.1%'):>12}{_fmt(r['game_p50_s'], '.0f'):>11}"
            f"{_fmt(r['person_share'], '.0%'):>12}"
        )
    ok = verified.returncode == 0
    print(f"playledger-replay verify --all: {'every game holds' if ok else 'FAILED'} ({len(by_game)} games)")
    if not ok:
        print(verified.stdout[-4000:], verified.stderr[-2000:])
    Path(out_path).parent.mkdir(parents=True, exist_ok=True)
    Path(out_path).write_text(json.dumps({"rows": rows, "verified": ok, "games": len(by_game)}, indent=2))
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
