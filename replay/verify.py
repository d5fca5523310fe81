"""The deterministic re-run and audit of one recorded game.

For each game: load the rules at the pinned rules and RNG versions; check the
seed against its commitment; re-run setup and every recorded command through
decide with the same per-version randomness and the recorded inputs (seat,
arguments, server time); compare the produced events with the stored ones
field by field; check the hash chain link by link; and check that the
revealed result equals what the rules score on the final state.

The same checks run on a game read from a store and on a game record
(replay.records): a whole record becomes the stored events it stands for. A
partial record (an unfinished game exported for a seat or a spectator) holds
no seed and redacted events, so it can only be checked as a chain
(verify_partial) and later against the whole record (check_against).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import reduce
from typing import Any
from uuid import UUID

from replay import records
from replay.records import GameRecord
from service.ledger import codec
from service.ledger.game import Game, chain_body, header_hash, stored_body
from service.rules.catalog import UnknownRules, rules_for
from service.rules.core import IllegalCommand, Rules, rng_for


@dataclass(frozen=True)
class Finding:
    version: int
    message: str


# What a verdict covers: "full" re-decided every command; "chain" checked only the hash links
# (a partial record: no seed, redacted events).
FULL, CHAIN = "full", "chain"


@dataclass
class Verdict:
    game_id: UUID
    events: int = 0
    final_hash: str = ""
    rules: str = ""
    rules_version: int = 0
    finished: bool = False
    scores: list[int] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    rng_version: int = 0
    players: list[str] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    seed_commitment: str = ""
    scope: str = FULL
    # The read model's (the projection's) view of the result: see replay.projection.
    projection: str = "not checked"
    projected_scores: list[int] | None = None

    @property
    def ok(self) -> bool:
        return not self.findings

    def to_json(self) -> dict[str, Any]:
        return {
            "game": f"games/{self.game_id}",
            "ok": self.ok,
            "scope": self.scope,
            "rules": self.rules,
            "rules_version": self.rules_version,
            "rng_version": self.rng_version,
            "players": self.players,
            "events": self.events,
            "finished": self.finished,
            "final_hash": self.final_hash,
            "scores": self.scores,
            "winners": self.winners,
            "seed_commitment": self.seed_commitment,
            "projection": self.projection,
            "findings": [{"version": f.version, "message": f.message} for f in self.findings],
        }


def verify_stream(game_id: UUID, stored: Iterable[Any]) -> Verdict:
    """Audit one game's stored events (Created first), as read from a store or a record."""
    events = list(stored)
    verdict = Verdict(game_id, events=len(events))
    if not events or not isinstance(events[0], Game.Created):
        verdict.findings.append(Finding(1, "the stream does not start with the game's Created header"))
        return verdict
    header, body = events[0], events[1:]
    verdict.rules, verdict.rules_version = header.rules_name, header.rules_version
    verdict.rng_version, verdict.seed_commitment = header.rng_version, header.seed_commitment
    verdict.players = list(header.players) if isinstance(header.players, list) else []
    verdict.final_hash = getattr(body[-1], "hash", "") if body else ""
    try:
        rules = rules_for(header.rules_name, header.rules_version)
    except (UnknownRules, TypeError) as exc:
        verdict.findings.append(Finding(1, f"the game's rules cannot be loaded: {exc}"))
        return verdict
    try:
        _check_versions(events, verdict)
        _check_chain(header, body, verdict)
        if _seed(header) is None:
            return verdict  # reported by _check_chain; nothing can be re-decided without it
        diverged = len(verdict.findings)
        state = _rerun(rules, header, body, verdict)
        verdict.finished = state is not None and bool(rules.status(state).finished)
        if len(verdict.findings) == diverged:  # re-run to the end: the result must be what the rules score
            _check_result(rules, header, body, state, verdict)
    except Exception as exc:  # tampered values can break the rules anywhere: a divergence, never a crash
        verdict.findings.append(Finding(1, f"the recorded game cannot be re-run: {type(exc).__name__}: {exc}"))
    verdict.findings.sort(key=lambda f: f.version)  # the first divergence first
    return verdict


def _seed(header: Game.Created) -> bytes | None:
    try:
        return bytes.fromhex(header.seed_hex)
    except (TypeError, ValueError):
        return None


