"""The real app on a real SQLite file, driven through Starlette's test client."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from partie.server.app import ServerConfig, create_app


def make_client(db: Path, **config: Any) -> TestClient:
    settings = {"bot_pause": 0.0, "warm_bots": False, **config}
    return TestClient(create_app(ServerConfig(db=f"sqlite:///{db}", **settings)))


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "partie.sqlite3"


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    with make_client(db) as c:
        yield c


class Page:
    """One websocket connection that keeps every message it received, in order."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.got: list[dict[str, Any]] = []

    def send(self, **message: Any) -> None:
        self.ws.send_text(json.dumps(message))

    def recv(self) -> dict[str, Any]:
        message = json.loads(self.ws.receive_text())
        self.got.append(message)
        return message

    def until(self, kind: str, test: Any = None) -> dict[str, Any]:
        """Read until a message of ``kind`` (that passes ``test``) arrives."""
        for _ in range(10_000):
            message = self.recv()
            if message["type"] == kind and (test is None or test(message)):
                return message
        raise AssertionError(f"no {kind} message")

    def hello(self, code: str, token: str | None = None, lang: str = "fr") -> dict[str, Any]:
        self.send(type="hello", table=code, token=token, lang=lang)
        welcome = self.until("welcome")
        self.until("table")
        return welcome


def new_table(client: TestClient, **body: Any) -> tuple[str, str]:
    answer = client.post("/api/tables", json={"game": "the-game", **body})
    assert answer.status_code == 201, answer.text
    data = answer.json()
    return data["code"], data["owner_token"]
