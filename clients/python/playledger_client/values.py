"""Protobuf messages as plain Python values, with integers kept integers.

`google.protobuf.Struct` carries every number as a double, and the proto3 JSON
mapping writes int64 fields as strings, so `json_format.MessageToDict` turns a
seat `1` into `1.0` and a version `42` into `"42"`. PlayLedger's views, command
arguments and event data never hold fractions, so a whole double is an integer.
"""

from __future__ import annotations

import math
from typing import Any

from google.protobuf import message, struct_pb2, timestamp_pb2
from google.protobuf.descriptor import FieldDescriptor


def number(value: float) -> int | float:
    """A Struct number as the integer it stands for (NaN and infinities stay floats)."""
    return int(value) if math.isfinite(value) and value.is_integer() else value


def from_value(value: struct_pb2.Value) -> Any:
    kind = value.WhichOneof("kind")
    if kind == "number_value":
        return number(value.number_value)
    if kind == "struct_value":
        return from_struct(value.struct_value)
    if kind == "list_value":
        return [from_value(v) for v in value.list_value.values]
    if kind in ("string_value", "bool_value"):
        return getattr(value, kind)
    return None  # null_value, or unset


def from_struct(struct: struct_pb2.Struct) -> dict[str, Any]:
    return {key: from_value(v) for key, v in struct.fields.items()}


def plain(msg: message.Message) -> dict[str, Any]:
    """A message as a dict of its set fields (proto field names), Structs as JSON, enums by name."""
    if isinstance(msg, struct_pb2.Struct):
        return from_struct(msg)
    out: dict[str, Any] = {}
    for field, value in msg.ListFields():
        if field.message_type is not None and field.message_type.GetOptions().map_entry:
            value_field = field.message_type.fields_by_name["value"]
            out[field.name] = {k: _field_value(value_field, v) for k, v in value.items()}
        elif field.is_repeated:
            out[field.name] = [_field_value(field, v) for v in value]
        else:
            out[field.name] = _field_value(field, value)
    return out


def _field_value(field: FieldDescriptor, value: Any) -> Any:
    if isinstance(value, struct_pb2.Value):
        return from_value(value)
    if isinstance(value, struct_pb2.ListValue):
        return [from_value(v) for v in value.values]
    if isinstance(value, timestamp_pb2.Timestamp):
        return value.ToJsonString()
    if isinstance(value, message.Message):
        return plain(value)
    if field.enum_type is not None:
        found = field.enum_type.values_by_number.get(value)
        return found.name if found is not None else value
    if isinstance(value, bytes):
        return value.hex()
    return value


def to_struct(data: dict[str, Any]) -> struct_pb2.Struct:
    struct = struct_pb2.Struct()
    struct.update(data)
    return struct
