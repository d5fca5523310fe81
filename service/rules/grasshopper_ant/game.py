"""The decider: initial_state, setup, decide, evolve, legal_commands.

decide() builds its events one at a time and evolves a working copy of the state
after each (the `_Run` helper), so a later step (a refill after a purchase, a
reshuffle in the middle of a refill) always sees the state the earlier steps left.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from service.rules.core import IllegalCommand, InvalidOptions, Rng, replaced
from service.rules.grasshopper_ant.data import (
    ALL_PATH_IDS,
    ANT_PAWNS,
    CELLS,
    CHAINS,
    INSECT_POWER,
    MARKET_SIZE,
    PATH_TYPES,
    POWERS,
    POWERS_IN_PLAY,
    SHELF_POSITIONS,
    SNAKES,
    Mode,
    PathType,
    Power,
    card_insect,
    card_type,
    cell_index,
    is_connected,
    is_snake,
    provisions_for,
)
from service.rules.grasshopper_ant.messages import (
    AcquisitionEnded,
    AntsPlaced,
    Buy,
    CardsCollected,
    Cell,
    ChooseMarker,
    CicadaPlaced,
    Command,
    DeckReshuffled,
    DrawReason,
    EndReason,
    Event,
    GainPower,
    GameFinished,
    GameSetUp,
    GridRefilled,
    InsectResolved,
    MarkerChosen,
    MarkerPeeked,
    MarkersRevealed,
    MarketRefilled,
    PantryFilled,
    Pass,
    PathCardDrawn,
    PeekMarker,
    PlaceAnts,
    PlaceCicada,
    PowerDeclined,
    PowerGained,
    ProvisionBought,
    ProvisionsSwapped,
    RedAntGuess,
    ResolveInsect,
    RoundStarted,
    SkipPower,
    UseSwap,
)
from service.rules.grasshopper_ant.scoring import (
    autumn_ended_by_shelves,
    autumn_winners,
    instant_winners,
    scores,
    stall_winners,
    status,
)
from service.rules.grasshopper_ant.state import (
    BOXED,
    CENTRE,
    Phase,
    State,
    card_at,
    choosers,
    final_haul,
    holds,
    insect_alternatives,
    is_payment,
    left,
    open_insect_cards,
    pawned_types,
    payments,
    power_holder,
    power_options,
    red_ants,
    spendable,
)

RANDOM = "random"

# --- options and setup -------------------------------------------------------------------------


def initial_state(seats: int, options: Mapping[str, Any]) -> State:
    mode = Mode(options.get("mode", Mode.AUTUMN.value))
    return State(
        seats=seats,
        mode=mode,
        powers=bool(options.get("powers", False)) and mode is Mode.WINTER,
        autumn_open=bool(options.get("autumn_open", False)) and mode is Mode.AUTUMN,
        snake=bool(options.get("snake", False)),
    )


def _chosen_powers(spec: str) -> tuple[Power, ...]:
    """The host's GA-S7W choice: a comma-separated list of 4 power ids (PW-BEE) or insect names (BEE)."""
    by_name = {p.value: p for p in POWERS} | {p.name: p for p in POWERS}
    names = [n.strip().upper() for n in spec.split(",") if n.strip()]
    unknown = [n for n in names if n not in by_name]
    if unknown:
        raise InvalidOptions(f"unknown power card {unknown[0]!r}; the power cards are {[p.value for p in POWERS]}")
    chosen = {by_name[n] for n in names}
    if len(chosen) != POWERS_IN_PLAY or len(names) != POWERS_IN_PLAY:
        raise InvalidOptions(f"power_cards must name {POWERS_IN_PLAY} different power cards, not {spec!r}")
    return tuple(p for p in POWERS if p in chosen)


