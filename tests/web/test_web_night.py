"""A third evening of play in real Chromium: hand cards a finger can tap at every hand
size on the narrowest phones, a returning player told what a stand-in bot played for
them, and the refusals a player can provoke shown as one line in the page's language."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from browsing import (
    WATCH_LIVE,
    create_table,
    first_fitting,
    hand,
    no_errors,
    open_page,
    tops,
    unnamed_controls,
)
from playwright.sync_api import expect

TAP = 44
VIEWPORTS = [
    ({"width": 360, "height": 740}, True),
    ({"width": 390, "height": 844}, True),
    ({"width": 740, "height": 360}, True),  # a phone held sideways
    ({"width": 1280, "height": 800}, False),
]
# Each hand size The Game deals: 1, 2 and 3-5 players, with and without one card less.
HAND_SIZES = [(1, False, 8), (1, True, 7), (2, True, 6), (3, True, 5)]

CARD_BOXES = """els => els.map(e => { const b = e.getBoundingClientRect();
  return {card: e.dataset.card, left: b.left, right: b.right, top: b.top, bottom: b.bottom,
          width: b.width, height: b.height}; })"""


def seated_at(browser: Any, url: str, body: dict[str, Any], viewport: dict[str, int]) -> Any:
    """A page of the table's creator, seated at seat 1 and the game started."""
    made = create_table(url, body)
    code = made["code"]
    page = open_page(browser, f"{url}/t/{code}", viewport=viewport)
    page.evaluate(f"localStorage.setItem('partie.owner.{code}', '{made['owner_token']}')")
    page.reload()
    page.fill("#sit-name", "Lou")
    page.click('button.sit[data-seat="0"]')
    page.click("#start")
    return page


@pytest.mark.parametrize(("players", "fewer", "size"), HAND_SIZES)
def test_every_hand_card_is_wide_enough_to_tap(
    server: Any, browser: Any, shots: Any, players: int, fewer: bool, size: int
) -> None:
    """The hand's cards, measured in the page at 360 and 390 px, a phone held sideways
    and a desktop: each one at least 44 px wide and tall (8 cards on a 360 px phone
    take two rows of 4), inside the screen, none over another; on a 390 px phone the
    hand keeps one row (8 cards there are 42 px, as before). Held sideways, the piles,
    the hand and "Fin de tour" fit in the screen's height together."""
    body = {
        "game": "the-game",
        "options": {"players": players, "fewer_cards": fewer},
        "seats": [{}] + [{"bot": "greedy"}] * (players - 1),
    }
    page = seated_at(browser, server.url, body, VIEWPORTS[0][0])
    cards = page.locator("#tg-hand button.card")
    expect(cards).to_have_count(size)
    for viewport, _phone in VIEWPORTS:
        page.set_viewport_size(viewport)
        width = viewport["width"]
        # The hand is worked out again once the page has its new width.
        page.wait_for_function(
            "w => document.documentElement.clientWidth === w && "
            "document.querySelector('#tg-hand').clientWidth < w",
            arg=width,
        )
        page.wait_for_timeout(50)
        boxes = cards.evaluate_all(CARD_BOXES)
        rows = sorted({round(b["top"]) for b in boxes})
        least = TAP if width != 390 else 40
        narrow = [b for b in boxes if b["width"] < least or b["height"] < TAP]
        assert not narrow, (viewport, narrow)
        assert all(b["left"] >= 0 and b["right"] <= width + 0.5 for b in boxes), (viewport, boxes)
        for i, a in enumerate(boxes):
            for b in boxes[i + 1 :]:
                apart = (
                    a["right"] <= b["left"]
                    or b["right"] <= a["left"]
                    or a["bottom"] <= b["top"]
                    or b["bottom"] <= a["top"]
                )
                assert apart, (viewport, a, b)
        if width == 390:
            assert len(rows) == 1, boxes
        if viewport["height"] == 360:
            # Sideways, the piles, the hand and "Fin de tour" fit on the screen together.
            span = page.evaluate(
                "() => document.querySelector('#tg-end-turn').getBoundingClientRect().bottom"
                " - document.querySelector('#tg-piles').getBoundingClientRect().top"
            )
            assert span <= viewport["height"], span
        if width == 360 and size == 8:
            assert len(rows) == 2 and [round(b["top"]) for b in boxes].count(rows[0]) == 4
            shots(page, "hand-of-8-at-360", full_page=False)
    no_errors(page)


