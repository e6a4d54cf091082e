"""Hostile strangers against a real ``partie serve``: does a table of people keep playing?

``python bench/abuse.py`` (no arguments) starts ``partie serve`` on a free port with a
temporary SQLite file, seats two people at a table of The Game (two websocket clients on
their own addresses, 127.0.0.2 and .3) who play and ping throughout, and runs each
attack in turn from other loopback addresses (127.0.x.y: every address is a "stranger").
It prints one JSON object:

- ``baseline_p99_ms``: the victims' p99 round trip (a ``ping`` to its ``pong``) with no
  attack;
- ``attacks``: per attack, ``refused`` (the defence held: what the attack wanted was
  refused or had no effect, as each check below says) and ``victim_p99_ms`` meanwhile;
- ``leaks``: table messages with a seat's view received by a page that no longer held
  the seat; ``server_errors``: ``server_error`` refusals and HTTP 5xx answers any client
  got; ``tracebacks``: tracebacks in the server's log.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

ROOT = Path(__file__).resolve().parents[1]
ATTACK_SECONDS = 4.0
EVIL = "http://evil.example"


class Bench:
    def __init__(self, port: int) -> None:
        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.ws = f"ws://127.0.0.1:{port}/ws"
        self.rtts: list[float] = []
        self.server_errors = 0
        self.leaks = 0
        self.victim_code = ""
        self.victim_refused = 0
        self._next = 0

    def address(self) -> str:
        """A fresh loopback address: each stranger is somebody else."""
        self._next += 1
        return f"127.0.{10 + self._next // 250}.{1 + self._next % 250}"

    def http(self, address: str | None = None) -> httpx.AsyncClient:
        transport = httpx.AsyncHTTPTransport(local_address=address or self.address())
        return httpx.AsyncClient(base_url=self.url, transport=transport, timeout=30)

    def socket(self, address: str | None = None, **kw: Any) -> Any:
        return connect(self.ws, local_addr=(address or self.address(), 0), **kw)

    def seen(self, msg: dict[str, Any]) -> None:
        if msg.get("type") == "refused" and msg.get("code") == "server_error":
            self.server_errors += 1

    def answered(self, answer: httpx.Response) -> httpx.Response:
        if answer.status_code >= 500:
            self.server_errors += 1
        return answer


async def _until(bench: Bench, ws: Any, test: Any, seconds: float = 15) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), deadline - time.monotonic()))
        bench.seen(msg)
        if test(msg):
            return msg


def _p99(values: list[float]) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] * 1000, 1)


# -- the victims ------------------------------------------------------------------------


async def victims(bench: Bench, stop: asyncio.Event) -> None:
    """Two people play The Game (each lays a legal card or ends the turn) and ping
    every 50 ms; every ping's round trip is kept."""
    async with bench.http("127.0.0.2") as client:
        made = (
            await client.post("/api/tables", json={"game": "the-game", "options": {"players": 2}})
        ).json()
    code, owner = made["code"], made["owner_token"]
    bench.victim_code = code
    async with bench.socket("127.0.0.2") as a, bench.socket("127.0.0.3") as b:
        await a.send(json.dumps({"type": "hello", "table": code, "token": owner}))
        await b.send(json.dumps({"type": "hello", "table": code}))
        for ws, seat in ((a, 0), (b, 1)):
            await _until(bench, ws, lambda m: m["type"] == "welcome")
            await ws.send(json.dumps({"type": "sit", "seat": seat, "name": f"P{seat}"}))
            await _until(bench, ws, lambda m: m["type"] == "seated")
        await a.send(json.dumps({"type": "start"}))
        await asyncio.gather(*(play(bench, ws, stop) for ws in (a, b)))


async def play(bench: Bench, ws: Any, stop: asyncio.Event) -> None:
    sent_at: float | None = None
    while not stop.is_set():
        if sent_at is None:
            sent_at = time.monotonic()
            await ws.send('{"type":"ping"}')
        try:
            msg = json.loads(await asyncio.wait_for(ws.recv(), 0.02))
        except TimeoutError:
            continue
        bench.seen(msg)
        if msg["type"] == "pong" and sent_at is not None:
            bench.rtts.append(time.monotonic() - sent_at)
            sent_at = None
            await asyncio.sleep(0.05)
        elif msg["type"] == "refused" and msg.get("ref") == "ping":
            bench.victim_refused += 1  # the victims' own allowance: counted, not timed
            sent_at = None
        elif msg["type"] == "table" and msg.get("view"):
            view = msg["view"]
            if view.get("over") and msg["table"]["seats"][0]["connected"]:
                await ws.send(json.dumps({"type": "again", "same_deal": False}))
            elif view["seat"] in view.get("to_act", []) and msg.get("legal"):
                legal = msg["legal"]
                plays = [x for x in legal if x.get("type") == "play"]
                action = plays[0] if plays else legal[0]
                await ws.send(
                    json.dumps({"type": "act", "version": msg["version"], "action": action})
                )


