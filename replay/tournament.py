"""A tournament audited as one: its facts (players, rounds, byes, rulings), its games' verdicts, its standings.

The standings are recomputed here, by service.tournaments.standings (the arithmetic the server's read
model uses), from the results of the games as they re-run, never from a read model: a game counts with
the scores and winners the rules produce from its recorded commands, a game an arbiter ended counts as
its rulings say. The audit also holds the tournament's rulings against the games' own streams: a ruling
that ended a game (RulingRecorded.ended) must be the EndedByRuling that closes that game, and a game closed
by a ruling of this tournament must be listed by one. Rulings recorded before rulings ended games
(`ended` is None) left their games open, and are not looked for in the games.

The audit also re-derives every round the server paired, from the standings before it, with the code
that paired it (service.tournaments.rederive), and reports the first difference (replay.pairings).

The facts come from the store (the Tournament aggregate) or from a tournament certificate, which states
them (format 2; format 3 adds where each pairing stood in the tournament's history), so a certificate
can be re-checked against game records with no database. Facts of a format 2 certificate keep the
arithmetic of the build that made it (tiebreaks.COUNTED) and state no pairing history.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any
from uuid import UUID

from replay.pairings import check_pairings
from service.audit.verify import Verdict
from service.ledger.app import Ledger
from service.tournaments import standings
from service.tournaments.aggregate import Tournament
from service.tournaments.app import TournamentNotFound, Tournaments
from service.tournaments.explain import Explanation
from service.tournaments.rederive import History, PairingRecord
from service.tournaments.standings import Standing, TableGame
from service.tournaments.tiebreaks import COUNTED, VIRTUAL_OPPONENT


class NoSuchTournament(LookupError):
    """The tournament named is not in the store (a usage error)."""


@dataclass
class TournamentFacts:
    """What a tournament recorded, apart from its games' own streams."""

    id: str  # uuid
    name: str
    rules: str
    pairing: str
    table_size: int
    rounds: int  # planned
    players: list[dict[str, str]]  # [{"id", "name"}] in seeding order
    games: dict[str, tuple[int, list[str]]]  # game uuid -> (round, player id per seat), in pairing order
    byes: dict[int, list[str]]
    rulings: list[dict[str, Any]]
    disqualified: list[str]
    pairings: dict[int, PairingRecord] | None = None  # None: not stated (a format 2 certificate)
    rule: str = VIRTUAL_OPPONENT  # how unplayed games count (COUNTED for a format 2 certificate)

    @staticmethod
    def of(t: Tournament) -> TournamentFacts:
        return TournamentFacts(
            str(t.id),
            t.name,
            t.rules_name,
            t.pairing,
            t.table_size,
            t.rounds,
            [dict(p) for p in t.players],
            {g: (r, list(seats)) for g, (r, seats) in t.games.items()},
            {r: list(p) for r, p in t.byes.items()},
            [dict(r) for r in t.rulings],
            sorted(t.disqualified),
            {r: PairingRecord.from_json(r, x["games"], x["byes"], x) for r, x in getattr(t, "pairings", {}).items()},
        )

    def history(self) -> History:
        return History(
            self.rules,
            self.pairing,
            self.table_size,
            [(p["id"], p["name"]) for p in self.players],
            [(g, r, seats) for g, (r, seats) in self.games.items()],
            self.byes,
            self.rulings,
        )

    def names(self) -> dict[str, str]:
        return {p["id"]: p["name"] for p in self.players}

    @property
    def rounds_paired(self) -> int:
        return max([0, *(r for r, _ in self.games.values()), *self.byes])

    def to_json(self, stated: bool = True) -> dict[str, Any]:
        """As a certificate states them; `stated` False: without the pairing history (as format 2 did)."""
        order = {g: n for n, g in enumerate(self.games)}
        rounds = []
        for r in range(1, self.rounds_paired + 1):
            games: list[dict[str, Any]] = [
                {"game": f"games/{g}", "players": p, **({"linked": order[g]} if stated else {})}  # the order linked
                for g, (rr, p) in self.games.items()
                if rr == r
            ]
            entry: dict[str, Any] = {"round": r, "games": games, "byes": self.byes.get(r, [])}
            if stated:
                paired = (self.pairings or {}).get(r)
                entry["pairing"] = None if paired is None else {"tables": list(paired.games), **paired.to_json()}
            rounds.append(entry)
        return {
            "tournament_id": f"tournaments/{self.id}",
            "rules": self.rules,
            "pairing": self.pairing,
            "table_size": self.table_size,
            "rounds_planned": self.rounds,
            "players": self.players,
            "rounds": rounds,
            "rulings": self.rulings,
            "disqualified": self.disqualified,
        }

    @staticmethod
    def from_json(name: str, data: Mapping[str, Any]) -> TournamentFacts:
        """The facts a tournament certificate states (format 3, or format 2 with its own arithmetic)."""
        listed = [(r, g) for r in data["rounds"] for g in r["games"]]
        listed.sort(key=lambda rg: rg[1].get("linked", 0))  # stable: format 2 keeps the order listed
        games = {
            str(g["game"]).removeprefix("games/"): (int(r["round"]), [str(p) for p in g["players"]]) for r, g in listed
        }
        stated = data.get("format", 3) >= 3
        pairings = {
            int(r["round"]): PairingRecord.from_json(int(r["round"]), p["tables"], r["byes"], p)
            for r in data["rounds"]
            if (p := r.get("pairing")) is not None
        }
        return TournamentFacts(
            str(data["tournament_id"]).removeprefix("tournaments/"),
            name,
            str(data["rules"]),
            str(data["pairing"]),
            int(data["table_size"]),
            int(data["rounds_planned"]),
            [dict(p) for p in data["players"]],
            games,
            {int(r["round"]): list(r["byes"]) for r in data["rounds"] if r["byes"]},
            [dict(r) for r in data["rulings"]],
            list(data["disqualified"]),
            pairings if stated else None,
            VIRTUAL_OPPONENT if stated else COUNTED,
        )


