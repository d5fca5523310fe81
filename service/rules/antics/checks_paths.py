"""The checks of the moves on the board's paths: Ants (AN-35..37), Drag (AN-45..47), Steal (AN-55..57).

Like checks.py: each returns the IllegalCommand that stands in the way, or None.
"""

from __future__ import annotations

from service.rules.antics.board import all_connected, held_prey
from service.rules.antics.checks import pending_refusal
from service.rules.antics.data import (
    HATCHERIES,
    NEST,
    PREY,
    SEGMENT_INDEX,
    SEGMENTS,
    SITE_INDEX,
    SITE_TOKEN,
    Action,
    Hatchery,
    Token,
)
from service.rules.antics.reasons import Reason
from service.rules.antics.state import Phase, State, ant_at, own_segments, soldier_at
from service.rules.core import IllegalCommand

MILITARY = Hatchery.MILITARY


def _segment(segment: str) -> int | IllegalCommand:
    index = SEGMENT_INDEX.get(segment)
    return IllegalCommand(f"there is no path {segment!r}", Reason.NO_SUCH_PATH) if index is None else index


def deploy_refusal(state: State, seat: int, hatchery: Hatchery, segment: str) -> IllegalCommand | None:
    if (problem := pending_refusal(state, Action.ANTS)) is not None:
        return problem
    index = _segment(segment)
    if isinstance(index, IllegalCommand):
        return index
    if state.hatcheries[HATCHERIES.index(hatchery)][seat] < 1:
        return IllegalCommand(f"you have no ant in the {hatchery.value} hatchery", Reason.NO_ANT_THERE)
    seg = SEGMENTS[index]
    soldier = hatchery is MILITARY
    if seg.terrain is None and not soldier:
        return IllegalCommand("only soldiers may stand on a bridge", Reason.BRIDGE_SOLDIERS_ONLY)  # AN-36
    if not soldier and seg.terrain is not hatchery:
        terrain = seg.terrain.value if seg.terrain else "bridge"
        return IllegalCommand(
            f"{segment} is {terrain}; ants from {hatchery.value} go onto {hatchery.value}", Reason.WRONG_TERRAIN
        )
    if ant_at(state, index, seat) is not None:
        return IllegalCommand(f"you already have an ant on {segment}", Reason.PATH_TAKEN)  # AN-36
    if soldier and soldier_at(state, index) is not None:
        return IllegalCommand(f"a soldier already stands on {segment}", Reason.SOLDIER_THERE)  # AN-36/58
    mine = own_segments(state, seat)
    if not all_connected([*mine, index]):  # AN-37
        return IllegalCommand(
            f"an ant on {segment} would not be connected to the nest by your ants", Reason.NOT_CONNECTED
        )
    return None


def recall_refusal(state: State, seat: int, segment: str) -> IllegalCommand | None:
    if (problem := pending_refusal(state, Action.ANTS)) is not None:
        return problem
    index = _segment(segment)
    if isinstance(index, IllegalCommand):
        return index
    ant = ant_at(state, index, seat)
    if ant is None:
        return IllegalCommand(f"you have no ant on {segment}", Reason.NO_ANT_THERE)
    if ant.carrying is not None:
        return IllegalCommand("an ant carrying a token cannot be recalled", Reason.ANT_CARRIES)  # AN-35
    if not all_connected([i for i in own_segments(state, seat) if i != index]):  # AN-37
        return IllegalCommand(f"recalling the ant on {segment} would break your chain", Reason.BREAKS_CHAIN)
    return None


def prey_refusal(state: State, seat: int, token: Token) -> IllegalCommand | None:
    if token in PREY and token in held_prey(state, seat):  # AN-47
        return IllegalCommand(f"you already have a {token.value}", Reason.DUPLICATE_PREY)
    return None


def pick_up_refusal(state: State, seat: int, site: str, segment: str) -> IllegalCommand | None:
    if (problem := pending_refusal(state, Action.DRAG)) is not None:
        return problem
    index = _segment(segment)
    if isinstance(index, IllegalCommand):
        return index
    if site not in SITE_INDEX:
        return IllegalCommand(f"there is no site {site!r}", Reason.NO_SUCH_SITE)
    seg = SEGMENTS[index]
    if site not in (seg.a, seg.b):
        return IllegalCommand(f"{segment} does not touch {site}", Reason.NOT_AT_SITE)
    if state.sites[SITE_INDEX[site]] < 1:
        return IllegalCommand(f"no token lies on {site}", Reason.SITE_EMPTY)
    ant = ant_at(state, index, seat)
    if ant is None:
        return IllegalCommand(f"you have no ant on {segment}", Reason.NO_ANT_THERE)
    if ant.carrying is not None:
        return IllegalCommand("an ant carries at most one token", Reason.ANT_CARRIES)  # AN-46
    return prey_refusal(state, seat, SITE_TOKEN[site])


def pass_refusal(state: State, seat: int, source: str, target: str) -> IllegalCommand | None:
    if (problem := pending_refusal(state, Action.DRAG)) is not None:
        return problem
    a = _segment(source)
    if isinstance(a, IllegalCommand):
        return a
    b = _segment(target)
    if isinstance(b, IllegalCommand):
        return b
    giver, taker = ant_at(state, a, seat), ant_at(state, b, seat)
    if giver is None or giver.carrying is None:
        return IllegalCommand(f"you have no ant carrying a token on {source}", Reason.NOTHING_TO_PASS)
    if taker is None:
        return IllegalCommand(f"you have no ant on {target}", Reason.NO_ANT_THERE)
    if taker.carrying is not None:
        return IllegalCommand("an ant carries at most one token", Reason.ANT_CARRIES)  # AN-46
    sa, sb = SEGMENTS[a], SEGMENTS[b]
    if a == b or not {sa.a, sa.b} & {sb.a, sb.b}:
        return IllegalCommand(f"{source} and {target} do not meet", Reason.NOT_ADJACENT)  # AN-45
    return None


def deliver_refusal(state: State, seat: int, segment: str) -> IllegalCommand | None:
    if (problem := pending_refusal(state, Action.DRAG)) is not None:
        return problem
    index = _segment(segment)
    if isinstance(index, IllegalCommand):
        return index
    ant = ant_at(state, index, seat)
    if ant is None or ant.carrying is None:
        return IllegalCommand(f"you have no ant carrying a token on {segment}", Reason.NOTHING_TO_DELIVER)
    seg = SEGMENTS[index]
    if NEST not in (seg.a, seg.b):
        return IllegalCommand(f"{segment} does not touch the nest", Reason.NOT_AT_NEST)
    if ant.carrying in PREY and ant.carrying in state.players[seat].prey:  # AN-47
        return IllegalCommand(f"you already have a {ant.carrying.value}", Reason.DUPLICATE_PREY)
    return None


def steal_refusal(state: State, seat: int, segment: str, victim: int) -> IllegalCommand | None:
    if state.phase is Phase.FEEDING:
        return IllegalCommand("first choose what the anteater eats", Reason.WRONG_PHASE)
    if state.pending is not None and state.pending.action not in (Action.ANTS, Action.DRAG):  # AN-59
        return IllegalCommand(f"a {state.pending.action.value} action cannot be interrupted", Reason.ACTION_UNDER_WAY)
    index = _segment(segment)
    if isinstance(index, IllegalCommand):
        return index
    if victim == seat or not 0 <= victim < state.seats:
        return IllegalCommand("steal from another player's ant", Reason.BAD_VICTIM)
    mine, theirs = ant_at(state, index, seat), ant_at(state, index, victim)
    if mine is None:
        return IllegalCommand(f"you have no ant on {segment}", Reason.NO_ANT_THERE)
    if mine.carrying is not None:
        return IllegalCommand("your ant there already carries a token", Reason.ANT_CARRIES)  # AN-55
    if theirs is None or theirs.carrying is None:
        return IllegalCommand(f"seat {victim} has no ant carrying a token on {segment}", Reason.NOTHING_TO_STEAL)
    guard = soldier_at(state, index)
    if guard is not None and guard.seat != seat:  # AN-57
        return IllegalCommand(f"a soldier of seat {guard.seat} guards {segment}", Reason.GUARDED)
    return prey_refusal(state, seat, theirs.carrying)
