"""How the CLI shows a tournament to people: standings with their tie-breaks, rounds, a pairing's explanation.

Names everywhere (ids only where two players share a name); a game not played shows + for the players
present and - for the absent, as chess prints forfeits. Every function returns lines, so tests read them.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from playledger.v1 import leaderboards_pb2

Standings = leaderboards_pb2.GetStandingsResponse


def names_of(t: leaderboards_pb2.Tournament) -> dict[str, str]:
    """Player id -> the name people read (with the id when two players share a name)."""
    counts: dict[str, int] = {}
    for p in t.players:
        counts[p.name] = counts.get(p.name, 0) + 1
    return {p.id: p.name if counts[p.name] == 1 else f"{p.name} ({p.id})" for p in t.players}


def _who(names: Mapping[str, str], players: Iterable[str]) -> str:
    return ", ".join(names.get(p, p) for p in players)


def _points(x: float) -> str:
    whole, half = int(x), x - int(x) >= 0.5
    return ("" if half and not whole else str(whole)) + ("½" if half else "")


def order_line(t: leaderboards_pb2.Tournament) -> str:
    """The order the standings are in."""
    order = ", then ".join(b.title for b in t.tiebreaks)
    return f"Order: points, then {order}." if order else "Order: points."


def tiebreak_lines(t: leaderboards_pb2.Tournament) -> list[str]:
    """What each tie-break counts."""
    return [f"  {b.title}: {b.rule}." for b in t.tiebreaks]


def standings_lines(found: Standings, show_games: bool = False) -> list[str]:
    t = found.tournament
    names = names_of(t)
    titles = {b.key: b.title for b in t.tiebreaks}
    width = max([20, *(len(n) for n in names.values())])
    lines = [
        f"{t.display_name}  {t.rules}  {t.pairing}  round {t.rounds_paired} of {t.rounds}  ({t.status})",
        order_line(t),
        f"{'rank':>4}  {'player':{width}} {'points':>6} {'played':>6} {'+/-':>5} {'byes':>4} {'wins':>4} "
        f"{'buchholz':>8} {'score':>6}  tie-break",
    ]
    rows = list(found.standings)
    for i, s in enumerate(rows):
        forfeits = f"+{s.forfeits_won}/-{s.forfeits_lost}" if s.forfeits_won or s.forfeits_lost else ""
        lines.append(
            f"{s.rank:>4}  {names.get(s.player_id, s.player):{width}} {_points(s.points):>6} {s.played:>6} "
            f"{forfeits:>5} {s.byes:>4} {s.wins:>4} {_points(s.buchholz):>8} {s.score_sum:>6}  "
            f"{_separation(s, rows[i + 1] if i + 1 < len(rows) else None, titles, names)}"
            + ("  DISQUALIFIED" if s.disqualified else "")
        )
    lines += tiebreak_lines(t)
    if show_games:
        lines += game_lines(found, names)
    for r in found.rulings:
        kind = leaderboards_pb2.RulingKind.Name(r.kind).removeprefix("RULING_KIND_").lower()
        about = " ".join(x for x in (r.game, names.get(r.player_id, r.player_id)) if x)
        lines.append(f"  ruling {kind} {about} by {r.actor}: {r.reason}")
    return lines


def _separation(
    s: leaderboards_pb2.Standing,
    below: leaderboards_pb2.Standing | None,
    titles: Mapping[str, str],
    names: Mapping[str, str],
) -> str:
    """For a player level on points with the next one: which tie-break put them ahead, with both values."""
    if below is None or not s.separated_by:
        return ""
    other = names.get(below.player_id, below.player)
    if s.separated_by == "shared":
        return f"level with {other} on every tie-break"
    mine, theirs = getattr(s, s.separated_by), getattr(below, s.separated_by)
    shown = (_points(mine), _points(theirs)) if isinstance(mine, float) else (str(mine), str(theirs))
    return f"ahead of {other} on {titles.get(s.separated_by, s.separated_by)} ({shown[0]} to {shown[1]})"


def game_lines(found: Standings, names: Mapping[str, str]) -> list[str]:
    """Every round's tables: names by seat, each seat's result (+ and - for a game not played), the byes."""
    lines = []
    byes: dict[int, list[str]] = {}
    for b in found.byes:
        byes.setdefault(b.round, []).append(b.player_id)
    for round_no in sorted({g.round for g in found.games} | set(byes)):
        lines.append(f"Round {round_no}")
        tables = [g for g in found.games if g.round == round_no]
        for n, g in enumerate(tables, start=1):
            results = " : ".join(g.results) if g.results else g.state
            note = {"forfeit": "  (not played: forfeit)", "annulled": "  (annulled)"}.get(g.state, "")
            lines.append(f"  {n:>2}. {' vs '.join(names.get(p, p) for p in g.player_ids)}   {results}{note}  {g.game}")
        if byes.get(round_no):
            lines.append(f"      bye: {_who(names, byes[round_no])}")
    return lines


def paired_lines(
    response: leaderboards_pb2.PairTournamentRoundResponse, results: Mapping[str, Sequence[int]]
) -> list[str]:
    """A round just paired: its tables by name (and the bots' scores, if they played), its bye."""
    names = {p.player_id: p.name for p in response.explanation.ranking}
    for g in response.games:
        names.update({t.player_id: t.player for t in g.seat_tokens})
    bye = f"; bye: {_who(names, response.byes)}" if response.byes else ""
    lines = [f"round {response.round}: {len(response.games)} games{bye}"]
    for n, g in enumerate(response.games, start=1):
        seats = " vs ".join(names.get(p, p) for p in g.player_ids)
        done = f"  scores {list(results[g.game])}" if g.game in results else ""
        lines.append(f"  {n:>2}. {seats}  {g.game}{done}")
    return lines


METHODS = {
    "dutch": "the Dutch system at tables of two: score groups from the top, top half against bottom half",
    "snake": "round 1 at larger tables: the seeds dealt over the tables forwards, then backwards",
    "score-groups": "Swiss by score groups: the top player left opens each table, the seats go to the "
    "best-ranked players who have met the table least",
    "round-robin": "round-robin: every pair meets once (Berger tables at tables of two)",
}


def explanation_lines(x: leaderboards_pb2.PairingExplanation) -> list[str]:
    """Why the round was paired so: score groups, floaters, rematches avoided, the bye (names throughout)."""
    names = {p.player_id: p.name for p in x.ranking}

    def met(m: leaderboards_pb2.Meeting) -> str:
        return f"{' vs '.join(names.get(p, p) for p in m.player_ids)} (met in round {', '.join(map(str, m.rounds))})"

    scheduled = x.method == "round-robin"  # the schedule seats everyone, not the scores
    lines = [f"Round {x.round}: {METHODS.get(x.method, x.method)}."]
    if scheduled:
        lines.append(f"Pairing order (seed): {_who(names, (p.player_id for p in x.ranking))}.")
    else:
        ranked = ", ".join(f"{p.name} {_points(p.points)}" for p in x.ranking)
        lines.append(f"Pairing order (points, then seed): {ranked}.")
    for g in x.groups:
        if not scheduled:
            lines.append(f"{_points(g.points)} point{'' if g.points == 1 else 's'}: {_who(names, g.player_ids)}")
        if g.moved_in:
            lines.append(f"  floaters in: {_who(names, g.moved_in)}")
        lines += [f"  table: {' vs '.join(names.get(p, p) for p in t.player_ids)}" for t in g.tables]
        if g.rematches_avoided:
            lines.append("  rematches avoided: " + "; ".join(met(m) for m in g.rematches_avoided))
        if g.moved_out:
            lines.append(f"  floaters out: {_who(names, g.moved_out)}")
    if x.byes:
        why = [f"{_who(names, x.bye_had_one)} had one already"] if x.bye_had_one else []
        why += [f"without {_who(names, x.bye_blocked)} the others could not all be paired"] if x.bye_blocked else []
        again = _who(names, x.bye_again)
        why += [f"a second bye for {again}: nobody without one could sit out"] if x.bye_again else []
        because = f" ({'; '.join(why)})" if why else ""
        whose = "as the round-robin's schedule has it" if scheduled else "the lowest-ranked who could have it"
        lines.append(f"Bye: {_who(names, x.byes)}, {whose}{because}.")
    if x.rematches:
        lines.append("Rematches no pairing could avoid: " + "; ".join(met(m) for m in x.rematches) + ".")
    return lines
