"""`check-certificate --record/--store`: re-verify what a certificate states, from the games themselves.

For a game certificate: the game's final hash, event count, result and verdict. For a tournament
certificate, every game's, and (format 2 and 3) the standings, recomputed from the re-verified games and
the tournament's rounds and rulings (format 3: and every pairing, re-derived); with --store, those rounds
(and where each pairing stood), rulings and players must also be the ones the store's tournament recorded.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from replay import certificates
from replay.sources import load_records, open_store, parse_game
from replay.tournament import GameFact, NoSuchTournament, facts_from_store
from service.audit.verify import Verdict, verify_record, verify_stream


def recheck(cert: dict[str, Any], record_files: Sequence[Path], store: str | None) -> list[str]:
    """Problems found re-verifying the certified game(s) now and comparing with what the certificate states."""
    if cert.get("subject") == "tournament":
        wanted = {str(g["game"]): g for g in cert.get("games", [])}
    else:
        wanted = {str(cert.get("game")): cert}
    verdicts: dict[str, Verdict] = {}
    stored_facts: Any = None
    if record_files:
        for record in load_records(record_files):
            verdicts[f"games/{record.game_id}"] = verify_record(record)
    if store:
        ledger = open_store(store)
        try:
            for game in wanted:
                if game not in verdicts:
                    game_id = parse_game(game)
                    stored = ledger.stream(game_id)
                    if stored:
                        verdicts[game] = verify_stream(game_id, stored)
            if "tournament_id" in cert:
                try:
                    stored_facts = facts_from_store(ledger, str(cert["tournament_id"]))
                except NoSuchTournament as exc:
                    return [str(exc)]
        finally:
            ledger.close()
    problems = _games(wanted, verdicts)
    if "tournament_id" in cert and not problems:
        problems += _standings(cert, verdicts, stored_facts)
    return problems


def _games(wanted: dict[str, dict[str, Any]], verdicts: dict[str, Verdict]) -> list[str]:
    problems = []
    for game, stated in wanted.items():
        v = verdicts.get(game)
        if v is None:
            problems.append(f"{game}: not found in the given records or store")
            continue
        now = {
            "final_hash": v.final_hash,
            "events": v.events,
            "final_scores": v.scores,
            "winners": v.winners,
            "ruling": v.ruling,
            "verdict": "holds" if v.ok else "diverges",
        }
        for key, value in now.items():
            if key in stated and stated[key] != value:
                problems.append(f"{game}: the certificate says {key} {stated[key]!r}, re-verifying gives {value!r}")
    return problems


def _standings(cert: dict[str, Any], verdicts: dict[str, Verdict], stored: Any) -> list[str]:
    problems = []
    facts = certificates.facts_of(cert)
    if stored is not None:
        stated = facts.pairings is not None  # a format 2 certificate states no pairing history
        mine, theirs = facts.to_json(stated), stored.to_json(stated)
        for key in mine:
            if mine[key] != theirs[key]:
                problems.append(f"the certificate's {key} are not the store's tournament's")
    games = {g.removeprefix("games/"): GameFact.of_verdict(v) for g, v in verdicts.items()}
    again = certificates.restated(cert, games)
    if again.standings_json() != cert.get("standings"):
        problems.append("the standings recomputed from the re-verified games are not the certificate's")
    problems += [f"the tournament: {f}" for f in again.findings]
    return problems
