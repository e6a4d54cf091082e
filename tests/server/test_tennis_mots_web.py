"""Tennis de mots on the web: the adapter (preview, hints, public part) against the real
engine and lexicon, then the protocol against the real app."""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

import pytest
from serverkit import Page, new_table

from partie.core import IllegalAction
from partie.core.record import Record
from partie.core.record import replay as replay_record
from partie.games.tennis_mots.bot_specs import bot_from_spec
from partie.games.tennis_mots.bots import SimpleBot, load_lexicon
from partie.games.tennis_mots.game import GAME
from partie.games.tennis_mots.movegen import hints as engine_hints
from partie.games.tennis_mots.rules import Net, Shot
from partie.server.games import get_adapter
from partie.server.games import tennis_mots as web
from partie.server.protocol import table_message

sys.path.insert(0, str(Path(__file__).parents[1] / "games" / "tennis_mots"))
from mots_position import arrange, ids, new_state


def laid(state, seat: int, faces: str, table: bool = True) -> list[list]:
    """The JSON cards of a shot: the table's cards then these hand cards on the right."""
    out = [[c, g, ""] for c, g, _l in state.table] if table else []
    out += [[c, state.deck.faces[c], ""] for c in ids(state, seat, faces)]
    return out


# -- the adapter, on exact positions ---------------------------------------------------------


def test_options_a_browser_may_set_are_the_engine_options_but_files() -> None:
    names = {spec["name"] for spec in web.option_specs()}
    assert names == {"players", "serve_weight", "bluff", "sets_to_win"}
    for spec in web.option_specs():
        GAME.parse_options({spec["name"]: spec["default"]})  # every default is accepted
        assert spec["label"]["fr"] and spec["label"]["en"]
    for level in web.BOT_LEVELS:
        assert GAME.make_bot(level.spec).act  # every offered bot is a real bot
    adapter = get_adapter("tennis-mots")
    offered = {spec["name"]: spec for spec in adapter.option_specs()}
    assert set(offered) == names and offered["serve_weight"]["label"]["fr"] == "Poids du service"
    for path_option in ("lexicon", "deck"):
        with pytest.raises(web.PartieError) as refused:
            adapter.parse_options({path_option: "/etc/passwd"})
        assert path_option in refused.value.en


def test_preview_names_the_shot_and_its_points() -> None:
    state = arrange(new_state(bluff=False), ["AAAAAAA", "XZSSSSS"], "JEU")
    info = web.preview(state.view(1), {"type": "shot", "cards": laid(state, 1, "X")})
    assert info["kind"] == "shot" and info["value"] == 19 and info["weight"] == 14
    assert info["names"] == ["COUP DROIT", "LIGNE"] and info["known"] and info["complete"]
    assert info["announce"] == {"fr": "COUP DROIT · LIGNE", "en": "forehand · on the line"}
    # The action the preview gives is the one the engine plays, with the same names.
    state.apply(1, GAME.action_from_json(info["action"]))
    assert state.events[-1]["names"] == info["names"]


def test_preview_refuses_with_the_engines_reason_and_changes_nothing() -> None:
    state = arrange(new_state(bluff=False), ["AAAAAAA", "XZSSSSS"], "JEU")
    before = state.fingerprint()
    cards = laid(state, 1, "Z")
    with pytest.raises(IllegalAction) as refused:
        web.preview(state.view(1), {"type": "shot", "cards": cards})
    with pytest.raises(IllegalAction) as engine:
        state.apply(1, GAME.action_from_json({"type": "shot", "cards": cards}))
    assert (refused.value.fr, refused.value.en) == (engine.value.fr, engine.value.en)
    assert refused.value.en == "JEUZ: no French word starts this way"
    assert state.fingerprint() == before


def test_under_the_weight_a_shot_is_shown_as_the_net_it_would_be() -> None:
    state = arrange(new_state(), ["AAAAAAA", "XZSSSSE"], "JEU")
    info = web.preview(state.view(1), {"type": "shot", "cards": laid(state, 1, "E")})
    assert info["kind"] == "net" and info["action"]["type"] == "net"
    assert info["value"] == 13 and info["weight"] == 14 and info["challengeable"]
    assert "NET" in info["explain"][0]["fr"]


