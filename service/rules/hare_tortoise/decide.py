"""decide: each command validated by the rules and turned into events (rule IDs: shared/rules/hare-and-tortoise.md).

`decide` refuses what no handler may do (the service's commands, a finished
game), then hands the command to its handler in DECIDERS. A handler raises
IllegalCommand or emits into its Writer; `out.state` is the state after the
events emitted so far, so a handler reads the table as its own events left it.
"""

from __future__ import annotations

from service.rules.core import IllegalCommand, Rng
from service.rules.hare_tortoise.data import (
    ANIMALS,
    CARD_ANIMAL,
    HAND_SIZE,
    MAX_CARDS_PER_TURN,
    MAX_PER_ANIMAL_PER_ROUND,
    MAX_REMATCHES,
    MAX_TOTAL_PER_ROUND,
    MOVEMENT,
    PODIUM_POINTS,
    TRACK_TILES,
    TURBO_BONUS,
    TURBO_TOKEN_TILES,
    Animal,
)
from service.rules.hare_tortoise.evolve import evolve
from service.rules.hare_tortoise.messages import (
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
    RacingPhaseStarted,
    RoundEnded,
    SecondBetChosen,
    TurnPassed,
)
from service.rules.hare_tortoise.reasons import Reason
from service.rules.hare_tortoise.scoring import contenders, race_scores, regular_totals
from service.rules.hare_tortoise.setup import race_setup
from service.rules.hare_tortoise.state import Config, Phase, State
from service.rules.kit import Deciders, Writer

FINISH = TRACK_TILES + 1  # position of an animal past the finish line
PODIUM_PLACES = len(PODIUM_POINTS)

Out = Writer[State, Event]
DECIDERS: Deciders[State, Event, int] = Deciders("Hare & Tortoise", evolve)


def decide(state: State, seat: int | None, command: Command, rng: Rng, now_ms: int) -> list[Event]:
    if seat is None:
        raise IllegalCommand("the Hare & the Tortoise has no automatic moves", Reason.NO_AUTOMATIC_MOVES)
    if state.phase is Phase.FINISHED:
        raise IllegalCommand("the game is over", Reason.GAME_OVER)
    return DECIDERS.decide(state, seat, command, rng, now_ms)


# --- rules read off the table --------------------------------------------------------------------------
def racing_triggered(state: State) -> bool:
    """HT-20: 8 cards in all or 4 of one animal start a Racing phase."""
    return state.total() == MAX_TOTAL_PER_ROUND or MAX_PER_ANIMAL_PER_ROUND in state.counts()


def hand_size(config: Config) -> int:
    """HT-15, or HT-V2.4 in Turbo: the hand a refill draws up to."""
    return config.turbo_hand_size if config.turbo else HAND_SIZE


# --- second bet (HT-S3) --------------------------------------------------------------------------------
@DECIDERS.on(ChooseSecondBet)
def _choose_second_bet(out: Out, seat: int, command: ChooseSecondBet, rng: Rng, now_ms: int) -> None:
    state, card = out.state, command.card
    if state.phase is not Phase.SECOND_BET:
        raise IllegalCommand("you can choose a second bet only before the first turn of a race", Reason.WRONG_PHASE)
    if state.second_bet_done[seat]:
        raise IllegalCommand("you have already chosen your second bet", Reason.ALREADY_CHOSEN)
    if card not in state.hands[seat]:
        raise IllegalCommand(f"you do not hold {card}", Reason.NOT_IN_HAND)
    out.emit(SecondBetChosen(seat=seat, card=card))


# --- a turn: play, refill, pass or race (HT-10..21) ----------------------------------------------------
@DECIDERS.on(PlayCards)
def _play_cards(out: Out, seat: int, command: PlayCards, rng: Rng, now_ms: int) -> None:
    _check_play(out.state, seat, command.cards)
    out.emit(CardsPlayed(seat=seat, cards=tuple(sorted(command.cards))))
    _refill(out, seat, rng)  # HT-15/16
    if racing_triggered(out.state):  # HT-20
        _racing_phase(out, rng)  # HT-21: no further turn this round
    else:
        out.emit(TurnPassed(seat=(seat + 1) % out.state.seats))


