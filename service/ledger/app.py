"""The application service: create games, submit commands (idempotent, conflict-safe), read streams."""

from __future__ import annotations

import secrets
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from copy import deepcopy
from dataclasses import dataclass
from typing import Any, cast
from uuid import UUID

from eventsourcing.application import AggregateNotFoundError, Application
from eventsourcing.persistence import IntegrityError
from eventsourcing.utils import get_topic

from service.bots import pace
from service.ledger import chain, clocks, codec, seats
from service.ledger import table as game_table
from service.ledger.attempts import Attempts, attempts_id
from service.ledger.attempts import entry as attempt_entry
from service.ledger.cached import CachedGames, GameNotFound, evict
from service.ledger.game import Game, Recorded, request_key, seed_commitment
from service.ledger.game_ids import placed_on
from service.ledger.observe import LedgerObserver
from service.ledger.table_moves import Changed, RematchRefused, StaleVersion, TableMoves, now_ms
from service.rules.catalog import rules_for
from service.rules.core import RNG_VERSION, AnyRules, IllegalCommand, normalize_options

REFUSAL_RETRY_S = 5.0  # how long a refusal's append retries against other processes' appends to the same log
ATTEMPT_LOGS_KEPT = 1024  # attempts logs remembered (an aggregate each, no state beyond its version)
__all__ = ["Changed", "Created", "Intent", "Ledger", "RematchRefused", "RequestReused", "StaleVersion", "now_ms"]


class RequestReused(ValueError):
    """A request_id already used by this seat for a different command (-> INVALID_ARGUMENT)."""


@dataclass(frozen=True)
class Intent:
    """What a request means on the game as loaded: the seat acting, the command, and its encoding when known."""

    seat: int | None
    command: Any
    encoded: tuple[str, dict[str, Any]] | None = None


@dataclass(frozen=True)
class Watched:
    """A stored event as a watch delivers it, with the game after it (the watch's own copy: read, never keep)."""

    event: Any
    game: Game
    settled: bool  # the last event of what one read delivered: a decision's end, the game at rest


@dataclass(frozen=True)
class Created:
    game_id: UUID
    tokens: list[str]
    game: Game


@dataclass(frozen=True)
class Submitted:
    """The result of a command: the version after it and the events it recorded."""

    version: int
    events: list[Recorded]
    game: Game  # the game as it stands after the command (saves the caller a re-read)
    repeated: bool = False  # True when this was a retry of an already recorded request_id


