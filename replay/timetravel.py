"""Time travel: a game as it stood at any version, exactly as one seat (or a spectator) saw it; and diffs.

This settles "I never saw that card": `rules.view(state, seat)` at a version is
what that seat's client was shown, and `rules.redact(event, seat)` is how the
event at that version reached it (or that it never did).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from uuid import UUID

from service.ledger import codec
from service.ledger.chain import LINK_FIELDS, TAKEBACK_LINKS
from service.ledger.game import RULED_PHASE, Game
from service.rules.catalog import rules_for
from service.rules.core import AnyRules


class TimeTravelError(ValueError):
    """A version or seat the game does not have (a usage error)."""


@dataclass
class Moment:
    game_id: UUID
    rules: str
    rules_version: int
    players: list[str]
    version: int
    last_version: int
    seat: int | None
    view: dict[str, Any]
    status: dict[str, Any]
    event: dict[str, Any] | None  # the event at `version` as `seat` saw it; None at version 1 (the header)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": f"games/{self.game_id}",
            "rules": self.rules,
            "rules_version": self.rules_version,
            "version": self.version,
            "last_version": self.last_version,
            "seat": self.seat,
            "player": None if self.seat is None else self.players[self.seat],
            "status": self.status,
            "event": self.event,
            "view": self.view,
        }


def _load(stored: Sequence[Any], seat: int | None) -> tuple[Game.Created, AnyRules]:
    if not stored or not isinstance(stored[0], Game.Created):
        raise TimeTravelError("this is not a game's stream")
    created: Game.Created = stored[0]
    if seat is not None and not 0 <= seat < len(created.players):
        raise TimeTravelError(f"seat must be 0..{len(created.players) - 1} (or none, for a spectator), not {seat}")
    return created, rules_for(created.rules_name, created.rules_version)


def _check_version(version: int, last: int) -> None:
    if not 1 <= version <= last:
        raise TimeTravelError(f"the game has versions 1 (created) to {last}, not {version}")


def state_at(stored: Sequence[Any], version: int) -> Any:
    """The rules state after the event at `version` (version 1: just created, before setup)."""
    created, rules = _load(stored, None)
    state = rules.initial_state(len(created.players), created.options)
    states = {1: state}  # each version's state: a take-back goes back to one (states are immutable: shared)
    for event in stored[1:]:
        if event.originator_version > version:
            break
        if isinstance(event, Game.EventRecorded):
            state = rules.evolve(state, codec.decode(rules.event_types, event.name, event.data))
        elif isinstance(event, Game.TakenBack):
            state = states[event.to_version]
        states[event.originator_version] = state
    return state


def seen_event(event: Any, rules: AnyRules, seat: int | None) -> dict[str, Any]:
    """One stored event as `seat` saw it: redacted, or marked unseen."""
    base: dict[str, Any] = {"version": event.originator_version, "at": event.timestamp.astimezone(UTC).isoformat()}
    if isinstance(event, Game.SeedRevealed):
        return {**base, "name": "SeedRevealed", "data": {"seed_hex": event.seed_hex, "scores": event.scores}}
    if isinstance(event, Game.EndedByRuling):  # public: an arbiter's ruling, and the seed it reveals
        return {**base, "name": "EndedByRuling", "data": {k: getattr(event, k) for k in LINK_FIELDS["EndedByRuling"]}}
    if type(event).__name__ in TAKEBACK_LINKS:  # public: who offered, who answered, where it went back to
        data = {k: getattr(event, k) for k in LINK_FIELDS[type(event).__name__]}
        return {**base, "name": type(event).__name__, "data": data, "by": data.get("seat"), "at_ms": event.at_ms}
    if not isinstance(event, Game.EventRecorded):
        return {**base, "name": type(event).__name__}
    shown = rules.redact(codec.decode(rules.event_types, event.name, event.data), seat)
    if shown is None:
        return {**base, "seen": False}
    name, data = codec.encode(shown)
    return {**base, "name": name, "data": data, "by": event.seat, "at_ms": event.at_ms}


def moment(stored: Sequence[Any], version: int | None, seat: int | None) -> Moment:
    created, rules = _load(stored, seat)
    last = stored[-1].originator_version
    version = last if version is None else version
    _check_version(version, last)
    state = state_at(stored, version)
    status = rules.status(state)
    ruled = any(isinstance(e, Game.EndedByRuling) and e.originator_version <= version for e in stored)
    shown = {"phase": RULED_PHASE, "to_act": [], "finished": True} if ruled else None
    at = next((e for e in stored if e.originator_version == version), None)
    return Moment(
        game_id=created.originator_id,
        rules=created.rules_name,
        rules_version=created.rules_version,
        players=list(created.players),
        version=version,
        last_version=last,
        seat=seat,
        view=rules.view(state, seat),
        status=shown or {"phase": status.phase, "to_act": list(status.to_act), "finished": status.finished},
        event=seen_event(at, rules, seat) if at is not None and version > 1 else None,
    )


def diff(stored: Sequence[Any], before: int, after: int, seat: int | None) -> dict[str, Any]:
    """What changed in `seat`'s view from one version to another, and the events in between as it saw them."""
    created, rules = _load(stored, seat)
    last = stored[-1].originator_version
    _check_version(before, last)
    _check_version(after, last)
    a, b = moment(stored, before, seat), moment(stored, after, seat)
    low, high = min(before, after), max(before, after)
    return {
        "game": f"games/{created.originator_id}",
        "from": before,
        "to": after,
        "seat": seat,
        "changes": changes(a.view, b.view),
        "events": [seen_event(e, rules, seat) for e in stored if low < e.originator_version <= high],
    }


