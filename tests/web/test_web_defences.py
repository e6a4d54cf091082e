"""The web's defences seen from Chromium: the pages run under the Content-Security-Policy
with nothing blocked, and a crafted seat link asks before it replaces a stored seat."""

from __future__ import annotations

from typing import Any

from browsing import create_table, no_errors, open_page
from playwright.sync_api import expect


def _watch_csp(page: Any) -> list[str]:
    blocked: list[str] = []
    page.on(
        "console",
        lambda msg: blocked.append(msg.text) if "Content Security Policy" in msg.text else None,
    )
    return blocked


def test_every_page_runs_under_the_policy_with_nothing_blocked(server: Any, browser: Any) -> None:
    page = open_page(browser, server.url + "/", bypass_csp=False)  # the real policy
    blocked = _watch_csp(page)
    page.reload()
    expect(page.locator("#new-game option")).not_to_have_count(0)
    expect(page.locator("#bot-levels li")).to_have_count(4)  # how each level plays
    made = create_table(server.url, {"game": "the-game", "options": {"players": 2}})
    page.goto(f"{server.url}/t/{made['code']}")
    expect(page.locator("#sit-name")).to_be_visible()  # the websocket connected
    page.goto(server.url + "/static/games/tennis-quizz-host.html")
    expect(page.locator("#tqh-opponent option")).not_to_have_count(1)  # levels came
    assert blocked == []
    no_errors(page)


def test_a_seat_link_asks_before_replacing_the_seat_this_browser_holds(
    server: Any, browser: Any
) -> None:
    made = create_table(server.url, {"game": "the-game", "options": {"players": 2}})
    code = made["code"]
    page = open_page(browser, f"{server.url}/t/{code}")
    page.fill("#sit-name", "Ana")
    page.click('button.sit[data-seat="0"]')
    expect(page.locator("#you")).to_contain_text("place 1")
    key = f"partie.token.{code}"
    mine = page.evaluate(f"localStorage.getItem({key!r})")
    assert mine
    crafted = "A" * 32
    asked: list[str] = []

    def refuse(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", refuse)
    page.goto("about:blank")  # the link opened as a new page, not a change of fragment
    page.goto(f"{server.url}/t/{code}#seat={crafted}")
    expect(page.locator("#you")).to_contain_text("place 1")
    assert asked and "place" in asked[0]
    assert page.evaluate(f"localStorage.getItem({key!r})") == mine
    assert "#seat=" not in page.url  # wiped from the address bar either way
    # The same link as the one held asks nothing.
    page.goto("about:blank")
    page.goto(f"{server.url}/t/{code}#seat={mine}")
    expect(page.locator("#you")).to_contain_text("place 1")
    page.once("dialog", lambda dialog: dialog.accept())
    page.goto("about:blank")
    page.goto(f"{server.url}/t/{code}#seat={crafted}")
    # Taken: the link's token replaced this browser's (a forged one is then refused by
    # the server and the page watches as a spectator).
    page.wait_for_function(f"localStorage.getItem({key!r}) !== {mine!r}")
    expect(page.locator("#you")).not_to_contain_text("place 1")
    no_errors(page)
