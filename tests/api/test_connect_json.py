"""Issue 36, JSON clients: over Connect JSON (curl), integers inside Structs stay integers, and an error's ErrorInfo
and BadRequest are readable as JSON ("debug") beside the base64 the Connect protocol requires."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from service.config import Settings
from service.server import Running, start
from tests.support.server import free_port

GAMES = "playledger.v1.GameService"


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Running]:
    running = start(Settings(store=f"sqlite:///{tmp_path / 'j.db'}", port=0, web_port=free_port(), metrics_port=0))
    yield running
    running.stop(0.5)


def post(server: Running, method: str, body: dict[str, Any], token: str | None = None) -> tuple[int, Any]:
    assert server.web is not None
    headers = {"content-type": "application/json", **({"authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(
        f"http://127.0.0.1:{server.web.port}/{GAMES}/{method}", json.dumps(body).encode(), headers
    )
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as refused:
        return refused.code, json.loads(refused.read())


def test_integers_in_views_and_args_stay_integers(server: Running) -> None:
    status, created = post(server, "CreateGame", {"rules": "hare-and-tortoise", "players": ["ann", "bob"]})
    assert status == 200
    name, token = created["game"]["name"], created["seatTokens"][0]["token"]
    _, got = post(server, "GetGame", {"name": name}, token)
    view = got["game"]["view"]
    assert isinstance(view["deck_size"], int) and isinstance(view["race"], int)
    assert all(isinstance(n, int) for n in view["positions"].values())
    assert ".0" not in json.dumps(view)
    _, legal = post(server, "ListLegalCommands", {"game": name}, token)
    assert legal["commands"], legal


def test_an_error_reads_as_json_with_its_reason_facts_and_fields(server: Running) -> None:
    _, created = post(server, "CreateGame", {"rules": "hare-and-tortoise", "players": ["ann", "bob"]})
    name, token = created["game"]["name"], created["seatTokens"][0]["token"]
    status, error = post(
        server,
        "SubmitCommand",
        {"game": name, "commandType": "play_cards", "args": {"cards": [3]}, "requestId": "r1"},
        token,
    )
    assert status == 400 and error["code"] == "invalid_argument"
    debug = {d["type"]: d["debug"] for d in error["details"]}
    assert debug["google.rpc.ErrorInfo"]["reason"] == "BAD_ARGUMENTS"
    assert debug["google.rpc.BadRequest"]["fieldViolations"][0]["field"].startswith("args")
    assert all(d["value"] for d in error["details"])  # the protocol's own form is still there
    status, error = post(
        server,
        "SubmitCommand",
        {"game": name, "commandType": "play_cards", "args": {"cards": []}, "requestId": "r2"},
        token,
    )
    debug = {d["type"]: d["debug"] for d in error["details"]}
    assert error["code"] == "failed_precondition"
    assert set(debug["google.rpc.ErrorInfo"]["metadata"]) >= {"version", "to_act"}
    assert "payload" in debug["playledger.v1.Receipt"]  # the refusal's signed receipt
