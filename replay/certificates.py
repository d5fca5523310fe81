"""Replay certificates: what an audit found, as JSON, optionally signed with the organizer's Ed25519 key.

A game certificate states the rules and RNG versions, the event count, the
final hash, the final scores and winners, the verdict and the tool version.
A tournament certificate rolls its games up: each game's final hash and
verdict, and one digest over all of them,

    digest = sha256(canonical JSON of [[game, final_hash], ...] sorted by game)

so a single value pins every game of the tournament. Format 2 adds the
tournament itself: its players, rounds (pairings and byes), rulings, and the
standings recomputed from the re-run games, pinned by

    standings_digest = sha256(canonical JSON of the standings rows, best first)

so the certificate can be published as the result; `check` recomputes those
standings from what the certificate states, and `playledger-replay
check-certificate --store/--record` from the games themselves. A game
certificate of format 2 also names the ruling that ended its game, if one did.

Tournament certificates of format 3 (issue 37) also state where each round's
pairing stood in the tournament's history (the games and rulings before it, the
pairing's version), so `check` re-derives every pairing from the certificate's
own rounds and results and fails one that does not follow from them; their
standings count games not played by FIDE's virtual-opponent rule
(service.tournaments.tiebreaks). Format 2 standings are recomputed with the
arithmetic of the builds that wrote them, and format 1 certificates (no
standings) still check. A signature covers the
canonical JSON of the certificate without its "signature" member; it carries
the public key, so anyone can check integrity, and `--public-key` pins whose
key it must be. Key files are PEM (PKCS#8 private, SubjectPublicKeyInfo public),
as written by `playledger-replay keygen`.
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from replay.tournament import GameFact, TournamentAudit, TournamentFacts, audit
from service.audit.certificates import (
    FORMAT,
    KIND,
    READABLE_FORMATS,
    _now,
    _signed_bytes,
    certificate_hash,
    game_certificate,
    sign,
)
from service.audit.records import tool_version
from service.ledger import codec
from service.ledger.signing import ALGORITHM, fingerprint, raw_public
from service.tournaments.tiebreaks import TIEBREAKS

# Tournament certificates only: game certificates stay at the audit core's FORMAT.
TOURNAMENT_FORMAT = 3
TOURNAMENT_FORMATS = READABLE_FORMATS | {TOURNAMENT_FORMAT}

# The game certificate and signing are the audit core's (service.audit.certificates); the names stay here too.
__all__ = [
    "FORMAT",
    "KIND",
    "READABLE_FORMATS",
    "TOURNAMENT_FORMAT",
    "certificate_hash",
    "check",
    "game_certificate",
    "sign",
    "tournament_certificate",
]


def tournament_digest(games: Iterable[dict[str, Any]]) -> str:
    pairs = sorted([str(g["game"]), str(g["final_hash"])] for g in games)
    return hashlib.sha256(codec.canonical_json(pairs).encode()).hexdigest()


def standings_digest(rows: list[dict[str, Any]]) -> str:
    return hashlib.sha256(codec.canonical_json(rows).encode()).hexdigest()


def tournament_certificate(
    name: str,
    game_certificates: Iterable[dict[str, Any]],
    issued_at: str | None = None,
    rulings: list[dict[str, Any]] | None = None,
    tournament: TournamentAudit | None = None,
) -> dict[str, Any]:
    """The games' roll-up; with the tournament's audit, its facts and standings (and their digest) too.

    `rulings` (the arbiter's, from the tournament's stream) are stated as recorded.
    """
    games = sorted(
        (
            {
                "game": c["game"],
                "final_hash": c["final_hash"],
                "events": c["events"],
                "finished": c.get("finished"),
                "final_scores": c["final_scores"],
                "winners": c["winners"],
                "ruling": c.get("ruling"),
                "verdict": c["verdict"],
                "certificate_hash": certificate_hash(c),
            }
            for c in game_certificates
        ),
        key=lambda g: str(g["game"]),
    )
    holds = bool(games) and all(g["verdict"] == "holds" for g in games)
    certificate: dict[str, Any] = {
        "certificate": KIND,
        "format": FORMAT if tournament is None else TOURNAMENT_FORMAT,
        "subject": "tournament",
        "tournament": name,
        "games": games,
        "digest": tournament_digest(games),
    }
    if tournament is not None:
        rows = tournament.standings_json()
        certificate |= tournament.facts.to_json()
        certificate |= {"standings": rows, "standings_digest": standings_digest(rows)}
        certificate["standings_rule"] = tournament.facts.rule
        certificate["tiebreaks"] = [t.key for t in TIEBREAKS]
        certificate["tournament_findings"] = list(tournament.findings)
        certificate["tournament_notes"] = list(tournament.notes)
        holds = holds and tournament.ok
    elif rulings is not None:
        certificate["rulings"] = rulings
    certificate |= {
        "verdict": "holds" if holds else "diverges",
        "tool": tool_version(),
        "issued_at": issued_at or _now(),
    }
    return certificate


def facts_of(certificate: dict[str, Any]) -> TournamentFacts:
    """The tournament a (format 2) tournament certificate states; KeyError/TypeError/ValueError if it cannot."""
    return TournamentFacts.from_json(str(certificate.get("tournament")), certificate)


def restated(certificate: dict[str, Any], games: dict[str, GameFact]) -> TournamentAudit:
    """The certificate's tournament, audited again with these games' facts."""
    return audit(facts_of(certificate), games)


def _check_standings(certificate: dict[str, Any], problems: list[str]) -> None:
    rows = certificate.get("standings")
    if not isinstance(rows, list):
        problems.append("the tournament certificate (format 2 or 3, with a tournament) states no standings")
        return
    if standings_digest(rows) != certificate.get("standings_digest"):
        problems.append("the standings digest does not match the standings")
        return
    try:
        stated = {str(g["game"]).removeprefix("games/"): GameFact.of_certificate(g) for g in certificate["games"]}
        again = restated(certificate, stated)
    except (LookupError, TypeError, ValueError, AttributeError) as exc:
        problems.append(f"the certificate's tournament cannot be read: {type(exc).__name__}: {exc}")
        return
    if again.standings_json() != rows:
        problems.append("the standings are not what the certificate's own rounds, rulings and results give")
    if certificate.get("verdict") == "holds":
        problems += [f"the certificate's own facts: {f}" for f in again.findings if f.startswith("pairing differs")]


# --- check ------------------------------------------------------------------------------------------
def check(certificate: Any, expected_key: Ed25519PublicKey | None = None) -> tuple[list[str], list[str]]:
    """(problems, notes): problems make a certificate fail; notes say what was and was not shown."""
    problems: list[str] = []
    notes: list[str] = []
    if not isinstance(certificate, dict) or certificate.get("certificate") != KIND:
        return [f'this is not a replay certificate (no "certificate": "{KIND}")'], notes
    formats = TOURNAMENT_FORMATS if certificate.get("subject") == "tournament" else READABLE_FORMATS
    if certificate.get("format") not in formats:
        readable = sorted(formats)
        return [f"certificate format {certificate.get('format')!r} is not one this tool reads ({readable})"], notes
    if certificate.get("subject") == "tournament":
        _check_tournament(certificate, problems, notes)
    _check_signature(certificate, expected_key, problems, notes)
    return problems, notes


def _check_tournament(certificate: dict[str, Any], problems: list[str], notes: list[str]) -> None:
    """A tournament certificate's games, digest, verdict and standings agree with one another."""
    games = certificate.get("games")
    if not isinstance(games, list) or not all(isinstance(g, dict) and "game" in g for g in games):
        problems.append("the tournament certificate lists no games")
    elif tournament_digest(games) != certificate.get("digest"):
        problems.append("the tournament digest does not match its games' final hashes")
    elif certificate.get("verdict") == "holds" and any(g.get("verdict") != "holds" for g in games):
        problems.append("the tournament is said to hold but one of its games diverges")
    elif "tournament_id" in certificate:
        _check_standings(certificate, problems)
        if certificate.get("format") == 2:
            notes.append(
                "a format 2 certificate: its standings are recomputed as the builds that wrote them counted "
                "forfeits, and it states no pairing history, so its pairings were not re-derived"
            )
    elif certificate.get("format") == 1:
        notes.append("a format 1 certificate: it states no standings (made before certificates carried them)")