def setup(options: Mapping[str, Any], seats: int, rng: Rng) -> list[Event]:
    if not 2 <= seats <= 4:
        raise InvalidOptions(f"The Grasshopper & the Ant is for 2 to 4 players, not {seats}")
    mode = Mode(options.get("mode", Mode.AUTUMN.value))
    powers = bool(options.get("powers", False))
    if powers and mode is not Mode.WINTER:
        raise InvalidOptions("Power to the Beetle! is a Winter variant: set mode to winter to use powers")
    if options.get("autumn_open", False) and mode is not Mode.AUTUMN:
        raise InvalidOptions("the open variant is for Autumn only: collected cards are always face up in Winter")
    first_ant = int(options.get("first_ant", -1))
    if not -1 <= first_ant < seats:
        raise InvalidOptions(f"first_ant must be a seat 0..{seats - 1}, or -1 for a random one, not {first_ant}")
    power_spec = str(options.get("power_cards", RANDOM))
    chosen_powers = None if power_spec.strip().lower() == RANDOM else _chosen_powers(power_spec)
    if chosen_powers is not None and not powers:
        raise InvalidOptions("power_cards only applies with the powers variant")

    # GA-S1: shuffle the Path cards; 16 form the grid (row-major), the rest the deck.
    shuffled = rng.shuffled(ALL_PATH_IDS)
    grid = shuffled[: len(CELLS)]
    deck = sorted(shuffled[len(CELLS) :])
    # GA-S2/S3: the first Ant (the youngest: a random seat unless the host says), the Cicada on its left.
    ant = first_ant if first_ant >= 0 else rng.below(seats)
    cicada = (ant + 1) % seats
    supplies: list[tuple[str, ...]] = [() for _ in range(seats)]
    market: tuple[str, ...] = ()
    in_play: tuple[str, ...] = ()
    in_game: tuple[Power, ...] = ()
    if mode is Mode.WINTER:
        # GA-S4W: one card each into the supply, in seat order from the Ant.
        for k in range(seats):
            seat = (ant + k) % seats
            card = rng.choice(deck)
            deck.remove(card)
            supplies[seat] = (card,)
        # GA-S5W: the Provision cards for this player count; 3 form the market.
        in_play = provisions_for(seats)
        market = rng.shuffled(in_play)[:MARKET_SIZE]
        # GA-S7W: 4 of the 6 Power cards.
        if powers:
            picked = chosen_powers if chosen_powers is not None else rng.shuffled(POWERS)[:POWERS_IN_PLAY]
            in_game = tuple(p for p in POWERS if p in picked)
    return [
        GameSetUp(
            mode=mode,
            grid=grid,
            ant=ant,
            cicada=cicada,
            supplies=tuple(supplies),
            market=market,
            provisions_in_play=in_play,
            powers_in_play=in_game,
        ),
        RoundStarted(round=1, ant=ant, cicada=cicada),
    ]


# --- decide --------------------------------------------------------------------------------------


class _Run:
    """Events decided so far, and the state they lead to."""

    def __init__(self, state: State) -> None:
        self.state = state
        self.events: list[Event] = []

    def emit(self, event: Event) -> None:
        self.events.append(event)
        self.state = evolve(self.state, event)


def decide(state: State, seat: int | None, command: Command, rng: Rng, now_ms: int = 0) -> list[Event]:
    if state.phase is Phase.SETUP:
        raise IllegalCommand("the game has not been set up yet", "WRONG_PHASE")
    if state.finished:
        raise IllegalCommand("the game is over", "GAME_OVER")
    if seat is None or not 0 <= seat < state.seats:
        raise IllegalCommand("only a player at the table can do that", "NOT_A_SEAT")
    match command:
        case PlaceAnts(cells=cells):
            return _place_ants(state, seat, cells)
        case ChooseMarker(path_type=path_type):
            return _choose_marker(state, seat, path_type)
        case RedAntGuess(path_type=path_type):
            return _red_ant_guess(state, seat, path_type)
        case PeekMarker(slot=slot):
            return _peek(state, seat, slot, rng)
        case PlaceCicada(cell=cell):
            return _place_cicada(state, seat, cell, rng)
        case ResolveInsect(card=card, take=take):
            return _resolve_insect(state, seat, card, take, rng)
        case GainPower(discard=discard):
            return _gain_power(state, seat, discard, rng)
        case SkipPower():
            _expect(state, seat, Phase.POWER, state.ant, "the Ant who collected")
            return [PowerDeclined(seat=seat)]
        case Buy(provision=provision, cards=cards):
            return _buy(state, seat, provision, cards, rng)
        case UseSwap(mine=mine, theirs=theirs):
            return _use_swap(state, seat, mine, theirs, rng)
        case Pass():
            _expect(state, seat, Phase.ACQUIRE, state.collector, "the collector")
            run = _Run(state)
            run.emit(AcquisitionEnded(seat=seat))
            _end_round_winter(run, rng)
            return run.events
    raise TypeError(f"not a Grasshopper & Ant command: {command!r}")


