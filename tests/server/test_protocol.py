"""The protocol against the real app and a real SQLite file."""

from __future__ import annotations

import json

from serverkit import Page, new_table, sit_and_start

from partie.core.errors import PartieError
from partie.server.codes import ALPHABET, normalize_code


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


def engine_refusal(client, code: str, seat: int, data: dict) -> dict:
    """What the engine itself says of ``data`` on a copy of the table's state, as the
    ``refused`` message should carry it."""
    table = client.app.state.tables.get(code)
    state = table.state.clone()
    try:
        state.apply(seat, table.adapter.action_from_json(data))
    except PartieError as exc:
        return {"type": "refused", **exc.to_json(), "ref": "act"}
    raise AssertionError(f"the engine accepts {data}")


def _seated_game(client, players=2, bots=("greedy",), **options):
    """A table where seat 0 is for the owner's page and the other seats are bots; a
    greedy bot stands in for absent people (the compiled bots stay out of these tests)."""
    seats = [{}] + [{"bot": b} for b in bots]
    code, owner = new_table(
        client,
        options={"players": players, **options},
        seats=seats,
        settings={"zombie_bot": "greedy"},
    )
    return code, owner


def _my_turn(page, msg):
    while 0 not in msg["view"]["to_act"]:
        msg = page.until("table")
    return msg


def test_join_with_the_code_as_typed_and_reconnect_with_the_token(client):
    code, owner = new_table(client, options={"players": 2}, settings={"listed": True})
    typed = (code[:3] + "-" + code[3:]).lower()
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        alice, bob = Page(a), Page(b)
        alice.hello(code, owner)
        assert bob.hello(typed)["you"] == {"seat": None, "owner": False}
        bob.send(type="sit", seat=1, name="  Bob \t le  grand ")
        token = bob.until("seated")["token"]
        assert len(token) == 32 and token != owner
        lobby = client.get("/api/tables").json()
        seat = lobby["open"][0]["seats"][1]
        assert seat == {"seat": 1, "kind": "person", "name": "Bob le grand", "connected": True}
        alice.send(type="sit", seat=0, name="Alice")
        alice.until("seated")
        alice.send(type="start")
        bob_view = bob.until("table", lambda m: m["view"] is not None)["view"]
    with client.websocket_connect("/ws") as again:
        page = Page(again)
        welcome = page.hello(code, token)
        assert welcome["you"] == {"seat": 1, "owner": False}
        msg = page.got[-1]
        assert msg["view"]["hand"] == bob_view["hand"]
        assert token not in json.dumps(page.got[1:])  # only the page that sat got it


def test_wrong_token_is_refused_and_watches_as_spectator(client):
    code, _owner = _seated_game(client)
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        page.send(type="hello", table=code, token="x" * 32, lang="en")
        refused = page.until("refused")
        assert refused["code"] == "bad_token" and refused["ref"] == "hello"
        assert page.until("welcome")["you"] == {"seat": None, "owner": False}
        page.send(type="start")
        assert page.until("refused")["code"] == "not_owner"
        page.send(type="act", version=0, action={"type": "end"})
        assert page.until("refused")["code"] == "not_seated"


