"""How a round is seated: Swiss (Dutch at tables of two, score groups at larger tables) or round-robin.

Swiss at tables of two: the FIDE Dutch system's basics, in service.tournaments.dutch.

Swiss at tables of three or more ("Swiss by score groups"), all deterministic:

- Table sizes: as many tables as tables of `table_size` need, sizes as even as possible (10 players at
  tables of 4: 4, 3, 3); when that would make a table smaller than the game allows, full tables and byes.
- Byes: the lowest-ranked players who have not had one (then the lowest-ranked), as at tables of two.
- Round 1, snake seeding: seeds 1..T go to tables 1..T, seeds T+1..2T to tables T..1, and so on, so every
  table gets a fair mix of the field (8 players at two tables of 4: 1 4 5 8 and 2 3 6 7).
- Later rounds, by score groups: players ranked by points, then seed (as the Dutch system ranks them);
  table 1 is opened by the top-ranked player, and each further seat goes to the highest-ranked player left
  who has met the players already at that table the fewest times; then table 2, and so on. Greedy, with no
  look-ahead: repeat meetings are kept off the top tables first and may be left at the bottom ones.
- Seat order at a table: by rank, rotated by one place each round (round r starts with the player ranked
  r-th at the table, counting round and round), so nobody always plays first.

Round-robin: the circle method (Berger tables) at tables of two, everyone meeting everyone once; at larger
tables the seeding order rotated by one each round and seated greedily as above.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from service.tournaments.dutch import Field, pair_round
from service.tournaments.standings import Standing, TableGame, outcome

PAIRINGS = ("swiss", "round-robin")
# Recorded with every round the server pairs. Bump it when a change here or in dutch.py would seat some round
# differently: the audit re-derives a round only with the pairing that made it (service.tournaments.rederive).
PAIRING_VERSION = 1


def pair(
    pairing: str, round_no: int, field: Field, table_size: int, min_players: int
) -> tuple[list[list[str]], list[str]]:
    """Tables (player ids in seat order) and byes for round `round_no` (1-based)."""
    if pairing == "round-robin":
        if table_size == 2:
            return _circle(round_no, field.seeds)
        order = list(field.seeds)
        shift = (round_no - 1) % max(1, len(order))
        return _larger_tables(order[shift:] + order[:shift], round_no, field, table_size, min_players, snake=False)
    if table_size == 2:
        return pair_round(field, round_no)
    order = field.ranked()
    return _larger_tables(order, round_no, field, table_size, min_players, snake=round_no == 1)


def field_of(
    seeds: Sequence[str], rows: Sequence[Standing], games: Iterable[TableGame], byes: Mapping[int, Sequence[str]]
) -> Field:
    """The pairing's view of the tournament so far.

    Every game of the tournament counts as a meeting of its players (a forfeit too: they were paired). A
    point won by forfeit of a game never played counts as a bye (FIDE C.04.3 C.2). Seats are those of
    games played at tables of two, in round order.
    """
    met: dict[frozenset[str], int] = {}
    had_bye = {p for pids in byes.values() for p in pids}
    seats: dict[str, list[int]] = {}
    for g in sorted(games, key=lambda g: g.round):
        for i, a in enumerate(g.players):
            for b in g.players[i + 1 :]:
                met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
        done = outcome(g.players, g.result, g.rulings)
        if done is not None and not done.played:
            had_bye |= {p for seat, p in enumerate(g.players) if done.points[seat] > 0}
        if done is not None and done.played and len(g.players) == 2:
            for seat, p in enumerate(g.players):
                seats.setdefault(p, []).append(seat)
    return Field(list(seeds), {r.player: r.points for r in rows}, met, frozenset(had_bye), seats)


def _larger_tables(
    order: list[str], round_no: int, field: Field, table_size: int, min_players: int, snake: bool
) -> tuple[list[list[str]], list[str]]:
    sizes, bye_count = table_sizes(len(order), table_size, min_players)
    byes = lowest_without_bye(order, field.had_bye, bye_count)
    seated = [p for p in order if p not in byes]
    tables = snake_tables(seated, sizes) if snake else score_group_tables(seated, sizes, field.met)
    return [rotate(t, round_no) for t in tables], byes


def table_sizes(players: int, table_size: int, min_players: int) -> tuple[list[int], int]:
    """How to seat `players` at tables of `table_size` (some one smaller if need be): (sizes, byes)."""
    if players < min_players:
        return [], players
    tables = -(-players // table_size)
    base, extra = divmod(players, tables)
    if base >= min_players:
        return [base + 1] * extra + [base] * (tables - extra), 0
    tables = players // table_size
    return [table_size] * tables, players - tables * table_size


def lowest_without_bye(order: Sequence[str], had_bye: Iterable[str], count: int) -> list[str]:
    had = set(had_bye)
    candidates = [p for p in reversed(order) if p not in had] + [p for p in reversed(order) if p in had]
    return candidates[:count]


def snake_tables(order: Sequence[str], sizes: Sequence[int]) -> list[list[str]]:
    """Seeds dealt to the tables forwards, then backwards, skipping tables that are full."""
    tables: list[list[str]] = [[] for _ in sizes]
    lane = list(range(len(sizes)))
    pending = list(order)
    while pending:
        for t in lane:
            if pending and len(tables[t]) < sizes[t]:
                tables[t].append(pending.pop(0))
        lane.reverse()
    return tables


def score_group_tables(
    order: Sequence[str],
    sizes: Sequence[int],
    met: Mapping[frozenset[str], int],
    passed: list[tuple[str, list[str]]] | None = None,
) -> list[list[str]]:
    """Fill tables in order; each seat goes to the best-ranked player who has met the table least.

    `passed` collects, for the explanation, each best-ranked player passed over for a seat because they
    had met the table more than another (with the players already at that table)."""
    left = list(order)
    tables: list[list[str]] = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            best = min(range(len(left)), key=lambda i: (_meetings(met, left[i], table), i))
            if passed is not None and best:
                passed.append((left[0], list(table)))
            table.append(left.pop(best))
        tables.append(table)
    return tables


def rotate(table: list[str], round_no: int) -> list[str]:
    shift = (round_no - 1) % len(table)
    return table[shift:] + table[:shift]


def _meetings(met: Mapping[frozenset[str], int], player: str, table: Sequence[str]) -> int:
    return sum(met.get(frozenset((player, other)), 0) for other in table)


def round_robin_rounds(players: int, table_size: int) -> int:
    """Rounds for everyone to meet everyone (exact for tables of two; the usual minimum for larger ones)."""
    if table_size == 2:
        return players - 1 if players % 2 == 0 else players
    return max(1, -(-(players - 1) // (table_size - 1)))


def _circle(round_no: int, order: Sequence[str]) -> tuple[list[list[str]], list[str]]:
    """The circle method (Berger tables): over n-1 rounds every pair meets exactly once."""
    ring: list[str | None] = list(order) + ([None] if len(order) % 2 else [])
    n = len(ring)
    r = (round_no - 1) % (n - 1)
    rest = ring[1:]
    rotated = [ring[0], *rest[-r:], *rest[:-r]] if r else ring
    tables: list[list[str]] = []
    byes: list[str] = []
    for i in range(n // 2):
        a, b = rotated[i], rotated[n - 1 - i]
        if a is None or b is None:
            byes.append(b if a is None else a)  # type: ignore[arg-type]
            continue
        tables.append([a, b] if (round_no + i) % 2 else [b, a])
    return tables, byes
