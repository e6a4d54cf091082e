"""Two friends and a bot play Tennis de mots in real Chromium: words built by clicking
(and once by dragging, once by the keyboard), rallies, a challenge seen by everyone,
a reload, and the set played to its end. Screenshots go to ``tests/artifacts/web/``."""

from __future__ import annotations

import json
import re
import time
from types import SimpleNamespace
from typing import Any

from browsing import PHONE, create_table, no_errors, open_page, unnamed_controls
from playwright.sync_api import expect

from partie.core.errors import PartieError
from partie.games.tennis_mots.bots import load_lexicon
from partie.games.tennis_mots.cards import load_deck
from partie.games.tennis_mots.game import GAME
from partie.games.tennis_mots.movegen import hints
from partie.games.tennis_mots.notation import parse_action
from partie.games.tennis_mots.shots import (
    COUP_DROIT,
    COUP_DROIT_LIFTE,
    ENGLISH,
    REVERS,
    SERVICE,
)
from partie.server.games import get_adapter
from partie.server.protocol import table_message

IN_ORDER = (SERVICE, COUP_DROIT, REVERS, COUP_DROIT_LIFTE)
"""Shots that keep the table's cards in order: built by inserting hand cards only."""
FRENCH_ONLY = sorted(
    {n for n, en in ENGLISH.items() if n.lower() != en.lower()}
    | {"Jeu pour", "Fin du set", "cartes", "passe", "VÉRIFICATION", "pénalité"}
)
"""Words of a French log line that an English page must not show."""
DECK = load_deck(None)
DECK_VALUES = dict(zip(DECK.faces, DECK.values, strict=True))
DOUBLE_BUTTON = {"◀": ".tennis-mots-double-before", "▶": ".tennis-mots-double-after"}
"""The double card copies the card before it (◀) or the card after it (▶)."""


def cards_in(page: Any, selector: str) -> list[dict[str, Any]]:
    return page.locator(f"{selector} [data-card]").evaluate_all(
        "els => els.map(e => "
        "({id: +e.dataset.card, face: e.dataset.face, value: +e.dataset.value}))"
    )


def root_data(page: Any) -> dict[str, str]:
    root = page.locator("#tm-root")
    if not root.count():
        return {}
    return root.evaluate("e => ({...e.dataset})")


def best_shot(page: Any) -> Any:
    """The most valuable shot of this page's position that keeps the table in order,
    found by the real move generator from what the page shows (hand, table, weight)."""
    data = root_data(page)
    hand = cards_in(page, "#tm-hand")
    table = [
        {"id": c["id"], "glyph": c["face"], "letter": "", "value": c["value"]}
        for c in cards_in(page, "#tm-table .tennis-mots-word")
    ]
    view = {
        "seat": 0,
        "turn": 0,
        "to_act": [0],
        "phase": data["phase"],
        "over": False,
        "pending": None,
        "weight": int(data["weight"]),
        "hand": hand,
        "table": table,
        "deck_values": DECK_VALUES,
    }
    for shot in hints(view, load_lexicon(None), top=6):
        if shot.names[0] in IN_ORDER:
            return shot
    return None


def build(page: Any, shot: Any, *, drag: bool = False) -> None:
    """Lay ``shot`` by clicking each hand card then the gap where it goes (the table's
    cards are already in the word being built, in order; a double card of the table
    the shot lays the other way is turned: click it, then the way it copies)."""
    on_table = {c["id"]: c["face"] for c in cards_in(page, "#tm-draft")}
    for at, (card, glyph, _letter) in enumerate(shot.action.cards):
        if card in on_table:
            if on_table[card] != glyph:
                laid = page.locator(f'#tm-draft [data-card="{card}"]')
                laid.click()
                page.locator(DOUBLE_BUTTON[glyph]).click()
                expect(laid).to_have_attribute("data-face", glyph)
            continue
        source = page.locator(f'#tm-hand [data-card="{card}"]')
        slot = page.locator(f'#tm-draft [data-slot="{at}"]')
        if drag:
            source.drag_to(slot)
            drag = False
        else:
            source.click()
            expect(source).to_have_attribute("aria-pressed", "true")
            slot.click()
        if glyph in DOUBLE_BUTTON:
            page.locator(DOUBLE_BUTTON[glyph]).click()
        elif glyph in ("★", "■", "●"):
            page.locator(f'#tm-joker [data-letter="{shot.letters[at]}"]').click()
        expect(page.locator(f'#tm-draft [data-card="{card}"]')).to_have_count(1)
    expect(page.locator("#tm-word")).to_contain_text(shot.letters)


