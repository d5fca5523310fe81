"""A game as readable text for `playledger show`: who sits where, whose turn, the view, your moves, the last events.

Built only from what the server answers (GetGame, ListLegalCommands, WatchGame), like any client app. The
view is printed as an indented outline with its keys sorted, so two calls show the same game the same way.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from playledger_client import plain, to_dict

MAX_INLINE = 100  # a list of plain values is printed on one line when it fits
LAST_EVENTS = 6


def render(game: Any, moves: Sequence[Any] | None, events: Iterable[Any]) -> list[str]:
    """`moves`: the caller's legal commands (None for a spectator); `events`: the last ones, oldest first."""
    lines = [f"{game.name}  {game.rules} (rules v{game.rules_version})  version {game.version}"]
    bots = {b.seat: b.level for b in game.bots}
    me = game.viewer_seat if game.HasField("viewer_seat") else None
    seats = []
    for seat, name in enumerate(game.players):
        tags = [t for t in ("you" if seat == me else "", f"{bots[seat]} bot" if seat in bots else "") if t]
        if seat in game.status.to_act and not game.status.finished:
            tags.append("to act")
        seats.append(f"{seat} {name}" + (f" ({', '.join(tags)})" if tags else ""))
    lines.append("players: " + ";  ".join(seats))
    lines.extend(_status(game, me))
    lines.append("")
    lines.append("what you see:" if me is not None else "what a spectator sees:")
    lines.extend(outline(to_dict(game.view), 1))
    if moves is not None and not game.status.finished:
        lines.append("")
        if moves:
            lines.append("your moves (playledger do GAME --pick N):")
            lines.extend(f"  {i:>2}. {m.label or m.command_type}" for i, m in enumerate(moves))
        else:
            lines.append("your moves: none now")
        lines.extend(_takeback(game))
    shown = list(events)
    if shown:
        lines.append("")
        lines.append("last events:")
        for e in shown:
            who = f" seat {e.seat}" if e.HasField("seat") else ""
            data = json.dumps(plain(e.data), sort_keys=True, separators=(", ", ": "))
            lines.append(f"  v{e.version}{who} {e.type} {data}")
    return lines


def _takeback(game: Any) -> list[str]:
    """A table with take-backs: the open offer, and how far back this seat may offer to go."""
    lines = []
    if game.HasField("takeback"):
        offer = game.takeback
        lines.append(
            f"take-back offered by seat {offer.seat}: back to version {offer.to_version}, accepted by seats "
            f"{sorted(offer.accepted)} (playledger takeback accept|decline GAME)"
        )
    if game.takeback_targets:
        versions = ", ".join(str(v) for v in game.takeback_targets)
        lines.append(f"you may offer to go back to version {versions} (playledger takeback offer GAME [VERSION])")
    return lines


def _status(game: Any, me: int | None) -> list[str]:
    status = game.status
    if not status.finished:
        waiting = ", ".join(f"{s} ({game.players[s]})" for s in status.to_act) or "nobody (the server moves next)"
        turn = "YOUR TURN; " if me is not None and me in status.to_act else ""
        lines = [f"phase {status.phase}: {turn}waiting for {waiting}"]
        if status.deadline_ms:
            lines.extend(_clock(game))
        return lines
    out = [f"FINISHED ({status.phase})"]
    outcome = status.outcome
    if outcome.reason:
        out.append(f"  why: {outcome.reason}")
    if outcome.placements:
        places = sorted(range(len(outcome.placements)), key=lambda s: outcome.placements[s])
        scores = list(game.final_scores)
        out.append(
            "  places: "
            + ";  ".join(
                f"{outcome.placements[s]}. {game.players[s]}" + (f" ({scores[s]} points)" if s < len(scores) else "")
                for s in places
            )
        )
    if outcome.tie_rule:
        out.append(f"  tie rule: {outcome.tie_rule}")
    if game.seed_hex:
        out.append(f"  seed (revealed): {game.seed_hex}")
    return out


def outline(value: Any, depth: int) -> list[str]:
    """A JSON value as indented lines: `key: value`, sorted keys; short lists inline, long ones one item a line."""
    pad = "  " * depth
    if isinstance(value, dict):
        lines: list[str] = []
        for key in sorted(value):
            item = value[key]
            if _inline(item):
                lines.append(f"{pad}{key}: {_scalar_text(item)}")
            else:
                lines.append(f"{pad}{key}:")
                lines.extend(outline(item, depth + 1))
        return lines or [f"{pad}(nothing)"]
    if isinstance(value, list):
        lines = []
        for item in value:
            if _inline(item):
                lines.append(f"{pad}- {_scalar_text(item)}")
            else:
                nested = outline(item, depth + 1)
                lines.append(f"{pad}- {nested[0].strip()}")
                lines.extend(nested[1:])
        return lines or [f"{pad}(none)"]
    return [f"{pad}{_scalar_text(value)}"]


def _inline(value: Any) -> bool:
    if isinstance(value, dict):
        return not value
    if isinstance(value, list):
        return all(not isinstance(v, (dict, list)) for v in value) and len(_scalar_text(value)) <= MAX_INLINE
    return True


def _scalar_text(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_scalar_text(v) for v in value) + "]" if value else "[]"
    if isinstance(value, dict):
        return "(none)"
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _clock(game: Any) -> list[str]:
    """The time control: each seat's chess clock, or the time left for this move."""
    status, control, now = game.status, game.time_control, game.read_time.ToMilliseconds()
    then = "the server moves for the seat" if control.on_timeout == "move" else "the server rules a forfeit"
    if status.clocks:
        seats = ", ".join(
            f"{c.seat} ({game.players[c.seat]}) "
            + (f"{_mmss(c.flag_ms - now)} running" if c.flag_ms else _mmss(c.left_ms))
            for c in status.clocks
        )
        return [f"clocks: {seats} (+{control.increment_seconds} s a move; at 0:00 {then})"]
    left = max(0.0, (status.deadline_ms - now) / 1000)
    return [f"clock: {left:.0f} s left for this move (of {control.move_seconds} s; then {then})"]


def _mmss(ms: int) -> str:
    s = max(0, ms) // 1000
    return f"{s // 60}:{s % 60:02d}"
