"""Antics! (Gordon & Fraser Lamont, Fragor Games 2010): the Rules surface.

Spec: shared/rules/antics.md. 3 or 4 players, and 2 with the ASSUMED
two-player variant (AN-V1). The board graph, the tile mix and several counts
are ASSUMED data kept in data.py. Built with the decider kit (service/rules/README.md).
"""

from __future__ import annotations

from service.rules.antics.bots import evaluate, resample
from service.rules.antics.decide import decide
from service.rules.antics.evolve import evolve
from service.rules.antics.legal import legal_commands
from service.rules.antics.messages import COMMAND_TYPES, EVENT_TYPES, Command, Event
from service.rules.antics.reasons import Reason
from service.rules.antics.scoring import outcome, scores, status, winners
from service.rules.antics.setup import OPTION_TWO_PLAYER, initial_state, setup
from service.rules.antics.state import State
from service.rules.antics.view_types import VIEW_TYPES, View
from service.rules.antics.views import TAKEBACK_SAFE, catalog, label, redact, view
from service.rules.core import Metadata, OptionSpec

name = "antics"
version = 1
command_types = COMMAND_TYPES
event_types = EVENT_TYPES
view_types = VIEW_TYPES
metadata = Metadata(
    title="Antics!",
    min_players=2,
    max_players=4,
    summary=(
        "Build your ant-hill from double-hex tiles up to five levels, take three actions a turn at the "
        "level of the hexes you use, and haul prey and leaves home along chains of ants; 3-4 players "
        "(2 with the two-player variant)."
    ),
    options=(
        OptionSpec(
            OPTION_TWO_PLAYER,
            bool,
            False,
            "the ASSUMED two-player variant (AN-V1): 2 prey tokens per type and 4 + 4 leaves; "
            "required for 2 players and only allowed with 2",
        ),
    ),
)

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