# -- the attacks --------------------------------------------------------------------------


async def stale_page(bench: Bench) -> bool:
    """A stranger sits, opens a second page with the same token, gives the seat up on
    the first; someone else sits there and the game starts: does the second page get
    that person's hand?"""
    addr = bench.address()
    async with bench.http(addr) as client:
        made = (
            await client.post(
                "/api/tables",
                json={
                    "game": "the-game",
                    "options": {"players": 2},
                    "seats": [{}, {"bot": "greedy"}],
                },
            )
        ).json()
    code, owner = made["code"], made["owner_token"]
    async with bench.socket(addr) as first, bench.socket(addr) as second, bench.socket() as other:
        await first.send(json.dumps({"type": "hello", "table": code, "token": owner}))
        await _until(bench, first, lambda m: m["type"] == "welcome")
        await first.send(json.dumps({"type": "sit", "seat": 0, "name": "Eve"}))
        token = (await _until(bench, first, lambda m: m["type"] == "seated"))["token"]
        await second.send(json.dumps({"type": "hello", "table": code, "token": token}))
        await _until(bench, second, lambda m: m["type"] == "welcome")
        await first.send(json.dumps({"type": "leave"}))
        await _until(bench, first, lambda m: m["type"] == "table")
        await other.send(json.dumps({"type": "hello", "table": code}))
        await _until(bench, other, lambda m: m["type"] == "welcome")
        await other.send(json.dumps({"type": "sit", "seat": 0, "name": "Bob"}))
        await _until(bench, other, lambda m: m["type"] == "seated")
        await first.send(json.dumps({"type": "start"}))
        leaked = 0
        end = time.monotonic() + ATTACK_SECONDS
        while time.monotonic() < end:
            try:
                msg = json.loads(await asyncio.wait_for(second.recv(), 0.2))
            except TimeoutError:
                continue
            bench.seen(msg)
            if msg.get("type") == "table" and msg.get("view") and msg["view"].get("seat") == 0:
                leaked += 1
        bench.leaks += leaked
        return leaked == 0


async def resize(bench: Bench) -> bool:
    """A page holds seat 2 it gave up; the owner lowers the player count to 2: does
    every broadcast of the table still go out (no server error, spectators updated)?"""
    addr = bench.address()
    async with bench.http(addr) as client:
        made = (
            await client.post("/api/tables", json={"game": "the-game", "options": {"players": 3}})
        ).json()
    code, owner = made["code"], made["owner_token"]
    async with bench.socket(addr) as owner_ws, bench.socket(addr) as a, bench.socket(addr) as b:
        await owner_ws.send(json.dumps({"type": "hello", "table": code, "token": owner}))
        await _until(bench, owner_ws, lambda m: m["type"] == "welcome")
        await a.send(json.dumps({"type": "hello", "table": code}))
        await _until(bench, a, lambda m: m["type"] == "welcome")
        await a.send(json.dumps({"type": "sit", "seat": 2, "name": "Eve"}))
        token = (await _until(bench, a, lambda m: m["type"] == "seated"))["token"]
        await b.send(json.dumps({"type": "hello", "table": code, "token": token}))
        await _until(bench, b, lambda m: m["type"] == "welcome")
        await a.send(json.dumps({"type": "leave"}))
        await asyncio.sleep(0.2)
        before = bench.server_errors
        await owner_ws.send(json.dumps({"type": "options", "options": {"players": 2}}))
        msg = await _until(
            bench, owner_ws, lambda m: m["type"] in ("refused", "table") and m.get("ref") != "hello"
        )
        await owner_ws.send(json.dumps({"type": "chat", "text": "encore là ?"}))
        seen = await _until(bench, b, lambda m: m["type"] == "chat", seconds=5)
        return bench.server_errors == before and msg["type"] == "table" and bool(seen)


async def costly_bots(bench: Bench) -> bool:
    """Tables asking for bots far beyond the levels, for seats and stand-ins."""
    refused = True
    async with bench.http() as client:
        for spec in ("mc:100000", "best:1", "tactician@400000"):
            for game in ("the-game", "tennis-mots"):
                for body in (
                    {"game": game, "seats": [{"bot": spec}]},
                    {"game": game, "settings": {"zombie_bot": spec}},
                ):
                    answer = bench.answered(await client.post("/api/tables", json=body))
                    refused &= answer.status_code == 400 and answer.json()["code"] == "bad_bot"
        # And what is offered, at its most costly: Expert bots on four tables at once.
        for _ in range(4):
            answer = await client.post(
                "/api/tables",
                json={"game": "tennis-mots", "seats": [{"bot": "tactician"}, {"bot": "tactician"}]},
            )
            made = answer.json()
            async with bench.socket() as ws:
                await ws.send(
                    json.dumps(
                        {"type": "hello", "table": made["code"], "token": made["owner_token"]}
                    )
                )
                await ws.send(json.dumps({"type": "start"}))
                await asyncio.sleep(0.1)
    await asyncio.sleep(ATTACK_SECONDS)
    return refused


