"""The deterministic re-run and audit of one recorded game.

For each game: load the rules at the pinned rules and RNG versions; check the
seed against its commitment; re-run setup and every recorded command through
decide with the same per-version randomness and the recorded inputs (seat,
arguments, server time); compare the produced events with the stored ones
field by field; check the hash chain link by link; and check the closing link:
SeedRevealed must state what the rules score on the final state, and
EndedByRuling (an arbiter ended the game) must close a game the rules had not
finished, reveal the game's own seed and name the seats of the player it names.
A game recorded before rulings ended games has no EndedByRuling: it verifies
exactly as it always did.

The same checks run on a game read from a store and on a game record
(service.audit.records): a whole record becomes the stored events it stands for. A
partial record (an unfinished game exported for a seat or a spectator) holds
no seed and redacted events, so it can only be checked as a chain
(verify_partial) and later against the whole record (check_against).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import reduce
from typing import Any
from uuid import UUID

from service.audit import records, verify_takebacks
from service.audit.records import GameRecord
from service.audit.verdict import CHAIN, FULL, Finding, Verdict, describe, header_int
from service.audit.verify_moves import _bot_problem, _clock_problem, _run_clocks, _timeout_problem
from service.audit.verify_partial import check_against, verify_partial
from service.ledger import chain, codec
from service.ledger.clocks import CLOCK_ACTOR, SeatClocks
from service.ledger.game import ENDING_RULINGS, Game, ruling_of
from service.rules.catalog import UnknownRules, rules_for
from service.rules.core import AnyRules, IllegalCommand, rng_for
from service.rules.kit import Decided

# The names other modules import from here (the checks live in the modules above).
__all__ = [
    "CHAIN",
    "FULL",
    "Finding",
    "Verdict",
    "check_against",
    "describe",
    "verify_partial",
    "verify_record",
    "verify_stream",
]


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
    ids = header.player_ids if header.player_ids is not None else header.players
    verdict.player_ids = [str(p) for p in ids] if isinstance(ids, list) else []
    verdict.final_hash = getattr(body[-1], "hash", "") if body else ""
    if body and isinstance(body[-1], Game.EndedByRuling):
        verdict.ruling = ruling_of(body[-1])
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
        rerun = _rerun(rules, header, body, verdict)
        state = rerun.state
        verdict.finished = verdict.ruling is not None or (state is not None and bool(rules.status(state).finished))
        if len(verdict.findings) == diverged:  # re-run to the end: the result must be what the rules score
            _check_result(rules, header, body, rerun, verdict)
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
    anchor = chain.Header.of_created(header)
    if seed is None:
        verdict.findings.append(Finding(1, f"the seed {header.seed_hex!r} is not hexadecimal"))
    elif (problem := anchor.seed_problem(seed)) is not None:
        verdict.findings.append(Finding(1, problem))
    try:
        links = chain.Chain(anchor.chain_format, seed)
        prev = first = anchor.hash()
    except chain.ChainError as exc:
        verdict.findings.append(Finding(1, f"the chain cannot be checked: {exc}"))
        return
    for event in body:
        if not isinstance(event, (Game.EventRecorded, Game.SeedRevealed, Game.EndedByRuling, *verify_takebacks.LINKS)):
            verdict.findings.append(Finding(event.originator_version, f"unexpected {type(event).__name__} in stream"))
            continue
        if event.prev_hash != prev:
            what = (
                "the header (were its rules, players, options or seed commitment changed?)"
                if prev == first
                else "the event before it"
            )
            verdict.findings.append(
                Finding(
                    event.originator_version,
                    f"hash chain broken at {describe(event)}: prev_hash does not link to {what}",
                )
            )
        if seed is not None and _link(links, event) != event.hash:
            verdict.findings.append(
                Finding(
                    event.originator_version,
                    f"hash chain broken at {describe(event)}: its hash does not match its content (altered?)",
                )
            )
        prev = event.hash


def _link(links: chain.Chain, event: Any) -> str | None:
    try:
        return links.stored_link(event)
    except (TypeError, ValueError, chain.ChainError):
        return None  # fields that cannot be hashed (tampered types): the link does not hold


def _rerun(rules: AnyRules, header: Game.Created, body: list[Any], verdict: Verdict) -> Rerun:
    """Re-decide each recorded decision at its version, and follow each take-back; compare; return the
    re-derived final state and clocks."""
    seats = len(header.players)
    clocks = SeatClocks.start(getattr(header, "time_control", None), seats)  # folded as the aggregate does
    try:
        state = rules.initial_state(seats, header.options)
    except Exception as exc:
        verdict.findings.append(
            Finding(1, f"the header cannot set up a game (were its players or options changed?): {exc}")
        )
        return Rerun(None, clocks)
    seed = bytes.fromhex(header.seed_hex)  # checked by the caller
    recorded = [e for e in body if isinstance(e, Game.EventRecorded)]
    links = [e for e in body if isinstance(e, verify_takebacks.LINKS)]
    takebacks = verify_takebacks.TakebackAudit(header, rules, seed)
    at_ms = verify_takebacks.times(body)  # a bot's wait counts from the last move's (or take-back's) time
    i = 0
    while i < len(recorded) or links:
        if links and (i == len(recorded) or links[0].originator_version < recorded[i].originator_version):
            link = links.pop(0)
            after = takebacks.link(link, state, clocks)
            if after.problem is not None:
                verdict.findings.append(Finding(link.originator_version, after.problem))
                return Rerun(state, clocks)
            state, clocks = after.state, after.clocks
            continue
        first = recorded[i]
        at = first.originator_version
        decided = _redecide(rules, header, state, first, i, seed, at_ms, clocks)
        if isinstance(decided, str):
            verdict.findings.append(Finding(at, decided))
            return Rerun(state, clocks)
        expected, what = decided
        batch = recorded[i : i + len(expected)]
        if batch and links and links[0].originator_version < batch[-1].originator_version:
            verdict.findings.append(Finding(at, f"{what} has a take-back recorded between its events"))
            return Rerun(state, clocks)
        takebacks.decision(batch, state, clocks)
        if clocks is not None:
            _run_clocks(clocks, rules, state, batch)
        difference = _first_difference(expected, batch, first)
        if difference is not None:
            verdict.findings.append(Finding(difference[0], f"{what} re-decides differently: {difference[1]}"))
            return Rerun(state, clocks)
        state = _folded(rules, state, expected)
        i += len(expected)
    return Rerun(state, clocks)


def _redecide(
    rules: AnyRules, header: Game.Created, state: Any, first: Game.EventRecorded, i: int, seed: bytes,
    at_ms: dict[int, int], clocks: SeatClocks | None,
) -> tuple[list[Any], str] | str:  # fmt: skip
    """The events the rules decide for the decision recorded from `first` (the `i`th event), and the decision
    in words; or what is wrong with it."""
    rng = rng_for(header.rng_version, seed, first.originator_version - 1)  # the version before it, as drawn
    try:
        if first.command is None:
            if i:
                return "an event without a command after setup"
            return rules.setup(header.options, len(header.players), rng), "setup"
        command = codec.decode(rules.command_types, first.command["name"], first.command["args"])
        if "bot" in first.command and (
            problem := _bot_problem(rules, state, first, command, seed, at_ms)
            or _timeout_problem(header, first, clocks)
        ):
            return problem
        expected = rules.decide(state, first.seat, command, rng, first.at_ms)
        return expected, f"command {first.command['name']} (request {first.request_id!r}, seat {first.seat})"
    except IllegalCommand as exc:
        return f"the rules refuse the recorded command: {exc}"
    except Exception as exc:  # a damaged command or event: the rules cannot even read it
        return f"re-running the recorded command fails: {type(exc).__name__}: {exc}"


@dataclass
class Rerun:
    """Where a re-run got to: the rules' state and the seats' clocks."""

    state: Any
    clocks: SeatClocks | None


def _folded(rules: AnyRules, state: Any, events: list[Any]) -> Any:
    """The state after a decision's events: the one its Writer evolved as it emitted them, else folded here."""
    after = events.state_after() if isinstance(events, Decided) else None
    return after if after is not None else reduce(rules.evolve, events, state)


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
        for key in ("seat", "command", "request_id", "at_ms") if stored is not first else ():
            if getattr(stored, key) != getattr(first, key):
                return v, (
                    f"field {key}: recorded {getattr(stored, key)!r}, but its decision (version "
                    f"{first.originator_version}) was {getattr(first, key)!r}"
                )
        if data == stored.data:  # the common case, in one comparison; else find the field that differs
            continue
        for key in sorted(set(data) | set(stored.data)):
            if stored.data.get(key) != data.get(key):
                return v, f"field {name}.{key}: recorded {stored.data.get(key)!r}, the rules produce {data.get(key)!r}"
    return None


