"""What a class or a group of strangers would hit: chat floods, tables nobody comes back
to, a projector in a seated teacher's browser, an owner's form answered out of turn, the
address other devices can open, a deck sent just before a restart. Real app, real
SQLite; the restarts and the network addresses with the real ``partie serve``."""

from __future__ import annotations

import ipaddress
import shutil
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from serverkit import LiveServer, Page, make_client, new_table, sit_and_start
from starlette.testclient import TestClient
from test_tennis_quizz_web import UPLOAD, marked_deck

from partie.server.limits import RATES, Rate
from partie.server.tables import ASK_BURST, ASK_RATE, CHAT_BURST, CHAT_KEPT, CHAT_RATE

WIDE = Rate(1000.0, 10_000, "x", "x")


@pytest.fixture
def client(db: Path) -> Iterator[TestClient]:
    """These tests pin the allowances per seat, per page and per table: the ones per
    address (``test_limits_per_address.py``), which every page of a test client shares,
    and the spectators' shared chat allowance are opened wide here."""
    rates = {**RATES, "chat": WIDE, "ask": WIDE, "message": WIDE}
    with make_client(db, rates=rates, spectator_chat=(1000.0, 10_000)) as c:
        yield c


def test_chat_is_limited_per_seat_and_refusals_reach_nobody_else(client):
    code, owner = new_table(client, options={"players": 2})
    with client.websocket_connect("/ws") as ws_a, client.websocket_connect("/ws") as ws_b:
        talker, other = Page(ws_a), Page(ws_b)
        talker.hello(code, owner)
        talker.send(type="sit", seat=0, name="Ana")  # the allowance is the seat's
        talker.until("seated")
        other.hello(code)
        sent = 3 * CHAT_BURST
        began = time.monotonic()
        answers = []
        for n in range(sent):
            talker.send(type="chat", text=_line(n))
            answers.append(_chat_or_refusal(talker))
        elapsed = time.monotonic() - began
        accepted = [a for a in answers if a["type"] == "chat"]
        refused = [a for a in answers if a["type"] == "refused"]
        assert len(accepted) + len(refused) == sent
        # The burst goes through at once; beyond it, no more than the rate refills.
        assert CHAT_BURST <= len(accepted) <= CHAT_BURST + int(elapsed * CHAT_RATE) + 1
        assert refused and {r["code"] for r in refused} == {"chat_too_fast"}
        assert all(r["ref"] == "chat" and r["fr"] and r["en"] for r in refused)
        # The other page saw exactly the accepted lines, in order, and nothing else.
        other.send(type="ping")
        seen = []
        while (msg := other.recv())["type"] != "pong":
            if msg["type"] == "chat":
                seen.append(msg["text"])
            assert msg["type"] != "refused"
        assert seen == [a["text"] for a in accepted]
        # Another seat (here the spectators) has its own allowance: a flood from one
        # seat does not silence the others.
        other.send(type="chat", text="à moi")
        assert _chat_or_refusal(other)["type"] == "chat"


def _line(n: int) -> str:
    """A numbered chat line without digits (The Game's table talk refuses numbers)."""
    return "ligne " + "".join("abcdefghij"[int(d)] for d in str(n))


def _chat_or_refusal(page: Page) -> dict:
    while True:
        msg = page.recv()
        if msg["type"] in ("chat", "refused"):
            return msg


def test_a_table_keeps_only_the_newest_chat_lines(client):
    code, _ = new_table(client, options={"players": 2})
    extra = 7
    lines = CHAT_KEPT + extra
    n = 0
    while n < lines:  # several pages, each within its burst: the cap is the table's
        with client.websocket_connect("/ws") as ws:
            page = Page(ws)
            page.hello(code)
            for _ in range(min(CHAT_BURST, lines - n)):
                page.send(type="chat", text=_line(n))
                assert _chat_or_refusal(page)["type"] == "chat"
                n += 1
    with client.websocket_connect("/ws") as ws:
        kept = [line["text"] for line in Page(ws).hello(code)["chat"]]
    assert kept == [_line(k) for k in range(extra, lines)]


def _status(client) -> dict:
    return client.get("/api/status").json()


