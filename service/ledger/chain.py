"""A game's hash chain, in one place: the header, the fields each link covers, and how links are hashed.

The ledger writes links with it and `replay` checks them with it, so a field is added here once.

A game's stream is its Created header, then one link per stored event (EventRecorded, and the closing
SeedRevealed or EndedByRuling). Each link's `prev_hash` is the hash before it, the first one the
header's hash, so altering, dropping, inserting or reordering anything breaks the chain. `H(x)` is
sha256 of the canonical JSON of `x` (codec.chain_hash).

Format 1 (every game created before format 2 existed, kept verifiable as it was):

    header = H({game, rules, rules_version, rng_version, players, options, seed_commitment,
                seed_source, prev_hash: GENESIS [, player_ids]})
    link   = H({version, kind, **fields, prev_hash})

A reader who may see a link only in part (a spectator, another seat) could recover what was hidden
by hashing each public candidate (every card id) until one matched. Format 2 commits to the fields
with a salt that only the seed derives:

    salt(version) = HMAC-SHA256(key=seed, "playledger/chain/2/" + version)
    commitment    = sha256(salt || canonical JSON of the fields)
    link          = H({chain: 2, version, kind, commitment, prev_hash})
    header        = H({...format 1's header..., chain: 2 [, client_seed]})

The seed is secret until the game ends, so nobody but the organizer can test a guess; once it is
revealed anyone recomputes every salt and checks the whole chain. A partial record shows the
commitment of each link, and the salt of each link it shows whole (a salt reveals nothing about
another link: HMAC outputs are independent).
"""

from __future__ import annotations

import hashlib
import hmac
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from operator import attrgetter
from typing import Any
from uuid import UUID

from service.ledger import codec

FORMAT_1 = 1
FORMAT_2 = 2
NEWEST = FORMAT_2
FORMATS = frozenset({FORMAT_1, FORMAT_2})

# The fields each kind of link covers, besides its version, kind and prev_hash.
LINK_FIELDS: dict[str, tuple[str, ...]] = {
    "EventRecorded": ("name", "data", "seat", "command", "request_id", "at_ms"),
    "SeedRevealed": ("seed_hex", "scores", "winners"),
    "EndedByRuling": ("ruling", "reason", "actor", "tournament", "player", "seats", "at_ms", "seed_hex"),
    # Take-backs (takebacks.py): only at tables created with them, so a game without has none of these links.
    "TakebackOffered": ("seat", "to_version", "at_ms"),
    "TakebackAnswered": ("seat", "accept", "at_ms"),
    "TakenBack": ("to_version", "at_ms"),
}
TAKEBACK_LINKS = ("TakebackOffered", "TakebackAnswered", "TakenBack")
# The links that close a stream: nothing is recorded after one.
CLOSING = ("SeedRevealed", "EndedByRuling")
SERVER_ENTROPY_BYTES = 32  # the server's own part of every format-2 seed; a client's part follows it
_PLAIN = re.compile(r"[A-Za-z0-9_]*")  # text that canonical JSON writes as itself, between quotes


class ChainError(ValueError):
    """A chain that cannot be checked as asked (no seed for format 2, an unknown format)."""


@dataclass(frozen=True)
class Header:
    """What a game's creation fixed, publicly: the chain's anchor."""

    game: UUID
    rules_name: str
    rules_version: int
    rng_version: int
    players: list[str]
    options: dict[str, Any]
    seed_commitment: str
    seed_source: str
    player_ids: list[str] | None = None
    chain_format: int = FORMAT_1
    client_seed_hex: str | None = None  # format 2: the creator's part of the seed, shown from the start
    bots: dict[str, Any] | None = None  # format 2: the seats the server's bots play, and how
    time_control: dict[str, Any] | None = None  # format 2: {"move_ms", "on_timeout"} (clocks.py)
    table: dict[str, Any] | None = None  # format 2: who may watch, with what delay; take-backs; a rematch's source

    @staticmethod
    def of_created(created: Any) -> Header:
        """From a stored Created event (older ones lack the newer fields: their defaults apply)."""
        names = ("rules_name", "rules_version", "rng_version", "players", "options", "seed_commitment")
        fields = {n: getattr(created, n) for n in names}
        for name in ("seed_source", "player_ids", "chain_format", "client_seed_hex", "bots", "time_control", "table"):
            fields[name] = getattr(created, name, None)
        return Header.of(created.originator_id, fields)

    @staticmethod
    def of(game: UUID, fields: Mapping[str, Any]) -> Header:
        """From a Created event's fields or a record's header (which hold the same names)."""
        return Header(
            game=game,
            rules_name=fields["rules_name"],
            rules_version=fields["rules_version"],
            rng_version=fields["rng_version"],
            players=fields["players"],
            options=fields["options"],
            seed_commitment=fields.get("seed_commitment", ""),
            seed_source=fields.get("seed_source") or "",
            player_ids=fields.get("player_ids"),
            chain_format=fields.get("chain_format") or FORMAT_1,
            client_seed_hex=fields.get("client_seed_hex"),
            bots=fields.get("bots"),
            time_control=fields.get("time_control"),
            table=fields.get("table"),
        )

    def hash(self) -> str:
        if self.chain_format not in FORMATS:
            raise ChainError(f"unknown chain format {self.chain_format!r}; this build knows {sorted(FORMATS)}")
        body: dict[str, Any] = {
            "game": str(self.game),
            "rules": self.rules_name,
            "rules_version": self.rules_version,
            "rng_version": self.rng_version,
            "players": self.players,
            "options": self.options,
            "seed_commitment": self.seed_commitment,
            "seed_source": self.seed_source,
            "prev_hash": codec.GENESIS,
        }
        if self.player_ids is not None:  # a game created without ids hashes as before they existed
            body["player_ids"] = self.player_ids
        if self.chain_format >= FORMAT_2:
            body["chain"] = self.chain_format
            if self.client_seed_hex is not None:
                body["client_seed"] = self.client_seed_hex
            if self.bots:
                body["bots"] = self.bots
            if self.time_control:
                body["time_control"] = self.time_control
            if self.table:  # absent unless a table setting differs from the defaults: older headers hash as before
                body["table"] = self.table
        return codec.chain_hash(body)

    def seed_problem(self, seed: bytes) -> str | None:
        """Why this seed is not the one the header committed to, or None when it is."""
        if hashlib.sha256(seed).hexdigest() != self.seed_commitment:
            return "the seed does not match its commitment sha256(seed)"
        contribution = self.client_seed_hex if self.chain_format >= FORMAT_2 else None
        if contribution is not None and (
            len(seed) <= SERVER_ENTROPY_BYTES or seed[SERVER_ENTROPY_BYTES:].hex() != contribution
        ):
            return "the seed does not end with the creator's contribution the header shows"
        return None


