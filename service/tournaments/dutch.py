"""Swiss pairing at tables of two: the basics of the FIDE Dutch system, deterministic and written down.

Sources: FIDE Handbook C.04.3 "FIDE (Dutch) System" (https://handbook.fide.com/chapter/C0403), articles
A.2 (pairing order), A.3 (score brackets, players moved down paired first), A.5 and C.2 (byes); and the
procedure of C.04.1 "Swiss System Based on Rating", sections C (C.4 to C.13) and D (D.1 transpositions,
D.2 exchanges), mirrored at http://arbitri.lombardiascacchi.com/handbook/handbook.asp-level=C0401D.htm.

A round, step by step:

1. Order. The players still in are ranked by points, highest first, then by seed (their place in the
   tournament's list of players). This order is for pairing only (A.2): tie-breaks play no part.
2. Bye. With an odd number of players, the lowest-ranked player who has had no bye sits out: neither a
   pairing bye nor a point won by forfeit of a game never played (C.2). Among those, the lowest-ranked
   whose absence still lets everyone else be paired without a rematch. If every such choice forces a
   rematch, players who had a bye are considered too (a second bye before a rematch); only then step 4.
3. Brackets, from the top score down. A bracket is the players moved down from the bracket above (MDPs)
   and the residents of its score.
   - Homogeneous (no MDPs, or at least half of it MDPs, A.3): S1 is the top half (rounded down), S2 the
     rest, and S1[i] meets S2[i] (C.4 to C.6). If that pairs two players who have met, or leaves unpaired
     players (the floaters, moved down to the next bracket) with whom the lower brackets cannot all be
     paired without a rematch (the completion check: "the pairing of the remaining players must stay
     possible"), the next transposition of S2 is tried, in lexicographic order (D.1); then each exchange
     between S1 and S2, in D.2's order (one player each way, then two, as D.2's table has them; the
     smallest difference between the bracket numbers moved; ties to the one moving the lowest player of
     S1), with all its transpositions; then one pair fewer, the lowest players floating (C.11).
   - Heterogeneous: the MDPs are paired first, highest first, each against a resident, trying residents
     in lexicographic order (A.3, C.6); the residents left form a homogeneous remainder, paired as above.
     If not every MDP can be paired, the lowest ones float on.
   The completion check makes the last bracket pairable whenever any rematch-free pairing of the round
   exists. Should a bracket's search run past BUDGET steps (a pathological field), the bracket is
   paired by a plain search instead: the highest-ranked player unpaired takes the first opponent (S2
   side first) that keeps the completion possible; still deterministic, no longer in D.1/D.2 order.
4. Rematches: never while avoidable. When no rematch-free pairing of the round exists (more rounds than
   the field allows), pairs who have met once become allowed for the whole round, and steps 2 and 3 run
   again (then twice, and so on).
5. Seats. Seat 0 plays first (chess's white). Round 1: the higher-ranked player of the i-th table sits
   first at odd i and second at even i, the top seed first. Later: a player who sat second more often than
   first (or second in the last game when level) asks for seat 0; a stronger wish wins (a difference of
   two or more, or the same seat twice running, beats a difference of one, which beats alternating); equal
   wishes go to the player who sat second in the latest game where the two sat differently, else to the
   higher-ranked player. Seat wishes never change who meets whom (unlike C.04.3's colour criteria).

Not implemented: the Dutch system's colour criteria when pairing, its float-history criteria (C.04.1
B.5/B.6; C.04.3 C.9 to C.21) and accelerated pairings.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

BUDGET = 20_000  # search steps per bracket (arrangements tried, exchanges, candidates) before the plain search
MAX_EXCHANGED = 2  # players moved each way by one exchange, as in D.2's table


class _OverBudget(Exception):
    """The bracket's Dutch-order search took too long: pair it by the plain search."""


