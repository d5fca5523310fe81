"""`playledger-replay`: prove that recorded games are exactly what their rules produce.

    playledger-replay verify  --store URL --all | GAME... | --games-file F | --tournament ID
    playledger-replay verify  --record FILE.jsonl ...           (no database needed)
    playledger-replay export  --store URL GAME [--out FILE] [--organizer | --as SEAT]
    playledger-replay import  --store URL FILE.jsonl ...
    playledger-replay show    GAME --at VERSION [--as SEAT] [--text]
    playledger-replay diff    GAME --from V1 --to V2 [--as SEAT] [--text]
    playledger-replay report  --store URL GAME... --out PAGE.html   (or --format md|json)
    playledger-replay keygen  organizer.key
    playledger-replay check-certificate CERT.json [--public-key organizer.key.pub] [--record F | --store URL]

Exit status: 0 when everything holds, 1 when anything diverges (or a
certificate fails), 2 on a usage error (including a store or file that
cannot be read).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from uuid import UUID

import click
from tqdm import tqdm

from replay import certificates, records, report, timetravel
from replay.records import ORGANIZER, PUBLIC, Audience, GameRecord
from replay.sources import (
    SourceError,
    audit,
    load_records,
    open_store,
    parse_game,
    read_games_file,
    verify_records,
)
from replay.verify import Finding, Verdict, check_against, verify_record, verify_stream
from service.ledger.app import Ledger
from service.ledger.game import Game
from service.ledger.store import DEFAULT_STORE, StoreURLError

USAGE_ERRORS = (
    SourceError,
    StoreURLError,
    records.RecordError,
    certificates.KeyFileError,
    timetravel.TimeTravelError,
)


class Main(click.Group):
    """Usage errors (including a store or file that cannot be read) exit 2; divergences exit 1."""

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except USAGE_ERRORS as exc:
            raise click.UsageError(str(exc)) from None
        except click.exceptions.Exit:
            raise
        except Exception as exc:
            if _is_store_error(exc):
                click.echo(f"error: cannot read the store: {exc}", err=True)
                sys.exit(2)
            raise


def _is_store_error(exc: Exception) -> bool:
    from eventsourcing.persistence import PersistenceError

    return isinstance(exc, PersistenceError)


@click.group(cls=Main)
@click.version_option(message="%(version)s", version=records.tool_version())
def main() -> None:
    """Audit PlayLedger games: re-run them from their recorded commands, check seeds and hash chains,
    export and import records, travel back in time, certify and report."""


def store_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--store",
        envvar="PLAYLEDGER_STORE",
        default=DEFAULT_STORE,
        show_default=True,
        help="sqlite:///PATH or postgresql://user@host:port/db (opened read-only, except by import)",
    )(fn)


def record_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--record",
        "record_files",
        multiple=True,
        type=click.Path(path_type=Path),
        help="a game record (.jsonl/.jsonl.gz) or a folder of them, instead of a store; repeatable",
    )(fn)


def selection_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    fn = click.option("--tournament", default=None, help="every game of this tournament (ID) in the store")(fn)
    fn = click.option(
        "--games-file",
        type=click.Path(path_type=Path),
        default=None,
        help="a file of games, one games/ID per line (e.g. a tournament's)",
    )(fn)
    fn = click.option("--all", "every", is_flag=True, help="every game in the store")(fn)
    return fn


def game_ids(ledger: Ledger, games: Sequence[str], every: bool, games_file: Path | None) -> list[UUID]:
    ids = [parse_game(g) for g in games]
    if games_file is not None:
        ids += read_games_file(games_file)
    if every:
        ids += list(ledger.all_game_ids())
    seen: set[UUID] = set()
    return [g for g in ids if not (g in seen or seen.add(g))]  # type: ignore[func-returns-value]


def tournament_games(ledger: Ledger, tournament: str) -> tuple[str, list[UUID], list[dict[str, Any]]]:
    """(name, game ids, arbiter rulings) of a tournament in the store."""
    from service.ledger.tournament import TournamentNotFound, Tournaments

    try:
        tid = UUID(tournament.removeprefix("tournaments/"))
    except ValueError:
        raise SourceError(f"{tournament!r} is not a tournament (tournaments/ID or an ID)") from None
    try:
        found = Tournaments(ledger).get(tid)
    except TournamentNotFound as exc:
        raise SourceError(str(exc)) from None
    return str(found.name), [UUID(g) for g in found.games], [dict(r) for r in found.rulings]


def load_key(path: Path | None) -> Any:
    return certificates.load_private_key(path) if path is not None else None


# --- verify ------------------------------------------------------------------------------------------
@main.command()
@click.argument("games", nargs=-1)
@store_option
@selection_options
@record_option
@click.option(
    "--against",
    "earlier_files",
    multiple=True,
    type=click.Path(path_type=Path),
    help="an earlier (e.g. spectator's) record of the same game that the game must extend; repeatable",
)
@click.option("--json", "as_json", is_flag=True, help="one JSON object per game on stdout")
@click.option("--quiet", is_flag=True, help="print only diverging games and the summary")
@click.option(
    "--certificates",
    "cert_dir",
    type=click.Path(path_type=Path, file_okay=False),
    default=None,
    help="write a replay certificate per game (and per tournament) into this folder",
)
@click.option(
    "--sign-key", type=click.Path(path_type=Path), default=None, help="sign certificates with this Ed25519 key"
)
@click.option("--tournament-name", default=None, help="name for the tournament certificate of --games-file")
@click.option("--jobs", default=1, show_default=True, type=click.IntRange(1, 64), help="processes to verify with")
@click.option(
    "--projection/--no-projection",
    default=True,
    show_default=True,
    help="also hold the store's games projection (the read model) against the re-run result",
)
@click.option("--progress/--no-progress", default=None, help="progress bar on stderr (default: on a terminal)")
def verify(
    games: tuple[str, ...],
    store: str,
    every: bool,
    games_file: Path | None,
    tournament: str | None,
    record_files: tuple[Path, ...],
    earlier_files: tuple[Path, ...],
    as_json: bool,
    quiet: bool,
    cert_dir: Path | None,
    sign_key: Path | None,
    tournament_name: str | None,
    jobs: int,
    projection: bool,
    progress: bool | None,
) -> None:
    """Re-run games from their recorded commands; check seeds, hash chains and results.

    Exit 0 when every game holds, 1 when any diverges, 2 on a usage error.
    """
    key = load_key(sign_key)
    earlier = {r.game_id: r for r in load_records(earlier_files)} if earlier_files else {}
    if record_files and (games or every or games_file or tournament):
        raise click.UsageError("verify either --record files or games of a --store, not both")
    if not record_files and not (games or every or games_file or tournament):
        raise click.UsageError("name GAMEs, or pass --all, --games-file, --tournament or --record")
    if cert_dir is not None:
        cert_dir.mkdir(parents=True, exist_ok=True)
    issued: list[dict[str, Any]] = []
    rulings: list[dict[str, Any]] | None = None
    ledger: Ledger | None = None

    def events_of(game_id: UUID, found: Sequence[GameRecord]) -> list[Any]:
        if ledger is not None:
            return ledger.stream(game_id)
        whole = [r for r in found if r.game_id == game_id and r.complete]
        try:
            return records.to_events(whole[0]) if whole else []
        except records.DamagedRecord:
            return []

    def finish(verdict: Verdict, found: Sequence[GameRecord]) -> None:
        prior = earlier.get(verdict.game_id)
        if prior is not None and verdict.scope == "full":
            whole = events_of(verdict.game_id, found)
            problems = check_against(whole, prior) if whole else [Finding(0, "no whole game to check it against")]
            verdict.findings += [Finding(f.version, f"against {prior.source}: {f.message}") for f in problems]
        if cert_dir is not None:
            cert = certificates.game_certificate(verdict)
            cert = certificates.sign(cert, key) if key is not None else cert
            _write_json(cert_dir / f"{verdict.game_id}.cert.json", cert)
            issued.append(cert)
        _print_verdict(verdict, as_json, quiet)

    started = time.perf_counter()
    if record_files:
        found = load_records(record_files)
        if not found:
            raise click.UsageError("no record file (*.jsonl, *.jsonl.gz) in the given folder(s)")
        result = verify_records(found, progress, lambda v: finish(v, found))
        label = "record"
    else:
        ledger = open_store(store)
        label = "game"
        try:
            ids = game_ids(ledger, games, every, games_file)
            if tournament is not None:
                name, of_tournament, rulings = tournament_games(ledger, tournament)
                tournament_name = tournament_name or name
                ids += [g for g in of_tournament if g not in ids]
            if not ids and not every:
                raise click.UsageError("the games file or tournament names no game")
            result = audit(ledger, store, ids, jobs, progress, lambda v: finish(v, []), projection)
        finally:
            ledger.close()
    elapsed = time.perf_counter() - started
    if cert_dir is not None and (tournament_name or games_file or tournament):
        name = tournament_name or (games_file.stem if games_file else "tournament")
        tcert = certificates.tournament_certificate(name, issued, rulings=rulings)
        tcert = certificates.sign(tcert, key) if key is not None else tcert
        path = cert_dir / f"tournament-{_slug(name)}.cert.json"
        _write_json(path, tcert)
        click.echo(f"tournament {name}: {tcert['verdict']}, digest {tcert['digest']} -> {path}", err=True)
    sys.stdout.flush()  # the per-game lines before the summary on stderr
    verified = {v.game_id for v in result.verdicts}
    for game_id, prior in earlier.items():
        if game_id not in verified:
            click.echo(f"warning: --against {prior.source}: games/{game_id} was not among the games verified", err=True)
    n = len(result.verdicts)
    rate = f" ({result.events / elapsed:,.0f} events/s, {n / elapsed:,.1f} games/s)" if elapsed > 0 and n else ""
    click.echo(
        f"{n} {label}{'s' if n != 1 else ''}, {result.failed} diverging; "
        f"{result.events} events in {elapsed:.2f}s{rate}",
        err=True,
    )
    if not n:
        click.echo("warning: there was no game to verify", err=True)
    sys.exit(1 if result.failed else 0)


def _print_verdict(verdict: Verdict, as_json: bool, quiet: bool) -> None:
    if as_json:
        tqdm.write(json.dumps(verdict.to_json()), file=sys.stdout)
        return
    game = f"games/{verdict.game_id}"
    if verdict.ok:
        if not quiet:
            state = "finished" if verdict.finished else "in progress"
            scope = "" if verdict.scope == "full" else "  (hash chain only: a partial record)"
            if verdict.projection in ("matches", "behind"):
                scope += f"  projection {verdict.projection}"
            tqdm.write(
                f"ok       {game}  {verdict.rules} v{verdict.rules_version}  {verdict.events} events  "
                f"{state}  final hash {verdict.final_hash[:16]}{scope}",
                file=sys.stdout,
            )
        return
    lines = [f"DIVERGES {game}  {verdict.rules} v{verdict.rules_version}"]
    lines += [f"  at version {f.version}: {f.message}" for f in verdict.findings]
    tqdm.write("\n".join(lines), file=sys.stdout)


def _write_json(path: Path, data: Any) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(json.dumps(data, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    tmp.replace(path)


def _slug(name: str) -> str:
    return "".join(c if c.isalnum() or c in "-_." else "-" for c in name.strip())[:80] or "tournament"


# --- export / import ---------------------------------------------------------------------------------
def audience_of(organizer: bool, seat: int | None) -> Audience:
    if organizer and seat is not None:
        raise click.UsageError("--organizer and --as exclude each other")
    return ORGANIZER if organizer else Audience(seat=seat) if seat is not None else PUBLIC


@main.command()
@click.argument("games", nargs=-1)
@store_option
@selection_options
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    default=None,
    help="FILE for one game (default: stdout), a folder for several (GAME_ID.jsonl each); .gz compresses",
)
@click.option("--organizer", is_flag=True, help="whole records even of unfinished games: the seed and hidden cards")
@click.option("--as", "seat", type=int, default=None, help="what this seat may see of an unfinished game")
def export(
    games: tuple[str, ...],
    store: str,
    every: bool,
    games_file: Path | None,
    tournament: str | None,
    out: Path | None,
    organizer: bool,
    seat: int | None,
) -> None:
    """Write self-contained game records (JSON Lines) that verify with no database.

    A finished game's record is whole. An unfinished game's record holds only
    what a spectator (or --as SEAT) may see, without the seed, unless --organizer.
    """
    audience = audience_of(organizer, seat)
    ledger = open_store(store)
    try:
        ids = game_ids(ledger, games, every, games_file)
        if tournament is not None:
            ids += [g for g in tournament_games(ledger, tournament)[1] if g not in ids]
        if not ids:
            raise click.UsageError("name GAMEs, or pass --all, --games-file or --tournament")
        several = len(ids) > 1 or every or games_file is not None or tournament is not None
        if several and out is None:
            raise click.UsageError("several games need --out FOLDER")
        if several and out is not None:
            out.mkdir(parents=True, exist_ok=True)
        bar = tqdm(ids, desc="exporting", unit="game", disable=_no_bar(None, len(ids)), file=sys.stderr, leave=False)
        for game_id in bar:
            stored = ledger.stream(game_id)
            if not stored or not isinstance(stored[0], Game.Created):
                raise SourceError(f"there is no game {game_id} in this store")
            if seat is not None and not 0 <= seat < len(stored[0].players):
                raise click.BadParameter(f"seat must be 0..{len(stored[0].players) - 1}", param_hint="--as")
            record = records.export(stored, audience)
            if organizer and not record.finished:
                click.echo(
                    f"warning: games/{game_id} is not finished and this record holds its seed and every hidden "
                    "card: share it with no player",
                    err=True,
                )
            if out is None or str(out) == "-":
                for text in records.dumps(record):
                    click.echo(text)
                continue
            path = out / f"{game_id}.jsonl" if several else out
            records.write(record, path)
            whole = "whole" if record.complete else f"partial ({record.header['audience']})"
            tqdm.write(f"games/{game_id}: {len(record.lines) + 1} events, {whole} -> {path}", file=sys.stderr)
    finally:
        ledger.close()


@main.command(name="import")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
@store_option
def import_(files: tuple[Path, ...], store: str) -> None:
    """Load whole game records into a store (each is verified first; a diverging one is refused)."""
    found = load_records(files)
    ledger = open_store(store, read_only=False)
    refused = 0
    try:
        for record in found:
            game = f"games/{record.game_id}"
            if not record.complete:
                click.echo(f"refused  {game} ({record.source}): a partial record cannot be imported", err=True)
                refused += 1
                continue
            verdict = verify_record(record)
            if not verdict.ok:
                first = verdict.findings[0]
                click.echo(f"refused  {game}: it diverges at version {first.version}: {first.message}", err=True)
                refused += 1
                continue
            existing = ledger.stream(record.game_id)
            if existing:
                same = len(existing) == verdict.events and getattr(existing[-1], "hash", "") == verdict.final_hash
                if same:
                    click.echo(f"present  {game}: already in the store, identical")
                else:
                    click.echo(f"refused  {game}: the store already holds a different game with this id", err=True)
                    refused += 1
                continue
            ledger.save(*records.to_events(record))
            click.echo(f"imported {game}: {verdict.events} events, final hash {verdict.final_hash[:16]}")
    finally:
        ledger.close()
    sys.exit(1 if refused else 0)


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
    if record_files:
        found = load_records(record_files)
    else:
        ledger = open_store(store)
        try:
            ids = game_ids(ledger, games, every, games_file)
            if tournament is not None:
                name, of_tournament, _ = tournament_games(ledger, tournament)
                title = title or f"Tournament {name}"
                ids += [g for g in of_tournament if g not in ids]
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
    ext = {"html": ".html", "md": ".md", "json": ".json"}[fmt]
    if len(reports) == 1 and not out.is_dir():
        _write_text(out, _render_game(reports[0], fmt))
        click.echo(f"games/{reports[0].verdict.game_id}: {_verdict_word(reports[0].verdict)} -> {out}", err=True)
    else:
        out.mkdir(parents=True, exist_ok=True)
        links = {}
        for r in reports:
            name = f"{r.verdict.game_id}{ext}"
            _write_text(out / name, _render_game(r, fmt))
            links[f"games/{r.verdict.game_id}"] = name
        heading = title or (f"Tournament {games_file.stem}" if games_file else f"{len(reports)} games")
        cert = certificates.tournament_certificate(heading, [r.certificate for r in reports])
        index = out / f"index{ext}"
        if fmt == "html":
            _write_text(index, report.collection_html(heading, cert, reports, links))
        elif fmt == "md":
            _write_text(index, report.collection_markdown(heading, cert, reports))
        else:
            _write_text(index, json.dumps({"title": heading, "certificate": cert, "games": links}, indent=2))
        click.echo(f"{len(reports)} games, {sum(not r.verdict.ok for r in reports)} diverging -> {index}", err=True)
    sys.exit(1 if any(not r.verdict.ok for r in reports) else 0)


def _render_game(r: report.GameReport, fmt: str) -> str:
    if fmt == "html":
        return report.game_html(r)
    if fmt == "md":
        return report.game_markdown(r)
    return json.dumps(r.to_json(), indent=2, ensure_ascii=False) + "\n"


def _verdict_word(v: Verdict) -> str:
    return "holds" if v.ok else "DIVERGES"


def _no_bar(progress: bool | None, total: int) -> bool:
    return (not sys.stderr.isatty() or total < 20) if progress is None else not progress


def _write_text(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)


# --- certificates ------------------------------------------------------------------------------------
@main.command()
@click.argument("key_file", type=click.Path(path_type=Path))
def keygen(key_file: Path) -> None:
    """Make an organizer's Ed25519 signing key (KEY_FILE, mode 0600) and its public key (KEY_FILE.pub)."""
    public = certificates.generate_key(key_file)
    raw = certificates.raw_public(certificates.load_public_key(public))
    click.echo(f"private key {key_file} (keep it secret); public key {public}, {certificates.fingerprint(raw)}")


