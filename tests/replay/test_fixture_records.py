"""Records exported by earlier builds (tests/fixtures/records/v1, made by tests/fixtures/make_records.py)
still verify under this build: whole ones re-decide every command, partial ones hold as a chain and are
exactly what their audience saw of the organizer's whole record of the same moment.

A failure here means this build would tell an auditor that a genuine old game is forged: a rules change that
decides differently must bump the game's rules version and keep the old one loadable instead.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from replay import records
from replay.verify import CHAIN, FULL, check_against, verify_record
from tests.replay.conftest import replay_cli

V1 = Path(__file__).parents[1] / "fixtures" / "records" / "v1"
MANIFEST: dict[str, Any] = json.loads((V1 / "MANIFEST.json").read_text())
FILES: dict[str, dict[str, Any]] = MANIFEST["files"]
GAMES = ("hare-and-tortoise", "antics", "baba-yaga", "grasshopper-and-ant", "atiwa")


def test_v1_holds_every_listed_record_and_covers_every_game() -> None:
    on_disk = {p.name for p in V1.iterdir() if p.name != "MANIFEST.json"}
    assert on_disk == set(FILES), "a v1 record was added or lost: generations are never edited"
    for game in GAMES:
        mine = [f for f in FILES.values() if f["rules"] == game]
        assert sum(f["finished"] and f["whole"] for f in mine) >= 2, f"{game}: fewer than two finished games"
        assert any(not f["finished"] and not f["whole"] for f in mine), f"{game}: no partial record"


@pytest.mark.parametrize("name", sorted(FILES))
def test_v1_record_verifies(name: str) -> None:
    entry = FILES[name]
    path = V1 / name
    assert hashlib.sha256(path.read_bytes()).hexdigest() == entry["sha256"], f"{name} was altered"
    record = records.read(path)
    verdict = verify_record(record)
    assert verdict.ok, "\n".join(f"version {f.version}: {f.message}" for f in verdict.findings)
    assert (verdict.rules, verdict.events) == (entry["rules"], entry["events"])
    assert verdict.scope == (FULL if entry["whole"] else CHAIN)
    if entry["whole"]:
        assert verdict.finished == entry["finished"]


PARTIAL = sorted(n for n, f in FILES.items() if not f["whole"])


@pytest.mark.parametrize("name", PARTIAL)
def test_v1_partial_record_is_what_its_audience_saw_of_the_whole_game(name: str) -> None:
    """check_against re-redacts the whole events with this build's rules: redaction must not have changed."""
    game = FILES[name]["game"]
    (whole,) = [n for n, f in FILES.items() if f["game"] == game and f["audience"] == "organizer"]
    stored = records.to_events(records.read(V1 / whole))
    partial = records.read(V1 / name)
    assert any(line.get("redacted") or line.get("hidden") for line in partial.lines), "nothing was hidden"
    findings = check_against(stored, partial)
    assert not findings, "\n".join(f"version {f.version}: {f.message}" for f in findings)


def test_v1_records_verify_with_the_command_line_tool() -> None:
    done = replay_cli("verify", "--record", str(V1), "--json")
    assert done.returncode == 0, done.stdout + done.stderr
    verdicts = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(verdicts) == len(FILES) and all(v["ok"] for v in verdicts)
