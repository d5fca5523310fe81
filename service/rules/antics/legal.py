"""legal_commands: every command decide() accepts from a seat now, in a fixed order.

A complete set of candidates (each generator says why nothing outside it can be legal) is kept where the
same checks decide.py raises (checks.py, checks_paths.py) find nothing in the way, so the list is exactly
what decide accepts.
"""

from __future__ import annotations

from collections.abc import Iterator

from service.rules.antics.board import BASE, neighbours
from service.rules.antics.checks import (
    attachable,
    build_refusal,
    feed_refusal,
    finish_refusal,
    free_phase_refusal,
    hatch_refusal,
    magnificant_refusal,
    meal_choices,
    placement_refusal,
    scout_refusal,
    turn_refusal,
    use_hex_refusal,
)
from service.rules.antics.checks_paths import (
    deliver_refusal,
    deploy_refusal,
    pass_refusal,
    pick_up_refusal,
    recall_refusal,
    steal_refusal,
)
from service.rules.antics.data import ACTIONS, DISPLAY_ROWS, HATCHERIES, SEGMENTS, SITE_INDEX, Action, Hatchery
from service.rules.antics.messages import (
    BuildTile,
    Command,
    DeliverToken,
    DeployAnt,
    EndTurn,
    FeedHatchery,
    FeedPrey,
    FinishAction,
    HatchAnt,
    PassToken,
    PickUpToken,
    RecallAnt,
    ScoutTile,
    Steal,
    UseHex,
    UseMagnificANT,
)
from service.rules.antics.state import Coord, Phase, State, cell_map, own_segments
from service.rules.core import IllegalCommand

MILITARY = Hatchery.MILITARY


# --- legal commands ------------------------------------------------------------------------------------
def legal_commands(state: State, seat: int | None) -> list[Command]:
    if turn_refusal(state, seat) is not None:
        return []
    assert seat is not None
    # BuildTile candidates are generated already checked (the same placement_refusal, tiles from the
    # supply, during a Build): skipping their second check keeps a big Build list cheap.
    return [c for c in _candidates(state, seat) if isinstance(c, BuildTile) or _refusal(state, seat, c) is None]


def _candidates(state: State, seat: int) -> Iterator[Command]:
    """A superset of every command decide can accept now (each branch says why it is complete)."""
    if state.phase is Phase.FEEDING:
        prey, hatch = meal_choices(state)  # exactly the menu feed_refusal accepts
        yield from (FeedPrey(site) for site in prey)
        yield from (FeedHatchery(h) for h in hatch)
        return
    if state.phase is Phase.ACTIONS:
        # UseHex needs a built cell of one's own: every one is listed.
        yield from (UseHex(c.q, c.r) for c in state.players[seat].cells)
        yield from (UseMagnificANT(a) for a in ACTIONS)
        yield from _steal_candidates(state, seat)
        yield EndTurn()
        return
    pending = state.pending
    assert pending is not None
    yield FinishAction()
    match pending.action:
        case Action.SCOUT:  # rows 1..3 and columns 1..L: the only slots scout_refusal allows
            for column in range(1, pending.level + 1):
                for row in range(1, DISPLAY_ROWS + 1):
                    yield ScoutTile(row, column)
        case Action.BUILD:
            yield from _build_candidates(state, seat)
        case Action.HATCH:
            yield from (HatchAnt(h) for h in HATCHERIES)
        case Action.ANTS:
            yield from _ants_candidates(state, seat)
            yield from _steal_candidates(state, seat)
        case Action.DRAG:
            yield from _drag_candidates(state, seat)
            yield from _steal_candidates(state, seat)


