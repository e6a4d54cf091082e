"""The real ``partie serve`` in a subprocess, real websocket clients: the leak test and
the restart test.

The leak test plays whole games with people and bots, records every message each
connection receives, then proves that no message depends on what its receiver may not
see: each recorded ``table`` message is rebuilt from the game's state at that version
and from states where the hidden cards (other hands, the draw pile) were dealt again,
and all of them must be identical. Tokens and the seed are looked for in every message.
"""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
from serverkit import LiveServer
from websockets.asyncio.client import connect

from partie.core import Record, replay
from partie.games.the_game.bots import GreedyBot
from partie.server.games import get_adapter
from partie.server.protocol import played_for_message, table_message

SUMMARY_KEYS = {
    "code",
    "game",
    "options",
    "settings",
    "status",
    "game_no",
    "seats",
    "created",
    "result",
}


class Player:
    """One browser page: keeps every message; plays its seat with a greedy bot."""

    def __init__(self, url: str, code: str, token: str | None, rng: random.Random) -> None:
        self.url, self.code, self.token, self.rng = url, code, token, rng
        self.got: list[dict[str, Any]] = []
        self.texts: list[str] = []
        self.seat: int | None = None
        self.ws: Any = None
        self.bot = GreedyBot(rng.randrange(1000))

    async def open(self) -> None:
        self.ws = await connect(self.url)
        await self.send(type="hello", table=self.code, token=self.token, lang="fr")

    async def send(self, **message: Any) -> None:
        await self.ws.send(json.dumps(message))

    async def next(self) -> dict[str, Any]:
        text = await asyncio.wait_for(self.ws.recv(), 60)
        self.texts.append(text)
        message = json.loads(text)
        self.got.append(message)
        if message["type"] == "seated":
            self.seat = message["seat"]
            self.token = message["token"]
        return message

    async def until(self, kind: str) -> dict[str, Any]:
        while True:
            message = await self.next()
            if message["type"] == kind:
                return message

    def choose(self, msg: dict[str, Any]) -> dict[str, Any]:
        legal = msg["legal"]
        starts = [a for a in legal if a["type"] == "start"]
        if starts:
            return self.rng.choice(starts)
        signals = [a for a in legal if a["type"] == "signal"]
        if signals and self.rng.random() < 0.15:
            return self.rng.choice(signals)
        takebacks = [a for a in legal if a["type"] == "takeback"]  # tables that offer it
        if takebacks and self.rng.random() < 0.3:
            return takebacks[0]
        return self.bot.act(msg["view"]).to_json()

    async def play(self) -> None:
        """Act whenever the last message says it is this seat's turn, until the end."""
        last: dict[str, Any] | None = None
        while True:
            message = await self.next()
            if message["type"] == "table" and message["view"] is not None:
                last = message
                if message["view"]["over"]:
                    return
            elif message["type"] != "refused" or last is None:
                continue
            if self.seat is not None and last["legal"] and self.seat in last["view"]["to_act"]:
                await self.send(type="act", version=last["version"], action=self.choose(last))


def new_table(server: LiveServer, body: dict[str, Any]) -> tuple[str, str]:
    """A table made through the HTTP API: its code and its owner's token."""
    answer = httpx.post(server.url("/api/tables"), json=body).json()
    return answer["code"], answer["owner_token"]


async def play_table(server: LiveServer, options: dict[str, Any], seats: list[Any]) -> dict:
    rng = random.Random(repr(options))
    code, owner = new_table(
        server,
        {
            "game": "the-game",
            "options": options,
            "seats": seats,
            "settings": {"zombie_bot": "greedy"},
        },
    )
    people = [i for i, s in enumerate(seats) if not s.get("bot")]
    pages = [Player(server.ws, code, owner if i == 0 else None, rng) for i in range(len(people))]
    watcher = Player(server.ws, code, None, rng)
    for page in [*pages, watcher]:
        await page.open()
        await page.until("welcome")
    for page, seat in zip(pages, people, strict=True):
        await page.send(type="sit", seat=seat, name=f"P{seat}")
        await page.until("seated")
    await pages[0].send(type="start")
    await asyncio.gather(*(page.play() for page in [*pages, watcher]))
    record = Record.load(httpx.get(server.url(f"/api/tables/{code}/record")).text)
    return {"code": code, "owner": owner, "pages": pages, "watcher": watcher, "record": record}


