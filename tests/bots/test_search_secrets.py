"""Policy 4's search lets the other seats choose without seeing the bot's secret moves.

The game here is a bluff in its barest form (the shape of GA-13/GA-20, where the Ant hides a path type
and the Cicada guesses it): seat 0 secretly picks a side, seat 1 then names one; seat 0 wins when the
guess is wrong. Searched with the opponent choosing at the bot's own tree node, seat 1 "knows" the
secret and every pick looks lost; with the opponent's statistics kept for what it saw, a pick is worth
about what a guessing opponent leaves it, one half.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from service.bots.policies import Policy, Tuning, choose
from service.bots.search import SECRET, _seen, grow
from service.rules import grasshopper_ant as ga
from service.rules.core import Rng
from service.rules.grasshopper_ant.state import Phase, pawned_types
from tests.support.playout import start


@dataclass(frozen=True)
class Pick:
    side: str


@dataclass(frozen=True)
class Guess:
    side: str


@dataclass(frozen=True)
class World:
    picked: str | None = None
    guessed: str | None = None


@dataclass(frozen=True)
class Status:
    finished: bool
    to_act: tuple[int, ...]


class Bluff:
    """A rules object and its bot hooks in one, as a game package is."""

    name = "bluff"

    def status(self, w: World) -> Status:
        if w.guessed is not None:
            return Status(True, ())
        return Status(False, (0,) if w.picked is None else (1,))

    def legal_commands(self, w: World, seat: int | None) -> list[Any]:
        if seat == 0 and w.picked is None:
            return [Pick("left"), Pick("right")]
        if seat == 1 and w.picked is not None and w.guessed is None:
            return [Guess("left"), Guess("right")]
        return []

    def decide(self, w: World, seat: int | None, command: Any, rng: Rng, now_ms: int) -> list[Any]:
        return [command]

    def evolve(self, w: World, event: Any) -> World:
        return replace(w, picked=event.side) if isinstance(event, Pick) else replace(w, guessed=event.side)

    def winners(self, w: World) -> tuple[int, ...]:
        return (1,) if w.guessed == w.picked else (0,)

    def resample(self, w: World, seat: int, rng: Rng) -> World:
        return w

    def evaluate(self, w: World, seat: int) -> float:
        return 0.5

    def secret(self, command: Any) -> bool:
        return isinstance(command, Pick)


def _root_worth(observed: bool) -> float:
    """The bot's (seat 0's) average reward over its root moves after a search."""
    game = Bluff()
    tuned = Tuning(root_width=12, rollout=2, opponents=True, observed=observed)
    picks = game.legal_commands(World(), 0)
    root = grow(game, game, World(), 0, picks, Rng(b"bluff", 1), 0, 400, tuned)
    visits = sum(child.visits for child in root.children.values())
    return sum(child.reward for child in root.children.values()) / visits


def test_the_opponent_guesses_without_the_secret_under_policy_4() -> None:
    assert _root_worth(observed=True) > 0.35  # a guessing opponent: about one half


def test_policy_3_let_the_opponent_see_the_secret() -> None:
    assert _root_worth(observed=False) < 0.15  # the tree's opponent always guessed right


def test_a_path_shows_another_seats_secret_only_as_made() -> None:
    history = [(0, Pick("left")), (1, Guess("right"))]
    secret = Bluff().secret
    assert _seen(history, 1, secret) == ((0, SECRET), (1, Guess("right")))
    assert _seen(history, 0, secret) == tuple(history)


def test_the_cicadas_search_does_not_depend_on_the_ants_secret() -> None:
    """GA-13/GA-20 in the real game: two positions that differ only in the Ant's face-down marker give the
    Cicada's policy-4 search the same guess (it sees the marker only through its redraws)."""
    p = start(ga, 2, b"secret-marker")
    for _ in range(200):  # bounded: a round's placement and marker come within a few commands
        if p.state.phase is Phase.CICADA:
            break
        seat, command = p.candidates()[0]
        p.submit(seat, command)
    state = p.state
    assert state.phase is Phase.CICADA and len(pawned_types(state)) > 1
    other = next(t for t in pawned_types(state) if t != state.markers[state.ant])
    markers = list(state.markers)
    markers[state.ant] = other
    swapped = replace(state, markers=tuple(markers))
    policy = Policy("search", budget=40, version=4)
    first = choose(ga, state, state.cicada, policy, Rng(b"bot", 1), p.now_ms)
    second = choose(ga, swapped, state.cicada, policy, Rng(b"bot", 1), p.now_ms)
    assert first == second
