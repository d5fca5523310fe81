"""Baba Yaga's real-time race over gRPC: the searcher's flips and the flyers' witch steps arrive at the same
time from separate clients; the ledger serializes them, the first-committed order is the game's truth, and
nothing is committed for the race after the command that ended the round (later ones get ROUND_OVER)."""

from __future__ import annotations

import json
import random
import subprocess
import threading
import time

import pytest
from playledger_client import Client, PlayLedgerError, args_of, to_dict

from tests.integration.conftest import BIN, ServerProcess

pytestmark = pytest.mark.slow

RACE = {
    "mode": "R",
    "first_step_delay_ms": 0,
    "witch_step_min_interval_ms": 15,
    "witch_step_timeout_ms": 400,
    "search_action_min_interval_ms": 5,
    "placement_timeout_ms": 2000,
    "reveal_timeout_ms": 2000,
    "decision_timeout_ms": 500,
    "max_turns": 2,
}
RACE_COMMANDS = {"flip_up", "flip_down", "lift_house", "replace_house", "move_lens", "step_witch", "end_search"}
# Reasons a race command may be refused while others race it; anything else is a bug.
EXPECTED_REFUSALS = {"TOO_SOON", "NOT_YOUR_MOVE", "ROUND_OVER", "WRONG_PHASE", "SAME_HAND", "GAME_OVER", "BLOCKED"}


def test_concurrent_flips_and_steps_follow_the_committed_order(server: ServerProcess) -> None:
    client = Client(server.target)
    game, tokens = client.create_game("baba-yaga", ["searcher?", "flyer?", "flyer?"], RACE)
    seats = {t.seat: client.as_token(t.token) for t in tokens}
    deadline = time.monotonic() + 30
    while (status := client.get_game(game.name).status).phase != "race":  # place the witch, reveal the spell
        assert time.monotonic() < deadline, f"never reached the race: {status}"
        for seat in status.to_act:
            legal = seats[seat].legal_commands(game.name)
            if legal:
                seats[seat].submit(game.name, legal[0].command_type, args_of(legal[0]))
                break
        else:
            time.sleep(0.01)

    acked: list[tuple[int, int, str, list[tuple[int, str]]]] = []  # (version, seat, command, [(version, type)])
    refused: list[tuple[int, str, str]] = []
    lock = threading.Lock()
    race_over = threading.Event()

    def racer(seat: int) -> None:
        rng = random.Random(seat)
        me = seats[seat]
        while not race_over.is_set():
            legal = [c for c in me.legal_commands(game.name) if c.command_type in RACE_COMMANDS - {"end_search"}]
            if not legal:
                time.sleep(0.002)
                if client.get_game(game.name).status.phase != "race":
                    race_over.set()
                continue
            choice = rng.choice(legal)
            try:
                done = me.submit(game.name, choice.command_type, args_of(choice))
            except PlayLedgerError as error:
                with lock:
                    refused.append((seat, choice.command_type, error.reason))
                continue
            with lock:
                acked.append((done.version, seat, choice.command_type, [(e.version, e.type) for e in done.events]))
            if any(e.type == "RoundEnded" for e in done.events) or done.status.phase != "race":
                race_over.set()

    threads = [threading.Thread(target=racer, args=(s,)) for s in seats]
    for t in threads:
        t.start()
    race_over.wait(timeout=60)
    for t in threads:
        t.join(timeout=30)
    assert race_over.is_set(), "the round never ended"

    organizer_stream = list(client.watch(game.name, 0, timeout=2.0))
    by_version = {e.version: e for e in organizer_stream}
    end = min(e.version for e in organizer_stream if e.type == "RoundEnded")

    searchers = {seat for _, seat, command, _ in acked if command.startswith(("flip", "lift", "replace"))}
    flyers = {seat for _, seat, command, _ in acked if command == "step_witch"}
    assert searchers and flyers, f"both sides must have raced: {acked}"
    assert len({v for v, *_ in acked}) == len(acked), "two acknowledged commands share a version"
    for _, seat, command, events in acked:
        # Every acknowledged command is in the store, as acknowledged, and none after the round's end.
        assert [(v, by_version[v].type) for v, _ in events] == events
        assert all(by_version[v].seat == seat for v, _ in events)
        assert events[0][0] <= end, f"{command} by seat {seat} was committed after the round ended"
    assert {reason for *_, reason in refused} <= EXPECTED_REFUSALS, refused

    # Re-running the recorded commands with their recorded server times gives the same events.
    audit = subprocess.run(
        [str(BIN / "playledger-replay"), "verify", *server.store_args, "--all", "--json"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert audit.returncode in (0, 1)
    verdicts = [json.loads(line) for line in audit.stdout.splitlines() if line.startswith("{")]
    assert verdicts and all(v["ok"] for v in verdicts), audit.stdout
    assert to_dict(client.get_game(game.name).view)  # the game is still readable after the race