def _check_versions(events: list[Any], verdict: Verdict) -> None:
    for expected, event in enumerate(events, start=1):
        if event.originator_version != expected:
            verdict.findings.append(
                Finding(expected, f"event version {event.originator_version} where {expected} was expected (gap)")
            )
            return


def _check_chain(header: Game.Created, body: list[Any], verdict: Verdict) -> None:
    seed = _seed(header)
    if seed is None:
        verdict.findings.append(Finding(1, f"the seed {header.seed_hex!r} is not hexadecimal"))
    elif hashlib.sha256(seed).hexdigest() != header.seed_commitment:
        verdict.findings.append(Finding(1, "the seed does not match its commitment sha256(seed)"))
    prev = anchor = header_hash(
        header.originator_id,
        header.rules_name,
        header.rules_version,
        header.rng_version,
        header.players,
        header.options,
        header.seed_commitment,
        header.seed_source,
        header.player_ids,
    )
    for event in body:
        if not isinstance(event, (Game.EventRecorded, Game.SeedRevealed)):
            verdict.findings.append(Finding(event.originator_version, f"unexpected {type(event).__name__} in stream"))
            continue
        if event.prev_hash != prev:
            what = (
                "the header (were its rules, players, options or seed commitment changed?)"
                if prev == anchor
                else "the event before it"
            )
            verdict.findings.append(
                Finding(
                    event.originator_version,
                    f"hash chain broken at {describe(event)}: prev_hash does not link to {what}",
                )
            )
        if codec.chain_hash(stored_body(event)) != event.hash:
            verdict.findings.append(
                Finding(
                    event.originator_version,
                    f"hash chain broken at {describe(event)}: its hash does not match its content (altered?)",
                )
            )
        prev = event.hash


def describe(event: Any) -> str:
    """An event in words: `PlayCards by seat 1 (command PlayCards, request 'r4')`."""
    if isinstance(event, Game.SeedRevealed):
        return "SeedRevealed"
    if not isinstance(event, Game.EventRecorded):
        return type(event).__name__
    who = "setup" if event.command is None else "the service" if event.seat is None else f"seat {event.seat}"
    text = f"{event.name} by {who}"
    if isinstance(event.command, dict):
        text += f" (command {event.command.get('name')}, request {event.request_id!r})"
    return text


def _rerun(rules: Rules, header: Game.Created, body: list[Any], verdict: Verdict) -> Any:
    """Re-decide each recorded decision at its version; compare; return the re-derived final state."""
    seats = len(header.players)
    try:
        state = rules.initial_state(seats, header.options)
    except Exception as exc:
        verdict.findings.append(
            Finding(1, f"the header cannot set up a game (were its players or options changed?): {exc}")
        )
        return None
    seed = bytes.fromhex(header.seed_hex)  # checked by the caller
    recorded = [e for e in body if isinstance(e, Game.EventRecorded)]
    i = 0
    while i < len(recorded):
        first = recorded[i]
        at = first.originator_version
        rng = rng_for(header.rng_version, seed, at - 1)  # the version before the decision, as the server drew
        try:
            if first.command is None:
                if i:
                    verdict.findings.append(Finding(at, "an event without a command after setup"))
                    return state
                expected = rules.setup(header.options, seats, rng)
                what = "setup"
            else:
                command = codec.decode(rules.command_types, first.command["name"], first.command["args"])
                expected = rules.decide(state, first.seat, command, rng, first.at_ms)
                what = f"command {first.command['name']} (request {first.request_id!r}, seat {first.seat})"
        except IllegalCommand as exc:
            verdict.findings.append(Finding(at, f"the rules refuse the recorded command: {exc}"))
            return state
        except Exception as exc:  # a damaged command or event: the rules cannot even read it
            verdict.findings.append(Finding(at, f"re-running the recorded command fails: {type(exc).__name__}: {exc}"))
            return state
        batch = recorded[i : i + len(expected)]
        difference = _first_difference(expected, batch, first)
        if difference is not None:
            verdict.findings.append(Finding(difference[0], f"{what} re-decides differently: {difference[1]}"))
            return state
        state = reduce(rules.evolve, expected, state)
        i += len(expected)
    return state


