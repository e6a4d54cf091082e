"""Turn timers and the stand-in ("zombie") bot: a seat whose time runs out, or whose
player left, is played by a bot until the player is back."""

from __future__ import annotations

import time

from serverkit import Page, make_client, new_table, sit_and_start

from partie.server.games import get_adapter
from partie.server.protocol import played_for_message

ADAPTER = get_adapter("the-game")


def played_for_seat(got: list[dict], seat: int) -> list[dict]:
    """The moves of ``seat`` the table messages in ``got`` showed, once each."""
    moves, seen = [], set()
    for m in got:
        fresh = m["type"] == "table" and m["version"] not in seen
        if fresh and m["last"] and m["last"]["seat"] == seat:
            seen.add(m["version"])
            moves.append(m["last"]["action"])
    return moves


def told(page: Page, seat: int, actions: list[dict]) -> None:
    """``page`` was told once, by its own view's words, exactly what was played for it."""
    notes = [m for m in page.got if m["type"] == "played_for_you"]
    assert len(notes) == 1, notes
    moves = [ADAPTER.action_from_json(a) for a in actions]
    assert notes[0] == played_for_message(ADAPTER, seat, moves)
    assert notes[0]["moves"] and all(m["text"]["fr"] and m["text"]["en"] for m in notes[0]["moves"])


def _table(client, **settings):
    return new_table(
        client,
        options={"players": 2},
        seats=[{}, {"bot": "greedy"}],
        settings={"zombie_bot": "greedy", **settings},
    )


def test_a_turn_that_runs_out_is_played_by_a_bot_then_given_back(db):
    with make_client(db) as client:
        code, owner = _table(client, turn_seconds=1)
        with client.websocket_connect("/ws") as ws:
            page = Page(ws)
            first = sit_and_start(page, code, owner)
            assert first["timer"]["seat"] == 0
            assert first["timer"]["deadline_ms"] > time.time() * 1000
            started = time.monotonic()
            zombie = page.until("table", lambda m: m["table"]["seats"][0].get("zombie"))
            assert time.monotonic() - started > 0.5
            assert zombie["version"] == first["version"]
            # The stand-in plays seat 0's turn; the seat comes back when its turn does.
            back = page.until(
                "table",
                lambda m: m["view"]["over"]
                or (m["view"]["to_act"] == [0] and m["last"] and m["last"]["seat"] == 1),
            )
            assert any(m.get("last") and m["last"]["seat"] == 0 for m in page.got[-40:])
            # Two turns into a fresh deal, nobody can be stuck yet.
            assert not back["view"]["over"]
            assert not back["table"]["seats"][0].get("zombie")
            # Alice is told what the stand-in played for her, once the seat is hers again.
            page.send(type="ping")
            page.until("pong")
            told(page, 0, played_for_seat(page.got, 0))
            note = next(i for i, m in enumerate(page.got) if m["type"] == "played_for_you")
            assert page.got[note - 1]["type"] == "table"
            assert not page.got[note - 1]["table"]["seats"][0].get("zombie")
            play = next(a for a in back["legal"] if a["type"] == "play")
            page.send(type="act", version=back["version"], action=play)
            mine = page.until("table", lambda m: m["version"] == back["version"] + 1)
            assert mine["last"]["seat"] == 0 and mine["last"]["action"] == play


def test_a_player_away_too_long_is_replaced_then_takes_the_seat_back(db):
    with make_client(db, bot_pause=0.1) as client:
        code, owner = _table(client, away_seconds=1)
        with client.websocket_connect("/ws") as ws:
            page = Page(ws)
            start = sit_and_start(page, code, owner)
        with client.websocket_connect("/ws") as ws:
            watcher = Page(ws)
            watcher.hello(code)
            assert watcher.got[-1]["version"] == start["version"]  # nobody plays for Alice yet
            watcher.until("table", lambda m: m["table"]["seats"][0].get("zombie"))
            moved = watcher.until("table", lambda m: m["last"] and m["last"]["seat"] == 0)
            assert moved["version"] > start["version"]
            with client.websocket_connect("/ws") as ws2:
                alice = Page(ws2)
                alice.send(type="hello", table=code, token=owner, lang="fr")
                assert alice.until("welcome")["you"]["seat"] == 0
                alice.until("table")
                alice.send(type="ping")
                alice.until("pong")  # the note, if any, came before
                now = next(m for m in reversed(alice.got) if m["type"] == "table")
                # Everything seat 0's stand-in played, as the watcher saw it, and only
                # that: the watcher itself is told nothing.
                watcher.until("table", lambda m: m["version"] >= now["version"])
                told(alice, 0, played_for_seat(watcher.got, 0))
                assert not [m for m in watcher.got if m["type"] == "played_for_you"]
                assert not now["view"]["over"]  # a few moves into a fresh deal
                assert not now["table"]["seats"][0].get("zombie")
                assert now["table"]["seats"][0]["connected"]
                # The seat's next turn waits for Alice: no bot moves for seat 0 any more.
                turn = now
                if now["view"]["to_act"] != [0]:
                    turn = alice.until("table", lambda m: m["view"]["to_act"] == [0])
                time.sleep(0.5)
                alice.send(type="ping")
                alice.until("pong")
                last = next(m for m in reversed(alice.got) if m["type"] == "table")
                assert last["version"] == turn["version"]
            # Said once: a reload tells nothing again.
            with client.websocket_connect("/ws") as ws3:
                again = Page(ws3)
                again.hello(code, owner)
                again.send(type="ping")
                again.until("pong")
                assert not [m for m in again.got if m["type"] == "played_for_you"]


def test_after_a_restart_a_player_who_does_not_return_gets_a_stand_in(db):
    with make_client(db) as client:
        code, owner = _table(client, away_seconds=1)
        with client.websocket_connect("/ws") as ws:
            page = Page(ws)
            start = sit_and_start(page, code, owner)
            assert start["view"]["to_act"] == [0]
    with make_client(db, bot_pause=0.1) as client, client.websocket_connect("/ws") as ws:
        watcher = Page(ws)
        watcher.hello(code)
        assert watcher.got[-1]["version"] == start["version"]
        assert not watcher.got[-1]["table"]["seats"][0]["connected"]
        watcher.until("table", lambda m: m["table"]["seats"][0].get("zombie"))
        moved = watcher.until("table", lambda m: m["last"] and m["last"]["seat"] == 0)
        assert moved["version"] == start["version"] + 1
