"""Reports a person would rather look at: one HTML page per game or tournament, and Markdown/JSON for machines.

A page is self-contained and opens offline: styles inline, charts drawn here
as inline SVG (no script, no CDN). A game page shows the verdict and the
certificate hash, the players and options, each seat's score as it went, and
the timeline of moves with the events each produced.
"""

from __future__ import annotations

import html
import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from replay import records
from replay.certificates import certificate_hash
from replay.charts import bar_chart, line_chart
from replay.records import GameRecord
from replay.verify import Verdict
from service.ledger import codec
from service.ledger.chain import TAKEBACK_LINKS
from service.rules.catalog import UnknownRules, rules_for
from service.tournaments.tiebreaks import ABSENT, PRESENT


@dataclass
class Move:
    versions: tuple[int, int]
    at: str
    who: str
    command: str
    events: list[str]


@dataclass
class GameReport:
    record: GameRecord
    verdict: Verdict
    certificate: dict[str, Any]
    moves: list[Move] = field(default_factory=list)
    progression: list[tuple[int, list[int]]] = field(default_factory=list)  # (version, scores per seat)
    note: str = ""  # why a part is missing
    tournament: str = ""  # where it was played, in words ("round 1, table 2 of Spring Cup"), when known

    @property
    def header(self) -> dict[str, Any]:
        return self.record.header

    @property
    def players(self) -> list[str]:
        players = self.header.get("players")
        return [str(p) for p in players] if isinstance(players, list) else []

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.header.get("game"),
            "verdict": self.verdict.to_json(),
            "certificate": self.certificate,
            "certificate_hash": certificate_hash(self.certificate),
            "options": self.header.get("options"),
            "seed_hex": self.header.get("seed_hex"),
            "tournament": self.tournament or None,
            "score_progression": [{"version": v, "scores": s} for v, s in self.progression],
            "timeline": [
                {"versions": list(m.versions), "at": m.at, "who": m.who, "command": m.command, "events": m.events}
                for m in self.moves
            ],
            "note": self.note,
        }


def game_report(record: GameRecord, verdict: Verdict, certificate: dict[str, Any]) -> GameReport:
    report = GameReport(record, verdict, certificate)
    players = report.players
    report.moves = _moves(record.lines, players)
    if not record.complete:
        report.note = (
            "This is a partial record (an unfinished game, exported for a seat or a spectator): "
            "scores cannot be followed without the hidden events."
        )
        return report
    try:
        rules = rules_for(str(record.header["rules_name"]), int(record.header["rules_version"]))
        state = rules.initial_state(len(players), record.header["options"])
        last: list[int] | None = None
        states = {1: state}  # each version's state: a take-back goes back to one
        for line in record.lines:
            if line.get("kind") == "TakenBack":
                state = states[int(line["to_version"])]
            elif line.get("kind") == "EventRecorded":
                state = rules.evolve(state, codec.decode(rules.event_types, line["name"], line["data"]))
            states[int(line["version"])] = state
            if line.get("kind") not in ("EventRecorded", "TakenBack"):
                continue
            scores = list(rules.scores(state))
            if scores != last:
                report.progression.append((int(line["version"]), scores))
                last = scores
        if report.progression and record.lines:
            report.progression.append((int(record.lines[-1].get("version", 0)), report.progression[-1][1]))
    except (UnknownRules, codec.CodecError, KeyError, TypeError, ValueError, AssertionError) as exc:
        report.note = f"The score progression could not be followed: {exc}"
        report.progression = []
    return report


