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
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any
from uuid import UUID

import click
from tqdm import tqdm

from replay import certificates, receipts, records, timetravel
from replay.recheck import recheck
from replay.records import ORGANIZER, PUBLIC, Audience
from replay.sources import (
    SourceError,
    load_records,
    open_store,
    parse_game,
    read_games_file,
)
from replay.tournament import GameFact, NoSuchTournament, TournamentAudit, TournamentFacts, audit, facts_from_store
from replay.verify import Verdict, verify_record
from service.ledger import signing
from service.ledger.app import Ledger
from service.ledger.cached import GameNotFound
from service.ledger.game import Game
from service.ledger.store import DEFAULT_STORE, StoreURLError

USAGE_ERRORS = (
    SourceError,
    StoreURLError,
    records.RecordError,
    signing.KeyFileError,
    timetravel.TimeTravelError,
    NoSuchTournament,
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


def _joined(_ctx: click.Context, _param: click.Parameter, value: tuple[str, ...]) -> str:
    return " ".join(value)  # the stores, separated by spaces as in PLAYLEDGER_STORE (open_store splits them)


def store_option(fn: Callable[..., Any]) -> Callable[..., Any]:
    return click.option(
        "--store",
        envvar="PLAYLEDGER_STORE",
        multiple=True,
        default=(DEFAULT_STORE,),
        show_default=True,
        callback=_joined,
        help="sqlite:///PATH or postgresql://user@host:port/db (opened read-only, except by import); on shards, "
        "each store, the first first (as the server's --store)",
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


def tournament_of(ledger: Ledger, tournament: str | None) -> TournamentFacts | None:
    return None if tournament is None else facts_from_store(ledger, tournament)


def audit_tournament(facts: TournamentFacts, verdicts: Sequence[Verdict]) -> TournamentAudit:
    return audit(facts, {str(v.game_id): GameFact.of_verdict(v) for v in verdicts})


def load_key(path: Path | None) -> Any:
    return signing.load_private_key(path) if path is not None else None


def _no_bar(progress: bool | None, total: int) -> bool:
    return (not sys.stderr.isatty() or total < 20) if progress is None else not progress


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
        facts = tournament_of(ledger, tournament)
        if facts is not None:
            ids += [UUID(g) for g in facts.games if UUID(g) not in ids]
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
            try:
                existing = ledger.stream(record.game_id)
            except GameNotFound as exc:  # its id names a shard these stores do not have
                click.echo(f"refused  {game}: {exc}", err=True)
                refused += 1
                continue
            if existing:
                same = len(existing) == verdict.events and getattr(existing[-1], "hash", "") == verdict.final_hash
                if same:
                    click.echo(f"present  {game}: already in the store, identical")
                else:
                    click.echo(f"refused  {game}: the store already holds a different game with this id", err=True)
                    refused += 1
                continue
            ledger.store_of(record.game_id).save(*records.to_events(record))  # on its shard
            click.echo(f"imported {game}: {verdict.events} events, final hash {verdict.final_hash[:16]}")
    finally:
        ledger.close()
    sys.exit(1 if refused else 0)


# --- certificates ------------------------------------------------------------------------------------
@main.command()
@click.argument("key_file", type=click.Path(path_type=Path))
def keygen(key_file: Path) -> None:
    """Make an organizer's Ed25519 signing key (KEY_FILE, mode 0600) and its public key (KEY_FILE.pub)."""
    public = signing.generate_key(key_file)
    raw = signing.raw_public(signing.load_public_key(public))
    click.echo(f"private key {key_file} (keep it secret); public key {public}, {signing.fingerprint(raw)}")


@main.command(name="check-certificate")
@click.argument("cert_file", type=click.Path(path_type=Path))
@click.option("--public-key", type=click.Path(path_type=Path), default=None, help="the signer's key it must carry")
@record_option
@click.option(
    "--store", multiple=True, callback=_joined, help="re-verify the certified games in this store (or shards) as well"
)
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
    expected = signing.load_public_key(public_key) if public_key is not None else None
    problems, notes = certificates.check(cert, expected)
    if not problems and (record_files or store):
        problems += recheck(cert, record_files, store)
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


@main.command(name="check-receipt")
@click.argument("receipt_file", type=click.Path(path_type=Path))
@click.option(
    "--public-key",
    type=click.Path(path_type=Path),
    required=True,
    help="the server's receipt key (PEM; `playledger receipt-key --out FILE` saves it)",
)
@click.option("--record", "record_file", type=click.Path(path_type=Path), default=None, help="the game's record")
@click.option(
    "--attempts",
    "attempts_file",
    type=click.Path(path_type=Path),
    default=None,
    help="the game's refused commands (JSON Lines, `playledger attempts GAME`)",
)
def check_receipt(receipt_file: Path, public_key: Path, record_file: Path | None, attempts_file: Path | None) -> None:
    """Check a SubmitCommand receipt: the server's signature, and what the game's record (and attempts log) hold.

    Exit 0 when it holds, 1 when it does not, 2 on a usage error.
    """
    try:
        receipt = json.loads(receipt_file.read_text(encoding="utf-8"))
        attempts = None
        if attempts_file is not None:
            text = attempts_file.read_text(encoding="utf-8")
            attempts = [json.loads(line) for line in text.splitlines() if line.strip()]
    except OSError as exc:
        raise SourceError(f"cannot read {exc.filename}: {exc.strerror or exc}") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise SourceError(f"not JSON: {exc}") from None
    record = records.read(record_file) if record_file is not None else None
    problems, notes, facts = receipts.check(receipt, signing.load_public_key(public_key), record, attempts)
    for note in notes:
        click.echo(f"note: {note}", err=True)
    subject = f"{facts.get('outcome', '?')} {facts.get('game', '?')} request {facts.get('request_id')!r}"
    if problems:
        click.echo(f"FAILS {receipt_file} ({subject})")
        for p in problems:
            click.echo(f"  {p}")
        sys.exit(1)
    click.echo(f"ok    {receipt_file} ({subject}, version {facts.get('version')})")


# verify, and the time-travel and report commands, live beside this module; importing them registers them on
# `main`.
from replay import cli_verify, cli_views  # noqa: E402, F401