def test_a_serve_under_the_weight_is_a_fault_then_a_double_fault() -> None:
    state = arrange(new_state(), ["EEAAAAA", "XZSSSSE"])
    first = web.preview(state.view(0), {"type": "shot", "cards": laid(state, 0, "E", False)})
    assert first["kind"] == "fault" and first["names"] == ["FAUTE"]
    state.apply(0, GAME.action_from_json(first["action"]))
    second = web.preview(state.view(0), {"type": "shot", "cards": laid(state, 0, "E", False)})
    assert second["kind"] == "double_fault" and "malus" in second["explain"][0]["fr"]


def test_a_bluff_on_the_line_is_shown_as_one() -> None:
    state = arrange(new_state(), ["AAAAAAA", "XZSSSSS"], "JEU")
    info = web.preview(state.view(1), {"type": "shot", "cards": laid(state, 1, "XZ")})
    assert not info["known"] and info["challengeable"] and "LIGNE" in info["names"]
    assert any("bluff" in line["en"] for line in info["explain"])


def test_a_joker_letter_is_checked_and_read() -> None:
    state = arrange(new_state(), ["★AAAAAA", "XZSSSSS"], "JE", server=1)
    joker = ids(state, 0, "★")[0]
    table = [[c, g, ""] for c, g, _l in state.table]
    info = web.preview(state.view(0), {"type": "shot", "cards": [*table, [joker, "★", "U"]]})
    assert info["letters"] == "JEU" and info["known"]
    refused = pytest.raises(
        IllegalAction,
        web.preview,
        state.view(0),
        {"type": "shot", "cards": [*table, [joker, "★", "é"]]},
    )
    assert "★" in refused.value.fr


def test_preview_sees_nothing_hidden() -> None:
    """The same view gives the same preview whatever the other hands and the draw pile
    hold (they are dealt again at random)."""
    rng = random.Random(3)
    state = GAME.setup(GAME.parse_options({"players": 3}), 11)
    bots = [bot_from_spec("greedy", s) for s in range(3)]
    checked = 0
    while not state.is_over and checked < 25:
        seat = state.to_act[0]
        view = state.view(seat)
        action = bots[seat].act(view)
        if isinstance(action, Shot | Net) and action.cards:
            other = GAME.reshuffle_hidden(state, seat, rng)
            assert other.view(seat) == view
            data = action.to_json()
            assert web.preview(view, data) == web.preview(other.view(seat), data)
            checked += 1
        state.apply(seat, action)
    assert checked == 25


def test_hints_after_a_shot_are_the_terminals_hints_of_the_view_before() -> None:
    state = GAME.setup(GAME.parse_options({"players": 2}), 5)
    bots = [bot_from_spec("simple", s) for s in range(2)]
    seat = state.to_act[0]
    assert web.hints_for(state, seat)["shots"] is None  # nothing played yet
    before = state.view(seat)
    state.apply(seat, bots[seat].act(before))
    while state.to_act and seat not in state.to_act[:1]:
        s = state.to_act[0]
        state.apply(s, bots[s].act(state.view(s)))
    answer = web.hints_for(state, seat)
    expected = engine_hints(before, load_lexicon(None), top=3)
    assert [h["word"] for h in answer["shots"]] == [h.text() for h in expected]
    assert answer["played"]["seat"] == seat
    # A word start comes with a word it begins; a whole word says it is one.
    lexicon = load_lexicon(None)
    for shot in answer["shots"]:
        assert shot["complete"] == lexicon.is_word(shot["letters"])
        if not shot["complete"]:
            assert shot["example"].startswith(shot["letters"])


def test_running_points_count_only_face_up_cards() -> None:
    state = arrange(new_state(), ["AAAAAAA", "XZSSSSS"], "JEU")
    state.apply(1, Net())  # nobody returns the serve JEU: an ACE for seat 0
    rows = web.running(state)
    # JEU's 12 points are seen; the 8 bonus cards (J is worth 8) are face down.
    assert rows[0]["seen"] == 12 and rows[0]["hidden"] == 8 and rows[1]["seen"] == 0
    assert web.public(state, 0) == web.public(state, 1) == web.public(state, None)


# -- the protocol against the real app ---------------------------------------------------------


def mots_table(client, seats: list[dict], options: dict, want=None) -> tuple[str, str]:
    """A Tennis de mots table; ``want(state)`` picks its deal among seeds 0.. (the seed
    of a real table is random: the test sets it before the start, as storage would)."""
    code, owner = new_table(client, game="tennis-mots", options=options, seats=seats)
    if want is not None:
        parsed = GAME.parse_options(options)
        seed = next(s for s in range(500) if want(GAME.setup(parsed, s)))
        client.app.state.tables.tables[code].seed = seed
    return code, owner