async def table_flood(bench: Bench) -> bool:
    addr = bench.address()
    statuses = []
    async with bench.http(addr) as client:
        for _ in range(200):
            answer = bench.answered(await client.post("/api/tables", json={"game": "the-game"}))
            statuses.append(answer.status_code)
    return statuses.count(201) <= 25 and 429 in statuses


async def lobby_flood(bench: Bench) -> bool:
    """200 tables listed (from many addresses), then 400 lobby requests at once."""
    for _ in range(10):
        async with bench.http() as client:
            for _ in range(20):
                await client.post(
                    "/api/tables", json={"game": "the-game", "settings": {"listed": True}}
                )
    async with bench.http() as client:
        answers = await asyncio.gather(*(client.get("/api/tables") for _ in range(400)))
    sizes = [len(bench.answered(a).content) for a in answers]
    lists = next(a.json() for a in answers if a.status_code == 200)
    return (
        max(len(lists[k]) for k in ("open", "playing", "finished")) <= 50 and max(sizes) < 200_000
    )


async def many_sockets(bench: Bench) -> bool:
    addr = bench.address()
    opened, refused = [], 0
    for _ in range(150):
        ws = await bench.socket(addr).__aenter__()
        opened.append(ws)
        with contextlib.suppress(TimeoutError):
            msg = json.loads(await asyncio.wait_for(ws.recv(), 0.01))
            if msg.get("code") == "too_many":
                refused += 1
    await asyncio.sleep(1)
    for ws in opened:
        with contextlib.suppress(Exception):
            await ws.close()
    return refused > 0


async def chat_flood(bench: Bench, code: str) -> bool:
    """40 spectators from 40 addresses flood the victims' table with chat."""
    flood = []
    for _ in range(40):
        ws = await bench.socket().__aenter__()
        await ws.send(json.dumps({"type": "hello", "table": code}))
        flood.append(ws)
    refused = 0
    end = time.monotonic() + ATTACK_SECONDS
    while time.monotonic() < end:
        for ws in flood:
            await ws.send(json.dumps({"type": "chat", "text": "flood"}))
        await asyncio.sleep(0.05)
    for ws in flood:
        with contextlib.suppress(Exception):
            while True:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 0.01))
                bench.seen(msg)
                refused += msg.get("code") in ("chat_too_fast", "too_many")
    for ws in flood:
        await ws.close()
    return refused > 0


async def hint_flood(bench: Bench) -> bool:
    async with bench.http() as client:
        made = (
            await client.post(
                "/api/tables", json={"game": "tennis-mots", "seats": [{}, {"bot": "greedy"}]}
            )
        ).json()
    async with bench.socket() as ws:
        await ws.send(
            json.dumps({"type": "hello", "table": made["code"], "token": made["owner_token"]})
        )
        await ws.send(json.dumps({"type": "sit", "seat": 0, "name": "Eve"}))
        await ws.send(json.dumps({"type": "start"}))
        await _until(bench, ws, lambda m: m["type"] == "table" and m.get("view"))
        refused = 0
        end = time.monotonic() + ATTACK_SECONDS
        n = 0
        while time.monotonic() < end:
            n += 1
            await ws.send(json.dumps({"type": "ask", "what": "hints", "args": {"n": n}}))
            with contextlib.suppress(TimeoutError):
                while True:
                    msg = json.loads(await asyncio.wait_for(ws.recv(), 0.005))
                    bench.seen(msg)
                    refused += msg.get("code") in ("ask_too_fast", "too_many")
        return refused > 0


def _big_deck() -> bytes:
    parts = ['[deck]\nid = "gros"\ntitle = "Gros"\nlanguage = "fr"\n']
    for c in range(650):
        parts.append(f'\n[[cards]]\nid = "c{c}"\n')
        for n in range(7):
            parts.append(
                f'\n[[cards.questions]]\ntext = "Question {c} {n} sur {c * 7 + n} ?"\n'
                f'answer = "Réponse {c} {n}"\nwrong = ["Faux {c} {n} a", "Faux {c} {n} b"]\n'
                f'difficulty = {1 + n % 3}\nsource = "S {c}"\n'
            )
    return "".join(parts).encode()


