"""Checking a server's signed receipt against a game's record and its attempts log (check-receipt).

A receipt says what the server answered to one SubmitCommand (see service/api/receipts.py). With the
server's public key it proves the server said so; with the game's record it shows whether that is
what the record holds: an accepted command is in the chain with the same request id, seat and
command hash, up to the receipt's version; a refused one is not, and the organizer's attempts log
(`playledger-replay` gets it with `playledger attempts`) names it.
"""

from __future__ import annotations

import base64
import hashlib
import json
from typing import Any

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PublicKey

from service.audit.records import GameRecord
from service.ledger import codec, signing

KIND = "playledger-receipt"
RECORDED = ("accepted", "repeated")


def check(
    receipt: Any,
    key: Ed25519PublicKey,
    record: GameRecord | None = None,
    attempts: list[dict[str, Any]] | None = None,
) -> tuple[list[str], list[str], dict[str, Any]]:
    """(problems, notes, the receipt's facts): problems make the check fail."""
    problems: list[str] = []
    notes: list[str] = []
    try:
        payload, signature = receipt["payload"], base64.b64decode(receipt["signature"], validate=True)
        facts: dict[str, Any] = json.loads(payload)
    except (KeyError, TypeError, ValueError) as exc:
        return [f"this is not a receipt (a JSON object with payload and signature): {exc}"], notes, {}
    if not isinstance(facts, dict) or facts.get("receipt") != KIND:
        return [f'the payload is not a PlayLedger receipt (no "receipt": "{KIND}")'], notes, {}
    raw = signing.raw_public(key)
    if facts.get("key_id") != signing.fingerprint(raw):
        problems.append(f"signed by key {facts.get('key_id')}, not by the given key {signing.fingerprint(raw)}")
    try:
        key.verify(signature, payload.encode())
    except InvalidSignature:
        problems.append("the signature does not match the receipt: it was altered, or another key signed it")
    if record is not None:
        _against_record(facts, record, problems, notes)
    if attempts is not None:
        _against_attempts(facts, attempts, problems, notes)
    if record is None and attempts is None:
        notes.append("checked the signature only: pass --record (and --attempts) to check what the game holds")
    return problems, notes, facts


def _mine(facts: dict[str, Any], line: dict[str, Any]) -> bool:
    return (
        bool(facts.get("request_id"))
        and line.get("request_id") == facts["request_id"]
        and (line.get("seat") == facts.get("seat"))
    )


def _against_record(facts: dict[str, Any], record: GameRecord, problems: list[str], notes: list[str]) -> None:
    if str(record.header.get("game")) != facts.get("game"):
        problems.append(f"the receipt is for {facts.get('game')}, the record for {record.header.get('game')}")
        return
    outcome = facts.get("outcome")
    lines = [line for line in record.lines if line.get("kind") == "EventRecorded" and _mine(facts, line)]
    if not facts.get("request_id"):
        notes.append("the command was sent without a request id: the record cannot show which line it was")
        return
    if outcome in RECORDED:
        if not lines:
            problems.append(f"the receipt says {outcome}, but the record holds no command {facts['request_id']!r}")
            return
        if "command" not in lines[0]:
            notes.append("this record withholds the command (another seat's): its hash cannot be compared")
        elif _hash(lines[0]["command"]) != facts.get("command_sha256"):
            problems.append("the record holds another command under this request id than the receipt names")
        if max(int(line["version"]) for line in lines) > int(facts.get("version", 0)):
            problems.append("the record holds the command's events past the version the receipt names")
        else:
            notes.append(f"the record holds the command at versions {[line['version'] for line in lines]}")
    elif outcome == "refused":
        if any("command" in line and _hash(line["command"]) == facts.get("command_sha256") for line in lines):
            problems.append("the receipt says refused, but the record holds this command under this request id")
        else:
            notes.append("the record holds no such command: it was refused, as the receipt says")


def _against_attempts(
    facts: dict[str, Any], attempts: list[dict[str, Any]], problems: list[str], notes: list[str]
) -> None:
    found = [
        a
        for a in attempts
        if a.get("command_sha256") == facts.get("command_sha256")
        and a.get("seat") == facts.get("seat")
        and (a.get("request_id") or "") == (facts.get("request_id") or "")
    ]
    if facts.get("outcome") == "refused":
        if not found:
            problems.append("the receipt says refused, but the attempts log holds no such refusal")
        elif all(a.get("reason") != facts.get("reason") for a in found):
            problems.append("the attempts log refused this command for another reason than the receipt names")
        else:
            notes.append(f"the attempts log holds the refusal ({facts.get('reason')})")
    elif found and facts.get("outcome") in RECORDED and any(a.get("reason") == facts.get("reason") for a in found):
        problems.append("the receipt says the command was recorded, but the attempts log holds it as refused")


def _hash(command: Any) -> str:
    return hashlib.sha256(codec.canonical_json(command).encode()).hexdigest()
