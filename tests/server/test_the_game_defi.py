"""The deal of the day through the real app and a real SQLite file: the deal is not
sent before the start, a finished first game enters the board (``again`` does not),
private boards, the verdict after the day, and a restart keeping it all."""

from __future__ import annotations

import datetime as dt
import json
import time
from pathlib import Path
from typing import Any

from serverkit import Page, make_client
from starlette.testclient import TestClient

from partie.core.registry import get_game
from partie.games.the_game import defi
from partie.server.games import the_game_defi

API = "/api/games/the-game/defi"


def play(client: TestClient, players: int, **body: Any) -> tuple[str, str]:
    answer = client.post(f"{API}/play", json={"players": players, **body})
    assert answer.status_code == 201, answer.text
    return answer.json()["code"], answer.json()["owner_token"]


def board(client: TestClient, key: str | None = None) -> dict[str, Any]:
    answer = client.get(API, params={"board": key} if key else None)
    assert answer.status_code == 200, answer.text
    return answer.json()


def entries(data: dict[str, Any], day: int, players: int) -> list[dict[str, Any]]:
    return data["days"][day]["counts"][players - 1]["entries"]


def wait_for(check: Any, what: str, seconds: float = 60) -> Any:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"no {what}")


def finish(client: TestClient, code: str, owner: str, name: str, *, again: bool = False) -> None:
    """A person sits at seat 0 and starts (or, with ``again``, the owner deals the same
    deal again); a stand-in plays their slow turns (one second) until the end."""
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        page.hello(code, owner)
        if again:
            page.send(type="again", same_deal=True)
            page.until("table", lambda m: m["table"]["game_no"] == 1)
        else:
            page.send(type="sit", seat=0, name=name)
            page.until("seated")
            page.send(type="start")
        page.until("table", lambda m: m["table"]["status"] == "over")


def bot_game(
    client: TestClient, players: int = 1, name: str = "Alice", **body: Any
) -> tuple[str, str]:
    """A day's table: a person at seat 0, bots beside; played to the end."""
    seats = [{}] + [{"bot": "heuristic"}] * (players - 1)
    settings = {"turn_seconds": 1, "zombie_bot": "heuristic"}
    code, owner = play(client, players, seats=seats, settings=settings, **body)
    finish(client, code, owner, name)
    return code, owner


def test_the_deal_is_in_no_message_before_the_start(db: Path):
    with make_client(db) as client:
        code, owner = play(client, 2, seats=[{}, {"bot": "heuristic"}])
        game = get_game("the-game")
        seed = defi.day_seed(the_game_defi.today(), 2)
        dealt = game.setup(game.parse_options({"players": 2}), seed)
        texts = [client.get(f"/api/tables/{code}").text, client.get(API).text]
        with client.websocket_connect("/ws") as ws:
            page = Page(ws)
            page.hello(code, owner)
            page.send(type="sit", seat=0, name="Alice")
            page.until("seated")
            page.send(type="ping")
            page.until("pong")
            before = list(page.got)
            texts += [json.dumps(m) for m in before]
            for text in texts:
                assert str(seed) not in text
                assert json.dumps(sorted(dealt.hands[0])) not in text
                assert json.dumps(sorted(dealt.hands[1])) not in text
            assert all(m.get("view") is None for m in before)
            page.send(type="start")
            started = page.until("table", lambda m: m["view"] is not None)
            # the table deals the day's deal, and seat 0 sees its own hand only
            assert sorted(started["view"]["hand"]) == sorted(dealt.hands[0])
            assert json.dumps(sorted(dealt.hands[1])) not in json.dumps(started)


def test_a_first_game_enters_the_board_again_does_not_and_a_restart_keeps_it(db: Path):
    with make_client(db) as client:
        code, owner = bot_game(client, 1, name="Alice")
        data = wait_for(lambda: entries(board(client), 0, 1) and board(client), "entry")
        (entry,) = entries(data, 0, 1)
        result = client.get(f"/api/tables/{code}").json()["result"]
        assert entry["names"] == ["Alice"] and entry["rank"] == 1
        assert entry["cards_left"] == defi.cards_left(result)
        assert entry["seconds"] > 0
        assert "code" not in entry  # today's games are not to be watched yet
        for what in ("record", "replay"):  # nor downloaded: the groups to come would see it
            held = client.get(f"/api/tables/{code}/{what}")
            assert held.status_code == 403 and held.json()["code"] == "deal_of_the_day"
        assert all(not entries(data, 0, n) for n in (2, 3, 4, 5))
        # The same deal again at the same table, its hands now known: not on the board.
        finish(client, code, owner, "Alice", again=True)
        time.sleep(0.3)
        assert len(entries(board(client), 0, 1)) == 1
    with make_client(db) as client:  # a restart: the board is in storage
        assert [e["names"] for e in entries(board(client), 0, 1)] == [["Alice"]]


