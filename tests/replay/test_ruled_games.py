"""Games an arbiter ended (EndedByRuling) verify like any other: the chain, the moves re-decided with the
revealed seed, and the ruling itself; records of them are whole for anyone. Games recorded by an older build
(tests/replay/fixtures/pre_rulings) verify exactly as that build verified them."""

from __future__ import annotations

import dataclasses
import gzip
import io
import json
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from replay import records, timetravel
from replay.records import PUBLIC
from replay.verify import FULL, verify_record, verify_stream
from service.ledger import chain
from service.ledger.app import Ledger
from service.ledger.game import Game
from service.ledger.store import persistence_env
from service.projections import admin
from tests.projections.helpers import SHORT, play_to_end
from tests.replay.conftest import replay_cli
from tests.replay.old_store import PRE_RULINGS, PRE_RULINGS_TOURNAMENT, load_old_store


@pytest.fixture(scope="module")
def ruled(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, UUID]:
    """A Hare & Tortoise game four commands in, then forfeited by its second player."""
    url = f"sqlite:///{tmp_path_factory.mktemp('ruled') / 'ruled.db'}"
    ledger = Ledger(persistence_env(url))
    created = ledger.create_game("hare-and-tortoise", ["Ann", "Bob"], SHORT, player_ids=["p1", "p4"])
    play_to_end(ledger, created.game_id, seed="ruled", stop_after=4)
    game = ledger.get_game(created.game_id)
    game.end_by_ruling("forfeit", "did not show up", "arbiter Jane", 1_700_000_000_000, "t-1", "p4")
    ledger.save(game)
    ledger.close()
    return url, created.game_id


def stored_of(url: str, game_id: UUID) -> list[Any]:
    ledger = Ledger(persistence_env(url))
    try:
        return ledger.stream(game_id)
    finally:
        ledger.close()