def _moves(lines: Sequence[dict[str, Any]], players: Sequence[str]) -> list[Move]:
    """Consecutive events of one decision (same seat, command, request and time) form one move."""
    moves: list[Move] = []
    key: Any = object()
    for line in lines:
        version = line.get("version", 0) if isinstance(line.get("version"), int) else 0
        if line.get("kind") == "SeedRevealed":
            moves.append(
                Move(
                    (version, version),
                    _ms(None, line.get("at")),
                    "the service",
                    "game over: seed revealed",
                    [f"SeedRevealed scores={line.get('scores')} winners={line.get('winners')}"],
                )
            )
            key = object()
            continue
        if line.get("kind") == "EndedByRuling":
            moves.append(
                Move(
                    (version, version),
                    _ms(line.get("at_ms"), line.get("at")),
                    f"the arbiter ({line.get('actor')})",
                    f"game ended by a ruling: {line.get('ruling')}",
                    [_ruling_text(line) + "; seed revealed"],
                )
            )
            key = object()
            continue
        if line.get("kind") in TAKEBACK_LINKS:
            moves.append(_takeback_move(line, version, players))
            key = object()
            continue
        this = (
            line.get("seat"),
            json.dumps(line.get("command"), sort_keys=True),
            line.get("request_id"),
            line.get("at_ms"),
        )
        shown = _event_text(line)
        if moves and this == key and not line.get("hidden"):
            moves[-1].events.append(shown)
            moves[-1].versions = (moves[-1].versions[0], version)
            continue
        key = this
        seat = line.get("seat")
        command = line.get("command")
        if line.get("hidden"):
            who, what = "?", "not shown to this audience"
        elif command is None and "command" in line:
            who, what = "the service", "setup"
        else:
            name = players[seat] if isinstance(seat, int) and 0 <= seat < len(players) else "?"
            who = "the service" if seat is None else f"{seat}: {name}"
            what = _command_text(command) if isinstance(command, dict) else "(withheld)"
        moves.append(Move((version, version), _ms(line.get("at_ms"), line.get("at")), who, what, [shown]))
    return moves


def _takeback_move(line: dict[str, Any], version: int, players: Sequence[str]) -> Move:
    """A take-back's offer, answer or going back, as the move list shows it."""
    kind, seat = line.get("kind"), line.get("seat")
    who = f"{seat}: {players[seat]}" if isinstance(seat, int) and 0 <= seat < len(players) else "the table"
    if kind == "TakebackOffered":
        what = f"offers to take back to version {line.get('to_version')}"
    elif kind == "TakebackAnswered":
        what = "accepts the take-back" if line.get("accept") else "declines the take-back"
    else:
        what = f"takes back: the game as it stood at version {line.get('to_version')}, every other player agreeing"
    return Move((version, version), _ms(line.get("at_ms"), line.get("at")), who, what, [str(kind)])


def _ruling_text(ruling: dict[str, Any]) -> str:
    """A ruling (a record line, or a verdict's ruling) in words."""
    kind = ruling.get("ruling") or ruling.get("kind")
    who = f" of {ruling['player']}" if ruling.get("player") else ""
    return f"{kind}{who}: {ruling.get('reason')} (ruled by {ruling.get('actor')})"


def _command_text(command: dict[str, Any]) -> str:
    args = command.get("args") or {}
    inner = ", ".join(f"{k}={json.dumps(v, ensure_ascii=False)}" for k, v in args.items())
    return f"{command.get('name')}({inner})"


def _event_text(line: dict[str, Any], limit: int = 240) -> str:
    if line.get("hidden"):
        return "(hidden)"
    if "damaged" in line:
        return f"(damaged: {line['damaged']})"
    data = json.dumps(line.get("data"), ensure_ascii=False, separators=(", ", ": "))
    text = f"{line.get('name')} {data}"
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _ms(at_ms: Any, at: Any) -> str:
    if isinstance(at_ms, int):
        return datetime.fromtimestamp(at_ms / 1000, UTC).strftime("%Y-%m-%d %H:%M:%S")
    try:
        return datetime.fromisoformat(str(at)).astimezone(UTC).strftime("%Y-%m-%d %H:%M:%S")
    except ValueError:
        return ""


