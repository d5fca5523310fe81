"""Where audited games come from: a store opened read-only, or record files; and the batch audit loop."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote
from uuid import UUID

from replay import projection
from replay.projection import ProjectionReader
from service.audit import records
from service.audit.records import GameRecord
from service.audit.verify import Finding, Verdict, verify_record, verify_stream
from service.ledger.app import Ledger
from service.ledger.game import Game
from service.ledger.shards import ShardedLedger
from service.ledger.store import check_stores, persistence_env

CHUNK = 50  # games per task when auditing with several processes
READ_ONLY_OPTION = "-c default_transaction_read_only=on"


class SourceError(ValueError):
    """A store or file that cannot be used as given (a usage error, exit 2)."""


def read_only_env(url: str) -> dict[str, str]:
    """Persistence settings that cannot write: SQLite opened mode=ro, PostgreSQL sessions read-only."""
    env = persistence_env(url)  # StoreURLError for a URL we do not understand
    env["CREATE_TABLE"] = "n"
    if "POSTGRES_POOL_SIZE" in env:  # an audit reads from one thread: two sessions are plenty
        env["POSTGRES_POOL_SIZE"], env["POSTGRES_MAX_OVERFLOW"] = "1", "1"
    db = env.get("SQLITE_DBNAME", "")
    if db and not db.startswith("file:"):
        path = Path(db)
        if not path.exists():
            raise SourceError(f"there is no SQLite store at {db}")
        env["SQLITE_DBNAME"] = f"file:{quote(str(path.resolve()))}?mode=ro"
    return env


def _ledger(envs: list[dict[str, str]], read_only: bool) -> Ledger:
    """One store's ledger, or the shards' (a read-only one never marks a store: a server did, or it fails)."""
    if len(envs) == 1:
        return Ledger(envs[0], cache_size=0)
    return ShardedLedger(envs, cache_size=0, claim=not read_only)


def open_store(url: str, read_only: bool = True) -> Ledger:
    """The ledger over a store, or over shards (`url`: several URLs separated by spaces, the first first).
    Read-only by default: auditing must not be able to change what it audits."""
    urls = url.split()
    if not read_only:
        return _ledger(check_stores(urls), read_only)
    check_stores(urls)
    envs = [read_only_env(u) for u in urls]
    if envs[0]["PERSISTENCE_MODULE"] != "eventsourcing.postgres":
        return _ledger(envs, read_only)
    # PostgreSQL: every session read-only. The library builds and fills the pool itself, so the setting goes
    # both into libpq's environment while it connects and into the pool's arguments for any later connection.
    if os.environ.get("PGTARGETSESSIONATTRS") == "read-write":  # several hosts (store.py): these sessions are
        os.environ["PGTARGETSESSIONATTRS"] = "primary"  # read-only by design, which read-write would refuse
    saved = os.environ.get("PGOPTIONS")
    os.environ["PGOPTIONS"] = f"{saved or ''} {READ_ONLY_OPTION}".strip()
    try:
        ledger = _ledger(envs, read_only)
        pools = [store.recorder.datastore.pool for store in ledger.stores()]  # type: ignore[attr-defined]
        for pool in pools:
            pool.kwargs["options"] = f"{pool.kwargs.get('options', '')} {READ_ONLY_OPTION}".strip()
            pool.open(wait=True)
    finally:
        if saved is None:
            os.environ.pop("PGOPTIONS", None)
        else:
            os.environ["PGOPTIONS"] = saved
    for pool in pools:
        with pool.connection() as conn:  # prove it before reading anything
            row = conn.execute("show default_transaction_read_only").fetchone()
            if (row["default_transaction_read_only"] if isinstance(row, dict) else row[0]) != "on":
                ledger.close()
                raise SourceError("could not open the store read-only; refusing to audit through a writable session")
    return ledger


def parse_game(value: str) -> UUID:
    try:
        return UUID(value.strip().removeprefix("games/"))
    except ValueError:
        raise SourceError(f"{value!r} is not a game (games/ID or an ID)") from None


def read_games_file(path: Path) -> list[UUID]:
    """One game per line (games/ID or ID); blank lines and # comments are skipped."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise SourceError(f"cannot read {path}: {exc.strerror or exc}") from None
    ids = []
    for n, line in enumerate(text.splitlines(), start=1):
        line = line.split("#", 1)[0].strip()
        if line:
            try:
                ids.append(parse_game(line))
            except SourceError as exc:
                raise SourceError(f"{path} line {n}: {exc}") from None
    return ids


