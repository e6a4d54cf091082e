"""The protocol against the real app and a real SQLite file."""

from __future__ import annotations

from partie.server.codes import ALPHABET, normalize_code

from .conftest import Page, new_table


def test_games_list_the_options_and_bots(client):
    games = {g["id"]: g for g in client.get("/api/games").json()}
    the_game = games["the-game"]
    names = {o["name"] for o in the_game["options"]}
    assert {"players", "expert", "fewer_cards", "choose_start"} <= names
    assert "deal" not in names
    assert "heuristic" in the_game["bots"] and "best" in the_game["bots"]


def test_create_sit_start_and_play(client):
    code, owner = new_table(client, options={"players": 2}, seats=[{}, {"bot": "greedy"}])
    assert set(code) <= set(ALPHABET) and normalize_code(code[:3] + "-" + code[3:].lower()) == code
    assert client.get(f"/api/tables/{code}").json()["status"] == "open"
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        welcome = page.hello(code, owner)
        assert welcome["you"] == {"seat": None, "owner": True}
        page.send(type="sit", seat=0, name="Alice")
        seated = page.until("seated")
        assert seated["seat"] == 0 and seated["token"] == owner
        page.send(type="start")
        msg = page.until("table", lambda m: m["view"] is not None)
        assert msg["view"]["seat"] == 0 and len(msg["view"]["hand"]) == 7
        legal = [a for a in msg["legal"] if a["type"] == "play"]
        page.send(type="act", version=msg["version"], action=legal[0])
        after = page.until("table", lambda m: m["version"] == msg["version"] + 1)
        assert after["last"]["action"] == legal[0]
