"""The decider: setup, decide, evolve, legal_commands (rule IDs from shared/rules/hare-and-tortoise.md)."""

from __future__ import annotations

from dataclasses import replace
from functools import reduce
from itertools import combinations
from typing import Any

from service.rules.core import IllegalCommand, InvalidOptions, Rng, replaced
from service.rules.hare_tortoise.data import (
    ANIMALS,
    BET_CARDS,
    CARD_ANIMAL,
    DEAL_SIZE,
    FULL_DECK,
    MAX_CARDS_PER_TURN,
    MAX_PER_ANIMAL_PER_ROUND,
    MAX_REMATCHES,
    MAX_TOTAL_PER_ROUND,
    MOVEMENT,
    PODIUM_POINTS,
    STREAM_TILES,
    TRACK_TILES,
    TURBO_BONUS,
    TURBO_DEAL_SIZE,
    TURBO_DECK,
    TURBO_TOKEN_TILES,
    Animal,
    starting_bets_per_player,
)
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
    RaceSetUp,
    RacingPhaseStarted,
    RoundEnded,
    SecondBetChosen,
    TurnPassed,
)
from service.rules.hare_tortoise.scoring import contenders, race_scores, regular_totals
from service.rules.hare_tortoise.state import Config, Phase, RaceResult, State

FINISH = TRACK_TILES + 1  # position of an animal past the finish line
PODIUM_PLACES = len(PODIUM_POINTS)


def initial_state(seats: int, options: dict[str, Any]) -> State:
    return State(seats=seats, config=Config.of(options))


# --- setup -----------------------------------------------------------------------------------
def setup(options: dict[str, Any], seats: int, rng: Rng) -> list[Event]:
    config = Config.of(options)
    if config.first_player >= seats:
        raise InvalidOptions(f"first_player must be a seat from 0 to {seats - 1} (or -1 for random)")
    first = config.first_player if config.first_player >= 0 else -1
    return [_race_setup(config, seats, race=1, first_player=first, rng=rng)]


def _race_setup(config: Config, seats: int, race: int, first_player: int, rng: Rng) -> RaceSetUp:
    """HT-S1..S5, or HT-V2.1..V2.3 in Turbo. The draw order is fixed: changing it changes every game."""
    per = starting_bets_per_player(seats)
    bets = rng.shuffled(BET_CARDS)  # HT-S1
    streams = rng.shuffled((True,) * STREAM_TILES + (False,) * (TRACK_TILES - STREAM_TILES))  # HT-S2
    tokens = rng.shuffled(ANIMALS) if config.turbo else ()  # HT-V2.2
    deck = rng.shuffled(TURBO_DECK if config.turbo else FULL_DECK)  # HT-S3 / HT-V2.1
    deal = TURBO_DEAL_SIZE if config.turbo else DEAL_SIZE
    if first_player < 0:
        first_player = rng.below(seats)  # HT-S5: the engine's stand-in for "who tells the time first"
    return RaceSetUp(
        race=race,
        streams=streams,
        turbo_tokens=tokens,
        starting_bets=tuple(tuple(sorted(bets[i * per : (i + 1) * per])) for i in range(seats)),
        boxed_bets=tuple(sorted(bets[seats * per :])),
        hands=tuple(tuple(sorted(deck[i * deal : (i + 1) * deal])) for i in range(seats)),
        first_player=first_player,
    )


# --- decide ----------------------------------------------------------------------------------
def decide(state: State, seat: int | None, command: Command, rng: Rng, now_ms: int) -> list[Event]:
    if seat is None:
        raise IllegalCommand("the Hare & the Tortoise has no automatic moves", "NO_AUTOMATIC_MOVES")
    if state.phase is Phase.FINISHED:
        raise IllegalCommand("the game is over", "GAME_OVER")
    match command:
        case ChooseSecondBet(card=card):
            return _choose_second_bet(state, seat, card)
        case PlayCards(cards=cards):
            return _play_cards(state, seat, cards, rng)
        case MoveAnimal(animal=animal):
            return _move_animal(state, seat, animal, rng)
    raise TypeError(f"not a Hare & Tortoise command: {command!r}")


