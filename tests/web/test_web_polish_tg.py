"""What new players stumbled on in The Game's browser screen, fixed and kept so: the
table talk and the piles' names, the trick of 10 on screen, the turn before kept in
sight, the warning before a play that ends the game reached through the real server,
the note of what a bot played, French words that agree, and the phone's screen."""

from __future__ import annotations

import json
import random
import re
from typing import Any

from browsing import create_table, expect_turn, no_errors, open_page
from playwright.sync_api import expect
from websockets.sync.client import connect

from partie.core import get_game
from partie.games.the_game.rules import EndTurn, Play
from partie.server.games import get_adapter
from partie.server.protocol import table_message

PHONE_390 = {"width": 390, "height": 844}
GAME = get_game("the-game")

MOUNT = """async ([message, seat, lang]) => {
  const screen = await import("/static/games/the-game.js");
  const { translator, SHELL } = await import("/static/i18n.js");
  const root = document.querySelector("main");
  root.replaceChildren();
  window.sent = [];
  screen.mount(root, {
    t: translator(lang, screen.strings, SHELL), lang, seat,
    readOnly: false, send: (action) => window.sent.push(action), chat: () => {},
  });
  screen.update(message);
}"""


def screen_page(browser: Any, server: Any, **kw: Any) -> Any:
    """A bare page holding the real screen module and the site's style sheet, to which
    the test hands the real server's messages built from a real engine state."""
    page = open_page(browser, server.url + "/api/games", **kw)
    page.route(
        server.url + "/screen",
        lambda route: route.fulfill(
            content_type="text/html",
            body='<!doctype html><link rel="stylesheet" href="/static/style.css"><main></main>',
        ),
    )
    page.goto(server.url + "/screen")
    return page


def message_for(state: Any, seat: int | None, version: int, last: Any = None) -> dict[str, Any]:
    seats = [
        {"seat": 0, "kind": "person", "name": "Ana"},
        {"seat": 1, "kind": "person", "name": "Bruno"},
    ]
    built = table_message(
        get_adapter("the-game"),
        state,
        seat,
        summary={"code": "ABCDEF", "seats": seats},
        version=version,
        last=last,
        timer=None,
    )
    return json.loads(json.dumps(built))


def backwards(state: Any, play: Play) -> bool:
    pile = state.view(None)["piles"][play.pile]
    return play.card < pile["top"] if pile["ascending"] else play.card > pile["top"]


def state_with_a_trick() -> tuple[Any, Play]:
    """A real two-player game played on (smallest jumps) until the player to act, at
    the start of a turn, holds a card 10 backwards from a pile."""
    rng = random.Random(7)
    for seed in range(300):
        state = GAME.setup(GAME.parse_options({"players": 2}), seed)
        while not state.is_over:
            seat = state.to_act[0]
            moves = state.legal_actions(seat)
            plays = [a for a in moves if isinstance(a, Play)]
            tricks = [p for p in plays if backwards(state, p)]
            if tricks and state.played_this_turn == 0 and seat == 0:
                return state, tricks[0]
            ends = [a for a in moves if isinstance(a, EndTurn)]
            if ends and (state.played_this_turn >= state.min_cards and rng.random() < 0.7):
                state.apply(seat, ends[0])
            elif plays:
                top = state.view(None)["piles"]
                state.apply(seat, min(plays, key=lambda a: abs(a.card - top[a.pile]["top"])))
            else:
                break
    raise AssertionError("no trick of 10 in 300 deals")


