"""A tournament's report page (HTML, Markdown or JSON): standings, rounds, byes, rulings, each game's verdict.

Everything on it is recomputed by the audit (replay.tournament) from the games as they re-run: the final
standings with points and every tie-break, the order they apply in and how each counts, and for players
level on points the tie-break that separated them; the standings after each round; each round's tables
with names by seat and each seat's result (+ and - for a game not played), how the round was paired (its
score groups, floaters, the rematches avoided, the bye) and whether the pairing re-derives as recorded;
the byes, every ruling, and each game's verdict, which for a ruled game names the ruling. Players are
named, never shown by id (unless two share a name); JSON keeps the ids beside the names for machines.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from replay.certificates import certificate_hash
from replay.charts import bar_chart
from replay.report import GameReport, _badge, _e, _page
from replay.tournament import GameFact, TournamentAudit, TournamentFacts, rulings_of, verdict_line
from service.tournaments.explain import lines as explanation_lines
from service.tournaments.standings import Standing, outcome, points_text, standing_json
from service.tournaments.tiebreaks import TIEBREAKS, order_text

COLUMNS = ("rank", "player", "points", "Buchholz", "wins", "total score", "played", "forfeits +/-", "byes", "tie-break")


def names_of(facts: TournamentFacts) -> dict[str, str]:
    """Player id -> the name shown (with the id only when two players share a name)."""
    names = facts.names()
    shared = {n for n in names.values() if list(names.values()).count(n) > 1}
    return {p: n if n not in shared else f"{n} ({p})" for p, n in names.items()}


def place_of(t: TournamentAudit, game_id: str) -> str:
    """Where a game was played: its round and table in the tournament."""
    found = t.facts.games.get(game_id)
    if found is None:
        return ""
    round_no = found[0]
    table = [g for g, (r, _) in t.facts.games.items() if r == round_no].index(game_id) + 1
    return f"round {round_no}, table {table} of {t.facts.name} (tournaments/{t.facts.id})"


def render(
    fmt: str,
    title: str,
    certificate: dict[str, Any],
    reports: Sequence[GameReport],
    links: dict[str, str],
    checked: TournamentAudit,
) -> str:
    if fmt == "html":
        return html_page(title, certificate, reports, links, checked)
    if fmt == "md":
        return markdown(title, certificate, reports, checked)
    return json.dumps(to_json(title, certificate, reports, links, checked), indent=2, ensure_ascii=False) + "\n"


def to_json(
    title: str, certificate: dict[str, Any], reports: Sequence[GameReport], links: dict[str, str], t: TournamentAudit
) -> dict[str, Any]:
    return {
        "title": title,
        "certificate": certificate,
        "certificate_hash": certificate_hash(certificate),
        "tournament": f"tournaments/{t.facts.id}",
        "verdict": "holds" if certificate.get("verdict") == "holds" else "diverges",
        "findings": t.findings,
        "notes": t.notes,
        "names": names_of(t.facts),
        "tiebreaks": [{"key": b.key, "title": b.title, "rule": b.rule} for b in TIEBREAKS],
        "standings": t.standings_json(),
        "rounds": [_round_json(t, r, reports) for r in sorted(t.by_round)],
        "rulings": [_ruling_json(r, names_of(t.facts)) for r in t.facts.rulings],
        "games": links,
    }


def _facts(reports: Sequence[GameReport]) -> dict[str, GameFact]:
    return {str(r.verdict.game_id): GameFact.of_verdict(r.verdict) for r in reports}


def _tables(t: TournamentAudit, round_no: int, reports: Sequence[GameReport]) -> list[dict[str, Any]]:
    facts, names = _facts(reports), names_of(t.facts)
    out = []
    for table in (g for g in t.tables if g.round == round_no):
        done = outcome(table.players, table.result, table.rulings)
        out.append(
            {
                "game": f"games/{table.game}",
                "players": list(table.players),
                "names": [names.get(p, p) for p in table.players],
                "results": None if done is None else list(done.marks()),
                "points": None if done is None else list(done.points),
                "places": None if done is None else list(done.places),
                "scores": None if done is None or done.scores is None else list(done.scores),
                "verdict": verdict_line(table.game, facts.get(table.game), table, names),
            }
        )
    return out


def _round_json(t: TournamentAudit, round_no: int, reports: Sequence[GameReport]) -> dict[str, Any]:
    names = names_of(t.facts)
    how = t.explanations.get(round_no)
    return {
        "round": round_no,
        "tables": _tables(t, round_no, reports),
        "byes": t.facts.byes.get(round_no, []),
        "bye_names": [names.get(p, p) for p in t.facts.byes.get(round_no, [])],
        "pairing": {
            "checked": t.pairing_checked.get(round_no, "not a pairing of the server's (games added by hand)"),
            "explanation": None if how is None else explanation_lines(how),
        },
        "standings": [standing_json(s, t.facts.rule) for s in t.by_round[round_no]],
    }


def _when(at_ms: Any) -> str:
    return datetime.fromtimestamp(at_ms / 1000, UTC).isoformat() if isinstance(at_ms, int) else ""


def _ruling_json(r: dict[str, Any], names: dict[str, str]) -> dict[str, Any]:
    ended = r.get("ended")
    return {
        "kind": r["kind"],
        "game": f"games/{r['game']}" if r.get("game") else None,
        "player": r.get("player"),
        "player_name": names.get(r["player"], r["player"]) if r.get("player") else None,
        "scores": r.get("scores"),
        "winners": r.get("winners"),
        "reason": r["reason"],
        "actor": r["actor"],
        "time": _when(r.get("at_ms")),
        "ended_games": None if ended is None else [f"games/{g}" for g in ended],
    }


def _ended_text(r: dict[str, Any]) -> str:
    ended = r.get("ended")
    if ended is None:
        return "recorded before rulings ended games"
    return ", ".join(g[:8] for g in ended) if ended else "none (over already, or no game)"


def _separation(s: Standing, below: Standing | None, names: dict[str, str]) -> str:
    """For a player level on points with the next one: the tie-break that put them ahead, both values."""
    if below is None or not s.separated_by:
        return ""
    other = names.get(below.player, below.name)
    if s.separated_by == "shared":
        return f"level with {other} on every tie-break"
    title = next(b.title for b in TIEBREAKS if b.key == s.separated_by)
    mine, theirs = getattr(s, s.separated_by), getattr(below, s.separated_by)
    shown = (points_text(mine), points_text(theirs)) if isinstance(mine, float) else (str(mine), str(theirs))
    return f"ahead of {other} on {title} ({shown[0]} to {shown[1]})"


def _rows(rows: Sequence[Standing], names: dict[str, str]) -> list[list[str]]:
    out = []
    for i, s in enumerate(rows):
        mark = " (disqualified)" if s.disqualified else ""
        forfeits = f"+{s.forfeits_won} / -{s.forfeits_lost}" if s.forfeits_won or s.forfeits_lost else ""
        below = rows[i + 1] if i + 1 < len(rows) else None
        out.append(
            [
                str(s.rank),
                f"{names.get(s.player, s.name)}{mark}",
                points_text(s.points),
                points_text(s.buchholz),
                str(s.wins),
                str(s.score_sum),
                str(s.played),
                forfeits,
                str(s.byes),
                _separation(s, below, names),
            ]
        )
    return out


def tiebreak_text() -> list[str]:
    """The order of the standings and what each tie-break counts, as every standings view states it."""
    return [f"Order: {order_text()}.", *(f"{b.title}: {b.rule}." for b in TIEBREAKS)]


def _results(x: dict[str, Any]) -> str:
    return "—" if x["results"] is None else " : ".join(x["results"])


# --- HTML --------------------------------------------------------------------------------------------
def _html_table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    out = ["<table><tr>" + "".join(f"<th>{_e(h)}</th>" for h in head) + "</tr>"]
    out += ["<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows]
    return [*out, "</table>"]


def _html_standings(rows: Sequence[Standing], names: dict[str, str]) -> list[str]:
    return _html_table(COLUMNS, [[_e(c) for c in r] for r in _rows(rows, names)])


def html_page(
    title: str, certificate: dict[str, Any], reports: Sequence[GameReport], links: dict[str, str], t: TournamentAudit
) -> str:
    f, names = t.facts, names_of(t.facts)
    ok = certificate.get("verdict") == "holds"
    body = [
        f"<h1>{_e(title)}</h1>",
        f'<p class="sub">{_e(f.rules)} · {_e(f.pairing)} at tables of {f.table_size} · round {f.rounds_paired} '
        f"of {f.rounds} · {len(f.games)} games · {_badge(ok)}</p>",
        "<table>",
        f"<tr><th>tournament</th><td><code>tournaments/{_e(f.id)}</code></td></tr>",
        f"<tr><th>digest of final hashes</th><td class='hash'>{_e(certificate.get('digest'))}</td></tr>",
        f"<tr><th>standings digest</th><td class='hash'>{_e(certificate.get('standings_digest'))}</td></tr>",
        f"<tr><th>certificate hash</th><td class='hash'>{_e(certificate_hash(certificate))}</td></tr>",
        "</table>",
    ]
    if t.findings:
        body += ["<h2>Findings</h2>", "<ul>", *(f"<li>{_e(x)}</li>" for x in t.findings), "</ul>"]
    if t.notes:
        body += ["<h2>Notes</h2>", "<ul>", *(f"<li>{_e(x)}</li>" for x in t.notes), "</ul>"]
    body += ["<h2>Standings</h2>", *(f"<p>{_e(x)}</p>" for x in tiebreak_text())]
    body += _html_standings(t.final, names)
    body.append(bar_chart({names.get(s.player, s.name): s.points for s in t.final}, "Tournament points"))
    for round_no in sorted(t.by_round):
        body += _html_round(t, round_no, reports, links)
    body += ["<h2>Rulings</h2>"]
    rows = [
        [
            _e(r["kind"]),
            f"<code>{_e(r['game'][:8])}</code>" if r.get("game") else "",
            _e(names.get(r["player"], r["player"]) if r.get("player") else ""),
            _e(r["reason"]),
            _e(r["actor"]),
            _e(_when(r.get("at_ms"))),
            _e(_ended_text(r)),
        ]
        for r in f.rulings
    ]
    body += _html_table(("kind", "game", "player", "reason", "actor", "time", "ended in the game's stream"), rows)
    body += ["<h2>Games</h2>", *_html_games(t, reports, links)]
    return _page(title, body)


def _html_round(t: TournamentAudit, round_no: int, reports: Sequence[GameReport], links: dict[str, str]) -> list[str]:
    names = names_of(t.facts)
    rows = []
    for n, table in enumerate(_tables(t, round_no, reports), start=1):
        link = links.get(table["game"])
        game = f'<a href="{_e(link)}">{_e(table["game"][6:14])}</a>' if link else _e(table["game"][6:14])
        seats = ", ".join(f"{i}: {_e(p)}" for i, p in enumerate(table["names"]))
        rows.append([str(n), seats, f"<code>{game}</code>", _e(_results(table)), _e(table["verdict"])])
    out = [f"<h2>Round {round_no}</h2>", *_html_table(("table", "seats", "game", "results", "verdict"), rows)]
    byes = t.facts.byes.get(round_no, [])
    if byes:
        out.append(f"<p>Bye: {_e(', '.join(names.get(p, p) for p in byes))}</p>")
    paired = _round_json(t, round_no, reports)["pairing"]
    out.append(f"<p>Pairing: {_e(paired['checked'])}.</p>")
    if paired["explanation"]:
        out.append(f"<details><summary>How round {round_no} was paired</summary><ul>")
        out += [f"<li>{_e(line)}</li>" for line in paired["explanation"]] + ["</ul></details>"]
    out += [f"<h3>Standings after round {round_no}</h3>"]
    return out + _html_standings(t.by_round[round_no], names)


def _html_games(t: TournamentAudit, reports: Sequence[GameReport], links: dict[str, str]) -> list[str]:
    by_game = {str(r.verdict.game_id): r for r in reports}
    facts, names = _facts(reports), names_of(t.facts)
    rows = []
    for table in t.tables:
        r = by_game.get(table.game)
        link = links.get(f"games/{table.game}")
        name = f'<a href="{_e(link)}">games/{_e(table.game)}</a>' if link else f"games/{_e(table.game)}"
        ok = r is not None and r.verdict.ok
        words = verdict_line(table.game, facts.get(table.game), table, names)
        scores = _e(r.verdict.scores) if r is not None and r.verdict.scores else "—"
        final = _e(r.verdict.final_hash[:16]) + "…" if r is not None else ""
        badge = _badge(ok, words, words)
        players = _e(", ".join(names.get(p, p) for p in table.players))
        rows.append(
            [str(table.round), f"<code>{name}</code>", players, scores, badge, f"<span class='hash'>{final}</span>"]
        )
    notes = [
        f"<p class='note'>{_e(r['kind'])} of games/{_e(r['game'])}: {_e(r['reason'])}</p>"
        for table in t.tables
        for r in rulings_of(t.facts, table.game)
        if r["kind"] == "score_correction"
    ]
    return _html_table(("round", "game", "players", "final scores", "verdict", "final hash"), rows) + notes


# --- Markdown ----------------------------------------------------------------------------------------
def _md_table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    def cell(x: str) -> str:
        return x.replace("|", "\\|")

    return [
        "| " + " | ".join(head) + " |",
        "|" + "---|" * len(head),
        *("| " + " | ".join(map(cell, r)) + " |" for r in rows),
    ]


def _md_round(t: TournamentAudit, round_no: int, reports: Sequence[GameReport]) -> list[str]:
    names = names_of(t.facts)
    tables = _tables(t, round_no, reports)
    rows = [
        [str(n), ", ".join(x["names"]), f"`{x['game']}`", _results(x), x["verdict"]]
        for n, x in enumerate(tables, start=1)
    ]
    lines = [f"## Round {round_no}", "", *_md_table(("table", "seats", "game", "results", "verdict"), rows)]
    byes = t.facts.byes.get(round_no, [])
    lines += ["", f"Bye: {', '.join(names.get(p, p) for p in byes)}" if byes else "No bye.", ""]
    paired = _round_json(t, round_no, reports)["pairing"]
    lines += [f"Pairing: {paired['checked']}.", ""]
    lines += [*(f"- {line}" for line in paired["explanation"] or ()), ""]
    lines += [f"Standings after round {round_no}:", ""]
    return [*lines, *_md_table(COLUMNS, _rows(t.by_round[round_no], names)), ""]


def markdown(title: str, certificate: dict[str, Any], reports: Sequence[GameReport], t: TournamentAudit) -> str:
    f, names = t.facts, names_of(t.facts)
    lines = [
        f"# {title}",
        "",
        f"- tournament: `tournaments/{f.id}` ({f.rules}, {f.pairing} at tables of {f.table_size}, "
        f"round {f.rounds_paired} of {f.rounds})",
        f"- verdict: **{certificate.get('verdict')}** over {len(f.games)} games",
        f"- digest of final hashes: `{certificate.get('digest')}`",
        f"- standings digest: `{certificate.get('standings_digest')}`",
        f"- certificate hash: `{certificate_hash(certificate)}`",
        "",
    ]
    if t.findings:
        lines += ["## Findings", "", *(f"- {x}" for x in t.findings), ""]
    if t.notes:
        lines += ["## Notes", "", *(f"- {x}" for x in t.notes), ""]
    lines += ["## Standings", "", *tiebreak_text(), "", *_md_table(COLUMNS, _rows(t.final, names)), ""]
    for round_no in sorted(t.by_round):
        lines += _md_round(t, round_no, reports)
    rows = [
        [
            r["kind"],
            r.get("game") or "",
            names.get(r["player"], r["player"]) if r.get("player") else "",
            r["reason"],
            r["actor"],
            _when(r.get("at_ms")),
            _ended_text(r),
        ]
        for r in f.rulings
    ]
    lines += ["## Rulings", "", *_md_table(("kind", "game", "player", "reason", "actor", "time", "ended"), rows), ""]
    return "\n".join(lines) + "\n"