def record_paths(paths: Iterable[Path]) -> list[Path]:
    """Files as given; a folder stands for every *.jsonl and *.jsonl.gz in it."""
    found: list[Path] = []
    for path in paths:
        if path.is_dir():
            found += sorted(p for p in path.iterdir() if p.name.endswith((".jsonl", ".jsonl.gz")))
        elif path.exists():
            found.append(path)
        else:
            raise SourceError(f"there is no record file {path}")
    return found


def load_records(paths: Iterable[Path]) -> list[GameRecord]:
    try:
        return [records.read(p) for p in record_paths(paths)]
    except records.RecordError as exc:
        raise SourceError(str(exc)) from None


def verify_one(ledger: Ledger, game_id: UUID, reader: ProjectionReader | None = None) -> Verdict:
    """Audit one game of a store; with a reader, also hold the projection's result against the re-run."""
    try:
        stored = ledger.stream(game_id)
    except Exception as exc:  # a damaged row the library cannot even decode is a finding, not a crash
        return Verdict(game_id, findings=[Finding(0, f"cannot read the stored events: {exc}")])
    if not stored:
        return Verdict(game_id, findings=[Finding(0, "no such game in this store")])
    if not isinstance(stored[0], Game.Created) and stored[0].originator_version == 1:
        return Verdict(game_id, findings=[Finding(0, f"this is not a game but a {type(stored[0]).__qualname__}")])
    verdict = verify_stream(game_id, stored)
    projection.check(verdict, reader)
    return verdict


@dataclass
class AuditResult:
    verdicts: list[Verdict] = field(default_factory=list)

    @property
    def events(self) -> int:
        return sum(v.events for v in self.verdicts)

    @property
    def failed(self) -> int:
        return sum(not v.ok for v in self.verdicts)


def _progress(total: int, enabled: bool | None, what: str = "verifying") -> Any:
    from tqdm import tqdm

    # enabled None: only on a terminal, and only when there is enough to wait for.
    disable = (not sys.stderr.isatty() or total < 20) if enabled is None else not enabled
    return tqdm(total=total, desc=what, unit="game", disable=disable, file=sys.stderr, leave=False)


def audit(
    ledger: Ledger,
    url: str,
    ids: Sequence[UUID],
    jobs: int = 1,
    progress: bool | None = None,
    on_verdict: Callable[[Verdict], None] = lambda v: None,
    with_projection: bool = True,
) -> AuditResult:
    """Verify games of a store, in order (jobs > 1: in that many processes, each with its own connection)."""
    result = AuditResult()
    with _progress(len(ids), progress) as bar:
        if jobs <= 1 or len(ids) < 2:
            reader = ProjectionReader(ledger, persistence_env(url.split()[0])) if with_projection else None
            for game_id in ids:
                verdict = verify_one(ledger, game_id, reader)
                result.verdicts.append(verdict)
                on_verdict(verdict)
                bar.update(1)
            return result
        size = max(1, min(CHUNK, len(ids) // (jobs * 4)))  # small enough to keep every process busy
        chunks = [list(ids[i : i + size]) for i in range(0, len(ids), size)]
        done: dict[int, list[Verdict]] = {}
        emitted = 0
        with ProcessPoolExecutor(max_workers=jobs, initializer=_worker_open, initargs=(url, with_projection)) as pool:
            futures = {pool.submit(_worker_verify, chunk): n for n, chunk in enumerate(chunks)}
            for future in as_completed(futures):
                n = futures[future]
                done[n] = future.result()
                bar.update(len(done[n]))
                while emitted in done:  # report in the order asked, whatever order they finish in
                    for verdict in done.pop(emitted):
                        result.verdicts.append(verdict)
                        on_verdict(verdict)
                    emitted += 1
    return result


_worker: tuple[Ledger, ProjectionReader | None] | None = None


def _worker_open(url: str, with_projection: bool) -> None:
    global _worker
    ledger = open_store(url)
    _worker = ledger, ProjectionReader(ledger, persistence_env(url.split()[0])) if with_projection else None


def _worker_verify(ids: list[UUID]) -> list[Verdict]:
    assert _worker is not None
    ledger, reader = _worker
    return [verify_one(ledger, game_id, reader) for game_id in ids]


def verify_records(
    found: Sequence[GameRecord], progress: bool | None = None, on_verdict: Callable[[Verdict], None] = lambda v: None
) -> AuditResult:
    result = AuditResult()
    with _progress(len(found), progress) as bar:
        for record in found:
            verdict = verify_record(record)
            result.verdicts.append(verdict)
            on_verdict(verdict)
            bar.update(1)
    return result