def test_the_trick_of_ten_and_the_turn_before_are_shown(
    server: Any, browser: Any, shots: Any
) -> None:
    """47 on 57 is marked ↺ on the card, on the pile, in the legend, in the last move
    and in the turn's list; once the turn ends, the next player still reads what it
    laid ("Tour précédent"), not "fin du tour" alone."""
    state, trick = state_with_a_trick()
    page = screen_page(browser, server)
    page.evaluate(MOUNT, [message_for(state, 0, 1), 0, "fr"])
    card = page.locator(f'#tg-hand button.card[data-card="{trick.card}"]')
    expect(card.locator(".card-mark")).to_contain_text("↺")
    assert "en arrière de 10" in card.get_attribute("aria-label")
    expect(page.locator("#tg-legend")).to_contain_text("↺ = en arrière de 10")
    card.click()
    pile = page.locator(
        f'#tg-piles .pile-target[data-pile="{["a1", "a2", "d1", "d2"][trick.pile]}"]'
    )
    expect(pile.locator(".pile-mark")).to_have_text("↺ ici (−10)")
    shots(page, "trick-marked", full_page=False)
    pile.click()
    assert page.evaluate("window.sent") == [
        {"type": "play", **{"card": trick.card, "pile": ["a1", "a2", "d1", "d2"][trick.pile]}}
    ]

    state.apply(0, trick)
    page.evaluate(MOUNT, [message_for(state, 0, 2, last=(0, trick)), 0, "fr"])
    short = ("↑A" if trick.pile < 2 else "↓D") + str(trick.pile % 2 + 1)
    expect(page.locator("#tg-last")).to_have_text(
        f"Dernier coup — Ana (vous) : {trick.card} sur {short} ↺"
    )
    expect(page.locator("#tg-laid")).to_have_text(f"Posées ce tour : {trick.card} sur {short} ↺")
    laid = [f"{trick.card} sur {short} ↺"]
    while state.played_this_turn < state.min_cards:
        play = next(a for a in state.legal_actions(0) if isinstance(a, Play))
        state.apply(0, play)
        laid.append(f"{play.card} sur {('↑A' if play.pile < 2 else '↓D')}{play.pile % 2 + 1}")
    state.apply(0, EndTurn())
    page.evaluate(MOUNT, [message_for(state, 1, 9, last=(0, EndTurn())), 1, "fr"])
    prev = page.locator("#tg-prev")
    expect(prev).to_be_visible()
    expect(prev).to_contain_text(f"Tour précédent — Ana : {laid[0]}")
    assert prev.inner_text().startswith("Tour précédent — Ana : ")
    expect(page.locator("#tg-last")).to_have_text("Dernier coup — Ana : fin du tour")
    # In English the same words.
    page.evaluate(MOUNT, [message_for(state, 1, 9, last=(0, EndTurn())), 1, "en"])
    expect(page.locator("#tg-prev")).to_contain_text(
        f"Previous turn — Ana: {trick.card} on {short} ↺"
    )
    no_errors(page)


def test_french_words_agree_and_elide(server: Any, browser: Any) -> None:
    """«1 carte», «2 cartes», «1 pt», «d'Alice», «du bot …» where the screens wrote
    «1 carte(s)», «1 pts», «de Alice»."""
    page = screen_page(browser, server)
    got = page.evaluate(
        """async () => {
          const { translator, agree, deName } = await import("/static/i18n.js");
          const fr = translator("fr", {
            fr: { a: "{n} carte(s) posée(s)", b: "Main {de_name}", c: "{v} pts" },
          });
          const en = translator("en", { en: { a: "{n} card(s) laid", c: "{v} pts" } });
          return [fr("a", { n: 1 }), fr("a", { n: 0 }), fr("a", { n: 3 }),
                  fr("b", { de_name: deName("Alice") }), fr("b", { de_name: deName("Bruno") }),
                  fr("b", { de_name: deName("bot Moyen (place 2)") }), fr("c", { v: 1 }),
                  fr("c", { v: 12 }), en("a", { n: 1 }), en("a", { n: 0 }), en("c", { v: 1 }),
                  agree("bot (place 1) doit poser 2 carte(s)", "fr")];
        }"""
    )
    assert got == [
        "1 carte posée",
        "0 carte posée",
        "3 cartes posées",
        "Main d'Alice",
        "Main de Bruno",
        "Main du bot Moyen (place 2)",
        "1 pt",
        "12 pts",
        "1 card laid",
        "0 cards laid",
        "1 pt",
        "bot (place 1) doit poser 2 cartes",
    ]
    no_errors(page)


