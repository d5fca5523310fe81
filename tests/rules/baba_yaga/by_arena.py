"""Baba Yaga played by bots as the server plays them (service/runtime/bot_runner.py), on a synthetic clock.

Every seat is a bot with a level; a seat that is to act moves when its pace says (service/bots/pace.py:
a person's wait by default, or a fixed `think_ms`, never before the rules accept the move; a save does
not postpone a move already due); a refused move (a lost race) is decided again `retry_ms` later;
the service's automatic command (a timeout) is submitted once `status().wake_at_ms` has passed.
Mode R rounds therefore run in (synthetic) real time: the flyers step the witch at their pace while
the searcher searches at his.

`python -m tests.rules.baba_yaga.by_arena` prints the measurements of issue 20 (no assertion).
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from service.bots import Policy, choose, pace
from service.bots.policies import SEARCH_BUDGET, bot_rng
from service.rules import baba_yaga as by
from service.rules.baba_yaga.messages import FinishReason, SpellRevealed, TurnEnded, WitchStepped
from service.rules.core import IllegalCommand
from service.runtime.bot_runner import RETRY_MS
from tests.support.playout import Playout, start


@dataclass
class Result:
    playout: Playout
    winners: tuple[int, ...]
    reason: FinishReason | None
    move_ms: dict[str, list[float]] = field(default_factory=dict)  # level -> ms per decided move
    refused: Counter[str] = field(default_factory=Counter)

    def count(self, event_type: type) -> int:
        return sum(1 for e in self.playout.history if isinstance(e, event_type))


def play_bots(
    levels: list[str],
    seed: bytes,
    options: dict[str, Any] | None = None,
    think_ms: int = 0,
    retry_ms: int = RETRY_MS,
    pace_name: str = "person",
    budget: int = SEARCH_BUDGET,
    max_moves: int = 20000,
) -> Result:
    seats = len(levels)
    p = start(by, seats, seed, options)
    policies = [Policy(level, budget) for level in levels]
    result = Result(p, (), None)
    due: dict[int, int] = {}
    spec = {"think_ms": think_ms} if think_ms else {"pace": pace_name}
    for _ in range(max_moves):
        st = by.status(p.state)
        if st.finished:
            break
        for seat in st.to_act:
            if seat not in due:
                due[seat] = pace.wait(by, p.state, seat, spec, seed, 1 + len(p.history), p.now_ms).due_ms
        for seat in [s for s in due if s not in st.to_act]:
            del due[seat]
        wake = st.wake_at_ms
        nxt = min([*due.values(), *([wake] if wake is not None else [])])
        p.now_ms = max(p.now_ms, nxt)
        if wake is not None and p.now_ms >= wake and (auto := by.legal_commands(p.state, None)):
            p.submit(None, auto[0])
            continue
        seat = min(due, key=lambda s: (due[s], s))
        del due[seat]
        began = time.perf_counter()
        rng = bot_rng(seed, seat, 1 + len(p.history))
        command = choose(by, p.state, seat, policies[seat], rng, p.now_ms)
        result.move_ms.setdefault(levels[seat], []).append((time.perf_counter() - began) * 1000)
        if command is None:
            continue
        try:
            p.submit(seat, command)
        except IllegalCommand as exc:
            result.refused[exc.code if hasattr(exc, "code") else str(exc)] += 1
            due[seat] = p.now_ms + retry_ms
    result.winners = by.winners(p.state)
    result.reason = p.state.finish_reason
    return result


def _rounds_with_a_flyers_step(result: Result) -> int:
    """Rounds (a spell revealed .. its turn ended) in which a flyer, not the timeout, stepped the witch."""
    rounds, stepped = 0, False
    for event in result.playout.history:
        if isinstance(event, SpellRevealed):
            stepped = False
        elif isinstance(event, WitchStepped) and not event.auto:
            stepped = True
        elif isinstance(event, TurnEnded) and stepped:
            rounds, stepped = rounds + 1, False
    return rounds


def _summary(label: str, results: list[Result], bot: int | None) -> str:
    n = len(results)
    by_rules = sum(1 for r in results if r.reason is FinishReason.THIRD_SPELL)
    parts = [f"{label}: {n} games, ended by a third spell {by_rules / n:.0%}"]
    if bot is not None:
        wins = sum(1 / len(r.winners) for r in results if bot in r.winners)
        parts.append(f"seat {bot} win share {wins / n:.0%}")
    spells = statistics.mean(sum(r.playout.state.casts()) for r in results)
    steps = statistics.mean(
        sum(1 for e in r.playout.history if isinstance(e, WitchStepped) and not e.auto) for r in results
    )
    rounds = statistics.mean(r.count(SpellRevealed) for r in results)
    stepped = sum(_rounds_with_a_flyers_step(r) for r in results) / max(1, sum(r.count(SpellRevealed) for r in results))
    parts.append(f"spells/game {spells:.1f}, rounds/game {rounds:.1f}, flyer steps/game {steps:.1f}")
    parts.append(f"rounds with a flyer's step {stepped:.0%}")
    return "; ".join(parts)


MATCHUPS: tuple[tuple[str, ...], ...] = (
    ("greedy", "random"),
    ("search", "random"),
    ("search", "greedy"),
    ("random", "random"),
    ("greedy", "greedy"),
    ("random", "random", "random"),
    ("greedy", "greedy", "greedy"),
)


def measure(levels: tuple[str, ...], mode: str, games: int, budget: int) -> str:
    """One line: the first level's win share (seats alternating in two-player games), rules' endings, ms/move."""
    duel = len(levels) == 2 and levels[0] != levels[1]
    results, times = [], []
    for g in range(games):
        order = list(levels[::-1] if duel and g % 2 else levels)
        r = play_bots(order, f"arena-{mode}-{g}".encode(), {"mode": mode}, budget=budget)
        if duel and g % 2:  # the first level sat in seat 1: count its wins as seat 0's
            r.winners = tuple(1 - w for w in r.winners)
        results.append(r)
        times += r.move_ms.get(levels[0], [])
    line = _summary(f"mode {mode} {'/'.join(levels)}", results, 0 if duel else None)
    if times and levels[0] != "random":
        times.sort()
        line += f"; {levels[0]} ms/move median {statistics.median(times):.1f}, p95 {times[int(0.95 * len(times))]:.1f}"
    return line


def main(argv: list[str]) -> None:
    """[games] [search games] [search budget] [mode...]"""
    games = int(argv[0]) if argv else 20
    search_games = int(argv[1]) if len(argv) > 1 else 4
    budget = int(argv[2]) if len(argv) > 2 else SEARCH_BUDGET
    modes = argv[3:] or ["T", "R"]
    for mode in modes:
        for levels in MATCHUPS:
            count = search_games if "search" in levels else games
            if count:
                print(measure(levels, mode, count, budget), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
