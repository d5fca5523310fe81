"""The deterministic re-run and audit of one recorded game.

For each game: load the rules at the pinned rules and RNG versions; check the
seed against its commitment; re-run setup and every recorded command through
decide with the same per-version randomness and the recorded inputs (seat,
arguments, server time); compare the produced events with the stored ones
field by field; check the hash chain link by link; and check that the
revealed result equals what the rules score on the final state.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import reduce
from typing import Any
from uuid import UUID

from service.ledger import codec
from service.ledger.game import Game, header_hash, stored_body
from service.rules.catalog import UnknownRules, rules_for
from service.rules.core import IllegalCommand, Rules, rng_for


@dataclass(frozen=True)
class Finding:
    version: int
    message: str


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

    @property
    def ok(self) -> bool:
        return not self.findings


def verify_stream(game_id: UUID, stored: Iterable[Any]) -> Verdict:
    """Audit one game's stored events (Created first), as read from a store or a record."""
    events = list(stored)
    verdict = Verdict(game_id, events=len(events))
    if not events or not isinstance(events[0], Game.Created):
        verdict.findings.append(Finding(1, "the stream does not start with the game's Created header"))
        return verdict
    header, body = events[0], events[1:]
    verdict.rules, verdict.rules_version = header.rules_name, header.rules_version
    try:
        rules = rules_for(header.rules_name, header.rules_version)
    except UnknownRules as exc:
        verdict.findings.append(Finding(1, str(exc)))
        return verdict
    _check_versions(events, verdict)
    _check_chain(header, body, verdict)
    state = _rerun(rules, header, body, verdict)
    _check_result(rules, header, body, state, verdict)
    verdict.finished = bool(rules.status(state).finished)
    verdict.final_hash = getattr(body[-1], "hash", "") if body else ""
    return verdict


def _check_versions(events: list[Any], verdict: Verdict) -> None:
    for expected, event in enumerate(events, start=1):
        if event.originator_version != expected:
            verdict.findings.append(
                Finding(expected, f"event version {event.originator_version} where {expected} was expected (gap)")
            )
            return


def _check_chain(header: Game.Created, body: list[Any], verdict: Verdict) -> None:
    if hashlib.sha256(bytes.fromhex(header.seed_hex)).hexdigest() != header.seed_commitment:
        verdict.findings.append(Finding(1, "the seed does not match its commitment sha256(seed)"))
    prev = header_hash(
        header.originator_id,
        header.rules_name,
        header.rules_version,
        header.rng_version,
        header.players,
        header.options,
        header.seed_commitment,
        header.seed_source,
    )
    for event in body:
        if not isinstance(event, (Game.EventRecorded, Game.SeedRevealed)):
            verdict.findings.append(Finding(event.originator_version, f"unexpected {type(event).__name__} in stream"))
            continue
        if event.prev_hash != prev:
            verdict.findings.append(Finding(event.originator_version, "hash chain broken: prev_hash does not link"))
        if codec.chain_hash(stored_body(event)) != event.hash:
            verdict.findings.append(Finding(event.originator_version, "hash chain broken: the event's hash is wrong"))
        prev = event.hash


def _rerun(rules: Rules, header: Game.Created, body: list[Any], verdict: Verdict) -> Any:
    """Re-decide each recorded decision at its version; compare; return the re-derived final state."""
    seats = len(header.players)
    state = rules.initial_state(seats, header.options)
    seed = bytes.fromhex(header.seed_hex)
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
        except (IllegalCommand, codec.CodecError, TypeError, KeyError) as exc:
            verdict.findings.append(Finding(at, f"re-running the recorded command fails: {exc}"))
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
        if (stored.seat, stored.command, stored.request_id) != (first.seat, first.command, first.request_id):
            return v, "recorded with another seat, command or request id than its decision"
        for key in sorted(set(data) | set(stored.data)):
            if stored.data.get(key) != data.get(key):
                return v, f"field {name}.{key}: recorded {stored.data.get(key)!r}, the rules produce {data.get(key)!r}"
    return None


def _check_result(rules: Rules, header: Game.Created, body: list[Any], state: Any, verdict: Verdict) -> None:
    reveals = [e for e in body if isinstance(e, Game.SeedRevealed)]
    finished = bool(rules.status(state).finished)
    if finished:
        verdict.scores = list(rules.scores(state))
    if not reveals:
        if finished:
            verdict.findings.append(Finding(len(body) + 1, "the game is finished but its seed was never revealed"))
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
