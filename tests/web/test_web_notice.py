"""A player told it is their turn while their page is in the background, and cards that
move (issue 31.4): the title in each game, the sound off until the switch is ticked
(kept for the next visit), a vibration, and no motion when the system asks for less.

The page's visibility is set by the test (a headless browser has no other window to put
in front); the tones made and the vibrations asked for are counted by wrapping the real
Web Audio and vibration calls."""

from __future__ import annotations

import re
from typing import Any

from browsing import DESKTOP, create_table, no_errors, open_page
from playwright.sync_api import expect

WATCH = """
window.hiddenByTest = sessionStorage.getItem("hidden") === "1";
Object.defineProperty(Document.prototype, "visibilityState", {
  configurable: true,
  get() { return window.hiddenByTest ? "hidden" : "visible"; },
});
window.tones = 0;
window.buzz = [];
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.tones += 1;
  return start.apply(this, args);
};
navigator.vibrate = (pattern) => { window.buzz.push(pattern); return true; };
"""

LAY_AND_WATCH = """() => new Promise((resolve) => {
  const piles = document.querySelector("#tg-piles");
  const watch = new MutationObserver(() => {
    const top = piles.querySelector(".pile-top.arrived");
    if (!top) return;
    watch.disconnect();
    const style = getComputedStyle(top);
    resolve({
      animations: document.getAnimations().map((a) => a.animationName),
      duration: parseFloat(style.animationDuration) || 0,
    });
  });
  setTimeout(() => { watch.disconnect(); resolve(null); }, 20000);  // never seen
  watch.observe(piles, { childList: true, subtree: true });
  document.querySelector("#tg-piles .pile-target.target").click();
})"""

ANSWER_AND_WATCH = """() => new Promise((resolve) => {
  const board = document.querySelector("#tq-board");
  const watch = new MutationObserver(() => {
    const row = board.querySelector("tr.point-won");
    if (!row) return;
    watch.disconnect();
    resolve(document.getAnimations().map((a) => a.animationName));
  });
  setTimeout(() => { watch.disconnect(); resolve(null); }, 20000);  // never seen
  watch.observe(board, { childList: true, subtree: true });
  document.querySelector("#tq-choice-A").click();
})"""

WORD_ARRIVES = """() => new Promise((resolve) => {
  const watch = new MutationObserver(() => {
    const card = document.querySelector("#tm-table .tennis-mots-card.arrived");
    if (!card) return;
    watch.disconnect();
    resolve(document.getAnimations().map((a) => a.animationName));
  });
  setTimeout(() => { watch.disconnect(); resolve(null); }, 20000);  // never seen
  watch.observe(document.body, { childList: true, subtree: true });
  document.querySelector("#start").click();
})"""

YOUR_TURN = re.compile(r"^▶ à vous · [A-Z0-9]{3}-[A-Z0-9]{3} · partie$")


def seated(browser: Any, url: str, game: str, body: dict[str, Any], **kw: Any) -> Any:
    made = create_table(url, {"game": game, **body})
    code = made["code"]
    page = open_page(browser, f"{url}/t/{code}", viewport=kw.pop("viewport", DESKTOP), **kw)
    page.evaluate(f"localStorage.setItem('partie.owner.{code}', '{made['owner_token']}')")
    page.reload()
    page.fill("#sit-name", "Lou")
    page.click('button.sit[data-seat="0"]')
    return page


