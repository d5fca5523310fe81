"""Single-observer information-set MCTS with determinization (Cowling, Powley & Whitehouse 2012).

Each iteration redraws the hidden information (the game's `resample`), walks the one tree of the
bot's information set choosing by UCB1 among the moves available in that redraw, expands one move,
plays the rest at random to a depth bound, and backs up the result for the bot's seat: 1 for an
outright win, a share for a tie, 0 for a loss, or the game's own evaluation where the playout stops
before the end. Moves are the command objects themselves (frozen, hashable). Simultaneous phases
are taken one seat at a time in `status.to_act` order; automatic commands (timeouts) are played
when no seat can act.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import reduce
from typing import Any

from service.bots.policies import Hooks, Tuning
from service.rules.core import AnyRules, IllegalCommand, Rng

TIME_STEP_MS = 800  # a playout's clock advance per ply (real-time games' timers need time to pass)


@dataclass
class _Node:
    visits: int = 0
    reward: float = 0.0
    availability: int = 0
    children: dict[tuple[int | None, Any], _Node] = field(default_factory=dict)


def search(
    rules: AnyRules,
    hooks: Hooks,
    state: Any,
    seat: int,
    commands: Sequence[Any],
    rng: Rng,
    now_ms: int,
    budget: int,
    tuned: Tuning,
) -> Any:
    """With a shortlist (`tuned.root_width`, policy 2 on) the root's moves are `commands`, the seat's own,
    whoever else may act in a simultaneous phase; policy 1 took the first seat of `to_act` there, as it
    still does below the root."""
    root = _Node()
    own: list[tuple[int | None, Any]] | None = [(seat, c) for c in commands] if tuned.root_width else None
    for _ in range(tuned.iterations(budget)):
        world = hooks.resample(state, seat, rng)
        _iterate(rules, hooks, root, world, seat, rng, now_ms, own, tuned)
    mine = {move[1]: node for move, node in root.children.items() if move[0] == seat}
    ranked = [c for c in commands if c in mine]
    if not ranked:
        return commands[0]
    return max(ranked, key=lambda c: (mine[c].visits, mine[c].reward))  # the most visited, as usual


def _iterate(
    rules: AnyRules,
    hooks: Hooks,
    root: _Node,
    world: Any,
    seat: int,
    rng: Rng,
    now_ms: int,
    root_moves: list[tuple[int | None, Any]] | None,
    tuned: Tuning,
) -> None:
    path: list[tuple[_Node, int | None]] = [(root, None)]  # each node with the seat whose move led to it
    node, clock, expanded = root, now_ms, False
    while not rules.status(world).finished:
        moves = root_moves if node is root and root_moves is not None else _moves(rules, world)
        if not moves:
            break
        for move in moves:
            node.children.setdefault(move, _Node()).availability += 1
        tried = [m for m in moves if node.children[m].visits > 0]
        if len(tried) < len(moves) and not expanded:
            untried = [m for m in moves if node.children[m].visits == 0]
            move, expanded = untried[rng.below(len(untried))], True
        elif len(tried) < len(moves):
            break  # one new node per iteration: the playout starts here
        else:
            move = max(tried, key=lambda m: _ucb(node.children[m], tuned.exploration))
        next_world = _play(rules, world, move, rng, clock)
        if next_world is None:
            break
        world, clock = next_world, clock + TIME_STEP_MS
        node = node.children[move]
        path.append((node, move[0]))
        if expanded:
            break
    world = _rollout(rules, world, rng, clock, tuned.rollout)
    rewards: dict[int, float] = {}
    for visited, mover in path:
        # Policy 3 on: a node's reward is its mover's, so the others' moves are chosen for their own good.
        judge = mover if tuned.opponents and mover is not None else seat
        if judge not in rewards:
            rewards[judge] = _result(rules, hooks, world, judge)
        visited.visits += 1
        visited.reward += rewards[judge]


def _ucb(node: _Node, exploration: float) -> float:
    if node.visits == 0:
        return math.inf
    return node.reward / node.visits + exploration * math.sqrt(math.log(max(node.availability, 1)) / node.visits)


def _moves(rules: AnyRules, world: Any) -> list[tuple[int | None, Any]]:
    """The moves of the first seat that can act (one seat at a time), else the automatic ones."""
    for s in rules.status(world).to_act:
        found = rules.legal_commands(world, s)
        if found:
            return [(s, c) for c in found]
    return [(None, c) for c in rules.legal_commands(world, None)]


def _play(rules: AnyRules, world: Any, move: tuple[int | None, Any], rng: Rng, clock: int) -> Any | None:
    try:
        events = rules.decide(world, move[0], move[1], rng, clock)
    except IllegalCommand:
        return None
    return reduce(rules.evolve, events, world)


def _rollout(rules: AnyRules, world: Any, rng: Rng, clock: int, depth: int) -> Any:
    for _ in range(depth):
        if rules.status(world).finished:
            break
        moves = _moves(rules, world)
        if not moves:
            break
        played = _play(rules, world, moves[rng.below(len(moves))], rng, clock)
        if played is None:
            break
        world, clock = played, clock + TIME_STEP_MS
    return world


def _result(rules: AnyRules, hooks: Hooks, world: Any, seat: int) -> float:
    if rules.status(world).finished:
        winners = rules.winners(world)
        return 1.0 / len(winners) if seat in winners else 0.0
    return max(0.0, min(1.0, hooks.evaluate(world, seat)))