def _check_result(rules: AnyRules, header: Game.Created, body: list[Any], rerun: Rerun, verdict: Verdict) -> None:
    state = rerun.state
    closing = [e for e in body if isinstance(e, (Game.SeedRevealed, Game.EndedByRuling))]
    finished = bool(rules.status(state).finished)
    if finished:
        verdict.scores = list(rules.scores(state))
        verdict.winners = list(rules.winners(state))
    if not closing:
        if finished:
            verdict.findings.append(Finding(len(body) + 2, "the game is finished but its seed was never revealed"))
        return
    end = closing[-1]
    v = end.originator_version
    if len(closing) > 1 or end is not body[-1]:
        verdict.findings.append(Finding(v, f"{type(end).__name__} must be the last event, once"))
    if isinstance(end, Game.EndedByRuling):
        _check_ruling(header, end, finished, verdict)
        if end.actor == CLOCK_ACTOR and (problem := _clock_problem(header, end, rerun.clocks, state, rules)):
            verdict.findings.append(Finding(v, problem))
        return
    if not finished:
        verdict.findings.append(Finding(v, "the seed was revealed but the game is not finished"))
        return
    if end.seed_hex != header.seed_hex:
        verdict.findings.append(Finding(v, "the revealed seed is not the seed the game was created with"))
    if end.scores != verdict.scores:
        verdict.findings.append(Finding(v, f"recorded scores {end.scores}, the rules score {verdict.scores}"))
    if end.winners != list(rules.winners(state)):
        verdict.findings.append(
            Finding(v, f"recorded winners {end.winners}, the rules find {list(rules.winners(state))}")
        )


def _check_ruling(header: Game.Created, end: Game.EndedByRuling, finished: bool, verdict: Verdict) -> None:
    """An arbiter's ruling closes a game still in play, with its own seed and the right seats."""
    v = end.originator_version
    verdict.scores, verdict.winners = [], []  # a ruled game has no final scores: its tournament says what counts
    if finished:
        verdict.findings.append(Finding(v, "a ruling ended a game the rules had finished already"))
    if end.ruling not in ENDING_RULINGS:
        verdict.findings.append(Finding(v, f"a {end.ruling!r} ruling cannot end a game (only {list(ENDING_RULINGS)})"))
    if end.seed_hex != header.seed_hex:
        verdict.findings.append(Finding(v, "the revealed seed is not the seed the game was created with"))
    seats = [s for s, p in enumerate(verdict.player_ids) if end.player is not None and p == end.player]
    if list(end.seats) != seats:
        verdict.findings.append(Finding(v, f"the ruling names seats {end.seats}, but {end.player!r} sits at {seats}"))


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
        verdict.rules_version = header_int(record.header, "rules_version")
        verdict.findings.append(Finding(exc.version, str(exc)))
        return verdict
    verdict = verify_stream(record.game_id, events)
    _check_claims(record, verdict)
    return verdict


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