def seated_owner(
    browser: Any, server: Any, body: dict[str, Any], name: str = "Alice", **kw: Any
) -> tuple[Any, str, str]:
    """A table made through the HTTP API, opened by its creator, who sits at the first
    seat left to a person and starts the game."""
    made = create_table(server.url, body)
    code = made["code"]
    page = open_page(browser, f"{server.url}/t/{code}", **kw)
    page.evaluate(f"localStorage.setItem('partie.owner.{code}', '{made['owner_token']}')")
    page.reload()
    page.fill("#sit-name", name)
    page.locator("button.sit").first.click()
    return page, code, made["owner_token"]


def test_table_talk_takes_the_piles_names_and_keeps_a_refused_line(
    server: Any, browser: Any
) -> None:
    """«Je garde la montante 1» passes; a refused line stays in the box to be reworded
    and its refusal leaves with the next line; the rule under the box says that pile
    names pass."""
    body = {"game": "the-game", "options": {"players": 2}, "seats": [{}, {"bot": "greedy"}]}
    page, _, _ = seated_owner(browser, server, body)
    page.click("#start")
    box = page.locator("#tg-chat-input")
    expect(page.locator("#tg-chat-rule")).to_contain_text("noms des piles")
    box.fill("Je garde la montante 1")
    box.press("Enter")
    expect(page.locator("#tg-chat-log")).to_contain_text("Je garde la montante 1")
    expect(box).to_have_value("")
    box.fill("j'ai le 37")
    box.press("Enter")
    error = page.locator("#tg-chat-error")
    expect(error).to_contain_text("« 37 »")
    expect(box).to_have_value("j'ai le 37")  # kept, to be reworded
    box.fill("j'ai une carte pour ↓D2")
    box.press("Enter")
    expect(page.locator("#tg-chat-log")).to_contain_text("j'ai une carte pour ↓D2")
    expect(error).to_be_empty()
    expect(box).to_have_value("")
    no_errors(page)


def test_the_warning_before_the_game_ends_is_reached_through_the_real_server(
    server: Any, browser: Any, shots: Any
) -> None:
    """A solo game played over the real websocket (smallest jumps) until the server
    tells the seat that one of its plays would end the game; then the player's own page
    opens on that position: the pile says so, the first click warns and sends nothing,
    the second lays the card and the game ends, stuck."""
    for _attempt in range(6):
        made = create_table(
            server.url, {"game": "the-game", "options": {"players": 1}, "seats": [{}]}
        )
        code, token = made["code"], made["owner_token"]
        corner = drive_to_a_corner(server, code, token)
        if corner is not None:
            break
    else:
        raise AssertionError("no corner in 6 solo games")
    page = open_page(browser, f"{server.url}/t/{code}", viewport=PHONE_390)
    page.evaluate(f"localStorage.setItem('partie.owner.{code}', '{token}')")
    page.reload()
    expect_turn(page)
    pile = page.locator(f'#tg-piles .pile-target[data-pile="{corner["pile"]}"]')
    page.click(f'#tg-hand button.card[data-card="{corner["card"]}"]')
    expect(pile).to_contain_text("⚠ fin de partie")
    pile.click()
    expect(page.locator("#tg-message")).to_contain_text("la partie s'arrêtera")
    shots(page, "corner-warned-live", full_page=False)
    expect(page.locator(f'#tg-hand button.card[data-card="{corner["card"]}"]')).to_be_visible()
    pile.click()
    expect(page.locator("#tg-reason")).to_contain_text("Bloqué")
    no_errors(page)


