"""The Game's take-back within the turn in real Chromium, on a 390 px phone: a card laid
on the wrong pile is taken back with one tap, played right, the turn ended; Ctrl+Z takes
back too, but not while typing in the table talk; the lobby's form offers the option
ticked; the record downloaded at the end replays with ``partie replay`` to the same game."""

from __future__ import annotations

import json
import subprocess
import sys
import urllib.request
from pathlib import Path
from typing import Any

from browsing import create_table, hand, no_errors, open_page, tops
from playwright.sync_api import expect

from partie.core import Record, replay

PHONE_390 = {"width": 390, "height": 844}


def phone(browser: Any, url: str) -> Any:
    return open_page(browser, url, viewport=PHONE_390, is_mobile=True, has_touch=True)


def lay(page: Any, card: int, pile: str) -> None:
    page.locator(f'#tg-hand button.card[data-card="{card}"]').tap()
    page.locator(f'#tg-piles [data-pile="{pile}"]').tap()
    expect(page.locator(f'#tg-hand button.card[data-card="{card}"]')).to_have_count(0)


def test_a_card_on_the_wrong_pile_is_taken_back_and_the_record_replays(
    server: Any, browser: Any, shots: Any, tmp_path: Path
) -> None:
    made = create_table(
        server.url,
        {
            "game": "the-game",
            "options": {"players": 1, "takeback": True},
            "seats": [{}],
            "settings": {"away_seconds": 1, "zombie_bot": "greedy"},
        },
    )
    code = made["code"]
    url = f"{server.url}/t/{code}"
    page = phone(browser, url)
    page.evaluate(f"localStorage.setItem('partie.owner.{code}', '{made['owner_token']}')")
    page.reload()
    page.fill("#sit-name", "Lou")
    page.click('button.sit[data-seat="0"]')
    page.click("#start")
    expect(page.locator("#tg-status")).to_have_text("À vous de jouer.")
    back = page.locator("#tg-take-back")
    expect(back).to_have_text("↶ Annuler la dernière carte")
    expect(back).to_be_disabled()  # nothing laid yet
    cards = hand(page)
    high, low = max(cards), min(cards)

    # The mistaken tap: the highest card on a rising pile.
    lay(page, high, "a1")
    assert tops(page) == [high, 1, 100, 100]
    shots(page, "wrong-pile", full_page=False)
    expect(back).to_be_enabled()
    box = back.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE_390["width"], box
    assert box["height"] >= 40  # a fingertip
    back.tap()  # one tap
    expect(page.locator(f'#tg-hand button.card[data-card="{high}"]')).to_have_count(1)
    assert tops(page) == [1, 1, 100, 100]
    expect(page.locator("#tg-last")).to_have_text(f"Dernier coup — Lou (vous) reprend le {high}")
    expect(back).to_be_disabled()

    # Played right, on a falling pile; then the lowest card on a rising one, taken back
    # by Ctrl+Z, but not while typing in the table talk.
    lay(page, high, "d1")
    lay(page, low, "a1")
    page.locator("#tg-chat-input").fill("oups")
    page.locator("#tg-chat-input").press("Control+z")
    page.wait_for_timeout(400)
    assert tops(page) == [low, 1, high, 100]
    page.locator("#tg-piles").click(position={"x": 2, "y": 2})  # out of the text field
    page.keyboard.press("Control+z")
    expect(page.locator(f'#tg-hand button.card[data-card="{low}"]')).to_have_count(1)
    assert tops(page) == [1, 1, high, 100]
    lay(page, low, "a1")
    expect(page.locator("#tg-laid")).to_have_text(f"Posées ce tour : {high} sur ↓D1, {low} sur ↑A1")
    page.click("#tg-end-turn")
    expect(page.locator("#tg-laid")).to_have_text("Posées ce tour : 0")
    expect(back).to_be_disabled()  # the turn is over: its cards stay down
    no_errors(page)

    # Lou leaves; a stand-in bot plays the rest, a spectator sees the end.
    page.context.close()
    watcher = phone(browser, url)
    expect(watcher.locator("#tg-end")).to_be_visible(timeout=90_000)
    watcher.click("#to-replay")
    expect(watcher.locator("#replay-step")).to_be_visible()
    # The replay shows the take-back as a move: the card back, the pile as it was.
    watcher.click("#replay-first")
    watcher.click("#replay-next")
    watcher.click("#replay-next")
    expect(watcher.locator("#replay-action")).to_have_text(f"Lou (place 1) : reprend le {high}")
    assert tops(watcher) == [1, 1, 100, 100]
    watcher.click("#lang")
    expect(watcher.locator("#replay-action")).to_contain_text(f"takes back the {high}")
    watcher.click("#lang")
    with watcher.expect_download() as got:
        watcher.click("#download")
    saved = tmp_path / got.value.suggested_filename
    got.value.save_as(saved)
    record = Record.read(saved)
    assert record.options["takeback"] is True
    assert [data for _seat, data in record.actions[:6]] == [
        {"type": "play", "card": high, "pile": "a1"},
        {"type": "takeback", "card": high},
        {"type": "play", "card": high, "pile": "d1"},
        {"type": "play", "card": low, "pile": "a1"},
        {"type": "takeback", "card": low},
        {"type": "play", "card": low, "pile": "a1"},
    ]
    assert record.actions[6][1] == {"type": "end"}
    answer = subprocess.run(
        [sys.executable, "-m", "partie", "replay", str(saved)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert answer.returncode == 0, answer.stdout + answer.stderr
    assert "résultat identique" in answer.stdout
    assert f"reprendre {high}" in answer.stdout
    assert replay(record).result.to_json() == json.loads(json.dumps(record.result))
    no_errors(watcher)


def test_the_lobby_form_ticks_the_option(server: Any, browser: Any) -> None:
    """A table made from the lobby's form, the box left as it is: take-back on; its
    button beside "Fin de tour" on a phone held upright or sideways."""
    page = phone(browser, server.url)
    expect(page.locator("#new-game option")).not_to_have_count(0)
    page.select_option("#new-game", "the-game")
    expect(page.locator("#new-opt-takeback")).to_be_checked()
    expect(page.locator("label[for=new-opt-takeback]")).to_have_text("Reprise dans le tour")
    page.click("#create")
    page.wait_for_url("**/t/*")
    code = page.url.rstrip("/").rsplit("/", 1)[-1]
    with urllib.request.urlopen(f"{server.url}/api/tables/{code}") as answer:
        table = json.loads(answer.read())
    assert table["options"]["takeback"] is True

    # In play, "Annuler la dernière carte" and "Fin de tour" share one row a finger can
    # tap; held sideways, the piles, the hand and both buttons fit on the screen.
    page.fill("#sit-name", "Lou")
    page.click('button.sit[data-seat="0"]')
    page.click("#start")
    back, end = page.locator("#tg-take-back"), page.locator("#tg-end-turn")
    expect(back).to_be_visible()
    a, b = back.bounding_box(), end.bounding_box()
    assert a and b and abs(a["y"] - b["y"]) < 2 and a["x"] + a["width"] <= b["x"], (a, b)
    assert min(a["height"], b["height"]) >= 40 and b["x"] + b["width"] <= 390, (a, b)
    page.set_viewport_size({"width": 740, "height": 360})
    page.wait_for_function("() => document.documentElement.clientWidth === 740")
    page.wait_for_timeout(50)
    span = page.evaluate(
        """() => Math.max(...['#tg-end-turn', '#tg-take-back'].map(
             (s) => document.querySelector(s).getBoundingClientRect().bottom))
           - document.querySelector('#tg-piles').getBoundingClientRect().top"""
    )
    assert span <= 360, span
    no_errors(page)
