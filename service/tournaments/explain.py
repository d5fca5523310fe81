"""Why a round was paired as it was: score groups, floaters, the rematches avoided, the bye.

Worked out from the pairing itself (the tables and byes `pairing.pair` returned) and the field it was
made from, so it can never disagree with the pairing. Shown by `playledger tournament pair --explain`
(PairingExplanation in leaderboards.proto) and by the audit's tournament report for every round.

Tables of two (the Dutch system, service.tournaments.dutch): a score group is the players on the same
points; its *bracket* also holds the players moved down from above (MDPs), and a pair belongs to the
bracket of its lower-scored player. Floaters in are the players from higher groups paired here (or passing
through), floaters out the players of this bracket paired lower down. A rematch avoided is a pair the plain
order would have made (MDPs against the top residents, then the top half against the bottom half, S1[i]
against S2[i]) who have met already, so the pairing had to look further.

Larger tables (Swiss by score groups, service.tournaments.pairing): a table belongs to the group of the
player who opens it (the highest-ranked left); floaters in are lower-ranked players who filled its seats,
floaters out the players of a group seated at a higher group's table. A rematch avoided is the highest-
ranked player left passed over for a seat because they had met the table more than another.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import combinations

from service.tournaments.dutch import Field
from service.tournaments.pairing import score_group_tables
from service.tournaments.standings import TableGame, points_text


@dataclass(frozen=True)
class Meeting:
    players: tuple[str, ...]
    rounds: tuple[int, ...]  # the rounds they met in before


@dataclass
class Group:
    points: float
    players: list[str]  # the group's own players, in pairing order
    moved_in: list[str] = field(default_factory=list)
    moved_out: list[str] = field(default_factory=list)
    tables: list[list[str]] = field(default_factory=list)  # seat order as paired
    rematches_avoided: list[Meeting] = field(default_factory=list)


@dataclass
class Explanation:
    round: int
    method: str  # "dutch", "snake" (round 1 at larger tables), "score-groups" or "round-robin"
    ranking: list[tuple[str, str, float]]  # (player id, name, points) in pairing order
    groups: list[Group] = field(default_factory=list)
    byes: list[str] = field(default_factory=list)
    bye_had_one: list[str] = field(default_factory=list)  # ranked below the bye, passed over: had a bye already
    bye_blocked: list[str] = field(default_factory=list)  # ranked below the bye, passed over: the others could
    # not all have been paired without a rematch had they sat out
    bye_again: list[str] = field(default_factory=list)  # byes who had one already: nobody without one could sit out
    rematch_limit: int = 0  # 0: nobody meets twice; N: pairs who had met N times were allowed (no other way)
    rematches: list[Meeting] = field(default_factory=list)  # the rematches the round could not avoid

    def name(self, player: str) -> str:
        return next((n for p, n, _ in self.ranking if p == player), player)


def meetings(games: Iterable[TableGame]) -> dict[frozenset[str], list[int]]:
    """The rounds each pair of players met in (every game counts, as in pairing.field_of)."""
    out: dict[frozenset[str], list[int]] = {}
    for g in sorted(games, key=lambda g: g.round):
        for i, a in enumerate(g.players):
            for b in g.players[i + 1 :]:
                out.setdefault(frozenset((a, b)), []).append(g.round)
    return out


def explain(
    pairing: str,
    round_no: int,
    field: Field,
    table_size: int,
    paired: tuple[list[list[str]], list[str]],
    games: Iterable[TableGame],
    names: Mapping[str, str],
) -> Explanation:
    """The explanation of `paired` (tables, byes), the pairing of round `round_no` made from `field`."""
    tables, byes = paired
    met = meetings(games)
    order = list(field.seeds) if pairing == "round-robin" else field.ranked()
    out = Explanation(round_no, _method(pairing, round_no, table_size), [], byes=list(byes))
    out.ranking = [(p, names.get(p, p), field.points.get(p, 0.0)) for p in order]
    pairs = [pair for t in tables for pair in combinations(t, 2) if frozenset(pair) in met]
    out.rematches = [Meeting(pair, tuple(met[frozenset(pair)])) for pair in pairs]
    if out.method == "dutch":
        # The Dutch search allows pairs who met `limit` times only when no pairing avoids them (dutch.py step 4).
        out.rematch_limit = max((len(m.rounds) for m in out.rematches), default=0)
        out.groups = _dutch_groups(order, field, tables, byes, out.rematch_limit, met)
    elif out.method == "round-robin":  # one group: the schedule, not the scores, seats everyone
        out.groups = [Group(0.0, [p for p in order if p not in byes], tables=[list(t) for t in tables])]
    else:
        out.groups = _table_groups(order, field, tables, byes, met, greedy=out.method == "score-groups")
    if byes and pairing != "round-robin":
        below = order[max(order.index(b) for b in byes) + 1 :]
        out.bye_had_one = [p for p in below if p in field.had_bye]
        out.bye_blocked = [p for p in below if p not in field.had_bye]
        out.bye_again = [p for p in byes if p in field.had_bye]
    return out


def _method(pairing: str, round_no: int, table_size: int) -> str:
    if pairing == "round-robin":
        return "round-robin"
    if table_size == 2:
        return "dutch"
    return "snake" if round_no == 1 else "score-groups"


def _score_groups(order: Sequence[str], points: Mapping[str, float]) -> list[Group]:
    groups: list[Group] = []
    for p in order:
        if groups and groups[-1].points == points.get(p, 0.0):
            groups[-1].players.append(p)
        else:
            groups.append(Group(points.get(p, 0.0), [p]))
    return groups


def _dutch_groups(
    order: Sequence[str],
    field: Field,
    tables: Sequence[list[str]],
    byes: Sequence[str],
    limit: int,
    met: Mapping[frozenset[str], list[int]],
) -> list[Group]:
    rank = {p: i for i, p in enumerate(order)}
    points = {p: field.points.get(p, 0.0) for p in order}
    partner = {a: b for t in tables for a, b in (t, t[::-1])}
    groups = _score_groups([p for p in order if p not in byes], points)
    for g in groups:
        g.moved_in = [p for p in order if points[p] > g.points and p in partner and points[partner[p]] <= g.points]
        g.moved_out = [p for p in order if points[p] >= g.points and p in partner and points[partner[p]] < g.points]
        g.tables = [t for t in tables if min(points[t[0]], points[t[1]]) == g.points]
        plain = _plain_pairs(g.moved_in, g.players, rank)
        g.rematches_avoided = [
            Meeting(pair, tuple(met[frozenset(pair)]))
            for pair in plain
            if len(met.get(frozenset(pair), ())) > limit and frozenset(pair) not in {frozenset(t) for t in g.tables}
        ]
    return groups


def _plain_pairs(moved: Sequence[str], residents: Sequence[str], rank: Mapping[str, int]) -> list[tuple[str, str]]:
    """The pairs of a bracket in plain order: MDPs against the top residents (a heterogeneous bracket), then
    the top half against the bottom half, S1[i] against S2[i] (dutch.py steps 3)."""
    if moved and 2 * len(moved) < len(moved) + len(residents):
        head = list(zip(moved, residents, strict=False))
        rest = list(residents[len(moved) :])
    else:
        head, rest = [], sorted([*moved, *residents], key=rank.__getitem__)
    half = len(rest) // 2
    return head + list(zip(rest[:half], rest[half : 2 * half], strict=True))


def _table_groups(
    order: Sequence[str],
    field: Field,
    tables: Sequence[list[str]],
    byes: Sequence[str],
    met: Mapping[frozenset[str], list[int]],
    greedy: bool,
) -> list[Group]:
    """Groups at larger tables; `greedy`: the seats were filled by score_group_tables, whose passes are replayed
    (round 1 deals seeds in a snake instead, and nobody has met)."""
    rank = {p: i for i, p in enumerate(order)}
    points = {p: field.points.get(p, 0.0) for p in order}
    seated = [p for p in order if p not in byes]
    passed: list[tuple[str, list[str]]] = []
    if greedy:
        score_group_tables(seated, [len(t) for t in tables], field.met, passed)
    groups = _score_groups(seated, points)
    by_points = {g.points: g for g in groups}
    for t in tables:
        opener = min(t, key=rank.__getitem__)
        g = by_points[points[opener]]
        g.tables.append(t)
        g.moved_in += [p for p in sorted(t, key=rank.__getitem__) if points[p] != g.points]
        for p in t:
            if points[p] != g.points:
                by_points[points[p]].moved_out.append(p)
    seen: set[str] = set()
    for player, table in passed:
        if player in seen:
            continue
        seen.add(player)
        g = by_points[points[player]]
        for other in table:
            if frozenset((player, other)) in met:
                g.rematches_avoided.append(Meeting((player, other), tuple(met[frozenset((player, other))])))
    return groups


# --- in words (the audit's report; the CLI words the same from leaderboards.proto) -----------------------
METHODS = {
    "dutch": "the Dutch system at tables of two: score groups from the top, top half against bottom half",
    "snake": "round 1 at larger tables: the seeds dealt over the tables forwards, then backwards",
    "score-groups": "Swiss by score groups: the top player left opens each table, the seats go to the best-ranked "
    "players who have met the table least",
    "round-robin": "round-robin: every pair meets once (Berger tables at tables of two)",
}


def lines(x: Explanation) -> list[str]:
    """The explanation as text, names throughout."""

    def who(players: Iterable[str]) -> str:
        return ", ".join(x.name(p) for p in players)

    def met(m: Meeting) -> str:
        return f"{' vs '.join(x.name(p) for p in m.players)} (met in round {', '.join(map(str, m.rounds))})"

    scheduled = x.method == "round-robin"  # the schedule seats everyone, not the scores
    out = [f"Round {x.round}: {METHODS.get(x.method, x.method)}."]
    if scheduled:
        out.append(f"Pairing order (seed): {who(p for p, _, _ in x.ranking)}.")
    else:
        ranked = ", ".join(f"{x.name(p)} {points_text(pts)}" for p, _, pts in x.ranking)
        out.append(f"Pairing order (points, then seed): {ranked}.")
    for g in x.groups:
        if not scheduled:
            out.append(f"{points_text(g.points)} point{'' if g.points == 1 else 's'}: {who(g.players)}")
        if g.moved_in:
            out.append(f"  floaters in: {who(g.moved_in)}")
        out += [f"  table: {' vs '.join(x.name(p) for p in t)}" for t in g.tables]
        if g.rematches_avoided:
            out.append("  rematches avoided: " + "; ".join(met(m) for m in g.rematches_avoided))
        if g.moved_out:
            out.append(f"  floaters out: {who(g.moved_out)}")
    if x.byes:
        why = [f"{who(x.bye_had_one)} had one already"] if x.bye_had_one else []
        why += [f"without {who(x.bye_blocked)} the others could not all be paired"] if x.bye_blocked else []
        why += [f"a second bye for {who(x.bye_again)}: nobody without one could sit out"] if x.bye_again else []
        because = f" ({'; '.join(why)})" if why else ""
        whose = "as the round-robin's schedule has it" if scheduled else "the lowest-ranked who could have it"
        out.append(f"Bye: {who(x.byes)}, {whose}{because}.")
    if x.rematches:
        out.append("Rematches no pairing could avoid: " + "; ".join(met(m) for m in x.rematches) + ".")
    return out
