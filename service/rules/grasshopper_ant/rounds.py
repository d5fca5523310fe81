"""The steps a decision runs after a player's command: the Autumn pantry, the collection, the end of a round
(refills, the market, roles), draws from the Path deck, and the end of the game. Each emits into the Writer."""

from __future__ import annotations

from service.rules.core import Rng
from service.rules.grasshopper_ant.data import (
    CELLS,
    MARKET_SIZE,
    PATH_TYPES,
    SHELF_POSITIONS,
    Power,
    card_insect,
)
from service.rules.grasshopper_ant.messages import (
    CardsCollected,
    Cell,
    DeckReshuffled,
    DrawReason,
    EndReason,
    Event,
    GameFinished,
    GridRefilled,
    MarketRefilled,
    PantryFilled,
    PathCardDrawn,
    RoundStarted,
)
from service.rules.grasshopper_ant.scoring import (
    autumn_ended_by_shelves,
    autumn_winners,
    instant_winners,
    scores,
    stall_winners,
)
from service.rules.grasshopper_ant.state import (
    BOXED,
    State,
    card_at,
    final_haul,
    left,
    open_insect_cards,
    power_holder,
)
from service.rules.kit import Writer


def fill_pantry(out: Writer[State, Event]) -> None:
    """GA-40..43: advance the cube (cards past position 4 are lost), box plain cards, keep insect cards."""
    s = out.state
    seat, x = s.collector, s.markers[s.ant]
    assert seat is not None and x is not None
    before = s.shelves[seat][PATH_TYPES.index(x)]
    position = min(SHELF_POSITIONS, before + len(s.haul))
    out.emit(
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


def end_round_autumn(out: Writer[State, Event], rng: Rng) -> None:
    """GA-70: end on two full shelves or a deck too short to rebuild the grid; else GA-50 and GA-60."""
    s = out.state
    empty = sum(c is None for c in s.grid)
    if autumn_ended_by_shelves(s):
        _finish(out, EndReason.TWO_FULL_SHELVES, autumn_winners(s))
        return
    if len(s.deck) < empty:
        _finish(out, EndReason.DECK_SHORT, autumn_winners(s))
        return
    _refill_grid(out, rng)
    _next_round(out)


def advance_collection(out: Writer[State, Event]) -> None:
    """GA-36: once no insect card of the haul has a choice left, the Ant takes its cards."""
    s = out.state
    if open_insect_cards(s):
        return
    out.emit(CardsCollected(seat=s.ant, cards=final_haul(s)))


def check_victory(out: Writer[State, Event], actor: int) -> bool:
    """GA-75: 4 VP wins at once."""
    if not out.state.winter:
        return False
    found = instant_winners(out.state, actor)
    if found:
        _finish(out, EndReason.FOUR_VP, found)
        return True
    return False


def end_round_winter(out: Writer[State, Event], rng: Rng) -> None:
    s = out.state
    # GA-P4: the Ladybug's holder, if Ant or Cicada and not the collector, draws a card face up.
    lady = power_holder(s, Power.LADYBUG) if s.powers else BOXED
    if lady in (s.ant, s.cicada) and lady != s.collector:
        draw_into_supply(out, rng, lady, DrawReason.LADYBUG)
    _refill_grid(out, rng)
    # GA-87: the market is refilled from the Provision deck.
    deck = list(out.state.provision_deck)
    revealed: list[str] = []
    while len(out.state.market) + len(revealed) < MARKET_SIZE and deck:
        card = rng.choice(deck)
        deck.remove(card)
        revealed.append(card)
    if revealed:
        out.emit(MarketRefilled(cards=tuple(revealed)))
    s = out.state
    if not s.market and not s.provision_deck:
        _finish(out, EndReason.MARKET_EMPTY, stall_winners(s))
    elif any(c is None for c in s.grid):
        _finish(out, EndReason.GRID_NOT_REFILLED, stall_winners(s))
    else:
        _next_round(out)


def _next_round(out: Writer[State, Event]) -> None:
    """GA-60..62: the Ant passes left once it has collected; the Cicada always passes left, never onto the Ant."""
    s = out.state
    ant = left(s, s.ant) if s.collector == s.ant else s.ant
    cicada = left(s, s.cicada)
    if cicada == ant:
        cicada = left(s, ant)
    out.emit(RoundStarted(round=s.round + 1, ant=ant, cicada=cicada))


def _finish(out: Writer[State, Event], reason: EndReason, winners: tuple[int, ...]) -> None:
    s = out.state
    out.emit(
        GameFinished(
            reason=reason,
            scores=scores(s),
            winners=winners,
            insect_piles=s.insect_piles if not s.winter else (),
            cocoons=s.cocoons if s.winter else (),
        )
    )


# --- drawing -------------------------------------------------------------------------------------


def _draw(out: Writer[State, Event], rng: Rng) -> str | None:
    """A random card of the Path deck; GA-51 (Winter): an empty deck is rebuilt from the discard pile first."""
    s = out.state
    if not s.deck:
        if not s.winter or not s.discard:
            return None
        out.emit(DeckReshuffled(cards=tuple(sorted(s.discard))))
    return rng.choice(out.state.deck)


def draw_into_supply(out: Writer[State, Event], rng: Rng, seat: int, reason: DrawReason) -> None:
    card = _draw(out, rng)
    if card is not None:
        out.emit(PathCardDrawn(seat=seat, card=card, reason=reason, face_down=reason is DrawReason.COCOON))


def _refill_grid(out: Writer[State, Event], rng: Rng) -> None:
    """GA-50: every empty cell, row-major, gets a card; GA-51: reshuffle mid-way if the deck runs out."""
    placements: list[tuple[Cell, str]] = []
    deck = list(out.state.deck)
    for cell in [pos for pos in CELLS if card_at(out.state, pos) is None]:
        if not deck:
            if placements:
                out.emit(GridRefilled(placements=tuple(placements)))
                placements = []
            if not (out.state.winter and out.state.discard):
                break
            out.emit(DeckReshuffled(cards=tuple(sorted(out.state.discard))))
            deck = list(out.state.deck)
        card = rng.choice(deck)
        deck.remove(card)
        placements.append((cell, card))
    if placements:
        out.emit(GridRefilled(placements=tuple(placements)))
