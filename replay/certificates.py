"""Replay certificates: what an audit found, as JSON, optionally signed with the organizer's Ed25519 key.

A game certificate states the rules and RNG versions, the event count, the
final hash, the final scores and winners, the verdict and the tool version.
A tournament certificate rolls its games up: each game's final hash and
verdict, and one digest over all of them,

    digest = sha256(canonical JSON of [[game, final_hash], ...] sorted by game)

so a single value pins every game of the tournament. A signature covers the
canonical JSON of the certificate without its "signature" member; it carries
the public key, so anyone can check integrity, and `--public-key` pins whose
key it must be. Key files are PEM (PKCS#8 private, SubjectPublicKeyInfo public),
as written by `playledger-replay keygen`.
"""

from __future__ import annotations

import base64
import hashlib
import os
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from replay.records import tool_version
from replay.verify import Verdict
from service.ledger import codec

KIND = "playledger-replay-certificate"
FORMAT = 1
ALGORITHM = "Ed25519"


class KeyFileError(ValueError):
    """A key file that cannot be used (a usage error)."""


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
        "verdict": "holds" if verdict.ok else "diverges",
        "findings": [{"version": f.version, "message": f.message} for f in verdict.findings],
        "tool": tool_version(),
        "issued_at": issued_at or _now(),
    }


def tournament_digest(games: Iterable[dict[str, Any]]) -> str:
    pairs = sorted([str(g["game"]), str(g["final_hash"])] for g in games)
    return hashlib.sha256(codec.canonical_json(pairs).encode()).hexdigest()


def tournament_certificate(
    name: str,
    game_certificates: Iterable[dict[str, Any]],
    issued_at: str | None = None,
    rulings: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """The games' roll-up; `rulings` (the arbiter's, from the tournament's stream) are stated as recorded."""
    games = sorted(
        (
            {
                "game": c["game"],
                "final_hash": c["final_hash"],
                "events": c["events"],
                "final_scores": c["final_scores"],
                "winners": c["winners"],
                "verdict": c["verdict"],
                "certificate_hash": certificate_hash(c),
            }
            for c in game_certificates
        ),
        key=lambda g: str(g["game"]),
    )
    certificate = {
        "certificate": KIND,
        "format": FORMAT,
        "subject": "tournament",
        "tournament": name,
        "games": games,
        "digest": tournament_digest(games),
        "verdict": "holds" if games and all(g["verdict"] == "holds" for g in games) else "diverges",
        "tool": tool_version(),
        "issued_at": issued_at or _now(),
    }
    if rulings is not None:
        certificate["rulings"] = rulings
    return certificate


def _signed_bytes(certificate: dict[str, Any]) -> bytes:
    return codec.canonical_json({k: v for k, v in certificate.items() if k != "signature"}).encode()


def certificate_hash(certificate: dict[str, Any]) -> str:
    """sha256 of the certificate's canonical JSON (without its signature): what a report cites."""
    return hashlib.sha256(_signed_bytes(certificate)).hexdigest()


# --- keys --------------------------------------------------------------------------------------------
def generate_key(path: Path) -> Path:
    """Write a new private key (mode 0600) and its public key beside it (PATH.pub); return the latter."""
    if path.exists():
        raise KeyFileError(f"{path} exists already; choose another name (a key is never overwritten)")
    key = Ed25519PrivateKey.generate()
    pem = key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption())
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(pem)
    public = path.with_name(path.name + ".pub")
    public.write_bytes(
        key.public_key().public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
    )
    return public


def load_private_key(path: Path) -> Ed25519PrivateKey:
    try:
        key = serialization.load_pem_private_key(path.read_bytes(), password=None)
    except OSError as exc:
        raise KeyFileError(f"cannot read the key {path}: {exc.strerror or exc}") from None
    except (ValueError, TypeError) as exc:
        raise KeyFileError(f"{path} is not an unencrypted PEM private key: {exc}") from None
    if not isinstance(key, Ed25519PrivateKey):
        raise KeyFileError(f"{path} is not an Ed25519 key (make one with playledger-replay keygen)")
    return key


def load_public_key(path: Path) -> Ed25519PublicKey:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise KeyFileError(f"cannot read the key {path}: {exc.strerror or exc}") from None
    try:
        key: Any = serialization.load_pem_public_key(data)
    except ValueError:
        try:  # a private key file also names its public key
            key = serialization.load_pem_private_key(data, password=None).public_key()
        except (ValueError, TypeError) as exc:
            raise KeyFileError(f"{path} is not a PEM public key: {exc}") from None
    if not isinstance(key, Ed25519PublicKey):
        raise KeyFileError(f"{path} is not an Ed25519 public key")
    return key


def raw_public(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def fingerprint(raw: bytes) -> str:
    return "sha256:" + hashlib.sha256(raw).hexdigest()[:32]


# --- sign / check ------------------------------------------------------------------------------------
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


def check(certificate: Any, expected_key: Ed25519PublicKey | None = None) -> tuple[list[str], list[str]]:
    """(problems, notes): problems make a certificate fail; notes say what was and was not shown."""
    problems: list[str] = []
    notes: list[str] = []
    if not isinstance(certificate, dict) or certificate.get("certificate") != KIND:
        return [f'this is not a replay certificate (no "certificate": "{KIND}")'], notes
    if certificate.get("format") != FORMAT:
        return [f"certificate format {certificate.get('format')!r} is not one this tool reads ({FORMAT})"], notes
    if certificate.get("subject") == "tournament":
        games = certificate.get("games")
        if not isinstance(games, list) or not all(isinstance(g, dict) and "game" in g for g in games):
            problems.append("the tournament certificate lists no games")
        elif tournament_digest(games) != certificate.get("digest"):
            problems.append("the tournament digest does not match its games' final hashes")
        elif certificate.get("verdict") == "holds" and any(g.get("verdict") != "holds" for g in games):
            problems.append("the tournament is said to hold but one of its games diverges")
    signature = certificate.get("signature")
    if signature is None:
        if expected_key is not None:
            problems.append("the certificate is not signed, but a signer's key was given")
        else:
            notes.append("not signed: it proves nothing about who issued it")
        return problems, notes
    try:
        if signature.get("algorithm") != ALGORITHM:
            raise ValueError(f"unknown signature algorithm {signature.get('algorithm')!r}")
        raw = base64.b64decode(signature["public_key"], validate=True)
        value = base64.b64decode(signature["value"], validate=True)
        embedded = Ed25519PublicKey.from_public_bytes(raw)
    except (AttributeError, KeyError, TypeError, ValueError) as exc:
        problems.append(f"the signature block is malformed: {exc}")
        return problems, notes
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
    return problems, notes