_PHASE_WORDS = {
    Phase.ANT_PLACE: "the Ant is placing its pawns",
    Phase.CHOICES: "the markers are being chosen",
    Phase.CICADA: "the Cicada is choosing",
    Phase.INSECTS: "the Ant is taking its cards",
    Phase.POWER: "the Ant may gain a power",
    Phase.ACQUIRE: "the collector is buying",
}


def _expect(state: State, seat: int, phase: Phase, actor: int | None, who: str) -> None:
    if state.phase is not phase:
        raise IllegalCommand(f"you cannot do that now: {_PHASE_WORDS.get(state.phase, 'wrong phase')}", "WRONG_PHASE")
    if seat != actor:
        raise IllegalCommand(f"only {who} may do that now, and that is not you", "NOT_YOUR_TURN")


def _check_cell(cell: Cell) -> None:
    if cell not in CELLS:
        raise IllegalCommand(f"there is no cell {list(cell)}: rows and columns are 0 to 3", "BAD_CELL")


def _place_ants(state: State, seat: int, cells: frozenset[Cell]) -> list[Event]:
    _expect(state, seat, Phase.ANT_PLACE, state.ant, "the Ant")
    for cell in sorted(cells):
        _check_cell(cell)
        if card_at(state, cell) is None:
            raise IllegalCommand(f"cell {list(cell)} holds no card", "NO_CARD")
    if len(cells) != ANT_PAWNS:
        raise IllegalCommand(f"place all {ANT_PAWNS} ants on {ANT_PAWNS} different cards, not {len(cells)}", "PAWNS")
    if not is_connected(cells):
        raise IllegalCommand("your ants must form one unbroken chain, touching side to side", "BROKEN_CHAIN")
    if state.snake and not is_snake(cells):
        raise IllegalCommand("your ants must walk in single file from an edge of the grid", "NOT_A_SNAKE")
    return [AntsPlaced(seat=seat, cells=cells)]


def _choose_marker(state: State, seat: int, path_type: PathType) -> list[Event]:
    _expect(state, seat, Phase.CHOICES, state.ant if seat == state.ant else None, "the Ant")
    if state.markers[seat] is not None:
        raise IllegalCommand("you have already chosen your marker this round", "ALREADY_CHOSEN")
    if path_type not in pawned_types(state):
        raise IllegalCommand(f"choose a path type under one of your ants; none is on {path_type.value}", "NO_PAWN")
    return [MarkerChosen(seat=seat, path_type=path_type)]


def _red_ant_guess(state: State, seat: int, path_type: PathType) -> list[Event]:
    _expect(state, seat, Phase.CHOICES, seat if seat in red_ants(state) else None, "a Red Ant")
    if state.markers[seat] is not None:
        raise IllegalCommand("you have already chosen your marker this round", "ALREADY_CHOSEN")
    return [MarkerChosen(seat=seat, path_type=path_type)]


def _peek(state: State, seat: int, slot: int, rng: Rng) -> list[Event]:
    _expect(state, seat, Phase.CICADA, state.cicada, "the Cicada")
    if not holds(state, seat, Power.DRAGONFLY):
        raise IllegalCommand("you need the Dragonfly power to peek at a marker", "NO_POWER")
    if state.peek_slot is not None:
        raise IllegalCommand("you have already peeked at a marker this round", "ALREADY_PEEKED")
    if not 0 <= slot < len(PATH_TYPES) - 1:
        raise IllegalCommand(f"pick one of the {len(PATH_TYPES) - 1} face-down markers: slot 0, 1 or 2", "BAD_SLOT")
    chosen = state.markers[state.ant]
    # GA-P3: the 3 unchosen markers lie face down in a random order; the Cicada turns over one slot.
    slots = rng.shuffled([t for t in PATH_TYPES if t != chosen])
    return [MarkerPeeked(seat=seat, slot=slot, path_type=slots[slot])]


