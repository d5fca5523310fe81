"""JSON Schemas (draft 2020-12) of a game's messages, generated from the rules' own type definitions.

One document per game and rules version. `$defs` holds the view of each audience (the TypedDicts of the
game's view_types.py, which its view() is annotated to return), the data of every event and the arguments
of every command (their dataclasses, as the ledger's codec encodes them), keyed by wire name: events by
class name, commands snake_case. The root is an index of those (views by audience, events and commands
by type), so a code generator names every type. ListGameTypes publishes it (GameType.json_schema), and
schemas/gen.py commits it with the TypeScript and Python types made from it.

Types map as the codec encodes them: int, bool, str, None; an enum -> one of its values; tuple[X, ...]
and list[X] -> an array; a fixed tuple -> an array of exactly those items; frozenset[X] -> an array of
distinct items; dict[str, X] -> an object of X; X | None -> nullable; a dataclass or a TypedDict -> an
object with exactly its keys. Where Python cannot say what the JSON holds (a view's `phase` is
`state.phase.value`, a str), `Annotated[T, U]` with a type U says it: `Annotated[str, Phase]` is one of
Phase's values, `Annotated[list[int | str], tuple[int, PathType]]` a pair; a str in Annotated describes.
Stdlib only, pure: the same rules always give the same document.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from service.rules.core import AnyRules
from service.rules.kit import wire_name

DIALECT = "https://json-schema.org/draft/2020-12/schema"
AUDIENCES = ("seat", "spectator")  # the keys of a game's view_types
# Type names the document's root and the generated modules give themselves; no message type may take one.
RESERVED = ("Messages", "Views", "Events", "Commands", "EventType", "CommandType")

Schema = dict[str, Any]


_PUBLISHED: dict[tuple[str, int], str] = {}  # by (name, version): the same rules always give the same text


def document_json(rules: AnyRules) -> str:
    """The document as ListGameTypes publishes it: compact JSON (schemas/ commits it indented)."""
    key = (rules.name, rules.version)
    if key not in _PUBLISHED:
        _PUBLISHED[key] = json.dumps(document(rules), separators=(",", ":"), ensure_ascii=False)
    return _PUBLISHED[key]


def document(rules: AnyRules) -> Schema:
    """The game's schema document: the index at the root, every message type in `$defs`."""
    out = _Defs()
    _check_view_types(rules)
    views = {audience: out.ref(rules.view_types[audience], name=None) for audience in AUDIENCES}
    events = {name: out.ref(cls, name=name, required=_all_fields) for name, cls in rules.event_types.items()}
    commands = {
        wire_name(name): out.ref(cls, name=wire_name(name), required=_fields_without_default)
        for name, cls in rules.command_types.items()
    }
    title = rules.metadata.title
    return {
        "$schema": DIALECT,
        "$id": f"urn:playledger:schema:{rules.name}:{rules.version}",
        "title": "Messages",
        "description": (
            f"{title} ({rules.name}, rules version {rules.version}): the JSON of its views by audience, of each "
            "event's data by event type and of each command's arguments by command type. Check one message "
            "against its entry in $defs (views by their type name, events by type, commands by wire name)."
        ),
        "type": "object",
        "properties": {
            "views": _index("Views", "The view of each audience (Game.view).", views),
            "events": _index("Events", "The data of each event type (GameEvent.data).", events),
            "commands": _index(
                "Commands",
                "The arguments of each command type (SubmitCommandRequest.args, LegalCommand.args).",
                commands,
            ),
        },
        "required": ["views", "events", "commands"],
        "additionalProperties": False,
        "$defs": out.defs,
    }


def _check_view_types(rules: AnyRules) -> None:
    """view_types must name exactly what view() is annotated to return: mypy holds view() to that."""
    returned = typing.get_type_hints(rules.view)["return"]
    declared = set(typing.get_args(returned)) or {returned}
    if set(rules.view_types) != set(AUDIENCES) or set(rules.view_types.values()) != declared:
        raise TypeError(f"{rules.name}: view_types {dict(rules.view_types)} is not what view() returns: {returned}")


def _index(title: str, description: str, refs: Mapping[str, Schema]) -> Schema:
    return {
        "title": title,
        "description": description,
        "type": "object",
        "properties": dict(refs),
        "required": list(refs),
        "additionalProperties": False,
    }


# --- which fields a dataclass must carry ---------------------------------------------------------------
Required = Callable[[type], list[str]]


def _all_fields(cls: type) -> list[str]:
    """An event's data as encoded: the codec writes every field."""
    return [f.name for f in dataclasses.fields(cls)]


def _fields_without_default(cls: type) -> list[str]:
    """A command's arguments (and any nested record): the codec fills in a field with a default."""
    return [
        f.name
        for f in dataclasses.fields(cls)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]