def screen_on(
    browser: Any, server: Any, position: str, seat: int, **context: Any
) -> tuple[Any, Any]:
    """The Tennis de mots screen alone, on a page of the real server, showing ``seat``'s
    message for an exact position (nothing of a deal). Its previews are the server's
    own (the adapter on the same state); what it sends is kept in ``window.sent``; its
    questions go to ``window.serverAsk`` when the test exposes one. ``context``: the
    browser context's settings (a phone's touch screen)."""
    state = GAME.from_position(position)
    adapter = get_adapter("tennis-mots")
    message = table_message(
        adapter, state, seat, summary={"seats": []}, version=1, last=None, timer=None
    )

    def preview(action: Any) -> dict[str, Any]:
        try:
            info = adapter.preview(state, seat, adapter.action_from_json(action))
            return {"type": "preview", "ok": True, "info": info}
        except PartieError as exc:
            return {"type": "preview", "ok": False, **exc.to_json()}

    page = open_page(browser, server.url + "/api/games", **context)
    page.route(
        server.url + "/screen",
        lambda route: route.fulfill(
            content_type="text/html",
            body='<!doctype html><meta name="viewport" content="width=device-width">'
            '<link rel="stylesheet" href="/static/style.css"><main></main>',
        ),
    )
    page.goto(server.url + "/screen")
    page.expose_function("serverPreview", preview)
    page.evaluate(
        """async (message) => {
          const screen = await import("/static/games/tennis-mots.js");
          window.sent = [];
          screen.mount(document.querySelector("main"), {
            lang: "fr",
            readOnly: false,
            seat: message.view.seat,
            preview: (action) => window.serverPreview(action),
            send: (action) => window.sent.push(action),
            ask: async (what, args) => (window.serverAsk ? window.serverAsk(what, args) : null),
            chat: () => {},
          });
          screen.update(message);
        }""",
        message,
    )
    return page, state


def test_a_double_on_the_table_is_turned_the_way_the_engine_reads_it(
    server: Any, browser: Any, shots: Any
) -> None:
    """MUGUET▶ on the table reads MUGUETE (the double copies the card still to come).
    Adding ERAIS makes MUGUETTERAIS only if that double is turned to copy the T before
    it: the typed ``MUGUET<ERAIS`` of the engine. The screen lets the player turn it,
    shows the word the engine reads and sends exactly that shot."""
    page, state = screen_on(browser, server, "hands EEEEEEE / ERASIIO; table MUGUET[▶E]", 1)
    action = parse_action(state.view(1), "MUGUET<ERAIS")
    double = next(c for c, g, _l in action.cards if g == "◀")
    assert [c for c, _g, _l in action.cards[:7]] == [c for c, _g, _l in state.table]
    expect(page.locator(f'#tm-draft [data-card="{double}"]')).to_have_attribute("data-face", "▶")
    build(page, SimpleNamespace(action=action, letters="MUGUETTERAIS"))
    # The word on screen is the engine's reading: no "→ MUGUET?ERAIS" after it.
    word = page.locator("#tm-word")
    expect(word).to_have_text("Mot : MUGUETTERAIS")
    expect(page.locator("#tm-preview")).to_contain_text("COUP DROIT")
    shots(page, "double-turned", full_page=False)
    # Turned back, the double copies the E after it: the engine reads no word.
    turned = page.locator(f'#tm-draft [data-card="{double}"]')
    turned.click()
    page.locator(DOUBLE_BUTTON["▶"]).click()
    expect(word).to_have_text("Mot : MUGUETEERAIS → MUGUET?ERAIS")
    turned.click()
    page.locator(DOUBLE_BUTTON["◀"]).click()
    expect(word).to_have_text("Mot : MUGUETTERAIS")
    expect(page.locator("#tm-preview")).to_contain_text("COUP DROIT")
    page.click("#tm-play")
    sent = page.evaluate("window.sent")
    assert sent == [action.to_json()]
    state.apply(1, GAME.action_from_json(sent[0]))
    assert "".join(letter for _c, _g, letter in state.table) == "MUGUETTERAIS"
    no_errors(page)


