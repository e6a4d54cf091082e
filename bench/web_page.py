"""What a player feels of the browser client, measured in real headless Chromium.

Usage: python bench/web_page.py [--plays 30]

Starts ``partie serve`` on a free port with a temporary SQLite file, opens the lobby,
creates a solo table of The Game and lays cards by clicking (card, then pile) until
``--plays`` cards are laid or the game ends, ending each turn with the button. Prints one
JSON object: the lobby's load (requests, bytes of the client's own files, time to the
form), the time from the table's creation to the first hand on screen, and the time from
the click on a pile to the card leaving the hand (p50, p95, max), which holds the
websocket round trip, the engine, the storage write and the redraw.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))

from browsing import CHROMIUM, CHROMIUM_ARGS, Server
from playwright.sync_api import expect, sync_playwright

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--plays", type=int, default=30)
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

                def count(response: object) -> None:
                    nonlocal static_bytes, requests
                    requests += 1
                    url = response.url  # type: ignore[attr-defined]
                    if "/static/" in url:
                        size = response.headers.get("content-length", "0")  # type: ignore[attr-defined]
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
                while len(rounds) < args.plays and page.locator("#tg-end").is_hidden():
                    fitting = page.locator(
                        "#tg-hand button.card.fit-one, #tg-hand button.card.fit-many"
                    )
                    if fitting.count() == 0:
                        if page.locator("#tg-end-turn").is_enabled():
                            page.click("#tg-end-turn")
                            page.wait_for_timeout(50)
                            continue
                        break
                    value = fitting.first.get_attribute("data-card")
                    card = page.locator(f'#tg-hand button.card[data-card="{value}"]')
                    card.click()
                    # Timed inside the page: from the click to the hand redrawn without
                    # the card (no polling from outside to blur the figure).
                    ms = page.evaluate(TIME_PLAY, value)
                    expect(card).to_have_count(0)
                    rounds.append(ms)
                    if page.locator("#tg-end-turn").is_enabled() and len(rounds) % 2 == 0:
                        page.click("#tg-end-turn")
                        page.wait_for_function(
                            "() => !document.querySelector('#tg-end').hidden"
                            " || document.querySelector('#tg-end-turn')?.disabled"
                        )
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
            }
        )
    )


if __name__ == "__main__":
    main()
