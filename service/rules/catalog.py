"""The one list of games: name -> rules package, and (name, version) for replay of older games."""

from __future__ import annotations

from service.rules import antics, atiwa, baba_yaga, grasshopper_ant, hare_tortoise
from service.rules.baba_yaga import v1 as baba_yaga_v1
from service.rules.core import AnyRules, Rules

_PACKAGES: tuple[AnyRules, ...] = (hare_tortoise, antics, grasshopper_ant, baba_yaga, atiwa, baba_yaga_v1)

# A game converted to the kit is checked against its own types too: a surface function whose
# signature drifts from Rules[State, Command, Event, View] fails mypy here.
_HARE_TORTOISE: Rules[hare_tortoise.State, hare_tortoise.Command, hare_tortoise.Event, hare_tortoise.View] = (
    hare_tortoise
)
_ANTICS: Rules[antics.State, antics.Command, antics.Event, antics.View] = antics
_ATIWA: Rules[atiwa.State, atiwa.Command, atiwa.Event, atiwa.View] = atiwa
_BABA_YAGA: Rules[baba_yaga.State, baba_yaga.Command, baba_yaga.Event, baba_yaga.View] = baba_yaga
_GRASSHOPPER_ANT: Rules[grasshopper_ant.State, grasshopper_ant.Command, grasshopper_ant.Event, grasshopper_ant.View] = (
    grasshopper_ant
)

# Every rules version a stored game may pin. A rules change that decides
# differently adds a new version and keeps the old package listed here.
CATALOG: dict[tuple[str, int], AnyRules] = {(p.name, p.version): p for p in _PACKAGES}

# The version new games are created with.
RULES: dict[str, AnyRules] = {}
for _p in _PACKAGES:
    if _p.version >= getattr(RULES.get(_p.name), "version", 0):
        RULES[_p.name] = _p


class UnknownRules(LookupError):
    """A game name or rules version this build cannot load."""


def rules_for(name: str, version: int | None = None) -> AnyRules:
    if version is None:
        try:
            return RULES[name]
        except KeyError:
            raise UnknownRules(f"there is no game {name!r}; the games are {sorted(RULES)}") from None
    try:
        return CATALOG[(name, version)]
    except KeyError:
        raise UnknownRules(f"this build cannot load {name} rules version {version}") from None