def sit(client, code: str, seat: int, name: str, token: str | None = None):
    """A page that takes ``seat``; returns (page, context manager to close)."""
    ctx = client.websocket_connect("/ws")
    page = Page(ctx.__enter__())
    page.hello(code, token)
    page.send(type="sit", seat=seat, name=name)
    page.until("seated")
    return page, ctx


def latest(page: Page, version: int) -> dict:
    return page.until("table", lambda m: m["version"] == version and m["view"] is not None)


def test_a_person_plays_a_whole_match_against_a_bot_and_it_replays(client) -> None:
    code, owner = mots_table(client, [{}, {"bot": "greedy"}], {"players": 2})
    page, ctx = sit(client, code, 0, "Alice", owner)
    try:
        page.send(type="start")
        me = SimpleBot(7)
        previews = 0
        while True:
            msg = page.until("table", lambda m: m["view"] is not None)
            view = msg["view"]
            assert view["seat"] == 0 and msg["extra"]["running"]
            if view["over"]:
                break
            if 0 not in view["to_act"]:
                continue
            action = me.act(view).to_json()
            if action["type"] in ("shot", "net") and action["cards"]:
                page.send(type="preview", version=msg["version"], action=action)
                answer = page.recv()
                while answer["type"] not in ("preview", "refused"):
                    answer = page.recv()
                # Previews share the questions' allowance: this player previews far
                # faster than a person; a refused one is simply not shown.
                if answer["type"] == "refused":
                    assert answer["code"] == "ask_too_fast" and answer["ref"] == "preview"
                elif answer["ok"]:  # a stale preview when the bot moved first
                    assert answer["info"]["action"]["type"] == action["type"]
                    previews += 1
            page.send(type="act", version=msg["version"], action=action)
        assert previews > 5
        # After the last shot: the best shots Alice had, from her own view at the time
        # (after a pause: the previews above spent the questions' allowance).
        time.sleep(1)
        page.send(type="ask", what="hints", args={})
        info = page.until("answer")["info"]
        assert info["played"]["seat"] == 0 and isinstance(info["shots"], list)
        refusals = [m for m in page.got if m["type"] == "refused"]
        assert all(m["code"] in ("stale", "ask_too_fast") for m in refusals), refusals
        record = Record.load(client.get(f"/api/tables/{code}/record").text)
        final = replay_record(record)
        assert final.view(None)["sets_won"] == view["sets_won"]
        assert max(view["sets_won"]) == 2 and view["winner"] in (0, 1)
        steps = client.get(f"/api/tables/{code}/replay?seat=0").json()["steps"]
        assert len(steps) == len(record.actions) + 1 and steps[-1]["view"]["over"]
    finally:
        ctx.__exit__(None, None, None)
    assert_no_leak(record, [m for m in page.got if m["type"] == "table" and m["view"]])


def assert_no_leak(record: Record, seen: list[dict]) -> None:
    """Every table message a seat can get is the same whatever the cards it cannot see
    (other hands, draw pile, face-down piles: dealt again at random); and what the
    seat really got holds its own hand only."""
    rng = random.Random(1)
    adapter = get_adapter("tennis-mots")
    state = GAME.setup(GAME.parse_options(record.options), record.seed)
    by_version = {m["version"]: m for m in seen}
    players = state.options.players
    for version, (seat, data) in enumerate([*record.actions, (None, None)]):
        if version % 7 == 0 or version == len(record.actions):
            for who in [*range(players), None]:
                other = GAME.reshuffle_hidden(state, who, rng)
                if who is not None:
                    assert other.hands[who] == state.hands[who]
                kwargs = {"summary": {}, "version": version, "last": None, "timer": None}
                assert table_message(adapter, state, who, **kwargs) == table_message(
                    adapter, other, who, **kwargs
                )
        got = by_version.get(version)
        if got is not None:
            assert [c["id"] for c in got["view"]["hand"]] == state.hands[0]
            text = json.dumps(got)
            assert '"draw"' not in text and str(record.seed) not in text
        if data is not None:
            state.apply(seat, GAME.action_from_json(data))


