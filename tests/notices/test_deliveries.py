"""Issue 35: your-turn webhooks over a real server. A seat with a webhook is POSTed, signed with its secret, when
it becomes to act in a game with a clock of a minute or more, and only then; the body is that seat's own view
and never another seat's hidden cards; failures are retried, a stalled receiver holds up nobody else, and a
removed webhook gets nothing more."""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from pathlib import Path

import pytest
from playledger_client import Client, SeatWebhooks, to_dict, verify_notice
from prometheus_client import REGISTRY

from service.config import Settings
from service.runtime import notices
from service.server import Running, start
from tests.notices.conftest import FAST, bets, idle, opening, play, serve, table
from tests.notices.receiver import Receiver


def _hooks(seats: list[Client], game: str, receiver: Receiver) -> list[str]:
    """Each seat's webhook at /seat<N>; their secrets."""
    return [SeatWebhooks(s).set(game, f"{receiver.url}/seat{n}").secret for n, s in enumerate(seats)]


def test_the_seat_to_act_gets_its_own_view_signed_with_its_secret(
    server: Running, client: Client, receiver: Receiver
) -> None:
    game, seats = table(client, move_seconds=60)
    secrets = _hooks(seats, game, receiver)
    first = bets(seats, game)
    for seat, since in ((first, 4), (1 - first, 7)):
        (notice,) = receiver.wait_for(f"/seat{seat}")
        body = notice.json()
        assert (body["game"], body["seat"], body["version"], body["type"]) == (game, seat, since, "your_turn")
        assert body["to_act"] == [seat] and body["rules"] == "hare-and-tortoise" and body["deadline_ms"] > 0
        # The signature is HMAC-SHA256 of "<timestamp>.<body>" with the secret SetSeatWebhook returned.
        headers = {k.lower(): v for k, v in notice.headers.items()}
        stamp, signed = headers["x-playledger-timestamp"], headers["x-playledger-signature"]
        mac = hmac.new(secrets[seat].encode(), stamp.encode() + b"." + notice.body, hashlib.sha256)
        assert signed == "sha256=" + mac.hexdigest()
        assert verify_notice(secrets[seat], notice.body, signed, stamp)
        assert not verify_notice(secrets[1 - seat], notice.body, signed, stamp)
        assert not verify_notice(secrets[seat], notice.body + b" ", signed, stamp)
        assert not verify_notice(secrets[seat], notice.body, signed, stamp, now=int(stamp) + 301)  # a replay
        assert headers["x-playledger-delivery"] == body["delivery"]
        assert abs(int(stamp) - time.time()) < 60
        # The seat's own view, as GetGame shows it to that seat; not the other seat's (its hand is private).
        own = to_dict(seats[seat].get_game(game, version=body["game_version"]).view)
        theirs = to_dict(seats[1 - seat].get_game(game, version=body["game_version"]).view)
        assert body["view"] == own and own["seat"] == seat and "hand" in own
        assert body["view"] != theirs and theirs["seat"] == 1 - seat
        assert json.dumps(body).count('"hand"') == 1 and "seed" not in json.dumps(body)
        if seat == first:
            play(seats, game, first)  # now the other's turn
    idle(server)
    assert len(receiver.received) == 2  # one notice per turn: ann's bet at version 3 began no turn


def test_no_notice_without_a_clock_of_a_minute(server: Running, client: Client, receiver: Receiver) -> None:
    for clock in ({}, {"move_seconds": 30}, {"budget_seconds": 45}):
        game, seats = table(client, **clock)
        _hooks(seats, game, receiver)
        opening(seats, game)
        assert SeatWebhooks(seats[0]).get(game).active is False  # type: ignore[union-attr]
    idle(server)
    assert receiver.received == []
    # A chess clock of two minutes a seat is slow enough: a notice comes.
    game, seats = table(client, budget_seconds=120)
    _hooks(seats, game, receiver)
    first = bets(seats, game)
    assert receiver.wait_for(f"/seat{first}")[0].json()["game"] == game


