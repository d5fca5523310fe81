"""Ed25519 keys for what PlayLedger signs: replay certificates (the organizer's key) and receipts (the server's).

Key files are PEM: PKCS#8 private keys (mode 0600) and SubjectPublicKeyInfo public keys beside them
(PATH.pub), as `playledger-replay keygen` writes them. A signature covers the canonical JSON of
what it signs, so any language can check one.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

ALGORITHM = "Ed25519"


class KeyFileError(ValueError):
    """A key file that cannot be used (a usage error)."""


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
    public.write_bytes(public_pem(key.public_key()))
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


def public_pem(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)


def raw_public(key: Ed25519PublicKey) -> bytes:
    return key.public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)


def fingerprint(raw: bytes) -> str:
    return "sha256:" + hashlib.sha256(raw).hexdigest()[:32]
