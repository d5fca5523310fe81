"""Scores, winners and the tie-break (AN-80..83), and the game's status."""

from __future__ import annotations

from service.rules.antics.data import GREEN_LEAF_BONUS
from service.rules.antics.state import Phase, Player, State, anthill_height, fungus_levels
from service.rules.core import Status


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
