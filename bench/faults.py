"""Storage faults under a real ``partie serve``, checked against acknowledged moves.

Usage: python bench/faults.py        (root: the database sits on a small tmpfs)

Each fault runs on its own server and database, on a small tmpfs made full for real:
the disk full during ``start``, during ``again``, during people's moves, during bots'
moves; the database file deleted while tables play; a corrupted file at start. A move
is acknowledged when a page sees it in a ``table`` message (the server sends nothing
before the write is committed). Afterwards the server is restarted on the same file
and the stored games are read back:

- ``lost``: acknowledged moves storage does not hold (at their place);
- ``duplicated``: moves refused with ``storage_error`` that storage holds all the same
  (the player, told "nothing changed", would play them twice);
- ``stuck_tables``: bot tables that do not move within 10 s once space is back, or
  after the restart.

Prints one JSON object: ``faults`` (one entry per fault with what it saw), ``lost``,
``duplicated``, ``stuck_tables``.
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
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

STUCK_SECONDS = 10.0


class Disk:
    """A small tmpfs, filled and freed for real."""

    def __init__(self, where: Path, size_kb: int = 8192) -> None:
        self.where = where
        where.mkdir(parents=True, exist_ok=True)
        subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size_kb}k", "tmpfs", str(where)], check=True
        )
        self.filler = where / "filler"

    def fill(self) -> None:
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

    def close(self) -> None:
        subprocess.run(["umount", "-l", str(self.where)], check=False)


class Server:
    def __init__(self, db: Path) -> None:
        command = [sys.executable, "-m", "partie", "serve", "--port", "0", "--no-warm"]
        command += ["--db", f"sqlite:///{db}", "--bot-pause", "0.05"]
        self.proc = subprocess.Popen(
            command,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert self.proc.stdout is not None
        said = []
        for line in self.proc.stdout:  # log lines may come before the address
            said.append(line)
            found = re.search(r"http://localhost:(\d+)/", line)
            if found:
                break
        else:
            raise RuntimeError("partie serve did not start: " + "".join(said)[-500:])
        self.port = int(found.group(1))
        self.ws = f"ws://127.0.0.1:{self.port}/ws"
        self.output = said
        # Read what it logs, so that a full pipe never blocks it.
        threading.Thread(target=self.output.extend, args=(self.proc.stdout,), daemon=True).start()

    def create(self, seats: list[dict[str, Any]]) -> tuple[str, str]:
        body = {"game": "the-game", "options": {"players": 2}, "seats": seats}
        data = httpx.post(f"http://127.0.0.1:{self.port}/api/tables", json=body).json()
        return data["code"], data["owner_token"]

    def status(self) -> dict[str, Any]:
        return httpx.get(f"http://127.0.0.1:{self.port}/api/status").json()

    def stop(self) -> None:
        self.proc.send_signal(2)
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


class Ledger:
    """Acknowledged moves by (code, game number, index); refused ones; versions seen."""

    def __init__(self) -> None:
        self.acked: dict[tuple[str, int, int], Any] = {}
        self.refused: dict[tuple[str, int, int], Any] = {}
        self.version: dict[str, int] = {}
        self.status: dict[str, str] = {}

    def saw(self, msg: dict[str, Any]) -> None:
        table = msg["table"]
        code, version = table["code"], msg["version"]
        self.version[code] = version
        self.status[code] = table["status"]
        last = msg.get("last")
        if last and version > 0:
            self.acked[(code, table["game_no"], version - 1)] = last["action"]


class Page:
    """One websocket page at a table (a seat's token, the owner's, or none)."""

    def __init__(self, ws: Any, ledger: Ledger) -> None:
        self.ws = ws
        self.ledger = ledger
        self.msg: dict[str, Any] | None = None

    @classmethod
    async def open(cls, server: Server, code: str, token: str | None, ledger: Ledger) -> Page:
        page = cls(await connect(server.ws), ledger)
        await page.send(type="hello", table=code, token=token)
        await page.until("table")
        return page

    async def send(self, **message: Any) -> None:
        await self.ws.send(json.dumps(message))

    async def until(self, kind: str, timeout: float = 30.0) -> dict[str, Any]:
        while True:
            msg = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
            if msg["type"] == "table":
                self.msg = msg
                self.ledger.saw(msg)
            if msg["type"] == kind:
                return msg

    async def act(self) -> str:
        """Seat 0 plays its first legal play (or ends its turn): ``"ok"`` once seen,
        ``"refused"`` on storage_error (the move remembered as refused)."""
        while True:
            msg = self.msg
            assert msg is not None
            view = msg["view"]
            if msg["table"]["status"] != "playing":
                return "over"
            if view and 0 in view["to_act"] and msg["legal"]:
                break
            await self.until("table")
        legal = msg["legal"]
        action = next((a for a in legal if a["type"] == "play"), legal[0])
        before = msg["version"]
        await self.send(type="act", version=before, action=action)
        while True:
            got = json.loads(await asyncio.wait_for(self.ws.recv(), 30))
            if got["type"] == "table":
                self.msg = got
                self.ledger.saw(got)
                if got["version"] > before:
                    return "ok"
            elif got["type"] == "refused":
                key = (msg["table"]["code"], msg["table"]["game_no"], before)
                self.ledger.refused[key] = action
                return "refused" if got["code"] == "storage_error" else got["code"]

    async def close(self) -> None:
        await self.ws.close()


async def answer(page: Page) -> str:
    """The code of the refusal an owner's control got, or ``"accepted"`` when the
    table changed instead (a write may still fit in space SQLite had kept)."""
    before = page.msg
    while True:
        msg = json.loads(await asyncio.wait_for(page.ws.recv(), 30))
        if msg["type"] == "refused":
            return str(msg["code"])
        if msg["type"] == "table":
            page.msg = msg
            page.ledger.saw(msg)
            if before is None or (msg["table"]["status"], msg["table"]["game_no"]) != (
                before["table"]["status"],
                before["table"]["game_no"],
            ):
                return "accepted"


async def seated_table(server: Server, ledger: Ledger) -> tuple[str, Page]:
    code, owner = server.create([{}, {"bot": "greedy"}])
    page = await Page.open(server, code, owner, ledger)
    await page.send(type="sit", seat=0, name="Ana")
    await page.until("seated")
    return code, page


async def moves(page: Page, count: int) -> list[str]:
    return [await page.act() for _ in range(count)]


async def advances(server: Server, code: str, ledger: Ledger) -> bool:
    """Whether a bot table moves (or ends) within ``STUCK_SECONDS``."""
    page = await Page.open(server, code, None, ledger)
    first = page.msg
    assert first is not None
    if first["table"]["status"] != "playing":
        await page.close()
        return True
    try:
        while True:
            msg = await page.until("table", STUCK_SECONDS)
            if msg["version"] > first["version"] or msg["table"]["status"] != "playing":
                return True
    except TimeoutError:
        return False
    finally:
        await page.close()


async def fault_start(server: Server, disk: Disk, ledger: Ledger) -> dict[str, Any]:
    code, page = await seated_table(server, ledger)
    disk.fill()
    await page.send(type="start")
    refused = await answer(page)
    disk.free()
    if refused != "accepted":
        await page.send(type="start")
    while page.msg is None or page.msg["table"]["status"] != "playing":
        await page.until("table")
    played = await moves(page, 6)
    await page.close()
    return {"answer": refused, "moves": played, "tables": [code]}


async def fault_again(server: Server, disk: Disk, ledger: Ledger) -> dict[str, Any]:
    code, owner = server.create([{"bot": "greedy"}, {"bot": "greedy"}])
    page = await Page.open(server, code, owner, ledger)
    await page.send(type="start")
    while page.msg is None or page.msg["table"]["status"] != "over":
        await page.until("table", 60)
    disk.fill()
    await page.send(type="again", same_deal=False)
    refused = await answer(page)
    disk.free()
    if refused != "accepted":
        await page.send(type="again", same_deal=False)
    while page.msg["table"]["game_no"] != 1:
        await page.until("table")
    await page.close()
    return {"answer": refused, "tables": [code]}


async def fault_actions(server: Server, disk: Disk, ledger: Ledger) -> dict[str, Any]:
    code, page = await seated_table(server, ledger)
    await page.send(type="start")
    while page.msg is None or page.msg["table"]["status"] != "playing":
        await page.until("table")
    played = await moves(page, 4)
    disk.fill()
    played += await moves(page, 3)
    disk.free()
    played += await moves(page, 4)
    await page.close()
    return {"moves": played, "tables": [code]}


async def fault_bots(server: Server, disk: Disk, ledger: Ledger) -> dict[str, Any]:
    codes = []
    for _ in range(8):
        code, owner = server.create([{"bot": "greedy"}, {"bot": "greedy"}])
        page = await Page.open(server, code, owner, ledger)
        await page.send(type="start")
        await page.until("table")
        await page.close()
        codes.append(code)
    await asyncio.sleep(0.3)
    disk.fill()
    # SQLite may still write into room its log kept from before: the bots play on until
    # it is used up and writes fail (the server says so), then 2 s more.
    failing = False
    for _ in range(150):
        failing = not server.status().get("storage", {"writes_ok": False})["writes_ok"]
        if failing:
            break
        await asyncio.sleep(0.1)
    await asyncio.sleep(2.0)
    disk.free()
    moving = await asyncio.gather(*(advances(server, code, ledger) for code in codes))
    stuck = [code for code, ok in zip(codes, moving, strict=True) if not ok]
    return {"tables": codes, "writes_failed": failing, "stuck": stuck}


async def fault_deleted(server: Server, disk: Disk, ledger: Ledger) -> dict[str, Any]:
    code, page = await seated_table(server, ledger)
    await page.send(type="start")
    while page.msg is None or page.msg["table"]["status"] != "playing":
        await page.until("table")
    await moves(page, 3)
    db = disk.where / "partie.sqlite3"
    saved = ledger.version[code]
    for suffix in ("", "-wal", "-shm"):
        Path(f"{db}{suffix}").unlink(missing_ok=True)
    after = await moves(page, 3)
    await page.close()
    noticed = None
    for _ in range(50):
        noticed = server.status().get("storage", {}).get("lost")
        if noticed:
            break
        await asyncio.sleep(0.1)
    acked_after = ledger.version[code] - saved
    return {"moves_after": after, "acked_after_delete": acked_after, "noticed": bool(noticed)}


def stored_games(db: Path) -> dict[tuple[str, int], list[Any]]:
    with sqlite3.connect(db) as con:
        rows = con.execute("SELECT code, game_no, idx, action FROM actions ORDER BY idx")
        games: dict[tuple[str, int], list[Any]] = {}
        for code, game_no, idx, action in rows:
            games.setdefault((code, game_no), []).append((idx, json.loads(action)))
    return games


def check(db: Path, ledger: Ledger) -> tuple[int, int]:
    stored = {
        (code, game_no, idx): action
        for (code, game_no), actions in stored_games(db).items()
        for idx, action in actions
    }
    lost = sum(1 for key, action in ledger.acked.items() if stored.get(key) != action)
    duplicated = sum(
        1
        for key, action in ledger.refused.items()
        if stored.get(key) == action and ledger.acked.get(key) != action
    )
    return lost, duplicated


def run_disk_fault(name: str, scenario: Any, folder: Path) -> dict[str, Any]:
    disk = Disk(folder / name)
    db = disk.where / "partie.sqlite3"
    ledger = Ledger()
    try:
        server = Server(db)
        try:
            seen = asyncio.run(scenario(server, disk, ledger))
        except Exception as exc:  # the server did not answer as it should: a stuck table
            seen = {"error": f"{type(exc).__name__}: {exc}"[:200], "tables": [], "stuck": ["?"]}
        finally:
            disk.free()
            server.stop()
        if name == "file deleted":
            lost = seen.get("acked_after_delete", 0)  # in a file nobody can read
            return {"fault": name, **seen, "lost": lost, "duplicated": 0, "stuck": 0}
        lost, duplicated = check(db, ledger)
        server = Server(db)  # a restart on the same file: bot tables must move again
        try:
            bots = [
                c
                for c in seen["tables"]
                if ledger.status.get(c) == "playing" and c in seen["tables"]
            ]
            moving = asyncio.run(_all_advance(server, bots, ledger))
        finally:
            server.stop()
        stuck = len(seen.get("stuck", [])) + moving.count(False)
        return {"fault": name, **seen, "lost": lost, "duplicated": duplicated, "stuck": stuck}
    finally:
        disk.close()


async def _all_advance(server: Server, codes: list[str], ledger: Ledger) -> list[bool]:
    bots = []
    for code in codes:
        data = httpx.get(f"http://127.0.0.1:{server.port}/api/tables/{code}").json()
        if all(seat["kind"] == "bot" for seat in data["seats"]):
            bots.append(code)
    return list(await asyncio.gather(*(advances(server, code, ledger) for code in bots)))


def corrupted_at_start(folder: Path) -> dict[str, Any]:
    db = folder / "corrupted.sqlite3"
    with sqlite3.connect(db) as con:
        con.execute("CREATE TABLE t (x)")
    with open(db, "r+b") as out:
        out.write(b"not a database!\0")
    done = subprocess.run(
        [sys.executable, "-m", "partie", "serve", "--port", "0", "--db", f"sqlite:///{db}"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    lines = (done.stdout + done.stderr).strip().splitlines()
    ok = done.returncode == 2 and len(lines) == 1
    return {
        "fault": "corrupted file at start",
        "exit": done.returncode,
        "lines": len(lines),
        "ok": ok,
        "lost": 0,
        "duplicated": 0,
        "stuck": 0,
    }


def main() -> None:
    faults = []
    with tempfile.TemporaryDirectory() as name:
        folder = Path(name)
        for fault, scenario in (
            ("disk full during start", fault_start),
            ("disk full during again", fault_again),
            ("disk full during actions", fault_actions),
            ("disk full during bots", fault_bots),
            ("file deleted", fault_deleted),
        ):
            started = time.monotonic()
            faults.append(run_disk_fault(fault, scenario, folder))
            faults[-1]["seconds"] = round(time.monotonic() - started, 1)
        faults.append(corrupted_at_start(folder))
    out = {
        "faults": faults,
        "lost": sum(f["lost"] for f in faults),
        "duplicated": sum(f["duplicated"] for f in faults),
        "stuck_tables": sum(f["stuck"] for f in faults),
    }
    print(json.dumps(out, ensure_ascii=False))


if __name__ == "__main__":
    main()