def test_two_groups_are_ranked_and_a_private_board_stays_private(db: Path):
    with make_client(db) as client:
        made = client.post(f"{API}/boards")
        assert made.status_code == 201
        key = made.json()["key"]
        bot_game(client, 2, name="Bea")
        bot_game(client, 2, name="Cyril")
        bot_game(client, 2, name="Dora", board=key)
        public = wait_for(
            lambda: len(entries(board(client), 0, 2)) == 2 and board(client), "entries"
        )
        ranked = entries(public, 0, 2)
        assert {e["names"][0] for e in ranked} == {"Bea", "Cyril"}
        keys = [(e["cards_left"], e["seconds"]) for e in ranked]
        assert keys == sorted(keys)
        private = wait_for(
            lambda: entries(board(client, key), 0, 2) and board(client, key), "entry"
        )
        assert private["private"] is True
        assert [e["names"] for e in entries(private, 0, 2)] == [["Dora", "heuristic"]]
        unknown = client.get(API, params={"board": "nobody-made-this"})
        assert unknown.status_code == 404 and unknown.json()["code"] == "unknown_board"
        refused = client.post(f"{API}/play", json={"players": 2, "board": "nope"})
        assert refused.status_code == 404


def test_a_bad_request_is_refused_in_one_line(db: Path):
    with make_client(db) as client:
        for body in ({"players": 6}, {"players": 1, "seed": 3}, {"players": 1, "day": "tomorrow"}):
            answer = client.post(f"{API}/play", json=body)
            assert answer.status_code == 400, body
            assert "\n" not in answer.json()["en"] and answer.json()["fr"]
        huge = client.post(f"{API}/play", content=b'{"players": 1, "x": "' + b"a" * 100_000 + b'"}')
        assert huge.status_code == 413 and huge.json()["code"] == "too_large"


def test_after_the_day_the_verdict_replays_and_no_late_entry(db: Path, monkeypatch: Any):
    with make_client(db) as client:
        code, _ = bot_game(client, 1, name="Alice")
        wait_for(lambda: entries(board(client), 0, 1), "entry")
        day = the_game_defi.today()
        monkeypatch.setattr(the_game_defi, "today", lambda: day + dt.timedelta(days=1))
        # computed once in a thread; `best` may first compile (minutes on a cold cache)
        verdict_ready = lambda: board(client)["days"][1]["verdict"] and board(client)  # noqa: E731
        data = wait_for(verdict_ready, "verdict", seconds=300)
        yesterday = data["days"][1]
        assert yesterday["day"] == day.isoformat() and yesterday["over"] is True
        (entry,) = entries(data, 1, 1)
        assert entry["code"] == code  # its replay can be watched now
        assert client.get(f"/api/tables/{code}/replay").status_code == 200
        verdict = yesterday["verdict"]
        assert verdict == defi.verdict(day)  # the same, recomputed by anyone
        assert verdict["oracle"]["verdict"] in ("win", "loss", "unknown")
        assert len(verdict["bots"]["heuristic"]) == len(verdict["bots"]["best"]) == 5
        # Yesterday's deal played again today: a replay, never on the board.
        bot_game(client, 1, name="Late", day="yesterday")
        time.sleep(0.3)
        assert [e["names"] for e in entries(board(client), 1, 1)] == [["Alice"]]
        assert not entries(board(client), 0, 1)


def test_a_game_that_ends_after_a_restart_enters_its_board(db: Path):
    with make_client(db) as client:
        seats = [{}, {"bot": "heuristic"}]
        code, owner = play(client, 2, seats=seats, settings={"turn_seconds": 30})
        with client.websocket_connect("/ws") as ws:
            page = Page(ws)
            page.hello(code, owner)
            page.send(type="sit", seat=0, name="Eve")
            page.until("seated")
            page.send(type="start")
            page.until("table", lambda m: m["view"] is not None)
        assert client.get(f"/api/tables/{code}").json()["status"] == "playing"
    # After the restart Eve gives up her seat: a bot plays on to the end, and the game
    # enters the board with the start time stored before the restart.
    with make_client(db) as client:
        with client.websocket_connect("/ws") as ws:
            page = Page(ws)
            page.hello(code, owner)
            page.send(type="leave")
            page.until("table", lambda m: m["table"]["status"] == "over")
        (entry,) = wait_for(lambda: entries(board(client), 0, 2), "entry")
        assert entry["names"][1] == "heuristic" and entry["seconds"] > 0


def test_a_board_keeps_only_its_best_entries():
    def entry(i: int, board: str = "", players: int = 1) -> dict[str, Any]:
        return {
            "code": f"C{i}",
            "board": board,
            "players": players,
            "cards_left": i % 7,
            "seconds": float(i),
            "ended": float(i),
        }

    many = [entry(i) for i in range(the_game_defi.KEPT + 5)] + [entry(900, "x"), entry(901, "", 2)]
    kept = the_game_defi._trimmed(many, "", 1)
    mine = [e for e in kept if e["board"] == "" and e["players"] == 1]
    assert len(mine) == the_game_defi.KEPT
    worst_kept = max(defi.rank_key(e) for e in mine)
    dropped = [e for e in many if e not in kept]
    assert len(dropped) == 5 and all(defi.rank_key(e) > worst_kept for e in dropped)
    assert {"C900", "C901"} <= {e["code"] for e in kept}  # other boards untouched
