"""evolve: one handler per event, never failing, never drawing randomness."""

from __future__ import annotations

from service.rules.core import replace, replaced
from service.rules.grasshopper_ant.data import (
    ALL_PATH_IDS,
    PATH_TYPES,
    POWERS,
    Power,
    cell_index,
)
from service.rules.grasshopper_ant.messages import (
    AcquisitionEnded,
    AntsPlaced,
    CardsCollected,
    CicadaPlaced,
    DeckReshuffled,
    Event,
    GameFinished,
    GameSetUp,
    GridRefilled,
    InsectResolved,
    MarkerChosen,
    MarkerPeeked,
    MarkersRevealed,
    MarketRefilled,
    PantryFilled,
    PathCardDrawn,
    PowerDeclined,
    PowerGained,
    ProvisionBought,
    ProvisionsSwapped,
    RoundStarted,
)
from service.rules.grasshopper_ant.state import (
    BOXED,
    CENTRE,
    Phase,
    State,
    choosers,
    power_options,
)
from service.rules.kit import Evolvers


def _without(items: tuple[str, ...], gone: tuple[str, ...] | frozenset[str]) -> tuple[str, ...]:
    return tuple(c for c in items if c not in gone)


def _clear_cells(grid: tuple[str | None, ...], cards: tuple[str, ...]) -> tuple[str | None, ...]:
    return tuple(None if c in cards else c for c in grid)


EVOLVERS: Evolvers[State, Event] = Evolvers("Grasshopper & Ant")


def evolve(state: State, event: Event) -> State:
    return EVOLVERS.evolve(state, event)


@EVOLVERS.on(GameSetUp)
def _game_set_up(state: State, event: GameSetUp) -> State:
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
        power_owner=(tuple(CENTRE if p in event.powers_in_play else BOXED for p in POWERS) if state.powers else ()),
    )


@EVOLVERS.on(RoundStarted)
def _round_started(state: State, event: RoundStarted) -> State:
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


@EVOLVERS.on(AntsPlaced)
def _ants_placed(state: State, event: AntsPlaced) -> State:
    return replace(state, ant_cells=event.cells, phase=Phase.CHOICES)


@EVOLVERS.on(MarkerChosen)
def _marker_chosen(state: State, event: MarkerChosen) -> State:
    markers = replaced(state.markers, event.seat, event.path_type)
    done = all(markers[s] is not None for s in choosers(state))
    return replace(state, markers=markers, phase=Phase.CICADA if done else state.phase)


@EVOLVERS.on(MarkerPeeked)
def _marker_peeked(state: State, event: MarkerPeeked) -> State:
    return replace(state, peek_slot=event.slot, peeked=event.path_type)


@EVOLVERS.on(CicadaPlaced)
def _cicada_placed(state: State, event: CicadaPlaced) -> State:
    return replace(state, cicada_cell=event.cell)


@EVOLVERS.on(MarkersRevealed)
def _markers_revealed(state: State, event: MarkersRevealed) -> State:
    phase = Phase.INSECTS if state.winter and event.collector == state.ant else state.phase
    return replace(
        state,
        revealed=True,
        cicada_right=event.cicada_right,
        collector=event.collector,
        haul=event.cards,
        phase=phase,
    )


@EVOLVERS.on(PantryFilled)
def _pantry_filled(state: State, event: PantryFilled) -> State:
    shelf = PATH_TYPES.index(event.shelf)
    return replace(
        state,
        grid=_clear_cells(state.grid, event.cards),
        shelves=replaced(state.shelves, event.seat, replaced(state.shelves[event.seat], shelf, event.position)),
        boxed=state.boxed + event.boxed,
        insect_piles=replaced(state.insect_piles, event.seat, state.insect_piles[event.seat] + event.kept),
        collected=event.cards,
    )


@EVOLVERS.on(PathCardDrawn)
def _path_card_drawn(state: State, event: PathCardDrawn) -> State:
    card = event.card
    assert card is not None, "evolve() is only ever fed unredacted events"
    deck = _without(state.deck, (card,))
    if event.face_down:
        return replace(state, deck=deck, cocoons=replaced(state.cocoons, event.seat, card))
    supply = state.supplies[event.seat] + (card,)
    return replace(state, deck=deck, supplies=replaced(state.supplies, event.seat, supply))


@EVOLVERS.on(DeckReshuffled)
def _deck_reshuffled(state: State, event: DeckReshuffled) -> State:
    return replace(state, deck=tuple(sorted(state.deck + event.cards)), discard=())


@EVOLVERS.on(GridRefilled)
def _grid_refilled(state: State, event: GridRefilled) -> State:
    grid = list(state.grid)
    for cell, card in event.placements:
        grid[cell_index(cell)] = card
    placed = tuple(card for _, card in event.placements)
    return replace(state, grid=tuple(grid), deck=_without(state.deck, placed))


@EVOLVERS.on(InsectResolved)
def _insect_resolved(state: State, event: InsectResolved) -> State:
    return replace(state, insect_help=(*state.insect_help, (event.card, event.taken)))


@EVOLVERS.on(CardsCollected)
def _cards_collected(state: State, event: CardsCollected) -> State:
    after = replace(
        state,
        grid=_clear_cells(state.grid, event.cards),
        supplies=replaced(state.supplies, event.seat, state.supplies[event.seat] + event.cards),
        collected=event.cards,
    )
    return replace(after, phase=Phase.POWER if power_options(after) else Phase.ACQUIRE)


@EVOLVERS.on(PowerGained)
def _power_gained(state: State, event: PowerGained) -> State:
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


@EVOLVERS.on(PowerDeclined)
def _power_declined(state: State, event: PowerDeclined) -> State:
    return replace(state, power_done=True, phase=Phase.ACQUIRE)


@EVOLVERS.on(ProvisionBought)
def _provision_bought(state: State, event: ProvisionBought) -> State:
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


@EVOLVERS.on(ProvisionsSwapped)
def _provisions_swapped(state: State, event: ProvisionsSwapped) -> State:
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


@EVOLVERS.on(AcquisitionEnded)
def _acquisition_ended(state: State, event: AcquisitionEnded) -> State:
    return state


@EVOLVERS.on(MarketRefilled)
def _market_refilled(state: State, event: MarketRefilled) -> State:
    return replace(
        state,
        market=state.market + event.cards,
        provision_deck=_without(state.provision_deck, event.cards),
    )


@EVOLVERS.on(GameFinished)
def _game_finished(state: State, event: GameFinished) -> State:
    return replace(
        state,
        phase=Phase.FINISHED,
        end_reason=event.reason,
        winners=event.winners,
        final_scores=event.scores,
    )