def test_stale_and_illegal_actions_change_nothing(client):
    code, owner = _seated_game(client, expert=True)
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        msg = _my_turn(page, sit_and_start(page, code, owner))
        version = msg["version"]
        hand = msg["view"]["hand"]
        play = next(a for a in msg["legal"] if a["type"] == "play")
        page.send(type="act", version=version, action=play)
        msg = page.until("table", lambda m: m["version"] == version + 1)
        seen = len(page.got)
        # The same move sent again against the old version (a second tab) is refused.
        page.send(type="act", version=version, action=play)
        stale = page.until("refused")
        assert stale["code"] == "stale" and stale["ref"] == "act"
        # Ending the turn after one card in expert is against the rules: the engine's words.
        page.send(type="act", version=version + 1, action={"type": "end"})
        illegal = page.until("refused")
        assert illegal == engine_refusal(client, code, 0, {"type": "end"})
        assert "3 cartes" in illegal["fr"] and "3 cards" in illegal["en"]
        # A card the seat does not hold; an action that cannot be read.
        missing = next(c for c in range(2, 100) if c not in hand)
        for action in ({"type": "play", "card": missing, "pile": "a1"}, {"type": "fly"}):
            page.send(type="act", version=version + 1, action=action)
            assert page.until("refused") == engine_refusal(client, code, 0, action)
        page.send(type="ping")
        page.until("pong")
        assert [m["type"] for m in page.got[seen:]] == ["refused"] * 4 + ["pong"]
    summary = client.get(f"/api/tables/{code}").json()
    assert summary["status"] == "playing"
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        page.hello(code, owner)
        assert page.got[-1]["version"] == version + 1


def test_not_your_turn_is_the_engines_refusal(client):
    code, owner = new_table(client, options={"players": 2})
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        alice, bob = Page(a), Page(b)
        alice.hello(code, owner)
        bob.hello(code)
        bob.send(type="sit", seat=1, name="Bob")
        bob.until("seated")
        alice.send(type="sit", seat=0, name="Alice")
        alice.until("seated")
        alice.send(type="start")
        msg = bob.until("table", lambda m: m["view"] is not None)
        assert msg["legal"] == []
        card = msg["view"]["hand"][0]
        bob.send(type="act", version=0, action={"type": "play", "card": card, "pile": "a1"})
        refused = bob.until("refused")
        action = {"type": "play", "card": card, "pile": "a1"}
        assert refused == engine_refusal(client, code, 1, action)
        assert refused["code"] == "not_your_turn"


def test_broken_and_oversized_messages_are_refused_in_one_line(client):
    code, owner = _seated_game(client)
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        page.ws.send_text('{"type": "act", "version": 0')  # before hello, and broken
        assert page.until("refused")["code"] == "bad_json"
        page.send(type="act", version=0, action={"type": "end"})
        assert page.until("refused")["code"] == "hello_first"
        msg = sit_and_start(page, code, owner)
        before = msg["version"]
        cases = [
            ("[1, 2]", "bad_message"),
            ('{"type": "dance"}', "bad_input"),
            ('{"type": "act", "version": 0, "action": {}, "extra": 1}', "unknown_field"),
            ('{"type": "act", "version": "0", "action": {}}', "bad_input"),
            ('{"type": "ping", "type": "ping"}', "duplicate_key"),
            ('{"type": "sit", "seat": 1, "name": "' + "x" * 70_000 + '"}', "too_large"),
            ('{"type": "sit", "seat": 1, "name": "a\\u0007b"}', "bad_input"),
            ('{"type": "ask", "what": "x", "args": ' + "[" * 40 + "]" * 40 + "}", "too_deep"),
        ]
        for text, code_expected in cases:
            page.ws.send_text(text)
            refused = page.until("refused")
            assert refused["code"] == code_expected, (text[:60], refused)
            assert "\n" not in refused["fr"] and "Traceback" not in refused["en"]
            page.send(type="ping")  # a readable message in between keeps the socket open
            page.until("pong")
        page.send(type="hello", table=code, token=owner)
        page.until("welcome")
        assert page.until("table")["version"] >= before


def test_unreadable_messages_in_a_row_close_the_socket(client):
    from starlette.websockets import WebSocketDisconnect

    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        for _ in range(5):
            page.ws.send_text("nope")
        codes = [page.recv()["code"] for _ in range(5)]
        assert codes == ["bad_json"] * 5
        try:
            page.recv()
        except WebSocketDisconnect as exc:
            assert exc.code == 1008
        else:
            raise AssertionError("the socket stayed open")