def drive_to_a_corner(server: Any, code: str, token: str) -> dict[str, Any] | None:
    """Play the solo game at ``code`` over the websocket until a table message names a
    play that would end it; that play, or None if the game ended first."""
    url = server.url.replace("http://", "ws://") + "/ws"
    with connect(url) as ws:

        def until(kind: str) -> dict[str, Any]:
            while True:
                got = json.loads(ws.recv(timeout=20))
                if got["type"] == kind:
                    return got

        ws.send(json.dumps({"type": "hello", "table": code, "token": token, "lang": "fr"}))
        until("table")
        ws.send(json.dumps({"type": "sit", "seat": 0, "name": "Solo"}))
        until("seated")
        ws.send(json.dumps({"type": "start"}))
        while True:
            msg = until("table")
            view = msg["view"]
            if view is None:
                continue
            if view["over"]:
                return None
            corners = (msg.get("extra") or {}).get("corners")
            if corners:
                return corners[0]
            legal = msg["legal"]
            if not legal:
                continue
            plays = [a for a in legal if a["type"] == "play"]
            ends = [a for a in legal if a["type"] == "end"]
            tops = {p["name"]: p["top"] for p in view["piles"]}
            if ends and (view["played_this_turn"] >= view["min_cards"] or not plays):
                action = ends[0]
            else:
                action = min(plays, key=lambda a: abs(a["card"] - tops[a["pile"]]))
            ws.send(json.dumps({"type": "act", "version": msg["version"], "action": action}))


def test_only_the_creator_is_told_a_localhost_link_reaches_no_one(
    server: Any, browser: Any
) -> None:
    """The localhost warning is for whoever hands the link out; a player who joined
    on this computer is not asked to restart the server."""
    body = {"game": "the-game", "options": {"players": 2}, "seats": [{}, {}]}
    owner, code, _ = seated_owner(browser, server, body)
    expect(owner.locator("#local-only")).to_be_visible()
    joiner = open_page(browser, f"{server.url}/t/{code}")
    expect(joiner.locator("#table-code")).to_be_visible()
    joiner.wait_for_timeout(300)  # the server's addresses have come
    expect(joiner.locator("#local-only")).to_have_count(0)
    no_errors(owner, joiner)


# -- Tennis de mots --------------------------------------------------------------------


def test_a_word_of_seven_stays_on_one_line_of_a_phone(server: Any, browser: Any) -> None:
    """On a 390 px phone the gaps of the word being built are drawn narrow: a word of
    seven cards keeps one line (eight take two, where they took three), the keyboard's
    help is not shown on a touch screen, and the page says «Au tour d'…»."""
    from test_tennis_mots_browser import screen_on

    page, _state = screen_on(
        browser,
        server,
        "hands EEEEEEE / ERASIIO; table MUGUET[▶E]",
        1,
        viewport=PHONE_390,
        is_mobile=True,
        has_touch=True,
    )
    # Lines of cards: a card starting below the bottom of every card before it opens one.
    lines = (
        "els => { let n = 0, bottom = -1; for (const e of els) {"
        " const b = e.getBoundingClientRect(); if (b.top >= bottom) { n += 1; }"
        " bottom = Math.max(bottom, b.bottom); } return n; }"
    )
    expect(page.locator("#tm-draft [data-card]")).to_have_count(7)
    # The screen's style sheet arrives after its first drawing: measure with it.
    page.wait_for_function(
        "() => [...document.styleSheets].some(s => (s.href || '').includes('tennis-mots.css'))"
    )
    assert page.locator("#tm-draft [data-card]").evaluate_all(lines) == 1
    page.locator("#tm-hand [data-card]").first.click()
    page.locator("#tm-draft [data-slot]").nth(7).click()
    expect(page.locator("#tm-draft [data-card]")).to_have_count(8)
    assert page.locator("#tm-draft [data-card]").evaluate_all(lines) <= 2
    expect(page.locator("#tm-keys")).to_be_hidden()
    assert "Clavier" not in page.locator("#tm-builder").inner_text()
    no_errors(page)