@main.command(name="check-certificate")
@click.argument("cert_file", type=click.Path(path_type=Path))
@click.option("--public-key", type=click.Path(path_type=Path), default=None, help="the signer's key it must carry")
@record_option
@click.option("--store", default=None, help="re-verify the certified games in this store as well")
def check_certificate(
    cert_file: Path, public_key: Path | None, record_files: tuple[Path, ...], store: str | None
) -> None:
    """Check a replay certificate: its signature, its digest, and (given records or a store) its facts.

    Exit 0 when it holds, 1 when it does not, 2 on a usage error.
    """
    try:
        cert = json.loads(cert_file.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SourceError(f"cannot read {cert_file}: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise SourceError(f"{cert_file} is not JSON: not a replay certificate") from None
    expected = certificates.load_public_key(public_key) if public_key is not None else None
    problems, notes = certificates.check(cert, expected)
    if not problems and (record_files or store):
        problems += _recheck(cert, record_files, store)
    elif not (record_files or store):
        notes.append("the facts were not re-checked: pass --record or --store to re-verify the game(s)")
    subject = cert.get("game") or f"tournament {cert.get('tournament')}" if isinstance(cert, dict) else "?"
    for note in notes:
        click.echo(f"note: {note}", err=True)
    if problems:
        click.echo(f"FAILS {cert_file} ({subject})")
        for p in problems:
            click.echo(f"  {p}")
        sys.exit(1)
    click.echo(f"ok    {cert_file} ({subject}): verdict {cert.get('verdict')}")


def _recheck(cert: dict[str, Any], record_files: Sequence[Path], store: str | None) -> list[str]:
    """Re-verify the certified game(s) now and compare with what the certificate states."""
    if cert.get("subject") == "tournament":
        wanted = {str(g["game"]): g for g in cert.get("games", [])}
    else:
        wanted = {str(cert.get("game")): cert}
    verdicts: dict[str, Verdict] = {}
    if record_files:
        for record in load_records(record_files):
            verdicts[f"games/{record.game_id}"] = verify_record(record)
    if store:
        ledger = open_store(store)
        try:
            for game in wanted:
                if game not in verdicts:
                    game_id = parse_game(game)
                    stored = ledger.stream(game_id)
                    if stored:
                        verdicts[game] = verify_stream(game_id, stored)
        finally:
            ledger.close()
    problems = []
    for game, stated in wanted.items():
        v = verdicts.get(game)
        if v is None:
            problems.append(f"{game}: not found in the given records or store")
            continue
        now = {
            "final_hash": v.final_hash,
            "events": v.events,
            "final_scores": v.scores,
            "winners": v.winners,
            "verdict": "holds" if v.ok else "diverges",
        }
        for key, value in now.items():
            if key in stated and stated[key] != value:
                problems.append(f"{game}: the certificate says {key} {stated[key]!r}, re-verifying gives {value!r}")
    return problems