class Ledger(TableMoves, CachedGames, Application[UUID]):
    name = "playledger"
    # The shard this store is (shards.py), whose number its new games' ids carry; None: the only store, whose
    # games get version-4 ids as they always did.
    shard: int | None = None

    def __init__(self, env: dict[str, str] | None = None, cache_size: int = 2000) -> None:
        # cache_size 0 means no cache (the library would read "0" as an unbounded one).
        defaults = {"AGGREGATE_CACHE_MAXSIZE": str(cache_size)} if cache_size > 0 else {}
        super().__init__({**defaults, **(env or {})})
        # One lock per game (striped): commands to one game queue here instead of
        # failing each other's optimistic save; other processes still race and retry.
        self._locks = [threading.Lock() for _ in range(256)]
        # The attempts logs: one writer per game here, and the logs last saved (their versions), bounded.
        self._attempt_locks = [threading.Lock() for _ in range(64)]
        self._attempt_logs: dict[UUID, Attempts] = {}
        self._watch = threading.Condition()
        self._listeners: list[Callable[[UUID, int], None]] = []
        self._start_cache_marks()
        self.observer = LedgerObserver()  # metrics: the composition root sets one (service/api/metrics.py)

    # --- create / read --------------------------------------------------------------------
    def create_game(
        self,
        rules_name: str,
        players: Sequence[str],
        options: dict[str, Any] | None = None,
        seed: bytes | None = None,
        clock: Callable[[], int] = now_ms,
        player_ids: Sequence[str] | None = None,
        client_seed: bytes | None = None,
        bots: dict[int, dict[str, Any]] | None = None,
        time_control: dict[str, Any] | None = None,
        table: dict[str, Any] | None = None,
    ) -> Created:
        created = self.new_game(
            rules_name, players, options, seed, clock, player_ids, client_seed, bots, time_control, table
        )
        self.save(created.game)
        return created

    def new_game(
        self,
        rules_name: str,
        players: Sequence[str],
        options: dict[str, Any] | None = None,
        seed: bytes | None = None,
        clock: Callable[[], int] = now_ms,
        player_ids: Sequence[str] | None = None,
        client_seed: bytes | None = None,
        bots: dict[int, dict[str, Any]] | None = None,
        time_control: dict[str, Any] | None = None,
        table: dict[str, Any] | None = None,
        token_hashes: Sequence[str] | None = None,
    ) -> Created:
        """A dealt game, not yet saved: the caller saves it (alone, or with a tournament in one transaction).

        The seed is the server's 32 secret bytes followed by `client_seed`, a creator's public
        contribution (shown in the header, so they can check it was used): no client can make
        the seed guessable. `seed` is a whole seed chosen by a trusted caller (the organizer, tests).
        """
        rules = rules_for(rules_name)
        names = [seats.player_name(p, i) for i, p in enumerate(players)]
        ids = seats.player_ids(player_ids, len(names)) if player_ids else None
        normalized = normalize_options(rules.metadata, len(names), options or {})
        if seed is not None and client_seed is not None:
            raise ValueError("a game takes a whole seed or a client's contribution, not both")
        if seed is not None:
            source, whole = "client", seed
        else:
            source = "server" if client_seed is None else "server+client"
            whole = chain.combined_seed(secrets.token_bytes(chain.SERVER_ENTROPY_BYTES), client_seed)
        seed_hex = whole.hex()
        # A rematch carries the seats' token hashes over (no new tokens: each player already holds its own).
        tokens = [] if token_hashes is not None else seats.issue(len(names))
        with placed_on(self.shard):
            game = Game(
                rules_name=rules.name,
                rules_version=rules.version,
                rng_version=RNG_VERSION,
                players=names,
                options=normalized,
                seed_hex=seed_hex,
                seed_commitment=seed_commitment(seed_hex),
                seed_source=source,
                token_hashes=list(token_hashes) if token_hashes is not None else [seats.digest(t) for t in tokens],
                player_ids=ids,
                chain_format=chain.NEWEST,
                client_seed_hex=client_seed.hex() if client_seed is not None else None,
                bots=_settled_bots(rules, normalized, len(names), bots) if bots else None,
                time_control=dict(time_control) if time_control else None,
                table=game_table.settle(table or {}),
            )
        game.deal(clock())  # may raise InvalidOptions: nothing is saved then
        return Created(game.id, tokens, game)

    def game_at(self, game_id: UUID, version: int) -> Game:
        """The game as it stood at a past version (time travel for audits and disputes)."""
        try:
            game: Game = self.repository.get(game_id, version=version)
        except AggregateNotFoundError:
            raise GameNotFound(f"there is no game {game_id}") from None
        if not isinstance(game, Game):
            raise GameNotFound(f"there is no game {game_id}")
        return game

    def stream(self, game_id: UUID, after: int = 0) -> list[Any]:
        """Stored events of one game with version > after (Created is version 1)."""
        return list(self.events.get(game_id, gt=after or None))

    # --- commands -------------------------------------------------------------------------
    def submit(
        self,
        game_id: UUID,
        seat: int | None,
        command: Any,
        request_id: str | None,
        expected_version: int | None = None,
        attempts: int = 5,
        clock: Callable[[], int] = now_ms,
        bot: dict[str, Any] | None = None,
    ) -> Submitted:
        """Decide and record one command of `seat` in one transaction (see submit_for).

        `bot` tags a move the server's bot made for the seat (Game.execute records it with the command).
        """
        return self.submit_for(game_id, lambda _game: Intent(seat, command), request_id, expected_version, attempts,
                               clock, bot)  # fmt: skip

    def submit_for(
        self,
        game_id: UUID,
        read: Callable[[Game], Intent],
        request_id: str | None,
        expected_version: int | None = None,
        attempts: int = 5,
        clock: Callable[[], int] = now_ms,
        bot: dict[str, Any] | None = None,
    ) -> Submitted:
        """Decide and record one command in one transaction; the observer hears the outcome.

        The game is loaded once, here (from the cache, else the store), and `read(game)` turns the caller's
        request into the seat and the command on it: who a token is and what a command means need the
        game's seats and rules, so the API authenticates and parses on this one load instead of its own.
        A request_id this seat already used returns the first result and records nothing. A lost race with
        another writer (another process) is re-decided on the fresh state unless the caller pinned
        expected_version.
        """
        intent: Intent | None = None
        outcome = "error"
        try:
            with self._locks[hash(game_id) % len(self._locks)]:
                fresh = False  # the first try trusts this process's cache; a conflict or a doubt reads the store
                for _ in range(attempts):
                    game = self._for_command(game_id, fresh)
                    intent = read(game)
                    done = self._decide(game, intent, request_id, expected_version, clock, bot, fresh)
                    if done is None:  # another process moved the game: read the store and decide again
                        fresh = True
                        continue
                    outcome = "repeated" if done.repeated else "accepted" if done.events else "no_effect"
                    return done
            raise StaleVersion(f"the game kept changing; gave up after {attempts} attempts")
        except IllegalCommand:
            outcome = "rejected"
            raise
        except StaleVersion:
            outcome = "conflict"
            raise
        except (RequestReused, GameNotFound):
            outcome = "invalid"
            raise
        finally:
            if intent is not None:
                self.observer.command(intent.command, outcome)

    def _decide(
        self,
        game: Game,
        intent: Intent,
        request_id: str | None,
        expected_version: int | None,
        clock: Callable[[], int],
        bot: dict[str, Any] | None,
        fresh: bool,
    ) -> Submitted | None:
        """One try on the game as loaded: the first answer of a repeated request, or the command decided and
        saved; None when the game turned out stale (another writer) and must be read again."""
        if request_id:
            repeat = self._repeat(game, intent.seat, intent.command, request_id)
            if repeat is not None:
                return repeat
        if expected_version is not None and game.version != expected_version:
            if not fresh:  # another process may have moved the game past our cached copy
                return None
            raise StaleVersion(f"the game is at version {game.version}, not {expected_version}", game.version)
        recorded = game.execute(intent.seat, intent.command, request_id or None, clock(), bot, intent.encoded)
        if not recorded:
            return Submitted(game.version, [], game)
        try:
            self.save(game)
        except IntegrityError:
            if expected_version is not None:
                raise StaleVersion("another command was recorded first; reload and try again") from None
            self.observer.conflict_retried(game.rules_name)
            return None
        return Submitted(game.version, recorded, game)

    def _for_command(self, game_id: UUID, fresh: bool) -> Game:
        """A private copy of the game to decide on.

        Not fresh: the cached copy as is, with no store read. It is the newest version unless another
        process wrote since; then the save fails on the taken version (the store's unique key) and the
        command is decided again on a fresh read, so a stale copy costs a retry, never a wrong record.
        """
        if not fresh:
            cached = self.peek(game_id)
            if cached is not None:
                return deepcopy(cached)
        return self.get_game(game_id)

    def _repeat(self, game: Game, seat: int | None, command: Any, request_id: str) -> Submitted | None:
        span = game.requests.get(request_key(seat, request_id))
        if span is None:
            return None
        first, last = span
        # One past the span: a command that ended the game was saved with the closing SeedRevealed, and its
        # first answer named that version, so a repeat must too (a crash-retry once answered one less).
        stored = list(self.events.get(game.id, gt=first - 1, lte=last + 1))
        if stored and isinstance(stored[-1], Game.SeedRevealed):
            last = stored.pop().originator_version
        else:
            stored = [e for e in stored if e.originator_version <= last]
        name, args = codec.encode(command)
        first_command = cast(Game.EventRecorded, stored[0]).command or {}
        if {k: first_command.get(k) for k in ("name", "args")} != {"name": name, "args": args}:
            raise RequestReused(f"request_id {request_id!r} was already used for a different command")
        rules = game.rules
        recorded = [
            Recorded(e.originator_version, e.name, codec.decode(rules.event_types, e.name, e.data), e.seat, e.at_ms)
            for e in stored
            if isinstance(e, Game.EventRecorded)
        ]
        return Submitted(last, recorded, game, repeated=True)  # the version the request reached, as first answered

    def _record(self, processing_event: Any) -> Any:
        """Every store append goes through here (one transaction): time it and count what it committed."""
        started = time.perf_counter()
        ok = False
        try:
            recordings = super()._record(processing_event)
            ok = True
        finally:
            self.observer.append_seconds(time.perf_counter() - started, ok)
        for event in processing_event.events:
            aggregate = processing_event.aggregates.get(event.originator_id)
            self.observer.appended(getattr(aggregate, "rules_name", "none"), type(event).__name__)
        cache = self.repository.cache
        for aggregate in processing_event.aggregates.values():
            if not isinstance(aggregate, Game):
                continue
            if aggregate.closed:
                self.saw_finished(aggregate.id)
            if cache is not None:
                # A saved game is the newest version in the store: caching it spares the next command a read
                # (commands decide on the cached copy, see _for_command) and the next read re-applying events.
                # A finished game leaves memory instead: it never moves again, so the cache holds games in play.
                if aggregate.closed:
                    evict(cache, aggregate.id)
                else:
                    cache.put(aggregate.id, deepcopy(aggregate))
                self._caught_up(aggregate.id, aggregate.version)
        return recordings

    def forfeit_on_time(self, game_id: UUID, seat: int, version: int, now: int) -> None:
        """The clock ends the game by a forfeit of `seat`'s player, if the game is still at `version`."""
        with self._locks[hash(game_id) % len(self._locks)]:
            game = self.get_game(game_id)
            if game.version != version:
                raise StaleVersion("the game moved on before its clock ran out")
            game.end_by_ruling("forfeit", clocks.TIMEOUT_REASON, clocks.CLOCK_ACTOR, now, None, game.player_ids[seat])
            self.save(game)

    # --- refusals (the attempts log) ------------------------------------------------------------
    def record_refusal(self, game_id: UUID, **fields: Any) -> None:
        """Keep a refused command beside its game (not in its chain) before its refusal is answered.

        One writer per game in this process (a lock), appending to the log it last saved, so concurrent
        refusals queue instead of failing each other's optimistic save (with five tries and no lock, 20
        clients refusing at once kept 273 of 400). Another process's append makes the save conflict: the
        log is read again and the append retried for up to REFUSAL_RETRY_S. Past that this raises, and the
        caller answers UNAVAILABLE rather than a refusal the log does not hold."""
        deadline = time.monotonic() + REFUSAL_RETRY_S
        with self._attempt_locks[hash(game_id) % len(self._attempt_locks)]:
            log = self._attempt_logs.pop(game_id, None)
            while True:
                if log is None:
                    try:
                        log = cast(Attempts, self.repository.get(attempts_id(game_id)))
                    except AggregateNotFoundError:
                        log = Attempts(str(game_id))
                log.refuse(**fields)
                try:
                    self.save(log)
                    break
                except IntegrityError:
                    log = None  # another process appended: read the log again
                    if time.monotonic() > deadline:
                        raise StaleVersion("the attempts log kept changing; the refusal could not be kept") from None
            self._attempt_logs[game_id] = log  # most recently used last
            while len(self._attempt_logs) > ATTEMPT_LOGS_KEPT:
                self._attempt_logs.pop(next(iter(self._attempt_logs)))

    def refusals(self, game_id: UUID) -> list[dict[str, Any]]:
        """Every refusal of a game, oldest first."""
        found = self.events.get(attempts_id(game_id))
        return [attempt_entry(e) for e in found if isinstance(e, Attempts.Refused)]

    # --- listing ------------------------------------------------------------------------
    def list_created(self, after_notification: int, limit: int) -> list[tuple[int, Game.Created]]:
        """Game headers in creation order, after a notification id (the page token)."""
        found = self.recorder.select_notifications(
            start=after_notification, limit=limit, topics=[get_topic(Game.Created)], inclusive_of_start=False
        )
        return [(n.id, self.mapper.to_domain_event(n)) for n in found]  # type: ignore[misc]

    def all_game_ids(self, page: int = 1000) -> Iterator[UUID]:
        after = 0
        while True:
            found = self.list_created(after, page)
            for position, created in found:
                after = position
                yield created.originator_id
            if len(found) < page:
                return

    # --- stores: one here, several on shards (shards.py overrides these) -------------------------------------
    def stores(self) -> list[Ledger]:  # each store's ledger, the first first: for reading each store's own log
        return [self]

    def store_of(self, game_id: UUID) -> Ledger:  # the ledger of the store a game lives in
        return self

    def store_envs(self) -> list[dict[str, str]]:  # each store's settings, the first (views, duties' lock) first
        return [{k: v for k, v in s.env.items() if isinstance(v, str)} for s in self.stores()]

    def unfinished_game_ids(self) -> list[UUID]:
        return [g for g in self.all_game_ids() if not self.get_game(g).is_finished()]

    # --- watching -----------------------------------------------------------------------
    def add_listener(self, listener: Callable[[UUID, int], None]) -> None:
        """Called with (game id, new version) after every save in this process."""
        self._listeners.append(listener)

    def remove_listener(self, listener: Callable[[UUID, int], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _notify(self, recordings: list[Any]) -> None:
        latest: dict[UUID, int] = {}
        for r in recordings:
            latest[r.domain_event.originator_id] = r.domain_event.originator_version
        with self._watch:
            self._watch.notify_all()
        for game_id, version in latest.items():
            for listener in list(self._listeners):
                listener(game_id, version)

    def wake_watchers(self) -> None:
        """Something was saved, maybe by another process (follow.py): watchers look at their games again."""
        with self._watch:
            self._watch.notify_all()

    def wait_for_change(self, timeout: float) -> None:
        """Block until something is saved in this process or the timeout passes (other processes: poll)."""
        with self._watch:
            self._watch.wait(timeout)

    def watch(
        self,
        game_id: UUID,
        after: int,
        stop: Callable[[], bool],
        poll: float = 1.0,
        hold: Callable[[Sequence[Any]], int] | None = None,
    ) -> Iterator[Watched]:
        """Stored events of a game with version > after, as they are recorded, until stop() or the end, each with
        the game as it stands after it (folded here from the game at `after`: one load per watch).

        Each read of the store yields whole decisions (their events commit together); the last event of a
        read is marked `settled`: the game is at rest there (a mid-decision state is not). A finished game
        has nothing more to record: a watch from its last version (or beyond) ends at once. `hold(events)`
        (every stored event so far): the newest version that may be delivered yet (a spectator's delay);
        the rest wait, looked at again every `poll` seconds.
        """
        game = self.get_game(game_id)
        if game.revealed and after >= game.version:
            return
        folded: Game | None = self.game_at(game_id, after) if after > 0 else None
        seen: list[Any] = self.stream(game_id) if hold is not None else []
        while not stop():
            if hold is not None:
                seen += self.stream(game_id, seen[-1].originator_version if seen else 0)
                limit = hold(seen) if not isinstance(seen[-1], CLOSING_EVENTS) else seen[-1].originator_version
                fresh = [e for e in seen if after < e.originator_version <= limit]
            else:
                fresh = self.stream(game_id, after)
            for i, event in enumerate(fresh):
                folded = cast(Game, event.mutate(folded))
                yield Watched(event, folded, settled=i == len(fresh) - 1)
                after = event.originator_version
                if isinstance(event, CLOSING_EVENTS):  # the stream is closed
                    return
            if not fresh:
                self.wait_for_change(poll)


CLOSING_EVENTS = (Game.SeedRevealed, Game.EndedByRuling)  # nothing follows them: once over, all is public


def _settled_bots(
    rules: AnyRules, options: dict[str, Any], count: int, bots: dict[int, dict[str, Any]]
) -> dict[str, dict[str, Any]]:
    """The bot seats as the header keeps them, each with the pace it plays at (the game's default where unnamed)."""
    people = count - len(bots)
    return {str(seat): pace.settle(spec, rules, options, people) for seat, spec in sorted(bots.items())}