@dataclass(frozen=True)
class Field:
    """What pairing a round needs to know: who is in, their points, who met whom, byes and seats so far."""

    seeds: Sequence[str]  # the players still in, in seeding order
    points: Mapping[str, float]
    met: Mapping[frozenset[str], int]  # times each pair of players has met
    had_bye: Collection[str]  # a pairing bye, or a point won by forfeit of a game never played
    seats: Mapping[str, Sequence[int]]  # each player's seat (0 or 1) in their games at tables of two, oldest first

    def ranked(self) -> list[str]:
        seed = {p: i for i, p in enumerate(self.seeds)}
        return sorted(self.seeds, key=lambda p: (-self.points.get(p, 0.0), seed[p]))


def pair_round(field: Field, round_no: int) -> tuple[list[list[str]], list[str]]:
    """Tables (player ids, seat 0 first) in table order, and the bye (none, or one player)."""
    ranked = field.ranked()
    if len(ranked) < 2:
        return [], list(ranked)
    limit = 0
    while True:
        pairer = _Pairer(ranked, field.points, field.met, limit)
        bye = _bye(pairer, ranked, field.had_bye)
        if bye is not None or len(ranked) % 2 == 0:
            players = [p for p in ranked if p != bye]
            pairs = pairer.pair_all(players) if pairer.matchable(frozenset(players)) else None
            if pairs is not None:
                pairs.sort(key=lambda ab: min(pairer.rank[ab[0]], pairer.rank[ab[1]]))  # top tables first
                tables = [seat_pair(a, b, ranked, field.seats, n, round_no) for n, (a, b) in enumerate(pairs)]
                return tables, [bye] if bye is not None else []
        limit += 1  # no rematch-free pairing exists: allow pairs who met `limit` times


def bye_candidates(ranked: Sequence[str], had_bye: Collection[str]) -> list[str]:
    """Who may sit out, in the order asked (step 2): the lowest-ranked without a bye first, then the others."""
    fresh = [p for p in reversed(ranked) if p not in had_bye]
    return fresh + [p for p in reversed(ranked) if p in had_bye]


def _bye(pairer: _Pairer, ranked: Sequence[str], had_bye: Collection[str]) -> str | None:
    if len(ranked) % 2 == 0:
        return None
    everyone = frozenset(ranked)
    return next((p for p in bye_candidates(ranked, had_bye) if pairer.matchable(everyone - {p})), None)


