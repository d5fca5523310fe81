"""The Grasshopper & the Ant (La Cigale & la Fourmi): Autumn and Winter modes, with "Power to the Beetle!".

Spec: shared/rules/grasshopper-and-ant.md. Rule ids GA-nn are cited in the code and the tests.
"""

from __future__ import annotations

from service.rules.core import Metadata, OptionSpec
from service.rules.grasshopper_ant.bots import evaluate, resample, secret
from service.rules.grasshopper_ant.decide import decide
from service.rules.grasshopper_ant.evolve import evolve
from service.rules.grasshopper_ant.labels import catalog, label
from service.rules.grasshopper_ant.legal import legal_commands
from service.rules.grasshopper_ant.messages import COMMAND_TYPES, EVENT_TYPES, Command, Event
from service.rules.grasshopper_ant.reasons import Reason
from service.rules.grasshopper_ant.scoring import outcome, scores, status, winners
from service.rules.grasshopper_ant.setup import initial_state, setup
from service.rules.grasshopper_ant.state import State
from service.rules.grasshopper_ant.view_types import VIEW_TYPES, View
from service.rules.grasshopper_ant.views import TAKEBACK_SAFE, redact, view

name = "grasshopper-and-ant"
version = 1
metadata = Metadata(
    title="The Grasshopper & the Ant",
    min_players=2,
    max_players=4,
    summary=(
        "Each round one player is the Ant, laying a chain of 6 ants on a 4x4 grid of path cards and secretly "
        "choosing which path type to collect; the Cicada sits on one ant to guess it and steals the haul when "
        "right. Autumn: fill the pantry shelves and collect insects, most points wins. Winter: buy provisions "
        "with your path cards, first to 4 victory points wins."
    ),
    options=(
        OptionSpec(
            name="mode",
            type=str,
            default="autumn",
            description=(
                "autumn: the simpler mode, pantry shelves and cubes, insect cards scored at the end, the game ends "
                "when someone fills two shelves or the deck cannot rebuild the grid; winter: path cards go to a "
                "face-up supply and buy provision cards, Red Ants guess alongside in 3-4 player games, first to "
                "4 victory points wins"
            ),
            choices=("autumn", "winter"),
        ),
        OptionSpec(
            name="powers",
            type=bool,
            default=False,
            description=(
                "Power to the Beetle! (expert variant, Winter only): 4 of the 6 insect Power cards are in play; "
                "an Ant who collects may discard an insect card to gain (or steal) that insect's power"
            ),
        ),
        OptionSpec(
            name="power_cards",
            type=str,
            default="random",
            description=(
                "with powers: 'random', or the 4 Power cards in play as a comma-separated list of "
                "PW-BEE, PW-BEETLE, PW-DRAGONFLY, PW-LADYBUG, PW-CATERPILLAR, PW-BUTTERFLY (or BEE, BEETLE, ...)"
            ),
        ),
        OptionSpec(
            name="autumn_open",
            type=bool,
            default=False,
            description="the Autumn variant: collected insect cards are kept face up, not face down (Autumn only)",
        ),
        OptionSpec(
            name="snake",
            type=bool,
            default=False,
            description=(
                "stricter ant chain (not in the rulebook): the 6 ants must walk in single file from an edge of "
                "the grid instead of forming any connected group"
            ),
        ),
        OptionSpec(
            name="first_ant",
            type=int,
            default=-1,
            description="the seat of the first Ant (the youngest player); -1 picks one at random",
            minimum=-1,
            maximum=3,
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
    "secret",
    "setup",
    "status",
    "takeback_safe",
    "version",
    "view",
    "view_types",
    "winners",
]
