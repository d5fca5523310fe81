"""`playledger-replay show|diff|report`: a game at any version as someone saw it, and reports to read.

Registered on replay.cli's command group (replay.cli imports this module once it is defined).
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from uuid import UUID

import click
from tqdm import tqdm

from replay import certificates, records, report, timetravel, tournament_report
from replay.cli import (
    _no_bar,
    audit_tournament,
    game_ids,
    main,
    record_option,
    selection_options,
    store_option,
    tournament_of,
)
from replay.sources import SourceError, load_records, open_store, parse_game
from replay.tournament import TournamentAudit, TournamentFacts
from service.audit.records import ORGANIZER, PUBLIC, GameRecord
from service.audit.verify import Verdict, verify_record
from service.ledger.game import Game


# --- time travel -------------------------------------------------------------------------------------
def stream_for(game: str | None, store: str, record_file: Path | None) -> list[Any]:
    """A game's stored events, Created first, from a record file or the store."""
    if record_file is not None:
        record = records.read(record_file)
        if game is not None and parse_game(game) != record.game_id:
            raise SourceError(f"{record_file} is a record of games/{record.game_id}, not {game}")
        if not record.complete:
            raise SourceError(
                f"{record_file} is a partial record ({record.header.get('audience')}): time travel needs the whole "
                "record (an organizer's export, or the game's once it is finished)"
            )
        try:
            return records.to_events(record)
        except records.DamagedRecord as exc:
            raise SourceError(f"{record_file} is damaged at version {exc.version}: {exc}") from None
    if game is None:
        raise click.UsageError("name the GAME (or pass --record FILE)")
    ledger = open_store(store)
    try:
        stored = ledger.stream(parse_game(game))
    finally:
        ledger.close()
    if not stored or not isinstance(stored[0], Game.Created):
        raise SourceError(f"there is no game {game} in this store")
    return stored


def timetravel_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    fn = click.option("--text", "as_text", is_flag=True, help="readable text instead of JSON")(fn)
    fn = click.option("--as", "seat", type=int, default=None, help="exactly what this seat saw (default: spectator)")(
        fn
    )
    fn = click.option("--record", "record_file", type=click.Path(path_type=Path), default=None, help="a record file")(
        fn
    )
    return store_option(fn)


@main.command()
@click.argument("game", required=False)
@timetravel_options
@click.option("--at", "version", type=int, default=None, help="the stream version to show (default: the latest)")
def show(
    game: str | None, store: str, record_file: Path | None, seat: int | None, as_text: bool, version: int | None
) -> None:
    """A game as it stood at a version, as a seat (or a spectator) saw it: settles "I never saw that card"."""
    stored = stream_for(game, store, record_file)
    m = timetravel.moment(stored, version, seat)
    click.echo(timetravel.moment_text(m) if as_text else json.dumps(m.to_json(), indent=2, ensure_ascii=False))


@main.command()
@click.argument("game", required=False)
@timetravel_options
@click.option("--from", "before", type=int, required=True, help="the earlier version")
@click.option("--to", "after", type=int, default=None, help="the later version (default: the latest)")
def diff(
    game: str | None,
    store: str,
    record_file: Path | None,
    seat: int | None,
    as_text: bool,
    before: int,
    after: int | None,
) -> None:
    """What changed in a seat's (or a spectator's) view between two versions, and the events in between."""
    stored = stream_for(game, store, record_file)
    d = timetravel.diff(stored, before, after if after is not None else stored[-1].originator_version, seat)
    players = list(stored[0].players)
    click.echo(timetravel.diff_text(d, players) if as_text else json.dumps(d, indent=2, ensure_ascii=False))


