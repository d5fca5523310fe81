"""The chain's shortcuts for speed hash exactly as the canonical JSON they stand for (issue 16.6)."""

from __future__ import annotations

import pytest

from service.ledger import chain, codec


def _canonical(version: object, kind: object, commitment: object, prev: object) -> str:
    body = {"chain": chain.FORMAT_2, "version": version, "kind": kind, "commitment": commitment, "prev_hash": prev}
    return codec.chain_hash(body)


@pytest.mark.parametrize(
    ("version", "kind", "commitment", "prev"),
    [
        (2, "EventRecorded", "ab" * 32, codec.GENESIS),
        (10**12, "SeedRevealed", "0f" * 32, "e3" * 32),
        (3, "EndedByRuling", "", ""),
        (4, "EventRecorded", "ab" * 32, 'x", "version": 99'),  # a tampered prev_hash: escaped, not spliced
        (5, "EventRecorded", "ab" * 32, "é"),
        (True, "EventRecorded", "ab" * 32, "cd" * 32),  # a bool is not an int in JSON
        (6, "EventRecorded", None, "cd" * 32),
        (7.0, "EventRecorded", "ab" * 32, "cd" * 32),
    ],
)
def test_a_format_2_link_hashes_as_its_canonical_json(
    version: object, kind: object, commitment: object, prev: object
) -> None:
    assert chain.link_of_commitment(version, kind, commitment, prev) == _canonical(version, kind, commitment, prev)  # type: ignore[arg-type]


def test_a_tampered_prev_hash_changes_the_link() -> None:
    good = chain.link_of_commitment(2, "EventRecorded", "ab" * 32, "cd" * 32)
    assert chain.link_of_commitment(2, "EventRecorded", "ab" * 32, "cd" * 31 + "ce") != good


def test_to_json_and_canonical_json_keep_their_output() -> None:
    from dataclasses import dataclass
    from enum import Enum, StrEnum

    class Color(StrEnum):
        RED = "red"

    class Size(Enum):
        BIG = 3

    @dataclass(frozen=True)
    class Inner:
        only: int

    @dataclass(frozen=True)
    class Outer:
        color: Color
        size: Size
        items: tuple[int, ...]
        tags: frozenset[str]
        inner: Inner
        table: dict[str, list[int]]
        none: None = None

    value = Outer(Color.RED, Size.BIG, (1, 2), frozenset({"b", "a"}), Inner(5), {"k": [1]})
    expected = {
        "color": "red",
        "size": 3,
        "items": [1, 2],
        "tags": ["a", "b"],
        "inner": {"only": 5},
        "table": {"k": [1]},
        "none": None,
    }
    assert codec.to_json(value) == expected
    assert codec.canonical_json({"é": 1, "a": [True, None]}) == '{"a":[true,null],"é":1}'
    with pytest.raises(TypeError, match="cannot encode"):
        codec.to_json(object())
