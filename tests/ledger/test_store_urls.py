"""Store URLs -> the library's settings: one PostgreSQL host, or a primary with standbys (several hosts)."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

from service.ledger.store import StoreURLError, persistence_env


@pytest.fixture(autouse=True)
def _libpq_env() -> Iterator[None]:
    """persistence_env sets PGTARGETSESSIONATTRS for the process: each test starts without it and leaves none."""
    before = os.environ.pop("PGTARGETSESSIONATTRS", None)
    yield
    os.environ.pop("PGTARGETSESSIONATTRS", None)
    if before is not None:
        os.environ["PGTARGETSESSIONATTRS"] = before


def test_one_host_keeps_libpq_defaults() -> None:
    env = persistence_env("postgresql://ann:s%40crt@db.example:6543/games?pool_size=8")
    assert (env["POSTGRES_HOST"], env["POSTGRES_PORT"]) == ("db.example", "6543")
    assert (env["POSTGRES_USER"], env["POSTGRES_PASSWORD"], env["POSTGRES_POOL_SIZE"]) == ("ann", "s@crt", "8")
    assert "PGTARGETSESSIONATTRS" not in os.environ


def test_several_hosts_are_tried_in_order_and_only_a_primary_is_kept() -> None:
    env = persistence_env("postgresql://postgres@10.0.0.1:5432,10.0.0.2,[::1]:5433/games")
    assert env["POSTGRES_HOST"] == "10.0.0.1,10.0.0.2,::1"
    assert env["POSTGRES_PORT"] == "5432,5432,5433"
    assert os.environ["PGTARGETSESSIONATTRS"] == "read-write"


def test_target_session_attrs_may_be_named_and_is_checked() -> None:
    persistence_env("postgresql://postgres@h1:5432,h2:5432/games?target_session_attrs=primary")
    assert os.environ["PGTARGETSESSIONATTRS"] == "primary"
    with pytest.raises(StoreURLError, match="target_session_attrs='leader'"):
        persistence_env("postgresql://postgres@h1,h2/games?target_session_attrs=leader")
    with pytest.raises(StoreURLError, match="no valid port"):
        persistence_env("postgresql://postgres@h1:5432,h2:port/games")


def test_a_ledger_on_a_host_list_skips_a_host_that_is_down(postgres_url: str) -> None:
    """The first host has nothing listening (as after its primary died): the ledger works on the next."""
    from urllib.parse import urlparse

    from service.ledger.app import Ledger

    hosts = urlparse(postgres_url).netloc.rpartition("@")[2]
    down = "127.0.0.1:1"  # nothing listens on port 1 of the loopback: refused at once
    url = postgres_url.replace(f"@{hosts}/", f"@{down},{hosts}/", 1)
    assert f"@{down},{hosts}/" in url
    ledger = Ledger(persistence_env(url))
    try:
        created = ledger.create_game("hare-and-tortoise", ["ann", "bob"], seed=b"s")
        assert ledger.get_game(created.game_id).version == len(ledger.stream(created.game_id))
    finally:
        ledger.close()


def test_a_fenced_node_during_a_failover_is_an_outage_not_a_bug() -> None:
    """pg_auto_failover keeps a standby it promotes read-only until the old primary is demoted: a write that
    reaches it then is retried by the client (UNAVAILABLE), never answered UNKNOWN."""
    from eventsourcing.persistence import InternalError
    from psycopg.errors import ReadOnlySqlTransaction

    from service.ledger.store import store_trouble

    try:
        try:
            raise ReadOnlySqlTransaction("cannot execute INSERT in a read-only transaction")
        except ReadOnlySqlTransaction as e:
            raise InternalError(str(e)) from e
    except InternalError as wrapped:
        assert store_trouble(wrapped) == "down"
    assert store_trouble(InternalError("another store error")) == "error"
