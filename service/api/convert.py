"""proto <-> domain: resource names, Struct args coerced by the command's schema, views and events."""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime, timedelta
from typing import Any
from uuid import UUID

from google.protobuf import json_format, struct_pb2, timestamp_pb2
from playledger.v1 import games_pb2

from service.ledger import codec
from service.ledger.game import Game
from service.rules.core import Rules, Status


class MalformedRequest(ValueError):
    """A request that cannot mean anything (-> INVALID_ARGUMENT)."""

    def __init__(self, message: str, code: str = "MALFORMED_REQUEST") -> None:
        super().__init__(message)
        self.code = code


GAME_NAME = re.compile(r"^games/([0-9a-fA-F-]{32,36})$")


def game_name(game_id: UUID) -> str:
    return f"games/{game_id}"


def parse_game_name(name: str) -> UUID:
    match = GAME_NAME.match(name.strip())
    if not match:
        raise MalformedRequest(f"a game is named games/{{id}}, not {name!r}", "BAD_GAME_NAME")
    try:
        return UUID(match.group(1))
    except ValueError:
        raise MalformedRequest(f"{name!r} does not hold a valid game id", "BAD_GAME_NAME") from None


# --- command names: the one place PascalCase class names meet snake_case wire names ----------
def wire_name(class_name: str) -> str:
    """PlayCards -> play_cards; UseMagnificANT -> use_magnific_ant."""
    return re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", class_name).lower()


def _wire_names(rules: Rules) -> dict[str, str]:
    return {wire_name(cls_name): cls_name for cls_name in rules.command_types}


def parse_command(rules: Rules, command_type: str, args: struct_pb2.Struct) -> Any:
    by_wire = _wire_names(rules)
    cls_name = by_wire.get(command_type) or (command_type if command_type in rules.command_types else None)
    if cls_name is None:
        raise MalformedRequest(
            f"{rules.name} has no command {command_type!r}; try one of {sorted(by_wire)}", "UNKNOWN_COMMAND"
        )
    try:
        return codec.decode(rules.command_types, cls_name, struct_to_dict(args), where=wire_name(cls_name))
    except codec.CodecError as exc:
        raise MalformedRequest(str(exc), "BAD_ARGUMENTS") from None


def command_to_proto(command: Any) -> games_pb2.LegalCommand:
    name, args = codec.encode(command)
    return games_pb2.LegalCommand(command_type=wire_name(name), args=dict_to_struct(args))


# --- Struct ------------------------------------------------------------------------------------
def struct_to_dict(struct: struct_pb2.Struct) -> dict[str, Any]:
    return json_format.MessageToDict(struct)


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
def status_to_proto(status: Status) -> games_pb2.GameStatus:
    return games_pb2.GameStatus(phase=status.phase, to_act=list(status.to_act), finished=status.finished)


def game_to_proto(game: Game, view: dict[str, Any] | None, seat: int | None, organizer: bool) -> games_pb2.Game:
    rules = game.rules
    status = rules.status(game.state)
    msg = games_pb2.Game(
        name=game_name(game.id),
        rules=game.rules_name,
        rules_version=game.rules_version,
        rng_version=game.rng_version,
        players=list(game.players),
        player_ids=list(game.player_ids),
        options=dict_to_struct(game.options),
        version=game.version,
        status=status_to_proto(status),
        seed_commitment=game.seed_commitment,
        seed_source=game.seed_source,
        create_time=timestamp(game.created_on),
        update_time=timestamp(game.modified_on),
        last_hash=game.last_hash,
    )
    if view is not None:
        msg.view.CopyFrom(dict_to_struct(view))
    if seat is not None:
        msg.viewer_seat = seat
    if status.finished:
        msg.final_scores.extend(rules.scores(game.state))
        msg.winners.extend(rules.winners(game.state))
    if status.finished or organizer:
        msg.seed_hex = game.seed_hex
    return msg


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


def _from_micros(us: int) -> datetime:
    return datetime(1970, 1, 1, tzinfo=UTC) + timedelta(microseconds=us)


def event_to_proto(stored: Any, rules: Rules, seat: int | None, organizer: bool) -> games_pb2.GameEvent | None:
    """A stored event as the caller may see it; None when the caller must not see it at all."""
    if isinstance(stored, Game.EventRecorded):
        event = codec.decode(rules.event_types, stored.name, stored.data)
        return rules_event_to_proto(
            stored.originator_version, event, stored.seat, stored.timestamp, rules, seat, organizer
        )
    if isinstance(stored, Game.SeedRevealed):
        data = {"seed_hex": stored.seed_hex, "scores": stored.scores, "winners": stored.winners}
        return games_pb2.GameEvent(
            version=stored.originator_version,
            type="SeedRevealed",
            data=dict_to_struct(data),
            time=timestamp(stored.timestamp),
        )
    return None  # Created: the header is GetGame's business


def rules_event_to_proto(
    version: int, event: Any, cause: int | None, when: datetime, rules: Rules, seat: int | None, organizer: bool
) -> games_pb2.GameEvent | None:
    """One rules event, redacted for the caller (the organizer sees it whole)."""
    shown = event if organizer else rules.redact(event, seat)
    if shown is None:
        return None
    name, data = codec.encode(shown)
    msg = games_pb2.GameEvent(version=version, type=name, data=dict_to_struct(data), time=timestamp(when))
    if cause is not None:
        msg.seat = cause
    return msg


def game_type_to_proto(rules: Rules) -> games_pb2.GameType:
    meta = rules.metadata
    msg = games_pb2.GameType(
        name=rules.name,
        title=meta.title,
        rules_version=rules.version,
        min_players=meta.min_players,
        max_players=meta.max_players,
        summary=meta.summary,
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
    return msg
