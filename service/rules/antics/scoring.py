"""Scores, winners and the tie-break (AN-80..83), the game's status, and how it ended (outcome)."""

from __future__ import annotations

from service.rules.antics.data import EXHAUSTED_TYPES_TO_END, GREEN_LEAF_BONUS, MAX_ROUNDS, EndReason
from service.rules.antics.state import Phase, Player, State, anthill_height, fungus_levels
from service.rules.core import Outcome, Status


def leaf_points(levels: list[int], brown: int, green: int) -> int:
    """AN-80: the best placement - the k highest fungi get a leaf, green leaves first (+2 each)."""
    k = min(brown + green, len(levels))
    best = sorted(levels, reverse=True)[:k]
    return sum(best) + GREEN_LEAF_BONUS * min(green, k)


def prey_points(kinds: int) -> int:
    """AN-81: the number of different prey types, squared."""
    return kinds * kinds


def player_score(player: Player) -> int:
    """AN-82/83: leaves on fungi plus prey; only delivered tokens and built tiles count."""
    return leaf_points(fungus_levels(player), player.brown, player.green) + prey_points(len(set(player.prey)))


def current_scores(state: State) -> tuple[int, ...]:
    return tuple(player_score(p) for p in state.players)


def heights(state: State) -> tuple[int, ...]:
    return tuple(anthill_height(p) for p in state.players)


def rank_winners(points: tuple[int, ...], tallest: tuple[int, ...]) -> tuple[int, ...]:
    """AN-82: the highest score; ties go to the taller ant-hill; a tie beyond that is shared (AN-G13)."""
    if not points:
        return ()
    best = max(points)
    tied = [s for s, p in enumerate(points) if p == best]
    top = max(tallest[s] for s in tied)
    return tuple(s for s in tied if tallest[s] == top)


def scores(state: State) -> tuple[int, ...]:
    """Final scores once the game is over, otherwise the score each seat would have now (all public)."""
    if state.final_scores is not None:
        return state.final_scores
    return current_scores(state)


def winners(state: State) -> tuple[int, ...]:
    return state.winners or ()


def status(state: State) -> Status:
    if state.phase is Phase.FINISHED:
        return Status(phase=state.phase.value, finished=True)
    if state.phase in (Phase.ACTIONS, Phase.ACTION, Phase.FEEDING):
        return Status(phase=state.phase.value, to_act=(state.current,))
    return Status(phase=state.phase.value)


# --- the outcome, for players ----------------------------------------------------------------------------
_WHY: dict[EndReason, str] = {
    EndReason.FINAL_TURNS: "the end was triggered and everyone had one more turn (AN-71)",
    EndReason.STALEMATE: "a whole round passed without anyone placing an action marker (AN-72)",
    EndReason.TURN_LIMIT: f"the engine's limit of {MAX_ROUNDS} rounds was reached",
    EndReason.TILES_OUT: "the bag of tiles ran out (AN-70)",
    EndReason.PREY_EXHAUSTED: f"{EXHAUSTED_TYPES_TO_END} prey types were gone from the board (AN-70)",
}
_TRIGGER: dict[EndReason, str] = {
    EndReason.TILES_OUT: "the bag of tiles ran out",
    EndReason.PREY_EXHAUSTED: f"{EXHAUSTED_TYPES_TO_END} prey types were gone from the board",
}


def outcome(state: State) -> Outcome | None:
    """Why the game ended, each seat's place (by score, then ant-hill height: AN-82), and the tie rule applied."""
    if state.phase is not Phase.FINISHED or state.end_reason is None or state.final_scores is None:
        return None
    points, tallest = state.final_scores, heights(state)
    why = _WHY[state.end_reason]
    key = f"antics.end.{state.end_reason.name.lower()}"
    if state.end_reason is EndReason.FINAL_TURNS and state.trigger in _TRIGGER:
        why = f"{_TRIGGER[state.trigger]} and everyone had one more turn (AN-70, AN-71)"
        key = f"antics.end.final_turns_after_{state.trigger.name.lower()}"
    keys = list(zip(points, tallest, strict=True))
    places = tuple(1 + sum(other > mine for other in keys) for mine in keys)
    tie_key, tie = _tie_rule(points, tallest)
    return Outcome(why, places, tie, reason_key=key, tie_key=f"antics.tie.{tie_key}" if tie_key else "")


def _tie_rule(points: tuple[int, ...], tallest: tuple[int, ...]) -> tuple[str, str]:
    """(its key, its words) of the tie-break that decided (AN-82, AN-G13), or ("", "") when the score did alone."""
    best = max(points, default=0)
    tied = [s for s, p in enumerate(points) if p == best]
    if len(tied) < 2:
        return "", ""
    top = max(tallest[s] for s in tied)
    if sum(tallest[s] == top for s in tied) == 1:
        return "height", "equal scores: the player with the higher ant-hill wins (AN-82)"
    return "shared", "equal scores and equally high ant-hills: the tied players share the win (AN-82, AN-G13)"
