"""Issue 33 F4: the attempts log keeps every refusal a client was answered, under any concurrency.

20 clients send 20 refused moves each to one game at once, over a real server process on each store. Before,
the log's optimistic save gave up after five tries and the refusal was answered anyway: 334 and 273 of 400
were kept on SQLite, 391 on PostgreSQL. Now every refusal answered is in ExportAttempts, and a refusal that
could not be kept is answered UNAVAILABLE (retried here with the same request id), never as refused.
"""

from __future__ import annotations

import json
import threading

import grpc
import pytest
from playledger_client import Client, PlayLedgerError

from tests.support.server import ServerProcess, free_port

pytestmark = pytest.mark.slow

ORGANIZER = "org-attempts"
CLIENTS, EACH = 20, 20


@pytest.fixture
def organized(store_url: str) -> ServerProcess:
    srv = ServerProcess(store_url, free_port(), args=("--organizer-token", ORGANIZER))
    srv.start()
    yield srv  # type: ignore[misc]
    srv.stop()


def test_twenty_clients_refused_twenty_times_each_all_kept(organized: ServerProcess) -> None:
    client = Client(organized.target)
    game, tokens = client.create_game("hare-and-tortoise", ["ann", "bob"])
    seat = client.join(tokens[0].token)
    refused: list[str] = []
    unavailable = 0
    lock = threading.Lock()

    def flood(n: int) -> None:
        nonlocal unavailable
        me = Client(organized.target, tokens[0].token)
        for i in range(EACH):
            request_id = f"c{n}-{i}"
            while True:
                try:
                    me.submit(game.name, "play_cards", {"cards": ["R-NOPE-99"]}, request_id=request_id)
                    raise AssertionError("an illegal move was accepted")
                except PlayLedgerError as error:
                    if error.code == grpc.StatusCode.UNAVAILABLE:  # not kept: the same request again
                        with lock:
                            unavailable += 1
                        continue
                    with lock:
                        refused.append(request_id)
                    break

    threads = [threading.Thread(target=flood, args=(n,)) for n in range(CLIENTS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=300)
    assert len(refused) == CLIENTS * EACH
    kept = [json.loads(line) for line in client.as_token(ORGANIZER).attempts(game.name)]
    kept_ids = [k["request_id"] for k in kept]
    assert sorted(kept_ids) == sorted(refused), f"{len(kept_ids)} of {len(refused)} refusals kept"
    assert seat.get_game(game.name).version == game.version  # an illegal move changes nothing
    print(f"{len(refused)} refused, {len(kept_ids)} kept, {unavailable} answered UNAVAILABLE and retried")