def _place_cicada(state: State, seat: int, cell: Cell, rng: Rng) -> list[Event]:
    _expect(state, seat, Phase.CICADA, state.cicada, "the Cicada")
    _check_cell(cell)
    if cell not in state.ant_cells:
        raise IllegalCommand(f"sit on a card that carries an ant; cell {list(cell)} has none", "NO_ANT_THERE")
    run = _Run(state)
    run.emit(CicadaPlaced(seat=seat, cell=cell))
    # GA-30/31: reveal; S = the pawned cards of the Ant's type.
    x = state.markers[state.ant]
    assert x is not None
    haul = tuple(c for pos in CELLS if pos in state.ant_cells and (c := card_at(state, pos)) and card_type(c) is x)
    under = card_at(state, cell)
    right = under is not None and card_type(under) is x
    collector = state.cicada if right else state.ant
    guesses = tuple((s, t) for s in choosers(state)[1:] if (t := state.markers[s]) is not None)
    run.emit(MarkersRevealed(ant_marker=x, guesses=guesses, cicada_right=right, collector=collector, cards=haul))
    if not state.winter:
        _fill_pantry(run)
        _end_round_autumn(run, rng)
        return run.events
    if right:
        run.emit(CardsCollected(seat=collector, cards=haul))  # GA-37: the Cicada takes exactly S
        return run.events
    # GA-34: the Ant was not blocked; each Red Ant who guessed its type draws a card, clockwise from the Ant.
    for red, guess in guesses:
        if guess is x:
            _draw_into_supply(run, rng, red, DrawReason.RED_ANT)
    _advance_collection(run)
    return run.events


def _fill_pantry(run: _Run) -> None:
    """GA-40..43: advance the cube (cards past position 4 are lost), box plain cards, keep insect cards."""
    s = run.state
    seat, x = s.collector, s.markers[s.ant]
    assert seat is not None and x is not None
    before = s.shelves[seat][PATH_TYPES.index(x)]
    position = min(SHELF_POSITIONS, before + len(s.haul))
    run.emit(
        PantryFilled(
            seat=seat,
            shelf=x,
            cards=s.haul,
            position=position,
            lost=before + len(s.haul) - position,
            boxed=tuple(c for c in s.haul if card_insect(c) is None),
            kept=tuple(c for c in s.haul if card_insect(c) is not None),
        )
    )


def _end_round_autumn(run: _Run, rng: Rng) -> None:
    """GA-70: end on two full shelves or a deck too short to rebuild the grid; else GA-50 and GA-60."""
    s = run.state
    empty = sum(c is None for c in s.grid)
    if autumn_ended_by_shelves(s):
        _finish(run, EndReason.TWO_FULL_SHELVES, autumn_winners(s))
        return
    if len(s.deck) < empty:
        _finish(run, EndReason.DECK_SHORT, autumn_winners(s))
        return
    _refill_grid(run, rng)
    _next_round(run)


def _advance_collection(run: _Run) -> None:
    """GA-36: once no insect card of the haul has a choice left, the Ant takes its cards."""
    s = run.state
    if open_insect_cards(s):
        return
    run.emit(CardsCollected(seat=s.ant, cards=final_haul(s)))


def _resolve_insect(state: State, seat: int, card: str, take: str, rng: Rng) -> list[Event]:
    _expect(state, seat, Phase.INSECTS, state.ant, "the Ant")
    if card not in open_insect_cards(state):
        raise IllegalCommand(f"{card} is not an insect card of your haul that still waits for your choice", "NO_CHOICE")
    if take != card and take not in insect_alternatives(state, card):
        raise IllegalCommand(
            f"take {card} itself or another grid card with the same insect that is not in your haul", "BAD_INSECT"
        )
    run = _Run(state)
    run.emit(InsectResolved(seat=seat, card=card, taken=take))
    _advance_collection(run)
    return run.events


