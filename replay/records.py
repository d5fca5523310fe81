"""Game records: one game as a self-contained JSON Lines file that verifies with no database.

Line 1 is the header::

    {"record": "playledger-game-record", "format": 1, "audience": "organizer" | "public" | "seat N",
     "game": "games/ID", "created_at": ISO-8601, "version": N, "last_hash": HEX, "finished": BOOL,
     "exported_at": ISO-8601, "tool": "playledger-replay X.Y.Z",
     ...the public fields of the stored Game.Created event: rules_name, rules_version, rng_version,
        players, options, seed_commitment, seed_source, player_ids...,
     "seed_hex": HEX          (finished games, or an organizer's export),
     "token_hashes": [HEX]    (an organizer's export, which copies every Created field: an imported
                               game keeps its seats)}

then one line per stored event after the header, in version order::

    {"version": V, "kind": "EventRecorded", "at": ISO-8601, "name", "data", "seat", "command",
     "request_id", "at_ms", "prev_hash", "hash"}
    {"version": V, "kind": "SeedRevealed", "at": ISO-8601, "seed_hex", "scores", "winners",
     "prev_hash", "hash"}

What goes in depends on who exports and whether the game is over. A finished
game's record is whole for anyone: the seed is public once revealed, and the
game is over. An unfinished game's record is whole only for the organizer;
anyone else gets what they could watch: no seed, every event as
`rules.redact(event, viewer)` shows it, commands withheld (only a seat's own
are shown to it), events the viewer may not see reduced to their hash link.
Such lines carry "redacted": true (or "hidden": true). The hashes are always
the stored ones, so a partial record is a commitment that a later whole
record must extend (see `replay.verify.check_against`).

`format` is the record layout's version: readers accept every format listed
in READABLE_FORMATS, so records written today stay readable after a change.
"""

from __future__ import annotations

import dataclasses
import gzip
import io
import json
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import IO, Any
from uuid import UUID

from eventsourcing.utils import get_topic

from service.ledger import codec
from service.ledger.game import Game
from service.rules.catalog import rules_for

KIND = "playledger-game-record"
FORMAT = 1
READABLE_FORMATS = frozenset({1})
# The Created fields anyone may read; the organizer's export copies every field (import keeps them all).
PUBLIC_HEADER_FIELDS = frozenset(
    {"rules_name", "rules_version", "rng_version", "players", "options", "seed_commitment", "seed_source", "player_ids"}
)
# Created's base fields (eventsourcing's): written as "game"/"created_at", not copied verbatim.
BASE_FIELDS = ("originator_id", "originator_version", "timestamp", "originator_topic")


def tool_version() -> str:
    try:
        return f"playledger-replay {metadata.version('playledger')}"
    except metadata.PackageNotFoundError:  # a source tree that was never installed
        return "playledger-replay (unversioned)"


class RecordError(ValueError):
    """A file that is not a game record this tool can read (a usage error, exit 2)."""


class DamagedRecord(ValueError):
    """A record whose header reads but whose events do not (evidence, reported as a finding: exit 1)."""

    def __init__(self, version: int, message: str) -> None:
        super().__init__(message)
        self.version = version


@dataclass(frozen=True)
class Audience:
    """Who a record is exported for: the organizer sees everything; a seat or a spectator what they may."""

    organizer: bool = False
    seat: int | None = None

    @property
    def label(self) -> str:
        return "organizer" if self.organizer else "public" if self.seat is None else f"seat {self.seat}"


ORGANIZER = Audience(organizer=True)
PUBLIC = Audience()


@dataclass
class GameRecord:
    header: dict[str, Any]
    lines: list[dict[str, Any]] = field(default_factory=list)
    source: str = ""  # where it was read from, for messages

    @property
    def game_id(self) -> UUID:
        return UUID(str(self.header["game"]).removeprefix("games/"))

    @property
    def complete(self) -> bool:
        """Whole: the seed and every event unredacted, so it can be re-decided from the first command."""
        return "seed_hex" in self.header and not any(line.get("redacted") or line.get("hidden") for line in self.lines)

    @property
    def finished(self) -> bool:
        return any(line.get("kind") == "SeedRevealed" for line in self.lines)


