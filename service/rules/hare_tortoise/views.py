"""What each viewer may see (spec §9), and what client apps show: view, redaction, label, catalog.

Public: track, pawns, podium, cards on the table and in the discard pile, counts.
Own seat: hand and bets. Nobody: other seats' hands and bets until a race ends,
the bet cards returned to the box (ever), the deck order (there is none to show).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any, assert_never

from service.rules.hare_tortoise.data import (
    ANIMALS,
    BET_CARDS,
    CARD_ANIMAL,
    FULL_DECK,
    HOWL_CARDS,
    MAX_CARDS_PER_TURN,
    MAX_PER_ANIMAL_PER_ROUND,
    MAX_TOTAL_PER_ROUND,
    MOVEMENT,
    PODIUM_POINTS,
    STREAM_TILES,
    TRACK_TILES,
    TURBO_BONUS,
    TURBO_DECK,
    TURBO_TOKEN_TILES,
)
from service.rules.hare_tortoise.decide import hand_size
from service.rules.hare_tortoise.messages import (
    HIDDEN,
    AnimalCrossed,
    AnimalFinished,
    AnimalMoved,
    CardsDrawn,
    CardsPlayed,
    ChooseSecondBet,
    Command,
    DiscardReshuffled,
    Event,
    GameFinished,
    MoveAnimal,
    PlayCards,
    RaceFinished,
    RaceSetUp,
    RacingPhaseStarted,
    RoundEnded,
    SecondBetChosen,
    TurnPassed,
)
from service.rules.hare_tortoise.scoring import status
from service.rules.hare_tortoise.state import Config, Phase, State
from service.rules.hare_tortoise.view_types import SeatView, SpectatorView, View
from service.rules.kit import Visibility


# --- the view: built up from what the seat may see, never stripped down -----------------------------
def view(state: State, seat: int | None) -> View:
    counts = state.counts() if state.played else (0,) * len(ANIMALS)
    out: SpectatorView = {
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
        own: SeatView = {**out, "seat": seat, "hand": list(state.hands[seat]), "bets": list(state.bets[seat])}
        return own
    return out


# --- streamed events: every event type declared; an undeclared one is shown to nobody ------------------
VISIBILITY: Visibility[Event] = Visibility("Hare & Tortoise")


def redact(event: Event, seat: int | None) -> Event | None:
    """The event as `seat` may see it: others' cards become HIDDEN, boxed bets are hidden from all."""
    return VISIBILITY.redact(event, seat)


def _race_set_up_as_seen_by(event: RaceSetUp, seat: int | None) -> RaceSetUp:
    """Each seat sees its own hand and starting bets; the box stays closed for everyone (HT-S1)."""
    return replace(
        event,
        starting_bets=_only_own(event.starting_bets, seat),
        boxed_bets=(HIDDEN,) * len(event.boxed_bets),
        hands=_only_own(event.hands, seat),
    )


def _only_own(per_seat: tuple[tuple[str, ...], ...], seat: int | None) -> tuple[tuple[str, ...], ...]:
    return tuple(cards if i == seat else (HIDDEN,) * len(cards) for i, cards in enumerate(per_seat))


VISIBILITY.per_viewer(RaceSetUp, _race_set_up_as_seen_by)
VISIBILITY.private(SecondBetChosen, owner=lambda e: e.seat, mask=lambda e: replace(e, card=HIDDEN))
VISIBILITY.private(CardsDrawn, owner=lambda e: e.seat, mask=lambda e: replace(e, cards=(HIDDEN,) * len(e.cards)))
VISIBILITY.public(
    CardsPlayed,
    DiscardReshuffled,
    TurnPassed,
    RacingPhaseStarted,
    AnimalMoved,
    AnimalCrossed,
    AnimalFinished,
    RoundEnded,
    RaceFinished,  # HT-50: every bet is revealed when the race ends
    GameFinished,
)

# Take-backs (service/ledger/takebacks.py): the events a take-back may go back over, because they show nothing
# that was hidden from any seat. In the standard game every turn plays cards, so only Turbo's picks (HT-V2.5)
# can be taken back. Left out:
# - RaceSetUp, SecondBetChosen, CardsDrawn: the deal, the second bet and the refills are secret, each seat's own
#   hand and bets (HT-S1, HT-S3, HT-15; spec §9);
# - CardsPlayed: cards come face up out of a secret hand (HT-10, §9);
# - DiscardReshuffled: the new deck's order is a random draw (HT-16);
# - RaceFinished, GameFinished: every bet is revealed, and the totals are scored from them (HT-50, HT-61).
TAKEBACK_SAFE: frozenset[str] = frozenset(
    cls.__name__ for cls in (TurnPassed, RacingPhaseStarted, AnimalMoved, AnimalCrossed, AnimalFinished, RoundEnded)
)


# --- for client apps ---------------------------------------------------------------------------------
def label(command: Command) -> str:
    """A short label for a command, as a menu shows it."""
    match command:
        case PlayCards(cards=cards):
            return "play " + (" + ".join(cards) or "no card")
        case ChooseSecondBet(card=card):
            return f"choose {card} as your second bet"
        case MoveAnimal(animal=animal):
            return f"move the {animal.value.capitalize()}"
    assert_never(command)


def catalog(options: Mapping[str, Any]) -> dict[str, Any]:
    """Every card id a view or event can name, and the tables the rules use, for this game's options."""
    config = Config.of(options)
    deck = TURBO_DECK if config.turbo else FULL_DECK
    cards: dict[str, Any] = {
        c: {"kind": "racing", "animal": CARD_ANIMAL[c].value, "howl": c in HOWL_CARDS} for c in deck
    }
    cards |= {c: {"kind": "bet", "animal": CARD_ANIMAL[c].value} for c in BET_CARDS}
    out: dict[str, Any] = {
        "animals": [a.value for a in ANIMALS],  # in movement order (HT-30)
        "cards": cards,
        "hidden_card": HIDDEN,  # what a redacted event shows in place of a card id
        "track": {"tiles": TRACK_TILES, "streams": STREAM_TILES, "finish": TRACK_TILES + 1},
        "podium_points": list(PODIUM_POINTS),
        "limits": {
            "cards_per_turn": MAX_CARDS_PER_TURN,
            "cards_per_round": MAX_TOTAL_PER_ROUND,
            "cards_per_animal_per_round": MAX_PER_ANIMAL_PER_ROUND,
            "hand_size": hand_size(config),
        },
        "races": config.races,
    }
    if config.turbo:  # HT-V2: an animal moves one tile per card; its own token boosts it
        out["turbo"] = {"token_tiles": list(TURBO_TOKEN_TILES), "bonus": TURBO_BONUS}
    else:  # HT-31: tiles moved by the number of cards played this round (0..4)
        out["movement"] = {a.value: list(MOVEMENT[a]) for a in ANIMALS}
    return out
