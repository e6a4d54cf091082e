"""What an evening of play in the browser tripped over, checked in real Chromium: a
link that asks for English, the warning the rules promise before a play of The Game
that ends it, whose turn's minimum the others read, a player whose page closed shown as
absent (on the projector too), the classroom button for the teacher only and its line
once the teams are in, hand cards wide enough for a finger, a rule question nothing
answers, the keyboard kept in the lobby, the replay bar on one line on a phone, and
every sign the pages draw present in the installed fonts."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from browsing import create_table, no_errors, open_page
from playwright.sync_api import expect

from partie.core import get_game
from partie.games.the_game.rules import Play
from partie.server.games import get_adapter
from partie.server.protocol import table_message

PHONE_390 = {"width": 390, "height": 844}
HOST = "/static/games/tennis-quizz-host.html"


def phone(browser: Any, url: str) -> Any:
    return open_page(browser, url, viewport=PHONE_390, is_mobile=True, has_touch=True)


def test_a_link_asking_for_english_opens_in_english(server: Any, browser: Any) -> None:
    """A teacher's link with ``?lang=en`` opens in English in a fresh browser, the
    switch follows in the address (a reload keeps the reader's choice)."""
    page = open_page(browser, server.url + "/?lang=en")
    expect(page.locator("#lang")).to_have_text("Français")
    expect(page.locator("label[for=join-code]")).to_have_text("Join with a code")
    page.click("#lang")
    expect(page.locator("label[for=join-code]")).to_have_text("Rejoindre avec un code")
    assert page.url.endswith("?lang=fr")
    page.reload()
    expect(page.locator("#lang")).to_have_text("English")
    classroom = open_page(browser, server.url + HOST + "?lang=en")
    expect(classroom.locator("#tqh-setup")).to_contain_text("How do you play?")
    # The deck's file chooser speaks the page's language, not the browser's.
    expect(classroom.locator("#tqh-file-button")).to_have_text("Choose a file…")
    expect(classroom.locator("#tqh-file-name")).to_have_text("No file chosen")
    classroom.set_input_files(
        "#tqh-file", files=[{"name": "ma-classe.csv", "mimeType": "text/csv", "buffer": b"x"}]
    )
    expect(classroom.locator("#tqh-file-name")).to_have_text("ma-classe.csv")
    # The real input covers its button, so a finger reaches it: once the upload's answer
    # has redrawn the form (the element read mid-redraw is a detached one, 0 px tall).
    classroom.wait_for_function(
        "() => document.getElementById('tqh-file')?.getBoundingClientRect().height >= 40"
    )
    no_errors(page)


# Player 1 holds 47 and 56; the first rising pile is at 45, the other at 99, both
# falling piles at 2. 47 then 56 lays the two cards of the turn; 56 first leaves 47
# nowhere to go (56 - 10 is 46), and the game would end.
CORNER = "piles 45 99 2 2; hands 47 56 / 60 61; draw 70 71 72 73; turn 1; laid 0"


def test_the_game_warns_before_a_play_that_ends_it(server: Any, browser: Any, shots: Any) -> None:
    """The rules say the screen warns before a play after which the minimum is out of
    reach. The real engine's position, the real server's message for that seat, the
    real screen: the first click on the pile warns and sends nothing, the second lays
    the card; a play that keeps the turn going is sent at once."""
    state = get_game("the-game").from_position(CORNER)
    message = table_message(
        get_adapter("the-game"),
        state,
        0,
        summary={"code": "ABCDEF", "seats": []},
        version=1,
        last=None,
        timer=None,
    )
    assert message["extra"]["corners"] == [{"card": 56, "pile": "a1"}]
    page = phone(browser, server.url + "/api/games")
    page.route(
        server.url + "/screen",
        lambda route: route.fulfill(
            content_type="text/html",
            body='<!doctype html><link rel="stylesheet" href="/static/style.css"><main></main>',
        ),
    )
    page.goto(server.url + "/screen")
    page.evaluate(
        """async (message) => {
          const screen = await import("/static/games/the-game.js");
          const { translator, SHELL } = await import("/static/i18n.js");
          window.sent = [];
          screen.mount(document.querySelector("main"), {
            t: translator("fr", screen.strings, SHELL), lang: "fr", seat: 0,
            readOnly: false, send: (action) => window.sent.push(action), chat: () => {},
          });
          screen.update(message);
        }""",
        message,
    )
    a1 = page.locator('#tg-piles [data-pile="a1"]')
    page.click('#tg-hand button.card[data-card="56"]')
    expect(a1).to_contain_text("fin de partie")
    a1.click()
    expect(page.locator("#tg-message")).to_contain_text("la partie s'arrêtera")
    assert page.evaluate("window.sent") == []
    shots(page, "corner-warned", full_page=False)
    a1.click()  # the same gesture again: laid
    assert page.evaluate("window.sent") == [{"type": "play", "card": 56, "pile": "a1"}]

    # 47 keeps the turn going: no warning, sent at the first click.
    page.evaluate("window.sent = []")
    page.evaluate(
        "async (m) => (await import('/static/games/the-game.js')).update(m)",
        {**message, "version": 2},
    )
    page.click('#tg-hand button.card[data-card="47"]')
    expect(a1).to_contain_text("ici")
    a1.click()
    assert page.evaluate("window.sent") == [{"type": "play", "card": 47, "pile": "a1"}]

    # The other player's screen says whose turn's minimum it is, not "Encore 2 cartes"
    # beside their own greyed "Fin de tour"; and hears nothing of player 1's corners.
    # Player 1's first card leaves no empty place in player 2's hand.
    laid = Play(47, 0)
    state.apply(0, laid)
    other = table_message(
        get_adapter("the-game"),
        state,
        1,
        summary={"code": "ABCDEF", "seats": [{"seat": 0, "kind": "person", "name": "Ana"}]},
        version=3,
        last=(0, laid),
        timer=None,
    )
    assert "corners" not in other.get("extra", {})
    page.evaluate(
        """async (message) => {
          const screen = await import("/static/games/the-game.js");
          const { translator, SHELL } = await import("/static/i18n.js");
          const root = document.querySelector("main");
          root.replaceChildren();
          screen.mount(root, {
            t: translator("fr", screen.strings, SHELL), lang: "fr", seat: 1,
            readOnly: false, send: () => {}, chat: () => {},
          });
          screen.update(message);
        }""",
        other,
    )
    expect(page.locator("#tg-still")).to_have_text("Ana doit encore poser 1 carte au moins.")
    expect(page.locator("#tg-laid")).to_have_text("Ana a posé ce tour : 47 sur ↑A1")
    expect(page.locator("#tg-hand button.card")).to_have_count(2)
    assert page.locator("#tg-hand .slot").count() == 0
    no_errors(page)


def test_a_closed_phone_shows_absent_and_only_the_teacher_has_the_classroom_button(
    server: Any, browser: Any, shots: Any
) -> None:
    """A Tennis Quizz duel: the creator plays on a laptop, a pupil on a phone. The pupil
    gets no classroom (projector) button, the creator exactly one. The pupil's phone
    closes: the creator's board and the projector say the pupil is absent, until the
    link is opened again."""
    owner = open_page(browser, server.url + "/")
    expect(owner.locator("#new-game option")).not_to_have_count(0)
    owner.select_option("#new-game", "tennis-quizz")
    owner.fill("#new-name", "Léa")
    owner.click("#create")
    expect(owner.locator("#you")).to_contain_text("place 1")
    code = owner.locator("#table-code").inner_text().replace("-", "")
    # The teacher's projector, in the same browser: it waits for the teams, then says
    # they are all in rather than still "when every seat is taken".
    projector = owner.context.new_page()
    projector.goto(f"{server.url}{HOST}?table={code}")
    expect(projector.locator("#tqh-start-help")).to_contain_text("quand chaque place est prise")
    pupil = phone(browser, f"{server.url}/t/{code}")
    pupil.fill("#sit-name", "Les Aigles")
    pupil.click('button.sit[data-seat="1"]')
    expect(pupil.locator("#you")).to_contain_text("place 2")
    expect(projector.locator("#tqh-start-help")).to_contain_text("Toutes les équipes sont là")
    expect(projector.locator("#tqh-start")).to_be_enabled()
    owner.click("#start")
    board = owner.locator("#tq-board")
    # One against one: each side is its player ("Équipe A · Léa" said it twice).
    expect(board.locator('tr[data-side="1"] .tq-team')).to_have_text("Les Aigles")
    expect(board.locator('tr[data-side="0"] .tq-team')).to_have_text("Léa (vous)")
    expect(board).not_to_contain_text("Équipe")
    expect(pupil.locator("#tq-board")).to_be_visible()
    classroom = 'a[href^="/static/games/tennis-quizz-host.html"]'
    assert pupil.locator(classroom).count() == 0
    expect(owner.locator(classroom)).to_have_count(1)
    expect(projector.locator("#tq-board")).to_contain_text("Les Aigles")
    assert "absent" not in board.inner_text()

    context = pupil.context
    link = pupil.url
    pupil.close()
    expect(board).to_contain_text("Les Aigles (absent)")
    expect(projector.locator("#tq-board")).to_contain_text("Les Aigles (absent)")
    shots(projector, "projector-absent", full_page=False)
    back = context.new_page()
    back.goto(link)
    expect(back.locator("#tq-board")).to_contain_text("Les Aigles (vous)")
    expect(board).not_to_contain_text("absent")
    expect(projector.locator("#tq-board")).not_to_contain_text("absent")
    no_errors(owner)


def test_a_phone_hand_fills_its_row_and_an_unanswered_question_says_so(
    server: Any, browser: Any, shots: Any
) -> None:
    """The Game alone on a 390 px phone: the eight cards of the hand share one row, each
    at least 40 px wide. A rule question nothing answers says so and how to ask again,
    rather than "the closest passages:" over nothing."""
    page = phone(browser, server.url + "/")
    expect(page.locator("#new-game")).to_have_value("the-game")
    page.fill("#new-name", "Zoé")
    page.click("#create")
    page.click("#start")
    cards = page.locator("#tg-hand button.card")
    expect(cards).to_have_count(8)
    boxes = cards.evaluate_all(
        "els => els.map(e => { const b = e.getBoundingClientRect();"
        " return [b.left, b.top, b.width, b.right]; })"
    )
    assert len({round(top) for _, top, _, _ in boxes}) == 1, boxes  # one row
    assert min(width for _, _, width, _ in boxes) >= 40, boxes
    assert max(right for *_, right in boxes) <= PHONE_390["width"], boxes
    shots(page, "phone-hand", full_page=False)
    # A touch screen gets no keyboard help; a computer does.
    expect(page.locator("#tg-hand")).to_be_visible()
    assert page.locator(".tg-keys").count() == 1
    expect(page.locator(".tg-keys")).to_be_hidden()

    page.click("#rules-open")
    page.fill("#rules-q", "xqzw blorp")
    page.press("#rules-q", "Enter")
    expect(page.locator("#rules-none")).to_contain_text("Essayez avec d'autres mots")
    expect(page.locator("#rules-answer")).not_to_contain_text("les plus proches")
    page.fill("#rules-q", "peut-on jouer en arrière de 10 ?")
    page.press("#rules-q", "Enter")
    expect(page.locator("#rules-answer blockquote").first).to_contain_text(re.compile("10"))
    expect(page.locator("#rules-none")).to_have_count(0)
    no_errors(page)


def test_the_lobby_keeps_the_keyboard_where_it_is(server: Any, browser: Any) -> None:
    """Typing the number of players then Tab lands on the next field (the seats grew
    meanwhile), not back at the top of the page; the list of tables, redrawn every few
    seconds, leaves the keyboard on the table's button it was on, names a bot as a bot
    and a creator who went away as absent."""
    owner = open_page(browser, server.url + "/")
    owner.fill("#new-opt-players", "2")
    owner.dispatch_event("#new-opt-players", "change")
    owner.select_option("#new-seat-1", "greedy")
    owner.fill("#new-name", "Kim")
    owner.check("#new-listed")  # private unless shown in the lobby
    owner.click("#create")
    expect(owner.locator("#you")).to_contain_text("place 1")
    code = owner.locator("#table-code").inner_text()

    page = open_page(browser, server.url + "/")
    page.focus("#new-opt-players")
    page.keyboard.press("Control+A")
    page.keyboard.type("3")
    page.keyboard.press("Tab")
    expect(page.locator("select[id^=new-seat-]")).to_have_count(3)
    expect(page.locator("#new-opt-expert")).to_be_focused()

    # The table's row names the bot as a bot; once its creator's page closes, the
    # next redraw says the creator is absent.
    row = page.locator("#tables-open li", has_text=code)
    expect(row).to_contain_text("Kim, Robot moyen")
    button = row.locator("a.button")
    button.focus()
    no_errors(owner)
    owner.close()
    page.evaluate("window.before = document.querySelector('#tables-open')")
    page.wait_for_function("() => !window.before.isConnected", timeout=12_000)  # redrawn
    expect(button).to_be_focused()
    expect(row).to_contain_text("Kim (absent), Robot moyen")
    no_errors(page)


def bots_table(browser: Any, server: Any, body: dict[str, Any]) -> Any:
    """A table of bots made through the HTTP API, opened on a phone by its creator and
    started; the bots play at once (the server runs with no pause)."""
    made = create_table(server.url, body)
    code = made["code"]
    page = phone(browser, f"{server.url}/t/{code}")
    page.evaluate(f"localStorage.setItem('partie.owner.{code}', '{made['owner_token']}')")
    page.reload()
    page.click("#start")
    return page


def test_the_replay_bar_stays_on_one_line_on_a_phone(server: Any, browser: Any) -> None:
    """A bot's finished game replayed on a 390 px phone: the four step buttons and the
    step line share one row, every button at least 40 px wide, nothing off screen."""
    body = {"game": "the-game", "options": {"players": 1}, "seats": [{"bot": "greedy"}]}
    page = bots_table(browser, server, body)
    expect(page.locator("#to-replay")).to_be_visible(timeout=60_000)
    page.click("#to-replay")
    expect(page.locator("#replay-step")).to_contain_text("sur")
    bar = page.locator(".replay-bar .row").first
    boxes = bar.locator("button, #replay-step").evaluate_all(
        "els => els.map(e => { const b = e.getBoundingClientRect();"
        " return [e.id, Math.round(b.top), Math.round(b.bottom), b.width, b.right]; })"
    )
    assert len(boxes) == 5
    lowest_top = max(top for _, top, _, _, _ in boxes)
    highest_bottom = min(bottom for _, _, bottom, _, _ in boxes)
    assert lowest_top < highest_bottom, boxes  # they overlap vertically: one row
    assert all(width >= 40 for name, _, _, width, _ in boxes if name != "replay-step"), boxes
    assert max(right for *_, right in boxes) <= PHONE_390["width"], boxes
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_390["width"]
    no_errors(page)


STATIC = Path(__file__).resolve().parents[2] / "src" / "partie" / "server" / "static"


def test_every_symbol_the_pages_draw_has_a_glyph() -> None:
    """The signs the client writes (arrows, ★, ✓, ⚑...) exist in the fonts installed
    with the browser (DejaVu): a sign missing there shows as an empty box, as the turn
    timer's stopwatch did on the classroom's computer."""
    if shutil.which("fc-list") is None:
        pytest.skip("fontconfig is not installed")
    signs = set()
    for path in STATIC.rglob("*"):
        if path.suffix in (".js", ".css", ".html"):
            for ch in path.read_text(encoding="utf-8"):
                symbol = unicodedata.category(ch)[0] in "SP" and ord(ch) > 0x2000
                if symbol or 0x2190 <= ord(ch) <= 0x2BFF:
                    signs.add(ch)
    assert len(signs) > 10
    missing = []
    for ch in sorted(signs):
        found = subprocess.run(
            ["fc-list", f":charset={ord(ch):x}", "family"], capture_output=True, text=True
        ).stdout.strip()
        if not found:
            missing.append(f"{ch} U+{ord(ch):04X} {unicodedata.name(ch, '')}")
    assert missing == []


def test_two_bots_of_one_level_say_which_place(server: Any, browser: Any) -> None:
    """A team match with a bot of the same level on each side: the board and the
    buttons say which place each is, a bot alone of its kind keeps its short name."""
    page = phone(browser, server.url + "/")
    expect(page.locator("#new-game option")).not_to_have_count(0)
    page.select_option("#new-game", "tennis-quizz")
    page.fill("#new-opt-players", "4")
    page.dispatch_event("#new-opt-players", "change")
    page.select_option("#new-seat-1", "quiz:0.5")
    page.select_option("#new-seat-2", "quiz:0.9")
    page.select_option("#new-seat-3", "quiz:0.5")
    page.fill("#new-name", "Ana")
    page.click("#create")
    expect(page.locator("#you")).to_contain_text("place 1")
    page.click("#start")
    board = page.locator("#tq-board")
    expect(board).to_contain_text("Robot débutant (place 2)")
    expect(board).to_contain_text("Robot débutant (place 4)")
    expect(board).to_contain_text("Robot expert")
    assert "Robot expert (place" not in board.inner_text()
    no_errors(page)


def test_a_quiz_is_played_again_with_its_own_words(server: Any, browser: Any) -> None:
    """A finished Tennis Quizz offers to play again "with the same cards" (a quiz has no
    deal); The Game keeps "the same deal"."""
    body = {
        "game": "tennis-quizz",
        "options": {"players": 2, "sets_to_win": 1},
        "seats": [{"bot": "quiz:0.9"}, {"bot": "quiz:0.5"}],
    }
    page = bots_table(browser, server, body)
    expect(page.locator("#again-same")).to_have_text(
        "Rejouer avec les mêmes cartes", timeout=60_000
    )
    expect(page.locator("#again-new")).to_have_text("Nouveau match")
    page.click("#lang")
    expect(page.locator("#again-same")).to_have_text("Again with the same cards")
    page.click("#lang")
    body = {"game": "the-game", "options": {"players": 1}, "seats": [{"bot": "greedy"}]}
    other = bots_table(browser, server, body)
    expect(other.locator("#again-same")).to_have_text("Rejouer la même donne", timeout=60_000)
    no_errors(page, other)


def test_the_rules_are_read_from_the_lobby(server: Any, browser: Any) -> None:
    """Before any table: the chosen game's rules and their question box, one click
    from the lobby; closing them gives the keyboard back to the button."""
    page = phone(browser, server.url + "/")
    expect(page.locator("#new-game option")).not_to_have_count(0)
    page.select_option("#new-game", "tennis-mots")
    button = page.locator("#lobby-rules")
    expect(button).to_have_text("Règles de Tennis de mots")
    button.click()
    expect(page.locator("#rules-title")).to_contain_text("Tennis de mots")
    page.fill("#rules-q", "c'est quoi un jocker")
    page.press("#rules-q", "Enter")
    expect(page.locator("#rules-answer blockquote").first).to_contain_text(re.compile("joker"))
    page.locator("#rules button.close").click()
    expect(page.locator("#rules")).not_to_be_visible()
    expect(button).to_be_focused()
    no_errors(page)


def test_the_start_pressed_from_the_keyboard_leaves_it_on_the_game(
    server: Any, browser: Any
) -> None:
    """ "Lancer la partie" goes away once pressed: the keyboard lands on the game's
    status line ("À vous de jouer."), not back at the top of the page."""
    page = open_page(browser, server.url + "/")
    expect(page.locator("#new-game")).to_have_value("the-game")
    page.fill("#new-name", "Kim")
    page.click("#create")
    expect(page.locator("#start")).to_be_enabled()
    page.focus("#start")
    page.keyboard.press("Enter")
    expect(page.locator("#tg-status")).to_be_focused()
    expect(page.locator("#tg-status")).to_have_text("À vous de jouer.")
    # A card's number typed from there still reaches the hand.
    first = page.locator("#tg-hand button.card").first
    page.keyboard.type(first.get_attribute("data-card"))
    expect(first).to_be_focused()
    no_errors(page)


PREVIEWS = """async ({ cards }) => {
  const { requestOn } = await import("/static/table.js");
  const code = location.pathname.split("/")[2];
  const ws = new WebSocket(`ws://${location.host}/ws`);
  const table = new Promise((resolve) => ws.addEventListener("message", (event) => {
    const msg = JSON.parse(event.data);
    if (msg.type === "table") resolve(msg);
  }));
  await new Promise((resolve) => ws.addEventListener("open", resolve));
  const token = localStorage.getItem(`partie.token.${code}`);
  ws.send(JSON.stringify({ type: "hello", table: code, token, lang: "fr" }));
  const { version } = await table;
  const actions = [[cards[0]], [cards[1]], [cards[0], cards[1]], [cards[1], cards[0]]]
    .map((laid) => ({ type: "shot", cards: laid.map((c) => [c.id, c.face, ""]) }));
  const one = [];
  for (const action of actions) one.push(await requestOn(ws, "preview", { version, action }));
  const all = await Promise.all(
    actions.map((action) => requestOn(ws, "preview", { version, action })),
  );
  ws.close();
  return { one, all };
}"""


def test_previews_sent_together_each_get_their_own_answer(server: Any, browser: Any) -> None:
    """A word built card by card sends a preview per card; sent together on the real
    socket, each must get the answer to its own word, as when sent one at a time (they
    all took the first answer: the last card's preview showed an earlier word's value)."""
    page = open_page(browser, server.url + "/")
    expect(page.locator("#new-game option")).not_to_have_count(0)
    page.select_option("#new-game", "tennis-mots")
    page.select_option("#new-seat-1", "greedy@5000")
    page.fill("#new-name", "Zoé")
    page.click("#create")
    page.click("#start")
    root = page.locator("#tm-root")
    expect(root).to_be_visible()
    for _ in range(100):  # the bot may serve first: let its word pass, then it is ours
        if root.get_attribute("data-mine") == "1":
            break
        if page.locator("#tm-accept").count():
            page.locator("#tm-accept").click()
        page.wait_for_timeout(200)
    expect(root).to_have_attribute("data-mine", "1")
    hand = page.locator("#tm-hand [data-card]").evaluate_all(
        "els => els.map(e => ({id: +e.dataset.card, face: e.dataset.face}))"
    )
    letters = [card for card in hand if card["face"].isalpha()]
    assert len(letters) >= 2, hand
    got = page.evaluate(PREVIEWS, {"cards": letters[:2]})
    assert got["all"] == got["one"]
    assert len({json.dumps(answer, sort_keys=True) for answer in got["one"]}) >= 2, got["one"]
    assert all(answer["type"] == "preview" for answer in got["one"])
    no_errors(page)
