"""What a partial record proves (one unbroken chain), and that a whole game extends an earlier record."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from service.audit.records import GameRecord
from service.audit.verdict import CHAIN, Finding, Verdict, describe, header_int
from service.ledger import chain, codec
from service.ledger.game import Game
from service.rules.catalog import UnknownRules, rules_for


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
    verdict.rules, verdict.rules_version = str(h.get("rules_name")), header_int(h, "rules_version")
    verdict.rng_version, verdict.seed_commitment = header_int(h, "rng_version"), str(h.get("seed_commitment", ""))
    verdict.players = list(h["players"]) if isinstance(h.get("players"), list) else []
    try:
        rules_for(h["rules_name"], h["rules_version"])
    except (UnknownRules, TypeError) as exc:
        verdict.findings.append(Finding(1, f"the game's rules cannot be loaded: {exc}"))
    try:
        header = chain.Header.of(record.game_id, h)
        prev = anchor = header.hash()
    except (KeyError, TypeError, ValueError) as exc:
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
        problem = _partial_link_problem(header.chain_format, expected, line)
        if problem is not None:
            verdict.findings.append(Finding(expected, f"hash chain broken: {problem}"))
        prev = str(line.get("hash"))
    verdict.final_hash = prev if record.lines else ""
    if record.finished:
        verdict.findings.append(Finding(verdict.events, "a partial record of a finished game: export it again whole"))
    return verdict


def _partial_link_problem(chain_format: int, version: int, line: dict[str, Any]) -> str | None:
    """What a partial record's line can prove of its own hash: all of it when shown whole, else its link.

    Format 1 hashes the fields themselves, so only a line shown whole can be checked. Format 2 hashes a
    salted commitment to them: every line's link checks from its commitment, and a line shown whole
    carries its salt, so its fields check too (the others wait for the seed).
    """
    kind, prev = str(line.get("kind")), str(line.get("prev_hash"))
    fields = {k: line.get(k) for k in chain.LINK_FIELDS.get(kind, ())}
    whole = not (line.get("redacted") or line.get("hidden"))
    try:
        if chain_format == chain.FORMAT_1:
            if whole and chain.Chain(chain_format, None).link(version, kind, fields, prev) != line.get("hash"):
                return "a line shown whole does not match its hash (altered?)"
            return None
        commitment = str(line.get("commitment"))
        if chain.link_of_commitment(version, kind, commitment, prev) != line.get("hash"):
            return "the line's commitment does not match its hash (altered?)"
        if whole and chain.commitment(str(line.get("salt")), fields) != commitment:
            return "a line shown whole does not match its commitment (altered?)"
    except (TypeError, ValueError):
        return "the line cannot be hashed (damaged?)"
    return None


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
