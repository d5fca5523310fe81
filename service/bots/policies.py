"""The three bot levels and how a move is chosen (see the package docstring)."""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import reduce
from typing import Any, Protocol

from service.rules.core import AnyRules, IllegalCommand, Rng

LEVELS = ("random", "greedy", "search")
# Bump when a policy would choose differently: recorded with every bot move, and every version stays
# reachable through TUNINGS (below) so replay re-derives the moves of games played under an older one.
POLICY_VERSION = 4
POLICY_VERSIONS = (1, 2, 3, 4)
GREEDY_SAMPLES = 4  # determinizations a greedy move is averaged over
SEARCH_BUDGET = 200  # IS-MCTS iterations per move (the default)


@dataclass(frozen=True)
class Tuning:
    """How a search spends its budget: the one place a policy version's behaviour is written down."""

    root_width: int | None  # own moves searched (the best by one-step evaluation); None: all, the root is to_act[0]'s
    rollout: int  # random plies a playout goes past the tree before the game's evaluation stands in
    share: float = 1.0  # iterations run per budget unit: a game whose playouts cost more runs fewer
    exploration: float = 0.7  # UCB1's constant, for rewards in [0, 1]
    opponents: bool = False  # the others choose in the tree by their own reward (1, 2: by the bot's)
    observed: bool = False  # ... and by what they have seen of it, the bot's secret moves hidden (4 on)

    def iterations(self, budget: int) -> int:
        return max(1, round(budget * self.share))


# version -> game -> Tuning ("*": every game not named). 1: all moves, 60 random plies. 2: the best
# 12 own moves by one-step evaluation, 8 random plies then the evaluation. 3: the others choose by
# their own reward (policy 2 let them play for the bot: it lost to greedy), 2 random plies (cheaper and,
# measured, no weaker than 8), and iterations per game so that a median move stays under 200 ms.
# 4: as 3, but the others choose without seeing the bot's secret moves (only a game with a `secret` hook
# chooses differently), and The Grasshopper & the Ant's playouts stop at the new node for the evaluation,
# which weighs the round in flight by the Cicada's odds: measured over 200 games against greedy, 3 won
# 0.485, 3 with that playout 0.595, both together 0.61 (and 0.655 on 200 other seeds).
TUNINGS: dict[int, dict[str, Tuning]] = {
    1: {"*": Tuning(root_width=None, rollout=60)},
    2: {"*": Tuning(root_width=12, rollout=8)},
    3: {
        "*": Tuning(root_width=12, rollout=2, opponents=True),
        "hare-and-tortoise": Tuning(root_width=12, rollout=2, share=1.25, opponents=True),
        "baba-yaga": Tuning(root_width=12, rollout=2, share=2.0, opponents=True),  # cheap plies: more of them
        "grasshopper-and-ant": Tuning(root_width=12, rollout=2, share=0.8, opponents=True),
        "antics": Tuning(root_width=12, rollout=2, share=0.8, opponents=True),
    },
}
TUNINGS[4] = {game: replace(tuned, observed=True) for game, tuned in TUNINGS[3].items()}
TUNINGS[4]["grasshopper-and-ant"] = replace(TUNINGS[4]["grasshopper-and-ant"], rollout=0)


def tuning(version: int, game: str) -> Tuning:
    by_game = TUNINGS[version]
    return by_game.get(game, by_game["*"])


class Hooks(Protocol):
    """What a game gives its bots: an information-set sampler and a position's worth to a seat."""

    def resample(self, state: Any, seat: int, rng: Rng) -> Any: ...
    def evaluate(self, state: Any, seat: int) -> float: ...


@dataclass(frozen=True)
class Policy:
    level: str
    budget: int = SEARCH_BUDGET
    version: int = POLICY_VERSION

    def tag(self) -> dict[str, Any]:
        """What a bot move records beside its command, so an audit shows who played it and how."""
        return {
            "level": self.level,
            "policy": self.version,
            **({"budget": self.budget} if self.level == "search" else {}),
        }


