"""What a player feels of the browser client, measured in real headless Chromium.

Usage: python bench/web_page.py [--plays 60]

Starts ``partie serve`` on a free port with a temporary SQLite file, opens the lobby,
creates a solo table of The Game and lays cards by clicking (card, then pile) until
``--plays`` cards are laid (a new table when a game ends), ending each turn with the
button. Prints one JSON object: the lobby's load (requests, bytes of the client's own
files, time to the form), the time from the table's creation to the first hand on screen,
and the time from the click that lays a card to the card leaving the hand (p50, p95, max;
``click_p95_ms`` is that p95), which holds the websocket round trip, the engine, the
storage write and the redraw. Then ``fits``: for each game in its playing state, at a
phone's 390 × 844 and a desktop's 1280 × 800, whether the player's hand and the main
action are inside the viewport without scrolling; and ``bytes_gz``: the client's own
static files, each gzip-compressed, summed.
"""

from __future__ import annotations

import argparse
import gzip
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))

from browsing import CHROMIUM, CHROMIUM_ARGS, Server, create_table
from playwright.sync_api import expect, sync_playwright

STATIC = Path(__file__).resolve().parents[1] / "src" / "partie" / "server" / "static"
VIEWPORTS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
TABLES = {
    "the-game": {"options": {"players": 2}, "seats": [{}, {"bot": "greedy"}]},
    "tennis-mots": {"options": {"players": 2}, "seats": [{}, {"bot": "greedy"}]},
    "tennis-quizz": {"options": {"players": 2}, "seats": [{}, {"bot": "quiz"}]},
}
"""Each game as a new player meets it: one human seat against one bot."""
MUST_SEE = {
    "the-game": ["#tg-hand", "#tg-end-turn"],
    "tennis-mots": ["#tm-hand", "#tm-play"],
    "tennis-quizz": ["#tq-choice-A", "#tq-choice-B", "#tq-choice-C"],
}
"""What the player needs without scrolling: the hand and the main action (Tennis Quizz's
receiver has no hand: the question's choices are their cards)."""

INSIDE = """(selectors) => {
  window.scrollTo(0, 0);
  return selectors.every((selector) => {
    const el = document.querySelector(selector);
    if (!el) return false;
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.left >= 0
      && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
  });
}"""

TIME_PLAY = """(value) => new Promise((resolve) => {
  const hand = document.querySelector("#tg-hand");
  const pile = document.querySelector("#tg-piles .pile-target.target");
  const gone = () => !hand.querySelector(`button.card[data-card="${value}"]`);
  const watch = new MutationObserver(() => {
    if (gone()) {
      watch.disconnect();
      resolve(performance.now() - start);
    }
  });
  watch.observe(hand, { childList: true, subtree: true });
  const start = performance.now();
  pile.click();
})"""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def lay_cards(page: Any, rounds: list[float], plays: int) -> None:
    """Lays cards on this table until ``plays`` are timed or no card can be laid."""
    while len(rounds) < plays and page.locator("#tg-end").is_hidden():
        fitting = page.locator("#tg-hand button.card.fit-one, #tg-hand button.card.fit-many")
        if fitting.count() == 0:
            if page.locator("#tg-end-turn").is_enabled():
                page.click("#tg-end-turn")
                page.wait_for_timeout(50)
                continue
            return
        value = fitting.first.get_attribute("data-card")
        card = page.locator(f'#tg-hand button.card[data-card="{value}"]')
        card.click()
        # Timed inside the page: from the click to the hand redrawn without the card (no
        # polling from outside to blur the figure).
        ms = page.evaluate(TIME_PLAY, value)
        expect(card).to_have_count(0)
        rounds.append(ms)
        if page.locator("#tg-end-turn").is_enabled() and len(rounds) % 2 == 0:
            page.click("#tg-end-turn")
            page.wait_for_function(
                "() => !document.querySelector('#tg-end').hidden"
                " || document.querySelector('#tg-end-turn')?.disabled"
            )


def bytes_gz() -> int:
    """The client's own files (no fonts or libraries are fetched from elsewhere), each
    compressed as a server would send it."""
    return sum(
        len(gzip.compress(path.read_bytes(), compresslevel=6))
        for path in sorted(STATIC.rglob("*"))
        if path.is_file()
    )


