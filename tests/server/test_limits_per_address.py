"""Limits per address (``docs/limits.md``): tables, uploads, sockets, messages, chat per
seat and per address, the hello deadline, the cap on sockets in all, HTTP time limits;
a flood of spectators' chat never makes the players' pages fall behind."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import uvicorn
from serverkit import LiveServer, Page, make_client, new_table
from starlette.testclient import TestClient
from websockets.asyncio.client import connect

from partie.server.httpguard import GuardedH11
from partie.server.limits import RATES


def test_tables_made_from_one_address_are_limited(limited: TestClient) -> None:
    client = limited
    made = 0
    while client.post("/api/tables", json={"game": "the-game"}).status_code == 201:
        made += 1
        assert made <= 40
    assert made == RATES["create"].burst
    refused = client.post("/api/tables", json={"game": "the-game"})
    assert refused.status_code == 429 and refused.json()["code"] == "too_many"
    assert "adresse" in refused.json()["fr"] and "address" in refused.json()["en"]


def test_uploads_from_one_address_are_limited(limited: TestClient) -> None:
    client = limited
    url = "/api/games/tennis-quizz/decks?name=paquet.csv"
    answers = [client.post(url, content=b"not,a,deck\n").status_code for _ in range(8)]
    assert answers[: RATES["upload"].burst] == [400] * RATES["upload"].burst  # checked
    assert answers[RATES["upload"].burst :] == [429] * (8 - RATES["upload"].burst)


def test_sockets_in_all_are_capped_with_a_clear_refusal(db: Path) -> None:
    with make_client(db, sockets_in_all=2, rates=RATES) as client:
        code, _ = new_table(client)
        with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
            Page(a).hello(code)
            Page(b).hello(code)
            with client.websocket_connect("/ws") as c:
                refused = json.loads(c.receive_text())
                assert refused["type"] == "refused" and refused["code"] == "server_full"
                assert refused["fr"] and refused["en"]
        with client.websocket_connect("/ws") as again:  # room again once they left
            Page(again).hello(code)


def test_sockets_per_address_are_capped(db: Path) -> None:
    with make_client(db, sockets_per_address=3, rates=RATES) as client:
        code, _ = new_table(client)
        with (
            client.websocket_connect("/ws") as a,
            client.websocket_connect("/ws") as b,
            client.websocket_connect("/ws") as c,
        ):
            for ws in (a, b, c):
                Page(ws).hello(code)
            with client.websocket_connect("/ws") as d:
                assert json.loads(d.receive_text())["code"] == "too_many"


def test_a_socket_that_never_says_hello_is_closed(db: Path) -> None:
    with (
        make_client(db, hello_seconds=0.5, rates=RATES) as client,
        client.websocket_connect("/ws") as ws,
    ):
        started = time.monotonic()
        refused = json.loads(ws.receive_text())
        assert refused["code"] == "hello_late" and refused["en"]
        assert 0.4 < time.monotonic() - started < 5


def test_messages_of_every_type_are_limited_per_address(limited: TestClient) -> None:
    client = limited
    code, _ = new_table(client)
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        pages = [Page(a), Page(b)]
        for page in pages:
            page.hello(code)
        # Pings from two pages of one address share one allowance.
        started = time.monotonic()
        for _ in range(RATES["message"].burst // 2 + 20):
            for page in pages:
                page.send(type="ping")
        codes = []
        for page in pages:
            for _ in range(RATES["message"].burst // 2 + 20):
                msg = page.recv()
                codes.append(msg.get("code") if msg["type"] == "refused" else msg["type"])
        refilled = (time.monotonic() - started) * RATES["message"].rate
        assert codes.count("pong") <= RATES["message"].burst + refilled + 2
        assert codes.count("too_many") >= 40 - refilled - 2 > 0


def _ws(server: LiveServer, host: str) -> Any:
    return connect(server.ws, local_addr=(host, 0))


async def _until(ws: Any, kind: str) -> dict[str, Any]:
    while True:
        msg = json.loads(await ws.recv())
        if msg["type"] == kind:
            return msg


async def _chat_codes(ws: Any, lines: int) -> list[str]:
    """Send ``lines`` chat lines; what came of each (``ok``: it came back as chat)."""
    tag = f"ligne de {id(ws)}"
    for i in range(lines):
        await ws.send(json.dumps({"type": "chat", "text": f"{tag} {i}"}))
    out = []
    while len(out) < lines:
        msg = json.loads(await asyncio.wait_for(ws.recv(), 10))
        if msg["type"] == "refused":
            out.append(msg["code"])
        elif msg["type"] == "chat" and msg["text"].startswith(tag):
            out.append("ok")
    return out


def test_chat_is_counted_per_seat_and_per_address_not_per_page(tmp_path: Path) -> None:
    """Two pages of one seat share the seat's allowance (from two addresses); the
    spectators of a table share one; one address's pages share the address's."""
    with LiveServer(tmp_path / "partie.sqlite3") as server:

        async def main() -> None:
            import httpx

            made = httpx.post(server.url("/api/tables"), json={"game": "tennis-mots"}).json()
            code, owner = made["code"], made["owner_token"]
            async with _ws(server, "127.0.0.2") as one, _ws(server, "127.0.0.3") as two:
                await one.send(json.dumps({"type": "hello", "table": code, "token": owner}))
                await _until(one, "welcome")
                await one.send(json.dumps({"type": "sit", "seat": 0, "name": "Ana"}))
                token = (await _until(one, "seated"))["token"]
                await two.send(json.dumps({"type": "hello", "table": code, "token": token}))
                assert (await _until(two, "welcome"))["you"]["seat"] == 0
                first = await _chat_codes(one, 5)
                second = await _chat_codes(two, 5)
                assert first == ["ok"] * 5
                # The seat's allowance, not the page's (a line a second comes back).
                assert second.count("chat_too_fast") >= 3, second
            # Spectators from four addresses share the table's spectator allowance.
            watchers = [await _ws(server, f"127.0.1.{i}").__aenter__() for i in range(4)]
            for ws in watchers:
                await ws.send(json.dumps({"type": "hello", "table": code}))
                await _until(ws, "welcome")
            said = []
            for ws in watchers:
                said += await _chat_codes(ws, 3)
            assert said.count("ok") == 5 and said.count("chat_too_fast") == 7
            for ws in watchers:
                await ws.close()
            # One address, several tables and pages: its chat allowance is one.
            other = httpx.post(server.url("/api/tables"), json={"game": "tennis-mots"}).json()
            async with _ws(server, "127.0.2.1") as a, _ws(server, "127.0.2.1") as b:
                await a.send(json.dumps({"type": "hello", "table": other["code"]}))
                await _until(a, "welcome")
                await b.send(json.dumps({"type": "hello", "table": made["code"]}))
                await _until(b, "welcome")
                assert await _chat_codes(a, 5) == ["ok"] * 5
                assert await _chat_codes(b, 1) == ["too_many"]

        asyncio.run(main())


def test_a_spectators_chat_flood_never_makes_a_player_fall_behind(tmp_path: Path) -> None:
    with LiveServer(tmp_path / "partie.sqlite3") as server:

        async def main() -> None:
            import httpx

            made = httpx.post(
                server.url("/api/tables"),
                json={"game": "the-game", "options": {"players": 2}},
            ).json()
            code, owner = made["code"], made["owner_token"]
            async with _ws(server, "127.0.0.2") as player:
                await player.send(json.dumps({"type": "hello", "table": code, "token": owner}))
                await _until(player, "welcome")
                flood = [await _ws(server, f"127.0.3.{i}").__aenter__() for i in range(40)]
                for ws in flood:
                    await ws.send(json.dumps({"type": "hello", "table": code}))
                started = time.monotonic()
                for _ in range(30):
                    for ws in flood:
                        await ws.send(json.dumps({"type": "chat", "text": "flood"}))
                # The player's page still answers at once, and got a handful of lines.
                await player.send(json.dumps({"type": "ping"}))
                chats = 0
                while True:
                    msg = json.loads(await asyncio.wait_for(player.recv(), 10))
                    if msg["type"] == "chat":
                        chats += 1
                    if msg["type"] == "pong":
                        break
                elapsed = time.monotonic() - started
                assert chats <= 5 + elapsed + 2, (chats, elapsed)
                await player.send(json.dumps({"type": "sit", "seat": 0, "name": "Ana"}))
                await _until(player, "seated")  # not closed for falling behind (1013)
                for ws in flood:
                    await ws.close()

        asyncio.run(main())


class _Quick(GuardedH11):
    header_seconds = 0.5
    body_seconds = 0.5


@pytest.fixture
def guarded_port() -> Any:
    async def app(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return
        while (await receive()).get("more_body"):
            pass
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b"ok"})

    sock = socket.socket()
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, http=_Quick, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    yield port
    server.should_exit = True
    thread.join(5)


def _closed_after(port: int, data: bytes) -> float:
    """Seconds until the server closes a connection that sent ``data`` and then
    nothing."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    sock.sendall(data)
    started = time.monotonic()
    try:
        while sock.recv(1024):
            pass
    except OSError:
        pass
    sock.close()
    return time.monotonic() - started


def test_half_sent_headers_and_slow_bodies_are_cut_off(guarded_port: int) -> None:
    assert _closed_after(guarded_port, b"") < 3  # never a byte
    assert _closed_after(guarded_port, b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow") < 3
    body = b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc"
    assert _closed_after(guarded_port, body) < 3
    # A whole request is answered, and the connection then lives by keep-alive.
    sock = socket.create_connection(("127.0.0.1", guarded_port), timeout=5)
    sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    assert sock.recv(1024).startswith(b"HTTP/1.1 200")
    sock.close()
