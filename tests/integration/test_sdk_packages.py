"""Issue 36: both SDKs install into an app of their own from the packages `make sdks` builds (a wheel, an npm
tarball), and each SDK's ten-line example (clients/*/examples/, shown in the READMEs) runs against a real server."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.server import ServerProcess, free_port

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> ServerProcess:
    store = tmp_path_factory.mktemp("sdks") / "s.db"
    srv = ServerProcess(f"sqlite:///{store}", free_port())
    srv.start()
    yield srv  # type: ignore[misc]
    srv.stop()


def _run(*command: str, cwd: Path, env: dict[str, str] | None = None) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, f"{' '.join(command)}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_the_python_wheel_installs_into_an_app_and_its_example_runs(server: ServerProcess, tmp_path: Path) -> None:
    _run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation", "-w", str(tmp_path),
         str(ROOT / "clients/python"), cwd=tmp_path)  # fmt: skip
    wheel = next(tmp_path.glob("playledger_client-*.whl"))
    site = tmp_path / "app" / "site"
    _run(
        sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--target", str(site), str(wheel), cwd=tmp_path
    )
    example = tmp_path / "app" / "quickstart.py"
    shutil.copy(ROOT / "clients/python/examples/quickstart.py", example)
    env = {**os.environ, "PYTHONPATH": str(site), "PLAYLEDGER_SERVER": server.target}
    where = _run(
        sys.executable, "-c", "import playledger_client; print(playledger_client.__file__)", cwd=example.parent, env=env
    )
    assert where.startswith(str(site)), f"the app imported the SDK from {where}, not from the wheel"
    out = _run(sys.executable, str(example), cwd=example.parent, env=env).splitlines()
    assert out and all(line.split()[0].isdigit() for line in out), out  # version, type, data per event


def test_the_npm_package_installs_into_an_app_and_its_example_runs(server: ServerProcess, tmp_path: Path) -> None:
    npm = shutil.which("npm")
    assert npm is not None, "npm is needed (Node.js 20 with npm 11)"
    ts = ROOT / "clients/ts"
    _run(npm, "run", "--silent", "build", cwd=ts)
    _run(npm, "pack", "--silent", "--pack-destination", str(tmp_path), cwd=ts)
    tarball = next(tmp_path.glob("playledger-client-*.tgz"))
    app = tmp_path / "app"
    app.mkdir()
    (app / "package.json").write_text(json.dumps({"name": "an-app", "private": True, "type": "module"}))
    _run(npm, "install", "--no-audit", "--no-fund", "--prefer-offline", str(tarball), cwd=app)
    shutil.copy(ts / "examples/quickstart.mjs", app / "quickstart.mjs")
    out = _run("node", "quickstart.mjs", cwd=app, env={**os.environ, "PLAYLEDGER_SERVER": server.target}).splitlines()
    assert out and all(line.split()[0].isdigit() for line in out), out
