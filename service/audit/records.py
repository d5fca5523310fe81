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
    {"version": V, "kind": "EndedByRuling", ...}                     (format 2, see below)

What goes in depends on who exports and whether the game is over. A finished
game's record is whole for anyone: the seed is public once revealed, and the
game is over. An unfinished game's record is whole only for the organizer;
anyone else gets what they could watch: no seed, every event as
`rules.redact(event, viewer)` shows it, commands withheld (only a seat's own
are shown to it), events the viewer may not see reduced to their hash link.
Such lines carry "redacted": true (or "hidden": true). The hashes are always
the stored ones, so a partial record is a commitment that a later whole
record must extend (see `service.audit.verify.check_against`).

`format` is the record layout's version: readers accept every format listed
in READABLE_FORMATS, so records written today stay readable after a change.
Format 2 adds the closing line of a game an arbiter ended::

    {"version": V, "kind": "EndedByRuling", "at": ISO-8601, "ruling": "forfeit" | "annulment" |
     "disqualification", "reason", "actor", "tournament", "player", "seats", "at_ms", "seed_hex",
     "prev_hash", "hash"}

A record without such a line is written as format 1, byte for byte as before, so older tools keep
reading it.

Format 3 is the record of a game on chain format 2 (see service/ledger/chain.py): its header adds
`chain_format` and, when the creator contributed to the seed, `client_seed_hex`; in a partial record
every line adds its link's `commitment`, and every line shown whole its `salt`, so the chain checks
link by link without the seed and a redacted line's hash lets nobody test guesses of what it hides.

Format 4 adds a take-back's lines (service/ledger/takebacks.py), public and whole in every record::

    {"version": V, "kind": "TakebackOffered", "at": ISO-8601, "seat", "to_version", "at_ms", "prev_hash", "hash"}
    {"version": V, "kind": "TakebackAnswered", "at": ISO-8601, "seat", "accept", "at_ms", "prev_hash", "hash"}
    {"version": V, "kind": "TakenBack", "at": ISO-8601, "to_version", "at_ms", "prev_hash", "hash"}

A record without them is written in the format it was before.
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

from service.ledger import chain, codec
from service.ledger.chain import CLOSING, LINK_FIELDS
from service.ledger.game import Game
from service.rules.catalog import rules_for