def test_a_failed_delivery_is_tried_again_with_the_same_id(server: Running, client: Client, receiver: Receiver) -> None:
    retries = REGISTRY.get_sample_value("playledger_webhook_retries_total") or 0.0
    delivered = REGISTRY.get_sample_value("playledger_webhook_deliveries_total", {"outcome": "delivered"}) or 0.0
    game, seats = table(client, move_seconds=60)
    receiver.answers = {"/seat0": [500, 503], "/seat1": [500, 503]}
    _hooks(seats, game, receiver)
    waiting = 1 - opening(seats, game)  # to act from version 7 on
    tries = receiver.wait_for(f"/seat{waiting}", 3)
    assert len({t.headers["X-PlayLedger-Delivery"] for t in tries}) == 1
    assert [t.body for t in tries] == [tries[0].body] * 3
    assert [t.json()["version"] for t in tries] == [7] * 3
    idle(server)
    assert len(receiver.at(f"/seat{waiting}")) == 3  # answered 200 the third time: no fourth
    assert (REGISTRY.get_sample_value("playledger_webhook_retries_total") or 0) - retries >= 2
    after = REGISTRY.get_sample_value("playledger_webhook_deliveries_total", {"outcome": "delivered"}) or 0.0
    assert after - delivered >= 1


def test_a_receiver_that_never_answers_holds_up_nobody_else(
    server: Running, client: Client, receiver: Receiver
) -> None:
    stalled = Receiver()
    stalled.hang = {"/seat0", "/seat1"}
    try:
        for _ in range(3):  # three notices to one stalled receiver, as many as there are senders
            game, seats = table(client, move_seconds=60)
            _hooks(seats, game, stalled)
            play(seats, game, 0)
            play(seats, game, 1)  # the first player's turn begins
        first_stalled = stalled.wait_for(None, 2)[0]
        game, seats = table(client, move_seconds=60)
        _hooks(seats, game, receiver)
        (notice,) = receiver.wait_for(f"/seat{bets(seats, game)}")
        # Delivered while the stalled receiver still held its tries (each waits FAST.timeout_s for an answer) ...
        assert notice.at - first_stalled.at < FAST.timeout_s
        # ... which were two at most: the third notice to it waited for a free slot, not a sender.
        assert len([r for r in stalled.received if r.at < notice.at]) == 2
    finally:
        stalled.close()


def test_a_removed_webhook_gets_nothing_more(server: Running, client: Client, receiver: Receiver) -> None:
    cancelled = REGISTRY.get_sample_value("playledger_webhook_deliveries_total", {"outcome": "cancelled"}) or 0.0
    game, seats = table(client, move_seconds=60)
    receiver.answers = {"/seat0": [500] * 10, "/seat1": [500] * 10}
    receiver.held = {"/seat0", "/seat1"}  # the first try is answered (500) only once the webhooks are removed
    _hooks(seats, game, receiver)
    first = bets(seats, game)
    receiver.wait_for(f"/seat{first}")
    assert SeatWebhooks(seats[first]).delete(game) is True
    assert SeatWebhooks(seats[1 - first]).delete(game) is True
    receiver.release()
    idle(server)
    assert len(receiver.at(f"/seat{first}")) == 1  # its retry found the webhook gone
    after = REGISTRY.get_sample_value("playledger_webhook_deliveries_total", {"outcome": "cancelled"}) or 0.0
    assert after - cancelled == 1
    play(seats, game, first)  # the other's turn: nothing is sent
    play(seats, game, 1 - first)  # the first player's turn again: nothing is sent
    idle(server)
    assert len(receiver.at(f"/seat{first}")) == 1 and receiver.at(f"/seat{1 - first}") == []


