"""Signed receipts for SubmitCommand answers, accepted or refused (issue 17.3).

A receipt is the canonical JSON of what the server answered (game, version, request id, a hash of
the command, outcome, code, reason, server time, key id), signed with the server's Ed25519 key. The
command's hash is the one the game's record lets anyone recompute: sha256 of the canonical JSON of
the command as its chain holds it. `playledger-replay check-receipt` checks one against a record.
"""

from __future__ import annotations

import base64
import hashlib
import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey
from playledger.v1 import games_pb2

from service.ledger import codec, receipt_keys, signing

log = logging.getLogger("playledger.receipts")
KIND = "playledger-receipt"
FORMAT = 1


def command_sha256(command: dict[str, Any]) -> str:
    return hashlib.sha256(codec.canonical_json(command).encode()).hexdigest()


class Receipts:
    """Issues receipts with one key; GetReceiptKey serves its public half, and the public halves of the keys
    it replaced (rotation), so receipts signed with those keep verifying."""

    def __init__(self, key: Ed25519PrivateKey, previous: Sequence[Ed25519PublicKey] = ()) -> None:
        self._key = key
        self.public_pem = signing.public_pem(key.public_key()).decode()
        self.key_id = signing.fingerprint(signing.raw_public(key.public_key()))
        self.previous = [
            (signing.fingerprint(signing.raw_public(p)), signing.public_pem(p).decode())
            for p in previous
            if signing.raw_public(p) != signing.raw_public(key.public_key())
        ]

    @staticmethod
    def load(path: Path | None, previous: Sequence[Path] = ()) -> Receipts:
        """The key at `path` (made there on first use), or a new one held only in memory when there is none;
        `previous`: files of keys it replaced (public or private PEM)."""
        if path is None:
            log.warning(
                "receipts are signed with a key made for this run only: set --receipt-key to keep receipts "
                "checkable after a restart"
            )
            return Receipts(Ed25519PrivateKey.generate())
        if not path.exists():
            signing.generate_key(path)
            log.info("made the receipt key %s (and %s.pub)", path, path.name)
        return Receipts(signing.load_private_key(path), [signing.load_public_key(p) for p in previous])

    @staticmethod
    def stored(datastore: Any) -> Receipts:
        """The key kept in a PostgreSQL store, shared by every process, replica and restart on it."""
        found = receipt_keys.keys(datastore)
        current = receipt_keys.private_key(found[0])
        log.info("receipts are signed with the store's key %s", found[0].key_id)
        return Receipts(current, [receipt_keys.private_key(k).public_key() for k in found[1:]])

    def issue(self, **facts: Any) -> games_pb2.Receipt:
        payload = codec.canonical_json({"receipt": KIND, "format": FORMAT, **facts, "key_id": self.key_id})
        signature = base64.b64encode(self._key.sign(payload.encode())).decode()
        return games_pb2.Receipt(payload=payload, signature=signature, key_id=self.key_id)
