"""`playledger-replay verify`: re-run games from a store or from record files, and say which hold.

Each verdict, as it comes, is held against an earlier record of the same game (--against), certified
(--certificates, signed with --sign-key) and printed; a tournament's games end with the tournament's own
verdict and certificate. Registered on replay.cli's command group (replay.cli imports this module).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from uuid import UUID

import click
from tqdm import tqdm

from replay import certificates, records
from replay.cli import (
    audit_tournament,
    game_ids,
    load_key,
    main,
    record_option,
    selection_options,
    store_option,
    tournament_of,
)
from replay.pairings import AS_RECORDED
from replay.records import GameRecord
from replay.sources import AuditResult, load_records, open_store, verify_records
from replay.sources import audit as audit_games
from replay.tournament import TournamentAudit, TournamentFacts
from replay.verify import Finding, Verdict, check_against
from service.ledger.app import Ledger


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
    run = _Verdicts(earlier, cert_dir, key, as_json, quiet)
    facts: TournamentFacts | None = None
    started = time.perf_counter()
    if record_files:
        result, label = _verify_files(record_files, progress, run), "record"
    else:
        selection = (games, every, games_file, tournament)
        result, facts = _verify_store(store, selection, jobs, progress, projection, run)
        label = "game"
        if facts is not None:
            tournament_name = tournament_name or facts.name
    elapsed = time.perf_counter() - started
    checked = audit_tournament(facts, result.verdicts) if facts is not None else None
    if checked is not None:
        _print_tournament(checked, as_json)
    if cert_dir is not None and (tournament_name or games_file or tournament):
        name = tournament_name or (games_file.stem if games_file else "tournament")
        _certify_tournament(cert_dir, name, run.issued, checked, key)
    sys.stdout.flush()  # the per-game lines before the summary on stderr
    _summary(result, label, elapsed, earlier)
    sys.exit(1 if result.failed or (checked is not None and not checked.ok) else 0)


@dataclass
class _Verdicts:
    """What happens to each verdict as it comes: the --against check, its certificate, its line."""

    earlier: dict[UUID, GameRecord]
    cert_dir: Path | None
    key: Any
    as_json: bool
    quiet: bool
    ledger: Ledger | None = None  # verifying a store: where the whole stream of a game is read
    issued: list[dict[str, Any]] = field(default_factory=list)

    def events_of(self, game_id: UUID, found: Sequence[GameRecord]) -> list[Any]:
        if self.ledger is not None:
            return self.ledger.stream(game_id)
        whole = [r for r in found if r.game_id == game_id and r.complete]
        try:
            return records.to_events(whole[0]) if whole else []
        except records.DamagedRecord:
            return []

    def finish(self, verdict: Verdict, found: Sequence[GameRecord]) -> None:
        prior = self.earlier.get(verdict.game_id)
        if prior is not None and verdict.scope == "full":
            whole = self.events_of(verdict.game_id, found)
            problems = check_against(whole, prior) if whole else [Finding(0, "no whole game to check it against")]
            verdict.findings += [Finding(f.version, f"against {prior.source}: {f.message}") for f in problems]
        if self.cert_dir is not None:
            cert = certificates.game_certificate(verdict)
            cert = certificates.sign(cert, self.key) if self.key is not None else cert
            _write_json(self.cert_dir / f"{verdict.game_id}.cert.json", cert)
            self.issued.append(cert)
        _print_verdict(verdict, self.as_json, self.quiet)


def _verify_files(record_files: Sequence[Path], progress: bool | None, run: _Verdicts) -> AuditResult:
    found = load_records(record_files)
    if not found:
        raise click.UsageError("no record file (*.jsonl, *.jsonl.gz) in the given folder(s)")
    return verify_records(found, progress, lambda v: run.finish(v, found))


def _verify_store(
    store: str,
    selection: tuple[Sequence[str], bool, Path | None, str | None],
    jobs: int,
    progress: bool | None,
    projection: bool,
    run: _Verdicts,
) -> tuple[AuditResult, TournamentFacts | None]:
    """The selected games of a store (GAMEs, --all, --games-file, and every game of --tournament)."""
    games, every, games_file, tournament = selection
    ledger = run.ledger = open_store(store)
    try:
        ids = game_ids(ledger, games, every, games_file)
        facts = tournament_of(ledger, tournament)
        if facts is not None:
            ids += [UUID(g) for g in facts.games if UUID(g) not in ids]
        if not ids and not every:
            raise click.UsageError("the games file or tournament names no game")
        return audit_games(ledger, store, ids, jobs, progress, lambda v: run.finish(v, []), projection), facts
    finally:
        ledger.close()


def _certify_tournament(
    cert_dir: Path, name: str, issued: list[dict[str, Any]], checked: TournamentAudit | None, key: Any
) -> None:
    tcert = certificates.tournament_certificate(name, issued, tournament=checked)
    tcert = certificates.sign(tcert, key) if key is not None else tcert
    path = cert_dir / f"tournament-{_slug(name)}.cert.json"
    _write_json(path, tcert)
    click.echo(f"tournament {name}: {tcert['verdict']}, digest {tcert['digest']} -> {path}", err=True)


def _summary(result: AuditResult, label: str, elapsed: float, earlier: dict[UUID, GameRecord]) -> None:
    """On stderr: --against records no verified game extends, then the counts and the rate."""
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


def _print_tournament(checked: TournamentAudit, as_json: bool) -> None:
    """The tournament's own verdict: its rulings against its games' streams, its pairings re-derived round by
    round, and its standings."""
    t = checked.facts
    if as_json:
        line = {"tournament": f"tournaments/{t.id}", "ok": checked.ok, "findings": checked.findings}
        line |= {"notes": checked.notes, "pairings": {str(r): w for r, w in checked.pairing_checked.items()}}
        tqdm.write(json.dumps({**line, "standings": checked.standings_json()}), file=sys.stdout)
        return
    word = "ok      " if checked.ok else "DIVERGES"
    rederived = sum(w == AS_RECORDED for w in checked.pairing_checked.values())
    tqdm.write(
        f"{word} tournaments/{t.id}  {t.name}  {len(t.games)} games, {len(t.rulings)} rulings, "
        f"{rederived} of {t.rounds_paired} rounds re-derived as paired",
        file=sys.stdout,
    )
    for finding in checked.findings:
        tqdm.write(f"  {finding}", file=sys.stdout)
    for note in checked.notes:
        tqdm.write(f"  note: {note}", file=sys.stdout)


def _print_verdict(verdict: Verdict, as_json: bool, quiet: bool) -> None:
    if as_json:
        tqdm.write(json.dumps(verdict.to_json()), file=sys.stdout)
        return
    game = f"games/{verdict.game_id}"
    if verdict.ok:
        if not quiet:
            state = "finished" if verdict.finished else "in progress"
            if verdict.ruling is not None:
                state = f"ended by a {verdict.ruling['kind']} ruling"
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
