"""The tournament aggregate: its players, the game it plays, how it pairs, its rounds and its rulings.

It lives in the same store (and notification log) as the games. Arbiter
rulings (forfeit, annulment, score correction, disqualification) are events
with a reason and an actor: standings and ratings are projections that follow
them, so a ruling recorded after the fact changes both.

Topics are stable names, not import paths: the classes were first defined in
service.ledger.tournament, and every stored tournament event names them so.
Keeping the names (eventsourcing's explicit TOPIC) means tournaments recorded
before the package moved load unchanged, and projections that select events by
topic still find the old ones.
"""

from __future__ import annotations

from typing import Any, cast

from eventsourcing.domain import Aggregate

TOPIC_MODULE = "service.ledger.tournament"  # where these classes were first defined: see the module docstring


class Tournament(Aggregate):
    TOPIC = f"{TOPIC_MODULE}:Tournament"

    class Created(Aggregate.Created):
        TOPIC = f"{TOPIC_MODULE}:Tournament.Created"
        name: str
        rules_name: str
        rules_version: int
        options: dict[str, Any]
        players: list[dict[str, str]]  # [{"id": ..., "name": ...}] in seeding order
        pairing: str
        table_size: int
        rounds: int
        actor: str
        at_ms: int
        # Every game's deadline per move (ledger/clocks.py); None: no clock. Older tournaments read the default.
        time_control: dict[str, Any] | None = None
        # How the server's bots play every seat of every game ({"level", "think_ms", "budget"}); None: people.
        bots: dict[str, Any] | None = None
        # Every game's table (ledger/table.py: spectators, their delay, take-backs); None: the defaults (older
        # tournaments, whose games were created without one).
        table: dict[str, Any] | None = None

    class GamesAdded(Aggregate.Event):
        """Games that count in `round`, each with the player id of every seat; `byes` sat this round out.

        `origin` says how they came: "pair" (the server paired the round, with `pairing_version` of
        service.tournaments.pairing) or "add" (games made elsewhere). Events of builds before these were
        kept read both as None: the event that first reached a new round is then taken as its pairing.
        """

        TOPIC = f"{TOPIC_MODULE}:Tournament.GamesAdded"

        round: int
        games: list[dict[str, Any]]  # [{"game": uuid-str, "players": [ids]}]
        byes: list[str]
        actor: str
        at_ms: int
        origin: str | None = None
        pairing_version: int | None = None

        def apply(self, aggregate: Aggregate) -> None:
            t = cast(Tournament, aggregate)
            paired = self.origin == "pair" or (self.origin is None and self.round == t.rounds_paired + 1)
            if paired:  # where the pairing stood in the tournament's history: the audit re-derives it from there
                t.pairings[self.round] = {
                    "round": self.round,
                    "games": [g["game"] for g in self.games],
                    "byes": list(self.byes),
                    "games_before": len(t.games),
                    "rulings_before": len(t.rulings),
                    "version": self.pairing_version,
                }
            for g in self.games:
                t.games[g["game"]] = (self.round, list(g["players"]))
            if self.byes:
                t.byes[self.round] = [*t.byes.get(self.round, []), *self.byes]
            t.rounds_paired = max(t.rounds_paired, self.round)

    class RulingRecorded(Aggregate.Event):
        """An arbiter's ruling; `ended` lists the games it ended in their own streams (EndedByRuling).

        Rulings recorded before rulings ended games read `ended` as None (the class default): those
        builds left a forfeited game open, and the audit knows not to look for an EndedByRuling.
        """

        TOPIC = f"{TOPIC_MODULE}:Tournament.RulingRecorded"

        kind: str
        game: str | None
        player: str | None
        scores: list[int] | None
        winners: list[int] | None
        reason: str
        actor: str
        at_ms: int
        ended: list[str] | None = None

        def apply(self, aggregate: Aggregate) -> None:
            t = cast(Tournament, aggregate)
            t.rulings.append(
                {
                    "kind": self.kind,
                    "game": self.game,
                    "player": self.player,
                    "scores": self.scores,
                    "winners": self.winners,
                    "reason": self.reason,
                    "actor": self.actor,
                    "at_ms": self.at_ms,
                    "ended": None if self.ended is None else list(self.ended),
                }
            )
            if self.kind == "disqualification" and self.player is not None:
                t.disqualified.add(self.player)

    def __init__(
        self,
        name: str,
        rules_name: str,
        rules_version: int,
        options: dict[str, Any],
        players: list[dict[str, str]],
        pairing: str,
        table_size: int,
        rounds: int,
        actor: str,
        at_ms: int,
        time_control: dict[str, Any] | None = None,
        bots: dict[str, Any] | None = None,
        table: dict[str, Any] | None = None,
    ) -> None:
        self.time_control = time_control
        self.bots = bots
        self.table = table
        self.name, self.rules_name, self.rules_version = name, rules_name, rules_version
        self.options, self.players, self.pairing = options, players, pairing
        self.table_size, self.rounds, self.actor, self.created_ms = table_size, rounds, actor, at_ms
        self.games: dict[str, tuple[int, list[str]]] = {}  # game id -> (round, player ids per seat)
        self.byes: dict[int, list[str]] = {}
        self.rulings: list[dict[str, Any]] = []
        self.disqualified: set[str] = set()
        self.rounds_paired = 0
        self.pairings: dict[int, dict[str, Any]] = {}  # round -> its pairing (GamesAdded.apply), for the audit

    @property
    def player_ids(self) -> list[str]:
        return [p["id"] for p in self.players]

    def names(self) -> dict[str, str]:
        return {p["id"]: p["name"] for p in self.players}

    def add_games(
        self,
        round_no: int,
        games: list[dict[str, Any]],
        byes: list[str],
        actor: str,
        at_ms: int,
        pairing_version: int | None = None,
    ) -> None:
        """Games made elsewhere, or (with the pairing's version) the games and byes of a round the server paired."""
        origin = "add" if pairing_version is None else "pair"
        self.trigger_event(
            self.GamesAdded,
            round=round_no,
            games=games,
            byes=byes,
            actor=actor,
            at_ms=at_ms,
            origin=origin,
            pairing_version=pairing_version,
        )

    def record_ruling(self, **fields: Any) -> None:
        self.trigger_event(self.RulingRecorded, **fields)
