"""People playing The Game on one ``partie serve`` process: where the round trip bends.

Usage: python bench/players.py   (no arguments)

Starts ``partie serve`` on a free port with a temporary SQLite file, then for N = 250,
500, 1000, 2000, 4000 tables (until the p99 passes 1 s) drives N tables of 2-4 people,
each a websocket client like a browser page: it says hello, sits, and when the table
message says it is its turn it thinks 0.2-2 s (uniform) and plays a legal move (a greedy
player's choice from its own view); at the end the owner starts a new game. Half the
tables also have a spectator's page. Nothing else runs on the server: no bots.

Each step lets the games run for ``WARMUP`` seconds, then measures ``WINDOW`` seconds: an
action's round trip is the time from a page's ``act`` to the ``table`` message of the
next version on that page. The load comes from ``PROCESSES`` client processes (the
server has one event loop; the clients need CPU too, on the same machine: their share
is printed). The server keeps the tables of earlier steps in memory (their games wait
for people who left), as a long-running server would.

Prints one JSON object: ``steps`` (per N: tables, p50_ms, p99_ms, actions_per_second,
server_cpu_ms_per_action, rss_mb; rss_after_close_mb once every page of the step has
closed; and what the clients cost), ``knee_tables`` (the largest N with p99 at most
100 ms).
"""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import random
import re
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from partie.games.the_game.bots import GreedyBot
from server import cpu_seconds, start_server, wait_ready  # bench/server.py, beside this file

STEPS = (250, 500, 1000, 2000, 4000)
STOP_MS = 1000.0
KNEE_MS = 100.0
WARMUP = 8.0
WINDOW = 20.0
PROCESSES = 2
THINK = (0.2, 2.0)
GIVE_BACK_DELAY = 2.0  # the server's pause before it gives closed pages' memory back
SENDING: set[asyncio.Future[Any]] = set()  # sends under way (kept until done)


def rss_mb(pid: int) -> float:
    text = Path(f"/proc/{pid}/status").read_text()
    found = re.search(r"VmRSS:\s+(\d+) kB", text)
    return round(int(found.group(1)) / 1024, 1) if found else -1.0


class Page:
    """One person's page (or a spectator's): plays its seat with human think times."""

    def __init__(self, seat: int | None, token: str | None, rng: random.Random) -> None:
        self.seat, self.token, self.rng = seat, token, rng
        self.owner = False
        self.bot = GreedyBot(rng.randrange(1 << 30))
        self.ws: Any = None
        self.latest: dict[str, Any] | None = None
        self.scheduled = False
        self.sent_at = 0.0
        self.sent_version = -1
        self.trips: list[tuple[float, float]] = []  # (sent at, seconds)
        self.errors = 0
        self.running = True

    async def open(self, ws_url: str, code: str) -> None:
        self.ws = await connect(ws_url, max_size=2**20, compression=None, open_timeout=120)
        hello = {"type": "hello", "table": code, "token": self.token}
        await self.ws.send(json.dumps(hello))
        if self.seat is not None:
            await self.ws.send(json.dumps({"type": "sit", "seat": self.seat, "name": "P"}))
            while json.loads(await self.ws.recv())["type"] != "seated":
                pass

    async def run(self) -> None:
        try:
            async for text in self.ws:
                message = json.loads(text)
                kind = message["type"]
                if kind == "table":
                    self.on_table(message)
                elif kind == "refused":
                    self.errors += 1
                    self.sent_version = -1
                    if self.latest is not None:
                        self.maybe_act(self.latest)
        except Exception:
            if self.running:
                self.errors += 1

    def on_table(self, message: dict[str, Any]) -> None:
        self.latest = message
        if self.sent_version >= 0 and message["version"] > self.sent_version:
            self.trips.append((self.sent_at, time.perf_counter() - self.sent_at))
            self.sent_version = -1
        self.maybe_act(message)

    def maybe_act(self, message: dict[str, Any]) -> None:
        if self.scheduled or self.sent_version >= 0 or not self.running:
            return
        view = message["view"]
        if view is None:
            return
        mine = self.seat is not None and self.seat in view["to_act"] and message["legal"]
        if (view["over"] and self.owner) or (mine and not view["over"]):
            self.scheduled = True
            asyncio.get_running_loop().call_later(self.rng.uniform(*THINK), self.fire)

    def fire(self) -> None:
        self.scheduled = False
        message = self.latest
        if message is None or not self.running:
            return
        view = message["view"]
        if view["over"]:
            if self.owner:
                self.send({"type": "again"})
            return
        if self.seat not in view["to_act"] or not message["legal"]:
            return
        action = self.bot.act(view).to_json()
        self.sent_version = message["version"]
        self.sent_at = time.perf_counter()
        act = {"type": "act", "version": message["version"], "action": action}
        self.send(act)

    def send(self, message: dict[str, Any]) -> None:
        task = asyncio.ensure_future(self.ws.send(json.dumps(message)))
        SENDING.add(task)
        task.add_done_callback(SENDING.discard)


