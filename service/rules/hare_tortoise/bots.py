"""What the Hare & Tortoise gives its bots (service/bots): a redraw of what a seat cannot see, and a position's worth.

`resample` keeps everything `seat` knows (its hand and bets, the table, the track, what was played
and discarded, every count) and deals the rest again at random: the unseen racing cards among the
other hands, the other seats' second bets and the deck; the unseen bet cards among the others'
starting bets and the box. Only sizes and what is public carry over, so two states that look the
same to `seat` give it the same redraws.
"""

from __future__ import annotations

import math
from dataclasses import replace

from service.rules.core import Rng
from service.rules.hare_tortoise.data import ANIMALS, PODIUM_POINTS, Animal
from service.rules.hare_tortoise.scoring import race_scores, regular_totals
from service.rules.hare_tortoise.state import Phase, State

SPREAD = 5.0  # points of expected lead that make a position look nearly won


def _is_bet_card(card: str) -> bool:
    return card.startswith("B-")


def resample(state: State, seat: int, rng: Rng) -> State:
    if state.phase in (Phase.SETUP, Phase.FINISHED) or not state.hands:
        return state
    others = [s for s in range(state.seats) if s != seat]
    racing = [c for s in others for c in (*state.hands[s], *state.bets[s]) if not _is_bet_card(c)] + list(state.deck)
    bets = [c for s in others for c in state.bets[s] if _is_bet_card(c)] + list(state.boxed_bets)
    # Sorted first: the pools are what the seat knows (multisets), not the order the hidden cards lay in.
    racing_pool, bet_pool = list(rng.shuffled(sorted(racing))), list(rng.shuffled(sorted(bets)))
    hands, seat_bets = list(state.hands), list(state.bets)
    for s in others:
        hands[s] = tuple(sorted(racing_pool.pop() for _ in state.hands[s]))
        seat_bets[s] = tuple(bet_pool.pop() if _is_bet_card(c) else racing_pool.pop() for c in state.bets[s])
    return replace(
        state,
        hands=tuple(hands),
        bets=tuple(seat_bets),
        deck=tuple(sorted(racing_pool)),
        boxed_bets=tuple(sorted(bet_pool)),
    )


def evaluate(state: State, seat: int) -> float:
    """How good the position looks for `seat`, in [0, 1]: its expected total against the best other one.

    The current race's podium is guessed from the track (animals further ahead place better; places
    already taken stand), and every seat's bets score that guess.
    """
    if state.phase is Phase.FINISHED and state.winners is not None:
        return 1.0 / len(state.winners) if seat in state.winners else 0.0
    totals = list(regular_totals(state))
    if state.bets and state.phase is not Phase.SETUP:
        podium = _guessed_podium(state)
        for s, points in enumerate(race_scores(podium, state.bets)):
            totals[s] += points
    mine = totals[seat]
    best_other = max((t for s, t in enumerate(totals) if s != seat), default=0)
    return 0.5 + 0.5 * math.tanh((mine - best_other) / SPREAD)


def _guessed_podium(state: State) -> tuple[tuple[Animal, int], ...]:
    taken = list(state.podium)
    placed = {a for a, _ in taken}
    running = sorted((a for a in ANIMALS if a not in placed), key=lambda a: -state.position(a))
    place = len(taken)
    for animal in running:
        if place >= len(PODIUM_POINTS):
            break
        place += 1
        taken.append((animal, place))
    return tuple(taken)


__all__ = ["evaluate", "resample"]
