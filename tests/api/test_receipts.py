"""Receipts settle "my move didn't register": every SubmitCommand answer is signed, refusals are kept aside."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import grpc
import pytest
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from playledger_client import Client, PlayLedgerError, args_of, receipt_json

from replay import receipts, records
from service.config import Settings
from service.ledger import signing
from service.server import Running, start

ORGANIZER = "organizer-secret"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    running = start(
        Settings(store=f"sqlite:///{tmp_path / 'r.db'}", port=0, web_port=0, metrics_port=0, organizer_token=ORGANIZER)
    )
    yield running
    running.stop(0.5)


def record_of(client: Client, game: str) -> records.GameRecord:
    return records.from_text("\n".join(client.as_token(ORGANIZER).export_game(game)))


def test_accepted_and_refused_answers_carry_receipts_that_check_against_the_record(
    server: Running, tmp_path: Path
) -> None:
    with Client(f"127.0.0.1:{server.port}", retries=1) as client:
        key_pem = client.receipt_key().public_key_pem
        key = signing.load_public_key(_write(tmp_path / "server.pub", key_pem))
        game, tokens = client.create_game("hare-and-tortoise", ["ann", "bob"])
        ann = client.join(tokens[0].token)
        move = ann.legal_commands(game.name)[0]
        accepted = ann.submit(game.name, move.command_type, args_of(move), request_id="ann-1")
        with pytest.raises(PlayLedgerError) as refused:
            ann.submit(game.name, "play_cards", {"cards": ["R-HARE-01"]}, request_id="ann-2")  # second bets first
        assert refused.value.code == grpc.StatusCode.FAILED_PRECONDITION and refused.value.receipt is not None
        record = record_of(client, game.name)
        attempts = [json.loads(line) for line in client.as_token(ORGANIZER).attempts(game.name)]

    ok, notes, facts = receipts.check(receipt_json(accepted.receipt), key, record, attempts)
    assert ok == [] and facts["outcome"] == "accepted" and facts["version"] == accepted.version, notes
    no, notes, facts = receipts.check(receipt_json(refused.value.receipt), key, record, attempts)
    assert no == [] and facts["outcome"] == "refused" and facts["reason"] == refused.value.reason, notes
    assert [a["request_id"] for a in attempts] == ["ann-2"] and attempts[0]["reason"] == refused.value.reason

    forged = receipt_json(refused.value.receipt)
    forged["payload"] = forged["payload"].replace('"refused"', '"accepted"')  # "but you told me it was accepted"
    problems, _, _ = receipts.check(forged, key, record, attempts)
    assert any("signature does not match" in p for p in problems)
    other = Ed25519PrivateKey.generate()
    assert receipts.check(receipt_json(accepted.receipt), other.public_key(), record)[0]  # not the server's key

    # The auditor's tool: exit 0 for the receipt of the accepted move, 1 for the forged one.
    (tmp_path / "ok.json").write_text(json.dumps(receipt_json(accepted.receipt)))
    (tmp_path / "forged.json").write_text(json.dumps(forged))
    records.write(record, tmp_path / "game.jsonl")
    cli = Path(sys.executable).parent / "playledger-replay"
    for name, code in (("ok.json", 0), ("forged.json", 1)):
        done = subprocess.run(
            [
                cli,
                "check-receipt",
                tmp_path / name,
                "--public-key",
                tmp_path / "server.pub",
                "--record",
                tmp_path / "game.jsonl",
            ],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == code, done.stdout + done.stderr


def test_a_repeated_request_is_receipted_with_the_version_it_first_reached(server: Running) -> None:
    with Client(f"127.0.0.1:{server.port}", retries=1) as client:
        game, tokens = client.create_game("hare-and-tortoise", ["ann", "bob"])
        ann, bob = client.join(tokens[0].token), client.join(tokens[1].token)
        move = ann.legal_commands(game.name)[0]
        first = ann.submit(game.name, move.command_type, args_of(move), request_id="same")
        other = bob.legal_commands(game.name)[0]
        bob.submit(game.name, other.command_type, args_of(other))  # the game moves on
        again = ann.submit(game.name, move.command_type, args_of(move), request_id="same")
    assert again.repeated and again.version == first.version
    assert json.loads(again.receipt.payload)["outcome"] == "repeated"


def test_the_attempts_log_is_the_organizers(server: Running) -> None:
    with Client(f"127.0.0.1:{server.port}", retries=1) as client:
        game, tokens = client.create_game("hare-and-tortoise", ["ann", "bob"])
        with pytest.raises(PlayLedgerError) as denied:
            list(client.join(tokens[0].token).attempts(game.name))
    assert denied.value.code == grpc.StatusCode.PERMISSION_DENIED


def _write(path: Path, text: str) -> Path:
    path.write_text(text)
    return path
