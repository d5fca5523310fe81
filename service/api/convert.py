"""proto <-> domain: resource names, Struct args coerced by the command's schema, views and events."""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from google.protobuf import json_format, struct_pb2, timestamp_pb2
from playledger.v1 import games_pb2

from service.bots import LEVELS, supported
from service.ledger import clocks, codec
from service.ledger import table as game_table
from service.ledger.cached import GameNotFound
from service.ledger.chain import LINK_FIELDS
from service.ledger.game import Game
from service.rules import schema
from service.rules.core import AnyRules, Outcome, Status


class MalformedRequest(ValueError):
    """A request that cannot mean anything (-> INVALID_ARGUMENT); `field` names the request field at fault."""

    def __init__(self, message: str, code: str = "MALFORMED_REQUEST", field: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.field = field


GAME_NAME = re.compile(r"^games/([^/]+)$")
MAX_PAGE = 500  # a larger page_size is coerced down to this (AIP-158)


def page_size(requested: int, default: int) -> int:
    """The page size to serve: the default for 0, at most MAX_PAGE; a negative one is refused."""
    if requested < 0:
        raise MalformedRequest(f"page_size cannot be negative ({requested})", field="page_size")
    return min(requested or default, MAX_PAGE)


def game_name(game_id: UUID) -> str:
    return f"games/{game_id}"


def parse_game_name(name: str, field: str = "name") -> UUID:
    """A game's id from its name. Not a games/ name at all: INVALID_ARGUMENT; a games/ name whose id this server
    never issued (not even a UUID): NOT_FOUND, as for any other id it does not hold (AIP-122, AIP-193)."""
    match = GAME_NAME.match(name.strip())
    if not match:
        raise MalformedRequest(f"a game is named games/{{id}}, not {name!r}", "BAD_GAME_NAME", field)
    try:
        return UUID(match.group(1))
    except ValueError:
        raise GameNotFound(f"there is no game {match.group(1)!r}") from None


# --- command names: the one place PascalCase class names meet snake_case wire names ----------
def wire_name(class_name: str) -> str:
    """PlayCards -> play_cards; UseMagnificANT -> use_magnific_ant."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", class_name).lower()


def _wire_names(rules: AnyRules) -> dict[str, str]:
    return {wire_name(cls_name): cls_name for cls_name in rules.command_types}


def parse_command(rules: AnyRules, command_type: str, args: struct_pb2.Struct) -> Any:
    by_wire = _wire_names(rules)
    cls_name = by_wire.get(command_type) or (command_type if command_type in rules.command_types else None)
    if cls_name is None:
        raise MalformedRequest(
            f"{rules.name} has no command {command_type!r}; try one of {sorted(by_wire)}",
            "UNKNOWN_COMMAND",
            "command_type",
        )
    where = wire_name(cls_name)
    try:
        return codec.decode(rules.command_types, cls_name, struct_to_dict(args, "args"), where=where)
    except codec.CodecError as exc:
        path = str(exc).partition(": ")[0]  # "play_cards.cards[0]": the argument at fault
        field = "args" + path[len(where) :] if path.startswith(where) else "args"
        raise MalformedRequest(str(exc), "BAD_ARGUMENTS", field) from None


MAX_POSITION = 2**63 - 1


def parse_page_token(token: str) -> int:
    """A page token this server gave out (a position in a log or table, an int64); 0 for the first page."""
    if not token:
        return 0
    if not (token.isascii() and token.isdigit()) or int(token) > MAX_POSITION:
        raise MalformedRequest("page_token is not one this server gave out", "BAD_PAGE_TOKEN", "page_token")
    return int(token)


def command_to_proto(command: Any, rules: AnyRules) -> games_pb2.LegalCommand:
    name, args = codec.encode(command)
    wire = wire_name(name)
    struct = dict_to_struct(args)
    words = games_pb2.Words(key=f"{rules.name}.command.{wire}", params=struct)
    return games_pb2.LegalCommand(command_type=wire, args=struct, label=rules.label(command), label_words=words)


# --- Struct ------------------------------------------------------------------------------------
def struct_to_dict(struct: struct_pb2.Struct, field: str = "options") -> dict[str, Any]:
    """A request's Struct as JSON values: whole numbers as ints, NaN and infinities refused (no JSON can hold them)."""
    return {key: _plain(value, f"{field}.{key}") for key, value in struct.fields.items()}


def raw_args(struct: struct_pb2.Struct) -> dict[str, Any]:
    """Arguments as they were sent, for a receipt of a command that could not be read: no checks, no failure
    (a NaN or an infinity, which no JSON holds, is written as its name)."""
    return {key: _raw(value) for key, value in struct.fields.items()}


def _raw(value: struct_pb2.Value) -> Any:
    kind = value.WhichOneof("kind")
    if kind == "number_value":
        number = value.number_value
        return str(number) if not math.isfinite(number) else int(number) if number.is_integer() else number
    if kind == "struct_value":
        return {k: _raw(v) for k, v in value.struct_value.fields.items()}
    if kind == "list_value":
        return [_raw(v) for v in value.list_value.values]
    return getattr(value, kind) if kind in ("string_value", "bool_value") else None


MAX_SAFE_INTEGER = 2**53  # beyond it a double no longer holds every integer: the number is not what was sent


def _plain(value: struct_pb2.Value, where: str) -> Any:
    kind = value.WhichOneof("kind")
    if kind == "number_value":
        number = value.number_value
        if not math.isfinite(number):
            raise MalformedRequest(f"{where}: {number} is not a number JSON can carry", "BAD_NUMBER", where)
        if number.is_integer():
            if abs(number) > MAX_SAFE_INTEGER:
                raise MalformedRequest(
                    f"{where}: {number:.0f} is beyond the integers a request can carry", "BAD_NUMBER", where
                )
            return int(number)
        return number
    if kind == "struct_value":
        return {k: _plain(v, f"{where}.{k}") for k, v in value.struct_value.fields.items()}
    if kind == "list_value":
        return [_plain(v, f"{where}[{i}]") for i, v in enumerate(value.list_value.values)]
    if kind == "string_value":
        return value.string_value
    if kind == "bool_value":
        return value.bool_value
    return None


def dict_to_struct(data: Mapping[str, Any]) -> struct_pb2.Struct:
    struct = struct_pb2.Struct()
    struct.update(data)
    return struct


def value_of(value: Any) -> struct_pb2.Value:
    v = struct_pb2.Value()
    json_format.ParseDict(value, v)
    return v


def timestamp(when: datetime) -> timestamp_pb2.Timestamp:
    ts = timestamp_pb2.Timestamp()
    ts.FromDatetime(when)
    return ts


# --- games and events --------------------------------------------------------------------------
def status_to_proto(
    status: Status, outcome: Outcome | None = None, deadline_ms: int | None = None
) -> games_pb2.GameStatus:
    msg = games_pb2.GameStatus(
        phase=status.phase,
        to_act=list(status.to_act),
        finished=status.finished,
        wake_at_ms=status.wake_at_ms or 0,
        deadline_ms=deadline_ms or 0,
    )
    if outcome is not None:
        said = games_pb2.Outcome(reason=outcome.reason, placements=list(outcome.placements), tie_rule=outcome.tie_rule)
        if outcome.reason_key:
            said.reason_words.CopyFrom(games_pb2.Words(key=outcome.reason_key, params=dict_to_struct(outcome.params)))
        if outcome.tie_key:
            said.tie_rule_words.CopyFrom(games_pb2.Words(key=outcome.tie_key, params=dict_to_struct(outcome.params)))
        msg.outcome.CopyFrom(said)
    return msg


def game_status(game: Game) -> games_pb2.GameStatus:
    """The game's status with its outcome once finished, and its time control's deadline and clocks."""
    status = game.status()
    msg = status_to_proto(status, game.outcome() if status.finished else None, game.deadline_ms())
    if game.clocks is not None and game.clocks.control.get("budget_ms"):
        running = set() if status.finished else set(status.to_act)
        msg.clocks.extend(
            games_pb2.SeatClock(seat=s, left_ms=left, flag_ms=game.clocks.at_ms + left if s in running else 0)
            for s, left in enumerate(game.clocks.left_ms)
        )
    return msg


def time_control_to_proto(control: dict[str, Any]) -> games_pb2.TimeControl:
    return games_pb2.TimeControl(
        move_seconds=int(control.get("move_ms") or 0) // 1000,
        on_timeout=control["on_timeout"],
        timeout_action=TIMEOUT_ACTIONS.get(control["on_timeout"], games_pb2.TIMEOUT_ACTION_UNSPECIFIED),
        budget_seconds=int(control.get("budget_ms") or 0) // 1000,
        increment_seconds=int(control.get("increment_ms") or 0) // 1000,
    )


PACES = {"person": games_pb2.BOT_PACE_PERSON, "fast": games_pb2.BOT_PACE_FAST}


def bot_to_proto(seat: int, spec: dict[str, Any]) -> games_pb2.BotSeat:
    return games_pb2.BotSeat(
        seat=seat,
        level=spec["level"],
        bot_level=BOT_LEVELS.get(spec["level"], games_pb2.BOT_LEVEL_UNSPECIFIED),
        think_ms=spec.get("think_ms", 0),
        budget=spec.get("budget", 0),
        pace=PACES.get(spec.get("pace", ""), games_pb2.BOT_PACE_UNSPECIFIED),
    )


def game_to_proto(game: Game, view: dict[str, Any] | None, seat: int | None, organizer: bool) -> games_pb2.Game:
    msg = games_pb2.Game(
        name=game_name(game.id),
        rules=game.rules_name,
        rules_version=game.rules_version,
        rng_version=game.rng_version,
        players=list(game.players),
        player_ids=list(game.player_ids),
        options=dict_to_struct(game.options),
        version=game.version,
        status=game_status(game),
        seed_commitment=game.seed_commitment,
        seed_source=game.seed_source,
        create_time=timestamp(game.created_on),
        update_time=timestamp(game.modified_on),
        last_hash=game.last_hash,
        read_time=timestamp(datetime.now(UTC)),
        bots=[bot_to_proto(int(k), b) for k, b in sorted(game.bots.items(), key=lambda kv: int(kv[0]))],
    )
    if game.time_control:
        msg.time_control.CopyFrom(time_control_to_proto(game.time_control))
    msg.table.CopyFrom(table_to_proto(game.table))
    if game.table.get("rematch_of"):
        msg.rematch_of = game.table["rematch_of"]
    if game.takeback is not None:
        offer = game.takeback
        msg.takeback.CopyFrom(
            games_pb2.TakebackOffer(seat=offer["seat"], to_version=offer["to_version"], accepted=offer["accepted"])
        )
    if view is not None:
        msg.view.CopyFrom(dict_to_struct(view))
    if seat is not None:
        msg.viewer_seat = seat
    result = game.result()  # None when an arbiter ended the game: it has no final scores
    if result is not None:
        msg.final_scores.extend(result[0])
        msg.winners.extend(result[1])
    if game.ruling is not None:
        msg.ruling.CopyFrom(ruling_to_proto(game.ruling))
    if msg.status.finished or organizer:
        msg.seed_hex = game.seed_hex
    return msg


def ruling_to_proto(ruling: Mapping[str, Any]) -> games_pb2.GameRuling:
    return games_pb2.GameRuling(
        kind=ruling["kind"],
        reason=ruling["reason"],
        actor=ruling["actor"],
        tournament=f"tournaments/{ruling['tournament']}" if ruling.get("tournament") else "",
        player_id=ruling.get("player") or "",
        seats=list(ruling.get("seats") or ()),
        time=timestamp(datetime(1970, 1, 1, tzinfo=UTC) + timedelta(milliseconds=ruling["at_ms"])),
    )


def summary_to_proto(row: Mapping[str, Any], organizer: bool) -> games_pb2.Game:
    """A game summary (read model row) as ListGames shows it: what game_to_proto shows without a view."""
    finished = bool(row["finished"])
    msg = games_pb2.Game(
        name=f"games/{row['game']}",
        rules=row["rules"],
        rules_version=row["rules_version"],
        rng_version=row["rng_version"],
        players=list(row["players"]),
        player_ids=list(row["player_ids"]),
        options=dict_to_struct(row["options"]),
        version=row["version"],
        status=games_pb2.GameStatus(phase=row["phase"], to_act=list(row["to_act"]), finished=finished),
        seed_commitment=row["seed_commitment"],
        seed_source=row["seed_source"],
        create_time=timestamp(_from_micros(row["created_us"])),
        update_time=timestamp(_from_micros(row["updated_us"])),
        last_hash=row["last_hash"],
    )
    if finished:
        msg.final_scores.extend(row["scores"] or ())
        msg.winners.extend(row["winners"] or ())
    if finished or organizer:
        msg.seed_hex = row["seed_hex"]
    return msg


def at(ms: int) -> datetime:
    """A recorded server time (ms since the epoch, the rules' clock) as a datetime."""
    return datetime.fromtimestamp(ms / 1000, UTC)


def _from_micros(us: int) -> datetime:
    return datetime(1970, 1, 1, tzinfo=UTC) + timedelta(microseconds=us)


# Links everyone sees whole: the closing link, and a take-back's offer, answers and going back.
PUBLIC_LINKS = (Game.SeedRevealed, Game.EndedByRuling, Game.TakebackOffered, Game.TakebackAnswered, Game.TakenBack)


def event_to_proto(stored: Any, rules: AnyRules, seat: int | None, organizer: bool) -> games_pb2.GameEvent | None:
    """A stored event as the caller may see it; None when the caller must not see it at all."""
    if isinstance(stored, Game.EventRecorded):
        event = codec.decode(rules.event_types, stored.name, stored.data)
        return rules_event_to_proto(
            stored.originator_version, event, stored.seat, at(stored.at_ms), rules, seat, organizer
        )
    if isinstance(stored, PUBLIC_LINKS):  # the closing link, a take-back's: public, whole
        kind = type(stored).__name__
        data = {name: getattr(stored, name) for name in LINK_FIELDS[kind]}
        msg = games_pb2.GameEvent(
            version=stored.originator_version,
            type=kind,
            data=dict_to_struct(data),
            time=timestamp(stored.timestamp),
        )
        if isinstance(stored, (Game.TakebackOffered, Game.TakebackAnswered)):
            msg.seat = stored.seat
        return msg
    return None  # Created: the header is GetGame's business


def rules_event_to_proto(
    version: int,
    event: Any,
    cause: int | None,
    when: datetime,
    rules: AnyRules,
    seat: int | None,
    organizer: bool,
    recorded: dict[str, Any] | None = None,
) -> games_pb2.GameEvent | None:
    """One rules event, redacted for the caller (the organizer sees it whole). `recorded`: its data as the record
    holds it, used as is when nothing is hidden from the caller (the event is then encoded once)."""
    shown = event if organizer else rules.redact(event, seat)
    if shown is None:
        return None
    name, data = (type(shown).__name__, recorded) if shown is event and recorded is not None else codec.encode(shown)
    msg = games_pb2.GameEvent(version=version, type=name, data=dict_to_struct(data), time=timestamp(when))
    if cause is not None:
        msg.seat = cause
    return msg


def game_type_to_proto(rules: AnyRules) -> games_pb2.GameType:
    meta = rules.metadata
    msg = games_pb2.GameType(
        name=rules.name,
        title=meta.title,
        rules_version=rules.version,
        min_players=meta.min_players,
        max_players=meta.max_players,
        summary=meta.summary,
        json_schema=schema.document_json(rules),
    )
    for spec in meta.options:
        option = games_pb2.GameOption(
            name=spec.name,
            type=codec.describe_type(spec.type),
            default_value=value_of(spec.default),
            description=spec.description,
            choices=[value_of(c) for c in spec.choices],
        )
        if spec.minimum is not None:
            option.minimum = spec.minimum
        if spec.maximum is not None:
            option.maximum = spec.maximum
        msg.options.append(option)
    for cls_name, cls in rules.command_types.items():
        doc = (cls.__doc__ or "").strip().splitlines()
        msg.commands.append(
            games_pb2.CommandSchema(
                type=wire_name(cls_name),
                description=doc[0] if doc else "",
                fields=[games_pb2.CommandField(name=f["name"], type=f["type"]) for f in codec.schema(cls)],
            )
        )
    msg.catalog.CopyFrom(dict_to_struct(rules.catalog({spec.name: spec.default for spec in meta.options})))
    msg.reasons.extend(games_pb2.ReasonCode(code=r.value, description=r.description) for r in rules.reasons)
    msg.reasons.extend(games_pb2.ReasonCode(code=code, description=text) for code, text in LEDGER_REASONS)
    msg.bot_levels.extend(level for level in LEVELS if supported(rules, level))
    return msg


# Refusals any game's command can meet, decided by the ledger rather than the rules.
LEDGER_REASONS = (("GAME_RULED", "an arbiter ended this game; it takes no more commands"),)


TIMEOUT_ACTIONS = {"move": games_pb2.TIMEOUT_ACTION_MOVE, "forfeit": games_pb2.TIMEOUT_ACTION_FORFEIT}
BOT_LEVELS = {
    "random": games_pb2.BOT_LEVEL_RANDOM,
    "greedy": games_pb2.BOT_LEVEL_GREEDY,
    "search": games_pb2.BOT_LEVEL_SEARCH,
}
GAME_STATES = {"active": games_pb2.GAME_STATE_ACTIVE, "finished": games_pb2.GAME_STATE_FINISHED}


def closed_value(text: str, value: int, names: Mapping[str, int], field: str) -> str:
    """A closed value given as a string (API v1's form), as an enum, or as both (which must agree): its name."""
    by_value = {v: k for k, v in names.items()}
    if value and value not in by_value:
        raise MalformedRequest(f"{field} {value} is not one of the enum's values", field=field)
    named = by_value.get(value, "")
    if text and named and text != named:
        raise MalformedRequest(f"{field}: the string {text!r} and the enum ({named}) disagree", field=field)
    return text or named


SPECTATORS = {"open": games_pb2.SPECTATOR_POLICY_OPEN, "players": games_pb2.SPECTATOR_POLICY_PLAYERS}


def table(policy: games_pb2.TablePolicy) -> dict[str, Any]:
    """A TablePolicy as the ledger takes it (table.settle checks the values)."""
    by_value = {v: k for k, v in SPECTATORS.items()}
    if policy.spectators and policy.spectators not in by_value:
        raise MalformedRequest(
            f"table.spectators {policy.spectators} is not a SpectatorPolicy", field="table.spectators"
        )
    return {
        "spectators": by_value.get(policy.spectators, "open"),
        "delay_moves": policy.spectator_delay_moves,
        "delay_s": policy.spectator_delay_seconds,
        "takebacks": policy.takebacks,
    }


def table_to_proto(settings: dict[str, Any] | None) -> games_pb2.TablePolicy:
    every = game_table.of(settings)
    return games_pb2.TablePolicy(
        spectators=SPECTATORS[every["spectators"]],
        spectator_delay_moves=every["delay_moves"],
        spectator_delay_seconds=every["delay_s"],
        takebacks=every["takebacks"],
    )


def time_control(control: games_pb2.TimeControl) -> dict[str, Any]:
    """A TimeControl message (CreateGame, CreateTournament) as the ledger keeps it, checked."""
    action = closed_value(control.on_timeout, control.timeout_action, TIMEOUT_ACTIONS, "time_control.timeout_action")
    try:
        return clocks.time_control(
            control.move_seconds, action or "move", control.budget_seconds, control.increment_seconds
        )
    except clocks.TimeControlError as exc:
        raise MalformedRequest(str(exc), "BAD_TIME_CONTROL", field="time_control") from None