def mots_message(state: Any, seat: int, version: int, last: Any = None) -> dict[str, Any]:
    seats = [
        {"seat": 0, "kind": "person", "name": "Ines", "connected": True},
        {"seat": 1, "kind": "person", "name": "Bruno", "connected": True},
    ]
    built = table_message(
        get_adapter("tennis-mots"),
        state,
        seat,
        summary={"seats": seats},
        version=version,
        last=last,
        timer=None,
    )
    return json.loads(json.dumps(built))


def test_a_lone_joker_reads_its_letter_and_hints_say_what_a_word_start_is(
    server: Any, browser: Any
) -> None:
    """A joker left to the engine shows the letter it reads («Mot : E», not «? → E»);
    the hints say what «[■C]» and a word start are, with a word each start begins, and
    leave once the rally is over; the other player reads «Au tour d'Ines»."""
    from test_tennis_mots_browser import screen_on

    from partie.games.tennis_mots.bot_specs import bot_from_spec
    from partie.games.tennis_mots.game import GAME as GAME_MOTS
    from partie.games.tennis_mots.rules import Net
    from partie.server.games import tennis_mots as web

    position = "hands ■ORSETE / ERASIIO; server 1"
    page, state = screen_on(browser, server, position, 0)
    hints = web.hints(state.view(0), None)
    page.expose_function("serverAsk", lambda what, args: {"type": "answer", "info": hints})
    page.click('#tm-hand [data-face="■"]')
    page.click('#tm-draft [data-slot="0"]')
    page.click(".tennis-mots-joker-auto")
    word = page.locator("#tm-word")
    expect(word).to_have_text(re.compile(r"^Mot : [A-Z]$"))
    # Ines serves and asks for hints while Bruno answers.
    serve = bot_from_spec("simple", 1).act(state.view(0))
    state.apply(0, serve)
    page.evaluate(UPDATE_MOTS, mots_message(state, 0, 2, last=(0, serve)))
    page.click("#tm-hints-button")
    expect(page.locator("#tm-hints-legend")).to_contain_text("[■C] = le joker ■ posé pour un C")
    starts = [s for s in hints["shots"] if not s["complete"]]
    assert starts  # [■D]ESERTO, a start of DESERTONS
    for shot in starts:
        expect(page.locator("#tm-hints")).to_contain_text(f"début de {shot['example']}")

    # The rally ends (the serve is not returned): the hints were for it, they go.
    state.apply(1, Net())
    page.evaluate(UPDATE_MOTS, mots_message(state, 0, 3, last=(1, Net())))
    expect(page.locator("#tm-hints")).to_have_count(0)
    expect(page.locator("#tm-hints-legend")).to_have_count(0)
    # Bruno's page, while Ines is to play: «d'Ines».
    fresh = GAME_MOTS.from_position(position)
    page.evaluate(UPDATE_MOTS, mots_message(fresh, 1, 4))
    expect(page.locator("#tm-live")).to_have_text("Au tour d'Ines.")
    no_errors(page)


UPDATE_MOTS = "async (m) => (await import('/static/games/tennis-mots.js')).update(m)"


def test_a_player_renames_during_the_game_and_keeps_the_seat(server: Any, browser: Any) -> None:
    """«Changer de nom» under the board: the new name shows at once, the hand and the
    seat stay (renaming used to mean leaving the seat to a bot and sitting again)."""
    body = {"game": "the-game", "options": {"players": 2}, "seats": [{}, {"bot": "greedy"}]}
    page, _, _ = seated_owner(browser, server, body, name="Alice")
    page.click("#start")
    expect(page.locator("#tg-hand button.card").first).to_be_visible()
    held = page.locator("#tg-hand button.card").evaluate_all("els => els.map(e => e.dataset.card)")
    page.once("dialog", lambda dialog: dialog.accept("Alice B."))
    page.click("#rename")
    expect(page.locator("#tg-players")).to_contain_text("Alice B. (vous)")
    expect(page.locator("#you")).to_contain_text("place 1")
    now = page.locator("#tg-hand button.card").evaluate_all("els => els.map(e => e.dataset.card)")
    assert now == held
    no_errors(page)