def _choose_second_bet(state: State, seat: int, card: str) -> list[Event]:
    if state.phase is not Phase.SECOND_BET:
        raise IllegalCommand("you can choose a second bet only before the first turn of a race", "WRONG_PHASE")
    if state.second_bet_done[seat]:
        raise IllegalCommand("you have already chosen your second bet", "ALREADY_CHOSEN")
    if card not in state.hands[seat]:
        raise IllegalCommand(f"you do not hold {card}", "NOT_IN_HAND")
    return [SecondBetChosen(seat=seat, card=card)]


def _play_cards(state: State, seat: int, cards: tuple[str, ...], rng: Rng) -> list[Event]:
    if state.phase is Phase.SECOND_BET:
        waiting = [s for s, done in enumerate(state.second_bet_done) if not done]
        raise IllegalCommand(
            f"you cannot play yet: every player must first choose a second bet (waiting for seats {waiting})",
            "WRONG_PHASE",
        )
    if state.phase is not Phase.PLAY:
        raise IllegalCommand("you cannot play cards while the animals are being moved", "WRONG_PHASE")
    if seat != state.turn:
        raise IllegalCommand(f"it is seat {state.turn}'s turn, not yours", "NOT_YOUR_TURN")
    if not 1 <= len(cards) <= MAX_CARDS_PER_TURN:  # HT-10
        raise IllegalCommand(f"play 1 to {MAX_CARDS_PER_TURN} cards, not {len(cards)}", "CARD_COUNT")
    if len(set(cards)) != len(cards):
        raise IllegalCommand("you listed the same card twice", "DUPLICATE_CARD")
    for card in cards:
        if card not in state.hands[seat]:
            raise IllegalCommand(f"you do not hold {card}", "NOT_IN_HAND")
    animals = {CARD_ANIMAL[c] for c in cards}
    if len(animals) != 1:  # HT-11
        raise IllegalCommand("all cards you play in one turn must show the same animal", "MIXED_ANIMALS")
    animal = animals.pop()
    if state.total() + len(cards) > MAX_TOTAL_PER_ROUND:  # HT-13
        raise IllegalCommand(
            f"{state.total()} cards are on the table and a round allows {MAX_TOTAL_PER_ROUND}: "
            f"you may play at most {MAX_TOTAL_PER_ROUND - state.total()} now",
            "TABLE_FULL",
        )
    already = state.counts()[ANIMALS.index(animal)]
    if already + len(cards) > MAX_PER_ANIMAL_PER_ROUND:
        raise IllegalCommand(
            f"{already} {animal} cards are on the table and a round allows {MAX_PER_ANIMAL_PER_ROUND} of one animal: "
            f"you may play at most {MAX_PER_ANIMAL_PER_ROUND - already} {animal} now",
            "ANIMAL_FULL",
        )
    events: list[Event] = [CardsPlayed(seat=seat, cards=tuple(sorted(cards)))]
    after = _then(state, events)
    events += _refill(after, seat, rng)  # HT-15/16
    after = _then(after, events[1:])
    if not after.is_triggered():  # HT-20
        return [*events, TurnPassed(seat=(seat + 1) % state.seats)]
    return events + _racing_phase(after, rng)  # HT-21: no further turn this round


def _refill(state: State, seat: int, rng: Rng) -> list[Event]:
    """HT-15/16: draw up to the hand size; an empty deck takes the reshuffled discard pile."""
    need = state.hand_size() - len(state.hands[seat])
    deck, discard = list(state.deck), state.discard
    events: list[Event] = []
    drawn: list[str] = []
    for _ in range(need):
        if not deck:
            if not discard:
                break  # cannot happen with the real card counts (see HT-16); drawing simply stops
            if drawn:
                events.append(CardsDrawn(seat=seat, cards=tuple(sorted(drawn))))
                drawn = []
            events.append(DiscardReshuffled(cards=len(discard)))
            deck, discard = sorted(discard), ()
        drawn.append(deck.pop(rng.below(len(deck))))
    if drawn:
        events.append(CardsDrawn(seat=seat, cards=tuple(sorted(drawn))))
    return events


