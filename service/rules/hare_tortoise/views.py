"""Per-seat views and event redaction, as allow-lists (spec §9).

Public: track, pawns, podium, cards on the table and in the discard pile, counts.
Own seat: hand and bets. Nobody: other seats' hands and bets until a race ends,
the bet cards returned to the box (ever), the deck order (there is none to show).
"""

from __future__ import annotations

from typing import Any

from service.rules.hare_tortoise.data import ANIMALS, TURBO_TOKEN_TILES
from service.rules.hare_tortoise.messages import (
    HIDDEN,
    CardsDrawn,
    Event,
    RaceSetUp,
    SecondBetChosen,
)
from service.rules.hare_tortoise.scoring import status
from service.rules.hare_tortoise.state import Phase, State


def view(state: State, seat: int | None) -> dict[str, Any]:
    counts = state.counts() if state.played else (0,) * len(ANIMALS)
    out: dict[str, Any] = {
        "variant": "turbo" if state.config.turbo else "standard",
        "race": state.race,
        "races": state.config.races,
        "phase": state.phase.value,
        "to_act": list(status(state).to_act),
        "first_player": state.first_player,
        "streams": [tile for tile, stream in enumerate(state.streams, start=1) if stream],
        "turbo_tokens": {str(tile): a.value for tile, a in zip(TURBO_TOKEN_TILES, state.turbo_tokens, strict=False)},
        "positions": {a.value: p for a, p in zip(ANIMALS, state.positions, strict=True)},
        "podium": [{"animal": a.value, "place": place} for a, place in state.podium],
        "played": [list(cards) for cards in state.played],
        "counts": {a.value: n for a, n in zip(ANIMALS, counts, strict=True)},
        "total": sum(counts),
        "howl": state.howl(),
        "to_move": [a.value for a in state.to_move],
        "crossed": [a.value for a in state.crossed],
        "discard": list(state.discard),
        "deck_size": len(state.deck),
        "hand_sizes": [len(h) for h in state.hands],
        "bet_counts": [len(b) for b in state.bets],
        "second_bet_chosen": list(state.second_bet_done) if state.phase is Phase.SECOND_BET else None,
        "results": [
            {
                "podium": [{"animal": a.value, "place": place} for a, place in r.podium],
                "bets": [list(b) for b in r.bets],
                "scores": list(r.scores),
            }
            for r in state.results
        ],
        "totals": None if state.totals is None else list(state.totals),
        "winners": None if state.winners is None else list(state.winners),
    }
    if seat is not None and 0 <= seat < len(state.hands):
        out["seat"] = seat
        out["hand"] = list(state.hands[seat])
        out["bets"] = list(state.bets[seat])
    return out


def redact(event: Event, seat: int | None) -> Event:
    """The event as `seat` may see it: others' cards become HIDDEN, boxed bets are hidden from all."""
    match event:
        case RaceSetUp():
            return RaceSetUp(
                race=event.race,
                streams=event.streams,
                turbo_tokens=event.turbo_tokens,
                starting_bets=_only_own(event.starting_bets, seat),
                boxed_bets=(HIDDEN,) * len(event.boxed_bets),
                hands=_only_own(event.hands, seat),
                first_player=event.first_player,
            )
        case SecondBetChosen(seat=chooser) if chooser != seat:
            return SecondBetChosen(seat=chooser, card=HIDDEN)
        case CardsDrawn(seat=drawer, cards=cards) if drawer != seat:
            return CardsDrawn(seat=drawer, cards=(HIDDEN,) * len(cards))
    return event


def _only_own(per_seat: tuple[tuple[str, ...], ...], seat: int | None) -> tuple[tuple[str, ...], ...]:
    return tuple(cards if i == seat else (HIDDEN,) * len(cards) for i, cards in enumerate(per_seat))
