"""Baba Yaga rules version 1, kept loadable so that games created with it replay as they were played.

Version 1 differs from the current rules in one point only: at the turn limit (BY-31) the seats with
the most cast spells won, ties shared (so a table with no spell cast "won" all together); version 2
ends such a game with no winner, a draw. The state records which (Config.draw_at_turn_limit), so
everything else is the current package's.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from service.rules.baba_yaga import (
    catalog,
    command_types,
    decide,
    evaluate,
    event_types,
    evolve,
    label,
    legal_commands,
    metadata,
    name,
    outcome,
    reasons,
    redact,
    resample,
    scores,
    setup,
    status,
    view,
    view_types,
    winners,
)
from service.rules.baba_yaga.setup import initial_state as _initial_state
from service.rules.baba_yaga.state import State

version = 1
metadata = replace(
    metadata,
    options=tuple(
        replace(
            o,
            description="engine safety bound (BY-31): after this many turns the game ends and the most "
            "cast spells win (ties shared)",
        )
        if o.name == "max_turns"
        else o
        for o in metadata.options
    ),
)


def initial_state(seats: int, options: Mapping[str, Any]) -> State:
    return _initial_state(seats, options, rules_version=1)


__all__ = [
    "catalog",
    "command_types",
    "decide",
    "evaluate",
    "event_types",
    "evolve",
    "initial_state",
    "label",
    "legal_commands",
    "metadata",
    "name",
    "outcome",
    "reasons",
    "redact",
    "resample",
    "scores",
    "setup",
    "status",
    "version",
    "view",
    "view_types",
    "winners",
]
