"""What Antics! gives its bots (service/bots): a redraw of what a seat cannot see, and a position's worth.

`resample`: everything on the table is public (spec §8): the board, the hatcheries, every ant-hill,
tile supply and collection, the display. The one hidden thing is the order of the tiles in the bag,
and the state has no such order: the bag is the sorted set of tiles nobody has seen (56 minus every
tile in view), and each tile is drawn at random when it is drawn (with the Rng of that decision, so
a search's redraws come from the bot's own stream). So the seat's view already determines the whole
state, and the state itself is the only world consistent with it: `resample` returns it unchanged.

`evaluate`: the rules' own score (AN-80..83) plus the progress towards points that the rules will
pay later, in points, for every seat; the seat's worth is its lead over the best other seat, squashed
into [0, 1]. Progress, from the near to the far:

- a token carried home along the seat's chain is worth most of its value, more the closer it is to
  the nest; a token lying on a site the chain reaches, less; one a few paths away, less again;
- prey count by the rules' n² (AN-81): the value of another type grows with the types already held,
  and a type already held is worth nothing more (AN-47);
- a leaf is worth the fungus it would lie on (AN-80), a fungus hex the leaf it could get;
- the engine: tiles in the supply, the levels of the visible action hexes, ants waiting in the
  hatcheries, and the moves left of the action under way, worth less as the bag empties (the end
  trigger AN-70(a) comes with it), and nothing once the final turns have begun.
"""

from __future__ import annotations

import math
from collections import deque

from service.rules.antics.board import chain_nodes, held_prey
from service.rules.antics.data import (
    BAG_TILES,
    HATCHERIES,
    NEST,
    PREY,
    SEGMENTS,
    SITE_INDEX,
    SITE_TOKEN,
    TILE_HEXES,
    Action,
    Hatchery,
    Hex,
    Token,
)
from service.rules.antics.scoring import leaf_points
from service.rules.antics.state import Pending, Phase, State, fungus_levels, own_segments
from service.rules.core import Rng

SPREAD = 6.0  # points of lead that make a position look nearly won
HORIZON = 12  # moves: a token this many moves from home is worth nothing yet
CAP_HOPES = 4  # tokens of each kind (prey, leaves) a seat is credited with hoping for
LOOSE_LEAF = 1.0  # a leaf with no fungus to lie on yet
BARE_FUNGUS = 0.5  # per level, a fungus with no leaf yet
SUPPLY_TILES = (0.45, 0.3)  # the first tiles scouted, not yet built; every further one:
MORE_TILES = 0.0
ACTION_HEX = 0.4  # per level of every visible action hex
TOP_SLOT = 0.8  # more per level of the three best action slots (the three markers of a turn, AN-01)
HATCHED_ANT = 0.1  # an ant waiting in a hatchery (the first few)
HATCHED_CAP = 4
HOPE = 1.0  # weight of the prey and leaves still on their way: never above 1, or carrying beats delivering
# A move left of the action under way that could do something useful (see _usable): about half of what
# such a move gains, so that greedy, one move ahead, takes the action that promises most, and ends an
# action rather than spend its moves on ones that lose ground.
MOVE_LEFT = {Action.DRAG: 0.4, Action.BUILD: 0.3, Action.ANTS: 0.3, Action.HATCH: 0.05, Action.SCOUT: 0.5}
BRIDGE = frozenset(i for i, s in enumerate(SEGMENTS) if s.terrain is None)


def resample(state: State, seat: int, rng: Rng) -> State:
    """The only world consistent with `seat`'s view is the state itself (see the module docstring)."""
    return state


def evaluate(state: State, seat: int) -> float:
    """How good the position looks for `seat`, in [0, 1]: its expected points against the best other seat's."""
    if state.phase is Phase.FINISHED and state.winners is not None:
        return 1.0 / len(state.winners) if seat in state.winners else 0.0
    if not state.players:
        return 0.5
    worth = [expected_points(state, s) for s in range(state.seats)]
    best_other = max((w for s, w in enumerate(worth) if s != seat), default=0.0)
    return 0.5 + 0.5 * math.tanh((worth[seat] - best_other) / SPREAD)