def _gain_power(state: State, seat: int, discard: str, rng: Rng) -> list[Event]:
    _expect(state, seat, Phase.POWER, state.ant, "the Ant who collected")
    if discard not in power_options(state):
        raise IllegalCommand(
            f"discard an insect card you just collected whose power is in play and not yours; {discard} is not one",
            "NO_POWER",
        )
    insect = card_insect(discard)
    assert insect is not None
    power = INSECT_POWER[insect]
    holder = power_holder(state, power)
    victim = holder if holder >= 0 else None
    lost = state.cocoons[victim] if victim is not None and power is Power.CATERPILLAR else None
    run = _Run(state)
    run.emit(PowerGained(seat=seat, power=power, discarded=discard, from_seat=victim, lost_cocoon=lost))
    if power is Power.CATERPILLAR:  # GA-P5: the new holder draws its own face-down card
        _draw_into_supply(run, rng, seat, DrawReason.COCOON)
    _check_victory(run, seat)
    return run.events


def _buy(state: State, seat: int, provision: str, cards: frozenset[str], rng: Rng) -> list[Event]:
    _expect(state, seat, Phase.ACQUIRE, state.collector, "the collector")
    if state.bought:
        raise IllegalCommand("you may buy only one Provision card per round", "ALREADY_BOUGHT")
    if provision not in state.market:
        raise IllegalCommand(f"{provision} is not in the market", "NOT_IN_MARKET")
    mine = spendable(state, seat)
    for card in sorted(cards):
        if card not in mine:
            raise IllegalCommand(f"you do not have {card} to pay with", "NOT_YOURS")
    if not is_payment(state, seat, provision, cards):
        raise IllegalCommand(
            f"those cards do not pay the price of {provision} exactly (one card per symbol, or identical "
            "cards as a wildcard)",
            "BAD_PAYMENT",
        )
    run = _Run(state)
    cocoon = state.cocoons[seat]
    run.emit(ProvisionBought(seat=seat, provision=provision, paid=tuple(sorted(cards))))
    if cocoon is not None and cocoon in cards and holds(run.state, seat, Power.CATERPILLAR):
        _draw_into_supply(run, rng, seat, DrawReason.COCOON)  # GA-P5: a new face-down card at once
    if not run.state.supplies[seat]:
        _draw_into_supply(run, rng, seat, DrawReason.EXACT_CHANGE)  # GA-86
    if _check_victory(run, seat):
        return run.events
    if not _swaps(run.state, seat):
        _end_round_winter(run, rng)
    return run.events


def _use_swap(state: State, seat: int, mine: str, theirs: str, rng: Rng) -> list[Event]:
    _expect(state, seat, Phase.ACQUIRE, state.collector, "the collector")
    if not holds(state, seat, Power.BUTTERFLY):
        raise IllegalCommand("you need the Butterfly power to swap Provision cards", "NO_POWER")
    if mine not in state.provisions[seat]:
        raise IllegalCommand(f"you do not own {mine}", "NOT_YOURS")
    other = _provision_owner(state, theirs)
    if other == seat or (other is None and theirs not in state.market):
        raise IllegalCommand(f"{theirs} is neither in the market nor an opponent's", "BAD_SWAP")
    run = _Run(state)
    run.emit(ProvisionsSwapped(seat=seat, given=mine, received=theirs, other_seat=other))
    if _check_victory(run, seat):
        return run.events
    if run.state.bought:
        _end_round_winter(run, rng)
    return run.events


def _provision_owner(state: State, card: str) -> int | None:
    for s in range(state.seats):
        if card in state.provisions[s]:
            return s
    return None


def _swaps(state: State, seat: int) -> list[Command]:
    """GA-P6: the collector holding the Butterfly swaps one of its cards with an opponent's or the market's."""
    if not holds(state, seat, Power.BUTTERFLY) or state.collector != seat:
        return []
    targets = [*state.market, *(p for s in range(state.seats) if s != seat for p in state.provisions[s])]
    return [UseSwap(mine=m, theirs=t) for m in sorted(state.provisions[seat]) for t in targets]