def _check_play(state: State, seat: int, cards: tuple[str, ...]) -> None:
    """HT-10, HT-11, HT-13: whose turn, how many cards, whose cards, one animal, room on the table."""
    if state.phase is Phase.SECOND_BET:
        waiting = [s for s, done in enumerate(state.second_bet_done) if not done]
        raise IllegalCommand(
            f"you cannot play yet: every player must first choose a second bet (waiting for seats {waiting})",
            Reason.WRONG_PHASE,
        )
    if state.phase is not Phase.PLAY:
        raise IllegalCommand("you cannot play cards while the animals are being moved", Reason.WRONG_PHASE)
    if seat != state.turn:
        raise IllegalCommand(f"it is seat {state.turn}'s turn, not yours", Reason.NOT_YOUR_TURN)
    if not 1 <= len(cards) <= MAX_CARDS_PER_TURN:  # HT-10
        raise IllegalCommand(f"play 1 to {MAX_CARDS_PER_TURN} cards, not {len(cards)}", Reason.CARD_COUNT)
    if len(set(cards)) != len(cards):
        raise IllegalCommand("you listed the same card twice", Reason.DUPLICATE_CARD)
    for card in cards:
        if card not in state.hands[seat]:
            raise IllegalCommand(f"you do not hold {card}", Reason.NOT_IN_HAND)
    animals = {CARD_ANIMAL[c] for c in cards}
    if len(animals) != 1:  # HT-11
        raise IllegalCommand("all cards you play in one turn must show the same animal", Reason.MIXED_ANIMALS)
    animal = animals.pop()
    if state.total() + len(cards) > MAX_TOTAL_PER_ROUND:  # HT-13
        raise IllegalCommand(
            f"{state.total()} cards are on the table and a round allows {MAX_TOTAL_PER_ROUND}: "
            f"you may play at most {MAX_TOTAL_PER_ROUND - state.total()} now",
            Reason.TABLE_FULL,
        )
    already = state.counts()[ANIMALS.index(animal)]
    if already + len(cards) > MAX_PER_ANIMAL_PER_ROUND:
        raise IllegalCommand(
            f"{already} {animal} cards are on the table and a round allows {MAX_PER_ANIMAL_PER_ROUND} of one animal: "
            f"you may play at most {MAX_PER_ANIMAL_PER_ROUND - already} {animal} now",
            Reason.ANIMAL_FULL,
        )


def _refill(out: Out, seat: int, rng: Rng) -> None:
    """HT-15/16: draw up to the hand size; an empty deck takes the reshuffled discard pile."""
    state = out.state
    deck, discard = list(state.deck), state.discard
    drawn: list[str] = []
    for _ in range(hand_size(state.config) - len(state.hands[seat])):
        if not deck:
            if not discard:
                break  # cannot happen with the real card counts (see HT-16); drawing simply stops
            if drawn:
                out.emit(CardsDrawn(seat=seat, cards=tuple(sorted(drawn))))
                drawn = []
            out.emit(DiscardReshuffled(cards=len(discard)))
            deck, discard = sorted(discard), ()
        drawn.append(deck.pop(rng.below(len(deck))))  # the deck is kept sorted: the draw is the randomness
    if drawn:
        out.emit(CardsDrawn(seat=seat, cards=tuple(sorted(drawn))))


# --- the Racing phase (HT-30..43) ----------------------------------------------------------------------
def _racing_phase(out: Out, rng: Rng) -> None:
    """HT-30..43; in Turbo only the start of the picking phase (HT-V2.5)."""
    table = out.state  # every move of the phase reads the table as the phase began
    counts, howl = table.counts(), table.howl()
    out.emit(RacingPhaseStarted(counts=counts, howl=howl))
    if table.config.turbo:
        return  # the picker moves the animals, one MoveAnimal at a time
    _move_every_animal(out, table, counts, howl)
    if len(out.state.podium) >= PODIUM_PLACES:
        _race_end(out, rng)
    else:
        out.emit(RoundEnded(first_player=(table.first_player + 1) % table.seats))  # HT-42/43


def _move_every_animal(out: Out, table: State, counts: tuple[int, ...], howl: bool) -> None:
    """HT-30: in movement order, each animal not on the podium moves by its card count (HT-31..36, HT-40/41)."""
    positions = list(table.positions)
    placed = len(table.podium)
    for i, animal in enumerate(ANIMALS):
        if table.on_podium(animal):
            continue
        start, moves = positions[i], MOVEMENT[animal][counts[i]]
        if howl and animal is not Animal.WOLF:  # HT-33
            if moves:
                out.emit(AnimalMoved(animal=animal, start=start, end=start, note="howl"))
            continue
        if animal is Animal.HARE and counts[i] == MAX_PER_ANIMAL_PER_ROUND and _hare_leads(table, positions):
            out.emit(AnimalMoved(animal=animal, start=start, end=start, note="nap"))  # HT-32
            continue
        if not moves:
            continue
        end, note = _walk(table, animal, start, moves)
        positions[i] = end
        out.emit(AnimalMoved(animal=animal, start=start, end=end, note=note))
        if end == FINISH:  # HT-40
            placed += 1
            out.emit(AnimalFinished(animal=animal, place=placed))
            if placed == PODIUM_PLACES:  # HT-41
                return