async def _client(base: str, tables: int, seed: int, conn: Any) -> None:
    """One load process: makes its tables, opens their pages, reports ready, waits for
    the start time, plays, and sends back what it measured."""
    rng = random.Random(seed)
    ws_url = base.replace("http", "ws", 1) + "/ws"
    made: list[tuple[str, str, int]] = []
    limit = asyncio.Semaphore(32)
    async with httpx.AsyncClient(base_url=base, timeout=120) as http:

        async def make() -> None:
            players = rng.randint(2, 4)
            body = {"game": "the-game", "options": {"players": players}}
            async with limit:
                answer = (await http.post("/api/tables", json=body)).json()
            made.append((answer["code"], answer["owner_token"], players))

        await asyncio.gather(*(make() for _ in range(tables)))
    owners: list[Page] = []
    pages: list[tuple[Page, str]] = []
    for index, (code, owner_token, players) in enumerate(made):
        owner = Page(0, owner_token, random.Random(rng.random()))
        owner.owner = True
        owners.append(owner)
        seats: list[int | None] = list(range(1, players))
        if index % 2 == 0:
            seats.append(None)  # a spectator
        table = [owner] + [Page(seat, None, random.Random(rng.random())) for seat in seats]
        pages += [(page, code) for page in table]

    async def open_page(page: Page, code: str) -> None:
        async with limit:
            await page.open(ws_url, code)

    await asyncio.gather(*(open_page(page, code) for page, code in pages))
    only = [page for page, _ in pages]
    readers = [asyncio.ensure_future(page.run()) for page in only]
    conn.send("ready")
    start_at, window_at, end_at = await asyncio.to_thread(conn.recv)
    await asyncio.sleep(max(0.0, start_at - time.time()))
    for owner in owners:
        await owner.ws.send(json.dumps({"type": "start"}))
    await asyncio.sleep(max(0.0, window_at - time.time()))
    window_start = time.perf_counter()
    cpu_before = time.process_time()
    await asyncio.sleep(max(0.0, end_at - time.time()))
    client_cpu = time.process_time() - cpu_before
    window_end = time.perf_counter()
    for page in only:
        page.running = False
    trips = [
        seconds
        for page in only
        for sent, seconds in page.trips
        if window_start <= sent and sent + seconds <= window_end
    ]
    errors = sum(page.errors for page in only)
    conn.send({"trips": trips, "client_cpu": client_cpu, "errors": errors, "pages": len(only)})
    await asyncio.gather(*(page.ws.close() for page in only), return_exceptions=True)
    for reader in readers:
        reader.cancel()


def _client_main(base: str, tables: int, seed: int, conn: Any) -> None:
    asyncio.run(_client(base, tables, seed, conn))


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def run_step(base: str, pid: int, tables: int) -> dict[str, Any]:
    context = multiprocessing.get_context("spawn")
    links = []
    procs = []
    for index in range(PROCESSES):
        share = tables // PROCESSES + (1 if index < tables % PROCESSES else 0)
        mine, theirs = context.Pipe()
        proc = context.Process(target=_client_main, args=(base, share, tables * 10 + index, theirs))
        proc.start()
        links.append(mine)
        procs.append(proc)
    for link in links:
        if link.recv() != "ready":
            raise SystemExit("a load process failed")
    start_at = time.time() + 0.5
    end_at = start_at + WARMUP + WINDOW
    for link in links:
        link.send((start_at, start_at + WARMUP, end_at))
    time.sleep(max(0.0, start_at + WARMUP - time.time()))
    cpu_before = cpu_seconds(pid)
    time.sleep(max(0.0, end_at - time.time()))
    server_cpu = cpu_seconds(pid) - cpu_before
    memory = rss_mb(pid)
    results = [link.recv() for link in links]
    for proc in procs:
        proc.join(120)
    time.sleep(GIVE_BACK_DELAY + 2)  # every page closed: what memory did the server keep?
    memory_after = rss_mb(pid)
    trips = [t for r in results for t in r["trips"]]
    client_cpu = sum(r["client_cpu"] for r in results)
    actions = len(trips)
    return {
        "tables": tables,
        "p50_ms": round(percentile(trips, 0.50) * 1000, 1),
        "p99_ms": round(percentile(trips, 0.99) * 1000, 1),
        "actions_per_second": round(actions / WINDOW, 1),
        "server_cpu_ms_per_action": round(server_cpu * 1000 / max(actions, 1), 3),
        "rss_mb": memory,
        "rss_after_close_mb": memory_after,
        "pages": sum(r["pages"] for r in results),
        "errors": sum(r["errors"] for r in results),
        "server_cpu_share": round(server_cpu / WINDOW, 2),
        "client_cpu_share": round(client_cpu / WINDOW, 2),
        "client_cpu_ms_per_action": round(client_cpu * 1000 / max(actions, 1), 3),
        "load_average": round(os.getloadavg()[0], 1),
    }


def main() -> None:
    if len(sys.argv) > 1:
        raise SystemExit("bench/players.py takes no arguments")
    steps: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as folder:
        proc, port = start_server(Path(folder) / "players.sqlite3", warm=False)
        # What the server prints (warnings) is read, so a full pipe never stops it.
        threading.Thread(target=proc.stdout.read, daemon=True).start()  # type: ignore[union-attr]
        base = f"http://127.0.0.1:{port}"
        try:
            wait_ready(base, bots=False)
            for tables in STEPS:
                step = run_step(base, proc.pid, tables)
                print(json.dumps(step), file=sys.stderr, flush=True)
                steps.append(step)
                if not step["p99_ms"] <= STOP_MS:
                    break
        finally:
            proc.send_signal(2)
            try:
                proc.wait(30)
            except Exception:
                proc.kill()
    knee = max((s["tables"] for s in steps if s["p99_ms"] <= KNEE_MS), default=0)
    print(
        json.dumps(
            {
                "steps": steps,
                "knee_tables": knee,
                "processes": PROCESSES,
                "window_seconds": WINDOW,
                "cpus": os.cpu_count(),
            }
        )
    )


if __name__ == "__main__":
    main()