class _Pairer:
    """Pairs one round at one meeting limit: pairs who met more than `limit` times may not meet."""

    def __init__(
        self, ranked: Sequence[str], points: Mapping[str, float], met: Mapping[frozenset[str], int], limit: int
    ) -> None:
        self.rank = {p: i for i, p in enumerate(ranked)}
        self.points = {p: points.get(p, 0.0) for p in ranked}
        self._steps = 0
        self.blocked: dict[str, set[str]] = {p: set() for p in ranked}
        for pair, times in met.items():
            if times > limit and len(pair) == 2 and pair <= self.rank.keys():
                a, b = sorted(pair)
                self.blocked[a].add(b)
                self.blocked[b].add(a)
        self._memo: dict[frozenset[str], bool] = {}

    def allowed(self, a: str, b: str) -> bool:
        return b not in self.blocked[a]

    def matchable(self, players: frozenset[str]) -> bool:
        """Can these players all be paired among themselves? (Memoized: brackets ask about the same sets.)"""
        if len(players) % 2:
            return False
        if not players:
            return True
        found = self._memo.get(players)
        if found is None:
            found = self._search(players)
            self._memo[players] = found
        return found

    def _search(self, players: frozenset[str]) -> bool:
        n = len(players)
        free = {p: n - 1 - len(self.blocked[p] & players) for p in players}
        # Dirac: every player allowed to meet at least half the others -> a Hamiltonian cycle -> every other
        # edge of it pairs everyone. The usual case, settled without a search.
        if n >= 4 and min(free.values()) * 2 >= n:
            return True
        first = min(players, key=lambda p: (free[p], self.rank[p]))  # the most constrained player first
        rest = players - {first}
        return any(
            self.matchable(rest - {q}) for q in sorted(rest, key=self.rank.__getitem__) if self.allowed(first, q)
        )

    def pair_all(self, players: Sequence[str]) -> list[tuple[str, str]]:
        """Every bracket in turn, floaters moving down; the caller checked that a pairing exists."""
        groups: list[list[str]] = []
        for p in players:
            if groups and self.points[groups[-1][0]] == self.points[p]:  # sums of halves: exact
                groups[-1].append(p)
            else:
                groups.append([p])
        pairs: list[tuple[str, str]] = []
        moved: list[str] = []
        below = frozenset(players)
        for group in groups:
            below -= set(group)
            done, moved = self._bracket(moved, group, below)
            pairs += done
        assert not moved, "the completion check lets the last bracket pair everyone"
        return pairs

    def _step(self) -> None:
        self._steps += 1
        if self._steps > BUDGET:
            raise _OverBudget

    def _bracket(
        self, moved: list[str], residents: list[str], below: frozenset[str]
    ) -> tuple[list[tuple[str, str]], list[str]]:
        """The first candidate in Dutch order whose floaters the brackets below can absorb."""
        self._steps = 0
        try:
            for pairs, floaters in self._candidates(moved, residents):
                self._step()
                if self.matchable(below | set(floaters)):
                    return pairs, floaters
        except _OverBudget:
            pass
        return self._plain(sorted([*moved, *residents], key=self.rank.__getitem__), below)

    def _candidates(self, moved: list[str], residents: list[str]) -> Iterator[tuple[list[tuple[str, str]], list[str]]]:
        if not moved or 2 * len(moved) >= len(moved) + len(residents):  # A.3: mostly MDPs counts as homogeneous
            yield from self._homogeneous(sorted([*moved, *residents], key=self.rank.__getitem__))
            return
        for k in range(min(len(moved), len(residents)), -1, -1):
            for paired in combinations(moved, k):  # the highest MDPs paired first
                floating = [m for m in moved if m not in paired]
                for opponents in self.arrangements(list(paired), residents):
                    rest = [r for r in residents if r not in opponents]
                    for pairs, floaters in self._homogeneous(rest):
                        yield [*zip(paired, opponents, strict=True), *pairs], [*floating, *floaters]

    def _homogeneous(self, players: list[str]) -> Iterator[tuple[list[tuple[str, str]], list[str]]]:
        """S1 against S2: transpositions (D.1), then exchanges (D.2), then one pair fewer (C.11)."""
        for p in range(len(players) // 2, -1, -1):
            s1, s2 = players[:p], players[p:]
            for a, b in exchanges(s1, s2, bracket=players):
                self._step()
                for opponents in self.arrangements(a, b):
                    yield list(zip(a, opponents, strict=True)), [x for x in b if x not in opponents]

    def arrangements(self, s1: list[str], s2: list[str]) -> Iterator[list[str]]:
        """Opponents for S1 in order, drawn from S2 in lexicographic order (D.1), skipping forbidden pairs."""
        if not s1:
            yield []
            return
        head, tail = s1[0], s1[1:]
        for i, b in enumerate(s2):
            self._step()
            if self.allowed(head, b):
                for rest in self.arrangements(tail, s2[:i] + s2[i + 1 :]):
                    yield [b, *rest]

    def _plain(self, players: list[str], below: frozenset[str]) -> tuple[list[tuple[str, str]], list[str]]:
        """Fallback: the top player unpaired takes the first opponent (S2 side first) that keeps completion."""
        pairs: list[tuple[str, str]] = []
        floaters: list[str] = []
        left = list(players)
        while left:
            top = left.pop(0)
            half = len(left) // 2
            order = left[half:] + left[:half] if half else left
            for b in order:
                rest = frozenset(left) - {b}
                if self.allowed(top, b) and self.matchable(below | rest | set(floaters)):
                    pairs.append((top, b))
                    left.remove(b)
                    break
            else:
                floaters.append(top)
        return pairs, floaters


def exchanges(s1: list[str], s2: list[str], bracket: Sequence[str]) -> Iterator[tuple[list[str], list[str]]]:
    """S1 and S2 as they are, then after each exchange in the order of C.04.1 D.2, both re-sorted.

    Players are numbered by their place in the bracket (1 = its top). An exchange moves k players of S1
    to S2 and k of S2 to S1, fewest first; then the smallest difference between the sums of the numbers
    moved; then the one moving the lowest players of S1; then the highest players of S2. Every pairing is
    reachable without moving S2's lowest player or, when nobody floats, S1's top one (orient each pair
    accordingly), so, as in D.2's example, those two never move.
    """
    yield s1, s2
    number = {p: i + 1 for i, p in enumerate(bracket)}
    from_s1 = s1[1:] if len(s1) == len(s2) else s1
    from_s2 = s2[:-1]
    for k in range(1, min(len(from_s1), len(from_s2), MAX_EXCHANGED) + 1):
        options = [(a, b) for a in combinations(from_s1, k) for b in combinations(from_s2, k)]
        options.sort(
            key=lambda ab: (
                sum(number[x] for x in ab[1]) - sum(number[x] for x in ab[0]),
                [-number[x] for x in sorted(ab[0], key=number.__getitem__, reverse=True)],
                [number[x] for x in ab[1]],
            )
        )
        for a, b in options:
            new_s1 = sorted([x for x in s1 if x not in a] + list(b), key=number.__getitem__)
            new_s2 = sorted([x for x in s2 if x not in b] + list(a), key=number.__getitem__)
            yield new_s1, new_s2


# --- seats -------------------------------------------------------------------------------------
def seat_pair(
    a: str, b: str, ranked: Sequence[str], seats: Mapping[str, Sequence[int]], table: int, round_no: int
) -> list[str]:
    """[seat 0, seat 1] for a pair (a ranked above b) at the table-th table (0-based) of the round."""
    high, low = (a, b) if ranked.index(a) < ranked.index(b) else (b, a)
    past_high, past_low = list(seats.get(high, ())), list(seats.get(low, ()))
    if round_no == 1 or not (past_high or past_low):
        return [high, low] if table % 2 == 0 else [low, high]
    want_high, want_low = seat_wish(past_high), seat_wish(past_low)
    if want_high[0] != want_low[0] or not want_low[1] or not want_high[1]:
        # Different wishes (or one has none): each gets theirs, the one with a wish deciding.
        decider, wish = (high, want_high[0]) if want_high[1] >= want_low[1] else (low, want_low[0])
    elif want_high[1] != want_low[1]:
        decider, wish = (high, want_high[0]) if want_high[1] > want_low[1] else (low, want_low[0])
    else:
        decider, wish = high, want_high[0]
        for x, y in zip(reversed(past_high), reversed(past_low), strict=False):
            if x != y:  # the latest game where they sat differently: each now takes the other seat
                wish = 1 - x
                break
    other = low if decider == high else high
    return [decider, other] if wish == 0 else [other, decider]


def seat_wish(past: Sequence[int]) -> tuple[int, int]:
    """(the seat wanted, how strongly: 0 none, 1 alternation, 2 a difference of one, 3 absolute)."""
    if not past:
        return 0, 0
    difference = sum(1 for s in past if s == 0) - sum(1 for s in past if s == 1)
    wanted = 0 if difference < 0 or (difference == 0 and past[-1] == 1) else 1
    if abs(difference) >= 2 or (len(past) >= 2 and past[-1] == past[-2]):
        return wanted, 3
    return wanted, 2 if difference else 1
