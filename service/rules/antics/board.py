"""The board's rules the checks, legal_commands and the bots share: ant-hill geometry (AN-20..22), the chain
of ants to the nest (AN-37), and the prey a seat holds (AN-47)."""

from __future__ import annotations

from service.rules.antics.data import BASE_CELLS, HEX_DIRECTIONS, NEST, PREY, SEGMENTS, Token
from service.rules.antics.state import Coord, State

BASE: frozenset[Coord] = frozenset(BASE_CELLS)


def neighbours(c: Coord) -> tuple[Coord, ...]:
    return tuple((c[0] + dq, c[1] + dr) for dq, dr in HEX_DIRECTIONS)


def are_neighbours(a: Coord, b: Coord) -> bool:
    return (b[0] - a[0], b[1] - a[1]) in HEX_DIRECTIONS


def chain_nodes(segments: list[int]) -> set[str]:
    """Nodes reached from the NEST over the given segments (AN-37)."""
    reached = {NEST}
    todo = list(segments)
    grew = True
    while grew:
        grew = False
        for i in list(todo):
            seg = SEGMENTS[i]
            if seg.a in reached or seg.b in reached:
                reached.update((seg.a, seg.b))
                todo.remove(i)
                grew = True
    return reached


def all_connected(segments: list[int]) -> bool:
    """AN-37: every segment is linked through the others to one touching the NEST."""
    reached = chain_nodes(segments)
    return all(SEGMENTS[i].a in reached or SEGMENTS[i].b in reached for i in segments)


def held_prey(state: State, seat: int) -> set[Token]:
    """AN-47: the prey types a seat has collected or carries on its ants."""
    held = set(state.players[seat].prey)
    for ants in state.paths:
        for ant in ants:
            if ant.seat == seat and ant.carrying in PREY:
                held.add(ant.carrying)
    return held