def play_turn(page: Any, *, drag: bool = False, shots: Any = None, before: Any = None) -> str:
    """One turn of the page whose turn it is; returns what it did. ``before`` (if
    given) runs once the shot or fault is built, and presses "Jouer" itself."""
    phase = root_data(page)["phase"]
    shot = best_shot(page)
    if shot is not None:
        build(page, shot, drag=drag)
        preview = page.locator("#tm-preview")
        expect(preview).to_contain_text(shot.names[0])  # the shot's name before it is sent
        expect(preview).to_contain_text(f"{shot.value} pts")
        if shots is not None:
            shots(page, "preview", full_page=False)
        (before or press_play)(page)
        return "shot"
    if phase == "serve" and not page.locator("#tm-pass").count():
        # No word reaches the weight: a fault, explained first. (At set point a serve
        # may pass instead: there is no second serve any more.)
        card = cards_in(page, "#tm-hand")[0]
        page.locator(f'#tm-hand [data-card="{card["id"]}"]').click()
        page.locator('#tm-draft [data-slot="0"]').click()
        if card["face"] == "◀":  # the double card: which neighbour it copies
            page.locator(".tennis-mots-double-after").click()
        elif not card["face"].isalpha():  # a joker: let the engine read it
            page.locator(".tennis-mots-joker-auto").click()
        expect(page.locator("#tm-preview")).to_contain_text("FAUTE")
        (before or press_play)(page)
        return "fault"
    page.click("#tm-pass")
    return "pass"


def press_play(page: Any) -> None:
    page.click("#tm-play")


def wait_change(pages: list[Any], versions: list[str]) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if [root_data(p).get("version") for p in pages] != versions:
            return
        time.sleep(0.05)


def test_two_friends_and_a_bot_play_a_set(server: Any, browser: Any, shots: Any) -> None:
    alice = open_page(browser, server.url + "/")
    alice.select_option("#new-game", "tennis-mots")
    alice.fill("#new-opt-players", "3")
    alice.dispatch_event("#new-opt-players", "change")
    alice.select_option("#new-seat-2", "greedy")
    alice.fill("#new-name", "Alice")
    alice.click("#create")
    code = alice.locator("#table-code")
    expect(code).to_have_text(re.compile(r"^[A-Z2-9]{3}-[A-Z2-9]{3}$"))
    path = "/t/" + code.inner_text().replace("-", "")
    bob = open_page(browser, server.url + path, viewport=PHONE, is_mobile=True, has_touch=True)
    bob.fill("#sit-name", "Bob")
    bob.click('button.sit[data-seat="1"]')
    expect(alice.locator("#seats")).to_contain_text("Bob")
    alice.click("#start")
    pages = [alice, bob]
    for page in pages:
        expect(page.locator("#tm-root")).to_be_visible()
        expect(page.locator("#tm-hand [data-card]")).to_have_count(7)
    shots(alice, "started")

    done: dict[str, int] = {"shot": 0, "fault": 0, "pass": 0, "challenge": 0, "accept": 0}
    keyboard_tried = reloaded = False
    deadline = time.monotonic() + 150
    while time.monotonic() < deadline:
        data = [root_data(p) for p in pages]
        if any(d.get("set") != "1" for d in data):
            break
        acted = False
        for page, d in zip(pages, data, strict=True):
            if page.locator("#tm-challenge").count():
                if done["challenge"] == 0 and page is bob:
                    page.click("#tm-challenge")
                    done["challenge"] += 1
                    for other in pages:  # the verdict and its cost, on every screen
                        expect(other.locator("#tm-verdict")).to_contain_text("VÉRIFICATION")
                        expect(other.locator("#tm-verdict")).to_contain_text("bonus")
                    shots(alice, "verdict-alice", full_page=False)
                    shots(bob, "verdict-bob", full_page=False)
                else:
                    page.click("#tm-accept")
                    done["accept"] += 1
                acted = True
                break
            if d.get("mine") == "1":
                if not keyboard_tried and d["phase"] == "rally":
                    # The keyboard: a letter adds that card on the right, Backspace takes
                    # it back to the hand.
                    keyboard_tried = True
                    face = cards_in(page, "#tm-hand")[0]["face"]
                    if face.isalpha():
                        before = len(cards_in(page, "#tm-draft"))
                        page.locator("body").press(face.lower())
                        expect(page.locator("#tm-draft [data-card]")).to_have_count(before + 1)
                        page.locator("body").press("Backspace")
                        expect(page.locator("#tm-draft [data-card]")).to_have_count(before)
                did = play_turn(
                    page, drag=done["shot"] == 1, shots=shots if done["shot"] == 0 else None
                )
                done[did] += 1
                if did == "shot" and done["shot"] == 1:
                    shots(page, "first-shot", full_page=False)
                acted = True
                break
        versions = [d.get("version") for d in data]
        if acted:
            wait_change(pages, versions)
            if not reloaded and done["shot"] >= 2:
                reloaded = True  # Bob reloads: same seat, same hand
                wait_change(pages, versions)
                held = cards_in(bob, "#tm-hand")
                bob.reload()
                expect(bob.locator("#tm-hand [data-card]").first).to_be_visible()
                if root_data(bob).get("version") == versions[1]:
                    assert cards_in(bob, "#tm-hand") == held
        else:
            time.sleep(0.1)  # the bot is thinking
    final = [root_data(p) for p in pages]
    assert any(d.get("set") != "1" for d in final), f"the set did not end in time: {done}"
    assert done["shot"] >= 3 and done["challenge"] == 1, done
    for page in pages:
        expect(page.locator("#tm-log")).to_contain_text(re.compile("Fin du set 1|Jeu, set"))
    shots(alice, "set-over-alice")
    shots(bob, "set-over-bob")
    assert bob.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # The hints after Alice's shots come from the server, from her own view.
    alice.click("#tm-hints-button")
    # The search replays the game and tries every shot of that hand: up to 4.7 s on an
    # idle core for a hand with jokers (1,175 positions of bot games measured), several
    # times that with a full test run beside it; the page says it is searching meanwhile.
    expect(alice.locator("#tm-hints")).to_be_visible(timeout=60_000)
    expect(alice.locator("#tm-hints-searching")).to_have_count(0)
    # English on request.
    alice.click("#lang")
    expect(alice.locator("#tm-log")).to_contain_text("Last shots")
    no_errors(alice, bob)