def seated_page(browser: Any, url: str, game: str, viewport: dict[str, int]) -> Any:
    """A page seated at a new table of ``game``, the game started."""
    made = create_table(url, {"game": game, **TABLES[game]})
    code = made["code"]
    page = browser.new_context(viewport=viewport).new_page()
    page.goto(f"{url}/t/{code}")
    page.evaluate(f"localStorage.setItem('partie.owner.{code}', '{made['owner_token']}')")
    page.reload()
    page.fill("#sit-name", "Bench")
    page.click('button.sit[data-seat="0"]')
    page.click("#start")
    return page


def playing(browser: Any, url: str, game: str, viewport: dict[str, int]) -> Any:
    """A page in ``game``'s playing state, waiting for its move with the main action on
    screen. Tennis de mots: this player's serve (who serves first is drawn: tables are
    made until it is this player), one card put in the word builder, which brings the
    send button (a one-letter serve is at worst a fault, which can be sent)."""
    if game == "the-game":
        page = seated_page(browser, url, game, viewport)
        expect(page.locator("#tg-status.mine")).to_be_visible(timeout=30_000)
        return page
    if game == "tennis-quizz":
        page = seated_page(browser, url, game, viewport)
        expect(page.locator("#tq-choice-A")).to_be_enabled(timeout=60_000)
        return page
    for _ in range(20):
        page = seated_page(browser, url, game, viewport)
        root = page.locator("#tm-root")
        expect(page.locator('#tm-root[data-mine="1"], #tm-accept').first).to_be_attached(
            timeout=30_000
        )
        if root.get_attribute("data-mine") == "1" and root.get_attribute("data-phase") == "serve":
            page.locator("#tm-hand [data-card]").first.click()
            page.locator('#tm-draft [data-slot="0"]').click()
            expect(page.locator("#tm-play")).to_be_visible(timeout=15_000)
            return page
        page.context.close()
    raise RuntimeError("the bot served first at twenty tables in a row")


def fits(browser: Any, url: str) -> dict[str, dict[str, bool]]:
    out: dict[str, dict[str, bool]] = {}
    for game, selectors in MUST_SEE.items():
        out[game] = {}
        for name, viewport in VIEWPORTS.items():
            page = playing(browser, url, game, viewport)
            out[game][name] = bool(page.evaluate(INSIDE, selectors))
            page.context.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=60)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(db=Path(tmp) / "bench.sqlite3")
        server.start()
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                page = browser.new_context(viewport={"width": 1280, "height": 900}).new_page()
                static_bytes = 0
                requests = 0

                def count(response: Any) -> None:
                    nonlocal static_bytes, requests
                    requests += 1
                    url = response.url
                    if "/static/" in url:
                        size = response.headers.get("content-length", "0")
                        static_bytes += int(size)

                page.on("response", count)
                start = time.perf_counter()
                page.goto(server.url + "/")
                expect(page.locator("#new-game")).to_have_value("the-game")
                lobby_ms = (time.perf_counter() - start) * 1000
                lobby_requests, lobby_bytes = requests, static_bytes

                page.fill("#new-name", "Bench")
                start = time.perf_counter()
                page.click("#create")
                page.click("#start")
                expect(page.locator("#tg-hand button.card").first).to_be_visible()
                first_hand_ms = (time.perf_counter() - start) * 1000

                rounds: list[float] = []
                for _ in range(20):
                    if len(rounds) >= args.plays:
                        break
                    lay_cards(page, rounds, args.plays)
                    if len(rounds) < args.plays:
                        # The game is over (or stuck): a new solo table, as a player would.
                        page.goto(server.url + "/")
                        page.fill("#new-name", "Bench")
                        page.click("#create")
                        page.click("#start")
                        expect(page.locator("#tg-hand button.card").first).to_be_visible()
                page.context.close()
                fit = fits(browser, server.url)
                browser.close()
        finally:
            server.stop()
    print(
        json.dumps(
            {
                "lobby_ms": round(lobby_ms, 1),
                "lobby_requests": lobby_requests,
                "client_kb": round(lobby_bytes / 1024, 1),
                "first_hand_ms": round(first_hand_ms, 1),
                "plays": len(rounds),
                "play_p50_ms": round(statistics.median(rounds), 1) if rounds else None,
                "play_p95_ms": round(percentile(rounds, 0.95), 1) if rounds else None,
                "play_max_ms": round(max(rounds), 1) if rounds else None,
                "click_p95_ms": round(percentile(rounds, 0.95), 1) if rounds else None,
                "fits": fit,
                "bytes_gz": bytes_gz(),
            }
        )
    )


if __name__ == "__main__":
    main()
