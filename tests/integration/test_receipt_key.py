"""Issue 37: one receipt key per deployment. A `--processes 2` server on PostgreSQL with no key flag answered two
public keys (each worker made its own for the run); now every process, a restart and a second server (a replica)
on the store answer one key, kept in the store, and receipts from both processes verify against it. Rotation
lists the retired key, so receipts it signed keep verifying."""

from __future__ import annotations

import subprocess
import uuid
from pathlib import Path

import grpc
import pytest
from cryptography.hazmat.primitives import serialization
from playledger.v1 import audit_pb2, audit_pb2_grpc, games_pb2

from bench.harness import BIN, ServerProc
from replay import receipts
from tests.integration.test_processes import pin_workers

pytestmark = [pytest.mark.slow, pytest.mark.postgres]


def _key(channel: grpc.Channel) -> audit_pb2.GetReceiptKeyResponse:
    answer: audit_pb2.GetReceiptKeyResponse = audit_pb2_grpc.AuditServiceStub(channel).GetReceiptKey(
        audit_pb2.GetReceiptKeyRequest(), timeout=20
    )
    return answer


def test_every_process_restart_and_replica_signs_with_one_key(postgres_url: str, tmp_path: Path) -> None:
    server = ServerProc(postgres_url, tmp_path / "a.log", ("--processes", "2"))
    server.start()
    workers = pin_workers(server.target, 2)
    keys = {_key(w.channel).key_id for w in workers}
    assert len(keys) == 1, f"two processes, {len(keys)} receipt keys: {keys}"
    answer = _key(workers[0].channel)
    public = serialization.load_pem_public_key(answer.public_key_pem.encode())
    created = workers[0].games.CreateGame(games_pb2.CreateGameRequest(rules="hare-and-tortoise", players=["a", "b"]))
    for seat, worker in enumerate(workers):  # a command through each process (a seat each), each with a receipt
        auth = (("authorization", f"Bearer {created.seat_tokens[seat].token}"),)
        legal = worker.games.ListLegalCommands(
            games_pb2.ListLegalCommandsRequest(game=created.game.name), metadata=auth
        )
        request = games_pb2.SubmitCommandRequest(
            game=created.game.name, command_type=legal.commands[0].command_type, request_id=uuid.uuid4().hex
        )
        request.args.CopyFrom(legal.commands[0].args)
        done = worker.games.SubmitCommand(request, metadata=auth, timeout=20)
        signed = {"payload": done.receipt.payload, "signature": done.receipt.signature}
        problems, _, _ = receipts.check(signed, public)  # type: ignore[arg-type]
        assert problems == [], problems
    for w in workers:
        w.channel.close()
    server.stop()

    replica = ServerProc(postgres_url, tmp_path / "b.log", ("--processes", "1"))
    replica.start()
    with grpc.insecure_channel(replica.target) as channel:
        assert _key(channel).key_id == answer.key_id, "a restart or a replica signs with another key"
    replica.stop()

    rotated = subprocess.run(
        [str(BIN / "playledger-server"), "rotate-receipt-key", "--store", postgres_url],
        capture_output=True, text=True, timeout=60, check=True,
    )  # fmt: skip
    assert answer.key_id in rotated.stdout
    again = ServerProc(postgres_url, tmp_path / "c.log", ("--processes", "1"))
    again.start()
    with grpc.insecure_channel(again.target) as channel:
        now = _key(channel)
    again.stop()
    assert now.key_id != answer.key_id
    assert [k.key_id for k in now.previous] == [answer.key_id]  # old receipts still verify against it