def expected_points(state: State, seat: int) -> float:
    """The seat's score now plus the points its progress promises (in points; see the module docstring)."""
    player = state.players[seat]
    mine = own_segments(state, seat)
    home = _home_distance(mine)
    carried = [
        (a.carrying, _progress(home.get(i, HORIZON)))
        for i in mine
        for a in state.paths[i]
        if a.seat == seat and a.carrying
    ]
    lying = [
        (SITE_TOKEN[site], _progress(moves))
        for site, moves in _moves_to_fetch(state, seat, mine, home).items()
        if state.sites[SITE_INDEX[site]] > 0
    ]
    # prey (AN-81): n² of the types delivered and hoped for, each type's best progress, the best few
    delivered = len(set(player.prey))
    progress: dict[Token, float] = {}
    for token, p in (*carried, *lying):
        if token in PREY and token not in player.prey:
            progress[token] = max(progress.get(token, 0.0), p)
    hoped = delivered + sum(sorted(progress.values(), reverse=True)[:CAP_HOPES])
    prey = delivered * delivered + HOPE * (hoped * hoped - delivered * delivered)
    # leaves (AN-80): the delivered ones by the rules, the others by their progress onto the spare fungi
    fungi = fungus_levels(player)
    leaves = float(leaf_points(fungi, player.brown, player.green))
    leaves_in = player.brown + player.green
    spare = sorted(fungi, reverse=True)[leaves_in:]
    hopes = sorted(((p, t) for t, p in (*carried, *lying) if t not in PREY), reverse=True)[:CAP_HOPES]
    for p, token in hopes:
        bonus = 2 if token is Token.GREEN_LEAF else 0
        leaves += HOPE * p * ((spare.pop(0) if spare else LOOSE_LEAF) + bonus)
    leaves += LOOSE_LEAF * max(0, leaves_in - len(fungi)) + BARE_FUNGUS * sum(spare)
    return prey + leaves + _engine(state, seat) * _time_left(state)


def _progress(moves: int) -> float:
    return max(0.0, 1.0 - moves / HORIZON)


def _engine(state: State, seat: int) -> float:
    """Tiles to build, the action slots of a turn (three markers, AN-01; the magnificANT is one at level 1),
    ants waiting in the hatcheries, and the moves left of the action under way."""
    player = state.players[seat]
    levels = [c.height for c in player.cells if c.hex is not Hex.FUNGUS]
    slots = sorted((*levels, 1), reverse=True)  # the magnificANT: any action at level 1
    value = ACTION_HEX * sum(levels) + TOP_SLOT * sum(slots[:3])
    value += sum(SUPPLY_TILES[: len(player.tiles)]) + MORE_TILES * max(0, len(player.tiles) - len(SUPPLY_TILES))
    value += HATCHED_ANT * min(HATCHED_CAP, sum(h[seat] for h in state.hatcheries))
    pending = state.pending
    if state.current == seat and pending is not None:
        per_move = MOVE_LEFT[pending.action]
        if pending.action is Action.SCOUT:  # half the worth of the next tile in the supply
            per_move *= SUPPLY_TILES[len(player.tiles)] if len(player.tiles) < len(SUPPLY_TILES) else MORE_TILES
        value += per_move * min(pending.remaining, _usable(state, seat, pending))
    return value


def _usable(state: State, seat: int, pending: Pending) -> int:
    """How many moves of the action under way could still do something (an upper bound)."""
    player = state.players[seat]
    match pending.action:
        case Action.SCOUT:
            return sum(
                1
                for column in range(1, pending.level + 1)
                if column not in pending.columns and any(row.tiles[column - 1] is not None for row in state.display)
            )
        case Action.BUILD:  # tiles that would show an action (or a fungus) the ant-hill lacks
            shown = {c.hex for c in player.cells}
            return sum(1 for t in player.tiles if any(h not in shown for h in TILE_HEXES[t]))
        case Action.HATCH:
            return min(player.ants, max(0, HATCHED_CAP - sum(h[seat] for h in state.hatcheries)))
        case Action.ANTS:
            return _deployable(state, seat)
    return _draggable(state, seat)


def _deployable(state: State, seat: int) -> int:
    """Ants in the hatcheries with a free path of their terrain next to the seat's chain that leads
    closer to a token the seat could still use (AN-35..37, AN-47)."""
    mine = own_segments(state, seat)
    reached = chain_nodes(mine)
    targets = _wanted_sites(state, seat)
    closer: list[Hatchery | None] = []
    for i, seg in enumerate(SEGMENTS):
        if i in mine or (seg.a in reached) == (seg.b in reached):
            continue
        inner, outer = (seg.a, seg.b) if seg.a in reached else (seg.b, seg.a)
        if any(_DIST[outer][t] < _DIST[inner][t] for t in targets):
            closer.append(seg.terrain)
    count = 0
    for h, hatchery in enumerate(HATCHERIES):
        ants = state.hatcheries[h][seat]
        if ants:
            fits = len(closer) if hatchery is Hatchery.MILITARY else sum(1 for t in closer if t is hatchery)
            count += min(ants, fits)
    return count