def combined_seed(server_entropy: bytes, client_part: bytes | None) -> bytes:
    """A format-2 seed: the server's secret entropy, then the creator's public contribution (if any)."""
    if len(server_entropy) != SERVER_ENTROPY_BYTES:
        raise ValueError(f"the server's entropy is {SERVER_ENTROPY_BYTES} bytes, not {len(server_entropy)}")
    return server_entropy + (client_part or b"")


class Chain:
    """How the links of one game are hashed: its format, and (for format 2) the seed that salts them."""

    def __init__(self, chain_format: int, seed: bytes | None) -> None:
        if chain_format not in FORMATS:
            raise ChainError(f"unknown chain format {chain_format!r}; this build knows {sorted(FORMATS)}")
        self.format = chain_format
        self._seed = seed

    @staticmethod
    def of(fields: Mapping[str, Any], seed: bytes | None) -> Chain:
        return Chain(fields.get("chain_format") or FORMAT_1, seed)

    @property
    def salted(self) -> bool:
        return self.format >= FORMAT_2

    def salt(self, version: int) -> str:
        return self._salt(version).hex()

    def _salt(self, version: int) -> bytes:
        if self._seed is None:
            raise ChainError("format-2 links are salted from the seed, which this reader does not have")
        return hmac.digest(self._seed, f"playledger/chain/2/{version}".encode(), "sha256")

    def link(self, version: int, kind: str, fields: Mapping[str, Any], prev_hash: str) -> str:
        """The hash of a link with these fields."""
        if not self.salted:
            return codec.chain_hash({"version": version, "kind": kind, **fields, "prev_hash": prev_hash})
        return link_of_commitment(version, kind, _commitment(self._salt(version), fields), prev_hash)

    def commitment(self, version: int, fields: Mapping[str, Any]) -> str:
        return _commitment(self._salt(version), fields)

    def stored_link(self, event: Any) -> str:
        """The hash a stored link (EventRecorded, SeedRevealed, EndedByRuling) must have."""
        kind = type(event).__name__
        return self.link(event.originator_version, kind, fields_of(event), event.prev_hash)


def commitment(salt_hex: str, fields: Mapping[str, Any]) -> str:
    """Format 2: the salted commitment to a link's fields."""
    return _commitment(bytes.fromhex(salt_hex), fields)


def _commitment(salt: bytes, fields: Mapping[str, Any]) -> str:
    return hashlib.sha256(salt + codec.canonical_json(dict(fields)).encode()).hexdigest()


def link_of_commitment(version: int, kind: str, commitment_hex: str, prev_hash: str) -> str:
    """Format 2: a link's hash from its commitment, which anyone can check without the seed."""
    if type(version) is int and all(
        isinstance(t, str) and _PLAIN.fullmatch(t) for t in (kind, commitment_hex, prev_hash)
    ):
        # Its canonical JSON written out (keys sorted; these strings need no escaping): the audit hashes every link.
        text = (
            f'{{"chain":{FORMAT_2},"commitment":"{commitment_hex}","kind":"{kind}",'
            f'"prev_hash":"{prev_hash}","version":{version}}}'
        )
        return hashlib.sha256(text.encode()).hexdigest()
    body = {"chain": FORMAT_2, "version": version, "kind": kind, "commitment": commitment_hex, "prev_hash": prev_hash}
    return codec.chain_hash(body)


def fields_of(event: Any) -> dict[str, Any]:
    """The fields a stored link covers."""
    names = LINK_FIELDS[type(event).__name__]
    return dict(zip(names, _getter(names)(event), strict=True))


@cache
def _getter(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    """Every field of a link read at once (each kind covers several, so attrgetter returns a tuple)."""
    return attrgetter(*names)