# --- reports -----------------------------------------------------------------------------------------
@main.command(name="report")
@click.argument("games", nargs=-1)
@store_option
@selection_options
@record_option
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    required=True,
    help="FILE for one game; a folder for several (one page per game and an index.html)",
)
@click.option("--format", "fmt", type=click.Choice(["html", "md", "json"]), default="html", show_default=True)
@click.option("--organizer", is_flag=True, help="show unfinished games whole (their hidden cards and commands)")
@click.option("--title", default=None, help="title of the index page (default: the tournament's name)")
@click.option("--progress/--no-progress", default=None, help="progress bar on stderr (default: on a terminal)")
def report_(
    games: tuple[str, ...],
    store: str,
    every: bool,
    games_file: Path | None,
    tournament: str | None,
    record_files: tuple[Path, ...],
    out: Path,
    fmt: str,
    organizer: bool,
    title: str | None,
    progress: bool | None,
) -> None:
    """Write a report per game (HTML with charts, Markdown or JSON), and an index for several games.

    Exit 0 when every game holds, 1 when any diverges.
    """
    found: list[GameRecord]
    facts: TournamentFacts | None = None
    if record_files:
        found = load_records(record_files)
    else:
        ledger = open_store(store)
        try:
            ids = game_ids(ledger, games, every, games_file)
            facts = tournament_of(ledger, tournament)
            if facts is not None:
                title = title or f"Tournament {facts.name}"
                ids += [UUID(g) for g in facts.games if UUID(g) not in ids]
            if not ids:
                raise click.UsageError("name GAMEs, or pass --all, --games-file, --tournament or --record")
            found = []
            for game_id in ids:
                stored = ledger.stream(game_id)
                if not stored or not isinstance(stored[0], Game.Created):
                    raise SourceError(f"there is no game {game_id} in this store")
                found.append(records.export(stored, ORGANIZER if organizer else PUBLIC))
        finally:
            ledger.close()
    reports = []
    for record in tqdm(found, desc="reporting", unit="game", disable=_no_bar(progress, len(found)), file=sys.stderr):
        verdict = verify_record(record)
        reports.append(report.game_report(record, verdict, certificates.game_certificate(verdict)))
    checked = audit_tournament(facts, [r.verdict for r in reports]) if facts is not None else None
    if checked is not None:  # each game's page names its round and table
        for r in reports:
            r.tournament = tournament_report.place_of(checked, str(r.verdict.game_id))
    if len(reports) == 1 and not out.is_dir() and checked is None:
        _write_text(out, _render_game(reports[0], fmt))
        click.echo(f"games/{reports[0].verdict.game_id}: {_verdict_word(reports[0].verdict)} -> {out}", err=True)
    else:
        heading = title or (f"Tournament {games_file.stem}" if games_file else f"{len(reports)} games")
        index = _write_index(out, fmt, heading, reports, checked)
        click.echo(f"{len(reports)} games, {sum(not r.verdict.ok for r in reports)} diverging -> {index}", err=True)
    sys.exit(1 if any(not r.verdict.ok for r in reports) or (checked is not None and not checked.ok) else 0)


def _write_index(
    out: Path, fmt: str, heading: str, reports: Sequence[report.GameReport], checked: TournamentAudit | None
) -> Path:
    """One page per game and the index: a tournament's (standings, rounds, rulings) or a list of games'."""
    ext = {"html": ".html", "md": ".md", "json": ".json"}[fmt]
    out.mkdir(parents=True, exist_ok=True)
    links = {}
    for r in reports:
        name = f"{r.verdict.game_id}{ext}"
        _write_text(out / name, _render_game(r, fmt))
        links[f"games/{r.verdict.game_id}"] = name
    cert = certificates.tournament_certificate(heading, [r.certificate for r in reports], tournament=checked)
    index = out / f"index{ext}"
    if checked is not None:
        _write_text(index, tournament_report.render(fmt, heading, cert, reports, links, checked))
    elif fmt == "html":
        _write_text(index, report.collection_html(heading, cert, reports, links))
    elif fmt == "md":
        _write_text(index, report.collection_markdown(heading, cert, reports))
    else:
        _write_text(index, json.dumps({"title": heading, "certificate": cert, "games": links}, indent=2))
    return index


def _render_game(r: report.GameReport, fmt: str) -> str:
    if fmt == "html":
        return report.game_html(r)
    if fmt == "md":
        return report.game_markdown(r)
    return json.dumps(r.to_json(), indent=2, ensure_ascii=False) + "\n"


def _verdict_word(v: Verdict) -> str:
    return "holds" if v.ok else "DIVERGES"


def _write_text(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