def _racing_phase(state: State, rng: Rng) -> list[Event]:
    """HT-30..41; in Turbo only the start of the picking phase (HT-V2.5)."""
    counts = state.counts()
    events: list[Event] = [RacingPhaseStarted(counts=counts, howl=state.howl())]
    if state.config.turbo:
        return events
    howl = state.howl()
    positions = list(state.positions)
    placed = len(state.podium)
    for i, animal in enumerate(ANIMALS):  # HT-30
        if state.on_podium(animal):
            continue
        start, moves = positions[i], MOVEMENT[animal][counts[i]]
        if howl and animal is not Animal.WOLF:  # HT-33
            if moves:
                events.append(AnimalMoved(animal=animal, start=start, end=start, note="howl"))
            continue
        if animal is Animal.HARE and counts[i] == MAX_PER_ANIMAL_PER_ROUND and _hare_leads(state, positions):
            events.append(AnimalMoved(animal=animal, start=start, end=start, note="nap"))  # HT-32
            continue
        if not moves:
            continue
        end, note = _walk(state, animal, start, moves)
        positions[i] = end
        events.append(AnimalMoved(animal=animal, start=start, end=end, note=note))
        if end == FINISH:  # HT-40
            placed += 1
            events.append(AnimalFinished(animal=animal, place=placed))
            if placed == PODIUM_PLACES:  # HT-41
                break
    after = _then(state, events)
    if len(after.podium) >= PODIUM_PLACES:
        return events + _race_end(after, rng)
    return [*events, RoundEnded(first_player=(state.first_player + 1) % state.seats)]  # HT-42/43


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


def _move_animal(state: State, seat: int, animal: Animal, rng: Rng) -> list[Event]:
    """HT-V2.5..V2.10: the picker moves one animal by its card count, with its own Turbo token's boost."""
    if state.phase is not Phase.TURBO_MOVE:
        raise IllegalCommand("you can move an animal only in a Turbo movement phase", "WRONG_PHASE")
    if seat != state.turn:
        raise IllegalCommand(f"it is seat {state.turn}'s pick, not yours", "NOT_YOUR_TURN")
    if animal not in state.to_move:
        choices = ", ".join(state.to_move)
        raise IllegalCommand(f"{animal} cannot move now; choose one of: {choices}", "ANIMAL_CANNOT_MOVE")
    start = state.position(animal)
    end = min(start + state.counts()[ANIMALS.index(animal)], FINISH)  # HT-V2.6
    events: list[Event] = [AnimalMoved(animal=animal, start=start, end=end)]
    if end < FINISH and end in TURBO_TOKEN_TILES and state.turbo_tokens[TURBO_TOKEN_TILES.index(end)] is animal:
        boosted = min(end + TURBO_BONUS, FINISH)  # HT-V2.7, never chains
        events.append(AnimalMoved(animal=animal, start=end, end=boosted, note="turbo"))
        end = boosted
    if end == FINISH:
        events.append(AnimalCrossed(animal=animal))  # HT-V2.8
    after = _then(state, events)
    if after.to_move:
        return [*events, TurnPassed(seat=(seat + 1) % state.seats)]
    if not after.crossed:  # HT-V2.10
        return [*events, RoundEnded(first_player=(state.first_player + 1) % state.seats)]
    podium = _turbo_podium(after)  # HT-V2.9
    return events + podium + _race_end(_then(after, podium), rng)


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


def _race_end(state: State, rng: Rng) -> list[Event]:
    """HT-50/60/61, then the next race of a series (HT-V1), a rematch (HT-64) or the end (HT-62..64)."""
    scores = race_scores(state.podium, state.bets)
    finished: list[Event] = [RaceFinished(race=state.race, bets=state.bets, scores=scores)]
    after = _then(state, finished)
    next_first = (state.first_player + 1) % state.seats  # HT-V1.3: the marker passes left
    if state.race < state.config.races:
        return [*finished, _race_setup(state.config, state.seats, state.race + 1, next_first, rng)]
    still_tied = contenders(after)
    rematches = state.race - state.config.races
    if len(still_tied) > 1 and state.config.tie_policy == "rematch" and rematches < MAX_REMATCHES:
        return [*finished, _race_setup(state.config, state.seats, state.race + 1, next_first, rng)]
    return [*finished, GameFinished(totals=regular_totals(after), winners=still_tied)]