def _check_signature(
    certificate: dict[str, Any], expected_key: Ed25519PublicKey | None, problems: list[str], notes: list[str]
) -> None:
    """The signature block is well formed, by the expected key if one is given, and over these bytes."""
    signature = certificate.get("signature")
    if signature is None:
        if expected_key is not None:
            problems.append("the certificate is not signed, but a signer's key was given")
        else:
            notes.append("not signed: it proves nothing about who issued it")
        return
    try:
        if signature.get("algorithm") != ALGORITHM:
            raise ValueError(f"unknown signature algorithm {signature.get('algorithm')!r}")
        raw = base64.b64decode(signature["public_key"], validate=True)
        value = base64.b64decode(signature["value"], validate=True)
        embedded = Ed25519PublicKey.from_public_bytes(raw)
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        problems.append(f"the signature block is malformed: {exc}")
        return
    if expected_key is not None and raw_public(expected_key) != raw:
        problems.append(
            f"signed by key {fingerprint(raw)}, not by the given key {fingerprint(raw_public(expected_key))}"
        )
    try:
        embedded.verify(value, _signed_bytes(certificate))
    except InvalidSignature:
        problems.append("the signature does not match the certificate: it was altered after signing")
    else:
        if expected_key is None:
            notes.append(
                f"signature valid for the embedded key {fingerprint(raw)}; pass --public-key to pin the signer"
            )
        elif not problems:
            notes.append(f"signature valid, by the given key {fingerprint(raw)}")