def _build_candidates(state: State, seat: int) -> Iterator[Command]:
    """Level 1 needs a cell on the base or next to a built cell, the other cell its neighbour (AN-22);
    higher levels need two built cells (AN-23). So every legal pair has a cell in base + built + their
    neighbours as its first or second cell, and the other cell next to it."""
    player = state.players[seat]
    built = {(c.q, c.r) for c in player.cells}
    anchors = set(BASE) | built
    for c in built:
        anchors.update(neighbours(c))
    pairs: set[tuple[Coord, Coord]] = set()
    for a in anchors:
        for b in neighbours(a):
            pairs.add((a, b))
            pairs.add((b, a))
    cells = cell_map(player)
    touching = attachable(cells)
    good = sorted(p for p in pairs if placement_refusal(state, seat, p[0], p[1], cells, touching) is None)
    for tile in sorted(set(player.tiles)):
        for a, b in good:
            yield BuildTile(tile, a[0], a[1], b[0], b[1])


def _ants_candidates(state: State, seat: int) -> Iterator[Command]:
    """Deploy: each hatchery holding an ant of the seat, onto each path of its terrain (any path for a
    soldier: every other pairing deploy_refusal refuses as WRONG_TERRAIN or BRIDGE_SOLDIERS_ONLY);
    recall: each path with its ant."""
    for h, hatchery in enumerate(HATCHERIES):
        if state.hatcheries[h][seat] > 0:
            for seg in SEGMENTS:
                if hatchery is MILITARY or seg.terrain is hatchery:
                    yield DeployAnt(hatchery, seg.id)
    for i in own_segments(state, seat):
        yield RecallAnt(SEGMENTS[i].id)


def _drag_candidates(state: State, seat: int) -> Iterator[Command]:
    """Pick-ups at the sites touching one's paths; passes and deliveries from one's carrying ants."""
    mine = own_segments(state, seat)
    for i in mine:
        seg = SEGMENTS[i]
        for node in (seg.a, seg.b):
            if node in SITE_INDEX:
                yield PickUpToken(node, seg.id)
    for i in mine:
        for j in mine:
            yield PassToken(SEGMENTS[i].id, SEGMENTS[j].id)
        yield DeliverToken(SEGMENTS[i].id)


def _steal_candidates(state: State, seat: int) -> Iterator[Command]:
    """A steal needs the thief's ant on the path: every path of the seat, every other seat."""
    for i in own_segments(state, seat):
        for ant in state.paths[i]:
            if ant.seat != seat:
                yield Steal(SEGMENTS[i].id, ant.seat)


def _refusal(state: State, seat: int | None, command: Command) -> IllegalCommand | None:
    """The check decide.py's handler for this command makes, after decide's own guard."""
    if (problem := turn_refusal(state, seat)) is not None:
        return problem
    assert seat is not None
    match command:
        case UseHex(q=q, r=r):
            return use_hex_refusal(state, seat, q, r)
        case UseMagnificANT():
            return magnificant_refusal(state)
        case ScoutTile(row=row, column=column):
            return scout_refusal(state, row, column)
        case BuildTile():
            return build_refusal(state, seat, command)
        case HatchAnt(hatchery=hatchery):
            return hatch_refusal(state, seat, hatchery)
        case DeployAnt(hatchery=hatchery, segment=segment):
            return deploy_refusal(state, seat, hatchery, segment)
        case RecallAnt(segment=segment):
            return recall_refusal(state, seat, segment)
        case PickUpToken(site=site, segment=segment):
            return pick_up_refusal(state, seat, site, segment)
        case PassToken(from_segment=source, to_segment=target):
            return pass_refusal(state, seat, source, target)
        case DeliverToken(segment=segment):
            return deliver_refusal(state, seat, segment)
        case FinishAction():
            return finish_refusal(state)
        case Steal(segment=segment, victim=victim):
            return steal_refusal(state, seat, segment, victim)
        case EndTurn():
            return free_phase_refusal(state)
        case FeedPrey(site=site):
            return feed_refusal(state, site, None)
        case FeedHatchery(hatchery=hatchery):
            return feed_refusal(state, None, hatchery)
    raise TypeError(f"not an Antics! command: {command!r}")
