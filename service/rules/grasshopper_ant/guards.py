"""The checks every handler starts with: the phase, the role that acts in it, a cell on the grid."""

from __future__ import annotations

from service.rules.core import IllegalCommand
from service.rules.grasshopper_ant.data import CELLS
from service.rules.grasshopper_ant.messages import Cell
from service.rules.grasshopper_ant.reasons import Reason
from service.rules.grasshopper_ant.state import Phase, State

_PHASE_WORDS = {
    Phase.ANT_PLACE: "the Ant is placing its pawns",
    Phase.CHOICES: "the markers are being chosen",
    Phase.CICADA: "the Cicada is choosing",
    Phase.INSECTS: "the Ant is taking its cards",
    Phase.POWER: "the Ant may gain a power",
    Phase.ACQUIRE: "the collector is buying",
}


def expect(state: State, seat: int, phase: Phase, actor: int | None, who: str) -> None:
    if state.phase is not phase:
        raise IllegalCommand(
            f"you cannot do that now: {_PHASE_WORDS.get(state.phase, 'wrong phase')}", Reason.WRONG_PHASE
        )
    if seat != actor:
        raise IllegalCommand(f"only {who} may do that now, and that is not you", Reason.NOT_YOUR_TURN)


def check_cell(cell: Cell) -> None:
    if cell not in CELLS:
        raise IllegalCommand(f"there is no cell {list(cell)}: rows and columns are 0 to 3", Reason.BAD_CELL)
