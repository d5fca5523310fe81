"""Games spread over several stores (issue 34): which shard a game lives on, and one ledger in front of them all.

Placement: a new game goes to a shard chosen at random, each shard alike, and its id says which: a version-8
UUID (RFC 9562) whose 12 "custom_b" bits hold the shard's number, the other 122 bits random as a version-4 id's
are. So a game's name resolves to its shard by arithmetic, with no directory to read or keep consistent, and
a shard added at the end of the list takes its share of new games at once while old games stay where they
are. Ids made before sharding (version 4) and every other kind of id live on the first store.

The number is the store's place in the list (`--store A --store B`: A is shard 0). Each store records the
number it was given the first time it served as a shard (a one-event aggregate, `ShardMark`), and a store
listed at another place later is refused: its games' ids would name the wrong store. A store that already
holds games made without shards can only be the first.

What lives together stays together: a rematch and its link are saved on the finished game's shard (one
transaction); a tournament and the games it creates on the first (the façade's own save refuses a game of
another shard).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator, Sequence
from typing import Any
from uuid import NAMESPACE_URL, UUID, uuid5

from eventsourcing.application import AggregateNotFoundError
from eventsourcing.domain import Aggregate
from eventsourcing.persistence import IntegrityError

from service.ledger.app import Created, Ledger, Submitted, Watched
from service.ledger.cached import GameNotFound
from service.ledger.game import Game
from service.ledger.game_ids import MAX_SHARDS, shard_of
from service.ledger.table_moves import Changed, now_ms

MARK_ID = uuid5(NAMESPACE_URL, "playledger:shard-mark")


class ShardMismatch(ValueError):
    """A store listed at another place than the one it first served at (or a used store listed after the first)."""


class ShardMark(Aggregate):
    """The number a store was given the first time it served as a shard."""

    class Started(Aggregate.Created):
        number: int

    @staticmethod
    def create_id(number: int) -> UUID:
        return MARK_ID

    def __init__(self, number: int) -> None:
        self.number = number


def read_mark(ledger: Ledger, number: int, place: str) -> bool:
    """Check the number the store of `ledger` holds against `number`; False when it holds none yet (and may take
    it). Nothing is written, so a refused list leaves every store as it was. `place` names the store in errors."""
    try:
        mark: Any = ledger.repository.get(MARK_ID)
    except AggregateNotFoundError:
        if number > 0 and ledger.list_created(0, 1):
            raise ShardMismatch(
                f"{place} already holds games made without shards: such a store can only be listed first"
            ) from None
        return False
    if not isinstance(mark, ShardMark) or mark.number != number:
        found = getattr(mark, "number", "?")
        raise ShardMismatch(
            f"{place} is shard {found} (it says so), not shard {number}: list the stores in the order first used"
        )
    return True


def mark(ledger: Ledger, number: int, place: str) -> None:
    """Record `number` in a store that holds none; another process marking it at the same moment must agree."""
    try:
        ledger.save(ShardMark(number))
    except IntegrityError:
        read_mark(ledger, number, place)


class ShardedLedger(Ledger):
    """The first shard itself, and the ledger in front of the others: every call about one game goes to the
    shard its id names, calls about every game visit each shard, and a new game goes to a random shard."""

    name = "playledger"  # the library names an application by its class (so its tables) unless told

    def __init__(self, envs: Sequence[dict[str, str]], cache_size: int = 2000, claim: bool = True) -> None:
        """`claim`: record their numbers in stores that hold none (False: read-only, and each must hold one)."""
        if not 2 <= len(envs) <= MAX_SHARDS:
            raise ValueError(f"a sharded ledger takes 2 to {MAX_SHARDS} stores, not {len(envs)}")
        self.shards: list[Ledger] = []
        super().__init__(envs[0], cache_size)
        self.shard = 0
        self.shards.append(self)
        try:
            for number, env in enumerate(envs[1:], start=1):
                other = Ledger(env, cache_size)
                other.shard = number
                other.observer = self.observer
                self.shards.append(other)
            places = [f"store {number + 1} of {len(envs)}" for number in range(len(envs))]
            unmarked = [n for n, shard in enumerate(self.shards) if not read_mark(shard, n, places[n])]
            if unmarked and not claim:
                raise ShardMismatch(
                    f"{places[unmarked[0]]} has never served as a shard (no server ran on these stores)"
                )
            for number in unmarked:
                mark(self.shards[number], number, places[number])
        except BaseException:
            self.close()
            raise

    def _other(self, game_id: UUID) -> Ledger | None:
        """The shard of a game when it is not this one (None: this one)."""
        number = shard_of(game_id)
        if number == 0:
            return None
        if number >= len(self.shards):
            raise GameNotFound(
                f"there is no game {game_id} (it names shard {number}; this server has {len(self.shards)})"
            )
        return self.shards[number]

    def __setattr__(self, name: str, value: Any) -> None:
        super().__setattr__(name, value)
        if name == "observer":  # metrics: the composition root sets one observer for every shard
            for shard in getattr(self, "shards", [])[1:]:
                shard.observer = value

    # --- placement -------------------------------------------------------------------------------
    def create_game(self, rules_name: str, players: Sequence[str], *args: Any, **kwargs: Any) -> Created:
        shard = self.shards[secrets.randbelow(len(self.shards))]
        if shard is self:
            return super().create_game(rules_name, players, *args, **kwargs)
        return shard.create_game(rules_name, players, *args, **kwargs)

    def save(self, *objs: Any, **kwargs: Any) -> Any:
        """The first shard's save: a game saved here must be one of its own (a tournament's games are)."""
        for obj in objs:
            if isinstance(obj, Game) and shard_of(obj.id) != 0:
                raise ValueError(f"game {obj.id} lives on shard {shard_of(obj.id)}: save it there")
        return super().save(*objs, **kwargs)

    # --- one game: its shard ---------------------------------------------------------------------
    def get_game(self, game_id: UUID) -> Game:
        other = self._other(game_id)
        return other.get_game(game_id) if other else super().get_game(game_id)

    def read_game(self, game_id: UUID) -> Game:
        other = self._other(game_id)
        return other.read_game(game_id) if other else super().read_game(game_id)

    def peek(self, game_id: UUID) -> Game | None:
        other = self._other(game_id)
        return other.peek(game_id) if other else super().peek(game_id)

    def game_at(self, game_id: UUID, version: int) -> Game:
        other = self._other(game_id)
        return other.game_at(game_id, version) if other else super().game_at(game_id, version)

    def stream(self, game_id: UUID, after: int = 0) -> list[Any]:
        other = self._other(game_id)
        return other.stream(game_id, after) if other else super().stream(game_id, after)

    def saw_finished(self, game_id: UUID) -> None:
        other = self._other(game_id)
        return other.saw_finished(game_id) if other else super().saw_finished(game_id)

    def known_finished(self, game_id: UUID) -> bool:
        other = self._other(game_id)
        return other.known_finished(game_id) if other else super().known_finished(game_id)

    def recorded_elsewhere(self, game_id: UUID, version: int) -> bool:
        other = self._other(game_id)
        return other.recorded_elsewhere(game_id, version) if other else super().recorded_elsewhere(game_id, version)

    def submit_for(self, game_id: UUID, *args: Any, **kwargs: Any) -> Submitted:
        other = self._other(game_id)
        return other.submit_for(game_id, *args, **kwargs) if other else super().submit_for(game_id, *args, **kwargs)

    def forfeit_on_time(self, game_id: UUID, seat: int, version: int, now: int) -> None:
        other = self._other(game_id)
        target = other.forfeit_on_time if other else super().forfeit_on_time
        target(game_id, seat, version, now)

    def record_refusal(self, game_id: UUID, **fields: Any) -> None:
        other = self._other(game_id)
        target = other.record_refusal if other else super().record_refusal
        target(game_id, **fields)

    def refusals(self, game_id: UUID) -> list[dict[str, Any]]:
        other = self._other(game_id)
        return other.refusals(game_id) if other else super().refusals(game_id)

    def watch(self, game_id: UUID, *args: Any, **kwargs: Any) -> Iterator[Watched]:
        other = self._other(game_id)
        return other.watch(game_id, *args, **kwargs) if other else super().watch(game_id, *args, **kwargs)

    def offer_takeback(self, game_id: UUID, seat: int, to_version: int, clock: Callable[[], int] = now_ms) -> Changed:
        other = self._other(game_id)
        target = other.offer_takeback if other else super().offer_takeback
        return target(game_id, seat, to_version, clock)

    def answer_takeback(self, game_id: UUID, seat: int, accept: bool, clock: Callable[[], int] = now_ms) -> Changed:
        other = self._other(game_id)
        target = other.answer_takeback if other else super().answer_takeback
        return target(game_id, seat, accept, clock)

    def rematch(self, game_id: UUID, clock: Callable[[], int] = now_ms) -> tuple[Game, bool]:
        other = self._other(game_id)
        return other.rematch(game_id, clock) if other else super().rematch(game_id, clock)

    def rematched_as(self, game_id: UUID) -> UUID | None:
        other = self._other(game_id)
        return other.rematched_as(game_id) if other else super().rematched_as(game_id)

    def stores(self) -> list[Ledger]:
        return list(self.shards)

    def store_of(self, game_id: UUID) -> Ledger:
        return self._other(game_id) or self

    # --- every game: each shard ------------------------------------------------------------------
    def all_game_ids(self, page: int = 1000) -> Iterator[UUID]:
        """Every shard's games, shard by shard (unfinished_game_ids reads this too)."""
        yield from super().all_game_ids(page)
        for shard in self.shards[1:]:
            yield from shard.all_game_ids(page)

    def add_listener(self, listener: Callable[[UUID, int], None]) -> None:
        super().add_listener(listener)
        for shard in self.shards[1:]:
            shard.add_listener(listener)

    def remove_listener(self, listener: Callable[[UUID, int], None]) -> None:
        super().remove_listener(listener)
        for shard in self.shards[1:]:
            shard.remove_listener(listener)

    def wake_watchers(self) -> None:
        super().wake_watchers()
        for shard in self.shards[1:]:
            shard.wake_watchers()

    def trust_cache(self, trusted: bool) -> None:
        super().trust_cache(trusted)
        for shard in self.shards[1:]:
            shard.trust_cache(trusted)

    def close(self) -> None:
        for shard in self.shards[1:]:
            shard.close()
        super().close()
