"""The server goes away mid-game and comes back: the page says so, reconnects by itself
and finds the same seat, hand and piles. Also the English switch and the rules panel."""

from __future__ import annotations

import re
from typing import Any

from browsing import first_fitting, hand, no_errors, open_page, tops
from playwright.sync_api import expect


def test_server_restart_english_and_rules(server: Any, browser: Any, shots: Any) -> None:
    page = open_page(browser, server.url + "/")
    page.click("#lang")
    expect(page.locator("#lang")).to_have_text("Français")
    page.reload()
    expect(page.locator("#new-table h2")).to_have_text("New table")

    page.fill("#new-opt-players", "1")
    page.dispatch_event("#new-opt-players", "change")
    page.check("#new-opt-choose_start")
    page.fill("#new-set-turn_seconds", "600")
    page.dispatch_event("#new-set-turn_seconds", "change")
    page.select_option("#new-set-zombie_bot", "greedy")
    page.fill("#new-name", "Solo")
    page.click("#create")
    expect(page.locator("#you")).to_contain_text("seat 1")
    expect(page.locator("#tbl-opt-choose_start")).to_be_checked()
    expect(page.locator("#tbl-set-zombie_bot")).to_have_value("greedy")
    page.click("#start")
    # choose_start: the table says who starts before the first card.
    page.click("#tg-start-0")
    expect(page.locator("#timer")).to_contain_text(re.compile(r"Solo: \d+ s"))
    value, card = first_fitting(page)
    card.click()
    page.locator("#tg-piles .pile-target.target").first.click()
    expect(card).to_have_count(0)
    expect(page.locator("#tg-laid")).to_contain_text(f"{value} on")
    held, piles = hand(page), tops(page)

    server.stop()
    banner = page.locator("#banner")
    expect(banner).to_be_visible(timeout=10_000)
    expect(banner).to_contain_text("unreachable")
    shots(page, "server-gone", full_page=False)

    server.start()
    expect(banner).to_be_hidden(timeout=20_000)
    expect(page.locator("#you")).to_contain_text("seat 1")
    expect(page.locator("#tg-hand button.card").first).to_be_visible()
    assert hand(page) == held and tops(page) == piles
    # The game goes on from where it was: one more card, then the turn can end.
    _, lay = first_fitting(page)
    lay.click()
    page.locator("#tg-piles .pile-target.target").first.click()
    expect(page.locator("#tg-end-turn")).to_be_enabled()
    shots(page, "back")

    # Back to French in the middle of the game: the screen speaks French, nothing is lost.
    held = hand(page)
    page.click("#lang")
    expect(page.locator("#tg-end-turn")).to_have_text("Fin de tour")
    expect(page.locator("#tg-end-turn")).to_be_enabled()
    assert hand(page) == held

    page.click("#rules-open")
    dialog = page.locator("dialog#rules")
    expect(dialog).to_be_visible()
    expect(dialog.locator(".rules-body")).to_contain_text(re.compile(r"\w+"))
    expect(dialog.locator(".rules-body")).not_to_have_text("Chargement…")
    shots(page, "rules")
    # A question telling a situation: the verdict read with the rules comes first, then
    # the rule's passage (the trick of ten, "rétro").
    page.fill("#rules-q", "la pile qui descend est a 52 et j'ai 62 je peux ?")
    page.locator("form.rules-ask button[type=submit]").click()
    expect(page.locator("#rules-situation")).to_contain_text("Ta situation")
    expect(page.locator("#rules-situation")).to_contain_text("rétro")
    expect(page.locator("#rules-answer blockquote").first).to_contain_text("exactement 10")
    shots(page, "rules-situation")
    # Asking for an example: the worked example comes first, and the page says so.
    page.fill("#rules-q", "exemple de retro en chaine svp")
    page.locator("form.rules-ask button[type=submit]").click()
    expect(page.locator("#rules-answer")).to_contain_text("Un exemple, puis la règle")
    expect(page.locator("#rules-answer blockquote").first).to_contain_text("Exemples")
    dialog.locator("button.close").click()
    expect(dialog).to_be_hidden()
    no_errors(page)
