"""Every server flag is documented in the README's one configuration table and can be set from PLAYLEDGER_*."""

from __future__ import annotations

import json
import logging
import re

import click
import pytest

from service.api import logs
from service.server import main
from tests.ops.tools import ROOT

OPTIONS = [p for p in main.params if isinstance(p, click.Option)]


def readme_table() -> dict[str, str]:
    """flag -> environment variable, from the rows of README's configuration table."""
    text = (ROOT / "README.md").read_text()
    section = text[text.index("### Configuration") : text.index("## Operations")]
    rows = re.findall(r"^\| `(--[a-z-]+)(?:/--no-[a-z-]+)?` \| `(PLAYLEDGER_[A-Z_]+)` \|", section, re.M)
    return dict(rows)


def test_every_flag_is_in_the_readme_table_with_its_variable() -> None:
    table = readme_table()
    for option in OPTIONS:
        flag = option.opts[0]
        assert flag in table, f"{flag} is missing from the README configuration table"
        assert table[flag] == f"PLAYLEDGER_{option.name.upper()}"  # type: ignore[union-attr]
    assert set(table) == {o.opts[0] for o in OPTIONS}, "the README documents a flag the server does not have"


VALUES = {
    "store": "sqlite:///elsewhere.db",
    "host": "0.0.0.0",
    "port": "6001",
    "metrics_port": "6002",
    "health_port": "6003",
    "tls_cert": "/run/tls/tls.crt",
    "tls_key": "/run/tls/tls.key",
    "tls_client_ca": "/run/tls/ca.crt",
    "processes": "3",
    "workers": "3",
    "max_watchers": "2",
    "web_port": "6004",
    "web_origins": "https://a.example https://b.example:8443",
    "web_root": "/srv/web",
    "receipt_key": "/run/keys/receipts.pem",
    "receipt_key_previous": "/run/keys/old-1.pem /run/keys/old-2.pem.pub",
    "audit_rate": "0.5",
    "organizer_token": "s3cret",
    "grace_seconds": "12.5",
    "readiness_interval": "1.5",
    "max_projection_lag": "42",
    "projections": "false",
    "log_level": "DEBUG",
    "log_format": "json",
}


def test_every_flag_reads_its_environment_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    names = {o.name for o in OPTIONS}
    assert names <= set(VALUES), f"add a value for {sorted(names - set(VALUES))} here"
    for name in names:
        monkeypatch.setenv(f"PLAYLEDGER_{name.upper()}", VALUES[name])  # type: ignore[union-attr]
    with main.make_context("playledger-server", [], auto_envvar_prefix="PLAYLEDGER", resilient_parsing=False) as ctx:
        params = ctx.params
    for name in names:
        expected = VALUES[name]  # type: ignore[index]
        got = params[name]  # type: ignore[index]
        if isinstance(got, tuple):
            assert list(got) == expected.split()
        elif isinstance(got, bool):
            assert got is (expected == "true")
        elif isinstance(got, (int, float)):
            assert got == type(got)(expected)
        else:
            assert str(got) == expected


def test_json_logs_are_one_object_per_line_with_the_request_id(capsys: pytest.CaptureFixture[str]) -> None:
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    try:
        logs.configure("INFO", "json")
        token = logs.REQUEST_ID.set("req-9")
        logging.getLogger("playledger.test").info("hello %s", "world", extra={"grpc_code": "OK"})
        logs.REQUEST_ID.reset(token)
        try:
            raise ValueError("boom")
        except ValueError:
            logging.getLogger("playledger.test").exception("failed")
    finally:
        root.handlers[:] = saved[0]
        root.setLevel(saved[1])
    first, second = (json.loads(line) for line in capsys.readouterr().err.splitlines())
    assert first["message"] == "hello world" and first["request_id"] == "req-9" and first["grpc_code"] == "OK"
    assert first["level"] == "INFO" and first["logger"] == "playledger.test" and first["ts"].endswith("+00:00")
    assert "request_id" not in second and "ValueError: boom" in second["exception"]
    with pytest.raises(ValueError, match="log format must be one of"):
        logs.configure("INFO", "xml")