def _hare_leads(state: State, positions: list[int]) -> bool:
    """HT-32: the Hare naps when it is first on the track (ties count), unless still on the start line."""
    hare = positions[0]
    others = [p for i, p in enumerate(positions) if i and not state.on_podium(ANIMALS[i])]
    return hare > 0 and all(hare >= p for p in others)


def _walk(state: State, animal: Animal, start: int, moves: int) -> tuple[int, str | None]:
    """HT-34/36: tile by tile; the Lamb stops on a stream it enters; past tile 11 is the finish."""
    pos = start
    for _ in range(moves):
        pos += 1
        if pos > TRACK_TILES:
            return FINISH, None
        if animal is Animal.LAMB and state.streams[pos - 1] and not state.config.turbo:
            return pos, "stream"
    return pos, None


# --- Turbo movement (HT-V2.5..V2.10) -------------------------------------------------------------------
@DECIDERS.on(MoveAnimal)
def _move_animal(out: Out, seat: int, command: MoveAnimal, rng: Rng, now_ms: int) -> None:
    """HT-V2.5..V2.10: the picker moves one animal by its card count, with its own Turbo token's boost."""
    state, animal = out.state, command.animal
    if state.phase is not Phase.TURBO_MOVE:
        raise IllegalCommand("you can move an animal only in a Turbo movement phase", Reason.WRONG_PHASE)
    if seat != state.turn:
        raise IllegalCommand(f"it is seat {state.turn}'s pick, not yours", Reason.NOT_YOUR_TURN)
    if animal not in state.to_move:
        choices = ", ".join(state.to_move)
        raise IllegalCommand(f"{animal} cannot move now; choose one of: {choices}", Reason.ANIMAL_CANNOT_MOVE)
    start = state.position(animal)
    end = min(start + state.counts()[ANIMALS.index(animal)], FINISH)  # HT-V2.6
    out.emit(AnimalMoved(animal=animal, start=start, end=end))
    if end < FINISH and end in TURBO_TOKEN_TILES and state.turbo_tokens[TURBO_TOKEN_TILES.index(end)] is animal:
        boosted = min(end + TURBO_BONUS, FINISH)  # HT-V2.7, never chains
        out.emit(AnimalMoved(animal=animal, start=end, end=boosted, note="turbo"))
        end = boosted
    if end == FINISH:
        out.emit(AnimalCrossed(animal=animal))  # HT-V2.8
    if out.state.to_move:
        out.emit(TurnPassed(seat=(seat + 1) % state.seats))
    elif not out.state.crossed:  # HT-V2.10
        out.emit(RoundEnded(first_player=(state.first_player + 1) % state.seats))
    else:
        out.emit(*_turbo_podium(out.state))  # HT-V2.9
        _race_end(out, rng)


def _turbo_podium(state: State) -> list[Event]:
    """HT-V2.9: crossers in crossing order, then the closest animals, ties sharing a place (HT-G9)."""
    places = PODIUM_PLACES
    events: list[Event] = [AnimalFinished(animal=a, place=i + 1) for i, a in enumerate(state.crossed[:places])]
    place = len(events) + 1
    rest = sorted((a for a in ANIMALS if a not in state.crossed), key=lambda a: -state.position(a))
    while rest and place <= places:
        tied = [a for a in rest if state.position(a) == state.position(rest[0])]
        events += [AnimalFinished(animal=a, place=place) for a in tied]
        place += len(tied)
        rest = rest[len(tied) :]
    return events


# --- the end of a race, and of the game (HT-50/60..64, HT-V1) ------------------------------------------
def _race_end(out: Out, rng: Rng) -> None:
    """HT-50/60/61, then the next race of a series (HT-V1), a rematch (HT-64) or the end (HT-62..64)."""
    state = out.state
    out.emit(RaceFinished(race=state.race, bets=state.bets, scores=race_scores(state.podium, state.bets)))
    still_tied = contenders(out.state)
    another = state.race < state.config.races  # HT-V1: the series goes on
    if not another and len(still_tied) > 1 and state.config.tie_policy == "rematch":
        another = state.race - state.config.races < MAX_REMATCHES  # HT-64: play again
    if another:
        next_first = (state.first_player + 1) % state.seats  # HT-V1.3: the marker passes left
        out.emit(race_setup(state.config, state.seats, state.race + 1, next_first, rng))
    else:
        out.emit(GameFinished(totals=regular_totals(out.state), winners=still_tied))