def _check_victory(run: _Run, actor: int) -> bool:
    """GA-75: 4 VP wins at once."""
    if not run.state.winter:
        return False
    found = instant_winners(run.state, actor)
    if found:
        _finish(run, EndReason.FOUR_VP, found)
        return True
    return False


def _end_round_winter(run: _Run, rng: Rng) -> None:
    s = run.state
    # GA-P4: the Ladybug's holder, if Ant or Cicada and not the collector, draws a card face up.
    lady = power_holder(s, Power.LADYBUG) if s.powers else BOXED
    if lady in (s.ant, s.cicada) and lady != s.collector:
        _draw_into_supply(run, rng, lady, DrawReason.LADYBUG)
    _refill_grid(run, rng)
    # GA-87: the market is refilled from the Provision deck.
    deck = list(run.state.provision_deck)
    revealed: list[str] = []
    while len(run.state.market) + len(revealed) < MARKET_SIZE and deck:
        card = rng.choice(deck)
        deck.remove(card)
        revealed.append(card)
    if revealed:
        run.emit(MarketRefilled(cards=tuple(revealed)))
    s = run.state
    if not s.market and not s.provision_deck:
        _finish(run, EndReason.MARKET_EMPTY, stall_winners(s))
    elif any(c is None for c in s.grid):
        _finish(run, EndReason.GRID_NOT_REFILLED, stall_winners(s))
    else:
        _next_round(run)


def _next_round(run: _Run) -> None:
    """GA-60..62: the Ant passes left once it has collected; the Cicada always passes left, never onto the Ant."""
    s = run.state
    ant = left(s, s.ant) if s.collector == s.ant else s.ant
    cicada = left(s, s.cicada)
    if cicada == ant:
        cicada = left(s, ant)
    run.emit(RoundStarted(round=s.round + 1, ant=ant, cicada=cicada))


def _finish(run: _Run, reason: EndReason, winners: tuple[int, ...]) -> None:
    s = run.state
    run.emit(
        GameFinished(
            reason=reason,
            scores=scores(s),
            winners=winners,
            insect_piles=s.insect_piles if not s.winter else (),
            cocoons=s.cocoons if s.winter else (),
        )
    )


# --- drawing -------------------------------------------------------------------------------------


def _draw(run: _Run, rng: Rng) -> str | None:
    """A random card of the Path deck; GA-51 (Winter): an empty deck is rebuilt from the discard pile first."""
    s = run.state
    if not s.deck:
        if not s.winter or not s.discard:
            return None
        run.emit(DeckReshuffled(cards=tuple(sorted(s.discard))))
    return rng.choice(run.state.deck)


def _draw_into_supply(run: _Run, rng: Rng, seat: int, reason: DrawReason) -> None:
    card = _draw(run, rng)
    if card is not None:
        run.emit(PathCardDrawn(seat=seat, card=card, reason=reason, face_down=reason is DrawReason.COCOON))


def _refill_grid(run: _Run, rng: Rng) -> None:
    """GA-50: every empty cell, row-major, gets a card; GA-51: reshuffle mid-way if the deck runs out."""
    placements: list[tuple[Cell, str]] = []
    deck = list(run.state.deck)
    for cell in [pos for pos in CELLS if card_at(run.state, pos) is None]:
        if not deck:
            if placements:
                run.emit(GridRefilled(placements=tuple(placements)))
                placements = []
            if not (run.state.winter and run.state.discard):
                break
            run.emit(DeckReshuffled(cards=tuple(sorted(run.state.discard))))
            deck = list(run.state.deck)
        card = rng.choice(deck)
        deck.remove(card)
        placements.append((cell, card))
    if placements:
        run.emit(GridRefilled(placements=tuple(placements)))


# --- evolve --------------------------------------------------------------------------------------


def _without(items: tuple[str, ...], gone: tuple[str, ...] | frozenset[str]) -> tuple[str, ...]:
    return tuple(c for c in items if c not in gone)


def _clear_cells(grid: tuple[str | None, ...], cards: tuple[str, ...]) -> tuple[str | None, ...]:
    return tuple(None if c in cards else c for c in grid)


