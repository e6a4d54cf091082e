"""Helpers of the server tests: the app in-process (Starlette's test client), the real
``partie serve`` in a subprocess, and a websocket page that keeps what it received."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from starlette.testclient import TestClient

from partie.server.app import ServerConfig, create_app
from partie.server.limits import RATES, Rate

OPEN = {kind: Rate(1e6, 10**7, "x", "x") for kind in RATES}
"""Allowances per address wide open: every page of a test client has one address
("testclient"); the tests of those allowances pass ``rates=RATES``."""


def make_client(db: Path, **config: Any) -> TestClient:
    settings = {"bot_pause": 0.0, "warm_bots": False, "rates": OPEN, **config}
    return TestClient(create_app(ServerConfig(db=f"sqlite:///{db}", **settings)))


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


def sit_and_start(page: Page, code: str, owner: str, name: str = "Alice") -> dict[str, Any]:
    """The owner's page says hello, takes seat 0 and starts; the first message with a view."""
    page.hello(code, owner)
    page.send(type="sit", seat=0, name=name)
    page.until("seated")
    page.send(type="start")
    return page.until("table", lambda m: m["view"] is not None)


def new_table(client: TestClient, **body: Any) -> tuple[str, str]:
    answer = client.post("/api/tables", json={"game": "the-game", **body})
    assert answer.status_code == 201, answer.text
    data = answer.json()
    return data["code"], data["owner_token"]


class LiveServer:
    """``partie serve`` in a subprocess on a free port, as a user starts it."""

    def __init__(self, db: Path, *args: str) -> None:
        self.db = db
        self.args = args
        self.proc: subprocess.Popen[str] | None = None
        self.port = 0

    def start(self) -> LiveServer:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "partie",
                "serve",
                "--port",
                "0",
                "--db",
                f"sqlite:///{self.db}",
                "--bot-pause",
                "0",
                "--no-warm",
                *self.args,
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        found = re.search(r"http://localhost:(\d+)/", line)
        assert found, f"partie serve printed: {line!r}"
        self.port = int(found.group(1))
        self._wait_ready()
        return self

    def _wait_ready(self) -> None:
        import httpx

        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url("/api/tables"), timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.05)
        raise AssertionError("the server did not answer")

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    @property
    def ws(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def stop(self) -> str:
        """Stop as Ctrl-C does; returns what the server printed."""
        assert self.proc is not None
        self.proc.send_signal(2)
        try:
            out, _ = self.proc.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            out, _ = self.proc.communicate()
        return out or ""

    def __enter__(self) -> LiveServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.stop()


class SmallDisk:
    """A small tmpfs mounted for one test (root only), which ``fill`` makes full for
    real: SQLite then fails its writes as on a full disk, with no mock in between."""

    def __init__(self, where: Path, size_kb: int = 4096) -> None:
        self.where = where
        self.size_kb = size_kb
        self.filler = where / "filler"

    def __enter__(self) -> SmallDisk:
        self.where.mkdir(parents=True, exist_ok=True)
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={self.size_kb}k", "tmpfs", str(self.where)],
            capture_output=True,
            check=False,
        )
        if done.returncode != 0:
            import pytest

            pytest.skip("a small disk needs root (mount -t tmpfs)")
        return self

    def fill(self) -> None:
        """Take every free byte."""
        fd = os.open(self.filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND)
        try:
            for size in (1 << 20, 65536, 4096, 512, 1):
                chunk = b"\0" * size
                try:
                    while os.write(fd, chunk) > 0:
                        pass
                except OSError:
                    pass
        finally:
            os.close(fd)

    def free(self) -> None:
        self.filler.unlink(missing_ok=True)

    def __exit__(self, *exc: object) -> None:
        subprocess.run(["umount", "-l", str(self.where)], capture_output=True, check=False)