# --- export ------------------------------------------------------------------------------------------
def export(stored: Sequence[Any], audience: Audience = PUBLIC, now: datetime | None = None) -> GameRecord:
    """A record of one game's stored events (Created first), for this audience."""
    if not stored or not isinstance(stored[0], Game.Created):
        raise ValueError("a game's stream starts with its Created header")
    created: Game.Created = stored[0]
    finished = any(isinstance(e, Game.SeedRevealed) for e in stored)
    whole = audience.organizer or finished
    last = stored[-1]
    header: dict[str, Any] = {
        "record": KIND,
        "format": FORMAT,
        "audience": audience.label,
        "game": f"games/{created.originator_id}",
        "created_at": created.timestamp.isoformat(),
        "version": last.originator_version,
        "last_hash": getattr(last, "hash", ""),
        "finished": finished,
        "exported_at": (now or datetime.now(UTC)).isoformat(),
        "tool": tool_version(),
    }
    for f in dataclasses.fields(created):
        # An allow-list for everyone but the organizer: a header field added later stays out until listed here.
        if f.name not in BASE_FIELDS and (audience.organizer or f.name in PUBLIC_HEADER_FIELDS):
            header[f.name] = getattr(created, f.name)
    if whole:
        header["seed_hex"] = created.seed_hex
    rules = rules_for(created.rules_name, created.rules_version)
    lines = []
    for event in stored[1:]:
        if whole or not isinstance(event, Game.EventRecorded):
            lines.append(whole_line(event))
        else:
            lines.append(_redacted_line(event, rules, audience.seat))
    return GameRecord(header, lines)


def whole_line(event: Any) -> dict[str, Any]:
    line: dict[str, Any] = {
        "version": event.originator_version,
        "kind": type(event).__name__,
        "at": event.timestamp.isoformat(),
    }
    if isinstance(event, Game.EventRecorded):
        line.update(
            name=event.name,
            data=event.data,
            seat=event.seat,
            command=event.command,
            request_id=event.request_id,
            at_ms=event.at_ms,
        )
    elif isinstance(event, Game.SeedRevealed):
        line.update(seed_hex=event.seed_hex, scores=event.scores, winners=event.winners)
    line.update(prev_hash=event.prev_hash, hash=event.hash)
    return line


def _redacted_line(event: Game.EventRecorded, rules: Any, viewer: int | None) -> dict[str, Any]:
    """Only what `viewer` could watch: the redacted event, their own command, and the hash link."""
    link = {"prev_hash": event.prev_hash, "hash": event.hash}
    base = {"version": event.originator_version, "kind": "EventRecorded", "at": event.timestamp.isoformat()}
    shown = rules.redact(codec.decode(rules.event_types, event.name, event.data), viewer)
    if shown is None:
        return {**base, "hidden": True, **link}
    name, data = codec.encode(shown)
    line: dict[str, Any] = {**base, "name": name, "data": data, "seat": event.seat, "at_ms": event.at_ms}
    own = event.command is None or (viewer is not None and event.seat == viewer)
    if own:
        line.update(command=event.command, request_id=event.request_id)
    # "redacted" also when nothing was cut: without the command the link's hash cannot be recomputed.
    line["redacted"] = not own or data != event.data
    return {**line, **link}


def dumps(record: GameRecord) -> Iterator[str]:
    """The record's lines as JSON text (no newlines inside a line)."""
    yield json.dumps(record.header, ensure_ascii=False, separators=(",", ":"))
    for line in record.lines:
        yield json.dumps(line, ensure_ascii=False, separators=(",", ":"))


def write(record: GameRecord, path: Path) -> None:
    """Write atomically (a temp file renamed into place); .gz compresses."""
    tmp = path.with_name(path.name + ".tmp")
    opener: Any = gzip.open if path.suffix == ".gz" else open
    with opener(tmp, "wt", encoding="utf-8") as out:
        for text in dumps(record):
            out.write(text + "\n")
    tmp.replace(path)


# --- reading -----------------------------------------------------------------------------------------
def read(path: Path) -> GameRecord:
    """Read a record file (.jsonl, or .jsonl.gz); RecordError when it is not one."""
    try:
        if path.suffix == ".gz":
            with gzip.open(path, "rt", encoding="utf-8") as fh:
                return parse(fh, str(path))
        with path.open(encoding="utf-8") as fh:
            return parse(fh, str(path))
    except OSError as exc:
        raise RecordError(f"cannot read {path}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path} is not a text file (a game record is JSON Lines)") from None