class _Defs:
    """The `$defs` of one document, each named type defined once; two types may not share a name."""

    def __init__(self) -> None:
        self.defs: dict[str, Schema] = {}
        self._names: dict[type, str] = {}
        self._titles: dict[str, type | None] = dict.fromkeys(RESERVED)

    def ref(self, cls: type, name: str | None, required: Required = _fields_without_default) -> Schema:
        """A `$ref` to the definition of `cls` (an enum, dataclass or TypedDict), defining it first if new."""
        if cls not in self._names:
            key = name or cls.__name__
            if key in self.defs or self._titles.get(cls.__name__, cls) is not cls:
                raise TypeError(f"two types are called {key!r} ({cls.__module__}): rename one")
            self._names[cls] = key
            self._titles[cls.__name__] = cls
            self.defs[key] = {}  # reserved before the body: a type may refer to itself
            self.defs[key] = self._define(cls, required)
        return {"$ref": f"#/$defs/{self._names[cls]}"}

    def _define(self, cls: type, required: Required) -> Schema:
        head: Schema = {"title": cls.__name__}
        doc = _doc(cls)
        if doc:
            head["description"] = doc
        if issubclass(cls, enum.Enum):
            return head | _enum(cls)
        if dataclasses.is_dataclass(cls):
            hints = typing.get_type_hints(cls, include_extras=True)
            fields = dataclasses.fields(cls)
            props = {f.name: self.schema(hints[f.name]) | _default(f) for f in fields}
            return head | _object(props, required(cls))
        if typing.is_typeddict(cls):
            hints = typing.get_type_hints(cls, include_extras=True)
            props = {key: self.schema(tp) for key, tp in hints.items()}
            keys: frozenset[str] = getattr(cls, "__required_keys__", frozenset())
            return head | _object(props, [k for k in hints if k in keys])
        raise TypeError(f"cannot describe {cls!r}: not an enum, a dataclass or a TypedDict")

    def schema(self, tp: Any) -> Schema:
        """The schema of one annotation."""
        origin, args = typing.get_origin(tp), typing.get_args(tp)
        if origin is typing.Annotated:
            return self._annotated(args[0], args[1:])
        if origin in (typing.NotRequired, typing.Required):  # a TypedDict's; its `required` says it
            return self.schema(args[0])
        if tp is Any:
            return {}
        simple = _SIMPLE.get(tp)
        if simple is not None:
            return {"type": simple}
        if isinstance(tp, type) and (issubclass(tp, enum.Enum) or dataclasses.is_dataclass(tp)):
            return self.ref(tp, name=None)
        if isinstance(tp, type) and typing.is_typeddict(tp):
            return self.ref(tp, name=None)
        if origin is typing.Literal:
            return {"enum": list(args)}
        if origin in (typing.Union, types.UnionType):
            return self._union(args)
        if origin in (tuple, list, frozenset):
            return self._array(origin, args)
        if origin in (dict, Mapping):
            return self._mapping(args[0], args[1])
        raise TypeError(f"the schema generator does not support {tp!r}")

    def _annotated(self, tp: Any, extras: tuple[Any, ...]) -> Schema:
        precise = [x for x in extras if isinstance(x, type) or typing.get_origin(x) is not None]
        out = self.schema(precise[0] if precise else tp)
        notes = [x for x in extras if isinstance(x, str)]
        return out | {"description": " ".join(notes)} if notes else out

    def _union(self, args: tuple[Any, ...]) -> Schema:
        members = [self.schema(a) for a in args]
        if all(set(m) == {"type"} and isinstance(m["type"], str) for m in members):
            return {"type": [m["type"] for m in members]}  # ["string", "null"] reads better than anyOf
        return {"anyOf": members}

    def _array(self, origin: Any, args: tuple[Any, ...]) -> Schema:
        if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
            items = [self.schema(a) for a in args]
            return {"type": "array", "prefixItems": items, "minItems": len(items), "maxItems": len(items)}
        out: Schema = {"type": "array", "items": self.schema(args[0])}
        return out | {"uniqueItems": True} if origin is frozenset else out

    def _mapping(self, key: Any, value: Any) -> Schema:
        out: Schema = {"type": "object", "additionalProperties": self.schema(value)}
        names = self.schema(key)
        return out if names == {"type": "string"} else out | {"propertyNames": names}


_SIMPLE: dict[Any, str] = {bool: "boolean", int: "integer", str: "string", type(None): "null"}


def _enum(cls: type[enum.Enum]) -> Schema:
    values = [m.value for m in cls]
    kinds = {_SIMPLE[type(v)] if not isinstance(v, str) else "string" for v in values}
    return {"type": kinds.pop() if len(kinds) == 1 else sorted(kinds), "enum": values}


def _object(props: dict[str, Schema], required: list[str]) -> Schema:
    return {"type": "object", "properties": props, "required": required, "additionalProperties": False}


def _default(f: dataclasses.Field[Any]) -> Schema:
    if f.default is dataclasses.MISSING:
        return {}
    value = f.default.value if isinstance(f.default, enum.Enum) else f.default
    return {"default": list(value) if isinstance(value, tuple) else value}


def _doc(cls: type) -> str:
    """The class's own docstring, first paragraph, on one line (not one it inherits or dataclasses makes up)."""
    doc = cls.__dict__.get("__doc__")
    if not doc or doc.startswith(f"{cls.__name__}("):  # dataclasses' "Name(field: type, ...)"
        return ""
    return " ".join(doc.strip().split("\n\n")[0].split())