async def upload_flood(bench: Bench) -> bool:
    deck = _big_deck()
    async with bench.http() as client:
        answers = await asyncio.gather(
            *(
                client.post("/api/games/tennis-quizz/decks?name=gros.toml", content=deck)
                for _ in range(12)
            )
        )
    codes = [bench.answered(a).status_code for a in answers]
    return 429 in codes


async def idle_sockets(bench: Bench) -> bool:
    sockets = [await bench.socket().__aenter__() for _ in range(50)]
    await asyncio.sleep(11.5)
    closed = 0
    for ws in sockets:
        try:
            await asyncio.wait_for(ws.recv(), 0.5)
            await asyncio.wait_for(ws.recv(), 0.5)
        except Exception:
            closed += 1
    return closed == len(sockets)


async def half_headers(bench: Bench) -> bool:
    def run() -> bool:
        socks = []
        for i in range(50):
            s = socket.socket()
            s.bind((bench.address(), 0))
            s.connect(("127.0.0.1", bench.port))
            s.sendall(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + str(i).encode())
            socks.append(s)
        time.sleep(11.5)
        closed = 0
        for s in socks:
            s.settimeout(0.5)
            try:
                closed += s.recv(1) == b""
            except OSError:
                closed += 1
            s.close()
        return closed == len(socks)

    return await asyncio.to_thread(run)


async def cross_origin(bench: Bench) -> bool:
    async with bench.http() as client:
        answer = await client.post(
            "/api/tables",
            content=json.dumps({"game": "the-game"}),
            headers={"origin": EVIL, "content-type": "text/plain"},
        )
    refused = answer.status_code == 403
    try:
        async with bench.socket(additional_headers={"Origin": EVIL}) as ws:
            await ws.send(json.dumps({"type": "ping"}))
            await asyncio.wait_for(ws.recv(), 2)
            refused = False
    except Exception:
        pass
    return refused


# -- the run ----------------------------------------------------------------------------


async def measure(bench: Bench, attack: Any, *args: Any) -> dict[str, Any]:
    start = len(bench.rtts)
    refused = await attack(bench, *args)
    return {"refused": bool(refused), "victim_p99_ms": _p99(bench.rtts[start:])}


async def run(bench: Bench) -> dict[str, Any]:
    stop = asyncio.Event()
    victim = asyncio.create_task(victims(bench, stop))
    await asyncio.sleep(1.0)
    start = len(bench.rtts)
    await asyncio.sleep(ATTACK_SECONDS)
    baseline = _p99(bench.rtts[start:])
    code = bench.victim_code
    attacks: dict[str, Any] = {}
    for name, attack, args in (
        ("stale_page", stale_page, ()),
        ("resize", resize, ()),
        ("costly_bots", costly_bots, ()),
        ("table_flood", table_flood, ()),
        ("lobby_flood", lobby_flood, ()),
        ("many_sockets", many_sockets, ()),
        ("chat_flood", chat_flood, (code,)),
        ("hint_flood", hint_flood, ()),
        ("upload_flood", upload_flood, ()),
        ("idle_sockets", idle_sockets, ()),
        ("half_sent_headers", half_headers, ()),
        ("cross_origin", cross_origin, ()),
    ):
        try:
            attacks[name] = await measure(bench, attack, *args)
        except Exception as exc:  # the attack itself broke: say so, go on
            attacks[name] = {"refused": False, "victim_p99_ms": None, "error": repr(exc)[:200]}
        await asyncio.sleep(0.5)
    stop.set()
    victim_error = None
    try:
        await asyncio.wait_for(victim, 5)
    except Exception as exc:  # the victims' page broke: the figures say so
        victim_error = repr(exc)[:200]
    out = {
        "baseline_p99_ms": baseline,
        "attacks": attacks,
        "victim_pings": len(bench.rtts),
        "victim_refused": bench.victim_refused,
    }
    if victim_error:
        out["victim_error"] = victim_error
    return out


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "server.log"
        with log.open("w") as out:
            proc = subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "partie",
                    "serve",
                    "--port",
                    "0",
                    "--db",
                    f"sqlite:///{tmp}/abuse.sqlite3",
                    "--bot-pause",
                    "0.3",
                    "--no-warm",
                ],
                stdout=subprocess.PIPE,
                stderr=out,
                text=True,
                cwd=ROOT,
            )
            try:
                assert proc.stdout is not None
                line = proc.stdout.readline()
                port = int(re.search(r":(\d+)/", line).group(1))  # type: ignore[union-attr]
                bench = Bench(port)
                result = asyncio.run(run(bench))
            finally:
                proc.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(10)
                if proc.poll() is None:
                    proc.kill()
        text = log.read_text()
        result["leaks"] = bench.leaks
        result["server_errors"] = bench.server_errors
        result["tracebacks"] = text.count("Traceback")
        print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
