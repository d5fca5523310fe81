"""Game records: export writes a self-contained record that verifies with no database, import loads it
into a store, and a record of an unfinished game holds nothing a seat must not see (unless the organizer's)."""

from __future__ import annotations

import json
import os
from pathlib import Path

from replay import records
from replay.records import ORGANIZER, PUBLIC, Audience
from replay.sources import open_store
from replay.verify import CHAIN, FULL, check_against, verify_record, verify_stream
from service.ledger import codec
from service.ledger.game import Game
from service.rules.catalog import rules_for
from tests.replay.conftest import Store, replay_cli


def no_database_env() -> dict[str, str]:
    """An environment whose default store cannot exist: verifying records must not need one."""
    return {**os.environ, "PLAYLEDGER_STORE": "postgresql://nobody@127.0.0.1:1/none"}


def test_records_of_every_game_type_verify_with_no_database(games_store: Store, tmp_path: Path) -> None:
    out = tmp_path / "records"
    done = replay_cli("export", "--store", games_store.url, "--all", "--out", str(out))
    assert done.returncode == 0, done.stderr
    files = sorted(out.glob("*.jsonl"))
    assert len(files) == len(games_store.every)

    done = replay_cli("verify", "--record", str(out), "--json", env=no_database_env())
    assert done.returncode == 0, done.stdout + done.stderr
    verdicts = [json.loads(line) for line in done.stdout.splitlines()]
    assert {v["game"] for v in verdicts} == {f"games/{g}" for g in games_store.every}
    assert {v["rules"] for v in verdicts} == {"hare-and-tortoise", "antics", "baba-yaga", "grasshopper-and-ant"} | {
        "atiwa"
    }
    by_game = {v["game"]: v for v in verdicts}
    assert by_game[f"games/{games_store.unfinished}"]["scope"] == CHAIN  # public record of an unfinished game
    for g in games_store.finished:
        assert by_game[f"games/{g}"]["scope"] == FULL and by_game[f"games/{g}"]["finished"]


def test_a_record_holds_the_header_and_every_event_with_its_command_time_and_hashes(games_store: Store) -> None:
    ledger = open_store(games_store.url)
    stored = ledger.stream(games_store.finished[0])
    ledger.close()
    record = records.export(stored, PUBLIC)
    h = record.header
    assert h["record"] == records.KIND and h["format"] == 3  # a game on chain format 2 (salted links)
    created = stored[0]
    assert h["game"] == f"games/{created.originator_id}"
    for key in ("rules_name", "rules_version", "rng_version", "players", "options", "seed_commitment", "seed_hex"):
        assert h[key] == getattr(created, key)
    assert "token_hashes" not in h  # only an organizer's export lets an imported game keep its seats
    assert h["finished"] and h["version"] == len(stored) and h["last_hash"] == stored[-1].hash
    assert len(record.lines) == len(stored) - 1
    for line, event in zip(record.lines, stored[1:], strict=True):
        assert line["version"] == event.originator_version and line["hash"] == event.hash
        if isinstance(event, Game.EventRecorded):
            assert (line["command"], line["request_id"], line["at_ms"], line["data"]) == (
                event.command,
                event.request_id,
                event.at_ms,
                event.data,
            )
    assert records.from_text("\n".join(records.dumps(record))).lines == record.lines


def test_an_unfinished_games_public_record_shows_only_what_a_spectator_may(games_store: Store) -> None:
    ledger = open_store(games_store.url)
    stored = ledger.stream(games_store.unfinished)
    ledger.close()
    created = stored[0]
    rules = rules_for(created.rules_name, created.rules_version)
    for audience in (PUBLIC, Audience(seat=1)):
        record = records.export(stored, audience)
        text = "\n".join(records.dumps(record))
        assert created.seed_hex not in text and "seed_hex" not in record.header
        assert "token_hashes" not in record.header
        assert not record.complete
        for line, event in zip(record.lines, stored[1:], strict=True):
            shown = rules.redact(codec.decode(rules.event_types, event.name, event.data), audience.seat)
            if shown is None:
                assert set(line) == {"version", "kind", "at", "hidden", "prev_hash", "hash"}
                continue
            assert line["data"] == codec.encode(shown)[1]  # exactly the redacted event, nothing more
            mine = event.command is None or event.seat == audience.seat
            assert ("command" in line) == mine and ("request_id" in line) == mine  # others' commands are withheld
        verdict = verify_record(record)
        assert verdict.ok and verdict.scope == CHAIN, verdict.findings
    # The hidden hands and bets really are hidden from the spectator: the setup line differs from the stored one.
    public = records.export(stored, PUBLIC)
    assert public.lines[0]["data"] != stored[1].data and public.lines[0]["redacted"]
    whole = records.export(stored, ORGANIZER)
    assert whole.complete and whole.header["seed_hex"] == created.seed_hex
    assert whole.header["token_hashes"] == created.token_hashes
    assert verify_record(whole).ok


def test_a_partial_record_is_a_commitment_the_whole_game_must_extend(games_store: Store) -> None:
    ledger = open_store(games_store.url)
    stored = ledger.stream(games_store.unfinished)
    ledger.close()
    spectator = records.export(stored, PUBLIC)
    assert check_against(stored, spectator) == []
    assert check_against(stored, records.export(stored, Audience(seat=2))) == []

    lied = records.from_text("\n".join(records.dumps(spectator)))
    played = next(line for line in lied.lines if line.get("name") == "CardsPlayed")
    played["data"] = {**played["data"], "cards": ["R-FOX-01"]}  # shows a move other than the one recorded
    found = check_against(stored, lied)
    assert found and found[0].version == played["version"]

    rewritten = records.from_text("\n".join(records.dumps(spectator)))
    rewritten.lines[-1]["hash"] = "0" * 64  # the history committed to differs from the game's
    assert check_against(stored, rewritten)[0].version == rewritten.lines[-1]["version"]


