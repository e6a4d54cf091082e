"""What a fresh look at the browser client found, checked in real Chromium: every control
a finger can reach on a phone (at least 40 px tall, inside the screen), each language
free of the other's words, the classroom screen reachable from the lobby and from a
Tennis Quizz table, and options changed before the start kept without "Appliquer"."""

from __future__ import annotations

import re
from typing import Any

from browsing import PHONE, no_errors, open_page
from playwright.sync_api import expect

HOST = "/static/games/tennis-quizz-host.html"
PHONE_390 = {"width": 390, "height": 844}
TAP = 40

# Every visible control of the page that is too small to tap or sticks out of the
# screen. A check box or a radio button is tapped by its label, so the label is measured.
TOO_SMALL = """(least) => {
  const width = document.documentElement.clientWidth;
  const out = [];
  const selector = "button, a[href], input, select, textarea, summary";
  for (const el of document.querySelectorAll(selector)) {
    if (el.closest("[inert], .skip") || el.type === "hidden") continue;
    let box = el.getBoundingClientRect();
    if (!box.width || !box.height || getComputedStyle(el).visibility === "hidden") continue;
    if (el.type === "checkbox" || el.type === "radio") {
      const label =
        el.closest("label") || (el.id && document.querySelector(`label[for="${el.id}"]`));
      if (!label) { out.push(`${el.id}: a box without a label`); continue; }
      box = label.getBoundingClientRect();
    }
    const text = (el.textContent || "").trim().slice(0, 30);
    const name = `${el.tagName.toLowerCase()}#${el.id} "${text}"`;
    if (box.height < least) out.push(`${name} is ${Math.round(box.height)} px tall`);
    if (box.left < -0.5 || box.right > width + 0.5) out.push(`${name} leaves the screen`);
  }
  return out;
}"""

# The other language's words visible on the page: each catalogue entry that differs
# between French and English gives its fixed pieces (the parts around {placeholders});
# pieces shared with the page's own language ("Tennis Quizz", "Options") do not count.
OTHER_LANGUAGE = """async ({ lang, games }) => {
  const { SHELL } = await import("/static/i18n.js");
  const catalogues = [SHELL];
  for (const game of games) catalogues.push((await import(`/static/games/${game}.js`)).strings);
  const other = lang === "fr" ? "en" : "fr";
  const own = [];
  const pieces = [];
  for (const cat of catalogues) {
    for (const [key, mine] of Object.entries(cat[lang])) {
      const theirs = cat[other][key];
      if (typeof mine !== "string" || typeof theirs !== "string") continue;
      own.push(mine);
      if (mine === theirs) continue;
      for (const piece of theirs.split(/\\{\\w+\\}/)) {
        const text = piece.trim();
        if (text.length >= 8) pieces.push(text);
      }
    }
  }
  const shown = document.body.innerText;
  return [...new Set(pieces)].filter((p) => !own.some((o) => o.includes(p)) && shown.includes(p));
}"""


def too_small(page: Any) -> list[str]:
    return page.evaluate(TOO_SMALL, TAP)


def other_language(page: Any, lang: str, games: list[str]) -> list[str]:
    return page.evaluate(OTHER_LANGUAGE, {"lang": lang, "games": games})


def phone_page(browser: Any, url: str) -> Any:
    return open_page(browser, url, viewport=PHONE_390, is_mobile=True, has_touch=True)


def create(
    page: Any, game: str, name: str, bots: dict[int, str] | None = None, listed: bool = False
) -> str:
    """Create a two-seat table of ``game`` from the lobby (shown in the lobby's lists
    if ``listed``); returns its code (ABCDEF)."""
    expect(page.locator("#new-game option")).not_to_have_count(0)
    page.select_option("#new-game", game)
    page.fill("#new-opt-players", "2")
    page.dispatch_event("#new-opt-players", "change")
    for seat, bot in (bots or {}).items():
        page.select_option(f"#new-seat-{seat}", bot)
    page.fill("#new-name", name)
    if listed:
        page.check("#new-listed")
    page.click("#create")
    expect(page.locator("#table-code")).to_be_visible()
    if name:
        expect(page.locator("#you")).to_contain_text("place 1")  # seated, as asked
    return page.locator("#table-code").inner_text().replace("-", "")


