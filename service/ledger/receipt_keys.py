"""The receipt keys of a deployment kept in its PostgreSQL store, so that every process, replica and restart on
that store signs with one key (issue 37): before, each worker made its own key for the run, and
`playledger receipt-key` returned two public keys from one `--processes 2` server.

The first process to start makes the key (under a transaction-level advisory lock, so two starting at once
agree); later ones read it. Rotation retires the current key and makes a new one; retired keys stay listed,
so receipts signed with them keep verifying. A key given as a file (`--receipt-key`, e.g. a mounted
Kubernetes secret) keeps the private key out of the database instead, and is what deploy/ sets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from service.ledger import signing

TABLE = "playledger_receipt_keys"
LOCK = 0x706C5F72  # the advisory lock id of key creation ("pl_r")


@dataclass(frozen=True)
class StoredKey:
    key_id: str
    private_pem: bytes
    retired: bool


def _create(cursor: Any) -> None:
    cursor.execute(
        f"CREATE TABLE IF NOT EXISTS {TABLE} (key_id text PRIMARY KEY, private_pem text NOT NULL, "
        "created_at timestamptz NOT NULL DEFAULT now(), retired_at timestamptz)"
    )


def _pem(key: Ed25519PrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()
    )


def _new(cursor: Any) -> str:
    key = Ed25519PrivateKey.generate()
    key_id = signing.fingerprint(signing.raw_public(key.public_key()))
    cursor.execute(f"INSERT INTO {TABLE} (key_id, private_pem) VALUES (%s, %s)", (key_id, _pem(key).decode()))
    return key_id


def keys(datastore: Any, rotate: bool = False) -> list[StoredKey]:
    """Every key of the store, the current (unretired) one first; made if there is none (or `rotate`)."""
    with datastore.transaction(commit=True) as cursor:
        cursor.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK,))
        _create(cursor)
        if rotate:
            cursor.execute(f"UPDATE {TABLE} SET retired_at = now() WHERE retired_at IS NULL")
        cursor.execute(f"SELECT count(*) FROM {TABLE} WHERE retired_at IS NULL")
        if _first(cursor.fetchone()) == 0:
            _new(cursor)
        cursor.execute(
            f"SELECT key_id, private_pem, retired_at IS NOT NULL FROM {TABLE} ORDER BY retired_at DESC NULLS FIRST"
        )
        return [
            StoredKey(str(r[0]), str(r[1]).encode(), bool(r[2])) for r in (tuple(_row(x)) for x in cursor.fetchall())
        ]


def _row(raw: Any) -> Any:
    return raw.values() if isinstance(raw, dict) else raw


def _first(raw: Any) -> int:
    return int(next(iter(_row(raw))))


def private_key(stored: StoredKey) -> Ed25519PrivateKey:
    key = serialization.load_pem_private_key(stored.private_pem, password=None)
    if not isinstance(key, Ed25519PrivateKey):
        raise signing.KeyFileError(f"the stored receipt key {stored.key_id} is not an Ed25519 key")
    return key