def changes(before: Any, after: Any, path: str = "") -> list[dict[str, Any]]:
    """Structural differences between two JSON values, as path / before / after."""
    if isinstance(before, dict) and isinstance(after, dict):
        out: list[dict[str, Any]] = []
        for key in list(before) + [k for k in after if k not in before]:
            sub = f"{path}.{key}" if path else str(key)
            if key not in after:
                out.append({"path": sub, "change": "removed", "before": before[key]})
            elif key not in before:
                out.append({"path": sub, "change": "added", "after": after[key]})
            else:
                out += changes(before[key], after[key], sub)
        return out
    if isinstance(before, list) and isinstance(after, list) and len(before) == len(after):
        return [c for i, (x, y) in enumerate(zip(before, after, strict=True)) for c in changes(x, y, f"{path}[{i}]")]
    if before != after:
        return [{"path": path or "(view)", "change": "changed", "before": before, "after": after}]
    return []


# --- text rendering ----------------------------------------------------------------------------------
def _scalar(value: Any) -> str:
    if isinstance(value, str):
        return value if value and value.strip() == value and "\n" not in value else json.dumps(value)
    return json.dumps(value, ensure_ascii=False)


def render(value: Any, indent: int = 0) -> list[str]:
    """A JSON value as indented, YAML-like lines; short lists of scalars stay on one line."""
    pad = "  " * indent
    if isinstance(value, dict):
        lines: list[str] = []
        for key, item in value.items():
            if isinstance(item, (dict, list)) and item and not _flat(item):
                lines.append(f"{pad}{key}:")
                lines += render(item, indent + 1)
            else:
                lines.append(f"{pad}{key}: {_inline(item)}")
        return lines or [f"{pad}{{}}"]
    if isinstance(value, list):
        if _flat(value):
            return [pad + _inline(value)]
        lines = []
        for item in value:
            sub = render(item, indent + 1)
            lines.append(f"{pad}- {sub[0].strip()}")
            lines += sub[1:]
        return lines
    return [pad + _scalar(value)]


def _flat(value: Any) -> bool:
    return (
        isinstance(value, list)
        and all(not isinstance(v, (dict, list)) for v in value)
        and len(", ".join(map(_scalar, value))) <= 100
    )


def _inline(value: Any) -> str:
    if isinstance(value, list):
        return "[" + ", ".join(_scalar(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{}" if not value else json.dumps(value, ensure_ascii=False)
    return _scalar(value)


def who(seat: int | None, players: Sequence[str]) -> str:
    return "a spectator" if seat is None else f"seat {seat} ({players[seat]})"


def moment_text(m: Moment) -> str:
    lines = [
        f"games/{m.game_id}  {m.rules} v{m.rules_version}  at version {m.version} of {m.last_version}, "
        f"as {who(m.seat, m.players)} saw it",
        f"status: {m.status['phase']}"
        + ("  (finished)" if m.status["finished"] else "")
        + (f"  to act: {', '.join(who(s, m.players) for s in m.status['to_act'])}" if m.status["to_act"] else ""),
    ]
    if m.event is not None:
        lines.append(event_text(m.event, m.players))
    lines.append("view:")
    lines += render(m.view, 1)
    return "\n".join(lines)


def event_text(event: dict[str, Any], players: Sequence[str]) -> str:
    when = _time(event.get("at"), event.get("at_ms"))
    if event.get("seen") is False:
        return f"event {event['version']} ({when}): not shown to this viewer"
    by = event.get("by")
    cause = "" if "by" not in event else " by the service" if by is None else f" by {who(by, players)}"
    data = event.get("data") or {}
    return f"event {event['version']} ({when}): {event.get('name')}{cause}  {json.dumps(data, ensure_ascii=False)}"


def _time(text: Any, at_ms: Any = None) -> str:
    """The server's time of the command (at_ms, what the rules saw) when known, else the time it was stored."""
    if isinstance(at_ms, int):
        return datetime.fromtimestamp(at_ms / 1000, UTC).strftime("%Y-%m-%d %H:%M:%S.%f")[:-3]
    try:
        return datetime.fromisoformat(str(text)).strftime("%Y-%m-%d %H:%M:%S")
    except ValueError:
        return str(text)


def diff_text(d: dict[str, Any], players: Sequence[str]) -> str:
    lines = [f"{d['game']}  version {d['from']} -> {d['to']}, as {who(d['seat'], players)} saw it"]
    if not d["changes"]:
        lines.append("the view did not change")
    for c in d["changes"]:
        if c["change"] == "changed":
            lines.append(f"~ {c['path']}: {_inline(c['before'])} -> {_inline(c['after'])}")
        elif c["change"] == "added":
            lines.append(f"+ {c['path']}: {_inline(c['after'])}")
        else:
            lines.append(f"- {c['path']}: {_inline(c['before'])}")
    if d["events"]:
        lines.append("events in between:")
        lines += ["  " + event_text(e, players) for e in d["events"]]
    return "\n".join(lines)
