"""A tournament's report page (HTML, Markdown or JSON): standings, rounds, byes, rulings, each game's verdict.

Everything on it is recomputed by the audit (replay.tournament) from the games as they re-run: the final
standings with points and every tie-break (Buchholz, wins, total score), the standings after each round,
each round's tables with seats and effective results, the byes, every ruling (kind, game, player, reason,
actor, time, and whether it ended the game in the game's own stream), and each game's verdict, which for
a ruled game names the ruling instead of a bare "holds".
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

from replay.certificates import certificate_hash
from replay.charts import bar_chart
from replay.report import GameReport, _badge, _e, _page
from replay.tournament import GameFact, TournamentAudit, rulings_of, verdict_line
from service.tournaments.standings import Standing, outcome, standing_json

COLUMNS = ("rank", "player", "points", "Buchholz", "wins", "total score", "played", "byes")


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
        "standings": t.standings_json(),
        "rounds": [_round_json(t, r, reports) for r in sorted(t.by_round)],
        "rulings": [_ruling_json(r) for r in t.facts.rulings],
        "games": links,
    }


def _facts(reports: Sequence[GameReport]) -> dict[str, GameFact]:
    return {str(r.verdict.game_id): GameFact.of_verdict(r.verdict) for r in reports}


def _tables(t: TournamentAudit, round_no: int, reports: Sequence[GameReport]) -> list[dict[str, Any]]:
    facts = _facts(reports)
    out = []
    for table in (g for g in t.tables if g.round == round_no):
        done = outcome(table.players, table.result, table.rulings)
        out.append(
            {
                "game": f"games/{table.game}",
                "players": list(table.players),
                "points": None if done is None else list(done.points),
                "places": None if done is None else list(done.places),
                "scores": None if done is None or done.scores is None else list(done.scores),
                "verdict": verdict_line(table.game, facts.get(table.game), table),
            }
        )
    return out


def _round_json(t: TournamentAudit, round_no: int, reports: Sequence[GameReport]) -> dict[str, Any]:
    return {
        "round": round_no,
        "tables": _tables(t, round_no, reports),
        "byes": t.facts.byes.get(round_no, []),
        "standings": [standing_json(s) for s in t.by_round[round_no]],
    }


def _when(at_ms: Any) -> str:
    return datetime.fromtimestamp(at_ms / 1000, UTC).isoformat() if isinstance(at_ms, int) else ""


def _ruling_json(r: dict[str, Any]) -> dict[str, Any]:
    ended = r.get("ended")
    return {
        "kind": r["kind"],
        "game": f"games/{r['game']}" if r.get("game") else None,
        "player": r.get("player"),
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


def _row(s: Standing) -> list[str]:
    mark = " (disqualified)" if s.disqualified else ""
    return [
        str(s.rank),
        f"{s.name}{mark}" if s.name == s.player else f"{s.name} ({s.player}){mark}",
        f"{s.points:g}",
        f"{s.buchholz:g}",
        str(s.wins),
        str(s.score_sum),
        str(s.played),
        str(s.byes),
    ]


# --- HTML --------------------------------------------------------------------------------------------
def _html_table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> list[str]:
    out = ["<table><tr>" + "".join(f"<th>{_e(h)}</th>" for h in head) + "</tr>"]
    out += ["<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows]
    return [*out, "</table>"]


def html_page(
    title: str, certificate: dict[str, Any], reports: Sequence[GameReport], links: dict[str, str], t: TournamentAudit
) -> str:
    f = t.facts
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
    body += ["<h2>Standings</h2>", *_html_table(COLUMNS, [[_e(c) for c in _row(s)] for s in t.final])]
    body.append(bar_chart({s.name: s.points for s in t.final}, "Tournament points"))
    for round_no in sorted(t.by_round):
        body += _html_round(t, round_no, reports, links)
    body += ["<h2>Rulings</h2>"]
    rows = [
        [
            _e(r["kind"]),
            f"<code>{_e(r['game'][:8])}</code>" if r.get("game") else "",
            _e(r.get("player") or ""),
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
    rows = []
    for n, table in enumerate(_tables(t, round_no, reports), start=1):
        link = links.get(table["game"])
        game = f'<a href="{_e(link)}">{_e(table["game"][6:14])}</a>' if link else _e(table["game"][6:14])
        seats = ", ".join(f"{i}: {_e(p)}" for i, p in enumerate(table["players"]))
        points = "—" if table["points"] is None else " : ".join(f"{x:g}" for x in table["points"])
        rows.append([str(n), seats, f"<code>{game}</code>", points, _e(table["verdict"])])
    out = [f"<h2>Round {round_no}</h2>", *_html_table(("table", "seats", "game", "points", "verdict"), rows)]
    byes = t.facts.byes.get(round_no, [])
    if byes:
        out.append(f"<p>Bye: {_e(', '.join(byes))}</p>")
    out += [f"<h3>Standings after round {round_no}</h3>"]
    return out + _html_table(COLUMNS, [[_e(c) for c in _row(s)] for s in t.by_round[round_no]])


def _html_games(t: TournamentAudit, reports: Sequence[GameReport], links: dict[str, str]) -> list[str]:
    by_game = {str(r.verdict.game_id): r for r in reports}
    facts = _facts(reports)
    rows = []
    for table in t.tables:
        r = by_game.get(table.game)
        link = links.get(f"games/{table.game}")
        name = f'<a href="{_e(link)}">games/{_e(table.game)}</a>' if link else f"games/{_e(table.game)}"
        ok = r is not None and r.verdict.ok
        words = verdict_line(table.game, facts.get(table.game), table)
        scores = _e(r.verdict.scores) if r is not None and r.verdict.scores else "—"
        final = _e(r.verdict.final_hash[:16]) + "…" if r is not None else ""
        badge = _badge(ok, words, words)
        players = _e(", ".join(table.players))
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


def markdown(title: str, certificate: dict[str, Any], reports: Sequence[GameReport], t: TournamentAudit) -> str:
    f = t.facts
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
    lines += ["## Standings", "", *_md_table(COLUMNS, [_row(s) for s in t.final]), ""]
    for round_no in sorted(t.by_round):
        lines += [f"## Round {round_no}", ""]
        rows = [
            [
                str(n),
                ", ".join(x["players"]),
                f"`{x['game']}`",
                "—" if x["points"] is None else " : ".join(f"{p:g}" for p in x["points"]),
                x["verdict"],
            ]
            for n, x in enumerate(_tables(t, round_no, reports), start=1)
        ]
        lines += _md_table(("table", "seats", "game", "points", "verdict"), rows)
        byes = f.byes.get(round_no, [])
        lines += ["", f"Bye: {', '.join(byes)}" if byes else "No bye.", ""]
        lines += [f"Standings after round {round_no}:", ""]
        lines += [*_md_table(COLUMNS, [_row(s) for s in t.by_round[round_no]]), ""]
    rows = [
        [
            r["kind"],
            r.get("game") or "",
            r.get("player") or "",
            r["reason"],
            r["actor"],
            _when(r.get("at_ms")),
            _ended_text(r),
        ]
        for r in f.rulings
    ]
    lines += ["## Rulings", "", *_md_table(("kind", "game", "player", "reason", "actor", "time", "ended"), rows), ""]
    return "\n".join(lines) + "\n"
