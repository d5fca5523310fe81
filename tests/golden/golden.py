"""Golden playthroughs (OpenSpiel style): a seeded game as a readable, diffable transcript.

A transcript lists every command and the events it produced (canonical JSON),
each seat's and a spectator's view after setup, every VIEW_EVERY commands and
at the end, and the final scores and winners. The bot that picks commands is
itself seeded, so the same rules version always writes the same file; a
deliberate rules change bumps the version and regenerates with

    .venv/bin/python -m tests.golden.regen [GAME ...]
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from service.ledger import codec
from service.rules.catalog import RULES
from service.rules.core import Rng
from tests.support.playout import Playout, play, start

HERE = Path(__file__).parent
VIEW_EVERY = 25


def case_path(game: str, case: dict[str, Any]) -> Path:
    return HERE / game / f"{case['name']}.txt"


def transcript(game: str, case: dict[str, Any]) -> str:
    rules = RULES[game]
    seed = case["seed"].encode()
    bot = Rng(seed + b"|golden-bot", 0)
    p = play(rules, case["seats"], seed, lambda options: bot.below(len(options)), case.get("options", {}))
    return render(p, case)


def render(p: Playout, case: dict[str, Any]) -> str:
    rules = p.rules
    lines = [
        f"# {rules.name} rules v{rules.version}: {case['name']}",
        f"seats: {p.seats}",
        f"seed: {case['seed']}",
        f"options: {codec.canonical_json(p.options)}",
    ]
    # Replay the history command by command to show views at the same points the players saw them.
    q = start(rules, p.seats, p.seed, p.options)
    lines.append("")
    lines.append("== setup")
    lines += [f"  event {_ev(e)}" for e in q.history]
    lines += _views(q)
    for n, (seat, command, now_ms) in enumerate(p.commands, start=1):
        q.now_ms = now_ms
        events = q.submit(seat, command)
        who = "service" if seat is None else f"seat {seat}"
        lines.append(f"== {n}. {who} @{now_ms}ms: {_ev(command)}")
        lines += [f"  event {_ev(e)}" for e in events]
        if n % VIEW_EVERY == 0:
            lines += _views(q)
    lines.append("== end")
    lines += _views(q)
    lines.append(f"scores: {list(rules.scores(q.state))}")
    lines.append(f"winners: {list(rules.winners(q.state))}")
    return "\n".join(lines) + "\n"


def _ev(obj: Any) -> str:
    name, data = codec.encode(obj)
    return f"{name} {codec.canonical_json(data)}"


def _views(p: Playout) -> list[str]:
    out = []
    for viewer in (None, *range(p.seats)):
        who = "spectator" if viewer is None else f"seat {viewer}"
        out.append(f"  view {who}: {codec.canonical_json(p.rules.view(p.state, viewer))}")
    return out
