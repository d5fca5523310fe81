"""Atiwa (Uwe Rosenberg, Lookout Games 2022): the rules as a pure decider (spec: shared/rules/atiwa.md)."""

from __future__ import annotations

from service.rules.atiwa.data.challenges import CHALLENGES
from service.rules.atiwa.game import decide, evolve, initial_state, legal_commands, setup
from service.rules.atiwa.messages import COMMAND_TYPES, EVENT_TYPES
from service.rules.atiwa.scoring import scores, status, winners
from service.rules.atiwa.views import redact, view
from service.rules.core import Metadata, OptionSpec

name = "atiwa"
version = 1
metadata = Metadata(
    title="Atiwa",
    min_players=1,
    max_players=4,
    summary=(
        "Seven rounds of worker placement in Ghana's Atiwa hills: gain terrain and location cards, house "
        "families, let wild animals, trees, fruit and fruit bats multiply, feed everyone, and score most. "
        "Solo: reach 120 points, or meet one of eight challenges."
    ),
    options=(
        OptionSpec(
            name="challenge",
            type=int,
            default=0,
            description=(
                "Solo only (1 player). 0 = the plain solo game (goal: 120 points); 1..8 = a challenge: "
                + "; ".join(f"{n} {c.name}" for n, c in sorted(CHALLENGES.items()))
                + ". Any other number of players needs 0."
            ),
            minimum=0,
            maximum=len(CHALLENGES),
        ),
    ),
)
command_types = COMMAND_TYPES
event_types = EVENT_TYPES

__all__ = [
    "command_types",
    "decide",
    "event_types",
    "evolve",
    "initial_state",
    "legal_commands",
    "metadata",
    "name",
    "redact",
    "scores",
    "setup",
    "status",
    "version",
    "view",
    "winners",
]