def check_no_leak(played: dict[str, Any]) -> int:
    """Every table message equals the one rebuilt from dealt-again states; returns how
    many messages were checked."""
    record: Record = played["record"]
    adapter = get_adapter("the-game")
    game = adapter.game
    options = game.parse_options(record.options)
    final = replay(record)
    rng = random.Random(7)
    tokens = {page.token for page in played["pages"]} | {played["owner"]}
    checked = 0
    states = [game.setup(options, record.seed)]
    for seat, data in record.actions:
        state = states[-1].clone()
        state.apply(seat, game.action_from_json(data))
        states.append(state)
    for page in [*played["pages"], played["watcher"], *played.get("stale", [])]:
        own = page.token if page.seat is not None else None
        # The seat this page holds when each message comes (``welcome`` and ``seated``
        # say so): a page that lost its seat is checked as the spectator it became.
        holds = None
        for text, message in zip(page.texts, page.got, strict=True):
            if message["type"] == "welcome":
                holds = message["you"]["seat"]
            elif message["type"] == "seated":
                holds = message["seat"]
            assert str(record.seed) not in text
            for token in tokens - {own}:
                assert token not in text, "another connection's token was sent"
            if own is not None and own in text:
                assert message["type"] == "seated"
            if message["type"] != "table" or message["view"] is None:
                continue
            assert set(message["table"]) <= SUMMARY_KEYS  # table facts only, no game state
            version = message["version"]
            state = states[version]
            last = None
            if version:
                who, data = record.actions[version - 1]
                last = (who, game.action_from_json(data))

            def rebuilt(
                s: Any, message: dict = message, last: Any = last, seat: Any = holds
            ) -> Any:
                built = table_message(
                    adapter,
                    s,
                    seat,
                    summary=message["table"],
                    version=message["version"],
                    last=last,
                    timer=None,
                )
                return json.loads(json.dumps(built))

            assert rebuilt(state) == message
            over = state.is_over
            if over:
                # The end shows every hand (the record can be downloaded then anyway).
                assert message["extra"]["hands"] == [list(h) for h in final.hands]
                assert set(message["extra"]) == {"hands", "turns"}
                message = {k: v for k, v in message.items() if k != "extra"}
            else:
                # During play the extras are the seat to act's own plays that would end
                # the game (from its own hand) and the cards the turns laid (public):
                # both checked against hidden cards below.
                extra = message.get("extra", {})
                assert set(extra) <= {"corners", "turns"}
                assert "corners" not in extra or holds in state.to_act
            for _ in range(3):
                again = game.reshuffle_hidden(state, holds, rng)
                shown = rebuilt(again)
                if over:
                    shown = {k: v for k, v in shown.items() if k != "extra"}
                assert shown == message, "a message depends on hidden cards"
            checked += 1
    assert final.is_over
    return checked


def test_leak_whole_games_with_people_bots_and_a_spectator(tmp_path):
    async def run() -> list[dict[str, Any]]:
        with LiveServer(tmp_path / "leak.sqlite3") as server:
            return [
                await play_table(server, {"players": 3}, [{}, {}, {"bot": "greedy"}]),
                await play_table(
                    server,
                    {"players": 4, "choose_start": True, "expert": True},
                    [{}, {"bot": "random"}, {}, {"bot": "greedy"}],
                ),
            ]

    for played in asyncio.run(run()):
        # The deal is the server's own (a random seed): a game can end early, stuck, but
        # never before several turns of several cards each.
        assert len(played["record"].actions) >= 10
        assert check_no_leak(played) >= 20
        seen = [m["view"] for m in played["watcher"].got if m["type"] == "table" and m["view"]]
        assert seen and all(view["hand"] is None for view in seen)


def test_leak_a_page_that_lost_its_seat_sees_no_hand_for_the_whole_game(tmp_path):
    """A stranger sits, opens a second page with the same token and gives the seat up
    on the first; Carole takes the seat and the game is played to the end. The stale
    page is a spectator from the moment the seat was given up: every message it gets
    passes the leak check as a spectator's, and it never sees a hand."""

    async def run() -> dict[str, Any]:
        with LiveServer(tmp_path / "stale.sqlite3") as server:
            code, owner = new_table(
                server,
                {
                    "game": "the-game",
                    "options": {"players": 3},
                    "seats": [{}, {}, {"bot": "greedy"}],
                    "settings": {"zombie_bot": "greedy"},
                },
            )
            rng = random.Random(5)
            host = Player(server.ws, code, owner, rng)
            stranger = Player(server.ws, code, None, rng)
            for page in (host, stranger):
                await page.open()
                await page.until("welcome")
            await host.send(type="sit", seat=1, name="Hôte")
            await host.until("seated")
            await stranger.send(type="sit", seat=0, name="Inconnu")
            await stranger.until("seated")
            stale = Player(server.ws, code, stranger.token, rng)
            await stale.open()
            assert (await stale.until("welcome"))["you"]["seat"] == 0
            await stranger.send(type="leave")
            assert (await stale.until("welcome"))["you"]["seat"] is None
            carol = Player(server.ws, code, None, rng)
            await carol.open()
            await carol.until("welcome")
            await carol.send(type="sit", seat=0, name="Carole")
            await carol.until("seated")
            await host.send(type="start")
            await asyncio.gather(*(page.play() for page in (host, carol, stale, stranger)))
            record = Record.load(httpx.get(server.url(f"/api/tables/{code}/record")).text)
        stranger.seat = None
        return {
            "owner": owner,
            "pages": [host, carol],
            "watcher": stranger,
            "stale": [stale],
            "record": record,
        }

    played = asyncio.run(run())
    assert check_no_leak(played) >= 20
    stale = played["stale"][0]
    views = [m["view"] for m in stale.got if m["type"] == "table" and m["view"]]
    assert views and all(view["hand"] is None for view in views)


