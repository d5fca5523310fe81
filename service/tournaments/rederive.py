"""A round's pairing derived from the tournament as it stood when the round was paired: made and audited alike.

The server pairs a round with `paired_round`, from the tournament's history up to that moment: the games
linked before (with their results and the rulings recorded before), the byes of the earlier rounds, the
players not disqualified by then. Each pairing records where it stood in that history (Tournament.pairings:
how many games and rulings came before it, and the pairing's version), so the audit (replay.tournament)
calls the same function on the same history and holds the result against the recorded tables: pairing is
deterministic, so any difference is a pairing that did not follow from the standings before it.

A game's result is taken as its stream ends. Swiss rounds are paired only once every earlier game is
settled, so that is the result the pairing saw; round-robin ignores results. (Forfeits recorded by builds
before rulings ended games left their games open: such a game finished later can make an old round differ,
which is one reason rounds paired before pairings were versioned are only noted, never findings.)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from service.rules.catalog import rules_for
from service.tournaments.aggregate import Tournament
from service.tournaments.dutch import Field
from service.tournaments.pairing import PAIRING_VERSION, field_of, pair
from service.tournaments.standings import Result, TableGame, rulings_by_game, standings


@dataclass(frozen=True)
class History:
    """What a tournament recorded, in order, apart from its games' own streams."""

    rules: str
    pairing: str
    table_size: int
    players: Sequence[tuple[str, str]]  # (id, name) in seeding order
    games: Sequence[tuple[str, int, Sequence[str]]]  # (game id, round, player id per seat) in the order linked
    byes: Mapping[int, Sequence[str]]
    rulings: Sequence[Mapping[str, Any]]  # as recorded, in order

    @staticmethod
    def of(t: Tournament) -> History:
        return History(
            t.rules_name,
            t.pairing,
            t.table_size,
            [(p["id"], p["name"]) for p in t.players],
            [(g, r, seats) for g, (r, seats) in t.games.items()],
            t.byes,
            t.rulings,
        )

    def name(self, player: str) -> str:
        """A player as a finding names them: by name (with the id only when two players share the name)."""
        names = dict(self.players)
        name = names.get(player, player)
        return name if list(names.values()).count(name) < 2 else f"{name} ({player})"


@dataclass(frozen=True)
class PairingRecord:
    """A round the server paired, and where it stood in the tournament's history."""

    round: int
    games: Sequence[str]  # the games it created, in table order
    byes: Sequence[str]
    games_before: int  # games linked to the tournament before it
    rulings_before: int  # rulings recorded before it
    version: int | None  # the pairing's version; None: paired by a build before versions were recorded

    def to_json(self) -> dict[str, Any]:
        return {
            "games_before": self.games_before,
            "rulings_before": self.rulings_before,
            "version": self.version,
        }

    @staticmethod
    def from_json(round_no: int, games: Sequence[str], byes: Sequence[str], data: Mapping[str, Any]) -> PairingRecord:
        version = data.get("version")
        return PairingRecord(
            round_no,
            list(games),
            list(byes),
            int(data["games_before"]),
            int(data["rulings_before"]),
            None if version is None else int(version),
        )


@dataclass(frozen=True)
class Derived:
    """A round's pairing as the standings before it give it, with what it was made from."""

    tables: list[list[str]]
    byes: list[str]
    field: Field
    games: list[TableGame]  # the tournament's games as the pairing saw them


def paired_round(
    history: History, round_no: int, games_before: int, rulings_before: int, results: Mapping[str, Result | None]
) -> Derived:
    """Pair round `round_no` from the first `games_before` games and `rulings_before` rulings of `history`."""
    linked = history.games[:games_before]
    rulings = history.rulings[:rulings_before]
    per_game = rulings_by_game({g: seats for g, _, seats in linked}, rulings)
    games = [TableGame(g, r, tuple(seats), results.get(g), per_game[g]) for g, r, seats in linked]
    byes = {r: list(p) for r, p in history.byes.items() if r < round_no}
    out = {str(r["player"]) for r in rulings if r["kind"] == "disqualification"}
    rows = standings(history.players, games, byes, out, history.table_size)
    field = field_of([p for p, _ in history.players if p not in out], rows, games, byes)
    least = max(rules_for(history.rules).metadata.min_players, 2)
    tables, sitting_out = pair(history.pairing, round_no, field, history.table_size, least)
    return Derived(tables, sitting_out, field, games)


def rederived(history: History, record: PairingRecord, results: Mapping[str, Result | None]) -> Derived:
    return paired_round(history, record.round, record.games_before, record.rulings_before, results)


def first_difference(history: History, record: PairingRecord, derived: Derived) -> str | None:
    """Where the recorded pairing first departs from the derived one (round, table, expected, found), or None."""
    seats = {g: list(s) for g, _, s in history.games}
    found = [seats.get(g, []) for g in record.games]
    for n in range(max(len(found), len(derived.tables))):
        want = derived.tables[n] if n < len(derived.tables) else None
        got = found[n] if n < len(found) else None
        if want != got:
            return (
                f"round {record.round}, table {n + 1}: the standings before it give {_table(history, want)}, "
                f"the tournament recorded {_table(history, got)}"
            )
    if sorted(derived.byes) != sorted(record.byes):
        return (
            f"round {record.round}: the standings before it give the bye to {_who(history, derived.byes)}, "
            f"the tournament recorded {_who(history, record.byes)}"
        )
    return None


def unverifiable(record: PairingRecord) -> str | None:
    """Why this build cannot re-derive a recorded pairing, if it cannot."""
    if record.version is not None and record.version != PAIRING_VERSION:
        return (
            f"round {record.round} was paired by pairing version {record.version}; this build re-derives "
            f"version {PAIRING_VERSION} only"
        )
    return None


def _table(history: History, table: Sequence[str] | None) -> str:
    return "no table" if table is None else " vs ".join(history.name(p) for p in table)


def _who(history: History, players: Sequence[str]) -> str:
    return ", ".join(history.name(p) for p in players) or "nobody"
