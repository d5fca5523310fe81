"""Atiwa (Uwe Rosenberg, Lookout Games 2022): the rules as a pure decider (spec: shared/rules/atiwa.md)."""

from __future__ import annotations

from service.rules.atiwa.bots import evaluate, resample
from service.rules.atiwa.data.challenges import CHALLENGES
from service.rules.atiwa.decide import decide
from service.rules.atiwa.evolve import evolve
from service.rules.atiwa.labels import catalog, label
from service.rules.atiwa.legal import legal_commands
from service.rules.atiwa.messages import COMMAND_TYPES, EVENT_TYPES, Command, Event
from service.rules.atiwa.reasons import Reason
from service.rules.atiwa.scoring import outcome, scores, status, winners
from service.rules.atiwa.setup import initial_state, setup
from service.rules.atiwa.state import State
from service.rules.atiwa.view_types import VIEW_TYPES, View
from service.rules.atiwa.views import TAKEBACK_SAFE, redact, view
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
view_types = VIEW_TYPES

reasons = Reason
takeback_safe = TAKEBACK_SAFE

__all__ = [
    "Command",
    "Event",
    "State",
    "View",
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
    "takeback_safe",
    "version",
    "view",
    "view_types",
    "winners",
]
