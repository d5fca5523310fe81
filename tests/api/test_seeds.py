"""Issue 33 F3: no caller can make a game's seed guessable from its public commitment, the organizer included.

Before, an organizer's 2-byte `seed_hex` was the whole seed: a spectator recovered it from sha256(seed) in at
most 65,536 hashes and re-dealt seat 0's hand. A whole seed now holds 32 bytes or more; anyone else's seed_hex
is only appended to the server's 32 secret bytes, as before.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from playledger_client import Client, PlayLedgerError

from service.config import Settings
from service.server import Running, start

ORGANIZER = "org-seeds"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    running = start(
        Settings(store=f"sqlite:///{tmp_path / 's.db'}", port=0, web_port=0, metrics_port=0, organizer_token=ORGANIZER)
    )
    yield running
    running.stop(0.5)


def test_an_organizers_short_whole_seed_is_refused_and_a_long_one_kept(server: Running) -> None:
    with Client(f"127.0.0.1:{server.port}", ORGANIZER, retries=1) as organizer:
        for short in ("beef", "ab" * 31):
            with pytest.raises(PlayLedgerError) as refused:
                organizer.create_game("hare-and-tortoise", ["ann", "bob"], seed_hex=short)
            assert refused.value.code == grpc.StatusCode.INVALID_ARGUMENT and refused.value.reason == "BAD_SEED"
            assert "at least 32 bytes" in refused.value.message
        whole = "5e" * 32
        game, _ = organizer.create_game("hare-and-tortoise", ["ann", "bob"], seed_hex=whole)
        assert game.seed_source == "client"
        assert game.seed_commitment == hashlib.sha256(bytes.fromhex(whole)).hexdigest()


def test_anyone_elses_short_seed_is_mixed_with_the_servers_secret(server: Running) -> None:
    with Client(f"127.0.0.1:{server.port}", retries=1) as anyone:
        game, _ = anyone.create_game("hare-and-tortoise", ["ann", "bob"], seed_hex="beef")
        assert game.seed_source == "server+client"
        guesses = {hashlib.sha256(n.to_bytes(2, "big")).hexdigest() for n in range(65_536)}
        assert game.seed_commitment not in guesses  # the brute force of F3 finds nothing