def test_the_title_says_your_turn_in_each_game(server: Any, browser: Any) -> None:
    """The title of a tab among others: "▶ à vous" first when it is this player's move,
    in The Game, Tennis de mots and Tennis Quizz alike; not before the game starts."""
    bot = {"options": {"players": 2}}
    tables = {
        "the-game": ({"options": {"players": 1}, "seats": [{}]}, "#tg-status.mine"),
        "tennis-mots": (
            {**bot, "seats": [{}, {"bot": "greedy"}]},
            # Serving, or accepting or challenging the bot's serve.
            '#tm-root[data-mine="1"] #tm-hand, #tm-accept',
        ),
        "tennis-quizz": ({**bot, "seats": [{}, {"bot": "quiz"}]}, "#tq-choice-A"),
    }
    for game, (body, mine) in tables.items():
        page = seated(browser, server.url, game, body)
        expect(page).to_have_title(re.compile(r"^[A-Z0-9]{3}-[A-Z0-9]{3} · partie$"))
        page.click("#start")
        expect(page.locator(mine).first).to_be_visible(timeout=60_000)
        expect(page).to_have_title(YOUR_TURN)
        no_errors(page)
        page.context.close()


def test_a_tennis_de_mots_serve_is_your_turn_in_the_title(server: Any, browser: Any) -> None:
    """A serve is a word to build, not a move the server can list: the title still says
    it is this player's turn (it did not before). Who serves first is drawn: tables are
    made until this player serves."""
    body = {"options": {"players": 2}, "seats": [{}, {"bot": "greedy"}]}
    for _ in range(12):
        page = seated(browser, server.url, "tennis-mots", body)
        page.click("#start")
        root = page.locator("#tm-root")
        expect(page.locator('#tm-root[data-mine="1"], #tm-accept').first).to_be_attached(
            timeout=30_000
        )
        serving = (
            root.get_attribute("data-mine") == "1" and root.get_attribute("data-phase") == "serve"
        )
        if serving:
            expect(page).to_have_title(YOUR_TURN)
        no_errors(page)
        page.context.close()
        if serving:
            return
    raise AssertionError("the bot served first at twelve tables in a row")


def test_sound_is_off_until_ticked_and_a_background_turn_vibrates(
    server: Any, browser: Any
) -> None:
    page = seated(browser, server.url, "the-game", {"options": {"players": 1}, "seats": [{}]})
    page.add_init_script(WATCH)
    page.reload()
    sound = page.locator("#notice-sound")
    expect(sound).not_to_be_checked()
    expect(page.locator("#notice")).to_contain_text("Un son")
    assert page.evaluate("localStorage.getItem('partie.notice.sound')") is None
    # The game starts while the page is in the background: a vibration, no sound.
    page.evaluate("sessionStorage.setItem('hidden', '1'); window.hiddenByTest = true")
    page.click("#start")
    expect(page).to_have_title(YOUR_TURN)
    page.wait_for_function("window.buzz.length === 1")
    assert page.evaluate("window.tones") == 0
    # The switch: a chime to hear what it will be, kept for the next visit.
    sound.check()
    page.wait_for_function("window.tones === 2")
    assert page.evaluate("localStorage.getItem('partie.notice.sound')") == "on"
    # The page comes back (still in the background, still this player's turn): the
    # switch is still on, and the turn is told with the sound this time.
    page.reload()
    expect(sound).to_be_checked()
    expect(page).to_have_title(YOUR_TURN)
    page.wait_for_function("window.buzz.length === 1 && window.tones === 2")
    # In view, a redraw tells nothing.
    page.evaluate("sessionStorage.removeItem('hidden')")
    page.reload()
    expect(page.locator("#tg-status.mine")).to_be_visible()
    page.wait_for_timeout(300)
    assert page.evaluate("[window.buzz.length, window.tones]") == [0, 0]
    no_errors(page)
    page.context.close()