def test_a_third_player_catches_a_bluff_out_of_turn(client) -> None:
    lexicon = load_lexicon(None)

    def bluff_of(state) -> list | None:
        """A serve of the whole hand, 13 points or more, that starts no French word."""
        hand = state.hands[state.to_act[0]]
        faces = state.deck.faces
        if any(faces[c] not in "ABCDEFGHIJKLMNOPQRSTUVWXYZ" for c in hand):
            return None
        if sum(state.deck.values[c] for c in hand) < 13:
            return None
        order = sorted(hand, key=lambda c: faces[c], reverse=True)
        if lexicon.is_prefix("".join(faces[c] for c in order)):
            return None
        return [[c, faces[c], ""] for c in order]

    code, owner = mots_table(client, [{}, {}, {}], {"players": 3}, want=bluff_of)
    parsed = GAME.parse_options({"players": 3})
    seed = client.app.state.tables.tables[code].seed
    server = GAME.setup(parsed, seed).to_act[0]
    cards = bluff_of(GAME.setup(parsed, seed))
    names = ["Ana", "Bea", "Cyd"]
    pages = []
    try:
        for s in range(3):
            pages.append(sit(client, code, s, names[s], owner if s == 0 else None))
        pages[0][0].send(type="start")
        serving = pages[server][0]
        latest(serving, 0)
        serving.send(type="preview", version=0, action={"type": "shot", "cards": cards})
        info = serving.until("preview")["info"]
        assert info["kind"] == "serve" and not info["known"] and info["challengeable"]
        serving.send(type="act", version=0, action=info["action"])
        next_seat, third = (server + 1) % 3, (server + 2) % 3
        shown = [latest(page, 1) for page, _ctx in pages]
        for message in shown:
            pending = message["view"]["pending"]
            assert pending["kind"] == "LIGNE" and pending["waiting"] == [next_seat, third]
        waiting = shown[third]
        assert {"type": "challenge"} in waiting["legal"]
        value = max(c["value"] for c in waiting["view"]["table"])
        pages[third][0].send(type="act", version=1, action={"type": "challenge"})
        for page, _ctx in pages:
            after = latest(page, 2)
            verdict = next(e for e in after["view"]["log"] if e["kind"] == "challenge")
            assert verdict["valid"] is False and verdict["winner"] == third
            assert verdict["seat"] == third and verdict["shooter"] == server
            assert after["last"]["text"]["fr"] == "conteste"
            rally = after["view"]["log"][-1]
            assert rally["kind"] == "rally" and rally["winner"] == third
            assert after["view"]["tricks"][third] == 7 + value  # the cards and the bonus
            running = after["extra"]["running"][third]
            assert running["seen"] == info["value"]  # the served cards, face up
            assert running["hidden"] == value
            assert after["view"]["pending"] is None and after["view"]["table"] == []
    finally:
        for _page, ctx in pages:
            ctx.__exit__(None, None, None)


def test_a_fault_then_a_second_serve_then_a_double_fault(client) -> None:
    # No serve of 7 cards reaches 60 points: every serve is a fault.
    options = {"players": 2, "serve_weight": 60}
    code, owner = mots_table(
        client, [{}, {"bot": "greedy@5000"}], options, want=lambda s: s.to_act == (0,)
    )
    page, ctx = sit(client, code, 0, "Alice", owner)
    try:
        page.send(type="start")
        views = []
        for version, kind in ((0, "fault"), (1, "double_fault")):
            view = latest(page, version)["view"]
            views.append(view)
            assert view["phase"] == "serve" and view["serve_number"] == version + 1
            card = view["hand"][0]
            glyph = "▶" if card["face"] == "◀" else card["face"]
            action = {"type": "shot", "cards": [[card["id"], glyph, ""]]}
            page.send(type="preview", version=version, action=action)
            info = page.until("preview")["info"]
            assert info["kind"] == kind and info["action"]["type"] == "net"
            assert "FAUTE" in info["explain"][0]["fr"]
            page.send(type="act", version=version, action=info["action"])
        first = views[1]
        assert [c["id"] for c in first["pot"]] == [views[0]["hand"][0]["id"]]
        assert first["turn"] == 0 and first["server"] == 0 and 0 in first["to_act"]
        assert first["log"][-1]["kind"] == "fault" and not first["log"][-1]["double"]
        second = latest(page, 2)["view"]
        assert second["malus"][0] == 1 + 3 and second["log"][-1]["double"]
        assert second["server"] == 1 and second["serve_number"] == 1
        # The bot with a 5,000-word vocabulary now serves (60 points: a fault too).
        third = page.until("table", lambda m: m["version"] == 3)["view"]
        assert third["log"][-1]["kind"] == "fault" and third["log"][-1]["seat"] == 1
    finally:
        ctx.__exit__(None, None, None)