def parse(lines: Iterable[str] | IO[str], source: str = "record") -> GameRecord:
    """Parse a record. A bad header is a RecordError; a bad event line is kept as a damaged line."""
    it = iter(lines)
    first = next((text for text in it if text.strip()), None)
    if first is None:
        raise RecordError(f"{source} is empty")
    try:
        header = json.loads(first)
    except json.JSONDecodeError:
        raise RecordError(f"{source} does not start with a JSON header line: not a game record") from None
    if not isinstance(header, dict) or header.get("record") != KIND:
        raise RecordError(f'{source} is not a PlayLedger game record (its first line has no "record": "{KIND}")')
    if header.get("format") not in READABLE_FORMATS:
        raise RecordError(
            f"{source} is a game record of format {header.get('format')!r}; this tool reads "
            f"{sorted(READABLE_FORMATS)}: use a newer playledger-replay"
        )
    required = ("game", "rules_name", "rules_version", "rng_version", "players", "options")
    missing = [k for k in required if k not in header]
    if missing:
        raise RecordError(f"{source}: the header lacks {', '.join(missing)}")
    try:
        UUID(str(header["game"]).removeprefix("games/"))
    except ValueError:
        raise RecordError(f"{source}: the header's game {header['game']!r} is not games/ID") from None
    record = GameRecord(header, source=source)
    for n, text in enumerate(it, start=2):
        if not text.strip():
            continue
        try:
            line = json.loads(text)
        except json.JSONDecodeError as exc:
            line = {"damaged": f"line {n} is not JSON ({exc.msg})"}
        if not isinstance(line, dict):
            line = {"damaged": f"line {n} is not a JSON object"}
        record.lines.append(line)
    return record


# --- records -> stored events ----------------------------------------------------------------------
def to_events(record: GameRecord) -> list[Any]:
    """The domain events the record stands for (Created first): what the store would hold.

    Raises DamagedRecord (with the version) when a line cannot be an event at all;
    anything that can be represented is, so the verifier names the real divergence.
    """
    if not record.complete:
        raise ValueError("a partial (redacted) record cannot stand for stored events")
    h = record.header
    game_id = record.game_id
    kwargs: dict[str, Any] = {}
    for f in dataclasses.fields(Game.Created):
        if f.name in BASE_FIELDS:
            continue
        if f.name in h:
            kwargs[f.name] = h[f.name]
        elif f.name == "token_hashes":
            kwargs[f.name] = []  # a public record: an imported game is an archive no seat can act in
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise DamagedRecord(1, f"the header lacks {f.name}")
    events: list[Any] = [
        Game.Created(
            originator_id=game_id,
            originator_version=1,
            timestamp=_when(h.get("created_at"), 1),
            originator_topic=get_topic(Game),
            **kwargs,
        )
    ]
    for n, line in enumerate(record.lines, start=2):
        version = line.get("version", n) if isinstance(line.get("version"), int) else n
        if "damaged" in line:
            raise DamagedRecord(version, f"the record is damaged: {line['damaged']}")
        kind = line.get("kind")
        try:
            fields: tuple[str, ...]
            if kind == "EventRecorded":
                fields = ("name", "data", "seat", "command", "request_id", "at_ms", "prev_hash", "hash")
                cls: type[Any] = Game.EventRecorded
            elif kind == "SeedRevealed":
                fields = ("seed_hex", "scores", "winners", "prev_hash", "hash")
                cls = Game.SeedRevealed
            else:
                raise DamagedRecord(version, f"the record holds an event of unknown kind {kind!r}")
            missing = [k for k in ("version", *fields) if k not in line]
            if missing:
                raise DamagedRecord(version, f"the record's event lacks {', '.join(missing)}")
            events.append(
                cls(
                    originator_id=game_id,
                    originator_version=line["version"],
                    timestamp=_when(line.get("at"), version),
                    **{k: line[k] for k in fields},
                )
            )
        except TypeError as exc:  # pragma: no cover - dataclass construction with odd values
            raise DamagedRecord(version, f"the record's event cannot be read: {exc}") from None
    return events


def _when(text: Any, version: int) -> datetime:
    if not isinstance(text, str):
        return datetime.fromtimestamp(0, UTC)
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        raise DamagedRecord(version, f"the record's time {text!r} is not ISO-8601") from None


def from_text(text: str, source: str = "record") -> GameRecord:
    return parse(io.StringIO(text), source)