def _first_difference(
    expected: list[Any], batch: list[Game.EventRecorded], first: Game.EventRecorded
) -> tuple[int, str] | None:
    if not expected:
        return first.originator_version, "the rules now produce no event for it"
    for n, event in enumerate(expected):
        name, data = codec.encode(event)
        if n >= len(batch):
            return first.originator_version + n, f"the rules produce {name} but the stream has ended"
        stored = batch[n]
        v = stored.originator_version
        if stored.name != name:
            return v, f"recorded {stored.name}, the rules produce {name}"
        for key in ("seat", "command", "request_id", "at_ms"):
            if getattr(stored, key) != getattr(first, key):
                return v, (
                    f"field {key}: recorded {getattr(stored, key)!r}, but its decision (version "
                    f"{first.originator_version}) was {getattr(first, key)!r}"
                )
        for key in sorted(set(data) | set(stored.data)):
            if stored.data.get(key) != data.get(key):
                return v, f"field {name}.{key}: recorded {stored.data.get(key)!r}, the rules produce {data.get(key)!r}"
    return None


def _check_result(rules: Rules, header: Game.Created, body: list[Any], state: Any, verdict: Verdict) -> None:
    reveals = [e for e in body if isinstance(e, Game.SeedRevealed)]
    finished = bool(rules.status(state).finished)
    if finished:
        verdict.scores = list(rules.scores(state))
        verdict.winners = list(rules.winners(state))
    if not reveals:
        if finished:
            verdict.findings.append(Finding(len(body) + 2, "the game is finished but its seed was never revealed"))
        return
    reveal = reveals[-1]
    v = reveal.originator_version
    if len(reveals) > 1 or reveal is not body[-1]:
        verdict.findings.append(Finding(v, "SeedRevealed must be the last event, once"))
    if not finished:
        verdict.findings.append(Finding(v, "the seed was revealed but the game is not finished"))
        return
    if reveal.seed_hex != header.seed_hex:
        verdict.findings.append(Finding(v, "the revealed seed is not the seed the game was created with"))
    if reveal.scores != verdict.scores:
        verdict.findings.append(Finding(v, f"recorded scores {reveal.scores}, the rules score {verdict.scores}"))
    if reveal.winners != list(rules.winners(state)):
        verdict.findings.append(
            Finding(v, f"recorded winners {reveal.winners}, the rules find {list(rules.winners(state))}")
        )


# --- records -----------------------------------------------------------------------------------------
def verify_record(record: GameRecord) -> Verdict:
    """Audit a game record with no database: whole records fully, partial ones as a chain."""
    if not record.complete:
        return verify_partial(record)
    try:
        events = records.to_events(record)
    except records.DamagedRecord as exc:
        verdict = Verdict(record.game_id, events=len(record.lines) + 1)
        verdict.rules = str(record.header.get("rules_name"))
        verdict.rules_version = _int(record.header, "rules_version")
        verdict.findings.append(Finding(exc.version, str(exc)))
        return verdict
    verdict = verify_stream(record.game_id, events)
    _check_claims(record, verdict)
    return verdict


def _int(header: dict[str, Any], key: str) -> int:
    value = header.get(key)
    return value if isinstance(value, int) else 0


def _check_claims(record: GameRecord, verdict: Verdict) -> None:
    """The header states the last version and hash: a record cut short without fixing them is caught.

    (A forger who also fixes the header is caught only by a certificate or an
    earlier record of the same game: a record proves its content, not that it is all.)
    """
    h = record.header
    last_version = verdict.events
    if "version" in h and h["version"] != last_version:
        claimed = h["version"] if isinstance(h["version"], int) else 1
        verdict.findings.append(
            Finding(
                min(claimed, last_version),
                f"the record's header says it ends at version {h['version']}, its events end at {last_version}",
            )
        )
    elif "last_hash" in h and h["last_hash"] != verdict.final_hash:
        verdict.findings.append(Finding(last_version, "the record's header names another last hash than its events"))


# The fields each kind of link hashes (besides its version, kind and prev_hash): see Game._chain.
LINK_FIELDS = {
    "EventRecorded": ("name", "data", "seat", "command", "request_id", "at_ms"),
    "SeedRevealed": ("seed_hex", "scores", "winners"),
}