def test_owner_controls_before_and_after_the_game(client):
    code, owner = new_table(client, options={"players": 3})
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        page.hello(code, owner)
        page.send(type="start")
        assert page.until("refused")["code"] == "seats_empty"
        page.send(type="options", options={"players": 2, "deal": list(range(2, 100))})
        assert page.until("refused")["code"] == "bad_options"
        page.send(
            type="options", options={"players": 2, "expert": True}, settings={"turn_seconds": 30}
        )
        msg = page.until("table")
        assert len(msg["table"]["seats"]) == 2 and msg["table"]["options"]["expert"] is True
        assert msg["table"]["settings"]["turn_seconds"] == 30
        page.send(type="seat_bot", seat=1, bot="wizard")
        assert page.until("refused")["code"] == "bad_bot"
        page.send(type="seat_bot", seat=0, bot="random")
        page.until("table")
        page.send(type="seat_bot", seat=0, bot=None)
        assert page.until("table")["table"]["seats"][0]["kind"] == "empty"
        page.send(type="seat_bot", seat=0, bot="greedy")
        page.until("table")
        page.send(type="seat_bot", seat=1, bot="greedy")
        page.until("table")
        page.send(type="start")
        first = page.until("table", lambda m: m["view"] is not None)
        assert first["view"]["hand"] is None  # the owner has no seat: the public view
        page.send(type="again", same_deal=True)
        assert page.until("refused")["code"] in ("game_not_over",)
        end = page.until("table", lambda m: m["view"]["over"])
        assert client.get(f"/api/tables/{code}").json()["status"] == "over"
        record_one = client.get(f"/api/tables/{code}/record").json()
        page.send(type="options", options={"players": 1})
        assert page.until("refused")["code"] == "already_started"
        page.send(type="again", same_deal=True)
        page.until("table", lambda m: m["table"]["game_no"] == 1 and m["view"]["over"])
        record_two = client.get(f"/api/tables/{code}/record").json()
        assert record_two["seed"] == record_one["seed"]
        assert record_two["actions"] == record_one["actions"]  # same deal, same bots
        assert client.get(f"/api/tables/{code}/record?game=0").json() == record_one
        page.send(type="again", same_deal=False)
        page.until("table", lambda m: m["table"]["game_no"] == 2 and m["view"]["over"])
        assert client.get(f"/api/tables/{code}/record").json()["seed"] != record_one["seed"]
        assert end["view"]["score"] == record_one["result"]["details"]["score"]


def test_record_and_replay_only_once_over(client, tmp_path):
    from partie.core import Record, replay

    code, owner = _seated_game(client)
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        msg = sit_and_start(page, code, owner)
        assert client.get(f"/api/tables/{code}/record").status_code == 403
        assert client.get(f"/api/tables/{code}/replay?seat=1").json()["code"] == "game_not_over"
        page.send(type="leave")  # the owner's seat goes to a bot, which finishes the game
        page.until("table", lambda m: m["view"]["over"])
        assert msg["view"]["seat"] == 0
    answer = client.get(f"/api/tables/{code}/record")
    assert answer.status_code == 200 and "attachment" in answer.headers["content-disposition"]
    record = Record.load(answer.text)
    assert record.players == ["greedy", "greedy"]
    final = replay(record)
    assert final.is_over
    steps = client.get(f"/api/tables/{code}/replay?seat=1").json()["steps"]
    assert len(steps) == len(record.actions) + 1
    assert all(step["view"]["seat"] == 1 for step in steps)
    assert steps[-1]["view"] == final.view(1)
    open_steps = client.get(f"/api/tables/{code}/replay").json()["steps"]
    assert open_steps[-1]["view"]["seats"][1] == final.view(1)
    assert open_steps[0]["view"]["seats"][1]["hand"] == steps[0]["view"]["hand"]
    assert client.get(f"/api/tables/{code}/replay?seat=7").status_code == 400
    assert client.get("/api/tables/ZZZZZZ/record").status_code == 404


