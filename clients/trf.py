"""A tournament as a FIDE Tournament Report File (TRF-16), for outside pairing and tie-break checkers.

TRF describes games of two players, so only tournaments at tables of two are exported (a tournament at
larger tables is refused: the standings' JSON or CSV say what TRF cannot). What maps how:

- 012 the tournament's name; 042 the day it was created (and 052 the last change, once it is finished);
  062 the number of players; 092 how it is paired; 142 the rounds planned.
- One 001 line per player in seeding order: the starting rank is the seed, the name the display name
  (FIDE's "Lastname, Firstname" is not known), no rating, federation, FIDE number or birth date; the
  points and the rank are PlayLedger's (a rank shared by players equal on every tie-break).
- Each round: the opponent's starting rank; the colour is the seat, w for seat 0 (who plays first, as
  white does), b for seat 1; the result 1, = or 0 for a game played, + and - for a game not played (won
  and lost by forfeit), U for the bye (a pairing-allocated bye worth a win), a blank result for a game
  still in play, and 0000 - Z for a round the player was not in (disqualified, or an annulled game,
  which counts for nothing; a ### comment names it).
- ### comment lines (allowed by TRF) give each starting rank's PlayLedger player id and the tie-breaks.

A difference to keep in mind when an outside engine re-pairs the export: PlayLedger counts a forfeited
game as a meeting (the two were paired), where FIDE's Dutch system lets players who met only by forfeit
meet again.
"""

from __future__ import annotations

from collections.abc import Mapping

from playledger.v1 import leaderboards_pb2

RESULT = {"1": "1", "½": "=", "0": "0", "+": "+", "\u2212": "-"}
TYPES = {"swiss": "Swiss System (FIDE Dutch basics, PlayLedger)", "round-robin": "Round Robin (Berger tables)"}


class TrfRefused(ValueError):
    """The tournament cannot be written as TRF (games of more than two players)."""


def trf(found: leaderboards_pb2.GetStandingsResponse) -> str:
    """The tournament as TRF-16 text, one record a line."""
    t = found.tournament
    if t.table_size != 2 or any(len(g.player_ids) != 2 for g in found.games):
        raise TrfRefused(
            f"{t.display_name} is played at tables of {t.table_size}: TRF describes games of two players "
            "(export the standings with --json or --csv instead)"
        )
    start = {p.id: n for n, p in enumerate(t.players, start=1)}
    lines = [f"012 {t.display_name}", f"042 {t.create_time.ToDatetime():%Y/%m/%d}"]
    if t.status == "finished":
        lines.append(f"052 {t.update_time.ToDatetime():%Y/%m/%d}")
    lines += [f"062 {len(t.players)}", f"092 {TYPES.get(t.pairing, t.pairing)}", f"142 {t.rounds}"]
    lines += [f"### {n:04d} is PlayLedger player {p.id}" for n, p in enumerate(t.players, start=1)]
    order = ", then ".join(b.title for b in t.tiebreaks)
    lines.append(f"### {t.name}: ordered by points, then {order}")
    cells, notes = _rounds(found, start)
    lines += notes
    rows = {s.player_id: s for s in found.standings}
    for p in t.players:
        s = rows.get(p.id)
        points, rank = (s.points, s.rank) if s is not None else (0.0, 0)
        # 1-3 "001", 5-8 starting rank, 10 sex, 11-13 title, 15-47 name, 49-52 rating, 54-56 federation,
        # 58-68 FIDE number, 70-79 birth date, 81-84 points, 86-89 rank; round 1 from column 92.
        blank = f"{'':4} {'':3} {'':11} {'':10}"
        head = f"001 {start[p.id]:4d} {'':4} {p.name[:33]:<33} {blank} {points:4.1f} {rank:4d}"
        lines.append(head + "".join(cells.get((p.id, r), "  0000 - Z") for r in range(1, t.rounds_paired + 1)))
    return "\n".join(lines) + "\n"


def _rounds(
    found: leaderboards_pb2.GetStandingsResponse, start: Mapping[str, int]
) -> tuple[dict[tuple[str, int], str], list[str]]:
    """Each player's cell of each round (10 columns: two spaces, opponent, colour, result), and the notes."""
    cells: dict[tuple[str, int], str] = {}
    notes: list[str] = []
    for g in found.games:
        if g.state == "annulled":
            notes.append(f"### round {g.round}: {g.game} ({' vs '.join(g.player_ids)}) annulled: counts for nothing")
            continue
        for seat, pid in enumerate(g.player_ids):
            if (pid, g.round) in cells:
                raise TrfRefused(f"{pid} has two games in round {g.round}: TRF holds one game a round")
            opponent = start.get(g.player_ids[1 - seat], 0)
            result = RESULT.get(g.results[seat], " ") if g.results else " "
            cells[(pid, g.round)] = f"  {opponent:04d} {'wb'[seat]} {result}"
    for b in found.byes:
        cells[(b.player_id, b.round)] = "  0000 - U"
    return cells, notes
