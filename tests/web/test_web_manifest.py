"""partie on a phone's home screen (issue 31.5): the page links an app manifest that
Chromium reads without a complaint, and its icons are partie's own files."""

from __future__ import annotations

import json
from typing import Any

from browsing import PHONE, no_errors, open_page


def test_the_lobby_links_a_manifest_chromium_accepts(server: Any, browser: Any) -> None:
    page = open_page(browser, server.url + "/", viewport=PHONE)
    page.wait_for_selector("#new-game")
    cdp = page.context.new_cdp_session(page)
    found = cdp.send("Page.getAppManifest")
    assert found["url"] == server.url + "/static/manifest.webmanifest"
    assert found["errors"] == []
    manifest = json.loads(found["data"])
    assert manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["short_name"] == "partie"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes  # what a phone's home screen asks for
    for icon in manifest["icons"]:
        # Served by partie itself, each an image of the size it claims.
        assert icon["src"].startswith("/static/")
        answer = page.request.get(server.url + icon["src"])
        assert answer.ok and answer.headers["content-type"] == icon["type"]
        if icon["type"] == "image/png":
            body = answer.body()
            width = int.from_bytes(body[16:20], "big")
            height = int.from_bytes(body[20:24], "big")
            assert f"{width}x{height}" == icon["sizes"]
    no_errors(page)


LUMINANCE = """(selector) => {
  const el = document.querySelector(selector);
  const rgb = (c) => c.match(/\\d+/g).slice(0, 3).map(Number);
  const lum = ([r, g, b]) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
  let back = getComputedStyle(el).backgroundColor;
  for (let up = el; back === "rgba(0, 0, 0, 0)" && up.parentElement; up = up.parentElement)
    back = getComputedStyle(up.parentElement).backgroundColor;
  return [lum(rgb(back)), lum(rgb(getComputedStyle(el).color))];
}"""


def test_a_dark_system_gets_the_dark_colours_on_the_lobby_and_a_table(
    server: Any, browser: Any, shots: Any
) -> None:
    """A phone set to dark: a dark page with light words, the lobby's form and a game's
    cards included (not a white panel left on a dark page)."""
    page = open_page(browser, server.url + "/", viewport=PHONE, color_scheme="dark")
    page.wait_for_selector("#new-game")
    page.fill("#new-name", "Lou")
    for selector in ("body", "#new-game"):
        back, text = page.evaluate(LUMINANCE, selector)
        assert back < 0.2 and text > 0.7, (selector, back, text)
    page.click("#create")
    page.click("#start")
    page.wait_for_selector("#tg-hand button.card")
    for selector in ("body", "#tg-hand button.card", "#tg-piles .pile-target"):
        back, text = page.evaluate(LUMINANCE, selector)
        assert back < 0.2 and text > 0.7, (selector, back, text)
    shots(page, "dark-the-game")
    no_errors(page)