def test_a_finished_match_replays_in_the_page(server: Any, browser: Any, shots: Any) -> None:
    body = {
        "game": "tennis-mots",
        "options": {"players": 2, "sets_to_win": 1},
        "seats": [{"bot": "greedy@5000"}, {"bot": "greedy"}],
    }
    made = create_table(server.url, body)
    code, owner = made["code"], made["owner_token"]
    page = open_page(browser, f"{server.url}/t/{code}")
    page.evaluate(f"localStorage.setItem('partie.owner.{code}', '{owner}')")
    page.reload()
    page.click("#start")
    log = page.locator("#tm-log")
    expect(log).to_contain_text("Jeu, set et match", timeout=60_000)
    french = log.inner_text()
    assert any(name in french for name in FRENCH_ONLY)  # the engine's own names, in French
    # In English the log speaks English, every line of it: the switch draws it again.
    page.click("#lang")
    expect(log).to_contain_text("Game, set and match")
    english = log.inner_text()
    assert english.count("\n") == french.count("\n")
    assert [w for w in FRENCH_ONLY if w in english] == []
    assert any(name in english for name in ENGLISH.values())
    shots(page, "log-in-english", full_page=False)
    page.click("#lang")
    expect(log).to_contain_text("Jeu, set et match")
    assert log.inner_text() == french
    page.goto(f"{server.url}/replay/{code}")
    # The last step, every card open: each hand is shown, the log ends with the match.
    expect(page.locator("#tm-log")).to_contain_text("Jeu, set et match")
    page.locator("body").press("Home")
    expect(page.locator("#tm-root")).to_have_attribute("data-version", "0")
    expect(page.locator("#tm-hand [data-card]")).to_have_count(14)  # two open hands
    page.locator("body").press("ArrowRight")
    expect(page.locator("#tm-root")).to_have_attribute("data-version", "1")
    assert page.locator("#tm-play, #tm-challenge, #tm-builder").count() == 0  # read only
    shots(page, "replay")
    no_errors(page)


