"""The web's usual defences: Origin checks, security headers, no inline script in the
pages, every error as ``{code, fr, en}``, an earlier game's record withheld while its
deal is being played again, a body refused at the limit without reading the rest."""

from __future__ import annotations

import re
import socket
import time
from pathlib import Path

import pytest
from serverkit import LiveServer, Page, make_client, new_table
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from partie.server.security import CSP

STATIC = Path(__file__).parents[2] / "src" / "partie" / "server" / "static"
EVIL = "http://evil.example"


def test_a_page_of_another_site_cannot_post_or_open_a_socket(client: TestClient) -> None:
    body = {"game": "the-game", "options": {"players": 2}}
    for headers in (
        {"origin": EVIL},
        {"origin": EVIL, "content-type": "text/plain"},
        {"origin": "null"},
        {"origin": "http://testserver.evil.example"},
    ):
        answer = client.post("/api/tables", json=body, headers=headers)
        assert answer.status_code == 403, answer.text
        assert answer.json()["code"] == "bad_origin" and answer.json()["en"]
    assert client.get("/api/tables", headers={"origin": EVIL}).status_code == 200  # a read
    assert client.post("/api/tables", json=body, headers={"origin": "http://testserver"}).is_success
    assert client.post("/api/tables", json=body).is_success  # no Origin: not a browser
    code, _ = new_table(client)
    with (
        pytest.raises(WebSocketDisconnect) as closed,
        client.websocket_connect("/ws", headers={"origin": EVIL}) as ws,
    ):
        ws.receive_text()
    assert closed.value.code == 1008
    with client.websocket_connect("/ws", headers={"origin": "http://testserver"}) as ws:
        Page(ws).hello(code)


def test_an_origin_given_with_allow_origin_is_accepted(db: Path) -> None:
    with make_client(db, allow_origins=("https://Jeux.Example.org:443",)) as client:
        body = {"game": "the-game"}
        ok = client.post("/api/tables", json=body, headers={"origin": "https://jeux.example.org"})
        assert ok.status_code == 201
        refused = client.post("/api/tables", json=body, headers={"origin": EVIL})
        assert refused.status_code == 403


def test_every_response_carries_the_security_headers(client: TestClient) -> None:
    code, _ = new_table(client)
    answers = [
        client.get("/"),
        client.get(f"/t/{code}"),
        client.get("/static/app.js"),
        client.get("/api/tables"),
        client.get("/api/rules/the-game"),
        client.get("/nowhere"),
        client.get("/static/nowhere.js"),
        client.post("/api/tables", json={}, headers={"origin": EVIL}),
    ]
    for answer in answers:
        headers = answer.headers
        assert headers["content-security-policy"] == CSP, answer.url
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
    assert "frame-ancestors 'none'" in CSP and "script-src 'self'" in CSP
    assert "unsafe-inline" not in CSP


def test_the_pages_have_no_inline_script_or_style_the_policy_would_block() -> None:
    for page in [*STATIC.glob("*.html"), *STATIC.glob("games/*.html")]:
        html = page.read_text(encoding="utf-8")
        for script in re.findall(r"<script\b[^>]*>(.*?)</script>", html, re.S):
            assert not script.strip(), f"{page.name}: inline script"
        assert not re.search(r"<script(?![^>]*\bsrc=)", html), page.name
        assert not re.search(r"\sstyle\s*=", html), f"{page.name}: style attribute"
        assert not re.search(r"\son[a-z]+\s*=", html), f"{page.name}: inline handler"
        assert "<style" not in html, page.name
    for script in [*STATIC.glob("*.js"), *STATIC.glob("games/*.js")]:
        text = script.read_text(encoding="utf-8")
        assert not re.search(r"setAttribute\(\s*['\"](style|on)", text), script.name
        assert ".innerHTML" not in text and "eval(" not in text, script.name
        assert not re.search(r"\bstyle:\s", text), f"{script.name}: style attribute via h()"


