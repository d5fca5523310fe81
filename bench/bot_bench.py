"""`make bot-bench`: how well each bot level plays each game, and how long a move takes.

    python -m bench.bot_bench                          # 200 games per match-up (the issue's figure)
    python -m bench.bot_bench --games 20 --rules hare-and-tortoise --match search-greedy --policy 2

For every game at 2 players (Antics in its two-player variant): search against random and against greedy,
greedy against random, seats alternating between games (so neither side always starts); a match-up's
share counts a win as 1 and a shared win as 1/winners. For Atiwa alone (its solo game) the average score
and challenges met of each level. Also the median and 95th-percentile milliseconds (process time) a move
of each level takes at the default budget, measured in the same run, and the share of games that ended
by the rules' own ending: a game that hits the ply bound, or one whose outcome says a turn limit ended
it, does not count.

Games are played in process straight on the rules (as the server's BotRunner decides, without the gRPC
and store around it), with the bots' own random streams from each game's seed; the clock advances
the server's way: a seat's move is due when its pace says (service/bots/pace.py, at the pace the server
gives an all-bot table of that game: fast, or a person's in Baba Yaga's Mode R; never before the rules
accept the move), the earliest due moves first, a refused move is decided again 150 ms later, and the
service's automatic command comes once the game's wake time has passed. `make bot-race-bench` plays
Baba Yaga through a real server instead.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import reduce
from typing import Any

import click

from service.bots import pace
from service.bots.policies import LEVELS, POLICY_VERSION, POLICY_VERSIONS, Policy, bot_rng, choose, supported
from service.rules.baba_yaga.messages import RoundEnded, SpellRevealed, WitchStepped
from service.rules.catalog import RULES, rules_for
from service.rules.core import AnyRules, IllegalCommand, Rng, normalize_options

MAX_PLIES = 20000  # bound: a game that has not ended by then did not end by its rules
RETRY_MS = 150  # as the server's bots (service/runtime/bot_runner.py)
MATCHES = (("search", "random"), ("search", "greedy"), ("greedy", "random"))
SOLO_CHALLENGES = 8  # Atiwa solo: game n plays challenge n % 9 (0: the plain goal, 120 points; AT-100, AT-C1..C8)
RACE_GAMES, RACE_SEATS = 50, 3  # Baba Yaga Mode R with three bots of one level (the check)
TWO_PLAYERS: dict[str, dict[str, Any]] = {"antics": {"two_player_variant": True}}  # options a 2-player game needs


@dataclass
class Played:
    placements_share: list[float]  # per seat: 1 / winners for a winner, else 0
    scores: list[int]
    by_rules: bool
    challenges_met: bool  # solo: the goal was met (the seat won)
    move_ms: dict[str, list[float]] = field(default_factory=dict)  # level -> ms per move
    events: list[Any] = field(default_factory=list)  # the game's events, setup included


def play(
    rules: AnyRules, levels: Sequence[str], seed: bytes, options: dict[str, Any], policy: int = POLICY_VERSION
) -> Played:
    seats = len(levels)
    opts = normalize_options(rules.metadata, seats, options)
    state = rules.initial_state(seats, opts)
    history = list(rules.setup(opts, seats, Rng(seed, 1)))
    state = reduce(rules.evolve, history, state)
    clock = 0
    timings: dict[str, list[float]] = {}
    due: dict[int, int] = {}  # seat -> when its move is due (the server's BotRunner: its pace after it can act)
    spec = {"pace": pace.default_pace(rules, opts, people=0)}
    for _ in range(MAX_PLIES):
        status = rules.status(state)
        if status.finished:
            break
        for s in status.to_act:
            if s not in due:
                due[s] = pace.wait(rules, state, s, spec, seed, 1 + len(history), clock).due_ms
        for s in [s for s in due if s not in status.to_act]:
            del due[s]
        wake = getattr(status, "wake_at_ms", None)
        if not due and wake is None:
            break  # nobody can move the game on: it did not end by its rules
        clock = max(clock, min([*due.values(), *([wake] if wake is not None else [])]))
        version = 1 + len(history)
        seat: int | None = None  # None: the service's automatic command
        if wake is not None and clock >= wake and (automatic := rules.legal_commands(state, None)):
            command = automatic[0]
        else:
            seat = bot = min(due, key=lambda s: (due[s], s))
            del due[bot]
            started = time.process_time()
            command = choose(rules, state, bot, Policy(levels[bot], version=policy), bot_rng(seed, bot, version), clock)
            timings.setdefault(levels[bot], []).append((time.process_time() - started) * 1000)
            if command is None:
                continue
        try:
            events = rules.decide(state, seat, command, Rng(seed, version), clock)
        except IllegalCommand:  # too soon in a real-time game: the server decides again a little later
            if seat is None:
                raise
            due[seat] = clock + RETRY_MS
            continue
        history += events
        state = reduce(rules.evolve, events, state)
    finished = rules.status(state).finished
    outcome = rules.outcome(state) if finished else None
    by_rules = finished and (outcome is None or "turn limit" not in outcome.reason.lower())
    winners = list(rules.winners(state)) if finished else []
    share = [1.0 / len(winners) if s in winners else 0.0 for s in range(seats)]
    scores = list(rules.scores(state)) if finished else [0] * seats
    return Played(share, scores, by_rules, seats == 1 and share[0] > 0, timings, history)


def match(
    rules: AnyRules, a: str, b: str, games: int, options: dict[str, Any], version: int = POLICY_VERSION
) -> dict[str, Any]:
    share, ended = 0.0, 0
    times: dict[str, list[float]] = {a: [], b: []}
    for n in range(games):
        levels = (a, b) if n % 2 == 0 else (b, a)
        done = play(rules, levels, f"bot-bench|{rules.name}|{a}-{b}|{n}".encode(), options, version)
        share += done.placements_share[levels.index(a)]
        ended += done.by_rules
        for level, ms in done.move_ms.items():
            times[level].extend(ms)
    return {
        "match": f"{a} vs {b}",
        "games": games,
        f"{a}_share": round(share / games, 3),
        "ended_by_rules": round(ended / games, 3),
        **_times(times),
    }


def _times(times: dict[str, list[float]]) -> dict[str, float]:
    out = {}
    for level, ms in times.items():
        if ms:
            ms = sorted(ms)
            out[f"{level}_median_ms"] = round(statistics.median(ms), 1)
            out[f"{level}_p95_ms"] = round(ms[min(len(ms) - 1, int(0.95 * len(ms)))], 1)
    return out


def solo(
    rules: AnyRules, level: str, games: int, options: dict[str, Any], version: int = POLICY_VERSION
) -> dict[str, Any]:
    scores, met, ended, ms = [], [], 0, []
    for n in range(games):
        challenge = {"challenge": n % (SOLO_CHALLENGES + 1)} if rules.name == "atiwa" else {}
        done = play(rules, (level,), f"bot-bench|{rules.name}|solo-{level}|{n}".encode(), options | challenge, version)
        scores.append(done.scores[0])
        met.append(done.challenges_met)
        ended += done.by_rules
        ms.extend(done.move_ms.get(level, []))
    return {
        "match": f"{level} solo",
        "games": games,
        "average_score": round(statistics.mean(scores), 2),
        "goal_met": round(statistics.mean(met), 3),
        "ended_by_rules": round(ended / games, 3),
        **_times({level: ms}),
    }


def race(level: str, games: int, seats: int = RACE_SEATS, version: int = POLICY_VERSION) -> dict[str, Any]:
    """Baba Yaga Mode R with `seats` bots of one level: do the flyers step the witch in every round (a
    round: from the spell revealed to the check), are spells cast, does the game end by a third spell?"""
    rules = rules_for("baba-yaga")
    rounds = stepped = spells = ended = 0
    for n in range(games):
        seed = f"bot-bench|baba-yaga|race-{level}|{n}".encode()
        done = play(rules, (level,) * seats, seed, {"mode": "R"}, version)
        ended += done.by_rules
        flown = False
        for event in done.events:
            if isinstance(event, SpellRevealed):
                flown = False
            elif isinstance(event, WitchStepped) and not event.auto:
                flown = True
            elif isinstance(event, RoundEnded):
                rounds += 1
                stepped += flown
                spells += event.cast
    return {
        "rules": "baba-yaga",
        "match": f"{seats} {level} Mode R",
        "games": games,
        "rounds_flown": round(stepped / rounds, 3) if rounds else 0.0,
        "spells_per_game": round(spells / games, 2),
        "ended_by_rules": round(ended / games, 3),
    }


@click.command()
@click.option("--games", default=200, show_default=True, help="games per match-up")
@click.option("--rules", "names", multiple=True, help="only these games (default: all five)")
@click.option("--match", "only", multiple=True, help="only these match-ups, e.g. search-greedy (solo: search)")
@click.option("--policy", "version", default=POLICY_VERSION, show_default=True, help="the bots' policy version")
@click.option(
    "--race-games", default=RACE_GAMES, show_default=True, help="Baba Yaga Mode R games of three bots per level"
)
@click.option("--json", "as_json", is_flag=True, help="one JSON document instead of the table")
def main(
    games: int, names: tuple[str, ...], only: tuple[str, ...], version: int, race_games: int, as_json: bool
) -> None:
    """Bot levels against each other in every game; win shares, move times, games ended by the rules."""
    if version not in POLICY_VERSIONS:
        raise click.BadParameter(f"the policy versions are {list(POLICY_VERSIONS)}", param_hint="--policy")
    rows: list[dict[str, Any]] = []
    for name in names or sorted(RULES):
        rules = rules_for(name)
        if not supported(rules, "search"):
            rows.append({"rules": name, "match": "-", "skipped": "no bot hooks (random only)"})
            continue
        if rules.metadata.min_players == 1:  # a solo game (Atiwa): each level alone, for its score and goal
            for level in (lv for lv in LEVELS if not only or lv in only):
                rows.append({"rules": name, **solo(rules, level, games, {}, version)})
                click.echo(f"{name}: {rows[-1]}", err=True)
            continue
        for a, b in (m for m in MATCHES if not only or f"{m[0]}-{m[1]}" in only):
            rows.append({"rules": name, **match(rules, a, b, games, TWO_PLAYERS.get(name, {}), version)})
            click.echo(f"{name}: {rows[-1]}", err=True)
    if race_games and (not names or "baba-yaga" in names):
        for level in ("random", "greedy"):
            rows.append(race(level, race_games, version=version))
            click.echo(f"baba-yaga: {rows[-1]}", err=True)
    if as_json:
        click.echo(json.dumps(rows, indent=2))
        return
    _table(rows, version)


def _table(rows: list[dict[str, Any]], version: int) -> None:
    click.echo(f"policy version {version}")
    click.echo(f"{'game':<22}{'match-up':<18}{'games':>6}{'share/avg':>11}{'goal met':>9}{'by rules':>9}  ms/move")
    for r in rows:
        if "skipped" in r:
            click.echo(f"{r['rules']:<22}{'':<18}  skipped: {r['skipped']}")
            continue
        if "rounds_flown" in r:
            click.echo(
                f"{r['rules']:<22}{r['match']:<18}{r['games']:>6}  rounds with a flyer's step {r['rounds_flown']}, "
                f"spells a game {r['spells_per_game']}, ended by a third spell {r['ended_by_rules']}"
            )
            continue
        value = r.get("average_score", next((v for k, v in r.items() if k.endswith("_share")), ""))
        goal = r.get("goal_met", "")
        ms = ", ".join(
            f"{k.removesuffix('_median_ms')} median {v} p95 {r[k.replace('median', 'p95')]}"
            for k, v in r.items()
            if k.endswith("_median_ms")
        )
        click.echo(f"{r['rules']:<22}{r['match']:<18}{r['games']:>6}{value:>11}{goal:>9}{r['ended_by_rules']:>9}  {ms}")
    click.echo("goals: search beats random in >= 80% and greedy in >= 55%; a search move <= 200 ms; >= 95% by rules")
    click.echo("Mode R, three bots: random flyers step in every round and cast spells; greedy >= 95% by a third spell")


if __name__ == "__main__":
    sys.exit(main())