def verify_partial(record: GameRecord) -> Verdict:
    """What a partial record (no seed, redacted events) can prove: that it is one unbroken chain.

    Checked: the rules version is loadable; the header's hash anchors the first
    link (so rules, versions, players, options and the seed commitment are the
    ones the game was created with); versions run without a gap; every
    prev_hash links to the hash before it; and every line shown whole (setup
    events nobody may hide) hashes to its stated hash. Not checked, for want of
    the seed and the hidden data: that the rules decided these events. Once the
    game is over, `check_against` proves that the whole record extends this one.
    """
    h = record.header
    verdict = Verdict(record.game_id, events=len(record.lines) + 1, scope=CHAIN)
    verdict.rules, verdict.rules_version = str(h.get("rules_name")), _int(h, "rules_version")
    verdict.rng_version, verdict.seed_commitment = _int(h, "rng_version"), str(h.get("seed_commitment", ""))
    verdict.players = list(h["players"]) if isinstance(h.get("players"), list) else []
    try:
        rules_for(h["rules_name"], h["rules_version"])
    except (UnknownRules, TypeError) as exc:
        verdict.findings.append(Finding(1, f"the game's rules cannot be loaded: {exc}"))
    try:
        prev = anchor = header_hash(
            record.game_id,
            h["rules_name"],
            h["rules_version"],
            h["rng_version"],
            h["players"],
            h["options"],
            h.get("seed_commitment", ""),
            h.get("seed_source", ""),
            h.get("player_ids"),
        )
    except (TypeError, ValueError) as exc:
        verdict.findings.append(Finding(1, f"the record's header cannot be hashed: {exc}"))
        return verdict
    for expected, line in enumerate(record.lines, start=2):
        version = line.get("version")
        if "damaged" in line:
            verdict.findings.append(Finding(expected, f"the record is damaged: {line['damaged']}"))
            return verdict
        if version != expected:
            verdict.findings.append(Finding(expected, f"event version {version!r} where {expected} was expected (gap)"))
            return verdict
        if line.get("prev_hash") != prev:
            what = "the header" if prev == anchor else "the event before it"
            verdict.findings.append(Finding(expected, f"hash chain broken: prev_hash does not link to {what}"))
        if not (line.get("redacted") or line.get("hidden")):
            names = LINK_FIELDS.get(str(line.get("kind")), ())
            fields = {k: line.get(k) for k in names}
            body = chain_body(expected, str(line.get("kind")), fields, str(line.get("prev_hash")))
            if codec.chain_hash(body) != line.get("hash"):
                verdict.findings.append(
                    Finding(expected, "hash chain broken: a line shown whole does not match its hash (altered?)")
                )
        prev = str(line.get("hash"))
    verdict.final_hash = prev if record.lines else ""
    if any(line.get("kind") == "SeedRevealed" for line in record.lines):
        verdict.findings.append(Finding(verdict.events, "a partial record of a finished game: export it again whole"))
    return verdict


def check_against(whole: Sequence[Any], earlier: GameRecord) -> list[Finding]:
    """Does the whole game (its stored events, Created first) extend an earlier, possibly partial, record?

    Every hash the earlier record committed to must be the whole game's hash at
    that version, and every event it showed must be what its audience may see
    of the whole event. This is how a spectator's record taken during a game
    is proven against the game as finished and revealed.
    """
    findings: list[Finding] = []
    if not whole or not isinstance(whole[0], Game.Created):
        return [Finding(1, "the game's stream does not start with its Created header")]
    created: Game.Created = whole[0]
    if earlier.game_id != created.originator_id:
        return [Finding(1, f"the earlier record is of games/{earlier.game_id}, not games/{created.originator_id}")]
    by_version = {e.originator_version: e for e in whole[1:]}
    rules = rules_for(created.rules_name, created.rules_version)
    audience = str(earlier.header.get("audience", "public"))
    viewer = int(audience.removeprefix("seat ")) if audience.startswith("seat ") else None
    for n, line in enumerate(earlier.lines, start=2):
        version = line["version"] if isinstance(line.get("version"), int) else n
        event = by_version.get(version)
        if event is None:
            findings.append(Finding(version, "the game no longer has this event"))
            break
        if line.get("hash") != event.hash:
            findings.append(Finding(version, f"the earlier record committed to another event here ({describe(event)})"))
            break
        if isinstance(event, Game.EventRecorded) and "data" in line and not line.get("hidden"):
            shown: dict[str, Any] | None = event.data
            if line.get("redacted"):
                redacted = rules.redact(codec.decode(rules.event_types, event.name, event.data), viewer)
                shown = codec.encode(redacted)[1] if redacted is not None else None
            if line.get("name") != event.name or line.get("data") != shown:
                findings.append(Finding(version, f"the earlier record showed {line.get('name')} other than it was"))
                break
    return findings
