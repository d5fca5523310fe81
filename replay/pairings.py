"""The audit of a tournament's pairings: every round the server paired, re-derived from the standings before it.

Pairing is deterministic and the tournament records where each pairing stood in its history (how many games
and rulings came before it, and the pairing's version), so the audit runs the code that paired the round
(service.tournaments.rederive) on the same history and holds the result against the recorded tables. The
first difference is a finding naming the round and table, what the standings give and what was recorded.

Not findings, only notes: rounds paired before this build recorded pairing versions (taken to be the
first games that reached each new round; an earlier build's pairing code may have seated them otherwise),
rounds paired by another pairing version, and tournaments whose facts state no pairing history (format 2
certificates). Rounds made only of games added by hand are not pairings and are not re-derived.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from service.tournaments import rederive
from service.tournaments.explain import explain
from service.tournaments.standings import Result

if TYPE_CHECKING:
    from replay.tournament import TournamentAudit

AS_RECORDED = "re-derived from the standings before it: as recorded"


def check_pairings(out: TournamentAudit, results: Mapping[str, Result | None]) -> None:
    """Re-derive each paired round of `out.facts` from these game results; findings, notes and explanations."""
    facts = out.facts
    if facts.pairings is None:
        out.notes.append("the pairings were not re-derived: these facts state no pairing history (format 2)")
        return
    history = facts.history()
    names = facts.names()
    for round_no in sorted(facts.pairings):
        record = facts.pairings[round_no]
        why = rederive.unverifiable(record)
        if why is not None:
            out.notes.append(why)
            out.pairing_checked[round_no] = f"not re-derived: {why}"
            continue
        derived = rederive.rederived(history, record, results)
        paired_as = (derived.tables, derived.byes)
        found = rederive.first_difference(history, record, derived)
        out.explanations[round_no] = explain(
            facts.pairing, round_no, derived.field, facts.table_size, paired_as, derived.games, names
        )
        if found is None:
            out.pairing_checked[round_no] = AS_RECORDED
        elif record.version is None:
            note = f"{found} (paired by a build before pairings were versioned: not a finding)"
            out.notes.append(note)
            out.pairing_checked[round_no] = f"differs, {note}"
        else:
            out.findings.append(f"pairing differs at {found}")
            out.pairing_checked[round_no] = f"DIFFERS: {found}"
