"""Scores, winners and tie-breaks (HT-60..64, HT-V1.2), the game's status, and its outcome in words."""

from __future__ import annotations

from service.rules.core import Outcome, Status
from service.rules.hare_tortoise.data import CARD_ANIMAL, PODIUM_POINTS, Animal
from service.rules.hare_tortoise.state import Phase, State
from service.rules.kit import placements

NO_PLACE = len(PODIUM_POINTS) + 1


def place_of(podium: tuple[tuple[Animal, int], ...], animal: Animal) -> int:
    """The animal's podium place, or NO_PLACE."""
    return next((place for a, place in podium if a is animal), NO_PLACE)


def race_scores(podium: tuple[tuple[Animal, int], ...], bets: tuple[tuple[str, ...], ...]) -> tuple[int, ...]:
    """HT-60/61: every bet card scores its animal's podium points for its owner."""
    points = (*PODIUM_POINTS, 0)
    return tuple(sum(points[place_of(podium, CARD_ANIMAL[card]) - 1] for card in seat_bets) for seat_bets in bets)


def best_place(podium: tuple[tuple[Animal, int], ...], bets: tuple[str, ...]) -> int:
    """HT-63: the best podium place among one player's bets."""
    return min((place_of(podium, CARD_ANIMAL[card]) for card in bets), default=NO_PLACE)


def regular_totals(state: State) -> tuple[int, ...]:
    """HT-62 / HT-V1.2: the sum over the regular races (rematch races only break ties)."""
    totals = [0] * state.seats
    for result in state.results[: state.config.races]:
        totals = [t + s for t, s in zip(totals, result.scores, strict=True)]
    return tuple(totals)


def contenders(state: State) -> tuple[int, ...]:
    """The seats still in the running for the win after every finished race.

    HT-62 highest total; HT-63 (single race) the best-placed bet; then each
    HT-64 rematch race ranks only the seats still tied, with its own HT-63.
    """
    totals = regular_totals(state)
    alive = _top(range(state.seats), totals)
    if len(alive) > 1 and state.config.races == 1 and state.results:
        alive = _best_bets(alive, state.results[0].podium, state.results[0].bets)
    for rematch in state.results[state.config.races :]:
        if len(alive) == 1:
            break
        alive = _best_bets(_top(alive, rematch.scores), rematch.podium, rematch.bets)
    return tuple(alive)


def _top(seats: range | tuple[int, ...] | list[int], scores: tuple[int, ...]) -> list[int]:
    best = max(scores[s] for s in seats)
    return [s for s in seats if scores[s] == best]


def _best_bets(
    seats: list[int], podium: tuple[tuple[Animal, int], ...], bets: tuple[tuple[str, ...], ...]
) -> list[int]:
    best = min(best_place(podium, bets[s]) for s in seats)
    return [s for s in seats if best_place(podium, bets[s]) == best]


def scores(state: State) -> tuple[int, ...]:
    """Totals so far, counting the race in progress as it stands (full information: bets included)."""
    if state.totals is not None:
        return state.totals
    totals = regular_totals(state)
    if state.phase is not Phase.SETUP and state.race <= state.config.races and len(state.results) < state.race:
        current = race_scores(state.podium, state.bets)
        totals = tuple(t + c for t, c in zip(totals, current, strict=True))
    return totals


def winners(state: State) -> tuple[int, ...]:
    return state.winners or ()


def status(state: State) -> Status:
    match state.phase:
        case Phase.SECOND_BET:
            waiting = tuple(s for s, done in enumerate(state.second_bet_done) if not done)
            return Status(phase=state.phase.value, to_act=waiting)
        case Phase.PLAY | Phase.TURBO_MOVE:
            return Status(phase=state.phase.value, to_act=(state.turn,))
        case Phase.FINISHED:
            return Status(phase=state.phase.value, finished=True)
    return Status(phase=state.phase.value)


# --- the outcome, for players ------------------------------------------------------------------------
ORDINALS = ("first", "second", "third", "fourth", "fifth")


def outcome(state: State) -> Outcome | None:
    """Why the game ended, each seat's place (winners first, then by total), and the tie rule applied."""
    if state.phase is not Phase.FINISHED or state.totals is None or state.winners is None:
        return None
    tie_key, tie = tie_decided(state)
    rematches = len(state.results) - state.config.races
    end = "crossed" if state.config.turbo else "podium"
    params = {"rematch": rematches} if rematches > 0 else {"race": state.config.races} if state.config.races > 1 else {}
    stage = "rematch" if rematches > 0 else "series" if state.config.races > 1 else "race"
    return Outcome(
        why_it_ended(state),
        placements(state.winners, state.totals),
        tie,
        reason_key=f"hare-and-tortoise.end.{stage}_{end}",
        tie_key=f"hare-and-tortoise.tie.{tie_key}" if tie_key else "",
        params=params,
    )


def why_it_ended(state: State) -> str:
    last = "an animal crossed the finish line" if state.config.turbo else "the third animal reached the podium"
    rematches = len(state.results) - state.config.races
    if rematches > 0:
        return f"the {ORDINALS[rematches - 1]} rematch race ended: {last}"
    if state.config.races > 1:
        return f"the {ORDINALS[state.config.races - 1]} race of the series ended: {last}"
    return last


def tie_rule(state: State) -> str:
    """Which tie-break decided, in words (HT-63, HT-64), or "" when the highest total did alone."""
    return tie_decided(state)[1]


def tie_decided(state: State) -> tuple[str, str]:
    """(its key, its words) of the tie-break that decided, or ("", "") when the highest total did alone."""
    alive = _top(range(state.seats), regular_totals(state))
    if len(alive) == 1:
        return "", ""
    rule, bets = "equal totals", ""
    if state.config.races == 1 and state.results:
        alive = _best_bets(alive, state.results[0].podium, state.results[0].bets)
        if len(alive) == 1:
            return "best_bet", f"{rule}: the player whose bet placed best wins (HT-63)"
        rule, bets = rule + " and equally placed bets", "_bets_equal"
    if len(state.results) > state.config.races and len(contenders(state)) == 1:
        return f"rematch{bets}", f"{rule}: a rematch race decided (HT-64)"
    return f"shared{bets}", f"{rule}: the tied players share the win (HT-64)"