def evolve(state: State, event: Event) -> State:
    match event:
        case GameSetUp():
            dealt = set(event.grid) | {c for sup in event.supplies for c in sup}
            return replace(
                state,
                grid=tuple(event.grid),
                deck=tuple(c for c in ALL_PATH_IDS if c not in dealt),
                ant=event.ant,
                cicada=event.cicada,
                markers=(None,) * state.seats,
                shelves=((0,) * len(PATH_TYPES),) * state.seats,
                insect_piles=((),) * state.seats,
                supplies=event.supplies,
                cocoons=(None,) * state.seats,
                provisions=((),) * state.seats,
                market=event.market,
                provision_deck=tuple(p for p in event.provisions_in_play if p not in event.market),
                provisions_in_play=event.provisions_in_play,
                power_owner=(
                    tuple(CENTRE if p in event.powers_in_play else BOXED for p in POWERS) if state.powers else ()
                ),
            )
        case RoundStarted():
            return replace(
                state,
                phase=Phase.ANT_PLACE,
                round=event.round,
                ant=event.ant,
                cicada=event.cicada,
                ant_cells=frozenset(),
                cicada_cell=None,
                markers=(None,) * state.seats,
                peek_slot=None,
                peeked=None,
                revealed=False,
                cicada_right=False,
                collector=None,
                haul=(),
                insect_help=(),
                collected=(),
                power_done=False,
                bought=False,
            )
        case AntsPlaced():
            return replace(state, ant_cells=event.cells, phase=Phase.CHOICES)
        case MarkerChosen():
            markers = replaced(state.markers, event.seat, event.path_type)
            done = all(markers[s] is not None for s in choosers(state))
            return replace(state, markers=markers, phase=Phase.CICADA if done else state.phase)
        case MarkerPeeked():
            return replace(state, peek_slot=event.slot, peeked=event.path_type)
        case CicadaPlaced():
            return replace(state, cicada_cell=event.cell)
        case MarkersRevealed():
            phase = Phase.INSECTS if state.winter and event.collector == state.ant else state.phase
            return replace(
                state,
                revealed=True,
                cicada_right=event.cicada_right,
                collector=event.collector,
                haul=event.cards,
                phase=phase,
            )
        case PantryFilled():
            shelf = PATH_TYPES.index(event.shelf)
            return replace(
                state,
                grid=_clear_cells(state.grid, event.cards),
                shelves=replaced(state.shelves, event.seat, replaced(state.shelves[event.seat], shelf, event.position)),
                boxed=state.boxed + event.boxed,
                insect_piles=replaced(state.insect_piles, event.seat, state.insect_piles[event.seat] + event.kept),
                collected=event.cards,
            )
        case PathCardDrawn():
            card = event.card
            assert card is not None, "evolve() is only ever fed unredacted events"
            deck = _without(state.deck, (card,))
            if event.face_down:
                return replace(state, deck=deck, cocoons=replaced(state.cocoons, event.seat, card))
            supply = state.supplies[event.seat] + (card,)
            return replace(state, deck=deck, supplies=replaced(state.supplies, event.seat, supply))
        case DeckReshuffled():
            return replace(state, deck=tuple(sorted(state.deck + event.cards)), discard=())
        case GridRefilled():
            grid = list(state.grid)
            for cell, card in event.placements:
                grid[cell_index(cell)] = card
            placed = tuple(card for _, card in event.placements)
            return replace(state, grid=tuple(grid), deck=_without(state.deck, placed))
        case InsectResolved():
            return replace(state, insect_help=(*state.insect_help, (event.card, event.taken)))
        case CardsCollected():
            after = replace(
                state,
                grid=_clear_cells(state.grid, event.cards),
                supplies=replaced(state.supplies, event.seat, state.supplies[event.seat] + event.cards),
                collected=event.cards,
            )
            return replace(after, phase=Phase.POWER if power_options(after) else Phase.ACQUIRE)
        case PowerGained():
            owner = replaced(state.power_owner, POWERS.index(event.power), event.seat)
            supply = _without(state.supplies[event.seat], (event.discarded,))
            discard = (*state.discard, event.discarded)
            cocoons = state.cocoons
            if event.lost_cocoon is not None and event.from_seat is not None:
                discard = (*discard, event.lost_cocoon)
                cocoons = replaced(cocoons, event.from_seat, None)
            return replace(
                state,
                power_owner=owner,
                supplies=replaced(state.supplies, event.seat, supply),
                discard=discard,
                cocoons=cocoons,
                power_done=True,
                phase=Phase.ACQUIRE,
            )
        case PowerDeclined():
            return replace(state, power_done=True, phase=Phase.ACQUIRE)
        case ProvisionBought():
            paid = event.paid
            cocoon = state.cocoons[event.seat]
            return replace(
                state,
                supplies=replaced(state.supplies, event.seat, _without(state.supplies[event.seat], paid)),
                cocoons=replaced(state.cocoons, event.seat, None) if cocoon in paid else state.cocoons,
                discard=state.discard + paid,
                provisions=replaced(state.provisions, event.seat, state.provisions[event.seat] + (event.provision,)),
                market=_without(state.market, (event.provision,)),
                bought=True,
            )
        case ProvisionsSwapped():
            give, get = event.given, event.received
            mine = tuple(get if p == give else p for p in state.provisions[event.seat])
            provisions = replaced(state.provisions, event.seat, mine)
            market = state.market
            if event.other_seat is None:
                market = tuple(give if p == get else p for p in market)
            else:
                theirs = tuple(give if p == get else p for p in state.provisions[event.other_seat])
                provisions = replaced(provisions, event.other_seat, theirs)
            owner = replaced(state.power_owner, POWERS.index(Power.BUTTERFLY), CENTRE)
            return replace(state, provisions=provisions, market=market, power_owner=owner)
        case AcquisitionEnded():
            return state
        case MarketRefilled():
            return replace(
                state,
                market=state.market + event.cards,
                provision_deck=_without(state.provision_deck, event.cards),
            )
        case GameFinished():
            return replace(
                state,
                phase=Phase.FINISHED,
                end_reason=event.reason,
                winners=event.winners,
                final_scores=event.scores,
            )
    raise TypeError(f"not a Grasshopper & Ant event: {event!r}")


