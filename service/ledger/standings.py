"""Tournament arithmetic, pure: a game's effective result after rulings, points, standings, pairings.

The tournament service (pairing a Swiss round needs the standings) and the
projections (standings and ratings read models) use these same functions, so
a ruling changes both in exactly the same way, live and on rebuild.

Placement of a finished game: the rules' winners first (they apply each game's
own tie-breaks), then the other seats by score, highest first; equal scores
share a place. Rulings then change it:

- annulment: the game counts for nothing (no points, not rated);
- score correction: the corrected scores (and, when given, winners) replace the recorded ones;
- forfeit (and every game of a disqualified player): the forfeiting seats drop to
  last place with no points; an unfinished game with a forfeit is settled at once,
  the other seats sharing first place.

Points are multiplayer-aware: a seat earns 1 for every seat placed below it and
1/2 for every non-forfeiting seat placed level with it (chess's 1 / 1/2 / 0 for
two players). A bye is worth half the points of a full table (1 point when tables
are of two).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

RULING_KINDS = ("forfeit", "annulment", "score_correction", "disqualification")
PAIRINGS = ("swiss", "round-robin")


@dataclass(frozen=True)
class Result:
    """A finished game's recorded outcome, per seat."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]


@dataclass
class GameRulings:
    """The rulings that bear on one game (within one tournament, or across all for ratings)."""

    annulled: bool = False
    forfeits: set[str] = field(default_factory=set)  # player ids
    scores: tuple[int, ...] | None = None  # the latest score correction
    winners: tuple[int, ...] | None = None

    def to_json(self) -> dict[str, Any]:
        return {
            "annulled": self.annulled,
            "forfeits": sorted(self.forfeits),
            "scores": None if self.scores is None else list(self.scores),
            "winners": None if self.winners is None else list(self.winners),
        }

    @staticmethod
    def from_json(data: Mapping[str, Any] | None) -> GameRulings:
        if not data:
            return GameRulings()
        return GameRulings(
            annulled=bool(data.get("annulled")),
            forfeits=set(data.get("forfeits") or ()),
            scores=None if data.get("scores") is None else tuple(data["scores"]),
            winners=None if data.get("winners") is None else tuple(data["winners"]),
        )

    def apply(self, kind: str, player: str | None, scores: Sequence[int] | None, winners: Sequence[int] | None) -> None:
        if kind == "annulment":
            self.annulled = True
        elif kind in ("forfeit", "disqualification") and player is not None:
            self.forfeits.add(player)
        elif kind == "score_correction" and scores is not None:
            self.scores = tuple(scores)
            self.winners = None if winners is None else tuple(winners)


@dataclass(frozen=True)
class Outcome:
    """A game's effective outcome: the place of each seat (0 is first), its points, its effective score."""

    places: tuple[int, ...]
    points: tuple[float, ...]
    scores: tuple[int, ...] | None  # None when the game was settled without being finished
    forfeited: frozenset[int]
    played: bool  # finished at the table (a forfeit of an unfinished game is not)

    def won(self, seat: int) -> bool:
        """First place alone (a shared first place is a draw, not a win)."""
        return self.places[seat] == 0 and seat not in self.forfeited and self.places.count(0) == 1


def places_from(scores: Sequence[int], winners: Sequence[int]) -> tuple[int, ...]:
    """Winners share first place; the others follow by score, highest first; equal scores share a place."""
    first = set(winners)
    others = sorted({s for i, s in enumerate(scores) if i not in first}, reverse=True)
    offset = 1 if first else 0
    return tuple(0 if i in first else offset + others.index(s) for i, s in enumerate(scores))


def outcome(players: Sequence[str], result: Result | None, rulings: GameRulings) -> Outcome | None:
    """The effective outcome of a game after its rulings; None when it counts for nothing (yet)."""
    if rulings.annulled:
        return None
    seats = len(players)
    forfeited = frozenset(i for i, p in enumerate(players) if p in rulings.forfeits)
    scores: tuple[int, ...] | None = None
    if result is not None:
        scores = rulings.scores if rulings.scores is not None and len(rulings.scores) == seats else result.scores
        if rulings.scores is not None and len(rulings.scores) == seats:
            winners: Sequence[int] = rulings.winners or ()
        else:
            winners = result.winners
        base = places_from(scores, winners)
    elif forfeited:
        base = (0,) * seats  # settled by forfeit: the others share first place
    else:
        return None  # still being played
    # Forfeiting seats drop below everyone; the others keep their order, renumbered densely.
    kept = sorted({base[i] for i in range(seats) if i not in forfeited})
    last = len(kept)
    places = tuple(last if i in forfeited else kept.index(base[i]) for i in range(seats))
    points = tuple(
        0.0
        if i in forfeited
        else sum(1.0 for j in range(seats) if places[j] > places[i])
        + sum(0.5 for j in range(seats) if j != i and j not in forfeited and places[j] == places[i])
        for i in range(seats)
    )
    return Outcome(places, points, scores, forfeited, played=result is not None)