KIND = "playledger-game-record"
FORMAT = 4  # the newest; a record is written in the oldest format that can hold it (see record_format)
READABLE_FORMATS = frozenset({1, 2, 3, 4})
# The Created fields anyone may read; the organizer's export copies every field (import keeps them all).
PUBLIC_HEADER_FIELDS = frozenset(
    {
        "rules_name",
        "rules_version",
        "rng_version",
        "players",
        "options",
        "seed_commitment",
        "seed_source",
        "player_ids",
        "chain_format",
        "client_seed_hex",
        "bots",
        "time_control",
        "table",
    }
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
        """Over: by the rules (SeedRevealed) or by an arbiter's ruling (EndedByRuling)."""
        return any(line.get("kind") in CLOSING for line in self.lines)


def record_format(lines: Sequence[dict[str, Any]], chain_format: int = chain.FORMAT_1) -> int:
    """The oldest format that holds the record, so older tools read what they can.

    4 for a game with take-back lines; 3 for a game on chain format 2; 2 for what format 1 cannot hold (an
    EndedByRuling line); else 1.
    """
    if any(line.get("kind") in chain.TAKEBACK_LINKS for line in lines):
        return 4
    if chain_format >= chain.FORMAT_2:
        return 3
    return 2 if any(line.get("kind") == "EndedByRuling" for line in lines) else 1


# --- export ------------------------------------------------------------------------------------------
def export(stored: Sequence[Any], audience: Audience = PUBLIC, now: datetime | None = None) -> GameRecord:
    """A record of one game's stored events (Created first), for this audience."""
    if not stored or not isinstance(stored[0], Game.Created):
        raise ValueError("a game's stream starts with its Created header")
    created: Game.Created = stored[0]
    finished = any(isinstance(e, (Game.SeedRevealed, Game.EndedByRuling)) for e in stored)
    whole = audience.organizer or finished
    last = stored[-1]
    header: dict[str, Any] = {
        "record": KIND,
        "format": 1,  # fixed below, once the lines are known
        "audience": audience.label,
        "game": f"games/{created.originator_id}",
        "created_at": created.timestamp.isoformat(),
        "version": last.originator_version,
        "last_hash": getattr(last, "hash", ""),
        "finished": finished,
        "exported_at": (now or datetime.now(UTC)).isoformat(),
        "tool": tool_version(),
    }
    chain_format = getattr(created, "chain_format", None) or chain.FORMAT_1
    for f in dataclasses.fields(created):
        # An allow-list for everyone but the organizer: a header field added later stays out until listed here.
        if f.name not in BASE_FIELDS and (audience.organizer or f.name in PUBLIC_HEADER_FIELDS):
            value = getattr(created, f.name)
            if value is not None or f.name not in (
                "chain_format",
                "client_seed_hex",
                "bots",
                "time_control",
                "table",
            ):  # format 1 as before
                header[f.name] = value
    if whole:
        header["seed_hex"] = created.seed_hex
    rules = rules_for(created.rules_name, created.rules_version)
    links = chain.Chain(chain_format, bytes.fromhex(created.seed_hex)) if not whole and chain_format > 1 else None
    lines = []
    for event in stored[1:]:
        if whole or not isinstance(event, Game.EventRecorded):
            line = whole_line(event)
        else:
            line = _redacted_line(event, rules, audience.seat)
        if links is not None:  # a partial record of a salted chain: each link's commitment, a whole line's salt
            line = _with_commitment(line, event, links)
        lines.append(line)
    header["format"] = record_format(lines, chain_format)
    return GameRecord(header, lines)


def _with_commitment(line: dict[str, Any], event: Any, links: chain.Chain) -> dict[str, Any]:
    version = event.originator_version
    extra: dict[str, Any] = {"commitment": links.commitment(version, chain.fields_of(event))}
    if not (line.get("redacted") or line.get("hidden")):
        extra["salt"] = links.salt(version)
    link = {"prev_hash": line.pop("prev_hash"), "hash": line.pop("hash")}
    return {**line, **extra, **link}


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
    else:  # EndedByRuling, a take-back's links: their link fields, as chained
        line.update({k: getattr(event, k) for k in LINK_FIELDS[type(event).__name__]})
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
    events += [_line_event(game_id, n, line) for n, line in enumerate(record.lines, start=2)]
    return events


# Each kind of line: the event class it stands for and the fields it must carry.
_LINE_KINDS: dict[str, tuple[type[Any], tuple[str, ...]]] = {
    "EventRecorded": (Game.EventRecorded, (*LINK_FIELDS["EventRecorded"], "prev_hash", "hash")),
    "SeedRevealed": (Game.SeedRevealed, (*LINK_FIELDS["SeedRevealed"], "prev_hash", "hash")),
    "EndedByRuling": (Game.EndedByRuling, (*LINK_FIELDS["EndedByRuling"], "prev_hash", "hash")),
    **{
        kind: (getattr(Game, kind), (*LINK_FIELDS[kind], "prev_hash", "hash"))
        for kind in ("TakebackOffered", "TakebackAnswered", "TakenBack")
    },
}


def _line_event(game_id: UUID, n: int, line: dict[str, Any]) -> Any:
    """The stored event of the record's line n (DamagedRecord when it cannot be one)."""
    version = line.get("version", n) if isinstance(line.get("version"), int) else n
    if "damaged" in line:
        raise DamagedRecord(version, f"the record is damaged: {line['damaged']}")
    kind = line.get("kind")
    if kind not in _LINE_KINDS:
        raise DamagedRecord(version, f"the record holds an event of unknown kind {kind!r}")
    cls, fields = _LINE_KINDS[kind]
    missing = [k for k in ("version", *fields) if k not in line]
    if missing:
        raise DamagedRecord(version, f"the record's event lacks {', '.join(missing)}")
    try:
        return cls(
            originator_id=game_id,
            originator_version=line["version"],
            timestamp=_when(line.get("at"), version),
            **{k: line[k] for k in fields},
        )
    except TypeError as exc:  # pragma: no cover - dataclass construction with odd values
        raise DamagedRecord(version, f"the record's event cannot be read: {exc}") from None


def _when(text: Any, version: int) -> datetime:
    if not isinstance(text, str):
        return datetime.fromtimestamp(0, UTC)
    try:
        return datetime.fromisoformat(text)
    except ValueError:
        raise DamagedRecord(version, f"the record's time {text!r} is not ISO-8601") from None


def from_text(text: str, source: str = "record") -> GameRecord:
    return parse(io.StringIO(text), source)
