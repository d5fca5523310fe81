"""Issue 35: take-backs over a real server. A seat offers to go back to the start of a recent move; every other
person accepts; play goes on from the game as it stood then. Recorded in the chain, re-derived by the audit, and
never over a random draw or a table created without them."""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from uuid import UUID

import grpc
import pytest
from click.testing import CliRunner
from playledger.v1 import games_pb2, games_pb2_grpc
from playledger_client import Client, PlayLedgerError, args_of

from clients import cli
from replay.records import from_text
from replay.report import game_markdown, game_report
from replay.timetravel import state_at
from replay.verify import verify_record, verify_stream
from service.config import Settings
from service.server import Running, start

ORGANIZER = "org-takebacks"
PLAYERS = ["ann", "bob", "cy"]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    running = start(
        Settings(store=f"sqlite:///{tmp_path / 's.db'}", port=0, web_port=0, metrics_port=0, audit_rate=0,
                 organizer_token=ORGANIZER)
    )  # fmt: skip
    yield running
    running.stop(0.5)


class Table:
    """An Antics! table (every event public but the bag's random draws) and its seats' stubs."""

    def __init__(self, server: Running, takebacks: bool = True, **create: Any) -> None:
        self.client = Client(f"127.0.0.1:{server.port}", retries=1)
        request = games_pb2.CreateGameRequest(
            rules="antics", players=PLAYERS, table=games_pb2.TablePolicy(takebacks=takebacks), **create
        )
        created = self.client._stub.CreateGame(request)
        self.game = created.game.name
        self.seats = {t.seat: self.client.join(t.token) for t in created.seat_tokens}
        channel = grpc.insecure_channel(f"127.0.0.1:{server.port}")
        self.stub = games_pb2_grpc.GameServiceStub(channel)
        self.tokens = {t.seat: t.token for t in created.seat_tokens}

    def call(self, seat: int | None, method: str, **fields: Any) -> Any:
        request = getattr(games_pb2, f"{method}Request")(game=self.game, **fields)
        meta = () if seat is None else (("authorization", f"Bearer {self.tokens[seat]}"),)
        return getattr(self.stub, method)(request, metadata=meta)

    def refused(self, seat: int | None, method: str, **fields: Any) -> PlayLedgerError:
        with pytest.raises(grpc.RpcError) as error:
            self.call(seat, method, **fields)
        return PlayLedgerError.from_rpc(error.value)

    def organizer(self) -> games_pb2.Game:
        return self.client.as_token(ORGANIZER).get_game(self.game)

    def move(self) -> int:
        """The seat to act plays its first legal command; returns that seat."""
        seat = self.organizer().status.to_act[0]
        command = self.seats[seat].legal_commands(self.game)[0]
        self.seats[seat].submit(self.game, command.command_type, args_of(command))
        return seat


def test_every_other_person_accepts_and_play_goes_on_from_then(server: Running) -> None:
    table = Table(server)
    mover = table.move()
    before = table.seats[mover].get_game(table.game)
    targets = list(before.takeback_targets)
    assert targets, "a move that showed nothing hidden and drew nothing can be taken back"
    to_version = targets[-1]
    then = table.client.as_token(ORGANIZER).get_game(table.game, version=to_version)
    table.move()
    others = [s for s in range(3) if s != mover]

    offered = table.call(mover, "OfferTakeback", to_version=to_version)
    assert not offered.taken_back
    assert (offered.game.takeback.seat, offered.game.takeback.to_version) == (mover, to_version)
    first = table.call(others[0], "AnswerTakeback", accept=True)
    assert not first.taken_back and sorted(first.game.takeback.accepted) == sorted([mover, others[0]])
    last = table.call(others[1], "AnswerTakeback", accept=True)
    assert last.taken_back and not last.game.HasField("takeback")

    now = table.organizer()
    assert now.view == then.view and list(now.status.to_act) == list(then.status.to_act)
    assert now.version > before.version  # recorded, not erased
    events = list(table.client.watch(table.game, before.version, timeout=1))  # a spectator sees them too
    assert [e.type for e in events[-4:]] == ["TakebackOffered", "TakebackAnswered", "TakebackAnswered", "TakenBack"]
    assert [e.seat for e in events[-4:-1]] == [mover, *others]

    table.move()  # play goes on from the state it went back to
    table.move()
    organizer = table.client.as_token(ORGANIZER)
    assert organizer.verify_game(table.game).ok
    record = from_text("\n".join(organizer.export_game(table.game)))
    assert record.header["format"] == 4
    verdict = verify_record(record)
    assert verdict.ok, verdict.findings
    report = game_markdown(game_report(record, verdict, {}))  # the replay's report shows the take-back
    assert f"takes back: the game as it stood at version {to_version}" in report
    assert "offers to take back" in report and "accepts the take-back" in report
    stored = server.ledger.stream(UUID(table.game[6:]))
    went_back = next(e.originator_version for e in stored if type(e).__name__ == "TakenBack")
    assert state_at(stored, went_back) == state_at(stored, to_version)  # time travel follows it too


def test_a_decline_or_a_move_ends_the_offer_and_nothing_goes_back(server: Running) -> None:
    table = Table(server)
    mover = table.move()
    target = list(table.seats[mover].get_game(table.game).takeback_targets)[-1]
    version = table.organizer().version
    others = [s for s in range(3) if s != mover]

    table.call(mover, "OfferTakeback", to_version=target)
    error = table.refused(others[0], "OfferTakeback", to_version=target)
    assert (error.code, error.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "TAKEBACK_PENDING")
    declined = table.call(others[0], "AnswerTakeback", accept=False)
    assert not declined.taken_back and not declined.game.HasField("takeback")
    assert table.organizer().version == version + 2  # the offer and the answer, nothing taken back

    table.call(mover, "OfferTakeback", to_version=target)
    table.move()  # the seat to act plays on: the offer is void
    assert not table.organizer().HasField("takeback")
    error = table.refused(others[1], "AnswerTakeback", accept=True)
    assert error.reason == "NO_TAKEBACK_OFFER"


