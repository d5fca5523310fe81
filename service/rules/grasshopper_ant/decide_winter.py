"""decide, after the reveal in Winter: insect help (GA-36), powers (GA-P0), buying (GA-80..86) and the
Butterfly swap (GA-P6), and passing, which ends the round. Dispatched by decide.py."""

from __future__ import annotations

from service.rules.core import IllegalCommand, Rng
from service.rules.grasshopper_ant.data import INSECT_POWER, Power, card_insect
from service.rules.grasshopper_ant.evolve import evolve
from service.rules.grasshopper_ant.guards import expect
from service.rules.grasshopper_ant.legal import swaps
from service.rules.grasshopper_ant.messages import (
    AcquisitionEnded,
    Buy,
    DrawReason,
    Event,
    GainPower,
    InsectResolved,
    Pass,
    PowerDeclined,
    PowerGained,
    ProvisionBought,
    ProvisionsSwapped,
    ResolveInsect,
    SkipPower,
    UseSwap,
)
from service.rules.grasshopper_ant.reasons import Reason
from service.rules.grasshopper_ant.rounds import advance_collection, check_victory, draw_into_supply, end_round_winter
from service.rules.grasshopper_ant.state import (
    Phase,
    State,
    holds,
    insect_alternatives,
    is_payment,
    open_insect_cards,
    power_holder,
    power_options,
    spendable,
)
from service.rules.kit import Deciders, Writer

WINTER_DECIDERS: Deciders[State, Event, int] = Deciders("Grasshopper & Ant (Winter)", evolve)


@WINTER_DECIDERS.on(ResolveInsect)
def _resolve_insect(out: Writer[State, Event], seat: int, command: ResolveInsect, rng: Rng, now_ms: int) -> None:
    state, card, take = out.state, command.card, command.take
    expect(state, seat, Phase.INSECTS, state.ant, "the Ant")
    if card not in open_insect_cards(state):
        raise IllegalCommand(
            f"{card} is not an insect card of your haul that still waits for your choice", Reason.NO_CHOICE
        )
    if take != card and take not in insect_alternatives(state, card):
        raise IllegalCommand(
            f"take {card} itself or another grid card with the same insect that is not in your haul", Reason.BAD_INSECT
        )
    out.emit(InsectResolved(seat=seat, card=card, taken=take))
    advance_collection(out)


@WINTER_DECIDERS.on(GainPower)
def _gain_power(out: Writer[State, Event], seat: int, command: GainPower, rng: Rng, now_ms: int) -> None:
    state, discard = out.state, command.discard
    expect(state, seat, Phase.POWER, state.ant, "the Ant who collected")
    if discard not in power_options(state):
        raise IllegalCommand(
            f"discard an insect card you just collected whose power is in play and not yours; {discard} is not one",
            Reason.NO_POWER,
        )
    insect = card_insect(discard)
    assert insect is not None
    power = INSECT_POWER[insect]
    holder = power_holder(state, power)
    victim = holder if holder >= 0 else None
    lost = state.cocoons[victim] if victim is not None and power is Power.CATERPILLAR else None
    out.emit(PowerGained(seat=seat, power=power, discarded=discard, from_seat=victim, lost_cocoon=lost))
    if power is Power.CATERPILLAR:  # GA-P5: the new holder draws its own face-down card
        draw_into_supply(out, rng, seat, DrawReason.COCOON)
    check_victory(out, seat)


@WINTER_DECIDERS.on(SkipPower)
def _skip_power(out: Writer[State, Event], seat: int, command: SkipPower, rng: Rng, now_ms: int) -> None:
    expect(out.state, seat, Phase.POWER, out.state.ant, "the Ant who collected")
    out.emit(PowerDeclined(seat=seat))


@WINTER_DECIDERS.on(Buy)
def _buy(out: Writer[State, Event], seat: int, command: Buy, rng: Rng, now_ms: int) -> None:
    state, provision, cards = out.state, command.provision, command.cards
    expect(state, seat, Phase.ACQUIRE, state.collector, "the collector")
    if state.bought:
        raise IllegalCommand("you may buy only one Provision card per round", Reason.ALREADY_BOUGHT)
    if provision not in state.market:
        raise IllegalCommand(f"{provision} is not in the market", Reason.NOT_IN_MARKET)
    mine = spendable(state, seat)
    for card in sorted(cards):
        if card not in mine:
            raise IllegalCommand(f"you do not have {card} to pay with", Reason.NOT_YOURS)
    if not is_payment(state, seat, provision, cards):
        raise IllegalCommand(
            f"those cards do not pay the price of {provision} exactly (one card per symbol, or identical "
            "cards as a wildcard)",
            Reason.BAD_PAYMENT,
        )
    cocoon = state.cocoons[seat]
    out.emit(ProvisionBought(seat=seat, provision=provision, paid=tuple(sorted(cards))))
    if cocoon is not None and cocoon in cards and holds(out.state, seat, Power.CATERPILLAR):
        draw_into_supply(out, rng, seat, DrawReason.COCOON)  # GA-P5: a new face-down card at once
    if not out.state.supplies[seat]:
        draw_into_supply(out, rng, seat, DrawReason.EXACT_CHANGE)  # GA-86
    if check_victory(out, seat):
        return
    if not swaps(out.state, seat):
        end_round_winter(out, rng)


@WINTER_DECIDERS.on(UseSwap)
def _use_swap(out: Writer[State, Event], seat: int, command: UseSwap, rng: Rng, now_ms: int) -> None:
    state, mine, theirs = out.state, command.mine, command.theirs
    expect(state, seat, Phase.ACQUIRE, state.collector, "the collector")
    if not holds(state, seat, Power.BUTTERFLY):
        raise IllegalCommand("you need the Butterfly power to swap Provision cards", Reason.NO_POWER)
    if mine not in state.provisions[seat]:
        raise IllegalCommand(f"you do not own {mine}", Reason.NOT_YOURS)
    other = _provision_owner(state, theirs)
    if other == seat or (other is None and theirs not in state.market):
        raise IllegalCommand(f"{theirs} is neither in the market nor an opponent's", Reason.BAD_SWAP)
    out.emit(ProvisionsSwapped(seat=seat, given=mine, received=theirs, other_seat=other))
    if check_victory(out, seat):
        return
    if out.state.bought:
        end_round_winter(out, rng)


@WINTER_DECIDERS.on(Pass)
def _pass(out: Writer[State, Event], seat: int, command: Pass, rng: Rng, now_ms: int) -> None:
    expect(out.state, seat, Phase.ACQUIRE, out.state.collector, "the collector")
    out.emit(AcquisitionEnded(seat=seat))
    end_round_winter(out, rng)


def _provision_owner(state: State, card: str) -> int | None:
    for s in range(state.seats):
        if card in state.provisions[s]:
            return s
    return None
