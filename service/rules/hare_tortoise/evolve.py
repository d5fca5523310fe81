"""evolve: one handler per event, each a pure state update (never fails, never draws randomness)."""

from __future__ import annotations

from service.rules.core import replace, replaced
from service.rules.hare_tortoise.data import ANIMALS, FULL_DECK, TURBO_DECK
from service.rules.hare_tortoise.messages import (
    AnimalCrossed,
    AnimalFinished,
    AnimalMoved,
    CardsDrawn,
    CardsPlayed,
    DiscardReshuffled,
    Event,
    GameFinished,
    RaceFinished,
    RaceSetUp,
    RacingPhaseStarted,
    RoundEnded,
    SecondBetChosen,
    TurnPassed,
)
from service.rules.hare_tortoise.state import Phase, RaceResult, State
from service.rules.kit import Evolvers

EVOLVERS: Evolvers[State, Event] = Evolvers("Hare & Tortoise")


def evolve(state: State, event: Event) -> State:
    return EVOLVERS.evolve(state, event)


@EVOLVERS.on(RaceSetUp)
def _race_set_up(state: State, event: RaceSetUp) -> State:
    """A fresh race: the track, the deal and the bets; the first player starts (second bets first, but Turbo)."""
    dealt = {c for hand in event.hands for c in hand}
    deck = TURBO_DECK if state.config.turbo else FULL_DECK
    n = state.seats
    return replace(
        state,
        phase=Phase.PLAY if state.config.turbo else Phase.SECOND_BET,
        race=event.race,
        streams=event.streams,
        turbo_tokens=event.turbo_tokens,
        positions=(0,) * len(ANIMALS),
        podium=(),
        hands=event.hands,
        bets=event.starting_bets,
        boxed_bets=event.boxed_bets,
        deck=tuple(sorted(c for c in deck if c not in dealt)),
        discard=(),
        played=((),) * n,
        first_player=event.first_player,
        turn=event.first_player,
        second_bet_done=(state.config.turbo,) * n,  # HT-V2.3: no second bet in Turbo
        to_move=(),
        crossed=(),
    )


@EVOLVERS.on(SecondBetChosen)
def _second_bet_chosen(state: State, event: SecondBetChosen) -> State:
    seat, card = event.seat, event.card
    done = replaced(state.second_bet_done, seat, True)
    return replace(
        state,
        hands=replaced(state.hands, seat, tuple(c for c in state.hands[seat] if c != card)),
        bets=replaced(state.bets, seat, (*state.bets[seat], card)),
        second_bet_done=done,
        phase=Phase.PLAY if all(done) else state.phase,
    )


@EVOLVERS.on(CardsPlayed)
def _cards_played(state: State, event: CardsPlayed) -> State:
    seat, cards = event.seat, event.cards
    return replace(
        state,
        hands=replaced(state.hands, seat, tuple(c for c in state.hands[seat] if c not in cards)),
        played=replaced(state.played, seat, (*state.played[seat], *cards)),
    )


@EVOLVERS.on(CardsDrawn)
def _cards_drawn(state: State, event: CardsDrawn) -> State:
    seat, cards = event.seat, event.cards
    return replace(
        state,
        hands=replaced(state.hands, seat, tuple(sorted((*state.hands[seat], *cards)))),
        deck=tuple(c for c in state.deck if c not in cards),
    )


@EVOLVERS.on(DiscardReshuffled)
def _discard_reshuffled(state: State, event: DiscardReshuffled) -> State:
    return replace(state, deck=tuple(sorted((*state.deck, *state.discard))), discard=())


@EVOLVERS.on(TurnPassed)
def _turn_passed(state: State, event: TurnPassed) -> State:
    return replace(state, turn=event.seat)


@EVOLVERS.on(RacingPhaseStarted)
def _racing_phase_started(state: State, event: RacingPhaseStarted) -> State:
    """The standard game moves every animal in the same decision; Turbo waits for the picks (HT-V2.5)."""
    if not state.config.turbo:
        return state
    movers = tuple(a for a, n in zip(ANIMALS, event.counts, strict=True) if n)
    return replace(state, phase=Phase.TURBO_MOVE, to_move=movers, turn=state.first_player, crossed=())


@EVOLVERS.on(AnimalMoved)
def _animal_moved(state: State, event: AnimalMoved) -> State:
    return replace(
        state,
        positions=replaced(state.positions, ANIMALS.index(event.animal), event.end),
        to_move=tuple(a for a in state.to_move if a is not event.animal),
    )


@EVOLVERS.on(AnimalCrossed)
def _animal_crossed(state: State, event: AnimalCrossed) -> State:
    return replace(state, crossed=(*state.crossed, event.animal))


@EVOLVERS.on(AnimalFinished)
def _animal_finished(state: State, event: AnimalFinished) -> State:
    return replace(state, podium=(*state.podium, (event.animal, event.place)))


@EVOLVERS.on(RoundEnded)
def _round_ended(state: State, event: RoundEnded) -> State:
    """HT-42/43: the played cards go to the discard pile; the new first player starts."""
    played = tuple(c for cards in state.played for c in cards)
    return replace(
        state,
        phase=Phase.PLAY,
        discard=tuple(sorted((*state.discard, *played))),
        played=((),) * state.seats,
        first_player=event.first_player,
        turn=event.first_player,
        to_move=(),
        crossed=(),
    )


@EVOLVERS.on(RaceFinished)
def _race_finished(state: State, event: RaceFinished) -> State:
    result = RaceResult(bets=event.bets, podium=state.podium, scores=event.scores)
    return replace(state, results=(*state.results, result))


@EVOLVERS.on(GameFinished)
def _game_finished(state: State, event: GameFinished) -> State:
    return replace(state, phase=Phase.FINISHED, totals=event.totals, winners=event.winners)
