"""Time travel ("I never saw that card"), diffs between versions, and the HTML/Markdown/JSON reports."""

from __future__ import annotations

import json
import re
from pathlib import Path

from replay import timetravel
from replay.sources import open_store
from tests.replay.conftest import Store, replay_cli


def test_show_prints_exactly_the_view_a_seat_had_at_a_version(games_store: Store) -> None:
    ledger = open_store(games_store.url)
    game = games_store.unfinished
    assert game is not None
    stored = ledger.stream(game)
    version = 5
    past = ledger.game_at(game, version)
    ledger.close()
    rules = past.rules
    for seat in (0, 2, None):
        args = ["show", "--store", games_store.url, str(game), "--at", str(version)]
        done = replay_cli(*args, *(["--as", str(seat)] if seat is not None else []))
        assert done.returncode == 0, done.stderr
        shown = json.loads(done.stdout)
        assert shown["version"] == version and shown["seat"] == seat
        assert shown["view"] == json.loads(json.dumps(rules.view(past.state, seat)))  # what the client was shown
    # Seat 0 sees its own bets and hand; another seat's view of the same moment does not hold them.
    mine = timetravel.moment(stored, version, 0).view
    theirs = timetravel.moment(stored, version, 1).view
    assert mine != theirs
    assert json.dumps(mine["hand"]) not in json.dumps(theirs)

    text = replay_cli("show", "--store", games_store.url, str(game), "--at", "3", "--as", "1", "--text")
    assert text.returncode == 0
    assert "at version 3 of" in text.stdout and "as seat 1 (bob) saw it" in text.stdout and "view:" in text.stdout


def test_the_event_at_a_version_is_shown_as_that_seat_saw_it(games_store: Store) -> None:
    ledger = open_store(games_store.url)
    stored = ledger.stream(games_store.unfinished)
    ledger.close()
    bet = next(e for e in stored[1:] if e.name == "SecondBetChosen" and e.seat == 0)
    own = timetravel.moment(stored, bet.originator_version, 0).event
    other = timetravel.moment(stored, bet.originator_version, 1).event
    assert own is not None and other is not None
    assert own["data"] == bet.data  # seat 0 saw its own bet
    assert other["data"]["card"] != bet.data["card"]  # seat 1 did not


def test_diff_lists_what_changed_in_a_view_and_the_events_between(games_store: Store) -> None:
    game = str(games_store.unfinished)
    done = replay_cli("diff", "--store", games_store.url, game, "--from", "2", "--to", "6", "--as", "0")
    assert done.returncode == 0, done.stderr
    d = json.loads(done.stdout)
    assert [e["version"] for e in d["events"]] == [3, 4, 5, 6]
    assert d["changes"] and all({"path", "change"} <= set(c) for c in d["changes"])
    text = replay_cli("diff", "--store", games_store.url, game, "--from", "2", "--to", "6", "--text")
    assert text.returncode == 0 and "events in between:" in text.stdout and "~ " in text.stdout


def test_time_travel_usage_errors_exit_2(games_store: Store, tmp_path: Path) -> None:
    game = str(games_store.unfinished)
    assert replay_cli("show", "--store", games_store.url, game, "--at", "999").returncode == 2
    assert replay_cli("show", "--store", games_store.url, game, "--as", "7").returncode == 2
    public = tmp_path / "public.jsonl"
    assert replay_cli("export", "--store", games_store.url, game, "--out", str(public)).returncode == 0
    done = replay_cli("show", "--record", str(public), "--at", "3")
    assert done.returncode == 2 and "partial record" in done.stderr
    whole = tmp_path / "whole.jsonl"
    assert replay_cli("export", "--store", games_store.url, game, "--organizer", "--out", str(whole)).returncode == 0
    from_record = replay_cli("show", "--record", str(whole), "--at", "5", "--as", "0")
    from_store = replay_cli("show", "--store", games_store.url, game, "--at", "5", "--as", "0")
    assert json.loads(from_record.stdout) == json.loads(from_store.stdout)


def test_reports_are_self_contained_pages_with_charts(games_store: Store, tmp_path: Path) -> None:
    out = tmp_path / "report"
    done = replay_cli("report", "--store", games_store.url, "--all", "--out", str(out), "--title", "Spring Open")
    assert done.returncode == 0, done.stderr
    pages = sorted(out.glob("*.html"))
    assert len(pages) == len(games_store.every) + 1
    index = (out / "index.html").read_text()
    assert "Spring Open" in index and "<svg" in index
    for g in games_store.every:
        assert f'href="{g}.html"' in index
    page = (out / f"{games_store.finished[0]}.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and page.count("<svg") == 2  # score progression and final scores
    assert "<polyline" in page and "holds" in page and "certificate hash" in page
    # Opens offline: no script, no stylesheet or image fetched from anywhere.
    assert "<script" not in page and not re.search(r"(src|href)=\"https?:", page)
    assert "<link" not in page

    # An unfinished game's public page shows no hidden cards and says why the chart is missing.
    unfinished = (out / f"{games_store.unfinished}.html").read_text()
    assert "partial record" in unfinished

    md = tmp_path / "game.md"
    assert replay_cli("report", "--store", games_store.url, str(games_store.finished[2]), "--out", str(md), "--format",
                      "md").returncode == 0  # fmt: skip
    assert md.read_text().startswith("# ") and "| version |" in md.read_text()
    js = tmp_path / "game.json"
    assert replay_cli("report", "--store", games_store.url, str(games_store.finished[2]), "--out", str(js), "--format",
                      "json").returncode == 0  # fmt: skip
    data = json.loads(js.read_text())
    assert data["verdict"]["ok"] and data["score_progression"] and data["timeline"]