def hooks_of(rules: AnyRules) -> Hooks | None:
    """The game's bot hooks, when it has them (greedy and search need them; random does not)."""
    if callable(getattr(rules, "resample", None)) and callable(getattr(rules, "evaluate", None)):
        return rules  # type: ignore[return-value]  # a rules module with both functions is its own Hooks
    return None


def supported(rules: AnyRules, level: str) -> bool:
    return level == "random" or (level in LEVELS and hooks_of(rules) is not None)


def choose(rules: AnyRules, state: Any, seat: int, policy: Policy, rng: Rng, now_ms: int) -> Any | None:
    """The command `seat` plays now, or None when it has none. `rng` is the bot's own stream."""
    commands = list(rules.legal_commands(state, seat))
    if not commands:
        return None
    if policy.level == "random" or len(commands) == 1:
        return commands[rng.below(len(commands))]
    hooks = hooks_of(rules)
    if hooks is None:
        raise ValueError(f"{rules.name} has no {policy.level} bot")
    if policy.level == "greedy":
        return greedy(rules, hooks, state, seat, commands, rng, now_ms)
    from service.bots.search import grow, most_visited  # import here: most games only ever meet random bots

    tuned = tuning(policy.version, rules.name)
    if tuned.root_width is not None:
        commands = shortlist(rules, hooks, state, seat, commands, rng, now_ms, tuned.root_width)
    return most_visited(grow(rules, hooks, state, seat, commands, rng, now_ms, policy.budget, tuned), seat, commands)


SHORTLIST_SAMPLES = 2  # determinizations the one-step ranking is averaged over


def shortlist(
    rules: AnyRules, hooks: Hooks, state: Any, seat: int, commands: Sequence[Any], rng: Rng, now_ms: int, width: int
) -> list[Any]:
    """The `width` commands greedy rates best, best first: a search budget of a few hundred iterations
    cannot even try each of several hundred moves once (an Ant's placements), so it searches these."""
    if len(commands) <= width:
        return list(commands)
    worlds = [hooks.resample(state, seat, rng) for _ in range(SHORTLIST_SAMPLES)]
    rated = []
    for index, command in enumerate(commands):
        values = [v for w in worlds if (v := _after(rules, hooks, w, seat, command, rng, now_ms)) is not None]
        rated.append((-(sum(values) / len(values)) if values else math.inf, index, command))
    rated.sort(key=lambda r: (r[0], r[1]))
    return [command for _, _, command in rated[:width]]


def greedy(rules: AnyRules, hooks: Hooks, state: Any, seat: int, commands: Sequence[Any], rng: Rng, now_ms: int) -> Any:
    """One step ahead: the command whose outcome evaluates best over a few redraws of what is hidden."""
    worlds = [hooks.resample(state, seat, rng) for _ in range(GREEDY_SAMPLES)]
    best, best_value = commands[0], float("-inf")
    for command in commands:
        values = [v for w in worlds if (v := _after(rules, hooks, w, seat, command, rng, now_ms)) is not None]
        value = sum(values) / len(values) if values else float("-inf")
        if value > best_value:
            best, best_value = command, value
    return best


def _after(rules: AnyRules, hooks: Hooks, world: Any, seat: int, command: Any, rng: Rng, now_ms: int) -> float | None:
    try:
        events = rules.decide(world, seat, command, rng, now_ms)
    except IllegalCommand:  # legal for the seat, not in this redraw of the others' hands: skip the world
        return None
    return hooks.evaluate(reduce(rules.evolve, events, world), seat)


def bot_rng(seed: bytes, seat: int, version: int) -> Rng:
    """The bot's own random stream at a version: from the game's seed, apart from every draw of the game."""
    return Rng(seed + f"|bot|{seat}".encode(), version)


Chooser = Callable[[AnyRules, Any, int, Policy, Rng, int], Any]