def test_a_returning_player_is_told_what_a_bot_played_for_them(
    server: Any, browser: Any, shots: Any
) -> None:
    """Alice closes her page on her turn; after a second away a stand-in bot plays it.
    When she opens the table again one line says what was played for her, kept in the
    table's log (in English too, once switched), and said once: a reload is silent.
    Bob, at the same table, is told nothing of it."""
    made = create_table(
        server.url,
        {
            "game": "the-game",
            "options": {"players": 2},
            "seats": [{}, {}],
            "settings": {"away_seconds": 1, "zombie_bot": "greedy"},
        },
    )
    code = made["code"]
    url = f"{server.url}/t/{code}"
    alice = open_page(browser, url)
    alice.evaluate(f"localStorage.setItem('partie.owner.{code}', '{made['owner_token']}')")
    alice.reload()
    alice.fill("#sit-name", "Alice")
    alice.click('button.sit[data-seat="0"]')
    bob = open_page(browser, url)
    bob.fill("#sit-name", "Bob")
    bob.click('button.sit[data-seat="1"]')
    alice.click("#start")
    expect(alice.locator("#tg-status")).to_have_text("À vous de jouer.")
    context = alice.context
    alice.close()
    # The stand-in plays Alice's turn; then it is Bob's, who takes his time.
    expect(bob.locator("#tg-status")).to_have_text("À vous de jouer.")

    alice = context.new_page()
    alice.errors = []
    alice.on("pageerror", lambda exc: alice.errors.append(str(exc)))
    alice.goto(url)
    note = alice.locator("#played-for-you")
    played = re.compile(r"^Un robot a joué pour vous : \d+ sur [↑↓][AD][12], \d+ sur [↑↓][AD][12]")
    expect(note).to_contain_text(played)
    expect(note).to_contain_text("fin du tour")
    logged = alice.locator("#tg-chat-log .tg-chat-note")
    expect(logged).to_have_count(1)
    assert logged.inner_text() == note.locator("span").inner_text()
    shots(alice, "told")
    cards = re.findall(r"(\d+) sur", logged.inner_text())
    assert not set(cards) & {str(c) for c in hand(alice)}  # laid, no longer in the hand
    # The note sits in the page above the board, not in the line that sticks to the
    # top of the screen (it covered the piles of a scrolled phone).
    assert alice.locator("#alerts #played-for-you").count() == 0
    alice.click("#lang")
    expect(alice.locator("#tg-chat-log .tg-chat-note")).to_contain_text(
        re.compile(r"^A bot played for you: \d+ on [↑↓][AD][12]")
    )
    expect(note).to_contain_text(re.compile(r"^A bot played for you: "))  # switched too
    # The note goes with Alice's own next move (the log keeps it).
    for _ in range(2):
        _, card = first_fitting(bob)
        card.click()
        bob.locator("#tg-piles .pile-target.target:not(.ends)").first.click()
        expect(card).to_have_count(0)
    bob.click("#tg-end-turn")
    expect(alice.locator("#tg-status")).to_have_text("Your turn.")
    expect(note).to_be_visible()
    _, card = first_fitting(alice)
    card.click()
    alice.locator("#tg-piles .pile-target.target:not(.ends)").first.click()
    expect(card).to_have_count(0)
    expect(alice.locator("#played-for-you")).to_have_count(0)
    expect(alice.locator("#tg-chat-log .tg-chat-note")).to_have_count(1)
    alice.reload()
    expect(alice.locator("#tg-hand button.card").first).to_be_visible()
    alice.wait_for_timeout(500)
    expect(alice.locator("#played-for-you")).to_have_count(0)
    expect(alice.locator("#tg-chat-log .tg-chat-note")).to_have_count(0)
    expect(bob.locator("#played-for-you")).to_have_count(0)
    no_errors(alice, bob)


def test_a_move_while_the_server_is_down_is_neither_lost_nor_doubled(
    server: Any, browser: Any, shots: Any
) -> None:
    """Lou lays a card, the server stops: the page says it is reconnecting; a card
    laid meanwhile is refused on the page with one line (nothing was sent), not lost
    in silence. Back up, the page finds the card laid before, the other still in hand,
    and lays it once."""
    body = {"game": "the-game", "options": {"players": 1}, "seats": [{}]}
    page = seated_at(browser, server.url, body, {"width": 1280, "height": 800})
    value, card = first_fitting(page)
    card.click()
    page.locator("#tg-piles .pile-target.target").first.click()
    expect(card).to_have_count(0)
    held, piles = hand(page), tops(page)
    assert value in piles

    server.stop()
    banner = page.locator("#banner")
    expect(banner).to_contain_text("Serveur injoignable", timeout=10_000)
    second, card = first_fitting(page)
    card.click()
    page.locator("#tg-piles .pile-target.target").first.click()
    expect(page.locator("#tg-message")).to_have_text(
        "Pas de connexion au serveur : rien n'est parti. Rejouez une fois reconnecté."
    )
    assert hand(page) == held
    shots(page, "not-sent", full_page=False)

    server.start()
    expect(banner).to_be_hidden(timeout=20_000)
    expect(page.locator("#tg-hand button.card").first).to_be_visible()
    assert hand(page) == held and tops(page) == piles
    # The card is still chosen: one tap on the pile lays it.
    card = page.locator(f'#tg-hand button.card[data-card="{second}"]')
    expect(card).to_have_attribute("aria-pressed", "true")
    page.locator("#tg-piles .pile-target.target").first.click()
    expect(card).to_have_count(0)
    assert sorted([*hand(page), second]) == sorted(held)
    assert second in tops(page)
    no_errors(page)