def test_every_error_of_every_route_is_code_fr_en(client: TestClient) -> None:
    cases = [
        (client.get("/nowhere"), 404, "not_found"),
        (client.get("/static/nowhere.js"), 404, "not_found"),
        (client.delete("/api/tables"), 405, "method_not_allowed"),
        (client.get("/api/tables/ZZZZZZ"), 404, "unknown_table"),
        (client.get("/api/rules/chess"), 404, "unknown_game"),
        (client.get("/api/rules/the-game/ask"), 422, "bad_input"),
        (client.get("/api/rules/the-game/ask?q="), 422, "bad_input"),
        (client.get("/api/rules/the-game/ask?q=" + "x" * 5000), 422, "bad_input"),
        (client.get("/api/rules/the-game?lang=de"), 422, "bad_input"),
        (client.get("/api/rules/the-game/a/b"), 404, "not_found"),
        (client.post("/api/rules/the-game"), 405, "method_not_allowed"),
        (client.get("/api/games/tennis-quizz/nothing"), 404, "not_found"),
    ]
    for answer, status, code in cases:
        assert answer.status_code == status, (answer.url, answer.text)
        data = answer.json()
        assert set(data) >= {"code", "fr", "en"} and data["code"] == code, (answer.url, data)
        assert data["fr"] and data["en"] and "detail" not in data


def test_an_earlier_record_waits_while_its_deal_is_played_again(client: TestClient) -> None:
    code, owner = new_table(
        client, options={"players": 2}, seats=[{"bot": "random"}, {"bot": "greedy"}]
    )
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        page.hello(code, owner)
        page.send(type="start")
        page.until("table", lambda m: m["table"]["status"] == "over")
        assert client.get(f"/api/tables/{code}/record").status_code == 200
        client.app.state.tables.bot_pause = 30.0  # type: ignore[attr-defined]
        page.send(type="again", same_deal=True)
        page.until("table", lambda m: m["table"]["status"] == "playing")
        for path in ("record?game=0", "replay?game=0", "replay?game=0&seat=1"):
            answer = client.get(f"/api/tables/{code}/{path}")
            assert answer.status_code == 403, answer.text
            assert answer.json()["code"] == "same_deal_playing"
        csv = client.get(f"/api/games/tennis-quizz/tables/{code}/questions?game=0")
        assert csv.status_code in (400, 403, 404)


def test_a_new_deal_leaves_the_earlier_record_open(client: TestClient) -> None:
    code, owner = new_table(
        client, options={"players": 2}, seats=[{"bot": "random"}, {"bot": "greedy"}]
    )
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        page.hello(code, owner)
        page.send(type="start")
        page.until("table", lambda m: m["table"]["status"] == "over")
        client.app.state.tables.bot_pause = 30.0  # type: ignore[attr-defined]
        page.send(type="again", same_deal=False)
        page.until("table", lambda m: m["table"]["status"] == "playing")
        assert client.get(f"/api/tables/{code}/record?game=0").status_code == 200


def test_a_huge_body_is_refused_at_the_limit_without_reading_the_rest(tmp_path: Path) -> None:
    with LiveServer(tmp_path / "partie.sqlite3") as server:
        for announced in (True, False):
            sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
            head = "POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            head += "Content-Type: application/json\r\n"
            head += (
                "Content-Length: 200000000\r\n\r\n"
                if announced
                else "Transfer-Encoding: chunked\r\n\r\n"
            )
            sock.sendall(head.encode())
            sent = 0
            started = time.monotonic()
            chunk = b"x" * 65536
            answer = b""
            sock.settimeout(0.05)
            # Keep sending until the server answers: it must answer after at most a
            # little more than 64 KiB, then close, not read 200 MB.
            while sent < 50_000_000 and time.monotonic() - started < 20:
                try:
                    if announced:
                        sock.sendall(chunk)
                    else:
                        sock.sendall(b"%x\r\n" % len(chunk) + chunk + b"\r\n")
                    sent += len(chunk)
                except OSError:
                    break  # closed by the server
                try:
                    got = sock.recv(65536)
                except TimeoutError:
                    continue
                answer += got
                if not got or b"\r\n\r\n" in answer:
                    break
            sock.settimeout(5)
            try:
                while got := sock.recv(65536):
                    answer += got
            except OSError:
                pass
            sock.close()
            assert answer.startswith(b"HTTP/1.1 413"), answer[:200]
            assert b"too_large" in answer and b"connection: close" in answer.lower()
            assert sent < 20_000_000, sent  # nowhere near the 200 MB announced