def _then(state: State, events: list[Event]) -> State:
    return reduce(evolve, events, state)


# --- evolve ----------------------------------------------------------------------------------
def evolve(state: State, event: Event) -> State:
    match event:
        case RaceSetUp():
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
        case SecondBetChosen(seat=seat, card=card):
            done = replaced(state.second_bet_done, seat, True)
            return replace(
                state,
                hands=replaced(state.hands, seat, tuple(c for c in state.hands[seat] if c != card)),
                bets=replaced(state.bets, seat, (*state.bets[seat], card)),
                second_bet_done=done,
                phase=Phase.PLAY if all(done) else state.phase,
            )
        case CardsPlayed(seat=seat, cards=cards):
            return replace(
                state,
                hands=replaced(state.hands, seat, tuple(c for c in state.hands[seat] if c not in cards)),
                played=replaced(state.played, seat, (*state.played[seat], *cards)),
            )
        case CardsDrawn(seat=seat, cards=cards):
            return replace(
                state,
                hands=replaced(state.hands, seat, tuple(sorted((*state.hands[seat], *cards)))),
                deck=tuple(c for c in state.deck if c not in cards),
            )
        case DiscardReshuffled():
            return replace(state, deck=tuple(sorted((*state.deck, *state.discard))), discard=())
        case TurnPassed(seat=seat):
            return replace(state, turn=seat)
        case RacingPhaseStarted(counts=counts):
            if not state.config.turbo:
                return state
            movers = tuple(a for a, n in zip(ANIMALS, counts, strict=True) if n)
            return replace(state, phase=Phase.TURBO_MOVE, to_move=movers, turn=state.first_player, crossed=())
        case AnimalMoved(animal=animal, end=end):
            i = ANIMALS.index(animal)
            return replace(
                state,
                positions=replaced(state.positions, i, end),
                to_move=tuple(a for a in state.to_move if a is not animal),
            )
        case AnimalCrossed(animal=animal):
            return replace(state, crossed=(*state.crossed, animal))
        case AnimalFinished(animal=animal, place=place):
            return replace(state, podium=(*state.podium, (animal, place)))
        case RoundEnded(first_player=first):
            played = tuple(c for cards in state.played for c in cards)
            return replace(
                state,
                phase=Phase.PLAY,
                discard=tuple(sorted((*state.discard, *played))),
                played=((),) * state.seats,
                first_player=first,
                turn=first,
                to_move=(),
                crossed=(),
            )
        case RaceFinished(bets=bets, scores=scores):
            return replace(state, results=(*state.results, RaceResult(bets=bets, podium=state.podium, scores=scores)))
        case GameFinished(totals=totals, winners=winners):
            return replace(state, phase=Phase.FINISHED, totals=totals, winners=winners)
    raise TypeError(f"not a Hare & Tortoise event: {event!r}")


# --- legal commands --------------------------------------------------------------------------
def legal_commands(state: State, seat: int | None) -> list[Command]:
    """Exactly the commands decide() accepts from `seat` now (card subsets listed sorted)."""
    if seat is None or not 0 <= seat < state.seats:
        return []
    if state.phase is Phase.SECOND_BET:
        return [] if state.second_bet_done[seat] else [ChooseSecondBet(card=c) for c in state.hands[seat]]
    if state.phase is Phase.TURBO_MOVE:
        return [MoveAnimal(animal=a) for a in state.to_move] if seat == state.turn else []
    if state.phase is not Phase.PLAY or seat != state.turn:
        return []
    counts, total = state.counts(), state.total()
    plays: list[Command] = []
    for i, animal in enumerate(ANIMALS):
        mine = [c for c in state.hands[seat] if CARD_ANIMAL[c] is animal]
        room = min(MAX_CARDS_PER_TURN, MAX_TOTAL_PER_ROUND - total, MAX_PER_ANIMAL_PER_ROUND - counts[i], len(mine))
        for k in range(1, room + 1):
            plays += [PlayCards(cards=combo) for combo in combinations(mine, k)]
    return plays