def test_a_phone_reaches_every_control(server: Any, browser: Any, shots: Any) -> None:
    """Lobby, table setup, a game in play and the classroom page at 390 px: nothing is
    under 40 px tall or off the screen, and the page never scrolls sideways."""
    page = phone_page(browser, server.url + "/")
    for game in ("the-game", "tennis-quizz", "tennis-mots"):
        expect(page.locator("#new-game option")).not_to_have_count(0)
        page.select_option("#new-game", game)
        expect(page.locator("#new-game")).to_have_value(game)
        assert too_small(page) == [], game
    shots(page, "lobby-phone")
    create(page, "the-game", "Ana")
    expect(page.locator("#bot-1-go")).to_be_visible()
    assert too_small(page) == []
    page.click("#bot-1-go")
    expect(page.locator("#start")).to_be_enabled()
    page.click("#start")
    expect(page.locator("#tg-hand button.card").first).to_be_visible()
    page.evaluate("window.scrollTo(0, 0)")
    shots(page, "playing-phone", full_page=False)
    assert too_small(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE_390["width"]
    # During play the head keeps to the code and the rules; the seat's own buttons wait
    # under the board, so the piles and the hand come first on a small screen.
    assert page.locator(".table-head #leave").count() == 0
    expect(page.locator(".seat-tools #leave")).to_be_visible()
    head = page.locator(".table-head").bounding_box()
    assert head["height"] < 2 * TAP + 12, head

    host = phone_page(browser, server.url + HOST)
    for mode in ("match", "teacher", "referee"):
        host.check(f"#tqh-mode-{mode}")
        expect(host.locator("#tqh-create")).to_be_visible()
        assert too_small(host) == [], mode
        assert host.evaluate("document.documentElement.scrollWidth") <= PHONE_390["width"]
    shots(host, "classroom-setup-phone")
    # The smallest phone the other tests use: still nothing off the screen.
    host.set_viewport_size(PHONE)
    assert too_small(host) == []
    no_errors(page, host)


def test_each_language_keeps_to_itself(server: Any, browser: Any, shots: Any) -> None:
    """The lobby, a table being set up and a game in play show no words of the other
    language's catalogue, in French and after the switch to English; English has no
    French space before its colons."""
    page = open_page(browser, server.url + "/")
    create(page, "tennis-mots", "Ana", bots={1: "greedy"}, listed=True)
    expect(page.locator("#seats")).to_contain_text("Robot")
    code = page.url.rsplit("/", 1)[-1]
    lobby = open_page(browser, server.url + "/")
    expect(lobby.locator(f'#tables-open a[href="/t/{code}"]').first).to_be_visible()

    def check(lang: str, where: str) -> None:
        for p, games in ((lobby, []), (page, ["tennis-mots"])):
            assert other_language(p, lang, games) == [], (lang, where)
        if lang == "en":
            for p in (lobby, page):
                assert re.findall(r"\S+ : ", p.locator("body").inner_text()) == [], where

    check("fr", "open")
    page.click("#start")
    expect(page.locator("#tm-root")).to_be_visible()
    check("fr", "playing")
    for p in (page, lobby):
        p.click("#lang")
    expect(page.locator("#lang")).to_have_text("Français")
    expect(page.locator("#tm-root")).to_have_attribute("lang", "en")
    expect(lobby.locator("#join-code")).to_be_visible()
    check("en", "playing")
    shots(page, "english-playing", full_page=False)
    no_errors(page, lobby)


def test_the_teacher_finds_the_classroom_screen(server: Any, browser: Any, shots: Any) -> None:
    """From the lobby (with Tennis Quizz chosen) and from a Tennis Quizz table its
    creator opened to watch: the classroom page, on that very table. Players do not
    get the teacher's button."""
    teacher = open_page(browser, server.url + "/")
    expect(teacher.locator("#new-game option")).not_to_have_count(0)
    expect(teacher.locator("#lobby-classroom")).to_have_count(0)  # The Game: no classroom
    teacher.select_option("#new-game", "tennis-quizz")
    teacher.click("#lobby-classroom")
    expect(teacher.locator("#tqh-create")).to_be_visible()
    teacher.go_back()

    code = create(teacher, "tennis-quizz", "")
    expect(teacher.locator("#you")).to_contain_text("spectateur")
    expect(teacher.locator("#classroom-help")).to_be_visible()
    pupil = open_page(browser, server.url + f"/t/{code}")
    expect(pupil.locator("#seats")).to_be_visible()
    expect(pupil.locator("#classroom-link")).to_have_count(0)
    # A tab of its own: the table page stays (a teacher who plays keeps the seat).
    with teacher.context.expect_page() as opened:
        teacher.click("#classroom-link")
    projector = opened.value
    expect(projector).to_have_url(re.compile(re.escape(HOST) + f"\\?table={code}$"))
    expect(teacher).to_have_url(re.compile(f"/t/{code}$"))
    shown = projector.locator("#tqh-code")
    expect(shown).to_have_text(f"{code[:3]}-{code[3:]}")
    pupil.fill("#sit-name", "Zoé")
    pupil.click('button.sit[data-seat="0"]')
    expect(projector.locator("#tqh-seats")).to_contain_text("Zoé")
    shots(projector, "classroom-from-table", full_page=False)
    no_errors(teacher, pupil)


def test_options_changed_then_start_are_kept(server: Any, browser: Any) -> None:
    """A bot seated from the keyboard leaves the focus on that seat's row ("Retirer");
    then the owner ticks "Expert" and starts at once, without "Appliquer les options":
    the game starts expert (three cards a turn), as the form said."""
    page = open_page(browser, server.url + "/")
    create(page, "the-game", "Ana")
    page.select_option("#bot-1", "greedy")
    page.focus("#bot-1-go")
    page.keyboard.press("Enter")
    expect(page.locator("#unbot-1")).to_be_focused()
    page.check("#tbl-opt-expert")
    page.click("#start")
    expect(page.locator("#tg-still")).to_contain_text("3 cartes au moins")
    no_errors(page)


def test_refused_options_stay_in_sight_and_in_the_form(server: Any, browser: Any) -> None:
    """On a phone the owner's form is far below the top: a refused option is still read
    where the owner is, the form keeps what was typed to correct it, and the corrected
    value is applied (with a word saying so)."""
    page = phone_page(browser, server.url + "/")
    create(page, "the-game", "Ana")
    page.fill("#tbl-opt-players", "9")
    page.dispatch_event("#tbl-opt-players", "change")
    page.click("#apply-options")
    alert = page.locator("#alerts .alert")
    expect(alert).to_contain_text("9")
    box = alert.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE_390["height"], box
    expect(page.locator("#tbl-opt-players")).to_have_value("9")
    page.fill("#tbl-opt-players", "3")
    page.dispatch_event("#tbl-opt-players", "change")
    page.click("#apply-options")
    expect(page.locator("#seats li")).to_have_count(3)
    expect(page.locator("#tbl-opt-players")).to_have_value("3")
    expect(page.locator("#options-applied")).to_be_visible()
    expect(alert).to_have_count(0)
    no_errors(page)


def test_a_table_update_mid_typing_keeps_the_selection(server: Any, browser: Any) -> None:
    """The owner selects the "2" of the players field to type over it; someone sits down
    at that moment and every page is redrawn. Typing "3" must give 3, not "23" (a number
    field cannot give its selection back once rebuilt)."""
    page = open_page(browser, server.url + "/")
    code = create(page, "the-game", "Ana")
    field = page.locator("#tbl-opt-players")
    expect(field).to_have_value("2")
    field.focus()
    page.keyboard.press("Control+A")
    guest = open_page(browser, server.url + f"/t/{code}")
    guest.fill("#sit-name", "Zoé")
    guest.click('button.sit[data-seat="1"]')
    expect(page.locator("#seats")).to_contain_text("Zoé")  # the owner's page was redrawn
    expect(field).to_be_focused()
    page.keyboard.type("3")
    expect(field).to_have_value("3")
    page.click("#apply-options")
    expect(page.locator("#seats li")).to_have_count(3)
    no_errors(page, guest)


def test_a_name_typed_across_a_table_update_is_the_name_seated(server: Any, browser: Any) -> None:
    """A guest puts the cursor in "your name"; the owner changes the options meanwhile
    (every page is redrawn); the name the guest then types is the one the seat gets."""
    page = open_page(browser, server.url + "/")
    code = create(page, "the-game", "Ana")
    guest = open_page(browser, server.url + f"/t/{code}")
    guest.fill("#sit-name", "")
    guest.focus("#sit-name")
    page.fill("#tbl-opt-players", "3")
    page.dispatch_event("#tbl-opt-players", "change")
    page.click("#apply-options")
    expect(guest.locator("#seats li")).to_have_count(3)  # the guest's page was redrawn
    guest.keyboard.type("Zoé")
    guest.click('button.sit[data-seat="1"]')
    expect(guest.locator("#you")).to_contain_text("place 2")
    expect(page.locator("#seats")).to_contain_text("Zoé")
    no_errors(page, guest)


def test_no_card_marked_unplayable_while_the_start_is_chosen(server: Any, browser: Any) -> None:
    """With "choose who starts", nothing is legal but the choice: the hand must not
    read "fits no pile" on every card before the game has begun, and once Ana starts,
    the marks come back. The card she lays is told on the pile's screen name."""
    page = open_page(browser, server.url + "/")
    expect(page.locator("#new-game option")).not_to_have_count(0)
    page.fill("#new-opt-players", "2")
    page.dispatch_event("#new-opt-players", "change")
    page.check("#new-opt-choose_start")
    page.select_option("#new-seat-1", "greedy")
    page.fill("#new-name", "Ana")
    page.click("#create")
    expect(page.locator("#start")).to_be_enabled()
    page.click("#start")
    expect(page.locator("#tg-start-0")).to_be_visible()
    cards = page.locator("#tg-hand button.card")
    expect(cards.first).to_be_visible()
    assert page.locator("#tg-hand button.card.fit-idle").count() == cards.count()
    page.click("#tg-start-0")
    expect(page.locator("#tg-hand button.card.fit-idle")).to_have_count(0)
    # The last move names its pile as the piles are marked on screen, not "a1".
    page.locator("#tg-hand button.card.fit-one, #tg-hand button.card.fit-many").first.click()
    page.locator("#tg-piles .pile-target.target").first.click()
    expect(page.locator("#tg-last")).to_contain_text(re.compile(r"\d+ sur [↑↓][AD][12]$"))
    no_errors(page)


def test_the_projector_shows_question_choices_and_score_at_once(
    server: Any, browser: Any, shots: Any
) -> None:
    """On the classroom page at 1280 × 800, while a team answers: the question, its
    three choices, the score board and the code all fit the screen, no scrolling."""
    host = open_page(browser, server.url + HOST, viewport={"width": 1280, "height": 800})
    host.select_option("#tqh-opponent", "quiz:0.5")
    host.click("#tqh-create")
    code = host.locator("#tqh-code")
    expect(code).to_be_visible()
    team = phone_page(browser, server.url + f"/t/{code.inner_text().replace('-', '')}")
    team.fill("#sit-name", "Rouges")
    team.click('button.sit[data-seat="0"]')
    expect(host.locator("#tqh-start")).to_be_enabled()
    host.click("#tqh-start")
    expect(team.locator("button.tq-choice").first).to_be_enabled()
    expect(host.locator("#tq-choices li")).to_have_count(3)
    shots(host, "projector", full_page=False)
    for selector in ("#tqh-code-small", "#tq-question", "#tq-choices", "#tq-score"):
        box = host.locator(selector).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 800, (selector, box)
    no_errors(host, team)
