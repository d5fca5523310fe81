"""Tie-breaks: their order, Buchholz with FIDE's virtual opponent for unplayed games, what separated two players.

Order after points: Buchholz, then games won, then total score (TIEBREAKS says it in words for every
standings view). A game is *unplayed* when the rules never finished it: a forfeit settled it (the absent
player shown -, the others +), or the player had a bye. Unplayed games are not games played, and a forfeit
win is not a game won; they still bring their points.

Buchholz follows FIDE's rule for unplayed games (Handbook C.02 13.15.2, in force 2012-2023; the formula
Svon = SPR + (1 - SfPR) + 0.5 (n - R)), so that neither the absent player's score nor the lack of an
opponent moves anyone's tie-break:

- (a) For the player's own unplayed game in round R, a *virtual opponent* counts instead of the real one:
  it starts the round with the player's points before round R, takes the opposite result in that round,
  and draws every later round up to the last round with a result (n).
- (b) For the Buchholz of everyone else, a player's unplayed games count as draws ("adjusted score").

At tables of k players the same rule is applied pair by pair, and reduces to FIDE's at k = 2: the points of
a game are one per seat placed below you and a half per seat level with you, so against each other seat
of an unplayed game the player scored s (1 present against absent, 1/2 present against present, 0 absent);
each of the k - 1 virtual opponents then scores 1 - s against the player and a draw (1/2) against each
other seat, and (table size - 1) / 2 in every later round; a draw of the whole table is (k - 1) / 2. A bye
counts as an unplayed game at a full table: a win against one virtual opponent at tables of two (a bye is
worth a win there), a draw against table size - 1 of them at larger tables.

Certificates of format 2 (builds before issue 37) state standings made by the older arithmetic ("counted":
a forfeit counted as a game played and won, the absent player's points in the winner's Buchholz, byes in
nobody's Buchholz); COUNTED recomputes them exactly so those certificates keep checking.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

VIRTUAL_OPPONENT = "virtual-opponent"  # FIDE's rule for unplayed games, at every table size (the rule now)
COUNTED = "counted"  # the arithmetic of builds before issue 37: a forfeit counted as a game played
FORFEIT_RULES = (VIRTUAL_OPPONENT, COUNTED)
PRESENT, ABSENT = "+", "\u2212"  # a game not played: won by forfeit, lost by forfeit (a minus sign, as chess prints)


@dataclass(frozen=True)
class TieBreak:
    key: str  # the Standing field it compares, higher first
    title: str
    rule: str


TIEBREAKS = (
    TieBreak(
        "buchholz",
        "Buchholz",
        "the points of every opponent met; a game not played (a forfeit, a bye) counts a virtual opponent "
        "who starts the round level with you, takes the opposite result and draws every later round, and "
        "an opponent's own unplayed games count as draws (FIDE)",
    ),
    TieBreak("wins", "wins", "games won outright at the table (a forfeit win is not a game won)"),
    TieBreak("score_sum", "total score", "the sum of your own scores in the games played"),
)


def order_text() -> str:
    """The tie-break order in one line, as every standings view states it."""
    return "points, then " + ", then ".join(t.title for t in TIEBREAKS)


@dataclass(frozen=True)
class Entry:
    """One counted result of a player: a game (played or settled by a forfeit) or a bye."""

    round: int
    points: float
    played: bool
    opponents: tuple[str, ...]  # the other players at the table (none for a bye)
    pair_scores: tuple[float, ...] = ()  # unplayed: the player's score against each other seat (see above)


def buchholz(entries: Mapping[str, Sequence[Entry]], table_size: int, rule: str = VIRTUAL_OPPONENT) -> dict[str, float]:
    """Each player's Buchholz from every player's counted results."""
    if rule == COUNTED:
        points = {p: sum(e.points for e in es) for p, es in entries.items()}
        return {p: sum(points[o] for e in es for o in e.opponents if o in points) for p, es in entries.items()}
    last = max((e.round for es in entries.values() for e in es), default=0)
    adjusted = {p: sum(e.points if e.played else 0.5 * len(e.pair_scores) for e in es) for p, es in entries.items()}
    later = (table_size - 1) / 2  # a virtual opponent's draw in every round after its own
    out = {}
    for p, es in entries.items():
        total = 0.0
        for e in es:
            if e.played:
                total += sum(adjusted[o] for o in e.opponents if o in adjusted)
                continue
            before = sum(x.points for x in es if x.round < e.round)
            draws = 0.5 * (len(e.pair_scores) - 1)  # against the other seats of the table
            total += sum(before + (1 - s) + draws + later * (last - e.round) for s in e.pair_scores)
        out[p] = total
    return out


def bye_pair_scores(table_size: int, bye_points: float) -> tuple[float, ...]:
    """A bye as an unplayed game at a full table: the same score against each of its other seats."""
    others = max(1, table_size - 1)
    return (bye_points / others,) * others


def unplayed_pair_scores(seat: int, forfeited: frozenset[int], seats: int) -> tuple[float, ...]:
    """The seat's score against each other seat of a game settled by forfeit: 1, 1/2 or 0 (see above)."""
    if seat in forfeited:
        return (0.0,) * (seats - 1)
    return tuple(1.0 if j in forfeited else 0.5 for j in range(seats) if j != seat)


def separated_by(upper: Any, lower: Any) -> str:
    """What ranks `upper` above `lower` when they are level on points: a tie-break's key, 'shared' when
    every tie-break is equal too (they share a rank), '' when points (or a disqualification) decide."""
    if upper.disqualified != lower.disqualified or upper.points != lower.points:
        return ""
    for t in TIEBREAKS:
        if getattr(upper, t.key) != getattr(lower, t.key):
            return t.key
    return "shared"