def test_names_and_chat_are_plain_bounded_text(client):
    code, owner = new_table(client, options={"players": 2})
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        page.hello(code, owner)
        page.send(type="sit", seat=0, name="x" * 25)
        assert page.until("refused")["code"] == "bad_input"
        page.send(type="sit", seat=0, name="\u202eevil")
        assert page.until("refused")["code"] == "bad_input"
        page.send(type="sit", seat=0, name="<b>Zoé</b>")
        page.until("seated")
        page.send(type="chat", text="garde la d2 s'il te plaît")
        line = page.until("chat")
        assert line["name"] == "<b>Zoé</b>" and line["seat"] == 0
        page.send(type="chat", text="j'ai le trente-deux")
        refused = page.until("refused")
        assert refused["ref"] == "chat" and "trente" in refused["fr"]
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        assert page.hello(code)["chat"][0]["text"] == "garde la d2 s'il te plaît"


def test_pages_and_unknown_tables(client):
    for path in ("/", "/t/ABC-DEF", "/replay/ABCDEF", "/static/index.html"):
        answer = client.get(path)
        assert answer.status_code == 200 and "<html" in answer.text.lower()
    answer = client.get("/api/tables/ABCDEF")
    assert answer.status_code == 404 and answer.json()["code"] == "unknown_table"
    answer = client.post("/api/tables", content=b'{"game": "chess"}')
    assert answer.status_code == 400 and answer.json()["code"] == "unknown_game"
    answer = client.post("/api/tables", content=b"x" * 70_000)
    assert answer.status_code == 413 and answer.json()["code"] == "too_large"
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        page.send(type="hello", table="nope", lang="en")
        refused = page.until("refused")
        assert refused["code"] == "unknown_table" and refused["ref"] == "hello"


def test_a_seat_given_up_in_one_tab_is_gone_in_the_other(client):
    code, owner = _seated_game(client, bots=("random",))
    with client.websocket_connect("/ws") as a, client.websocket_connect("/ws") as b:
        first, second = Page(a), Page(b)
        msg = sit_and_start(first, code, owner)
        assert second.hello(code, owner)["you"] == {"seat": 0, "owner": True}
        first.send(type="leave")
        gone = first.until("table", lambda m: m["table"]["seats"][0]["kind"] == "bot")
        assert gone["table"]["seats"][0]["bot"] == "greedy"
        second.send(type="act", version=msg["version"], action={"type": "end"})
        assert second.until("refused")["code"] == "not_seated"  # checked before the version
        second.send(type="ping")
        second.until("pong")
        last = [m for m in second.got if m["type"] == "table"][-1]
        second.send(type="act", version=last["version"], action={"type": "end"})
        assert second.until("refused")["code"] == "not_seated"


def test_a_player_renames_without_leaving_the_seat(client):
    """A new name during the game: same seat, same hand, the new name in every page's
    summary; a spectator has no seat to rename, and a bad name changes nothing."""
    code, owner = new_table(client, options={"players": 2}, seats=[{}, {"bot": "greedy"}])
    with client.websocket_connect("/ws") as ws, client.websocket_connect("/ws") as other:
        page = Page(ws)
        msg = sit_and_start(page, code, owner)
        hand = msg["view"]["hand"]
        watcher = Page(other)
        watcher.hello(code)
        page.send(type="rename", name="Alice B.")
        seen = watcher.until("table", lambda m: m["table"]["seats"][0].get("name") == "Alice B.")
        assert seen["table"]["seats"][0]["kind"] == "person"
        mine = page.until("table", lambda m: m["table"]["seats"][0].get("name") == "Alice B.")
        assert mine["view"]["seat"] == 0 and mine["view"]["hand"] == hand  # still the seat
        page.send(type="rename", name="")
        refused = page.until("refused")
        assert refused["code"] and "Traceback" not in json.dumps(refused)
        watcher.send(type="rename", name="Eve")
        assert watcher.until("refused")["code"] == "not_seated"
