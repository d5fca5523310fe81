"""Limits every request meets before a servicer sees it: text without NUL bytes, bounded lengths and depth.

A NUL byte reached PostgreSQL as a query parameter ("text fields cannot contain NUL") and an
unbounded Struct could nest thousands deep; each ended as UNKNOWN with the exception's text. Walking
the decoded message once, by its descriptor, answers them all as INVALID_ARGUMENT naming the field.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from google.protobuf import message, struct_pb2
from google.protobuf.descriptor import FieldDescriptor

MAX_TEXT = 4096  # characters in any string field or Struct string (names, ids and tokens are far shorter)
MAX_DEPTH = 32  # nesting of messages, Struct objects and lists
MAX_ITEMS = 10_000  # entries of one repeated field, Struct object or list


@dataclass(frozen=True)
class Violation:
    field: str
    reason: str  # ErrorInfo reason
    message: str
    limit: int | None = None  # the limit passed (ErrorInfo metadata "limit")


def check(request: message.Message) -> Violation | None:
    """The first limit this request breaks, or None."""
    return _message(request, "", 0)


def _message(msg: message.Message, path: str, depth: int) -> Violation | None:
    if depth > MAX_DEPTH:
        where = path or "request"
        return Violation(where, "TOO_DEEP", f"{path or 'the request'} nests deeper than {MAX_DEPTH} levels", MAX_DEPTH)
    if isinstance(msg, struct_pb2.Struct):
        return _entries(msg.fields.items(), path, depth)
    if isinstance(msg, struct_pb2.ListValue):
        return _list(msg.values, path, depth)
    if isinstance(msg, struct_pb2.Value):
        return _value(msg, path, depth)
    for field, value in msg.ListFields():
        where = f"{path}.{field.name}" if path else field.name
        if field.is_repeated and not (field.message_type and field.message_type.GetOptions().map_entry):
            if len(value) > MAX_ITEMS:
                return Violation(where, "TOO_MANY", f"{where} holds more than {MAX_ITEMS} items", MAX_ITEMS)
            for i, item in enumerate(value):
                if (found := _scalar_or_message(field, item, f"{where}[{i}]", depth)) is not None:
                    return found
        elif field.message_type is not None and field.message_type.GetOptions().map_entry:
            for key, item in value.items():
                if (found := _text(key, f"{where}.{key}")) is not None:
                    return found
                value_field = field.message_type.fields_by_name["value"]
                if (found := _scalar_or_message(value_field, item, f"{where}.{key}", depth)) is not None:
                    return found
        elif (found := _scalar_or_message(field, value, where, depth)) is not None:
            return found
    return None


def _scalar_or_message(field: FieldDescriptor, value: Any, where: str, depth: int) -> Violation | None:
    if isinstance(value, message.Message):
        return _message(value, where, depth + 1)
    if isinstance(value, str):
        return _text(value, where)
    return None


def _entries(items: Any, path: str, depth: int) -> Violation | None:
    entries = list(items)
    if len(entries) > MAX_ITEMS:
        return Violation(path, "TOO_MANY", f"{path} holds more than {MAX_ITEMS} entries", MAX_ITEMS)
    for key, value in entries:
        where = f"{path}.{key}"
        if (found := _text(key, where)) is not None or (found := _value(value, where, depth + 1)) is not None:
            return found
    return None


def _list(values: Any, path: str, depth: int) -> Violation | None:
    if len(values) > MAX_ITEMS:
        return Violation(path, "TOO_MANY", f"{path} holds more than {MAX_ITEMS} items", MAX_ITEMS)
    for i, value in enumerate(values):
        if (found := _value(value, f"{path}[{i}]", depth + 1)) is not None:
            return found
    return None


def _value(value: struct_pb2.Value, path: str, depth: int) -> Violation | None:
    if depth > MAX_DEPTH:
        return Violation(path, "TOO_DEEP", f"{path} nests deeper than {MAX_DEPTH} levels", MAX_DEPTH)
    kind = value.WhichOneof("kind")
    if kind == "string_value":
        return _text(value.string_value, path)
    if kind == "struct_value":
        return _entries(value.struct_value.fields.items(), path, depth)
    if kind == "list_value":
        return _list(value.list_value.values, path, depth)
    return None


def _text(text: str, where: str) -> Violation | None:
    if "\x00" in text:
        return Violation(where, "BAD_TEXT", f"{where} contains a NUL byte, which no text field may hold")
    if len(text) > MAX_TEXT:
        return Violation(where, "TOO_LONG", f"{where} is longer than {MAX_TEXT} characters", MAX_TEXT)
    return None
