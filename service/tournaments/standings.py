"""Tournament arithmetic, pure: a game's effective result after rulings, points, tie-breaks, standings.

The tournament service (pairing a Swiss round needs the points), the
projections (standings and ratings read models) and the audit tool
(playledger-replay recomputes the standings from the re-run games) use these
same functions, so a ruling changes all three in exactly the same way.

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

A game the rules never finished, settled by a forfeit, is *unplayed*: it brings its
points (shown + for the players present, - for the absent) but is not a game played
nor a game won; how unplayed games and byes weigh in the tie-breaks is
service.tournaments.tiebreaks'.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from service.tournaments import tiebreaks
from service.tournaments.tiebreaks import COUNTED, VIRTUAL_OPPONENT, Entry

RULING_KINDS = ("forfeit", "annulment", "score_correction", "disqualification")


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

    def marks(self) -> tuple[str, ...]:
        """Each seat's result as a standings table prints it: its points (1, ½, 0, 1½), or, for a game not
        played, + for the players present and - (a minus sign) for the absent, as chess marks forfeits."""
        if not self.played:
            seats = range(len(self.places))
            return tuple(tiebreaks.ABSENT if seat in self.forfeited else tiebreaks.PRESENT for seat in seats)
        return tuple(points_text(p) for p in self.points)


def points_text(points: float) -> str:
    """Points as chess writes them: 0, ½, 1, 1½ ..."""
    whole, half = int(points), points - int(points) >= 0.5
    return ("" if half and not whole else str(whole)) + ("½" if half else "")


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
            base = places_from(scores, winners)  # a correction without winners places by its scores
        elif not result.winners:
            base = (0,) * seats  # the rules named no winner (a turn limit reached): a draw for everyone
        else:
            base = places_from(scores, result.winners)
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
    played: int = 0  # games played at the table (a game settled by a forfeit is not)
    wins: int = 0  # games won outright at the table
    byes: int = 0
    buchholz: float = 0.0  # see service.tournaments.tiebreaks
    score_sum: int = 0
    disqualified: bool = False
    rank: int = 0
    forfeits_won: int = 0  # games not played that brought points: the others were absent (+)
    forfeits_lost: int = 0  # games not played because this player was absent (-)
    separated_by: str = ""  # what ranks this player above the next one on equal points (tiebreaks.separated_by)

    def key(self) -> tuple[Any, ...]:
        return (self.disqualified, -self.points, *(-getattr(self, t.key) for t in tiebreaks.TIEBREAKS))


def bye_points(table_size: int) -> float:
    return (table_size - 1) / 2 if table_size > 2 else 1.0


def standings(
    players: Sequence[tuple[str, str]],
    games: Iterable[TableGame],
    byes: Mapping[int, Sequence[str]],
    disqualified: Iterable[str],
    table_size: int,
    rule: str = VIRTUAL_OPPONENT,
) -> list[Standing]:
    """Ordered standings: points, then the tie-breaks (tiebreaks.TIEBREAKS); a disqualified player is listed
    last. `rule` is how unplayed games count (tiebreaks.COUNTED: as builds before issue 37 counted them)."""
    rows = {pid: Standing(pid, name) for pid, name in players}
    for pid in set(disqualified) & rows.keys():
        rows[pid].disqualified = True
    entries: dict[str, list[Entry]] = {pid: [] for pid in rows}
    for g in games:
        done = outcome(g.players, g.result, g.rulings)
        if done is not None:
            _count_game(rows, entries, g, done, rule)
    for round_no, pids in byes.items():
        for pid in pids:
            if pid in rows:
                rows[pid].points += bye_points(table_size)
                rows[pid].byes += 1
                scores = tiebreaks.bye_pair_scores(table_size, bye_points(table_size))
                entries[pid].append(Entry(round_no, bye_points(table_size), False, (), scores))
    for pid, value in tiebreaks.buchholz(entries, table_size, rule).items():
        rows[pid].buchholz = value
    ordered = sorted(rows.values(), key=lambda r: (*r.key(), r.player))
    for i, row in enumerate(ordered):
        row.rank = ordered[i - 1].rank if i and ordered[i - 1].key() == row.key() else i + 1
        row.separated_by = tiebreaks.separated_by(row, ordered[i + 1]) if i + 1 < len(ordered) else ""
    return ordered


def _count_game(
    rows: dict[str, Standing], entries: dict[str, list[Entry]], g: TableGame, done: Outcome, rule: str
) -> None:
    """One settled game in every seat's row; under COUNTED a game settled by forfeit counts as played."""
    played = done.played or rule == COUNTED
    for seat, pid in enumerate(g.players):
        row = rows.get(pid)
        if row is None:
            continue
        row.points += done.points[seat]
        if played:
            row.played += 1
            row.wins += int(done.won(seat))
        elif seat in done.forfeited:
            row.forfeits_lost += 1
        else:
            row.forfeits_won += 1
        if done.scores is not None:
            row.score_sum += done.scores[seat]
        others = tuple(p for p in g.players if p != pid and p in rows)
        scores = () if played else tiebreaks.unplayed_pair_scores(seat, done.forfeited, len(g.players))
        entries[pid].append(Entry(g.round, done.points[seat], played, others, scores))


def standings_after(
    round_no: int,
    players: Sequence[tuple[str, str]],
    games: Iterable[TableGame],
    byes: Mapping[int, Sequence[str]],
    disqualified: Iterable[str],
    table_size: int,
    rule: str = VIRTUAL_OPPONENT,
) -> list[Standing]:
    """The standings once round `round_no` was over (its games and byes and the earlier ones), as the
    rulings stand now (a disqualification counts in every round, as it does in the final standings)."""
    return standings(
        players,
        [g for g in games if g.round <= round_no],
        {r: pids for r, pids in byes.items() if r <= round_no},
        disqualified,
        table_size,
        rule,
    )


def rulings_by_game(games: Mapping[str, Sequence[str]], rulings: Iterable[Mapping[str, Any]]) -> dict[str, GameRulings]:
    """What the tournament's rulings (as recorded) make of each of its games (game id -> player id per seat).

    A disqualification bears on every game of the player; the other rulings on the game they name.
    """
    per_game = {g: GameRulings() for g in games}
    for r in rulings:
        if r["kind"] == "disqualification":
            targets = [g for g, seats in games.items() if r["player"] in seats]
        else:
            targets = [r["game"]] if r["game"] in per_game else []
        for g in targets:
            per_game[g].apply(r["kind"], r["player"], r["scores"], r["winners"])
    return per_game


def standing_json(s: Standing, rule: str = VIRTUAL_OPPONENT) -> dict[str, Any]:
    """A standings row as the API (leaderboards.proto Standing) and the audit tool write it; under COUNTED,
    as builds before issue 37 wrote it (format 2 certificates pin those rows)."""
    row = {
        "rank": s.rank,
        "player_id": s.player,
        "player": s.name,
        "points": s.points,
        "played": s.played,
        "wins": s.wins,
        "byes": s.byes,
        "buchholz": s.buchholz,
        "score_sum": s.score_sum,
        "disqualified": s.disqualified,
    }
    if rule == COUNTED:
        return row
    return row | {"forfeits_won": s.forfeits_won, "forfeits_lost": s.forfeits_lost, "separated_by": s.separated_by}
