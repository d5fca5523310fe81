"""The moves the server made for a seat: a bot's (its policy re-chooses it) and the clock's (past a deadline).

Time control: `_timeout_problem` (a move the clock made) and `_clock_problem` (a forfeit it ruled), with
the seats' clocks folded from the record as the aggregate folds them.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from service.bots import POLICY_VERSIONS, Policy, choose, pace
from service.bots.policies import SEARCH_BUDGET, bot_rng
from service.ledger.clocks import SeatClocks
from service.ledger.game import Game
from service.rules.core import AnyRules


def _bot_problem(
    rules: AnyRules, state: Any, first: Game.EventRecorded, command: Any, seed: bytes, at_ms: Mapping[int, int]
) -> str | None:
    """A server bot's move must be what its policy chooses from the seat's information at that version, and
    come no sooner than its recorded wait (re-derived from its pace stream) after the event it answered."""
    tag = first.command["bot"] if isinstance(first.command, dict) else None
    if not isinstance(tag, dict) or first.seat is None:
        return "a bot move without its bot or its seat"
    version = tag.get("policy")
    if version not in POLICY_VERSIONS:
        return f"a bot move of policy version {version!r}, which this build does not know ({list(POLICY_VERSIONS)})"
    policy = Policy(str(tag.get("level")), int(tag.get("budget") or SEARCH_BUDGET), int(version))
    rng = bot_rng(seed, first.seat, first.originator_version - 1)
    chosen = choose(rules, state, first.seat, policy, rng, first.at_ms)
    if chosen != command:
        return f"the {policy.level} bot of seat {first.seat} would not have played this (it re-derives {chosen!r})"
    after = tag.get("after")
    return pace.wait_problem(tag, seed, first.seat, first.at_ms, at_ms.get(after) if isinstance(after, int) else None)


def _run_clocks(clocks: SeatClocks, rules: AnyRules, state: Any, batch: list[Game.EventRecorded]) -> None:
    """The seats' clocks through one decision's events, from the state before it (as Game.EventRecorded.apply)."""
    acting = rules.status(state).to_act if state is not None and clocks.control.get("budget_ms") else ()
    for event in batch:
        clocks.record(event.at_ms, acting, event.seat, event.request_id, event.command)


def _timeout_problem(header: Game.Created, first: Game.EventRecorded, clocks: SeatClocks | None) -> str | None:
    """A move the clock made (clocks.py) must come past the seat's deadline, in a game that has one."""
    tag = first.command["bot"] if isinstance(first.command, dict) else None
    if not isinstance(tag, dict) or not tag.get("timeout"):
        return None
    control = getattr(header, "time_control", None)
    if not control or clocks is None or control.get("on_timeout") != "move" or first.seat is None:
        return "the clock moved for a seat in a game whose time control does not say so"
    if first.at_ms < clocks.deadline_ms(first.seat):
        waited = first.at_ms - clocks.at_ms
        return f"the clock moved for seat {first.seat} {waited} ms after the last event, before its deadline"
    return None


def _clock_problem(
    header: Game.Created, end: Game.EndedByRuling, clocks: SeatClocks | None, state: Any, rules: AnyRules
) -> str | None:
    """A forfeit the clock ruled must follow the header's time control, past the deadline of a seat to act."""
    control = getattr(header, "time_control", None)
    if not control or control.get("on_timeout") != "forfeit":
        return "the clock ruled a forfeit in a game whose time control does not say so"
    acting = set(rules.status(state).to_act) if state is not None else set()
    if not set(end.seats) or not set(end.seats) <= acting:
        return f"the clock ruled a forfeit of seats {list(end.seats)}, who were not to act"
    if clocks is None or end.at_ms < min(clocks.deadline_ms(s) for s in end.seats):
        waited = end.at_ms - (clocks.at_ms if clocks else 0)
        return f"the clock ruled a forfeit {waited} ms after the last event, before the deadline"
    return None
