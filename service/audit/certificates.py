"""Game certificates: what the audit of one game found, as JSON, optionally signed with the organizer's Ed25519 key.

A game certificate states the rules and RNG versions, the event count, the final hash, the final
scores and winners, the verdict, the ruling that ended its game if one did (format 2), and the tool
version. A signature covers the canonical JSON of the certificate without its "signature" member and
carries the public key. Tournament certificates, and checking any certificate, are replay's
(replay/certificates.py), which builds on these.
"""

from __future__ import annotations

import base64
import hashlib
from datetime import UTC, datetime
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from service.audit.records import tool_version
from service.audit.verdict import Verdict
from service.ledger import codec
from service.ledger.signing import ALGORITHM, fingerprint, raw_public

KIND = "playledger-replay-certificate"
FORMAT = 2
READABLE_FORMATS = frozenset({1, 2})


def _now() -> str:
    return datetime.now(UTC).isoformat()


def game_certificate(verdict: Verdict, issued_at: str | None = None) -> dict[str, Any]:
    return {
        "certificate": KIND,
        "format": FORMAT,
        "subject": "game",
        "game": f"games/{verdict.game_id}",
        "rules": verdict.rules,
        "rules_version": verdict.rules_version,
        "rng_version": verdict.rng_version,
        "players": verdict.players,
        "seed_commitment": verdict.seed_commitment,
        "scope": verdict.scope,
        "events": verdict.events,
        "final_hash": verdict.final_hash,
        "finished": verdict.finished,
        "final_scores": verdict.scores,
        "winners": verdict.winners,
        "ruling": verdict.ruling,
        "verdict": "holds" if verdict.ok else "diverges",
        "findings": [{"version": f.version, "message": f.message} for f in verdict.findings],
        "tool": tool_version(),
        "issued_at": issued_at or _now(),
    }


def _signed_bytes(certificate: dict[str, Any]) -> bytes:
    return codec.canonical_json({k: v for k, v in certificate.items() if k != "signature"}).encode()


def certificate_hash(certificate: dict[str, Any]) -> str:
    """sha256 of the certificate's canonical JSON (without its signature): what a report cites."""
    return hashlib.sha256(_signed_bytes(certificate)).hexdigest()


def sign(certificate: dict[str, Any], key: Ed25519PrivateKey) -> dict[str, Any]:
    raw = raw_public(key.public_key())
    return {
        **{k: v for k, v in certificate.items() if k != "signature"},
        "signature": {
            "algorithm": ALGORITHM,
            "public_key": base64.b64encode(raw).decode(),
            "key_fingerprint": fingerprint(raw),
            "value": base64.b64encode(key.sign(_signed_bytes(certificate))).decode(),
        },
    }