# --- HTML --------------------------------------------------------------------------------------------
STYLE = """
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2rem auto; max-width: 1100px;
       padding: 0 1rem; color: #1b1f24; }
h1 { font-size: 1.5rem; margin-bottom: .2rem; } h2 { font-size: 1.15rem; margin-top: 2rem; }
.sub { color: #57606a; margin-top: 0; }
table { border-collapse: collapse; width: 100%; } th, td { text-align: left; padding: .3rem .5rem;
       border-bottom: 1px solid #d8dee4; vertical-align: top; }
th { background: #f6f8fa; } td.num { text-align: right; font-variant-numeric: tabular-nums; }
code, .hash { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: .85em; word-break: break-all; }
.ok { background: #dafbe1; color: #116329; } .bad { background: #ffebe9; color: #a40e26; }
.badge { display: inline-block; padding: .1rem .6rem; border-radius: 1rem; font-weight: 600; }
.events { font-family: ui-monospace, monospace; font-size: .8em; color: #3d444d; }
.chart { max-width: 100%; height: auto; margin: .5rem 0; }
.chart .grid { stroke: #eaeef2; } .chart .axis { stroke: #8c959f; }
.chart .tick, .chart .legend { font-size: 11px; fill: #424a53; } .chart .label { font-size: 12px; fill: #57606a; }
.chart .chart-title { font-size: 13px; font-weight: 600; fill: #1b1f24; }
.note { background: #fff8c5; padding: .5rem .8rem; border-radius: .3rem; }
footer { margin-top: 2rem; color: #57606a; font-size: .85em; }
"""


def _e(value: Any) -> str:
    return html.escape(str(value))


def _page(title: str, body: list[str]) -> str:
    return "\n".join(
        [
            "<!DOCTYPE html>",
            '<html lang="en"><head><meta charset="utf-8">',
            '<meta name="viewport" content="width=device-width, initial-scale=1">',
            f"<title>{_e(title)}</title><style>{STYLE}</style></head><body>",
            *body,
            f"<footer>Written by {_e(records.tool_version())} on "
            f"{datetime.now(UTC).strftime('%Y-%m-%d %H:%M UTC')}. "
            "Check it yourself: <code>playledger-replay verify --record GAME.jsonl</code> and "
            "<code>playledger-replay check-certificate CERT.json</code>.</footer>",
            "</body></html>",
        ]
    )


def _badge(ok: bool, yes: str = "holds", no: str = "DIVERGES") -> str:
    return f'<span class="badge {"ok" if ok else "bad"}">{yes if ok else no}</span>'


def _final_scores(v: Verdict) -> str:
    if v.ruling is not None:
        return f"none: not finished at the table, ended by a ruling: {_ruled_result(v.ruling, v.players)}"
    return str(v.scores) if v.finished else "the game is not finished"


def _ruled_result(ruling: dict[str, Any], players: Sequence[str]) -> str:
    """What a ruling made of a game the rules never finished: + and - by name (a forfeit), or nothing."""
    why = f"({ruling.get('reason')}; ruled by {ruling.get('actor')})"
    if ruling.get("kind") == "annulment":
        return f"annulled, it counts for nothing {why}"
    absent = set(ruling.get("seats") or ())
    marks = [
        f"{name} {f'{ABSENT} (absent)' if seat in absent else f'{PRESENT} (wins by forfeit)'}"
        for seat, name in enumerate(players)
    ]
    return f"{ruling.get('kind')}: {', '.join(marks)} {why}"


def _where(report: GameReport) -> str:
    """The tournament (and round and table) the game was played in, as far as the report knows."""
    if report.tournament:
        return report.tournament
    ruled = report.verdict.ruling or {}
    return f"tournaments/{ruled['tournament']}" if ruled.get("tournament") else ""


def _score_charts(report: GameReport) -> list[str]:
    """The scores as the game went and at its end; a game a ruling ended has no end to chart."""
    players, ruled = report.players, report.verdict.ruling is not None
    if not report.progression:
        return []
    if ruled and not any(x for _, scores in report.progression for x in scores):
        return ['<p class="note">No score was made before the ruling ended the game.</p>']
    series = {
        f"{seat}: {name}": [(version, scores[seat]) for version, scores in report.progression if seat < len(scores)]
        for seat, name in enumerate(players)
    }
    title = "Score by seat until the ruling ended the game" if ruled else "Score by seat as the game went"
    out = [line_chart(series, title, "stream version", "score")]
    if not ruled:
        final = report.progression[-1][1]
        scored: dict[str, float] = {f"{s}: {p}": final[s] for s, p in enumerate(players) if s < len(final)}
        out.append(bar_chart(scored, "Scores at the end"))
    return out