def test_what_cannot_be_taken_back(server: Running) -> None:
    table = Table(server, takebacks=False)
    table.move()
    error = table.refused(0, "OfferTakeback", to_version=2)
    assert (error.code, error.reason) == (grpc.StatusCode.FAILED_PRECONDITION, "TAKEBACKS_OFF")

    table = Table(server)
    assert not table.seats[0].get_game(table.game).takeback_targets  # nothing yet: the deal is never undone
    error = table.refused(0, "OfferTakeback", to_version=1)
    assert error.reason == "TAKEBACK_NOT_POSSIBLE"
    mover = table.move()
    targets = list(table.seats[mover].get_game(table.game).takeback_targets)
    error = table.refused(mover, "OfferTakeback", to_version=targets[0] - 1)
    assert error.reason == "TAKEBACK_TOO_FAR" and str(targets[0]) in error.message
    assert table.refused(None, "OfferTakeback", to_version=targets[0]).reason == "NOT_A_PLAYER"

    bots = Table(server, bots=[games_pb2.BotSeat(seat=2, level="random")])
    assert bots.refused(0, "OfferTakeback", to_version=4).reason == "TAKEBACK_DECLINED"


def test_never_back_over_a_random_draw(server: Running) -> None:
    """A turn's end refills the display from the bag at random (TilesDrawn): it can never be undone, nor what
    came before it."""
    table = Table(server)
    ledger = server.ledger
    game_id = UUID(table.game[6:])
    for _ in range(60):
        game = ledger.get_game(game_id)
        drew = any(e.name == "TilesDrawn" for e in ledger.stream(game_id, game.version - 3)[-3:])
        if drew:
            break
        table.move()
    else:
        pytest.skip("no draw in 60 moves")
    stream = ledger.stream(game_id)
    draw_at = max(e.originator_version for e in stream if getattr(e, "name", "") == "TilesDrawn")
    mover = table.organizer().status.to_act[0]
    targets = list(table.seats[mover].get_game(table.game).takeback_targets)
    assert all(t >= draw_at for t in targets)


def test_clocks_read_again_what_they_read_then(server: Running) -> None:
    clock = games_pb2.TimeControl(budget_seconds=600, on_timeout="move")
    table = Table(server, time_control=clock)
    mover = table.move()
    target = list(table.seats[mover].get_game(table.game).takeback_targets)[-1]
    then = {
        c.seat: c.left_ms for c in table.client.as_token(ORGANIZER).get_game(table.game, version=target).status.clocks
    }
    time.sleep(0.3)
    table.move()
    time.sleep(0.3)
    assert {c.seat: c.left_ms for c in table.organizer().status.clocks} != then  # time ran
    table.call(mover, "OfferTakeback", to_version=target)
    for seat in range(3):
        if seat != mover:
            answer = table.call(seat, "AnswerTakeback", accept=True)
    assert answer.taken_back
    now = {c.seat: c.left_ms for c in table.organizer().status.clocks}
    assert now == then  # every seat's time back as it was, running again from the take-back
    assert table.client.as_token(ORGANIZER).verify_game(table.game).ok


def test_the_audit_finds_a_take_back_nobody_accepted(server: Running) -> None:
    """An organizer with the seed could write a chain that holds; the audit still re-derives who agreed."""
    table = Table(server)
    mover = table.move()
    target = list(table.seats[mover].get_game(table.game).takeback_targets)[-1]
    game_id = UUID(table.game[6:])
    game = server.ledger.get_game(game_id)
    game._chain(game.TakebackOffered, {"seat": mover, "to_version": target, "at_ms": game.last_at_ms})
    game._chain(game.TakenBack, {"to_version": target, "at_ms": game.last_at_ms})  # nobody else accepted
    forged = [*server.ledger.stream(game_id), *game.collect_events()]
    verdict = verify_stream(game_id, forged)
    assert not verdict.ok
    assert any("never accepted" in f.message for f in verdict.findings), verdict.findings


def test_the_cli_offers_and_accepts(server: Running, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PLAYLEDGER_HOME", str(tmp_path / "home"))
    address = ["--server", f"127.0.0.1:{server.port}"]

    def run(*args: str) -> str:
        result = CliRunner().invoke(cli.main, [*args, *address])
        assert result.exit_code == 0, result.output
        return result.output

    made = json.loads(run("new", "antics", "--players", "3", "--takebacks", "--spectators", "players", "--json"))
    game = made["game"]["name"]
    assert made["game"]["table"] == {"spectators": "SPECTATOR_POLICY_PLAYERS", "takebacks": True}
    mover = json.loads(run("show", game, "--as", "0", "--json"))["status"]["to_act"][0]
    run("do", game, "--pick", "0", "--as", str(mover))
    assert "you may offer to go back to version" in run("show", game, "--as", str(mover))
    assert "waiting for seats" in run("takeback", "offer", game, "--as", str(mover))
    others = [s for s in range(3) if s != mover]
    run("takeback", "accept", game, "--as", str(others[0]))
    assert "the game went back" in run("takeback", "accept", game, "--as", str(others[1]))
