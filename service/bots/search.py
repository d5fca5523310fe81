"""Single-observer information-set MCTS with determinization (Cowling, Powley & Whitehouse 2012).

Each iteration redraws the hidden information (the game's `resample`), walks the one tree of the
bot's information set choosing by UCB1 among the moves available in that redraw, expands one move,
plays the rest at random to a depth bound, and backs up the result for the bot's seat: 1 for an
outright win, a share for a tie, 0 for a loss, or the game's own evaluation where the playout stops
before the end. Moves are the command objects themselves (frozen, hashable). Simultaneous phases
are taken one seat at a time in `status.to_act` order; automatic commands (timeouts) are played
when no seat can act.

Policy 4 on (`Tuning.observed`), another seat chooses by statistics kept for what *it* has seen of the
path, not by the bot's tree node: a secret move (the game's `secret` hook, e.g. the Ant's marker) shows
to the others only as "a secret move by seat s". Without this the tree lets the opponent choose knowing
the bot's secret (the Cicada always guesses right), so every secret choice looks alike and the bot
bluffs no better than at random; with it each opponent decision is shared across the bot's secrets, as
in multiple-observer IS-MCTS (Cowling, Powley & Whitehouse 2012, section 5).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import reduce
from typing import Any

from service.bots.policies import Hooks, Tuning
from service.rules.core import AnyRules, IllegalCommand, Rng

SECRET = "secret"  # what another seat's secret move looks like in a path as a seat saw it
TIME_STEP_MS = 800  # a playout's clock advance per ply (real-time games' timers need time to pass)


@dataclass
class _Node:
    visits: int = 0
    reward: float = 0.0
    availability: int = 0
    children: dict[tuple[int | None, Any], _Node] = field(default_factory=dict)


def grow(
    rules: AnyRules,
    hooks: Hooks,
    state: Any,
    seat: int,
    commands: Sequence[Any],
    rng: Rng,
    now_ms: int,
    budget: int,
    tuned: Tuning,
) -> _Node:
    """The search tree after the budget's iterations: its root's children are the moves searched. With a
    shortlist (`tuned.root_width`, policy 2 on) the root's moves are `commands`, the seat's own, whoever
    else may act in a simultaneous phase; policy 1 took the first seat of `to_act` there, as it still
    does below the root."""
    root = _Node()
    own: list[tuple[int | None, Any]] | None = [(seat, c) for c in commands] if tuned.root_width else None
    seen: dict[tuple[Any, ...], _Node] = {}  # (path as a seat saw it, move) -> that seat's statistics
    for _ in range(tuned.iterations(budget)):
        world = hooks.resample(state, seat, rng)
        _iterate(rules, hooks, root, world, seat, rng, now_ms, own, tuned, seen)
    return root


def most_visited(root: _Node, seat: int, commands: Sequence[Any]) -> Any:
    """The seat's root move searched most often (ties: the better rewarded), as usual for MCTS."""
    mine = {move[1]: node for move, node in root.children.items() if move[0] == seat}
    ranked = [c for c in commands if c in mine]
    if not ranked:
        return commands[0]
    return max(ranked, key=lambda c: (mine[c].visits, mine[c].reward))


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
    seen: dict[tuple[Any, ...], _Node],
) -> None:
    # each step: the tree node reached, the seat whose move led to it, and that seat's own statistics
    path: list[tuple[_Node, int | None, _Node | None]] = [(root, None, None)]
    node, clock = root, now_ms
    history: list[tuple[int | None, Any]] = []
    secret = getattr(hooks, "secret", None) if tuned.observed else None
    while not rules.status(world).finished:
        moves = root_moves if node is root and root_moves is not None else _moves(rules, world)
        if not moves:
            break
        mover = moves[0][0]
        seen_by = _seen(history, mover, secret) if secret is not None and mover not in (seat, None) else None
        for m in moves:
            node.children.setdefault(m, _Node()).availability += 1
        stats = node.children
        if seen_by is not None:  # the others choose by what they have seen, not by the bot's node
            stats = {m: seen.setdefault((seen_by, m), _Node()) for m in moves}
            for m in moves:
                stats[m].availability += 1
        untried = [m for m in moves if stats[m].visits == 0]
        if untried:
            move = untried[rng.below(len(untried))]
        else:
            move = max(moves, key=lambda m: _ucb(stats[m], tuned.exploration))
        next_world = _play(rules, world, move, rng, clock)
        if next_world is None:
            break
        world, clock = next_world, clock + TIME_STEP_MS
        history.append(move)
        node = node.children[move]
        path.append((node, move[0], stats[move] if seen_by is not None else None))
        if node.visits == 0:
            break  # one new tree node per iteration: the playout starts here
    _back_up(rules, hooks, _rollout(rules, world, rng, clock, tuned.rollout), seat, path, tuned)


def _seen(history: list[tuple[int | None, Any]], observer: int | None, secret: Any) -> tuple[Any, ...]:
    """The path so far as `observer` saw it: another seat's secret move shows only as made."""
    return tuple((m[0], SECRET) if m[0] != observer and m[0] is not None and secret(m[1]) else m for m in history)


def _back_up(
    rules: AnyRules,
    hooks: Hooks,
    world: Any,
    seat: int,
    path: list[tuple[_Node, int | None, _Node | None]],
    tuned: Tuning,
) -> None:
    rewards: dict[int, float] = {}
    for visited, mover, shared in path:
        # Policy 3 on: a node's reward is its mover's, so the others' moves are chosen for their own good.
        judge = mover if tuned.opponents and mover is not None else seat
        if judge not in rewards:
            rewards[judge] = _result(rules, hooks, world, judge)
        for stats in (visited, shared) if shared is not None else (visited,):
            stats.visits += 1
            stats.reward += rewards[judge]


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