# --- standings ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class TableGame:
    """One game of a tournament as the standings see it."""

    game: str
    round: int
    players: tuple[str, ...]
    result: Result | None
    rulings: GameRulings


@dataclass
class Standing:
    player: str
    name: str
    points: float = 0.0
    played: int = 0
    wins: int = 0
    byes: int = 0
    buchholz: float = 0.0  # sum of the final points of every opponent met in a counted game
    score_sum: int = 0
    disqualified: bool = False
    rank: int = 0

    def key(self) -> tuple[Any, ...]:
        return (self.disqualified, -self.points, -self.buchholz, -self.wins, -self.score_sum)


def bye_points(table_size: int) -> float:
    return (table_size - 1) / 2 if table_size > 2 else 1.0


def standings(
    players: Sequence[tuple[str, str]],
    games: Iterable[TableGame],
    byes: Mapping[int, Sequence[str]],
    disqualified: Iterable[str],
    table_size: int,
) -> list[Standing]:
    """Ordered standings: points, then Buchholz, wins, total score; a disqualified player is listed last."""
    rows = {pid: Standing(pid, name) for pid, name in players}
    out = set(disqualified)
    for pid in out & rows.keys():
        rows[pid].disqualified = True
    opponents: dict[str, list[str]] = {pid: [] for pid in rows}
    for g in games:
        done = outcome(g.players, g.result, g.rulings)
        if done is None:
            continue
        for seat, pid in enumerate(g.players):
            row = rows.get(pid)
            if row is None:
                continue
            row.points += done.points[seat]
            row.played += 1
            if done.won(seat):
                row.wins += 1
            if done.scores is not None:
                row.score_sum += done.scores[seat]
            opponents[pid].extend(p for p in g.players if p != pid and p in rows)
    for pids in byes.values():
        for pid in pids:
            if pid in rows:
                rows[pid].points += bye_points(table_size)
                rows[pid].byes += 1
    for pid, met in opponents.items():
        rows[pid].buchholz = sum(rows[o].points for o in met)
    ordered = sorted(rows.values(), key=lambda r: (*r.key(), r.player))
    for i, row in enumerate(ordered):
        row.rank = ordered[i - 1].rank if i and ordered[i - 1].key() == row.key() else i + 1
    return ordered


# --- pairings -----------------------------------------------------------------------------------
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


def _meetings(history: Mapping[frozenset[str], int], player: str, table: Sequence[str]) -> int:
    return sum(history.get(frozenset((player, other)), 0) for other in table)


def _seat_greedily(
    order: Sequence[str], sizes: Sequence[int], history: Mapping[frozenset[str], int]
) -> list[list[str]]:
    """Fill tables in order; each seat goes to the best-placed player who has met the table least."""
    left = list(order)
    tables: list[list[str]] = []
    for size in sizes:
        table = [left.pop(0)]
        while len(table) < size:
            best = min(range(len(left)), key=lambda i: (_meetings(history, left[i], table), i))
            table.append(left.pop(best))
        tables.append(table)
    return tables


def round_robin_rounds(players: int, table_size: int) -> int:
    """Rounds for everyone to meet everyone (exact for tables of two; the usual minimum for larger ones)."""
    if table_size == 2:
        return players - 1 if players % 2 == 0 else players
    return max(1, -(-(players - 1) // (table_size - 1)))


def pair(
    pairing: str,
    round_no: int,
    order: Sequence[str],
    table_size: int,
    min_players: int,
    history: Mapping[frozenset[str], int],
    had_bye: Iterable[str],
) -> tuple[list[list[str]], list[str]]:
    """Tables (player ids in seat order) and byes for round `round_no` (1-based).

    `order` is the players still in the tournament: for Swiss, by current standings
    (the seeding order in round 1); for round-robin, the seeding order.
    """
    if pairing == "round-robin" and table_size == 2:
        return _circle(round_no, order)
    sizes, bye_count = table_sizes(len(order), table_size, min_players)
    byes: list[str] = []
    if bye_count:
        had = set(had_bye)
        # The bye goes to the lowest-placed players who have not had one yet.
        candidates = [p for p in reversed(order) if p not in had] + [p for p in reversed(order) if p in had]
        byes = candidates[:bye_count]
    seated = [p for p in order if p not in byes]
    if pairing == "round-robin":
        shift = (round_no - 1) % max(1, len(seated))
        seated = seated[shift:] + seated[:shift]  # a different start each round spreads the meetings
    tables = _seat_greedily(seated, sizes, history)
    if round_no % 2 == 0:
        tables = [list(reversed(t)) for t in tables]  # alternate who sits first
    return tables, byes


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
