"""Rules objects <-> JSON-native dicts, canonical JSON, and the hash chain.

Commands and events are frozen dataclasses whose fields are built from int,
bool, str, None, enums, tuples, frozensets, dicts with str keys and nested
dataclasses. Encoding is by field; decoding is driven by the type hints, so a
value read from the store or from the wire (where protobuf's Struct turns every
number into a float) comes back as exactly the type the rules declared.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
import json
import types
import typing
from collections.abc import Callable, Mapping
from functools import cache
from operator import attrgetter
from typing import Any

# prev_hash of the first link; the chain then starts at the game's header hash.
GENESIS = "0" * 64


class CodecError(ValueError):
    """A value that does not fit the declared type (a malformed request, or a damaged record)."""


def encode(obj: Any) -> tuple[str, dict[str, Any]]:
    """A command or event as (class name, JSON-native field dict)."""
    if not dataclasses.is_dataclass(obj) or isinstance(obj, type):
        raise TypeError(f"not a rules message: {obj!r}")
    return type(obj).__name__, to_json(obj)


def decode(types_by_name: Mapping[str, type], name: str, data: Mapping[str, Any], where: str | None = None) -> Any:
    """Rebuild a command or event from its name and JSON-native fields; `where` names it in errors."""
    cls = types_by_name.get(name)
    if cls is None:
        raise CodecError(f"unknown type {name!r}; expected one of {sorted(types_by_name)}")
    return _decoder(cls)(data, where or name)


def to_json(value: Any) -> Any:
    """Any rules value as JSON-native data (dicts, lists, str, int, bool, None)."""
    cls: type = type(value)
    return _encoder(cls)(value)


def canonical_json(value: Any) -> str:
    return _canonical(value)


# One encoder for every call: json.dumps with options builds a new JSONEncoder each time.
_canonical = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode


@cache
def _encoder(cls: type) -> Callable[[Any], Any]:
    """How to encode a value of this exact class, chosen once: the audit encodes every event it re-decides."""
    if cls is type(None) or issubclass(cls, (bool, int, str)):
        return _enum_value if issubclass(cls, enum.Enum) else _same
    if issubclass(cls, enum.Enum):
        return _enum_value
    if dataclasses.is_dataclass(cls):
        return _dataclass_encoder(tuple(f.name for f in _fields(cls)))
    if issubclass(cls, (tuple, list)):
        return _list_encoder
    if issubclass(cls, (frozenset, set)):
        return _set_encoder
    if issubclass(cls, Mapping):
        return _mapping_encoder
    return _not_encodable


def _same(value: Any) -> Any:
    return value


def _enum_value(value: Any) -> Any:
    return value.value


def _dataclass_encoder(names: tuple[str, ...]) -> Callable[[Any], Any]:
    if len(names) < 2:  # attrgetter of one name returns the value itself, not a 1-tuple
        return lambda value: {n: to_json(getattr(value, n)) for n in names}
    get_all = attrgetter(*names)
    return lambda value: dict(zip(names, map(to_json, get_all(value)), strict=True))


def _list_encoder(value: Any) -> Any:
    return [to_json(v) for v in value]


def _set_encoder(value: Any) -> Any:
    return sorted((to_json(v) for v in value), key=_sort_key)


def _mapping_encoder(value: Any) -> Any:
    return {str(k): to_json(v) for k, v in value.items()}


def _not_encodable(value: Any) -> Any:
    raise TypeError(f"cannot encode {type(value).__name__}: {value!r}")


def chain_hash(body: Mapping[str, Any]) -> str:
    """sha256 over the canonical JSON of an envelope body (which includes prev_hash)."""
    return hashlib.sha256(canonical_json(body).encode()).hexdigest()


def schema(cls: type) -> list[dict[str, Any]]:
    """The fields of a command class, for ListGameTypes: name, type in words, and its doc line."""
    hints = _hints(cls)
    return [{"name": f.name, "type": describe_type(hints[f.name])} for f in _fields(cls)]


def describe_type(tp: Any) -> str:
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is int:
        return "integer"
    if tp is bool:
        return "boolean"
    if tp is str:
        return "string"
    if tp is type(None):
        return "null"
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return "one of " + "|".join(str(m.value) for m in tp)
    if origin in (typing.Union, types.UnionType):
        return " or ".join(describe_type(a) for a in args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return f"list of {describe_type(args[0])}"
        return "[" + ", ".join(describe_type(a) for a in args) + "]"
    if origin is frozenset:
        return f"set of {describe_type(args[0])}"
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return "{" + ", ".join(f"{f['name']}: {f['type']}" for f in schema(tp)) + "}"
    return str(tp)


# --- decoding, compiled once per type -------------------------------------------------

Decoder = Callable[[Any, str], Any]


@cache
def _fields(cls: type) -> tuple[dataclasses.Field[Any], ...]:
    return dataclasses.fields(cls)


@cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def _sort_key(v: Any) -> str:
    return canonical_json(v)


@cache
def _decoder(tp: Any) -> Decoder:
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    if tp is Any:
        return lambda v, where: v
    if tp is bool:
        return _decode_bool
    if tp is int:
        return _decode_int
    if tp is str:
        return _decode_str
    if tp is type(None):
        return _decode_none
    if isinstance(tp, type) and issubclass(tp, enum.Enum):
        return _enum_decoder(tp)
    if origin in (typing.Union, types.UnionType):
        return _union_decoder(args)
    if origin is typing.Literal:
        return _literal_decoder(args)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _seq_decoder(_decoder(args[0]), tuple)
        return _fixed_tuple_decoder(tuple(_decoder(a) for a in args))
    if origin is frozenset:
        return _seq_decoder(_decoder(args[0]), frozenset)
    if origin in (dict, Mapping):
        return _dict_decoder(_decoder(args[1]))
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return _dataclass_decoder(tp)
    raise TypeError(f"the codec does not support type {tp!r}")


def _decode_bool(v: Any, where: str) -> bool:
    if isinstance(v, bool):
        return v
    raise CodecError(f"{where}: expected true or false, got {v!r}")


def _decode_int(v: Any, where: str) -> int:
    if isinstance(v, bool):
        raise CodecError(f"{where}: expected a whole number, got {v!r}")
    if isinstance(v, int):
        return v
    if isinstance(v, float) and v.is_integer():  # protobuf Struct carries every number as a double
        return int(v)
    raise CodecError(f"{where}: expected a whole number, got {v!r}")


def _decode_str(v: Any, where: str) -> str:
    if isinstance(v, str):
        return v
    raise CodecError(f"{where}: expected text, got {v!r}")


def _decode_none(v: Any, where: str) -> None:
    if v is None:
        return None
    raise CodecError(f"{where}: expected null, got {v!r}")


def _enum_decoder(cls: type[enum.Enum]) -> Decoder:
    by_value = {m.value: m for m in cls}
    by_name = {m.name: m for m in cls}
    numeric = all(isinstance(m.value, int) for m in cls)

    def decode_enum(v: Any, where: str) -> enum.Enum:
        if numeric and isinstance(v, float) and v.is_integer():
            v = int(v)
        if isinstance(v, (str, int)) and not isinstance(v, bool):
            found = by_value.get(v)
            if found is None and isinstance(v, str):
                found = by_name.get(v)
            if found is not None:
                return found
        raise CodecError(f"{where}: expected one of {[m.value for m in cls]}, got {v!r}")

    return decode_enum


def _union_decoder(args: tuple[Any, ...]) -> Decoder:
    optional = type(None) in args
    rest = [a for a in args if a is not type(None)]
    inner = [_decoder(a) for a in rest]

    def decode_union(v: Any, where: str) -> Any:
        if v is None and optional:
            return None
        errors = []
        for d in inner:
            try:
                return d(v, where)
            except CodecError as exc:
                errors.append(str(exc))
        raise CodecError(errors[0] if len(errors) == 1 else f"{where}: {v!r} fits none of {errors}")

    return decode_union


def _literal_decoder(args: tuple[Any, ...]) -> Decoder:
    def decode_literal(v: Any, where: str) -> Any:
        if v in args:
            return v
        raise CodecError(f"{where}: expected one of {list(args)}, got {v!r}")

    return decode_literal


def _seq_decoder(item: Decoder, make: Callable[[Any], Any]) -> Decoder:
    def decode_seq(v: Any, where: str) -> Any:
        if not isinstance(v, (list, tuple)):
            raise CodecError(f"{where}: expected a list, got {v!r}")
        return make(item(x, f"{where}[{i}]") for i, x in enumerate(v))

    return decode_seq


def _fixed_tuple_decoder(items: tuple[Decoder, ...]) -> Decoder:
    def decode_fixed(v: Any, where: str) -> tuple[Any, ...]:
        if not isinstance(v, (list, tuple)) or len(v) != len(items):
            raise CodecError(f"{where}: expected a list of {len(items)} items, got {v!r}")
        return tuple(d(x, f"{where}[{i}]") for i, (d, x) in enumerate(zip(items, v, strict=True)))

    return decode_fixed


def _dict_decoder(item: Decoder) -> Decoder:
    def decode_dict(v: Any, where: str) -> dict[str, Any]:
        if not isinstance(v, Mapping):
            raise CodecError(f"{where}: expected an object, got {v!r}")
        return {str(k): item(x, f"{where}.{k}") for k, x in v.items()}

    return decode_dict


def _dataclass_decoder(cls: type) -> Decoder:
    hints = _hints(cls)
    fields = [(f.name, _decoder(hints[f.name]), _has_default(f)) for f in _fields(cls)]
    known = {name for name, _, _ in fields}

    def decode_dataclass(v: Any, where: str) -> Any:
        if not isinstance(v, Mapping):
            raise CodecError(f"{where}: expected an object with fields {sorted(known)}, got {v!r}")
        extra = sorted(set(v) - known)
        if extra:
            raise CodecError(f"{where}: unknown field {extra[0]!r}; the fields are {sorted(known)}")
        kwargs = {}
        for name, d, has_default in fields:
            if name in v:
                kwargs[name] = d(v[name], f"{where}.{name}")
            elif not has_default:
                raise CodecError(f"{where}: missing field {name!r}")
        return cls(**kwargs)

    return decode_dataclass


def _has_default(f: dataclasses.Field[Any]) -> bool:
    return f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING
