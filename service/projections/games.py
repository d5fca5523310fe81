"""Game summaries: one row per game (rules, variant, status, seats, version, result, times), serving ListGames.

The status (phase, seats to act, finished) comes from the rules' own status()
of the game state, which this projection keeps by applying each event to the
game aggregate it holds in memory (reloaded from the store after a restart).
Scores are shown only once a game is finished, from SeedRevealed: during play
some games hide what the score depends on (bets), and a summary must not leak it.
A game an arbiter ended (EndedByRuling) is finished with phase "ruled" and no
scores, as GetGame shows it.
"""

from __future__ import annotations

from collections import OrderedDict
from functools import singledispatchmethod
from typing import Any, cast

from eventsourcing.utils import get_topic

from service.ledger.game import Game
from service.ledger.game_ids import shard_of
from service.projections.base import ReadModelProjection, micros
from service.projections.sql import Table
from service.projections.view import SHARD_BITS, PostgresView, ReadModelView, SQLiteView

GAMES = Table(
    "games",
    (
        ("game", "text"),
        ("seq", "int"),  # the listing order and the page token: Created's position (on shards: creation_seq)
        ("rules", "text"),
        ("rules_version", "int"),
        ("rng_version", "int"),
        ("variant", "text"),
        ("options", "json"),
        ("players", "json"),
        ("player_ids", "json"),
        ("seats", "int"),
        ("version", "int"),
        ("events", "int"),  # events applied to this row: equals version unless one was skipped or doubled
        ("phase", "text"),
        ("to_act", "json"),
        ("finished", "bool"),
        ("scores", "json"),
        ("winners", "json"),
        ("seed_commitment", "text"),
        ("seed_source", "text"),
        ("seed_hex", "text"),  # secret until the end: only the organizer sees it on a game in play
        ("last_hash", "text"),
        ("created_us", "int"),
        ("updated_us", "int"),
    ),
    key=("game",),
    indexes=(("seq",), ("rules", "seq"), ("finished", "seq")),
)
SEATS = Table(
    "game_seats",
    (("player_id", "text"), ("game", "text"), ("seat", "int"), ("seq", "int")),
    key=("player_id", "game", "seat"),
    indexes=(("player_id", "seq"),),
)


def variant_of(options: dict[str, Any]) -> str:
    """The option that names a game's variant, where it has one (Hare & Tortoise 'variant', others 'mode')."""
    for name in ("variant", "mode"):
        if name in options:
            return str(options[name])
    return ""


class SQLiteGamesView(SQLiteView):
    projection = "games"
    tables = (GAMES, SEATS)


class PostgresGamesView(PostgresView):
    projection = "games"
    tables = (GAMES, SEATS)