def test_an_illegal_word_is_refused_with_the_engines_reason_and_nothing_changes(client) -> None:
    lexicon = load_lexicon(None)

    def nonword(state) -> list | None:
        hand = state.hands[state.to_act[0]]
        faces, values = state.deck.faces, state.deck.values
        letters = [c for c in hand if faces[c] in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"]
        for a in letters:
            for b in letters:
                word = faces[a] + faces[b]
                if a != b and values[a] + values[b] >= 5 and not lexicon.is_prefix(word):
                    return [[a, faces[a], ""], [b, faces[b], ""]]
        return None

    options = {"players": 2, "bluff": False}
    code, owner = mots_table(
        client, [{}, {"bot": "greedy"}], options, want=lambda s: s.to_act == (0,) and nonword(s)
    )
    seed = client.app.state.tables.tables[code].seed
    cards = nonword(GAME.setup(GAME.parse_options(options), seed))
    word = "".join(c[1] for c in cards)
    page, ctx = sit(client, code, 0, "Alice", owner)
    try:
        page.send(type="start")
        before = latest(page, 0)
        action = {"type": "shot", "cards": cards}
        page.send(type="preview", version=0, action=action)
        preview = page.until("preview")
        assert preview["ok"] is False
        assert preview["fr"] == f"{word} : aucun mot français ne commence ainsi"
        page.send(type="act", version=0, action=action)
        refused = page.until("refused")
        assert refused["code"] == preview["code"] == "not_a_word" and refused["ref"] == "act"
        assert (refused["fr"], refused["en"]) == (preview["fr"], preview["en"])
        page.hello(code, owner)  # a fresh look at the table
        again = page.got[-1]
        assert again["version"] == 0 and again["view"] == before["view"]
    finally:
        ctx.__exit__(None, None, None)


def test_once_the_draw_pile_is_empty_the_preview_promises_no_cards() -> None:
    """With the draw pile empty a NET does not refill the hand and a double fault
    takes no penalty card: the preview says so (it promised both), one card in the
    singular."""
    state = arrange(new_state(), ["AAAAAAA", "XZSSSSE"], "JEU")
    state.draw.clear()
    net = web.preview(state.view(1), {"type": "shot", "cards": laid(state, 1, "E")})["explain"]
    assert "la pioche est vide" in net[0]["fr"] and "complétez" not in net[0]["fr"]
    assert "La carte posée va au pot" in net[0]["fr"] and "carte(s)" not in net[0]["fr"]
    assert "draw pile is empty" in net[0]["en"]

    state = arrange(new_state(), ["EEAAAAA", "XZSSSSE"])
    first = web.preview(state.view(0), {"type": "shot", "cards": laid(state, 0, "E", False)})
    assert "complétez" in first["explain"][0]["fr"] or first["kind"] == "fault"
    state.apply(0, GAME.action_from_json(first["action"]))
    full = web.preview(state.view(0), {"type": "shot", "cards": laid(state, 0, "E", False)})
    assert "avec 3 cartes de pénalité" in full["explain"][0]["fr"]
    state.draw.clear()
    empty = web.preview(state.view(0), {"type": "shot", "cards": laid(state, 0, "E", False)})
    assert (
        "sans pénalité" in empty["explain"][0]["fr"] and "3 cartes" not in empty["explain"][0]["fr"]
    )


def test_the_end_screen_keeps_the_last_sets_figures() -> None:
    """Once the match is over the running points are the last set's, beside the cards
    won in it, not zeros after the set's closing line ("38 cartes (0 pts visibles)")."""
    state = GAME.setup(GAME.parse_options({"players": 2, "sets_to_win": 1}), 3)
    bots = [bot_from_spec("simple", s) for s in range(2)]
    for _ in range(5000):
        if state.is_over:
            break
        seat = state.to_act[0]
        state.apply(seat, bots[seat].act(state.view(seat)))
    assert state.is_over
    rows = web.running(state)
    won = state.view(None)["tricks"]
    assert sum(won) > 0
    for seat, row in enumerate(rows):
        assert (row["seen"] + row["hidden"] > 0) == (won[seat] > 0), (rows, won)
