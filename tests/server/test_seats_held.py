"""A seat's view goes only to the pages that hold the seat now.

A page keeps a seat only while its token holds it: given up in another tab, taken by
someone else, removed when the owner lowers the player count, every page that held it
is told at once (a ``welcome`` as a spectator) and is sent the public view from then on;
it no longer counts as "connected", so a stand-in takes over when the real player goes.
Real app, real SQLite, websocket pages in-process."""

from __future__ import annotations

import time
from typing import Any

from serverkit import Page, make_client, new_table


def sync(page: Page) -> list[dict[str, Any]]:
    """Everything the server had sent ``page`` when it answered a ping."""
    start = len(page.got)
    page.send(type="ping")
    page.until("pong")
    return page.got[start:]


def seats_shown(page: Page) -> list[tuple[int | None, dict[str, Any]]]:
    """Each message of ``page`` with the seat the page was told it holds when it came
    (``welcome`` and ``seated`` say so)."""
    seat = None
    out = []
    for message in page.got:
        if message["type"] == "welcome":
            seat = message["you"]["seat"]
        elif message["type"] == "seated":
            seat = message["seat"]
        out.append((seat, message))
    return out


def assert_only_own_seat(page: Page) -> None:
    """Every message carrying a seat's secrets went to a page told it holds that seat."""
    for seat, message in seats_shown(page):
        if message["type"] == "table" and message["view"] is not None:
            assert message["view"]["seat"] == seat
            if seat is None:
                assert message["view"]["hand"] is None
                assert message["legal"] == []
                assert "corners" not in message.get("extra", {})
        if message["type"] in ("played_for_you", "preview", "answer"):
            assert seat is not None and message.get("seat", seat) == seat


def assert_server_agrees(client: Any, code: str) -> None:
    """The server's own bookkeeping: each page with a seat holds it by its token now."""
    tables = client.app.state.tables
    table = tables.tables[code]
    for conn in tables.fanout.connections(code):
        if conn.seat is not None:
            info = table.seats[conn.seat]
            assert info.kind == "person" and info.token_hash == conn.token_hash


def open_page(client: Any, stack: list[Any]) -> Page:
    ws = client.websocket_connect("/ws").__enter__()
    stack.append(ws)
    return Page(ws)


def close_all(stack: list[Any]) -> None:
    for ws in reversed(stack):
        ws.__exit__(None, None, None)


def test_a_seat_given_up_in_one_tab_is_gone_from_the_other_before_someone_else_sits(db):
    """The stranger's second page (same token) does not get the next player's hand or
    legal moves: it is told at once that it is a spectator, and sees the public view."""
    with make_client(db) as client:
        code, owner = new_table(client, options={"players": 2})
        stack: list[Any] = []
        try:
            host = open_page(client, stack)
            host.hello(code, owner)
            host.send(type="sit", seat=1, name="Hôte")
            host.until("seated")
            first = open_page(client, stack)
            first.hello(code)
            first.send(type="sit", seat=0, name="Inconnu")
            token = first.until("seated")["token"]
            second = open_page(client, stack)
            assert second.hello(code, token)["you"]["seat"] == 0
            first.send(type="leave")
            # The other tab is told at once, before anybody else sits.
            first.send(type="ping")
            first.until("pong")
            news = sync(second)
            told = [m for m in news if m["type"] == "welcome"]
            assert told and told[0]["you"] == {"seat": None, "owner": False}
            after = [m for m in news if m["type"] == "table"]
            assert after and after[-1]["table"]["seats"][0]["kind"] == "empty"
            carol = open_page(client, stack)
            carol.hello(code)
            carol.send(type="sit", seat=0, name="Carole")
            carol.until("seated")
            host.send(type="start")
            mine = carol.until("table", lambda m: m["view"] is not None)
            assert mine["view"]["hand"]
            seen = [m for m in sync(second) if m["type"] == "table" and m["view"] is not None]
            assert seen and all(m["view"]["hand"] is None and m["legal"] == [] for m in seen)
            # Acting, previewing or leaving with the old token is refused as not seated.
            second.send(type="act", version=mine["version"], action=mine["legal"][0])
            assert second.until("refused")["code"] == "not_seated"
            for page in (host, first, second, carol):
                assert_only_own_seat(page)
            assert_server_agrees(client, code)
        finally:
            close_all(stack)