def test_a_ruled_game_verifies_with_its_ruling_and_no_scores(ruled: tuple[str, UUID]) -> None:
    url, game_id = ruled
    verdict = verify_stream(game_id, stored_of(url, game_id))
    assert verdict.ok, verdict.findings
    assert verdict.scope == FULL and verdict.finished and verdict.scores == [] and verdict.winners == []
    assert verdict.ruling is not None
    assert (verdict.ruling["kind"], verdict.ruling["player"], verdict.ruling["seats"]) == ("forfeit", "p4", [1])
    admin.rebuild(persistence_env(url), ["games"], progress=False, grace=0)
    done = replay_cli("verify", "--store", url, f"games/{game_id}", "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    shown = json.loads(done.stdout)
    assert shown["ruling"]["reason"] == "did not show up" and shown["projection"] == "matches"


def test_the_public_record_of_a_ruled_game_is_whole_and_verifies_alone(ruled: tuple[str, UUID]) -> None:
    url, game_id = ruled
    record = records.export(stored_of(url, game_id), PUBLIC)
    assert record.complete and record.finished and record.header["format"] == 3  # chain format 2
    assert record.header["seed_hex"] and record.lines[-1]["kind"] == "EndedByRuling"
    assert record.lines[-1]["ruling"] == "forfeit"
    again = records.from_text("\n".join(records.dumps(record)))
    verdict = verify_record(again)
    assert verdict.ok and verdict.ruling is not None, verdict.findings


@pytest.mark.parametrize(
    ("change", "finding"),
    [
        ({"reason": "was late"}, "its hash does not match its content"),
        ({"ruling": "score_correction"}, "cannot end a game"),
        ({"seats": [0]}, "sits at [1]"),
        ({"seed_hex": "00" * 32}, "not the seed the game was created with"),
    ],
)
def test_a_doctored_ruling_is_found(ruled: tuple[str, UUID], change: dict[str, Any], finding: str) -> None:
    url, game_id = ruled
    stored = stored_of(url, game_id)
    end = stored[-1]
    fields = {k: getattr(end, k) for k in ("ruling", "reason", "actor", "tournament", "player", "seats", "at_ms")}
    fields |= {"seed_hex": end.seed_hex, **change}
    if "reason" not in change:  # re-hash, as a forger with the chain's recipe and the seed would: content checks remain
        hashing = chain.Chain(stored[0].chain_format, bytes.fromhex(stored[0].seed_hex))
        fields["hash"] = hashing.link(end.originator_version, "EndedByRuling", fields, end.prev_hash)
    forged = dataclasses.replace(end, **fields)
    verdict = verify_stream(game_id, [*stored[:-1], forged])
    assert not verdict.ok and any(finding in f.message for f in verdict.findings), verdict.findings


def test_a_ruling_after_the_rules_finished_the_game_is_a_divergence(tmp_path: Path) -> None:
    ledger = Ledger(persistence_env(f"sqlite:///{tmp_path / 'done.db'}"))
    created = ledger.create_game("hare-and-tortoise", ["Ann", "Bob"], SHORT)
    play_to_end(ledger, created.game_id, seed="done")
    stored = ledger.stream(created.game_id)
    ledger.close()
    reveal = stored[-1]
    assert isinstance(reveal, Game.SeedRevealed)
    fields = {
        "ruling": "forfeit",
        "reason": "x",
        "actor": "y",
        "tournament": None,
        "player": None,
        "seats": [],
        "at_ms": 1,
        "seed_hex": reveal.seed_hex,
    }
    hashing = chain.Chain(stored[0].chain_format, bytes.fromhex(stored[0].seed_hex))
    link = hashing.link(reveal.originator_version, "EndedByRuling", fields, reveal.prev_hash)
    forged = Game.EndedByRuling(
        originator_id=created.game_id,
        originator_version=reveal.originator_version,
        timestamp=reveal.timestamp,
        **fields,
        prev_hash=reveal.prev_hash,
        hash=link,
    )
    verdict = verify_stream(created.game_id, [*stored[:-1], forged])
    assert any("the rules had finished already" in f.message for f in verdict.findings), verdict.findings


def test_time_travel_shows_the_ruling_and_the_game_over(ruled: tuple[str, UUID]) -> None:
    url, game_id = ruled
    stored = stored_of(url, game_id)
    at_end = timetravel.moment(stored, None, None)
    assert at_end.status == {"phase": "ruled", "to_act": [], "finished": True}
    assert at_end.event is not None and at_end.event["name"] == "EndedByRuling"
    before = timetravel.moment(stored, stored[-2].originator_version, None)
    assert not before.status["finished"]


def test_games_of_an_older_build_verify_exactly_as_that_build_verified_them(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'old.db'}"
    load_old_store(url)
    done = replay_cli("verify", "--store", url, "--tournament", str(PRE_RULINGS_TOURNAMENT), "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    lines = [json.loads(line) for line in done.stdout.splitlines()]
    now = {v["game"]: v for v in lines if "game" in v}
    (tournament,) = [v for v in lines if "tournament" in v]  # the tournament's own verdict, new in this build
    assert tournament["ok"] and [(s["player_id"], s["points"]) for s in tournament["standings"]] == [
        ("p1", 2.0),
        ("p2", 1.0),
        ("p3", 1.0),
        ("p5", 1.0),
        ("p4", 1.0),
    ]
    then = {v["game"]: v for v in map(json.loads, (PRE_RULINGS / "verify.jsonl").read_text().splitlines())}
    assert set(now) == set(then)
    for game, old in then.items():
        assert now[game]["ruling"] is None  # the only field this build adds
        assert {k: v for k, v in now[game].items() if k != "ruling"} == old
    # Records exported by that build: the finished game's whole record, the forfeited game's public one.
    with gzip.open(PRE_RULINGS / "finished-game.jsonl.gz", "rt", encoding="utf-8") as fh:
        finished = records.parse(io.StringIO(fh.read()))
    assert finished.header["format"] == 1 and verify_record(finished).ok
    open_game = records.read(PRE_RULINGS / "open-game-public.jsonl")
    partial = verify_record(open_game)
    assert partial.ok and not partial.finished and partial.ruling is None
