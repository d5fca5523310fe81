"""End-of-game scoring (§7, AT-91..AT-97), the solo goal and challenges (§8), status, scores, winners."""

from __future__ import annotations

from dataclasses import dataclass

from service.rules.atiwa.data.cards import CARD_POINTS, Location
from service.rules.atiwa.data.challenges import Challenge
from service.rules.atiwa.data.pieces import BOARD_ROWS, FREE_BATS, ROW_VALUE, SUPPLY_SIZE, TRAINED_BONUS, Item
from service.rules.atiwa.fields import count, location_counts, pollution_count, trained_count
from service.rules.atiwa.messages_maintenance import Result
from service.rules.atiwa.state import Phase, Player, State, Step, challenge, current_seat
from service.rules.core import Outcome, Status
from service.rules.kit import placements


def board_points(p: Player) -> int:
    """AT-93: the value of the rightmost empty space of each supply-board row (0 with nothing taken)."""
    return sum(ROW_VALUE[kind][p.taken[i]] for i, kind in enumerate(BOARD_ROWS))


def result(p: Player) -> Result:
    """The six categories of §7 (AT-91..AT-96), their total, and the pollution markers for AT-97."""
    gold = p.gold
    cards = sum(CARD_POINTS[c.cid] for c in p.cards)
    board = board_points(p)
    trained = trained_count(p) * TRAINED_BONUS
    bats = max(0, count(p, Item.BAT) - FREE_BATS)
    shortage = -p.penalty
    total = gold + cards + board + trained + bats + shortage
    return Result(gold, cards, board, trained, bats, shortage, total, pollution_count(p))


def ranking_winners(results: tuple[Result, ...]) -> tuple[int, ...]:
    """AT-97: highest total; tie-break fewer pollution markers; still tied -> shared victory."""
    best = max(r.total for r in results)
    tied = [i for i, r in enumerate(results) if r.total == best]
    least = min(results[i].pollution for i in tied)
    return tuple(i for i in tied if results[i].pollution == least)


@dataclass(frozen=True, slots=True)
class GoalCheck:
    """One condition of the solo goal or a challenge: what it asks (`count` of `key`), what is there now (`have`)."""

    key: str  # points, bats, towns, families, locations, gold, pollution
    text: str
    met: bool
    count: int
    have: int
    cards: tuple[tuple[Location, int], ...] = ()  # locations: exactly these


def goal_conditions(ch: Challenge, p: Player, res: Result) -> list[GoalCheck]:
    """Each condition of the solo goal or challenge (AT-100, AT-C1..AT-C8) and whether it holds."""
    points = ch.min_points
    out = [GoalCheck("points", f"at least {points} points", res.total >= points, points, res.total)]
    if ch.min_bats:
        bats = count(p, Item.BAT)
        out.append(GoalCheck("bats", f"at least {ch.min_bats} bats", bats >= ch.min_bats, ch.min_bats, bats))
    locations = location_counts(p)
    if ch.min_towns:
        towns = locations[str(Location.TOWN)]
        out.append(GoalCheck("towns", f"at least {ch.min_towns} towns", towns >= ch.min_towns, ch.min_towns, towns))
    if ch.all_families:
        total, families = SUPPLY_SIZE[Item.FAMILY], count(p, Item.FAMILY)
        out.append(GoalCheck("families", f"all {total} families on cards", families == total, total, families))
    if ch.exact_locations:
        wanted = ", ".join(f"{n} {str(kind).lower()}" for kind, n in ch.exact_locations)
        ok = all(locations[str(kind)] == n for kind, n in ch.exact_locations)
        need, have = sum(n for _, n in ch.exact_locations), sum(locations.values())
        text = f"exactly these location cards: {wanted}"
        out.append(GoalCheck("locations", text, ok, need, have, ch.exact_locations))
    if ch.min_gold:
        out.append(GoalCheck("gold", f"at least {ch.min_gold} gold", p.gold >= ch.min_gold, ch.min_gold, p.gold))
    if ch.no_pollution:
        out.append(GoalCheck("pollution", "no pollution marker", res.pollution == 0, 0, res.pollution))
    return out


def goal_met(state: State, results: tuple[Result, ...]) -> bool | None:
    ch = challenge(state)
    if ch is None:
        return None
    return all(c.met for c in goal_conditions(ch, state.players[0], results[0]))


def final_winners(state: State, results: tuple[Result, ...]) -> tuple[int, ...]:
    if state.seats == 1:  # solo: you win by reaching the goal (AT-100)
        return (0,) if goal_met(state, results) else ()
    return ranking_winners(results)


def status(state: State) -> Status:
    if state.phase is Phase.FINISHED:
        phase = "finished"
        if state.goal_met is not None:
            phase += ": goal met" if state.goal_met else ": goal not met"
        return Status(phase=phase, finished=True)
    if state.phase is Phase.WORK:
        return Status(phase="work", to_act=(current_seat(state),))
    if state.phase is Phase.MAINTENANCE:
        waiting = tuple(i for i, p in enumerate(state.players) if p.task.step not in (Step.DONE, Step.IDLE))
        return Status(phase="maintenance", to_act=waiting)
    return Status(phase=str(state.phase))


def scores(state: State) -> tuple[int, ...]:
    if state.results:
        return tuple(r.total for r in state.results)
    return tuple(result(p).total for p in state.players)


def winners(state: State) -> tuple[int, ...]:
    return state.winners if state.phase is Phase.FINISHED else ()


def outcome(state: State) -> Outcome | None:
    """Why the game ended (AT-90; solo: the goal, AT-100), each seat's place, and the tie rule applied (AT-97)."""
    if state.phase is not Phase.FINISHED or not state.results:
        return None
    totals = tuple(r.total for r in state.results)
    if state.seats == 1:
        ch = challenge(state)
        name = ch.name if ch is not None else "solo"
        verdict = "met" if state.goal_met else "not met"
        return Outcome(
            f"round 7 is over and scored: the {name} goal is {verdict} (AT-100)",
            placements(state.winners, totals),
            reason_key=f"atiwa.end.solo_goal_{'met' if state.goal_met else 'missed'}",
            params={"challenge": state.challenge},
        )
    tie_key, tie = tie_decided(state)
    return Outcome(
        "round 7's breeding is over and the game is scored (AT-90)",
        placements(state.winners, totals),
        tie,
        reason_key="atiwa.end.scored",
        tie_key=f"atiwa.tie.{tie_key}" if tie_key else "",
    )


def tie_rule(state: State) -> str:
    """AT-97 in words, or "" when the highest total alone decided."""
    return tie_decided(state)[1]


def tie_decided(state: State) -> tuple[str, str]:
    """(its key, its words) of AT-97 as it decided, or ("", "") when the highest total alone did."""
    best = max(r.total for r in state.results)
    tied = [r for r in state.results if r.total == best]
    if len(tied) == 1:
        return "", ""
    if len(state.winners) < len(tied):
        return "pollution", "equal totals: the player with fewer pollution markers wins (AT-97)"
    return "shared", "equal totals and equal pollution markers: the tied players share the victory (AT-97)"
