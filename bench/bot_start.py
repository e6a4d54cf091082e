"""How soon bots play after ``partie serve`` starts, with numba's cache warm and empty.

Usage: python bench/bot_start.py

A first server (no warm-up) creates bot tables and starts them, then is killed, as a
crash would: the tables are stored mid-game. For each bot (``heuristic``, the C build;
``best``, numba) and each cache (``warm``: the usual one; ``fresh``: an empty
``NUMBA_CACHE_DIR``), a new server starts on that database and the time is taken from
its start to the first page served (``/api/status`` answers) and to the first bot move
on that table (a spectator's ``table`` message past the stored moves; a move made
before the spectator's page opened counts when it opens: an upper bound). Prints one JSON
object: ``runs``, one ``{bot, cache, first_page_s, first_move_s, after_page_s}`` each.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import sqlite3
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

BOTS = ("heuristic", "best")


def serve(db: Path, *args: str, env: dict[str, str] | None = None) -> tuple[Any, int]:
    command = [sys.executable, "-m", "partie", "serve", "--port", "0", "--db", f"sqlite:///{db}"]
    proc = subprocess.Popen(
        [*command, *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1", **(env or {})},
    )
    assert proc.stdout is not None
    found = re.search(r"http://localhost:(\d+)/", proc.stdout.readline())
    assert found, "partie serve did not start"
    return proc, int(found.group(1))


def stored_moves(db: Path, code: str) -> int:
    with sqlite3.connect(db) as con:
        row = con.execute("SELECT count(*) FROM actions WHERE code = ?", (code,)).fetchone()
    return int(row[0])


async def first_move(port: int, code: str, before: int, limit: float = 900) -> None:
    """Until a spectator sees the table past its stored ``before`` moves (a move made
    before the spectator came in counts when it comes in: an upper bound)."""
    async with connect(f"ws://127.0.0.1:{port}/ws") as ws:
        await ws.send(json.dumps({"type": "hello", "table": code}))
        while True:
            msg = json.loads(await asyncio.wait_for(ws.recv(), limit))
            if msg["type"] == "table" and msg["version"] > before:
                return


def prepare(db: Path) -> dict[str, str]:
    """A bot table per bot, started, then the server killed mid-game."""
    proc, port = serve(db, "--no-warm", "--bot-pause", "5")
    codes = {}
    try:
        for bot in BOTS:
            body = {"game": "the-game", "options": {"players": 2}, "seats": [{"bot": bot}] * 2}
            data = httpx.post(f"http://127.0.0.1:{port}/api/tables", json=body).json()
            codes[bot] = data["code"]

            async def start(code: str = data["code"], owner: str = data["owner_token"]) -> None:
                async with connect(f"ws://127.0.0.1:{port}/ws") as ws:
                    await ws.send(json.dumps({"type": "hello", "table": code, "token": owner}))
                    await ws.send(json.dumps({"type": "start"}))
                    while True:
                        msg = json.loads(await ws.recv())
                        if msg["type"] == "table" and msg["table"]["status"] == "playing":
                            return

            asyncio.run(start())
    finally:
        proc.kill()
        proc.wait()
    return codes


def one_run(db: Path, code: str, env: dict[str, str]) -> dict[str, float]:
    before = stored_moves(db, code)
    started = time.monotonic()
    proc, port = serve(db, "--bot-pause", "0", env=env)
    try:
        while True:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/api/status", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.01)
        page = time.monotonic() - started
        asyncio.run(first_move(port, code, before))
        move = time.monotonic() - started
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    return {"first_page_s": round(page, 2), "first_move_s": round(move, 2)}


def main() -> None:
    runs = []
    with tempfile.TemporaryDirectory() as folder:
        for cache in ("warm", "fresh"):
            for bot in BOTS:
                db = Path(folder) / f"{cache}-{bot}.sqlite3"
                codes = prepare(db)
                env = {}
                if cache == "fresh":
                    empty = Path(folder) / f"numba-{bot}"
                    empty.mkdir()
                    env["NUMBA_CACHE_DIR"] = str(empty)
                got = one_run(db, codes[bot], env)
                after = round(got["first_move_s"] - got["first_page_s"], 2)
                runs.append({"bot": bot, "cache": cache, **got, "after_page_s": after})
    print(json.dumps({"runs": runs}))


if __name__ == "__main__":
    main()