def test_partial_records_are_checked_as_a_chain(games_store: Store) -> None:
    ledger = open_store(games_store.url)
    stored = ledger.stream(games_store.unfinished)
    ledger.close()
    base = "\n".join(records.dumps(records.export(stored, PUBLIC)))

    broken = records.from_text(base)
    broken.lines[2]["prev_hash"] = "1" * 64
    assert {f.version for f in verify_record(broken).findings} == {broken.lines[2]["version"]}

    dropped = records.from_text(base)
    del dropped.lines[2]
    assert verify_record(dropped).findings[0].version == 4

    header = records.from_text(base)
    header.header["players"] = ["ann", "bob", "mallory"]  # the anchor covers the header
    assert verify_record(header).findings[0].version == 2


def test_a_changed_byte_in_a_record_is_found_and_named(games_store: Store, tmp_path: Path) -> None:
    game = games_store.finished[0]
    path = tmp_path / "game.jsonl"
    assert replay_cli("export", "--store", games_store.url, str(game), "--out", str(path)).returncode == 0
    lines = path.read_text().splitlines()
    n = next(n for n in range(12, len(lines)) if any(c.isdigit() for c in json.dumps(json.loads(lines[n])["data"])))
    line, text = json.loads(lines[n]), lines[n]
    start = text.index('"data":')
    i = next(i for i in range(start, len(text)) if text[i].isdigit())  # one byte of the event's data
    lines[n] = text[:i] + str((int(text[i]) + 1) % 10) + text[i + 1 :]
    path.write_text("\n".join(lines) + "\n")
    done = replay_cli("verify", "--record", str(path), env=no_database_env())
    assert done.returncode == 1
    assert f"DIVERGES games/{game}" in done.stdout
    assert f"at version {line['version']}:" in done.stdout


def test_import_loads_whole_records_and_refuses_partial_or_altered_ones(games_store: Store, tmp_path: Path) -> None:
    out = tmp_path / "records"
    assert replay_cli("export", "--store", games_store.url, "--all", "--out", str(out)).returncode == 0
    organizer = tmp_path / "organizer.jsonl"
    assert (
        replay_cli(
            "export", "--store", games_store.url, str(games_store.unfinished), "--organizer", "--out", str(organizer)
        ).returncode
        == 0
    )
    target = f"sqlite:///{tmp_path / 'imported.db'}"
    finished = [out / f"{g}.jsonl" for g in games_store.finished]
    done = replay_cli("import", "--store", target, *map(str, finished), str(organizer))
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("imported games/") == len(games_store.every)

    done = replay_cli("verify", "--store", target, "--all", "--json")
    assert done.returncode == 0, done.stdout
    assert len(done.stdout.splitlines()) == len(games_store.every)

    again = replay_cli("import", "--store", target, str(finished[0]))
    assert again.returncode == 0 and "already in the store" in again.stdout

    partial = replay_cli("import", "--store", target, str(out / f"{games_store.unfinished}.jsonl"))
    assert partial.returncode == 1 and "partial record" in partial.stderr

    lines = finished[1].read_text().splitlines()
    changed = json.loads(lines[5])
    changed["at_ms"] += 1
    lines[5] = json.dumps(changed)
    altered = tmp_path / "altered.jsonl"
    altered.write_text("\n".join(lines) + "\n")
    refused = replay_cli("import", "--store", f"sqlite:///{tmp_path / 'other.db'}", str(altered))
    assert refused.returncode == 1 and f"at version {changed['version']}" in refused.stderr

    # An imported unfinished game keeps its seats' token hashes: the same seats can go on playing it.
    ledger = open_store(target)
    assert ledger.stream(games_store.unfinished)[0].token_hashes
    assert verify_stream(games_store.unfinished, ledger.stream(games_store.unfinished)).ok
    ledger.close()


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    not_a_record = tmp_path / "x.jsonl"
    not_a_record.write_text('{"hello": 1}\n')
    assert replay_cli("verify", "--record", str(not_a_record)).returncode == 2
    assert replay_cli("verify", "--record", str(tmp_path / "missing.jsonl")).returncode == 2
    newer = tmp_path / "newer.jsonl"
    newer.write_text(json.dumps({"record": records.KIND, "format": 999}) + "\n")
    done = replay_cli("verify", "--record", str(newer))
    assert done.returncode == 2 and "newer playledger-replay" in done.stderr
    assert replay_cli("verify").returncode == 2


def test_a_damaged_or_cut_record_diverges(games_store: Store, tmp_path: Path) -> None:
    path = tmp_path / "game.jsonl"
    assert (
        replay_cli("export", "--store", games_store.url, str(games_store.finished[3]), "--out", str(path)).returncode
        == 0
    )
    lines = path.read_text().splitlines()

    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text("\n".join([*lines[:8], "{not json", *lines[9:]]) + "\n")
    done = replay_cli("verify", "--record", str(damaged))
    assert done.returncode == 1 and "at version 9: the record is damaged: line 9 is not JSON" in done.stdout

    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join(lines[:-5]) + "\n")  # the last events dropped, the header left as it was
    done = replay_cli("verify", "--record", str(cut))
    assert done.returncode == 1 and "the record's header says it ends at version" in done.stdout
