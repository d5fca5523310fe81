"""Issue 33: the Python dependencies are locked with hashes (requirements/dev.lock), and the lock is not stale: every
pin of either pyproject.toml is in it at the same version (`make lock` re-resolves it after a pin changes)."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PIN = re.compile(r"^([A-Za-z0-9_.-]+)(?:\[[^\]]*\])?==([^\s;#]+)")


def _name(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _locked() -> dict[str, str]:
    found: dict[str, str] = {}
    lines = (ROOT / "requirements" / "dev.lock").read_text().splitlines()
    for i, line in enumerate(lines):
        match = PIN.match(line)
        if match:
            assert line.endswith("\\") and "--hash=sha256:" in lines[i + 1], f"{match[1]} is locked without a hash"
            found[_name(match[1])] = match[2]
    return found


def test_every_pin_is_locked_at_its_version_with_a_hash() -> None:
    locked = _locked()
    pins: dict[str, str] = {}
    for project in (ROOT / "pyproject.toml", ROOT / "clients" / "python" / "pyproject.toml"):
        meta = tomllib.loads(project.read_text())["project"]
        for spec in [*meta["dependencies"], *meta.get("optional-dependencies", {}).get("dev", [])]:
            match = PIN.match(spec)
            assert match, f"{project.name}: {spec!r} is not pinned with =="
            if _name(match[1]) != "playledger-client":  # the local SDK, installed from clients/python
                pins[_name(match[1])] = match[2]
    stale = {name: (version, locked.get(name)) for name, version in pins.items() if locked.get(name) != version}
    assert not stale, f"requirements/dev.lock is stale (pin, locked): {stale}; run `make lock`"
    assert len(locked) > len(pins)  # what the pins pull in is locked too
