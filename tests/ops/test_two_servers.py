"""Horizontal scale on one machine: two server processes, one PostgreSQL, bots playing the same games through both.

Two bots race on every game, each acting for every seat and sending each command to the other server
than its last. Lost races are refused (FAILED_PRECONDITION) or re-decided on the server (a version
conflict between the processes, counted in playledger_version_conflicts_retried_total). Afterwards the
store must hold every acknowledged command exactly once, versions without gaps, and every game must
pass `playledger-replay verify`.
"""

from __future__ import annotations

import random
import subprocess
import threading
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import grpc
import pytest
from playledger_client import Client, PlayLedgerError, Token, args_of

from service.ledger.app import Ledger
from service.ledger.game import Game
from service.ledger.store import persistence_env
from tests.integration.conftest import BIN
from tests.ops.conftest import OpsServer
from tests.ops.test_live_server import value

pytestmark = [pytest.mark.slow, pytest.mark.postgres]

GAMES = 3
MAX_COMMANDS = 2000  # per bot: a bound, far above a hare-and-tortoise game's length
RACE_CODES = {grpc.StatusCode.FAILED_PRECONDITION, grpc.StatusCode.ABORTED}


@dataclass
class Acknowledged:
    game: str
    seat: int
    request_id: str
    version: int
    command_type: str
    args: dict[str, Any]


@dataclass
class Bot:
    name: str
    clients: list[Client]
    tokens: list[Token]
    seed: int
    acknowledged: list[Acknowledged] = field(default_factory=list)
    lost_races: int = 0
    error: BaseException | None = None

    def play(self) -> None:
        try:
            self._play()
        except BaseException as exc:  # reported by the test thread
            self.error = exc

    def _play(self) -> None:
        rng = random.Random(self.seed)
        game = self.tokens[0].game
        for n in range(MAX_COMMANDS):
            client = self.clients[n % 2]  # every command to the other server than the last one
            status = client.as_token(None).get_game(game).status
            if status.finished:
                return
            seat = rng.choice(list(status.to_act)) if status.to_act else None
            if seat is None:
                continue
            me = client.as_token(self.tokens[seat].token)
            legal = me.legal_commands(game)
            if not legal:
                continue
            choice = rng.choice(legal)
            request_id = f"{self.name}-{n}"
            try:
                response = me.submit(game, choice.command_type, args_of(choice), request_id=request_id)
            except PlayLedgerError as error:
                if error.code not in RACE_CODES:
                    raise
                self.lost_races += 1  # the other bot changed the game first
                continue
            self.acknowledged.append(
                Acknowledged(game, seat, request_id, response.version, choice.command_type, args_of(choice))
            )
        raise AssertionError(f"{game} did not finish within {MAX_COMMANDS} commands")


def test_two_servers_share_one_postgresql_without_losing_or_duplicating_events(
    postgres_url: str, tmp_path: Path
) -> None:
    servers = [
        OpsServer(postgres_url, tmp_path / f"server-{i}.log", ("--no-projections", "--log-level", "WARNING"))
        for i in range(2)
    ]
    for server in servers:
        server.start()
    try:
        clients = [Client(s.target) for s in servers]
        bots: list[Bot] = []
        for g in range(GAMES):
            _, tokens = clients[g % 2].create_game("hare-and-tortoise", [f"p{i}" for i in range(4)])
            for b in range(2):  # two bots race on the same game, starting on different servers
                order = clients if b == 0 else clients[::-1]
                bots.append(Bot(f"g{g}-bot{b}", list(order), tokens, seed=g * 10 + b))
        threads = [threading.Thread(target=bot.play) for bot in bots]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=600)
        for bot in bots:
            assert bot.error is None, f"{bot.name}: {bot.error!r}"

        # A retry of an acknowledged command through the *other* server returns the first result, recording nothing.
        first = bots[0].acknowledged[0]  # sent through server 0
        before = clients[0].as_token(None).get_game(first.game).version
        other = clients[1].as_token(bots[0].tokens[first.seat].token)
        again = other.submit(first.game, first.command_type, first.args, request_id=first.request_id)
        assert again.repeated and again.version == first.version  # the first answer, as first given
        assert clients[0].as_token(None).get_game(first.game).version == before

        acknowledged = [a for bot in bots for a in bot.acknowledged]
        texts = [s.metrics() for s in servers]
    finally:
        for server in servers:
            server.stop()

    ledger = Ledger({**persistence_env(postgres_url), "CREATE_TABLE": "n"}, cache_size=0)
    try:
        stored_requests: Counter[tuple[str, int | None, str]] = Counter()
        for game_id in ledger.all_game_ids():
            stream = ledger.stream(game_id)
            versions = [e.originator_version for e in stream]
            assert versions == list(range(1, len(stream) + 1)), f"games/{game_id}: versions have gaps or repeats"
            assert isinstance(stream[-1], Game.SeedRevealed), f"games/{game_id} did not finish"
            groups: list[str] = []
            for e in stream:
                if isinstance(e, Game.EventRecorded) and e.request_id and (not groups or groups[-1] != e.request_id):
                    groups.append(e.request_id)
                    stored_requests[(f"games/{game_id}", e.seat, e.request_id)] += 1
            assert len(groups) == len(set(groups)), f"games/{game_id}: a request's events are split or repeated"
    finally:
        ledger.close()
    duplicated = {k: n for k, n in stored_requests.items() if n > 1}
    assert not duplicated, f"recorded twice: {duplicated}"
    acked = {(a.game, a.seat, a.request_id) for a in acknowledged}
    players = {k for k in stored_requests if not k[2].startswith("auto@")}
    assert acked == players, f"lost: {sorted(acked - players)[:5]}, unacknowledged: {sorted(players - acked)[:5]}"

    accepted = sum(value(t, "playledger_commands_total", outcome="accepted") for t in texts)
    assert accepted == len(acknowledged)
    conflicts = sum(value(t, "playledger_version_conflicts_retried_total") for t in texts)
    lost = sum(bot.lost_races for bot in bots)
    print(
        f"\n{len(acknowledged)} commands through 2 servers: {lost} lost races, {conflicts:.0f} cross-process conflicts"
    )

    verified = subprocess.run(
        [str(BIN / "playledger-replay"), "verify", "--store", postgres_url, "--all"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert verified.returncode == 0, verified.stdout + verified.stderr
