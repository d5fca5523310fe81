"""Antics! (Gordon & Fraser Lamont, Fragor Games 2010): the Rules surface.

Spec: shared/rules/antics.md. 3 or 4 players, and 2 with the ASSUMED
two-player variant (AN-V1). The board graph, the tile mix and several counts
are ASSUMED data kept in data.py.
"""

from service.rules.antics.game import OPTION_TWO_PLAYER, decide, evolve, initial_state, legal_commands, setup
from service.rules.antics.messages import COMMAND_TYPES, EVENT_TYPES
from service.rules.antics.scoring import scores, status, winners
from service.rules.antics.views import redact, view
from service.rules.core import Metadata, OptionSpec

name = "antics"
version = 1
command_types = COMMAND_TYPES
event_types = EVENT_TYPES
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