def test_a_stale_page_does_not_keep_the_seat_connected_and_the_stand_in_takes_over(db):
    """Carole takes the seat a stranger gave up; the stranger's other tab stays open.
    When Carole closes her page, the seat shows absent and a stand-in plays it, and
    what it played is told to Carole on her return, never to the stale tab."""
    with make_client(db, bot_pause=0.05) as client:
        code, owner = new_table(
            client,
            options={"players": 2},
            seats=[{}, {"bot": "greedy"}],
            settings={"zombie_bot": "greedy", "away_seconds": 1},
        )
        stack: list[Any] = []
        try:
            host = open_page(client, stack)
            host.hello(code, owner)
            first = open_page(client, stack)
            first.hello(code)
            first.send(type="sit", seat=0, name="Inconnu")
            token = first.until("seated")["token"]
            stale = open_page(client, stack)
            stale.hello(code, token)
            first.send(type="leave")
            first.send(type="ping")
            first.until("pong")
            assert [m for m in sync(stale) if m["type"] == "welcome"]
            carol_ws = client.websocket_connect("/ws")
            carol = Page(carol_ws.__enter__())
            carol.hello(code)
            carol.send(type="sit", seat=0, name="Carole")
            carol_token = carol.until("seated")["token"]
            host.send(type="start")
            carol.until("table", lambda m: m["view"] is not None)
            carol_ws.__exit__(None, None, None)
            for _ in range(60):  # the stand-in comes after away_seconds (1 s)
                time.sleep(0.1)
                now = [m for m in sync(host) if m["type"] == "table"]
                if now and now[-1]["last"] and now[-1]["last"]["seat"] == 0:
                    break
            tables = [m for m in host.got if m["type"] == "table" and m["view"] is not None]
            # The seat showed absent as soon as Carole's page closed, then a stand-in.
            assert not tables[-1]["table"]["seats"][0]["connected"]
            assert any(m["table"]["seats"][0].get("zombie") for m in tables)
            assert any(m["last"] and m["last"]["seat"] == 0 for m in tables)
            back = open_page(client, stack)
            assert back.hello(code, carol_token)["you"]["seat"] == 0
            notes = [m for m in sync(back) if m["type"] == "played_for_you"]
            assert len(notes) == 1
            sync(stale)
            assert not [m for m in stale.got if m["type"] == "played_for_you"]
            for page in (host, first, stale, carol, back):
                assert_only_own_seat(page)
            assert_server_agrees(client, code)
        finally:
            close_all(stack)


def test_a_resize_takes_the_removed_seat_from_its_pages_and_broadcasts_keep_working(db):
    """A stale page of seat 3, then the owner lowers the player count to 3 and starts:
    no server error for anyone, every page gets the game, the stale one as a spectator."""
    with make_client(db) as client:
        code, owner = new_table(client, options={"players": 4})
        stack: list[Any] = []
        try:
            host = open_page(client, stack)
            host.hello(code, owner)
            host.send(type="sit", seat=0, name="Hôte")
            host.until("seated")
            first = open_page(client, stack)
            first.hello(code)
            first.send(type="sit", seat=3, name="Inconnu")
            token = first.until("seated")["token"]
            stale = open_page(client, stack)
            assert stale.hello(code, token)["you"]["seat"] == 3
            first.send(type="leave")
            host.send(type="options", options={"players": 3}, tag="resize")
            host.until("done")
            for seat in (1, 2):
                host.send(type="seat_bot", seat=seat, bot="greedy")
            host.send(type="start")
            started = host.until("table", lambda m: m["view"] is not None)
            assert len(started["table"]["seats"]) == 3
            stale.send(type="chat", text="bonjour")
            watched = [m for m in sync(stale) if m["type"] == "table" and m["view"] is not None]
            assert watched and all(m["view"]["hand"] is None for m in watched)
            chat = next(m for m in stale.got if m["type"] == "chat")
            assert chat["seat"] is None and chat["name"] == ""
            for page in (host, first, stale):
                assert not [m for m in page.got if m.get("code") == "server_error"]
                assert_only_own_seat(page)
            assert_server_agrees(client, code)
        finally:
            close_all(stack)


def test_leave_and_sit_race_between_two_tabs_of_one_token(db):
    """Two tabs of one seat: one leaves while the other sits elsewhere at once. Whatever
    the order, no tab keeps a view of a seat its token does not hold."""
    with make_client(db) as client:
        for _ in range(5):
            code, owner = new_table(client, options={"players": 3})
            stack: list[Any] = []
            try:
                host = open_page(client, stack)
                host.hello(code, owner)
                a = open_page(client, stack)
                a.hello(code)
                a.send(type="sit", seat=0, name="Ana")
                token = a.until("seated")["token"]
                b = open_page(client, stack)
                b.hello(code, token)
                b.send(type="leave")
                a.send(type="sit", seat=1, name="Ana")
                sync(a)
                sync(b)
                host.send(type="seat_bot", seat=2, bot="greedy")
                sync(host)
                for seat in range(3):
                    if client.app.state.tables.tables[code].seats[seat].kind == "empty":
                        host.send(type="seat_bot", seat=seat, bot="greedy")
                host.send(type="start")
                host.until("table", lambda m: m["view"] is not None)
                time.sleep(0.05)
                for page in (host, a, b):
                    sync(page)
                    assert_only_own_seat(page)
                    assert not [m for m in page.got if m.get("code") == "server_error"]
                assert_server_agrees(client, code)
            finally:
                close_all(stack)


def test_a_reconnect_with_a_token_whose_seat_was_taken_is_a_spectator(db):
    with make_client(db) as client:
        code, owner = new_table(client, options={"players": 2}, seats=[{}, {"bot": "greedy"}])
        stack: list[Any] = []
        try:
            host = open_page(client, stack)
            host.hello(code, owner)
            first_ws = client.websocket_connect("/ws")
            first = Page(first_ws.__enter__())
            first.hello(code)
            first.send(type="sit", seat=0, name="Inconnu")
            token = first.until("seated")["token"]
            first.send(type="leave")
            sync(first)
            first_ws.__exit__(None, None, None)
            carol = open_page(client, stack)
            carol.hello(code)
            carol.send(type="sit", seat=0, name="Carole")
            carol.until("seated")
            host.send(type="start")
            host.until("table", lambda m: m["view"] is not None)
            again = open_page(client, stack)
            again.send(type="hello", table=code, token=token, lang="fr")
            assert again.until("refused")["code"] == "bad_token"
            assert again.until("welcome")["you"] == {"seat": None, "owner": False}
            sync(again)
            assert_only_own_seat(again)
            assert_server_agrees(client, code)
        finally:
            close_all(stack)
