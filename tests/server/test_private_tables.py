"""Private by default: the lobby lists only the tables their creators chose to show, in
pages of at most 50, built from cached summaries and kept briefly; a table's code is the
way in, and guessing codes is throttled per address."""

from __future__ import annotations

import time
from pathlib import Path

from serverkit import Page, make_client, new_table
from starlette.testclient import TestClient

from partie.server.limits import RATES, Rate
from partie.server.tables import LOBBY_CACHE_SECONDS, LOBBY_PAGE


def _codes(lobby: dict) -> set[str]:
    return {t["code"] for key in ("open", "playing", "finished") for t in lobby[key]}


def test_a_table_is_private_unless_its_creator_lists_it(client: TestClient) -> None:
    hidden, owner = new_table(client, options={"players": 2})
    shown, _ = new_table(client, options={"players": 2}, settings={"listed": True})
    time.sleep(LOBBY_CACHE_SECONDS + 0.1)
    lobby = client.get("/api/tables").json()
    assert shown in _codes(lobby) and hidden not in _codes(lobby)
    assert client.get(f"/api/tables/{hidden}").status_code == 200  # the code is the way in
    # The owner's settings form does not list (or unlist) a table by the way.
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        page.hello(hidden, owner)
        page.send(type="options", options={"players": 2}, settings={"turn_seconds": 30})
        assert page.until("table")["table"]["settings"]["listed"] is False


def test_a_classroom_is_never_listed(client: TestClient) -> None:
    for mode in ("teacher", "referee"):
        answer = client.post(
            "/api/tables",
            json={
                "game": "tennis-quizz",
                "options": {"mode": mode},
                "settings": {"listed": True},
            },
        )
        assert answer.status_code == 201, answer.text
        code = answer.json()["code"]
        assert client.get(f"/api/tables/{code}").json()["settings"]["listed"] is False


def test_the_lobby_comes_in_pages_of_at_most_50_and_is_kept_briefly(db: Path) -> None:
    wide = {**RATES, "create": Rate(1000.0, 10_000, "x", "x")}  # 58 tables from one address
    with make_client(db, rates=wide) as client:
        _lobby_pages(client)


def _lobby_pages(client: TestClient) -> None:
    made = [
        new_table(client, options={"players": 2}, settings={"listed": True})[0]
        for _ in range(LOBBY_PAGE + 7)
    ]
    time.sleep(LOBBY_CACHE_SECONDS + 0.1)
    first = client.get("/api/tables").json()
    assert len(first["open"]) == LOBBY_PAGE and first["more"]["open"] is True
    assert [t["code"] for t in first["open"]] == made[::-1][:LOBBY_PAGE]  # newest first
    second = client.get("/api/tables?page=1").json()
    assert [t["code"] for t in second["open"]] == made[::-1][LOBBY_PAGE:]
    assert second["more"] == {"open": False, "playing": False, "finished": False}
    assert client.get("/api/tables?page=x").json()["code"] == "bad_input"
    # Kept briefly: a table made just now shows at the next build, not at once.
    late, _ = new_table(client, options={"players": 2}, settings={"listed": True})
    assert late not in _codes(client.get("/api/tables").json())
    time.sleep(LOBBY_CACHE_SECONDS + 0.1)
    assert late in _codes(client.get("/api/tables").json())


def test_guessing_codes_is_throttled_per_address(limited: TestClient) -> None:
    client = limited
    known, _ = new_table(client, options={"players": 2})
    misses = 0
    while client.get("/api/tables/ZZZZZZ").status_code == 404:
        misses += 1
        assert misses <= 30
    assert misses >= 10  # a person mistyping a code a few times is never refused
    refused = client.get("/api/tables/ZZZZZZ")
    assert refused.status_code == 429 and refused.json()["code"] == "too_many"
    assert refused.json()["fr"] and refused.json()["en"]
    assert client.get(f"/api/tables/{known}/record").status_code == 429  # every look-up
    # The websocket's hello is a look-up too, from the same address.
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        page.send(type="hello", table="YYYYYY")
        assert page.until("refused")["code"] == "too_many"


def test_websocket_guesses_count_like_page_guesses(limited: TestClient) -> None:
    client = limited
    known, _ = new_table(client, options={"players": 2})
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        codes = []
        for _ in range(40):
            page.send(type="hello", table="WWWWWW")
            codes.append(page.until("refused")["code"])
            if codes[-1] == "too_many":
                break
            # A valid hello between guesses does not reset anything (and is itself
            # refused once the guesses are spent).
            page.send(type="hello", table=known)
            answer = page.recv()
            while answer["type"] not in ("welcome", "refused"):
                answer = page.recv()
            if answer["type"] == "refused":
                codes.append(answer["code"])
                break
        assert codes[-1] == "too_many" and codes[0] == "unknown_table"
    assert client.get("/api/tables/ZZZZZZ").status_code == 429
