"""legal_commands: every command decide() accepts from a seat now, a complete generator in a fixed order."""

from __future__ import annotations

from service.rules.grasshopper_ant.data import (
    CHAINS,
    PATH_TYPES,
    SNAKES,
    Power,
)
from service.rules.grasshopper_ant.messages import (
    Buy,
    ChooseMarker,
    Command,
    GainPower,
    Pass,
    PeekMarker,
    PlaceAnts,
    PlaceCicada,
    RedAntGuess,
    ResolveInsect,
    SkipPower,
    UseSwap,
)
from service.rules.grasshopper_ant.scoring import (
    status,
)
from service.rules.grasshopper_ant.state import (
    Phase,
    State,
    card_at,
    holds,
    insect_alternatives,
    open_insect_cards,
    pawned_types,
    payments,
    power_options,
)


def swaps(state: State, seat: int) -> list[Command]:
    """GA-P6: the collector holding the Butterfly swaps one of its cards with an opponent's or the market's."""
    if not holds(state, seat, Power.BUTTERFLY) or state.collector != seat:
        return []
    targets = [*state.market, *(p for s in range(state.seats) if s != seat for p in state.provisions[s])]
    return [UseSwap(mine=m, theirs=t) for m in sorted(state.provisions[seat]) for t in targets]


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
    return [*buys, *swaps(state, seat), Pass()]