def test_a_slow_answer_and_a_double_click_send_one_shot(
    server: Any, browser: Any, shots: Any
) -> None:
    """The server's answers held back (a slow network): a double click on "Jouer" sends
    the shot once, so no "stale" refusal follows the shot that was played. The turn
    changes are said in a live region kept across renders (the status line is drawn
    again at every change), and every button has a name in the accessibility tree."""
    made = create_table(
        server.url,
        {"game": "tennis-mots", "options": {"players": 2}, "seats": [{}, {"bot": "greedy"}]},
    )
    code = made["code"]
    page = open_page(browser, server.url + "/api/games")
    sent: list[str] = []
    held: list[Any] = []
    hold = [False]
    pages: list[Any] = []  # the page's side of the socket, to hand the held answers to

    def relay(ws: Any) -> None:
        real = ws.connect_to_server()
        pages[:] = [ws]
        ws.on_message(lambda m: (sent.append(m), real.send(m)))
        real.on_message(lambda m: held.append(m) if hold[0] else ws.send(m))

    page.route_web_socket("**/ws", relay)
    page.goto(f"{server.url}/t/{code}")
    page.evaluate(f"localStorage.setItem('partie.owner.{code}', '{made['owner_token']}')")
    page.reload()
    page.fill("#sit-name", "Alice")
    page.click('button.sit[data-seat="0"]')
    page.click("#start")
    live = page.locator("#tm-live")
    deadline = time.monotonic() + 30
    while root_data(page).get("mine") != "1" and time.monotonic() < deadline:
        if page.locator("#tm-accept").count():  # the bot served first, on the line
            page.click("#tm-accept")
        page.wait_for_timeout(100)
    expect(page.locator("#tm-root")).to_have_attribute("data-mine", "1")
    expect(live).to_have_text(re.compile("^À vous de (servir|jouer)"))
    mine = live.inner_text()
    said = page.evaluate_handle(
        """(region) => { const said = [];
          new MutationObserver(() => said.push(region.textContent))
            .observe(region, {childList: true, characterData: true, subtree: true});
          return said; }""",
        live.element_handle(),
    )
    assert unnamed_controls(page) == []

    def slow_double_click(page: Any) -> None:
        hold[0] = True
        before = len(sent)
        page.dblclick("#tm-play")
        page.wait_for_timeout(300)
        acts = [json.loads(m) for m in sent[before:]]
        assert [m["type"] for m in acts].count("act") == 1, acts
        hold[0] = False
        while held:  # the held answers reach the page now, in order
            pages[0].send(held.pop(0))

    play_turn(page, before=slow_double_click)
    # The live region said the turn moved on (whatever came next).
    page.wait_for_function("([said, mine]) => said.some((t) => t && t !== mine)", arg=[said, mine])
    page.wait_for_timeout(300)
    expect(page.locator("#tm-refused")).to_have_count(0)
    no_errors(page)


def test_on_a_phone_the_gaps_a_chosen_card_may_fill_are_fingertip_wide(
    server: Any, browser: Any
) -> None:
    """A 360 px phone, a word of seven cards on the table: once a hand card is chosen,
    each gap it may go into takes taps at least 44 px wide and tall (they were 18-25 px
    wide), inside the screen, and tapping one puts the card there. The gap is drawn
    narrow and its tap area covers half of each card beside it (issue: gaps drawn as
    wide as the cards sent a word of eight over three lines)."""
    page, _state = screen_on(browser, server, "hands EEEEEEE / ERASIIO; table MUGUET[▶E]", 1)
    page.set_viewport_size(PHONE)
    card = page.locator("#tm-hand [data-card]").first
    chosen = card.get_attribute("data-card")
    card.click()
    slots = page.locator("#tm-draft [data-slot]")
    expect(slots).to_have_count(8)
    boxes = slots.evaluate_all(
        "els => els.map(e => { const b = e.getBoundingClientRect();"
        " return [b.width, b.height, b.left, b.right]; })"
    )
    assert all(h >= 44 for _w, h, _, _ in boxes), boxes
    # The tap area: every point 22 px either side of a gap's middle is that gap's.
    reach = slots.evaluate_all(
        "els => els.map(e => { const b = e.getBoundingClientRect(); const y = b.top + b.height / 2;"
        " const x = (b.left + b.right) / 2;"
        " return [-22, -11, 0, 11, 22].map(d => x + d < 0 || x + d >= innerWidth"
        "   || document.elementFromPoint(x + d, y) === e); })"
    )
    assert all(all(row) for row in reach), reach
    assert all(left >= 0 and right <= PHONE["width"] for _, _, left, right in boxes), boxes
    slots.nth(7).click()
    expect(page.locator(f'#tm-draft [data-card="{chosen}"]')).to_have_count(1)
    no_errors(page)
