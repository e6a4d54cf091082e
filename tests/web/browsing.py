"""What the browser tests share: the real server as a subprocess, Chromium's settings,
screenshots, and the steps a player takes in the page."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import expect

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts" / "web"
DESKTOP = {"width": 1280, "height": 900}
PHONE = {"width": 360, "height": 740}
ADDRESS = re.compile(r"https?://[^\s/]+:(\d+)/")


@dataclass
class Server:
    """A running ``partie serve``; ``restart`` stops it and starts it again on the same
    port and the same SQLite file (what a player sees when the server goes away)."""

    db: Path
    port: int = 0
    host: str = "127.0.0.1"
    proc: subprocess.Popen[str] | None = None
    log: list[str] = field(default_factory=list)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        cmd = [
            sys.executable,
            "-m",
            "partie",
            "serve",
            "--host",
            self.host,
            "--port",
            str(self.port),
            "--db",
            f"sqlite:///{self.db}",
            "--bot-pause",
            "0",
            "--no-warm",
        ]
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env
        )
        assert self.proc.stdout is not None
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            line = self.proc.stdout.readline()
            if not line:
                break
            self.log.append(line)
            found = ADDRESS.search(line)
            if found:
                self.port = int(found.group(1))
                self._wait_ready()
                return
        self.stop()
        raise RuntimeError("partie serve did not start:\n" + "".join(self.log))

    def _wait_ready(self) -> None:
        import urllib.request

        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                with urllib.request.urlopen(self.url + "/api/games", timeout=2) as answer:
                    if answer.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("partie serve does not answer")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def restart(self) -> None:
        self.stop()
        self.start()


class Shots:
    """Numbered screenshots of one test's steps, so a failure can be looked at."""

    def __init__(self, name: str) -> None:
        self.dir = ARTIFACTS
        self.dir.mkdir(parents=True, exist_ok=True)
        self.name = name
        self.n = 0

    def __call__(self, page: Any, step: str, *, full_page: bool = True) -> Path:
        self.n += 1
        path = self.dir / f"{self.name}-{self.n:02d}-{step}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path


def create_table(url: str, body: dict[str, Any]) -> dict[str, Any]:
    """A table made through the HTTP API, as a script would: its code and owner token."""
    request = urllib.request.Request(
        url + "/api/tables",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def open_page(browser: Any, url: str, viewport: dict[str, int] | None = None, **kw: Any) -> Any:
    """A new browser profile (its own localStorage, so its own seat) on ``url``; page
    errors are collected and checked by ``no_errors``."""
    context = browser.new_context(viewport=viewport or DESKTOP, **kw)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    page.goto(url)
    return page


def no_errors(*pages: Any) -> None:
    for page in pages:
        assert page.errors == [], page.errors


def hand(page: Any) -> list[int]:
    """The cards shown in the hand, in order."""
    cards = page.locator("#tg-hand button.card").evaluate_all("els => els.map(e => e.dataset.card)")
    return [int(c) for c in cards]


def tops(page: Any) -> list[int]:
    return [int(x) for x in page.locator("#tg-piles .pile-top").all_inner_texts()]


def expect_turn(page: Any, mine: bool = True) -> None:
    """Wait until the page says it is (or is not) this player's turn."""
    status = page.locator("#tg-status")
    if mine:
        expect(status).to_have_class(re.compile(r"\bmine\b"), timeout=15_000)
    else:
        expect(status).not_to_have_class(re.compile(r"\bmine\b"), timeout=15_000)


def first_fitting(page: Any) -> tuple[int, Any]:
    """The first card of the hand that fits some pile, as (value, a locator pinned to that
    card: it does not slide to another card once this one is laid)."""
    fitting = page.locator("#tg-hand button.card.fit-one, #tg-hand button.card.fit-many")
    value = int(fitting.first.get_attribute("data-card"))
    return value, page.locator(f'#tg-hand button.card[data-card="{value}"]')


# Every live region of the game's screen: each time one is written, whether its words
# changed. A region written again with the same words is read again by a screen reader.
WATCH_LIVE = """() => {
  window.liveSame = [];
  window.liveChanged = 0;
  const regions = document.querySelectorAll(
    "#game [aria-live], #game [role=status], #game [role=alert]");
  for (const region of regions) {
    let before = region.textContent;
    new MutationObserver(() => {
      const now = region.textContent;
      if (now === before && now.trim()) window.liveSame.push(`${region.id}: ${now}`);
      else window.liveChanged += 1;
      before = now;
    }).observe(region, {childList: true, characterData: true, subtree: true});
  }
  return regions.length;
}"""


def unnamed_controls(page: Any) -> list[str]:
    """The game screen's controls a screen reader would announce without a name, read
    from the accessibility tree (Playwright's ARIA snapshot of ``#game``)."""
    snapshot = page.locator("#game").aria_snapshot()
    roles = "button|textbox|combobox|checkbox|radio|link|slider"
    control = re.compile(rf'^\s*- ({roles})\s*(""\s*)?:?$')
    return [line for line in snapshot.splitlines() if control.match(line)]