def game_html(report: GameReport) -> str:
    h, v = report.header, report.verdict
    players = report.players
    title = f"{h.get('rules_name')} — {h.get('game')}"
    rows = [
        ("verdict", _badge(v.ok) + (" (hash chain only: a partial record)" if v.scope == "chain" else "")),
        (
            "rules",
            f"{_e(h.get('rules_name'))} version {_e(h.get('rules_version'))}, RNG version {_e(h.get('rng_version'))}",
        ),
        ("players", ", ".join(f"{i}: {_e(p)}" for i, p in enumerate(players))),
        ("tournament", _e(_where(report)) or "—"),
        ("options", f"<code>{_e(json.dumps(h.get('options'), ensure_ascii=False))}</code>"),
        ("created", _e(_ms(None, h.get("created_at")))),
        ("events", f"{v.events} (version 1 is the header)"),
        ("final scores", _e(_final_scores(v))),
        ("winners", ", ".join(_e(players[w]) for w in v.winners if 0 <= w < len(players)) or "—"),
        ("final hash", f'<span class="hash">{_e(v.final_hash)}</span>'),
        ("certificate hash", f'<span class="hash">{_e(certificate_hash(report.certificate))}</span>'),
        ("seed commitment", f'<span class="hash">{_e(h.get("seed_commitment"))}</span>'),
        ("seed", f'<span class="hash">{_e(h["seed_hex"])}</span>' if "seed_hex" in h else "not revealed yet"),
    ]
    body = [
        f"<h1>{_e(h.get('rules_name'))}</h1>",
        f'<p class="sub"><code>{_e(h.get("game"))}</code> · record for {_e(h.get("audience", "?"))}</p>',
        "<table>",
        *(f"<tr><th>{_e(k)}</th><td>{val}</td></tr>" for k, val in rows),
        "</table>",
    ]
    if v.findings:
        body += ["<h2>Findings</h2>", "<ul>"]
        body += [f"<li>at version {f.version}: {_e(f.message)}</li>" for f in v.findings]
        body += ["</ul>"]
    body.append("<h2>Scores</h2>")
    if report.note:
        body.append(f'<p class="note">{_e(report.note)}</p>')
    body += _score_charts(report)
    body += [
        "<h2>Timeline</h2>",
        "<table><tr><th>#</th><th>versions</th><th>time (UTC)</th><th>who</th><th>command</th><th>events</th></tr>",
    ]
    for n, m in enumerate(report.moves):
        span = str(m.versions[0]) if m.versions[0] == m.versions[1] else f"{m.versions[0]}-{m.versions[1]}"
        events = "<br>".join(_e(e) for e in m.events)
        body.append(
            f"<tr><td class='num'>{n}</td><td class='num'>{span}</td><td>{_e(m.at)}</td><td>{_e(m.who)}</td>"
            f"<td><code>{_e(m.command)}</code></td><td class='events'>{events}</td></tr>"
        )
    body.append("</table>")
    return _page(title, body)


