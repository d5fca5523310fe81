"""`refused`: decide rejects the command with this code, and legal_commands does not list it."""

from __future__ import annotations

from typing import Any

import pytest

from service.rules import antics
from service.rules.antics.state import State
from service.rules.core import IllegalCommand, Rng


def refused(state: State, seat: int, command: Any, code: str) -> str:
    with pytest.raises(IllegalCommand) as err:
        antics.decide(state, seat, command, Rng(b"x", 1), 0)
    assert err.value.code == code, err.value.reason
    assert command not in antics.legal_commands(state, seat)
    return err.value.reason
