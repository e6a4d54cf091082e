"""Moves typed as text go through the game's own parser (as in the terminal), and the
"Règles" panel's routes are mounted in the real app."""

from __future__ import annotations

from serverkit import Page, sit_and_start
from test_protocol import _my_turn, _seated_game


def _fits(view: dict, card: int) -> list[str]:
    """The piles ``card`` fits, from the rules page (up on a1/a2, down on d1/d2, and the
    backward trick ten apart), computed here rather than asked of the engine."""
    out = []
    for pile in view["piles"]:
        top, up = pile["top"], pile["ascending"]
        if (up and (card > top or card == top - 10)) or (
            not up and (card < top or card == top + 10)
        ):
            out.append(pile["name"])
    return out


def test_a_card_typed_alone_plays_where_it_fits_or_asks_which_pile(client):
    code, owner = _seated_game(client)
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        msg = _my_turn(page, sit_and_start(page, code, owner))
        view, version = msg["view"], msg["version"]
        card = view["hand"][0]
        assert len(_fits(view, card)) == 4  # a new table: every card fits every pile
        page.send(type="act", version=version, text=str(card))
        refused = page.until("refused")
        assert refused["code"] == "ambiguous_action"
        assert "a1" in refused["fr"] and "d2" in refused["fr"]
        page.send(type="act", version=version, text=f"{card} d1")
        msg = page.until("table", lambda m: m["version"] == version + 1)
        pile = next(p for p in msg["view"]["piles"] if p["name"] == "d1")
        assert pile["top"] == card and card not in msg["view"]["hand"]
        # Something no parser can read, and both forms at once, change nothing.
        page.send(type="act", version=version + 1, text="la pile du milieu")
        assert page.until("refused")["code"] == "unreadable_move"
        page.send(type="act", version=version + 1, text="12 a1", action={"type": "end"})
        assert page.until("refused")["code"] == "bad_input"
        page.send(type="ping")
        page.until("pong")
    assert client.get(f"/api/tables/{code}").json()["status"] == "playing"


def test_the_rules_panel_routes_are_mounted(client):
    rules = client.get("/api/rules/the-game?lang=fr")
    assert rules.status_code == 200
    sections = rules.json()["sections"]
    assert len(sections) >= 5 and all(s["title"] and s["text"] for s in sections)
    answer = client.get("/api/rules/the-game/ask", params={"q": "peut-on jouer en arrière de 10 ?"})
    assert answer.status_code == 200
    first = answer.json()["answers"][0]["text"].lower()
    assert "10" in first and ("arrière" in first or "rétro" in first)
    unknown = client.get("/api/rules/chess")
    assert unknown.status_code == 404 and unknown.json()["code"] == "unknown_game"
