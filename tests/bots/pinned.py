"""Bot choices pinned per policy version: what the build that introduced a version chose, kept as a fixture.

Replay re-derives every recorded bot move with the policy version recorded beside it, so a version's
choices must never change. `pinned.json` holds, for positions of seeded random games of every game,
the command each level chose at each version; test_policy_versions.py re-derives them with today's code.

    python -m tests.bots.pinned VERSION...   # add (never rewrite) the choices of these versions
"""

from __future__ import annotations

import json
import sys
from dataclasses import fields, is_dataclass
from pathlib import Path
from typing import Any

from service.bots.policies import Policy, choose
from service.rules.catalog import rules_for
from service.rules.core import AnyRules, Rng
from tests.support.playout import start

FIXTURE = Path(__file__).with_name("pinned.json")
GAMES: dict[str, tuple[int, dict[str, Any]]] = {  # name -> (seats, options)
    "hare-and-tortoise": (2, {}),
    "grasshopper-and-ant": (2, {}),
    "antics": (2, {"two_player_variant": True}),
    "baba-yaga": (3, {"mode": "T"}),
    "atiwa": (1, {}),
}
POSITIONS = 6  # positions per game, spread over one random game
BUDGET = 12  # small: the fixture pins the algorithm, not its strength
LEVELS = ("greedy", "search")


def canonical(value: Any) -> str:
    """A command as text that does not depend on the process (a frozenset of strings iterates by hash)."""
    if is_dataclass(value) and not isinstance(value, type):
        inner = ", ".join(f"{f.name}={canonical(getattr(value, f.name))}" for f in fields(value))
        return f"{type(value).__name__}({inner})"
    if isinstance(value, (set, frozenset)):
        return "{" + ", ".join(sorted(canonical(v) for v in value)) + "}"
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(canonical(v) for v in value) + ")"
    return repr(value)


def positions(rules: AnyRules, seats: int, options: dict[str, Any]) -> list[tuple[Any, int, int]]:
    """(state, seat, now_ms) where a seat has a real choice, from one seeded random game."""
    p = start(rules, seats, f"pinned|{rules.name}".encode(), options)
    found = []
    for n in range(3000):
        if rules.status(p.state).finished:
            break
        candidates = p.candidates()
        if not candidates:
            break
        seats_with_choices = [s for s in rules.status(p.state).to_act if len(rules.legal_commands(p.state, s)) > 1]
        if seats_with_choices:
            found.append((p.state, seats_with_choices[0], p.now_ms))
        seat, command = candidates[Rng(p.seed + b"|pick", n).below(len(candidates))]
        p.submit(seat, command)
        p.now_ms += 700
    step = max(1, len(found) // POSITIONS)
    return found[::step][:POSITIONS]


def choices(version: int) -> list[dict[str, Any]]:
    rows = []
    for name, (seats, options) in GAMES.items():
        rules = rules_for(name)
        for index, (state, seat, now_ms) in enumerate(positions(rules, seats, options)):
            for level in LEVELS:
                chosen = choose(rules, state, seat, Policy(level, BUDGET, version), Rng(b"pinned", index), now_ms)
                row = {"game": name, "position": index, "level": level, "version": version}
                rows.append(row | {"chose": canonical(chosen)})
    return rows


def main(versions: list[int]) -> None:
    rows = json.loads(FIXTURE.read_text()) if FIXTURE.exists() else []
    known = {r["version"] for r in rows}
    for version in versions:
        if version in known:
            raise SystemExit(f"version {version} is pinned already: a version's choices never change")
        rows += choices(version)
    FIXTURE.write_text(json.dumps(rows, indent=1) + "\n")


if __name__ == "__main__":
    main([int(v) for v in sys.argv[1:]])