def facts_from_store(ledger: Ledger, tournament: str) -> TournamentFacts:
    try:
        tid = UUID(tournament.strip().removeprefix("tournaments/"))
    except ValueError:
        raise NoSuchTournament(f"{tournament!r} is not a tournament (tournaments/ID or an ID)") from None
    try:
        return TournamentFacts.of(Tournaments(ledger).get(tid))
    except TournamentNotFound as exc:
        raise NoSuchTournament(str(exc)) from None


@dataclass(frozen=True)
class GameFact:
    """What the standings need of one game: whether it holds, and its result (or the ruling that ended it)."""

    ok: bool
    finished: bool
    scores: list[int]
    winners: list[int]
    ruling: dict[str, Any] | None
    player_ids: list[str] | None = None
    rules: str | None = None

    @staticmethod
    def of_verdict(v: Verdict) -> GameFact:
        return GameFact(v.ok, v.finished, list(v.scores), list(v.winners), v.ruling, list(v.player_ids), v.rules)

    @staticmethod
    def of_certificate(entry: Mapping[str, Any]) -> GameFact:
        """A game as a tournament certificate states it."""
        return GameFact(
            entry.get("verdict") == "holds",
            bool(entry.get("finished", entry.get("final_scores"))) or entry.get("ruling") is not None,
            list(entry.get("final_scores") or []),
            list(entry.get("winners") or []),
            entry.get("ruling"),
        )

    @property
    def result(self) -> standings.Result | None:
        if not self.ok or not self.finished or self.ruling is not None:
            return None
        return standings.Result(tuple(self.scores), tuple(self.winners))


@dataclass
class TournamentAudit:
    facts: TournamentFacts
    tables: list[TableGame] = field(default_factory=list)
    final: list[Standing] = field(default_factory=list)
    by_round: dict[int, list[Standing]] = field(default_factory=dict)
    findings: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what was not checked, and why (not divergences)
    explanations: dict[int, Explanation] = field(default_factory=dict)  # round -> how it was paired
    pairing_checked: dict[int, str] = field(default_factory=dict)  # round -> the pairing check's verdict in words

    @property
    def ok(self) -> bool:
        return not self.findings

    def standings_json(self) -> list[dict[str, Any]]:
        return [standings.standing_json(s, self.facts.rule) for s in self.final]