def test_a_stranger_opens_a_finished_table_days_later(
    server: Any, browser: Any, tmp_path: Path
) -> None:
    """Two bots finish a game; the server is restarted (the table is no longer in
    memory). A stranger opens the table's link: the end with every hand, the replay,
    and the record downloaded from the page, which ``partie replay`` replays to the
    same result."""
    made = create_table(
        server.url,
        {"game": "the-game", "options": {"players": 2}, "seats": [{"bot": "greedy"}] * 2},
    )
    code = made["code"]
    owner = open_page(browser, f"{server.url}/t/{code}")
    owner.evaluate(f"localStorage.setItem('partie.owner.{code}', '{made['owner_token']}')")
    owner.reload()
    owner.click("#start")
    expect(owner.locator("#tg-end")).to_be_visible(timeout=60_000)
    owner.context.close()
    server.restart()

    stranger = open_page(browser, f"{server.url}/t/{code}", viewport={"width": 360, "height": 740})
    expect(stranger.locator("#you")).to_contain_text("spectat")
    expect(stranger.locator("#tg-end")).to_have_attribute("data-hands", "open")
    expect(stranger.locator("#tg-end .tg-left-cards")).to_have_count(2)
    stranger.click("#to-replay")
    expect(stranger.locator("#replay-step")).to_contain_text("sur")
    with stranger.expect_download() as got:
        stranger.click("#download")
    saved = tmp_path / got.value.suggested_filename
    got.value.save_as(saved)
    answer = subprocess.run(
        [sys.executable, "-m", "partie", "replay", "-q", str(saved)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert answer.returncode == 0, answer.stdout + answer.stderr
    assert "résultat identique" in answer.stdout or "same result" in answer.stdout
    no_errors(stranger)


def test_live_regions_speak_only_when_their_words_change(server: Any, browser: Any) -> None:
    """The Game by the keyboard alone (type a card's number, Enter, F) against a bot,
    with a line of table talk: while the bot lays its cards the turn line, the talk
    and the other live regions are written only when what they say changes (the talk
    was drawn again at every card, so a screen reader read it all again)."""
    body = {"game": "the-game", "options": {"players": 2}, "seats": [{}, {"bot": "greedy"}]}
    page = seated_at(browser, server.url, body, {"width": 1280, "height": 800})
    page.fill("#tg-chat-input", "je commence doucement")
    page.press("#tg-chat-input", "Enter")
    expect(page.locator("#tg-chat-log")).to_contain_text("je commence doucement")
    page.locator("#tg-status").focus()
    assert unnamed_controls(page) == []
    assert page.evaluate(WATCH_LIVE) >= 3
    status = page.locator("#tg-status")
    expect(status).to_have_text("À vous de jouer.")
    laid = 0
    while laid < 2:
        value, card = first_fitting(page)
        page.keyboard.type(str(value))
        expect(card).to_be_focused()
        page.keyboard.press("Enter")
        if page.locator("#tg-message").inner_text().startswith("Carte choisie"):
            page.keyboard.press("Enter")  # several piles: the first one, focused
        expect(card).to_have_count(0)
        laid += 1
    expect(page.locator("#tg-end-turn")).to_be_enabled()
    page.keyboard.press("f")
    # The bot plays at once here (no pause): its turn is seen in the last move it leaves,
    # not in the turn line "À Robot moyen…", which a poll can miss between two messages.
    expect(page.locator("#tg-last")).to_contain_text("Robot moyen", timeout=30_000)
    expect(status).to_have_text("À vous de jouer.", timeout=30_000)  # the bot's turn is over
    assert page.evaluate("window.liveSame") == []
    assert page.evaluate("window.liveChanged") >= 2
    no_errors(page)
