"""The one list of games: name -> rules package, and (name, version) for replay of older games."""

from __future__ import annotations

from service.rules import antics, atiwa, baba_yaga, grasshopper_ant, hare_tortoise
from service.rules.core import Rules

_PACKAGES: tuple[Rules, ...] = (hare_tortoise, antics, grasshopper_ant, baba_yaga, atiwa)

# Every rules version a stored game may pin. A rules change that decides
# differently adds a new version and keeps the old package listed here.
CATALOG: dict[tuple[str, int], Rules] = {(p.name, p.version): p for p in _PACKAGES}

# The version new games are created with.
RULES: dict[str, Rules] = {}
for _p in _PACKAGES:
    if _p.version >= getattr(RULES.get(_p.name), "version", 0):
        RULES[_p.name] = _p


class UnknownRules(LookupError):
    """A game name or rules version this build cannot load."""


def rules_for(name: str, version: int | None = None) -> Rules:
    if version is None:
        try:
            return RULES[name]
        except KeyError:
            raise UnknownRules(f"there is no game {name!r}; the games are {sorted(RULES)}") from None
    try:
        return CATALOG[(name, version)]
    except KeyError:
        raise UnknownRules(f"this build cannot load {name} rules version {version}") from None