def game_markdown(report: GameReport) -> str:
    h, v = report.header, report.verdict
    lines = [
        f"# {h.get('rules_name')} — {h.get('game')}",
        "",
        f"- verdict: **{'holds' if v.ok else 'DIVERGES'}** ({v.scope})",
        f"- rules: {h.get('rules_name')} v{h.get('rules_version')}, RNG v{h.get('rng_version')}",
        f"- players: {', '.join(f'{i}: {p}' for i, p in enumerate(report.players))}",
        f"- tournament: {_where(report) or '—'}",
        f"- events: {v.events}",
        f"- final scores: {_final_scores(v)}; winners: {v.winners}",
        f"- final hash: `{v.final_hash}`",
        f"- certificate hash: `{certificate_hash(report.certificate)}`",
        "",
    ]
    if v.findings:
        lines += ["## Findings", "", *(f"- version {f.version}: {f.message}" for f in v.findings), ""]
    if report.progression:
        lines += ["## Scores", "", "| version | " + " | ".join(report.players) + " |"]
        lines.append("|---:|" + "---:|" * len(report.players))
        lines += [f"| {ver} | " + " | ".join(map(str, s)) + " |" for ver, s in report.progression]
        lines.append("")
    lines += ["## Timeline", "", "| # | versions | time (UTC) | who | command | events |", "|---:|---|---|---|---|---|"]
    for n, m in enumerate(report.moves):
        events = "<br>".join(e.replace("|", "\\|") for e in m.events)
        lines.append(f"| {n} | {m.versions[0]}-{m.versions[1]} | {m.at} | {m.who} | `{m.command}` | {events} |")
    return "\n".join(lines) + "\n"


# --- tournaments -------------------------------------------------------------------------------------
def collection_html(
    title: str, certificate: dict[str, Any], reports: Sequence[GameReport], links: dict[str, str]
) -> str:
    """A tournament's page (or any list of games'): the roll-up digest, wins by player, one row per game."""
    wins: dict[str, float] = {}
    for r in reports:
        for seat, player in enumerate(r.players):
            wins.setdefault(player, 0)
            if seat in r.verdict.winners:
                wins[player] += 1
    ok = certificate.get("verdict") == "holds"
    body = [
        f"<h1>{_e(title)}</h1>",
        f'<p class="sub">{len(reports)} games · {_badge(ok)}</p>',
        "<table>",
        f"<tr><th>digest of final hashes</th><td class='hash'>{_e(certificate.get('digest'))}</td></tr>",
        f"<tr><th>certificate hash</th><td class='hash'>{_e(certificate_hash(certificate))}</td></tr>",
        "</table>",
        "<h2>Wins by player</h2>",
        bar_chart(dict(sorted(wins.items(), key=lambda kv: -kv[1])), "Games won (shared wins count for each winner)"),
        "<h2>Games</h2>",
        "<table><tr><th>game</th><th>rules</th><th>players</th><th>final scores</th><th>winners</th>"
        "<th>events</th><th>verdict</th><th>final hash</th></tr>",
    ]
    for r in reports:
        game = str(r.header.get("game"))
        link = links.get(game)
        cell = f'<a href="{_e(link)}">{_e(game)}</a>' if link else _e(game)
        v = r.verdict
        body.append(
            f"<tr><td><code>{cell}</code></td><td>{_e(v.rules)} v{v.rules_version}</td>"
            f"<td>{_e(', '.join(r.players))}</td><td>{_e(v.scores)}</td>"
            f"<td>{_e(', '.join(r.players[w] for w in v.winners if 0 <= w < len(r.players)))}</td>"
            f"<td class='num'>{v.events}</td><td>{_badge(v.ok)}</td>"
            f"<td class='hash'>{_e(v.final_hash[:16])}…</td></tr>"
        )
    body.append("</table>")
    return _page(title, body)


def collection_markdown(title: str, certificate: dict[str, Any], reports: Sequence[GameReport]) -> str:
    lines = [
        f"# {title}",
        "",
        f"- verdict: **{certificate.get('verdict')}** over {len(reports)} games",
        f"- digest of final hashes: `{certificate.get('digest')}`",
        f"- certificate hash: `{certificate_hash(certificate)}`",
        "",
        "| game | rules | players | final scores | winners | verdict | final hash |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in reports:
        v = r.verdict
        lines.append(
            f"| `{r.header.get('game')}` | {v.rules} v{v.rules_version} | {', '.join(r.players)} | {v.scores} | "
            f"{v.winners} | {'holds' if v.ok else 'DIVERGES'} | `{v.final_hash}` |"
        )
    return "\n".join(lines) + "\n"