def test_a_card_laid_moves_except_under_reduced_motion(server: Any, browser: Any) -> None:
    """A card laid on a pile arrives there (The Game), a point won lights its side's row
    of the score board (Tennis Quizz); under 300 ms, and not at all under reduced
    motion."""
    seen = {}
    won = {}
    for motion in ("no-preference", "reduce"):
        page = seated(
            browser,
            server.url,
            "the-game",
            {"options": {"players": 1}, "seats": [{}]},
            reduced_motion=motion,
        )
        page.click("#start")
        card = page.locator("#tg-hand button.card.fit-one, #tg-hand button.card.fit-many")
        card.first.click()
        seen[motion] = page.evaluate(LAY_AND_WATCH)
        no_errors(page)
        page.context.close()
        page = seated(
            browser,
            server.url,
            "tennis-quizz",
            {"options": {"players": 2}, "seats": [{}, {"bot": "quiz"}]},
            reduced_motion=motion,
        )
        page.click("#start")
        expect(page.locator("#tq-choice-A")).to_be_enabled(timeout=60_000)
        won[motion] = page.evaluate(ANSWER_AND_WATCH)
        no_errors(page)
        page.context.close()
    assert seen["no-preference"]["animations"] == ["card-arrives"]
    assert 0 < seen["no-preference"]["duration"] <= 0.3
    assert seen["reduce"] == {"animations": [], "duration": 0}
    # Each cell of the row that scored lights up together.
    assert won["no-preference"] and set(won["no-preference"]) == {"point-won"}
    assert won["reduce"] == []


def test_a_word_laid_arrives_except_under_reduced_motion(server: Any, browser: Any) -> None:
    """Two bots play Tennis de mots; the owner watches: each card of a word laid arrives
    on the table, and nothing moves under reduced motion."""
    seen = {}
    for motion in ("no-preference", "reduce"):
        made = create_table(
            server.url,
            {
                "game": "tennis-mots",
                "options": {"players": 2},
                "seats": [{"bot": "greedy"}, {"bot": "greedy"}],
            },
        )
        code = made["code"]
        page = open_page(browser, f"{server.url}/t/{code}", reduced_motion=motion)
        page.evaluate(f"localStorage.setItem('partie.owner.{code}', '{made['owner_token']}')")
        page.reload()
        page.wait_for_selector("#start")
        seen[motion] = page.evaluate(WORD_ARRIVES)
        no_errors(page)
        page.context.close()
    assert seen["no-preference"] and set(seen["no-preference"]) == {"card-arrives"}
    assert seen["reduce"] == []


NOTES = """
window.hiddenByTest = sessionStorage.getItem("hidden") === "1";
Object.defineProperty(Document.prototype, "visibilityState", {
  configurable: true,
  get() { return window.hiddenByTest ? "hidden" : "visible"; },
});
window.notes = [];
const Real = window.Notification;
window.Notification = class extends Real {
  constructor(title, options) {
    super(title, options);
    window.notes.push(`${title}: ${options.body}`);
  }
};
"""


def test_a_browser_notification_only_once_ticked_and_allowed(server: Any, browser: Any) -> None:
    """The browser's permission is asked at the tick, not before; allowed, a turn that
    begins in the background shows one notification; refused, the box unticks itself
    and says why."""
    body = {"options": {"players": 1}, "seats": [{}]}
    page = seated(browser, server.url, "the-game", body, permissions=["notifications"])
    page.add_init_script(NOTES)
    page.reload()
    asks = page.locator("#notice-notify")
    expect(asks).not_to_be_checked()
    asks.check()
    expect(asks).to_be_checked()
    assert page.evaluate("localStorage.getItem('partie.notice.notify')") == "on"
    page.evaluate("sessionStorage.setItem('hidden', '1'); window.hiddenByTest = true")
    page.click("#start")
    page.wait_for_function("window.notes.length === 1")
    note = page.evaluate("window.notes[0]")
    assert re.fullmatch(r"partie: À vous de jouer — table [A-Z0-9]{3}-[A-Z0-9]{3}", note), note
    no_errors(page)
    page.context.close()

    page = seated(browser, server.url, "the-game", body)
    asks = page.locator("#notice-notify")
    asks.click()  # headless Chromium, not allowed to notify, answers "denied"
    expect(asks).not_to_be_checked()
    expect(page.locator("#notice-note")).to_have_text(
        "Le navigateur n'autorise pas les notifications de cette page."
    )
    assert page.evaluate("localStorage.getItem('partie.notice.notify')") is None
    no_errors(page)
    page.context.close()
