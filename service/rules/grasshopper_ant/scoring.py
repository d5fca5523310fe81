"""Scores, winners with their tie-breaks, and where the game stands (status)."""

from __future__ import annotations

from collections import Counter

from service.rules.core import Outcome, Status
from service.rules.grasshopper_ant.data import (
    BEETLE_VP,
    CARD_VP,
    FULL_SHELVES_TO_END,
    INSECT_POINTS,
    PAIR_VP,
    PROVISION_COPIES,
    SHELF_POINTS,
    SHELF_POSITIONS,
    VICTORY_VP,
    Power,
    card_insect,
    provision_kind,
)
from service.rules.grasshopper_ant.messages import EndReason
from service.rules.grasshopper_ant.state import Phase, State, choosers, holds
from service.rules.kit import placements

# --- Autumn (GA-90..92) ----------------------------------------------------------------------


def shelf_points(shelves: tuple[int, ...]) -> int:
    """GA-90: each shelf scores by its cube position (0, 1, 3, 6, 10)."""
    return sum(SHELF_POINTS[p] for p in shelves)


def insect_points(pile: tuple[str, ...]) -> int:
    """GA-91 (table GA-G3): per insect kind, 1/3/6/10 points for 1/2/3/4 cards."""
    kinds = Counter(card_insect(c) for c in pile)
    return sum(INSECT_POINTS[min(k, len(INSECT_POINTS) - 1)] for insect, k in kinds.items() if insect is not None)


def autumn_score(state: State, seat: int) -> int:
    return shelf_points(state.shelves[seat]) + insect_points(state.insect_piles[seat])


def full_shelves(state: State, seat: int) -> int:
    return sum(p == SHELF_POSITIONS for p in state.shelves[seat])


def autumn_ended_by_shelves(state: State) -> bool:
    """GA-70a: someone has cubes on position 4 of two different shelves."""
    return any(full_shelves(state, s) >= FULL_SHELVES_TO_END for s in range(state.seats))


def autumn_winners(state: State) -> tuple[int, ...]:
    """GA-92: highest total; tie -> more insect Path cards; still tied -> shared victory."""
    key = {s: (autumn_score(state, s), len(state.insect_piles[s])) for s in range(state.seats)}
    best = max(key.values())
    return tuple(s for s in range(state.seats) if key[s] == best)


# --- Winter (GA-85, GA-75, GA-77) --------------------------------------------------------------


def victory_points(state: State, seat: int) -> int:
    """GA-85: 1 VP per Provision card, a full pair 3 instead of 2; GA-P2: +1 with the Beetle."""
    kinds = Counter(provision_kind(p).id for p in state.provisions[seat])
    vp = sum(PAIR_VP if n == PROVISION_COPIES else n * CARD_VP for n in kinds.values())
    if holds(state, seat, Power.BEETLE):
        vp += BEETLE_VP
    return vp


def instant_winners(state: State, actor: int) -> tuple[int, ...]:
    """GA-75: who wins when an action leaves players at 4+ VP (empty when nobody is).

    Several at once (only a GA-P6 swap with an opponent can do that): the acting
    player if among them, else the one with more VP, else they share [ASSUMED].
    """
    reached = [s for s in range(state.seats) if victory_points(state, s) >= VICTORY_VP]
    if not reached:
        return ()
    if actor in reached:
        return (actor,)
    best = max(victory_points(state, s) for s in reached)
    return tuple(s for s in reached if victory_points(state, s) == best)


def stall_winners(state: State) -> tuple[int, ...]:
    """GA-77 [ASSUMED]: most VP; tie -> most face-up Path cards in supply; still tied -> shared."""
    key = {s: (victory_points(state, s), len(state.supplies[s])) for s in range(state.seats)}
    best = max(key.values())
    return tuple(s for s in range(state.seats) if key[s] == best)


# --- the surface ----------------------------------------------------------------------------------


def scores(state: State) -> tuple[int, ...]:
    """Per seat with full information: Autumn shelf + insect points, Winter victory points."""
    if state.phase is Phase.SETUP:
        return (0,) * state.seats
    if state.final_scores:
        return state.final_scores
    if state.winter:
        return tuple(victory_points(state, s) for s in range(state.seats))
    return tuple(autumn_score(state, s) for s in range(state.seats))


def winners(state: State) -> tuple[int, ...]:
    return state.winners if state.finished else ()


def status(state: State) -> Status:
    phase = state.phase
    if phase is Phase.FINISHED or phase is Phase.SETUP:
        return Status(phase=phase.value, to_act=(), finished=phase is Phase.FINISHED)
    if phase is Phase.ANT_PLACE or phase is Phase.INSECTS or phase is Phase.POWER:
        to_act: tuple[int, ...] = (state.ant,)
    elif phase is Phase.CHOICES:
        to_act = tuple(sorted(s for s in choosers(state) if state.markers[s] is None))
    elif phase is Phase.CICADA:
        to_act = (state.cicada,)
    else:
        assert state.collector is not None
        to_act = (state.collector,)
    return Status(phase=phase.value, to_act=to_act)


# --- how it ended (Outcome) ---------------------------------------------------------------------

_WHY: dict[EndReason, str] = {
    EndReason.TWO_FULL_SHELVES: "a player filled two shelves of the pantry (GA-70a): the highest total wins",
    EndReason.DECK_SHORT: "the path deck could not rebuild the grid (GA-70b): the highest total wins",
    EndReason.FOUR_VP: "a player reached 4 victory points (GA-75)",
    EndReason.MARKET_EMPTY: "the market and the provision deck ran out (GA-77): the most victory points win",
    EndReason.GRID_NOT_REFILLED: "the grid could not be refilled (GA-77): the most victory points win",
}


def outcome(state: State) -> Outcome | None:
    """Why the game ended, each seat's place (winners first, then by score), and the tie rule applied."""
    if not state.finished or state.end_reason is None:
        return None
    final = scores(state)
    tie_key, tie = _tie_rule(state, final)
    return Outcome(
        _WHY[state.end_reason],
        placements(state.winners, final),
        tie,
        reason_key=f"grasshopper-and-ant.end.{state.end_reason.name.lower()}",
        tie_key=f"grasshopper-and-ant.tie.{tie_key}" if tie_key else "",
    )


def _tie_rule(state: State, final: tuple[int, ...]) -> tuple[str, str]:
    """(the tie rule's key, its words), or ("", "") when none was needed."""
    shared = len(state.winners) > 1
    if state.end_reason is EndReason.FOUR_VP:
        if sum(v >= VICTORY_VP for v in final) < 2:
            return "", ""
        if shared:
            return "four_vp_shared", "several players reached 4 VP at once with equal VP: they share the win (GA-75)"
        return (
            "four_vp",
            "several players reached 4 VP at once: the acting player, else the one with more VP, wins (GA-75)",
        )
    top = max(final)
    if sum(v == top for v in final) < 2:
        return "", ""
    if not state.winter:
        if shared:
            return "insects_shared", "equal totals and as many insect cards: the tied players share the win (GA-92)"
        return "insects", "equal totals: the player with more insect path cards wins (GA-92)"
    if shared:
        return (
            "supply_shared",
            "equal victory points and as many path cards in supply: the tied players share the win (GA-77)",
        )
    return "supply", "equal victory points: the player with more path cards in supply wins (GA-77)"
