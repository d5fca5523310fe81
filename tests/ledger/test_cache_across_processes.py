"""Cached games across processes (two applications on one store, as two server processes).

A process's cached copy of a game falls behind when another process records a command. The store follower
(PostgreSQL) reports every commit: from then on the stale copy is never used (read or command) before it is
re-read. A command decided on a stale copy before the report arrives is caught by the store (the version is
taken), re-decided once on a fresh read, and recorded once.
"""

from __future__ import annotations

from typing import Any
from uuid import UUID

from service.ledger.app import Ledger
from service.ledger.observe import LedgerObserver
from service.ledger.store import persistence_env
from service.rules.hare_tortoise.messages import ChooseSecondBet
from service.runtime.follow import StoreFollower

PLAYERS = ["ann", "bob", "cy"]


class Conflicts(LedgerObserver):
    def __init__(self) -> None:
        self.retried = 0

    def conflict_retried(self, rules: str) -> None:
        self.retried += 1


def _bet(ledger: Ledger, game_id: UUID, seat: int) -> Any:
    return ChooseSecondBet(card=ledger.get_game(game_id).state.hands[seat][0])


def test_a_game_recorded_elsewhere_is_not_used_from_the_cache_until_re_read(store_url: str) -> None:
    a, b = Ledger(persistence_env(store_url)), Ledger(persistence_env(store_url))
    heard: list[tuple[UUID, int]] = []
    b.add_listener(lambda game, version: heard.append((game, version)))
    try:
        game_id = a.create_game("hare-and-tortoise", PLAYERS, seed=b"s").game_id
        v = b.get_game(game_id).version  # b caches it
        done = a.submit(game_id, 0, _bet(a, game_id, 0), "a0")
        stale = b.peek(game_id)
        assert stale is not None and stale.version == v  # b has not heard yet: its copy is one behind

        assert b.recorded_elsewhere(game_id, done.version)  # what b's store follower reports
        assert b.peek(game_id) is None  # the stale copy is not handed out any more
        assert heard == [(game_id, done.version)]  # the duties (scheduler, bots) hear of it
        assert b.get_game(game_id).version == done.version
        fresh = b.peek(game_id)
        assert fresh is not None and fresh.version == done.version
        assert not b.recorded_elsewhere(game_id, done.version)  # old news now
        assert not a.recorded_elsewhere(game_id, done.version)  # a's own save: a's copy is that version
    finally:
        a.close()
        b.close()


def test_a_command_decided_on_a_stale_copy_is_re_decided_once_and_recorded_once(store_url: str) -> None:
    a, b = Ledger(persistence_env(store_url)), Ledger(persistence_env(store_url))
    conflicts = Conflicts()
    b.observer = conflicts
    try:
        game_id = a.create_game("hare-and-tortoise", PLAYERS, seed=b"s").game_id
        v = b.get_game(game_id).version
        bet1 = _bet(a, game_id, 1)
        a.submit(game_id, 0, _bet(a, game_id, 0), "a0")  # b does not hear of it (no follower here)
        done = b.submit(game_id, 1, bet1, "b1")  # decided on b's copy at v: the store refuses, b re-reads
        assert conflicts.retried == 1
        assert done.version == v + 2
        stream = a.stream(game_id, after=v)
        assert [e.request_id for e in stream] == ["a0", "b1"]
        assert [e.originator_version for e in stream] == [v + 1, v + 2]
    finally:
        a.close()
        b.close()


def test_cached_reads_are_off_until_the_composition_root_trusts_the_cache(store_url: str) -> None:
    a, b = Ledger(persistence_env(store_url)), Ledger(persistence_env(store_url))
    try:
        game_id = a.create_game("hare-and-tortoise", PLAYERS, seed=b"s").game_id
        v = b.read_game(game_id).version  # b caches it
        a.submit(game_id, 0, _bet(a, game_id, 0), "a0")
        assert b.read_game(game_id).version == v + 1  # untrusted: a read goes to the store
        b.trust_cache(True)
        assert b.peek(game_id) is None  # trusting starts from an empty cache: what it held may be old
        assert b.read_game(game_id).version == v + 1
        assert b.read_game(game_id) is b.peek(game_id)  # now a read is the cached copy itself
    finally:
        a.close()
        b.close()


def test_reads_see_another_process_s_commit_at_once_even_with_a_follower(postgres_url: str) -> None:
    # Shared stores stay untrusted: a notification takes milliseconds, and a client that submitted through
    # one process and reads through another must see its own command at once.
    a, b = Ledger(persistence_env(postgres_url)), Ledger(persistence_env(postgres_url))
    follower = StoreFollower(b).start()
    try:
        game_id = a.create_game("hare-and-tortoise", PLAYERS, seed=b"s").game_id
        v = b.read_game(game_id).version
        for n, seat in enumerate((0, 1, 2), start=1):
            a.submit(game_id, seat, _bet(a, game_id, seat), f"a{seat}")
            assert b.read_game(game_id).version == v + n  # no wait for the follower
        assert not b.cache_trusted
    finally:
        follower.stop()
        a.close()
        b.close()
