"""The Game's deal of the day in a real browser: two groups play the day's 2-player
deal from /defi (one with a bot beside, one of two friends; stand-ins finish their
slow turns), and the day's board ranks them; a private board has its own link."""

from __future__ import annotations

import re
from typing import Any

from browsing import PHONE, expect_turn, first_fitting, no_errors, open_page
from playwright.sync_api import expect


def choose_and_play(page: Any, name: str, fill: str) -> str:
    """From /defi: a name, who takes the other seat, one-second turns; the 2-player
    deal's button opens the new table, the creator seated; returns its code."""
    page.fill("#defi-name", name)
    page.select_option("#defi-fill", fill)
    page.fill("#defi-set-turn_seconds", "1")
    page.click("#defi-play-2")
    expect(page).to_have_url(re.compile(r"/t/[A-Z0-9]{6}$"))
    expect(page.locator("#you")).to_contain_text("place 1")
    return page.url.rsplit("/", 1)[1]


def lay_one(page: Any) -> None:
    expect_turn(page)
    _, card = first_fitting(page)
    card.click()
    page.locator("#tg-piles .pile-target.target").first.click()
    expect(card).to_have_count(0)


def test_two_groups_play_the_deal_of_the_day_and_are_ranked(
    server: Any, browser: Any, shots: Any
) -> None:
    # The lobby leads to the page.
    alice = open_page(browser, server.url + "/")
    alice.click("#lobby-defi")
    expect(alice).to_have_url(re.compile(r"/defi$"))
    expect(alice.locator("#defi-board-today")).to_contain_text("Personne encore")
    shots(alice, "defi-empty")

    # First group: Alice and a bot.
    first = choose_and_play(alice, "Alice", "heuristic")
    alice.click("#start")
    lay_one(alice)  # she plays; the stand-in finishes her slow turns
    expect(alice.locator("#tg-end")).to_be_visible(timeout=120_000)
    # Her game cannot be watched before the day is over: the next groups would see it.
    alice.goto(f"{server.url}/replay/{first}")
    expect(alice.locator(".alert.error")).to_contain_text("se revoit demain")

    # Second group: Bea and Cyril (on a phone), friends at one table.
    bea = open_page(browser, server.url + "/defi")
    second = choose_and_play(bea, "Bea", "")
    cyril = open_page(browser, f"{server.url}/t/{second}", viewport=PHONE, is_mobile=True)
    cyril.fill("#sit-name", "Cyril")
    cyril.click('button.sit[data-seat="1"]')
    expect(cyril.locator("#you")).to_contain_text("place 2")
    bea.click("#start")
    lay_one(bea)
    expect(bea.locator("#tg-end")).to_be_visible(timeout=180_000)
    expect(cyril.locator("#tg-end")).to_be_visible(timeout=30_000)

    # The day's board ranks both groups: fewer cards left first, then time.
    alice.goto(server.url + "/defi")
    rows = alice.locator('#defi-board-today table[data-players="2"] tr.defi-entry')
    expect(rows).to_have_count(2, timeout=15_000)
    texts = rows.all_inner_texts()
    assert any("Alice, heuristic" in t for t in texts) and any("Bea, Cyril" in t for t in texts)
    lefts = [int(x) for x in rows.locator(".defi-left").all_inner_texts()]
    assert lefts == sorted(lefts)
    assert alice.locator(f'#defi-board-today a[href="/replay/{first}"]').count() == 0
    # Yesterday's board: the oracle's verdict on the solo deal, and a replay button.
    # (computed once in a thread: `best` may first have to compile, minutes on a cold cache)
    expect(alice.locator("#defi-verdict")).to_contain_text("positions", timeout=300_000)
    expect(alice.locator("#defi-board-yesterday")).to_contain_text("bot heuristic")
    expect(alice.locator("#defi-replay-1")).to_be_visible()
    shots(alice, "defi-ranked")  # docs/img/defi-board.png is a copy of this one
    # Anyone may play yesterday's deal again: a new table, seated at once.
    alice.click("#defi-replay-1")
    expect(alice).to_have_url(re.compile(r"/t/[A-Z0-9]{6}$"))
    expect(alice.locator("#you")).to_contain_text("place 1")

    # A private board: its own link, and none of the public games on it.
    bea.goto(server.url + "/defi")
    bea.click("#defi-private-new")
    expect(bea).to_have_url(re.compile(r"/defi\?board="))
    link = bea.locator("#defi-private-link")
    expect(link).to_have_value(re.compile(r"/defi\?board="))
    expect(bea.locator("#defi-board-today")).to_contain_text("Personne encore")
    shots(bea, "defi-private")

    # On a phone, in English: the page fits the screen's width.
    phone = open_page(browser, server.url + "/defi", viewport=PHONE, is_mobile=True)
    phone.click("#lang")
    expect(phone.locator("h1")).to_have_text("Deal of the day")
    expect(phone.locator("#defi-play-5")).to_have_text("Play · 5 players")
    expect(phone.locator("#defi-board-today")).to_contain_text("Bea, Cyril")
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    shots(phone, "defi-phone-en")
    no_errors(alice, bea, cyril, phone)
