"""`playledger-replay`: audit recorded games.

playledger-replay verify --store URL --all        exit 0: every game re-runs identically
playledger-replay verify --store URL GAME [GAME]   exit 1: any divergence; 2: usage error
playledger-replay show GAME --at VERSION [--as SEAT]
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path
from typing import Any
from uuid import UUID

import click

from replay.verify import Finding, Verdict, verify_stream
from service.ledger.app import Ledger
from service.ledger.store import DEFAULT_STORE, StoreURLError, persistence_env


def open_store(url: str) -> Ledger:
    """The store, read-only in spirit: no tables are created, a missing SQLite file is an error."""
    try:
        env = persistence_env(url)
    except StoreURLError as exc:
        raise click.BadParameter(str(exc), param_hint="--store") from None
    db = env.get("SQLITE_DBNAME", "")
    if db and not db.startswith("file:") and not Path(db).exists():
        raise click.BadParameter(f"there is no SQLite store at {db}", param_hint="--store")
    return Ledger({**env, "CREATE_TABLE": "n"}, cache_size=0)


def parse_game(value: str) -> UUID:
    try:
        return UUID(value.removeprefix("games/"))
    except ValueError:
        raise click.BadParameter(f"{value!r} is not a game (games/ID)", param_hint="GAME") from None


def verify_one(ledger: Ledger, game_id: UUID) -> Verdict:
    try:
        stored = ledger.stream(game_id)
    except Exception as exc:
        return Verdict(game_id, findings=[Finding(0, f"cannot read the stored events: {exc}")])
    if not stored:
        return Verdict(game_id, findings=[Finding(0, "no such game in this store")])
    return verify_stream(game_id, stored)


class Main(click.Group):
    def main(self, *args: Any, **kwargs: Any) -> Any:
        # click exits 2 on usage errors already; keep 1 for "verified and found a divergence".
        return super().main(*args, **kwargs)


@click.group(cls=Main)
def main() -> None:
    """Audit PlayLedger games: re-run them from their recorded commands and check their hash chains."""


@main.command()
@click.argument("games", nargs=-1)
@click.option("--store", envvar="PLAYLEDGER_STORE", default=DEFAULT_STORE, show_default=True)
@click.option("--all", "every", is_flag=True, help="verify every game in the store")
@click.option("--json", "as_json", is_flag=True, help="one JSON object per game")
def verify(games: tuple[str, ...], store: str, every: bool, as_json: bool) -> None:
    """Re-run games and check seeds and hash chains; exit 0 when all hold, 1 otherwise."""
    if not games and not every:
        raise click.UsageError("name GAMEs or pass --all")
    ledger = open_store(store)
    ids = [parse_game(g) for g in games] if games else list(ledger.all_game_ids())
    started, failed, events = time.perf_counter(), 0, 0
    for game_id in ids:
        verdict = verify_one(ledger, game_id)
        events += verdict.events
        failed += not verdict.ok
        if as_json:
            click.echo(json.dumps(_verdict_json(verdict)))
        elif verdict.ok:
            state = "finished" if verdict.finished else "in progress"
            click.echo(
                f"ok       games/{game_id}  {verdict.rules} v{verdict.rules_version}  {verdict.events} events  "
                f"{state}  final hash {verdict.final_hash[:16]}"
            )
        else:
            click.echo(f"DIVERGES games/{game_id}")
            for f in verdict.findings:
                click.echo(f"  at version {f.version}: {f.message}")
    elapsed = time.perf_counter() - started
    if not as_json:
        rate = f"{events / elapsed:,.0f} events/s, {len(ids) / elapsed:,.1f} games/s" if elapsed > 0 else ""
        click.echo(f"{len(ids)} games, {failed} diverging; {events} events in {elapsed:.2f}s ({rate})", err=True)
    ledger.close()
    sys.exit(1 if failed else 0)


def _verdict_json(v: Verdict) -> dict[str, Any]:
    return {
        "game": f"games/{v.game_id}",
        "ok": v.ok,
        "rules": v.rules,
        "rules_version": v.rules_version,
        "events": v.events,
        "finished": v.finished,
        "final_hash": v.final_hash,
        "scores": v.scores,
        "findings": [{"version": f.version, "message": f.message} for f in v.findings],
    }


@main.command()
@click.argument("game")
@click.option("--store", envvar="PLAYLEDGER_STORE", default=DEFAULT_STORE, show_default=True)
@click.option("--at", "version", type=int, default=None, help="the stream version to show (default: latest)")
@click.option("--as", "seat", type=int, default=None, help="exactly the view this seat had (default: spectator)")
def show(game: str, store: str, version: int | None, seat: int | None) -> None:
    """Print a game's view as it stood at a version (settles "I never saw that card")."""
    ledger = open_store(store)
    game_id = parse_game(game)
    g = ledger.game_at(game_id, version) if version is not None else ledger.get_game(game_id)
    if seat is not None and not 0 <= seat < g.seats:
        raise click.BadParameter(f"seat must be 0..{g.seats - 1}", param_hint="--as")
    click.echo(
        json.dumps(
            {"game": f"games/{game_id}", "version": g.version, "seat": seat, "view": g.rules.view(g.state, seat)},
            indent=2,
        )
    )
    ledger.close()
