"""Hostile protocol sequences, generated: several pages of one table send random
sequences (sit, leave, resize, act with their own, old or other pages' tokens, again,
chat, ask, close, reconnect), and after every step:

- no page holds a seat its token does not hold now (the server's own bookkeeping, and
  the last table message each open page got shows its view only for such a seat);
- no answer is a 5xx or a ``server_error`` refusal;
- the table in memory is the table storage holds, replayed (its row and every seat's
  view of its game), checked under the table's lock.

Driven in-process: the real app and a real SQLite file through Starlette's test client
websockets (hypothesis' stateful testing, a bounded number of examples and steps so the
run stays short in CI)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from starlette.testclient import TestClient

from partie.server.app import ServerConfig, create_app
from partie.server.codes import token_hash

SLOTS = 3
FORGED = "forged-token-that-matches-nothing-at-all"


class Page:
    """One websocket page: every message it got, and the seat it was told it holds."""

    def __init__(self, client: TestClient, code: str, token: str | None) -> None:
        self.cm = client.websocket_connect("/ws")
        self.ws = self.cm.__enter__()
        self.token = token
        self.seat: int | None = None
        self.got: list[dict[str, Any]] = []
        self.last_table: dict[str, Any] | None = None
        self.send(type="hello", table=code, token=token, lang="fr")

    def send(self, **message: Any) -> None:
        self.ws.send_text(json.dumps(message))

    def sync(self) -> list[dict[str, Any]]:
        """Everything sent to this page before the answer to a ping."""
        self.send(type="ping")
        news = []
        while True:
            message = json.loads(self.ws.receive_text())
            if message["type"] == "pong":
                break
            news.append(message)
            if message["type"] == "welcome":
                self.seat = message["you"]["seat"]
            elif message["type"] == "seated":
                self.seat, self.token = message["seat"], message["token"]
            elif message["type"] == "table":
                self.last_table = message
        self.got += news
        return news

    def close(self) -> None:
        self.cm.__exit__(None, None, None)


class HostileTable(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory()
        db = Path(self.folder.name) / "hostile.sqlite3"
        config = ServerConfig(db=f"sqlite:///{db}", bot_pause=0.0, warm_bots=False)
        self.client = TestClient(create_app(config))
        self.client.__enter__()
        answer = self.client.post(
            "/api/tables",
            json={"game": "the-game", "options": {"players": 3}, "settings": {}},
        )
        assert answer.status_code == 201
        data = answer.json()
        self.code, self.owner = data["code"], data["owner_token"]
        self.tokens: list[str] = [self.owner]  # every token any page was ever given
        self.pages: dict[int, Page] = {}

    def teardown(self) -> None:
        for page in self.pages.values():
            page.close()
        self.client.__exit__(None, None, None)
        self.folder.cleanup()

    # -- helpers --------------------------------------------------------------------

    def settle(self, first: Page | None = None) -> None:
        """Every open page has what the server sent it: the page that sent the last
        message first, so what that message caused is in every other page's queue."""
        order = ([first] if first is not None else []) + [
            p for p in self.pages.values() if p is not first
        ]
        for page in order:
            for message in page.sync():
                assert not (message["type"] == "refused" and message["code"] == "server_error"), (
                    message
                )
                if message["type"] == "seated" and message["token"] not in self.tokens:
                    self.tokens.append(message["token"])

    def page(self, slot: int) -> Page | None:
        return self.pages.get(slot)

    def service(self) -> Any:
        return self.client.app.state.tables  # type: ignore[attr-defined]

    # -- rules ----------------------------------------------------------------------

    @precondition(lambda self: len(self.pages) < SLOTS)
    @rule(
        slot=st.integers(0, SLOTS - 1),
        kind=st.sampled_from(["none", "forged", "newest", "newest", "owner", "any"]),
        which=st.integers(0, 20),
    )
    def open(self, slot: int, kind: str, which: int) -> None:
        """A page opens with no token, a forged one, or a token seen so far: the newest
        seat's (a second tab of the last person who sat), the owner's, or any (an old
        one, another page's)."""
        if slot in self.pages:
            return
        token = {"none": None, "forged": FORGED, "owner": self.owner}.get(kind)
        if kind == "newest":
            token = self.tokens[-1]
        elif kind == "any":
            token = self.tokens[which % len(self.tokens)]
        self.pages[slot] = Page(self.client, self.code, token)
        self.settle(self.pages[slot])

    @rule(slot=st.integers(0, SLOTS - 1))
    def close(self, slot: int) -> None:
        page = self.pages.pop(slot, None)
        if page is not None:
            page.close()
            self.settle()

    @rule(slot=st.integers(0, SLOTS - 1))
    def reconnect(self, slot: int) -> None:
        page = self.pages.pop(slot, None)
        if page is not None:
            page.close()
            self.pages[slot] = Page(self.client, self.code, page.token)
            self.settle(self.pages[slot])

    def _send(self, slot: int, **message: Any) -> None:
        page = self.page(slot)
        if page is not None:
            page.send(**message)
            self.settle(page)

    @rule(slot=st.integers(0, SLOTS - 1), seat=st.sampled_from([0, 0, 1, 2, 3, 5]))
    def sit(self, slot: int, seat: int) -> None:
        self._send(slot, type="sit", seat=seat, name=f"P{slot}")

    @rule(slot=st.integers(0, SLOTS - 1))
    def leave(self, slot: int) -> None:
        self._send(slot, type="leave")

    @rule(slot=st.integers(0, SLOTS - 1), players=st.integers(1, 5))
    def resize(self, slot: int, players: int) -> None:
        self._send(slot, type="options", options={"players": players})

    @rule(slot=st.integers(0, SLOTS - 1), seat=st.integers(0, 4))
    def seat_bot(self, slot: int, seat: int) -> None:
        self._send(slot, type="seat_bot", seat=seat, bot="greedy")

    @rule(slot=st.integers(0, SLOTS - 1))
    def start(self, slot: int) -> None:
        self._send(slot, type="start")

    @rule(slot=st.integers(0, SLOTS - 1), same=st.booleans())
    def again(self, slot: int, same: bool) -> None:
        self._send(slot, type="again", same_deal=same)

    @rule(slot=st.integers(0, SLOTS - 1), old=st.integers(0, 3), pick=st.integers(0, 50))
    def act(self, slot: int, old: int, pick: int) -> None:
        """A move from the page's last table message: its own legal list if it has one,
        else a move the seat to act could make (played from a page that does not hold
        that seat); the version current or ``old`` behind."""
        page = self.page(slot)
        if page is None or page.last_table is None or page.last_table["view"] is None:
            return
        message = page.last_table
        legal = message["legal"]
        if not legal:
            table = self.service().tables[self.code]
            state = table.state
            if state is None or not state.to_act:
                return
            legal = table.adapter.legal_json(state, state.to_act[0])
            if not legal:
                return
        action = legal[pick % len(legal)]
        self._send(slot, type="act", version=max(0, message["version"] - old), action=action)

    @rule(slot=st.integers(0, SLOTS - 1), text=st.sampled_from(["bonjour", "on y va", "x"]))
    def chat(self, slot: int, text: str) -> None:
        self._send(slot, type="chat", text=text)

    @rule(slot=st.integers(0, SLOTS - 1), what=st.sampled_from(["hints", "nothing"]))
    def ask(self, slot: int, what: str) -> None:
        self._send(slot, type="ask", what=what, args={})

    # -- what must hold after every step ---------------------------------------------

    @invariant()
    def only_held_seats_are_shown(self) -> None:
        service = self.service()
        table = service.tables[self.code]
        for conn in service.fanout.connections(self.code):
            if conn.seat is not None:
                info = table.seats[conn.seat]
                assert info.kind == "person" and info.token_hash == conn.token_hash
        for page in self.pages.values():
            shown = page.last_table
            if shown is None or shown["view"] is None:
                continue
            seat = shown["view"]["seat"]
            assert seat == page.seat
            if seat is not None:
                info = table.seats[seat]
                assert info.kind == "person" and page.token is not None
                assert info.token_hash == token_hash(page.token)
            else:
                assert shown["view"]["hand"] is None and shown["legal"] == []

    @invariant()
    def no_server_error_over_http(self) -> None:
        for path in (f"/api/tables/{self.code}", "/api/tables", "/api/status"):
            assert self.client.get(path).status_code < 500

    @invariant()
    def memory_is_what_storage_replays(self) -> None:
        service = self.service()

        async def compare() -> None:
            table = service.tables[self.code]
            async with table.lock:
                stored = service._read_table(self.code)
                assert stored is not None
                assert stored.row() == table.row()
                assert stored.version == table.version
                if table.state is not None:
                    assert stored.state is not None
                    for seat in [None, *range(table.players)]:
                        assert stored.state.view(seat) == table.state.view(seat)

        self.client.portal.call(compare)  # type: ignore[union-attr]


HostileTable.TestCase.settings = settings(
    max_examples=40,
    stateful_step_count=30,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
test_hostile_protocol = HostileTable.TestCase
