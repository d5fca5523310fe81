"""What a Baba Yaga game's record says about how its seats raced: read from an exported record (JSON Lines).

Per game: how it ended (a third spell, or the turn limit); for each bot searcher the gaps between its
consecutive search actions within a round; and who stepped the witch (the flyer, or the server's timeout).
Only the record is read, as an organizer would: no server state, no rules code.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEARCH_EVENTS = {"TileFlippedUp", "TileFlippedDown", "HouseLifted", "HouseReplaced", "LensMoved"}


@dataclass
class Race:
    game: str
    mode: str
    levels: dict[int, str]  # bot seats -> level (people absent)
    third_spell: bool  # ended by a third cast spell (BY-30), not by the turn limit
    winners: list[int]
    search_gaps_ms: list[int] = field(default_factory=list)  # bot searchers, consecutive actions in a round
    bot_steps: int = 0  # witch steps a bot flyer made itself
    auto_bot_steps: int = 0  # ... and the server's timeout made for a bot flyer
    person_steps: int = 0
    auto_person_steps: int = 0
    rounds: int = 0
    casts_found_s: list[float] = field(default_factory=list)  # seconds from reveal to a cast round's end


def read(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def race(lines: list[dict[str, Any]]) -> Race:
    header = lines[0]
    bots = {int(s): b["level"] for s, b in (header.get("bots") or {}).items()}
    events = [e for e in lines[1:] if e.get("kind") == "EventRecorded"]
    finished = next((e for e in events if e["name"] == "GameFinished"), None)
    reason = (finished or {}).get("data", {}).get("reason", "")
    out = Race(
        game=header["game"],
        mode=header["options"].get("mode", "R"),
        levels=bots,
        third_spell=reason == "third_spell",
        winners=list((finished or {}).get("data", {}).get("winners") or []),
    )
    last_search: int | None = None
    revealed_at: int | None = None
    seen_commands: set[tuple[str | None, int]] = set()
    for e in events:
        name, data = e["name"], e["data"]
        if name == "SpellRevealed":
            last_search, revealed_at = None, e["at_ms"]
            out.rounds += 1
        elif name == "RoundEnded":
            last_search = None
            if data.get("cast") and revealed_at is not None:
                out.casts_found_s.append((e["at_ms"] - revealed_at) / 1000)
        elif name in SEARCH_EVENTS and e["seat"] in bots:
            key = (e.get("request_id"), e["at_ms"])
            if key in seen_commands:  # one command's second event (a House lifted and a tile turned)
                continue
            seen_commands.add(key)
            if last_search is not None:
                out.search_gaps_ms.append(e["at_ms"] - last_search)
            last_search = e["at_ms"]
        elif name == "WitchStepped":
            flyer = data["seat"]
            if flyer in bots:
                out.bot_steps += 1
                out.auto_bot_steps += bool(data["auto"])
            else:
                out.person_steps += 1
                out.auto_person_steps += bool(data["auto"])
    return out