def test_restart_mid_game_resumes_the_table(tmp_path):
    db = tmp_path / "restart.sqlite3"

    async def first() -> tuple[str, str, dict[str, Any]]:
        with LiveServer(db) as server:
            code, owner = new_table(
                server,
                {
                    "game": "the-game",
                    "settings": {"listed": True},  # in the lobby's lists
                    "options": {"players": 2},
                    "seats": [{}, {"bot": "greedy"}],
                },
            )
            page = Player(server.ws, code, owner, random.Random(1))
            await page.open()
            await page.send(type="sit", seat=0, name="Alice")
            await page.until("seated")
            await page.send(type="start")
            last = None
            while last is None or last["version"] < 5:
                msg = await page.until("table")
                if msg["view"] and 0 in msg["view"]["to_act"] and msg["legal"]:
                    last = msg
                    if msg["version"] < 5:
                        await page.send(type="act", version=msg["version"], action=page.choose(msg))
            await page.ws.close()
            return code, owner, last

    async def second(code: str, owner: str, before: dict[str, Any]) -> None:
        with LiveServer(db) as server:
            lobby = httpx.get(server.url("/api/tables")).json()
            assert [t["code"] for t in lobby["playing"]] == [code]
            page = Player(server.ws, code, owner, random.Random(2))
            await page.open()
            welcome = await page.until("welcome")
            assert welcome["you"] == {"seat": 0, "owner": True}
            page.seat = 0
            msg = await page.until("table")
            assert msg["version"] == before["version"]
            assert msg["view"] == before["view"]
            # An oversized message is refused in one line; the socket stays open.
            await page.send(type="chat", text="x" * 100_000)
            refused = await page.until("refused")
            assert refused["code"] == "too_large" and "\n" not in refused["en"]
            await page.send(type="act", version=msg["version"], action=page.choose(msg))
            after = await page.until("table")
            assert after["version"] == msg["version"] + 1

    code, owner, before = asyncio.run(first())
    asyncio.run(second(code, owner, before))


def test_leak_what_a_stand_in_played_is_told_to_its_seat_only(tmp_path):
    """Alice starts and closes her page; after a second away a stand-in plays her seat
    to the end. Every table message (hers on return, the spectator's) passes the leak
    check; the note she gets on return is the one message that says what was played
    for her: exactly her seat's moves of the record, described from her own view, and
    sent to nobody else."""

    async def run() -> dict[str, Any]:
        with LiveServer(tmp_path / "stand-in.sqlite3") as server:
            code, owner = new_table(
                server,
                {
                    "game": "the-game",
                    "options": {"players": 2},
                    "seats": [{}, {"bot": "greedy"}],
                    "settings": {"zombie_bot": "greedy", "away_seconds": 1},
                },
            )
            rng = random.Random(3)
            alice = Player(server.ws, code, owner, rng)
            watcher = Player(server.ws, code, None, rng)
            for page in (alice, watcher):
                await page.open()
                await page.until("welcome")
            await alice.send(type="sit", seat=0, name="Alice")
            await alice.until("seated")
            await alice.send(type="start")
            await alice.until("table")
            await alice.ws.close()
            await watcher.play()  # watches until the game is over
            back = Player(server.ws, code, owner, rng)
            back.seat = 0
            await back.open()
            await back.until("played_for_you")
            record = Record.load(httpx.get(server.url(f"/api/tables/{code}/record")).text)
            await back.send(type="ping")
            await back.until("pong")
            await watcher.send(type="ping")
            await watcher.until("pong")
        return {"owner": owner, "pages": [back], "watcher": watcher, "record": record}

    played = asyncio.run(run())
    assert check_no_leak(played) >= 10
    record: Record = played["record"]
    adapter = get_adapter("the-game")
    mine = [adapter.action_from_json(data) for seat, data in record.actions if seat == 0]
    notes = [m for m in played["pages"][0].got if m["type"] == "played_for_you"]
    assert notes == [played_for_message(adapter, 0, mine)]
    assert all(move["seat"] == 0 for move in notes[0]["moves"])
    assert not [m for m in played["watcher"].got if m["type"] == "played_for_you"]
