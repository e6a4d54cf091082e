"""Round trip of an action on one ``partie serve`` process, with many tables at once.

Usage: python bench/server.py [--tables 200] [--players 3] [--bot heuristic]
       [--games 1] [--seed 1]

Starts ``partie serve`` on a free port with a temporary SQLite file and bot pause 0,
waits for its compiled bots, then opens one websocket client per table for seat 0 (a
person, played here by a greedy bot from the views it receives) while the other seats
are the server's bots. Every table starts at once. An action's round trip is the time
from a client's ``act`` to its next ``table`` message. Prints one JSON object:
tables, p50_ms, p99_ms, errors, actions_per_second (every seat's actions applied by the
server per second of the run), rss_mb (the server's peak resident memory).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from partie.games.the_game.bots import GreedyBot

COMPILED_BOTS = ("heuristic", "best")


def start_server(db: Path, warm: bool = True) -> tuple[subprocess.Popen[str], int]:
    command = [sys.executable, "-m", "partie", "serve", "--port", "0"]
    command += ["--db", f"sqlite:///{db}", "--bot-pause", "0"]
    if not warm:
        command.append("--no-warm")
    proc = subprocess.Popen(
        command,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    found = re.search(r"http://localhost:(\d+)/", line)
    if not found:
        proc.kill()
        raise SystemExit(f"partie serve did not start: {line!r}")
    return proc, int(found.group(1))


def wait_ready(base: str, bots: bool = True, timeout: float = 300) -> float:
    """Seconds until the server answers (and, with ``bots``, its compiled bots are ready)."""
    started = time.monotonic()
    while time.monotonic() - started < timeout:
        try:
            status = httpx.get(base + "/api/status", timeout=5).json()
            if not bots or status["bots_ready"].get("the-game"):
                return time.monotonic() - started
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise SystemExit("the server's bots were not ready in time")


def cpu_seconds(pid: int) -> float:
    """User + system CPU time a process has used so far."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_mb(pid: int) -> float:
    text = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"VmHWM:\s+(\d+) kB", text)
    return round(int(found.group(1)) / 1024, 1) if found else -1.0


class Client:
    """Seat 0 of one table: plays from its views and times each action's round trip."""

    def __init__(self, ws_url: str, code: str, token: str, games: int, seed: int) -> None:
        self.ws_url, self.code, self.token, self.games = ws_url, code, token, games
        self.bot = GreedyBot(seed)
        self.trips: list[float] = []
        self.errors: list[str] = []
        self.actions = 0
        self.ws: Any = None

    async def open(self) -> None:
        self.ws = await connect(self.ws_url, max_size=2**20)
        await self.ws.send(json.dumps({"type": "hello", "table": self.code, "token": self.token}))
        await self.ws.send(json.dumps({"type": "sit", "seat": 0, "name": "bench"}))
        while json.loads(await self.ws.recv())["type"] != "seated":
            pass

    async def run(self) -> None:
        await self.ws.send(json.dumps({"type": "start"}))
        sent_at: float | None = None
        sent_version = -1
        played = 0
        while True:
            try:
                message = json.loads(await asyncio.wait_for(self.ws.recv(), 60))
            except TimeoutError:
                self.errors.append("timeout")
                return
            kind = message["type"]
            if kind == "refused":
                self.errors.append(message["code"])
                sent_at = None
                continue
            if kind != "table" or message["view"] is None:
                continue
            if sent_at is not None and message["version"] > sent_version:
                self.trips.append(time.perf_counter() - sent_at)
                sent_at = None
            view = message["view"]
            if view["over"]:
                self.actions += message["version"]
                played += 1
                if played >= self.games:
                    return
                await self.ws.send(json.dumps({"type": "again", "same_deal": False}))
                continue
            if sent_at is None and 0 in view["to_act"] and message["legal"]:
                starts = [a for a in message["legal"] if a["type"] == "start"]
                action = starts[0] if starts else self.bot.act(view).to_json()
                sent_version = message["version"]
                sent_at = time.perf_counter()
                await self.ws.send(
                    json.dumps({"type": "act", "version": sent_version, "action": action})
                )


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def drive(base: str, args: argparse.Namespace, pid: int | None = None) -> dict[str, Any]:
    ws_url = base.replace("http", "ws", 1) + "/ws"
    clients = []
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        for index in range(args.tables):
            body = {
                "game": "the-game",
                "options": {"players": args.players},
                "seats": [{}] + [{"bot": args.bot}] * (args.players - 1),
            }
            answer = (await http.post("/api/tables", json=body)).json()
            clients.append(
                Client(ws_url, answer["code"], answer["owner_token"], args.games, args.seed + index)
            )
    await asyncio.gather(*(c.open() for c in clients))
    cpu_before = cpu_seconds(pid) if pid else 0.0
    own_before = time.process_time()
    started = time.perf_counter()
    await asyncio.gather(*(c.run() for c in clients))
    seconds = time.perf_counter() - started
    server_cpu = (cpu_seconds(pid) - cpu_before) if pid else float("nan")
    client_cpu = time.process_time() - own_before
    for c in clients:
        await c.ws.close()
    trips = [t for c in clients for t in c.trips]
    errors = [e for c in clients for e in c.errors]
    actions = sum(c.actions for c in clients)
    return {
        "tables": args.tables,
        "p50_ms": round(percentile(trips, 0.50) * 1000, 2),
        "p99_ms": round(percentile(trips, 0.99) * 1000, 2),
        "errors": len(errors),
        "actions_per_second": round(actions / seconds, 1),
        "round_trips": len(trips),
        "actions": actions,
        "seconds": round(seconds, 2),
        # CPU per action: what the figures would be on a machine of our own.
        "server_cpu_us_per_action": round(server_cpu / max(actions, 1) * 1e6, 1),
        "server_cpu_share": round(server_cpu / seconds, 2),
        "client_cpu_share": round(client_cpu / seconds, 2),
        "load_average": round(os.getloadavg()[0], 1),
        "players": args.players,
        "bot": args.bot,
        "games_per_table": args.games,
        "error_codes": sorted(set(errors)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--bot", default="heuristic", help="the server's bots (default heuristic)")
    parser.add_argument("--games", type=int, default=1, help="games per table (again, new deal)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        warm = args.bot.partition(":")[0] in COMPILED_BOTS
        proc, port = start_server(Path(folder) / "bench.sqlite3", warm)
        base = f"http://127.0.0.1:{port}"
        try:
            warm_seconds = wait_ready(base, warm)
            result = asyncio.run(drive(base, args, proc.pid))
            result["rss_mb"] = peak_rss_mb(proc.pid)
            result["warm_seconds"] = round(warm_seconds, 1)
        finally:
            proc.send_signal(2)
            try:
                proc.wait(20)
            except subprocess.TimeoutExpired:
                proc.kill()
    order = ["tables", "p50_ms", "p99_ms", "errors", "actions_per_second", "rss_mb"]
    print(json.dumps({**{k: result[k] for k in order}, **result}))


if __name__ == "__main__":
    main()