def audit(facts: TournamentFacts, games: Mapping[str, GameFact]) -> TournamentAudit:
    """Recompute the standings from the games' facts, re-derive every paired round; find what does not agree."""
    out = TournamentAudit(facts)
    _check_games(facts, games, out.findings)
    _check_rulings(facts, games, out.findings)
    per_game = standings.rulings_by_game({g: seats for g, (_, seats) in facts.games.items()}, facts.rulings)
    for game_id, (round_no, seats) in facts.games.items():
        fact = games.get(game_id)
        result = fact.result if fact is not None else None
        out.tables.append(TableGame(game_id, round_no, tuple(seats), result, per_game[game_id]))
    roster = [(p["id"], p["name"]) for p in facts.players]
    args = (roster, out.tables, facts.byes, facts.disqualified, facts.table_size, facts.rule)
    out.final = standings.standings(*args)
    out.by_round = {r: standings.standings_after(r, *args) for r in range(1, facts.rounds_paired + 1)}
    check_pairings(out, {t.game: t.result for t in out.tables})
    return out


def _check_games(facts: TournamentFacts, games: Mapping[str, GameFact], findings: list[str]) -> None:
    for game_id, (_, seats) in facts.games.items():
        fact = games.get(game_id)
        if fact is None:
            findings.append(f"games/{game_id} of the tournament was not verified (not in the store or records)")
            continue
        if not fact.ok:
            findings.append(f"games/{game_id} diverges: its result cannot count")
        if fact.player_ids is not None and fact.player_ids != list(seats):
            findings.append(f"games/{game_id} seats {fact.player_ids}, the tournament paired {list(seats)}")
        if fact.rules is not None and fact.rules != facts.rules:
            findings.append(f"games/{game_id} is a game of {fact.rules}, the tournament plays {facts.rules}")


def _check_rulings(facts: TournamentFacts, games: Mapping[str, GameFact], findings: list[str]) -> None:
    listed: set[str] = set()
    for r in facts.rulings:
        for game_id in r.get("ended") or ():
            listed.add(game_id)
            fact = games.get(game_id)
            if fact is None:
                continue  # reported by _check_games
            ending = fact.ruling
            if ending is None:
                findings.append(f"the {r['kind']} ruling ended games/{game_id}, but its stream has no such ruling")
                continue
            said = (r["kind"], r["reason"], r["actor"], r["player"], facts.id)
            done = (ending["kind"], ending["reason"], ending["actor"], ending["player"], ending.get("tournament"))
            if said != done:
                findings.append(f"games/{game_id} was ended by {done[:4]}, the tournament recorded {said[:4]}")
    for game_id in facts.games:
        fact = games.get(game_id)
        ending = fact.ruling if fact is not None else None
        if ending is not None and ending.get("tournament") == facts.id and game_id not in listed:
            findings.append(f"games/{game_id} was ended by a ruling of this tournament that it never recorded")


def verdict_line(game_id: str, fact: GameFact | None, table: TableGame, names: Mapping[str, str] | None = None) -> str:
    """A game's verdict in words for the report: how it ended and what the tournament made of it (by name)."""
    named = names or {}
    if fact is None:
        return "not verified"
    if not fact.ok:
        return "DIVERGES"
    words = "holds"
    if fact.ruling is not None:
        player = fact.ruling.get("player")
        who = f" of {named.get(player, player)}" if player else ""
        words += f"; ended by a {fact.ruling['kind']}{who} ({fact.ruling['reason']})"
    elif not fact.finished:
        words += "; still in play"
    r = table.rulings
    if r.annulled:
        words += "; annulled"
    elif r.forfeits and fact.ruling is None:
        words += f"; forfeit of {', '.join(named.get(p, p) for p in sorted(r.forfeits))}"
    if r.scores is not None:
        words += f"; scores corrected to {list(r.scores)}"
    return words


def rulings_of(facts: TournamentFacts, game_id: str) -> list[dict[str, Any]]:
    seats = facts.games.get(game_id, (0, []))[1]
    return [
        r
        for r in facts.rulings
        if r.get("game") == game_id or (r["kind"] == "disqualification" and r.get("player") in seats)
    ]


def seats_of(facts: TournamentFacts, round_no: int) -> Sequence[tuple[str, list[str]]]:
    return [(g, seats) for g, (r, seats) in facts.games.items() if r == round_no]
