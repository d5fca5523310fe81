"""AuditService over a real port (in-process server): ExportGame and VerifyGame for remote organizers."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from playledger_client import Client, PlayLedgerError

from bench.audit_bench import MIX, bot_game
from replay import records
from replay.verify import CHAIN, FULL, check_against, verify_record
from service.config import Settings
from service.server import Running, start
from tests.replay.conftest import start_unfinished

ORGANIZER = "organizer-secret"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    settings = Settings(
        store=f"sqlite:///{tmp_path / 'api.db'}", port=0, web_port=0, metrics_port=0, organizer_token=ORGANIZER
    )
    running = start(settings)
    yield running
    running.stop(0.5)


def test_the_organizer_exports_whole_records_and_has_games_re_run(server: Running) -> None:
    finished = bot_game(server.ledger, MIX[0], b"api finished")
    unfinished = start_unfinished(server.ledger)
    with Client(f"127.0.0.1:{server.port}", token=ORGANIZER, retries=1) as organizer:
        for game in (finished, unfinished):
            record = records.from_text("\n".join(organizer.export_game(f"games/{game}")))
            assert record.header["audience"] == "organizer" and record.complete
            verdict = verify_record(record)
            assert verdict.ok and verdict.scope == FULL, verdict.findings
            assert len(record.lines) + 1 == server.ledger.get_game(game).version

        reply = organizer.verify_game(f"games/{finished}")
        assert reply.ok and reply.finished and not reply.findings
        assert reply.name == f"games/{finished}" and reply.rules == MIX[0].rules
        assert reply.final_hash == server.ledger.get_game(finished).last_hash
        certificate = json.loads(reply.certificate_json)
        assert certificate["final_hash"] == reply.final_hash and certificate["verdict"] == "holds"
        assert list(reply.final_scores) == certificate["final_scores"]


def test_others_get_only_what_they_may_see_and_cannot_have_games_re_run(server: Running) -> None:
    finished = bot_game(server.ledger, MIX[0], b"api finished")
    created = server.ledger.create_game("hare-and-tortoise", ["ann", "bob"], {}, seed=b"live")
    game = f"games/{created.game_id}"
    target = f"127.0.0.1:{server.port}"
    with Client(target, retries=1) as spectator, Client(target, token=created.tokens[1], retries=1) as bob:
        public = records.from_text("\n".join(spectator.export_game(game)))
        assert public.header["audience"] == "public" and "seed_hex" not in public.header
        assert created.game.seed_hex not in "\n".join(records.dumps(public))
        assert verify_record(public).scope == CHAIN and verify_record(public).ok
        mine = records.from_text("\n".join(bob.export_game(game)))
        assert mine.header["audience"] == "seat 1" and not mine.complete
        assert check_against(server.ledger.stream(created.game_id), mine) == []

        whole = records.from_text("\n".join(spectator.export_game(f"games/{finished}")))
        assert whole.complete and verify_record(whole).ok  # a finished game's record is whole for anyone

        for caller in (spectator, bob):
            with pytest.raises(PlayLedgerError) as refused:
                caller.verify_game(game)
            assert refused.value.code == grpc.StatusCode.PERMISSION_DENIED
        with pytest.raises(PlayLedgerError) as missing:
            list(spectator.export_game("games/00000000-0000-0000-0000-000000000000"))
        assert missing.value.code == grpc.StatusCode.NOT_FOUND
        with pytest.raises(PlayLedgerError) as bad:
            list(spectator.export_game("nonsense"))  # games/nonsense: a name this server never issued
        assert bad.value.code == grpc.StatusCode.NOT_FOUND
        with Client(target, token="not-a-seat", retries=1) as stranger, pytest.raises(PlayLedgerError) as who:
            list(stranger.export_game(game))
        assert who.value.code == grpc.StatusCode.UNAUTHENTICATED


def test_a_remote_organizer_exports_with_the_cli_and_verifies_with_no_database(server: Running, tmp_path: Path) -> None:
    import subprocess

    from tests.replay.conftest import BIN, replay_cli

    game = bot_game(server.ledger, MIX[4], b"cli export")
    record = tmp_path / "game.jsonl"
    target = ["--server", f"127.0.0.1:{server.port}", "--token", ORGANIZER]
    cli = str(BIN / "playledger")
    done = subprocess.run(
        [cli, "export", f"games/{game}", *target, "--out", str(record)], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr
    audit = subprocess.run([cli, "audit", f"games/{game}", *target, "--json"], capture_output=True, text=True)
    assert audit.returncode == 0 and json.loads(audit.stdout)["ok"], audit.stdout + audit.stderr
    verified = replay_cli("verify", "--record", str(record))
    assert verified.returncode == 0 and f"ok       games/{game}" in verified.stdout