class GameSummaries(ReadModelProjection[ReadModelView]):
    name = "games"
    topics = (
        get_topic(Game.Created),
        get_topic(Game.EventRecorded),
        get_topic(Game.SeedRevealed),
        get_topic(Game.EndedByRuling),
        get_topic(Game.TakebackOffered),
        get_topic(Game.TakebackAnswered),
        get_topic(Game.TakenBack),
    )
    sqlite_view = SQLiteGamesView
    postgres_view = PostgresGamesView
    CACHE = 2000  # games in play held in memory; others are reloaded from the store when they move

    def __init__(self, view: ReadModelView, loader: Any = None, sharded: bool = False) -> None:
        super().__init__(view, loader, sharded)
        self._games: OrderedDict[Any, Game] = OrderedDict()
        # Rows whose status (from the rules' status() of the game's state) is read once, just before the
        # batch that holds them is written: not after every event, when only the last one's is kept.
        self._unsettled: dict[str, Game] = {}
        view.before_flush.append(self._settle)

    def _game(self, event: Any) -> Game:
        """The game after applying `event`: the cached aggregate moved on, or the store's copy at that version."""
        game = self._games.pop(event.originator_id, None)
        if isinstance(event, Game.Created):
            game = event.mutate(None)
        elif game is not None and game.version == event.originator_version - 1:
            game = event.mutate(game)
        else:
            assert self.loader is not None, "a restarted summaries projection needs a loader"
            game = cast(Game, self.loader(event.originator_id, event.originator_version))
        assert game is not None
        self._games[event.originator_id] = game
        while len(self._games) > self.CACHE:
            self._games.popitem(last=False)
        return game

    def _status_fields(self, game: Game) -> dict[str, Any]:
        status = game.status()
        return {"phase": status.phase, "to_act": list(status.to_act), "finished": bool(status.finished)}

    @singledispatchmethod
    def apply(self, domain_event: Any, position: int) -> None:
        """Other events: only the position moves."""

    @apply.register
    def _created(self, event: Game.Created, position: int) -> None:
        game = self._game(event)
        gid = str(event.originator_id)
        # The listing's order: on one store, the log's; on shards, when the game was made (each shard's log
        # numbers its own events, so its positions say nothing of the order between shards).
        seq = creation_seq(event) if self.sharded else position
        self.view.put(
            "games",
            {
                "game": gid,
                "seq": seq,
                "rules": event.rules_name,
                "rules_version": event.rules_version,
                "rng_version": event.rng_version,
                "variant": variant_of(event.options),
                "options": event.options,
                "players": list(event.players),
                "player_ids": list(game.player_ids),
                "seats": len(event.players),
                "version": event.originator_version,
                "events": 1,
                **self._status_fields(game),
                "scores": None,
                "winners": None,
                "seed_commitment": event.seed_commitment,
                "seed_source": event.seed_source,
                "seed_hex": event.seed_hex,
                "last_hash": game.last_hash,
                "created_us": micros(event.timestamp),
                "updated_us": micros(event.timestamp),
            },
        )
        for seat, pid in enumerate(game.player_ids):
            self.view.put("game_seats", {"player_id": pid, "game": gid, "seat": seat, "seq": seq})

    @apply.register
    def _recorded(self, event: Game.EventRecorded, position: int) -> None:
        self._moved(event, self._game(event))

    @apply.register(Game.TakebackOffered)
    @apply.register(Game.TakebackAnswered)
    @apply.register(Game.TakenBack)
    def _taken_back(self, event: Any, position: int) -> None:
        self._moved(event, self._game(event))  # a version like any other; TakenBack changes the state

    @apply.register
    def _revealed(self, event: Game.SeedRevealed, position: int) -> None:
        game = self._game(event)
        self._games.pop(event.originator_id, None)  # over: it will not move again
        self._moved(event, game, scores=list(event.scores), winners=list(event.winners))

    @apply.register
    def _ruled(self, event: Game.EndedByRuling, position: int) -> None:
        game = self._game(event)
        self._games.pop(event.originator_id, None)  # over: it will not move again
        self._moved(event, game)

    def _moved(self, event: Any, game: Game, **result: Any) -> None:
        gid = str(event.originator_id)
        row = self.view.staged("games", gid)
        if row is None:
            row = self.view.get("games", gid)
            if row is None:
                raise LookupError(f"games/{event.originator_id} moved before it was created (position skipped?)")
            self.view.put("games", row)
            row = self.view.staged("games", gid)
            assert row is not None
        row.update(
            version=event.originator_version,
            events=row["events"] + 1,
            last_hash=event.hash,
            updated_us=micros(event.timestamp),
            **result,
        )
        self._unsettled[gid] = game

    def _settle(self) -> None:
        """Each moved game's status, as of the last event applied (the view's lock is held: none is mid-way)."""
        for gid, game in self._unsettled.items():
            row = self.view.staged("games", gid)
            if row is not None:
                row.update(self._status_fields(game))
        self._unsettled.clear()


SEQ_EPOCH_US = 1_577_836_800_000_000  # 2020-01-01 UTC: a creation time in µs from it, shifted by SHARD_BITS, fits
# a signed 64-bit column until 2091


def creation_seq(event: Game.Created) -> int:
    """A game's place in the listing on shards: its creation time (µs), then its shard, in one number."""
    return ((micros(event.timestamp) - SEQ_EPOCH_US) << SHARD_BITS) | shard_of(event.originator_id)