def _wanted_sites(state: State, seat: int) -> list[str]:
    """Sites holding a token the seat may still take (a leaf, or a prey type it does not hold: AN-47)."""
    held = held_prey(state, seat)
    return [
        site
        for site, i in SITE_INDEX.items()
        if state.sites[i] > 0 and (SITE_TOKEN[site] not in PREY or SITE_TOKEN[site] not in held)
    ]


def _draggable(state: State, seat: int) -> int:
    """Tokens the seat's ants carry, and its empty ants next to a site with a token it may take (AN-45)."""
    wanted = set(_wanted_sites(state, seat))
    count = 0
    for i in own_segments(state, seat):
        ant = next(a for a in state.paths[i] if a.seat == seat)
        seg = SEGMENTS[i]
        if ant.carrying is not None or seg.a in wanted or seg.b in wanted:
            count += 1
    return count


def _time_left(state: State) -> float:
    """1 early on, falling as the bag empties (the end trigger AN-70(a)); 0 in the final turns (AN-71)."""
    if state.final_turns_left is not None:
        return 0.0
    return len(state.bag) / len(BAG_TILES)


def _home_distance(mine: list[int]) -> dict[int, int]:
    """For each of the seat's segments, the moves a token on it needs to reach the nest along its chain."""
    dist: dict[int, int] = {}
    queue: deque[int] = deque()
    for i in mine:
        if NEST in (SEGMENTS[i].a, SEGMENTS[i].b):
            dist[i] = 1
            queue.append(i)
    while queue:
        i = queue.popleft()
        ends = {SEGMENTS[i].a, SEGMENTS[i].b}
        for j in mine:
            if j not in dist and ends & {SEGMENTS[j].a, SEGMENTS[j].b}:
                dist[j] = dist[i] + 1
                queue.append(j)
    return dist


def _moves_to_fetch(state: State, seat: int, mine: list[int], home: dict[int, int]) -> dict[str, int]:
    """For each site: about how many moves bring a token from it home (hatch and deploy the missing
    ants, pick up, pass along the chain, deliver)."""
    out: dict[str, int] = {}
    for i in mine:  # sites the chain touches: pick up, then the way home
        for node in (SEGMENTS[i].a, SEGMENTS[i].b):
            if node in SITE_INDEX:
                out[node] = min(out.get(node, HORIZON), 1 + home.get(i, HORIZON))
    reached = chain_nodes(mine)
    dist = dict.fromkeys(reached, 0)
    queue = deque(reached)
    while queue:
        node = queue.popleft()
        if node in SITE_INDEX:
            continue
        for _, other in _NEIGHBOURS[node]:
            if other not in dist:
                dist[other] = dist[node] + 1
                queue.append(other)
    for node, d in dist.items():
        if node in SITE_INDEX and node not in out:
            out[node] = 2 * d + 1 + max(d, _FROM_NEST[node])
    return out


def _neighbours() -> dict[str, list[tuple[int, str]]]:
    out: dict[str, list[tuple[int, str]]] = {}
    for i, s in enumerate(SEGMENTS):
        out.setdefault(s.a, []).append((i, s.b))
        out.setdefault(s.b, []).append((i, s.a))
    return out


_NEIGHBOURS = _neighbours()


def _from_nest() -> dict[str, int]:
    dist = {NEST: 0}
    queue = deque([NEST])
    while queue:
        node = queue.popleft()
        for i, other in _NEIGHBOURS[node]:
            if other not in dist and i not in BRIDGE:
                dist[other] = dist[node] + 1
                queue.append(other)
    return dist


_FROM_NEST = _from_nest()


def _all_distances() -> dict[str, dict[str, int]]:
    """Paths between every two nodes (bridges included), for telling which way a new ant leads."""
    out: dict[str, dict[str, int]] = {}
    for start in _NEIGHBOURS:
        dist = {start: 0}
        queue = deque([start])
        while queue:
            node = queue.popleft()
            for _, other in _NEIGHBOURS[node]:
                if other not in dist:
                    dist[other] = dist[node] + 1
                    queue.append(other)
        out[start] = dist
    return out


_DIST = _all_distances()

__all__ = ["evaluate", "expected_points", "resample"]