def test_a_restart_announces_the_turn_in_progress_again_under_the_same_id(
    receiver: Receiver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Notices live in memory: a server that starts (or takes over the duties) announces the turns in progress
    again, and the receiver recognises them by their delivery id."""
    monkeypatch.setattr(notices, "POLICY", FAST)
    server = serve(tmp_path)
    with Client(f"127.0.0.1:{server.port}", retries=1) as client:
        game, seats = table(client, move_seconds=60)
        _hooks(seats, game, receiver)
        first = bets(seats, game)
        receiver.wait_for(f"/seat{first}")
        play(seats, game, first)
    (before,) = receiver.wait_for(f"/seat{1 - first}")
    idle(server)
    server.stop(0.5)
    again = serve(tmp_path)  # the same store
    try:
        _, after = receiver.wait_for(f"/seat{1 - first}", 2)
        assert after.headers["X-PlayLedger-Delivery"] == before.headers["X-PlayLedger-Delivery"]
        assert after.json()["version"] == before.json()["version"] == 7
        idle(again)
        assert len(receiver.at(f"/seat{first}")) == 1  # its turn is over: not announced again
    finally:
        again.stop(0.5)


def test_a_turn_under_way_when_the_webhook_is_set_is_not_announced_even_after_a_restart(
    receiver: Receiver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Whether a turn is announced depends on the record (did it begin after the webhook was set?), not on when
    some process first folded the game: a restart announces no turn its predecessor rightly skipped."""
    monkeypatch.setattr(notices, "POLICY", FAST)
    server = serve(tmp_path)
    with Client(f"127.0.0.1:{server.port}", retries=1) as client:
        game, seats = table(client, move_seconds=60)
        first = bets(seats, game)  # the first player's turn began at version 4 ...
        _hooks(seats, game, receiver)  # ... before this
    idle(server)
    server.stop(0.5)
    again = serve(tmp_path)  # folds the game afresh, the webhooks already set
    try:
        with Client(f"127.0.0.1:{again.port}", retries=1) as client:
            seats = [client.join(str(s.token)) for s in seats]
            idle(again)
            assert receiver.received == []
            play(seats, game, first)  # the other's turn begins now, after the webhooks were set
            assert receiver.wait_for(f"/seat{1 - first}")[0].json()["version"] == 7
            idle(again)
            assert receiver.at(f"/seat{first}") == []
    finally:
        again.stop(0.5)


def test_a_notice_whose_turn_is_over_is_not_tried_again(server: Running, client: Client, receiver: Receiver) -> None:
    superseded = REGISTRY.get_sample_value("playledger_webhook_deliveries_total", {"outcome": "superseded"}) or 0.0
    game, seats = table(client, move_seconds=60)
    receiver.answers = {"/seat0": [500] * 10, "/seat1": [500] * 10}
    receiver.held = {"/seat0", "/seat1"}
    _hooks(seats, game, receiver)
    first = opening(seats, game)
    receiver.wait_for(f"/seat{1 - first}")
    play(seats, game, 1 - first)  # the seat moves (through another client) while its notice waits for a retry
    receiver.release()
    idle(server)
    assert len(receiver.at(f"/seat{1 - first}")) == 1
    # The first player's notice of version 4 (held too) is not tried again either, though the seat is to act
    # again: its new turn (version 10) has notices of its own.
    versions = [r.json()["version"] for r in receiver.at(f"/seat{first}")]
    assert versions.count(4) == 1 and set(versions) == {4, 10}
    after = REGISTRY.get_sample_value("playledger_webhook_deliveries_total", {"outcome": "superseded"}) or 0.0
    assert after - superseded >= 1


@pytest.mark.postgres
def test_notices_on_postgresql(receiver: Receiver, postgres_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same on PostgreSQL, where the process holding the store's lock runs the duties and a webhook set through
    any process is read from the store."""
    monkeypatch.setattr(notices, "POLICY", FAST)
    server = start(Settings(store=postgres_url, port=0, web_port=0, metrics_port=0, audit_rate=0))
    try:
        with Client(f"127.0.0.1:{server.port}", retries=1) as client:
            game, seats = table(client, budget_seconds=300)
            secrets = _hooks(seats, game, receiver)
            first = bets(seats, game)
            (notice,) = receiver.wait_for(f"/seat{first}")
            stamp, signed = notice.headers["X-PlayLedger-Timestamp"], notice.headers["X-PlayLedger-Signature"]
            assert verify_notice(secrets[first], notice.body, signed, stamp)
            body = notice.json()
            assert body["view"] == to_dict(seats[first].get_game(game, version=body["game_version"]).view)
            assert SeatWebhooks(seats[first]).delete(game) is True
            play(seats, game, first)
            receiver.wait_for(f"/seat{1 - first}")
            play(seats, game, 1 - first)
            idle(server)
            assert len(receiver.at(f"/seat{first}")) == 1
    finally:
        server.stop(0.5)