def _wait(test, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not test():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def test_idle_tables_leave_memory_and_come_back_from_storage(db):
    with make_client(db, idle_seconds=0.3) as client:
        service = client.app.state.tables
        # A finished game: the owner's seat goes to a bot, which ends it.
        over, owner = new_table(
            client,
            options={"players": 2},
            seats=[{}, {"bot": "greedy"}],
            settings={"zombie_bot": "greedy"},
        )
        with client.websocket_connect("/ws") as ws:
            page = Page(ws)
            sit_and_start(page, over, owner)
            page.send(type="leave")
            end = page.until("table", lambda m: m["view"] and m["view"]["over"])
        record = client.get(f"/api/tables/{over}/record").text
        # Never started, and a game still being played (a person's turn, nobody there).
        idle_open, _ = new_table(client, options={"players": 2})
        playing, owner2 = new_table(client, options={"players": 2}, seats=[{}, {"bot": "greedy"}])
        with client.websocket_connect("/ws") as ws:
            sit_and_start(Page(ws), playing, owner2, name="Bob")
        _wait(lambda: over not in service.tables and idle_open not in service.tables)
        assert playing in service.tables  # its game goes on: it stays
        status = _status(client)
        assert status["evicted"] >= 2 and status["tables"] == len(service.tables)
        # The code, the record and the replay still work, loaded again from storage.
        assert client.get(f"/api/tables/{over}/record").text == record
        assert over in service.tables
        steps = client.get(f"/api/tables/{over}/replay?seat=0").json()["steps"]
        assert steps[-1]["view"]["over"] is True
        assert client.get(f"/api/tables/{idle_open}").json()["status"] == "open"
        with client.websocket_connect("/ws") as ws:
            page = Page(ws)
            welcome = page.hello(over, owner)
            assert welcome["you"]["owner"] is True
            page.send(type="again", same_deal=True)  # the owner's rights came back too
            again = page.until("table", lambda m: m["table"]["game_no"] == 1)
            assert again["table"]["status"] in ("playing", "over")
        assert end["view"]["over"] is True
        # Watched, a finished table stays.
        with client.websocket_connect("/ws") as ws:
            Page(ws).hello(idle_open)
            time.sleep(0.8)
            assert idle_open in service.tables


def test_a_seated_owner_can_watch_with_owner_rights_and_no_seat(client):
    code, owner = new_table(client, options={"players": 2}, seats=[{}, {"bot": "greedy"}])
    with client.websocket_connect("/ws") as ws_seat, client.websocket_connect("/ws") as ws_proj:
        seat, projector = Page(ws_seat), Page(ws_proj)
        seat.hello(code, owner)
        seat.send(type="sit", seat=0, name="Prof")
        assert seat.until("seated")["token"] == owner
        projector.send(type="hello", table=code, token=owner, watch=True)
        assert projector.until("welcome")["you"] == {"seat": None, "owner": True}
        projector.until("table")
        # One token, one seat: the watching page cannot take a second one.
        projector.send(type="sit", seat=1, name="Encore")
        assert projector.until("refused")["code"] in ("already_seated", "seat_taken")
        # Owner controls work from the projector; its view is the public one.
        projector.send(type="start")
        shown = projector.until("table", lambda m: m["view"] is not None)
        assert shown["view"]["hand"] is None and shown["legal"] == []
        mine = seat.until("table", lambda m: m["view"] is not None)
        assert mine["view"]["hand"]
        # The seat counts as present through its own page only.
        seats = shown["table"]["seats"]
        assert seats[0]["connected"] is True
        projector.send(type="act", version=shown["version"], text="bon a1")
        assert projector.until("refused")["code"] == "not_seated"


def test_an_options_tag_comes_back_with_its_own_answer(client):
    code, owner = new_table(client, options={"players": 3})
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        page.hello(code, owner)
        page.send(type="options", options={"players": 9}, tag="f1")
        refused = page.until("refused")
        assert (refused["ref"], refused["tag"], refused["code"]) == ("options", "f1", "bad_options")
        page.send(type="options", options={"players": 2, "expert": True}, tag="f2")
        table = page.until("table")
        assert table["table"]["options"]["expert"] is True
        assert page.recv() == {"type": "done", "ref": "options", "tag": "f2"}
        page.send(type="options", options={"players": 2})  # no tag: no "done"
        page.until("table")
        page.send(type="ping")
        assert page.recv()["type"] == "pong"
        page.send(type="options", options={"players": 2}, tag="<b>")
        assert page.until("refused")["code"] == "bad_input"


def _machine_ipv4() -> set[str]:
    """The machine's IPv4 addresses as ``ip`` lists them (not the server's own code)."""
    out = subprocess.run(["ip", "-4", "-o", "addr"], capture_output=True, text=True).stdout
    found = set()
    for line in out.splitlines():
        address = ipaddress.ip_address(line.split()[3].split("/")[0])
        if not address.is_loopback and not address.is_link_local:
            found.add(str(address))
    return found


def test_status_gives_the_addresses_other_devices_can_open(tmp_path):
    with LiveServer(tmp_path / "lan.sqlite3", "--host", "0.0.0.0") as server:
        status = httpx.get(server.url("/api/status")).json()
        urls = status["addresses"]
        hosts = {url.removeprefix("http://").rsplit(":", 1)[0] for url in urls}
        if shutil.which("ip"):
            assert hosts == _machine_ipv4()
        for url in urls:
            assert url.endswith(f":{server.port}")
            # The address really reaches this server.
            assert httpx.get(url + "/api/games", timeout=5).status_code == 200
    with LiveServer(tmp_path / "local.sqlite3") as server:  # 127.0.0.1: nobody else
        assert httpx.get(server.url("/api/status")).json()["addresses"] == []


def test_an_uploaded_deck_not_yet_used_survives_a_restart(tmp_path):
    db = tmp_path / "uploads.sqlite3"
    with LiveServer(db) as server:
        answer = httpx.post(server.url(f"{UPLOAD}?name=marques.toml"), content=marked_deck())
        assert answer.status_code == 200, answer.text
        deck = answer.json()["deck"]["id"]
    with LiveServer(db) as server:
        created = httpx.post(
            server.url("/api/tables"),
            json={"game": "tennis-quizz", "options": {"deck": deck}, "seats": [{}, {}]},
        )
        assert created.status_code == 201, created.text
        summary = httpx.get(server.url(f"/api/tables/{created.json()['code']}")).json()
        assert summary["options"]["deck"].startswith("sha256:")
        unknown = httpx.post(
            server.url("/api/tables"),
            json={"game": "tennis-quizz", "options": {"deck": "upload:" + "0" * 64}},
        )
        assert unknown.status_code == 400 and "upload" in unknown.json()["en"]


def test_questions_are_limited_per_connection_and_one_position_is_searched_once(client):
    """Tennis de mots' hints search the lexicon: a page flooding ``ask`` gets
    ``ask_too_fast`` beyond its allowance, and every answer it did get on one position
    comes from a single search (the same object, not the same-looking result of many)."""
    code, owner = new_table(
        client,
        game="tennis-mots",
        options={"players": 2},
        seats=[{}, {"bot": "greedy"}],
    )
    adapter = client.app.state.tables.tables[code].adapter
    searches = []
    real_ask = adapter.ask

    def counting_ask(*args):
        searches.append(args[1:])
        return real_ask(*args)

    adapter.ask = counting_ask
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        first = sit_and_start(page, code, owner)
        # The seat must be still: ask while it is this seat's turn (the bot waits). When
        # seat 0 serves first, the start's own view is that turn: no other message comes.
        ours = lambda m: m["view"] is not None and 0 in m["view"]["to_act"]  # noqa: E731
        msg = first if ours(first) else page.until("table", ours)
        sent = 3 * ASK_BURST
        began = time.monotonic()
        for _ in range(sent):
            page.send(type="ask", what="hints", args={})
        answers = [_answer_or_refusal(page) for _ in range(sent)]
        elapsed = time.monotonic() - began
        given = [a for a in answers if a["type"] == "answer"]
        refused = [a for a in answers if a["type"] == "refused"]
        assert ASK_BURST <= len(given) <= ASK_BURST + int(elapsed * ASK_RATE) + 1
        assert refused and {r["code"] for r in refused} == {"ask_too_fast"}
        assert all(r["fr"] and r["en"] for r in refused)
        assert all(a["info"] == given[0]["info"] for a in given)
        assert msg["version"] == client.app.state.tables.tables[code].version
        assert searches == [(0, "hints", {})]


def _answer_or_refusal(page: Page) -> dict:
    while True:
        msg = page.recv()
        if msg["type"] in ("answer", "refused"):
            return msg