# --- legal commands ------------------------------------------------------------------------------

_CHAIN_COMMANDS: tuple[PlaceAnts, ...] = tuple(PlaceAnts(cells=c) for c in CHAINS)
_SNAKE_COMMANDS: tuple[PlaceAnts, ...] = tuple(PlaceAnts(cells=c) for c in SNAKES)


def legal_commands(state: State, seat: int | None) -> list[Command]:
    """Every command decide() accepts from `seat` now: a complete generator, in a deterministic order."""
    if seat is None or seat not in status(state).to_act:
        return []
    phase = state.phase
    if phase is Phase.ANT_PLACE:
        shapes = _SNAKE_COMMANDS if state.snake else _CHAIN_COMMANDS
        if all(c is not None for c in state.grid):
            return list(shapes)
        return [cmd for cmd in shapes if all(card_at(state, cell) is not None for cell in cmd.cells)]
    if phase is Phase.CHOICES:
        if seat == state.ant:
            return [ChooseMarker(path_type=t) for t in pawned_types(state)]
        return [RedAntGuess(path_type=t) for t in PATH_TYPES]
    if phase is Phase.CICADA:
        peeks: list[Command] = []
        if holds(state, seat, Power.DRAGONFLY) and state.peek_slot is None:
            peeks = [PeekMarker(slot=k) for k in range(len(PATH_TYPES) - 1)]
        return peeks + [PlaceCicada(cell=cell) for cell in sorted(state.ant_cells)]
    if phase is Phase.INSECTS:
        return [
            ResolveInsect(card=card, take=take)
            for card in open_insect_cards(state)
            for take in (card, *insect_alternatives(state, card))
        ]
    if phase is Phase.POWER:
        return [*(GainPower(discard=c) for c in power_options(state)), SkipPower()]
    # ACQUIRE
    buys: list[Command] = []
    if not state.bought:
        buys = [Buy(provision=p, cards=cards) for p in state.market for cards in payments(state, seat, p)]
    return [*buys, *_swaps(state, seat), Pass()]
