"""The deck editor in real Chromium: a teacher writes questions on a phone-size page and
sees the checker's verdict beside each field while typing; a French Excel CSV becomes a
deck, its GIFT export comes back unchanged, and a classroom starts with it."""

from __future__ import annotations

import json
import re
import urllib.request
from pathlib import Path
from typing import Any

from browsing import PHONE, no_errors, open_page
from playwright.sync_api import expect

from quizz_decks import CAPITALS

API = "/api/games/tennis-quizz/editor"


def stored(server: Any, key: str, token: str) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{server.url}{API}/{key}", headers={"Authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())


def editor_key(page: Any) -> tuple[str, str]:
    key = re.search(r"/decks/([a-f0-9]+)", page.url).group(1)
    decks = json.loads(page.evaluate("localStorage.getItem('partie.decks')"))
    return key, next(d["token"] for d in decks if d["id"] == key)


def test_fourteen_questions_written_on_a_phone(server: Any, browser: Any, shots: Any) -> None:
    page = open_page(browser, server.url + "/decks", viewport=PHONE, is_mobile=True, has_touch=True)
    page.fill("#deck-new-title", "Les capitales")
    page.click("#deck-create")
    expect(page.locator("#deck-title")).to_have_value("Les capitales")
    for n, (country, capital, a, b) in enumerate(CAPITALS[:14]):
        if n == 0:
            page.click("#deck-add")
        text = page.locator(f"#q{n}-text")
        expect(text).to_be_focused()
        # The keyboard all the way: Enter moves on, and Enter in the last field adds
        # the next question.
        page.keyboard.type(f"Quelle est la capitale de ce pays : {country} ?")
        for value in (capital, a, b):
            page.keyboard.press("Enter")
            page.keyboard.type(value)
        page.keyboard.press("Enter")  # the difficulty stays 2
        page.keyboard.press("Enter")
        page.keyboard.type("Atlas")
        page.keyboard.press("Enter")
        if n < 13:
            page.keyboard.press("Enter")  # from the explanation: a new question
    expect(page.locator(".deck-question")).to_have_count(14)
    expect(page.locator("#deck-status")).to_have_text("Enregistré", timeout=20_000)
    shots(page, "fourteen")

    # A numeric question: the right answer in the middle is flagged beside the wrong
    # choices, with better values to try; it goes away once both are on one side.
    page.fill("#q13-text", "En quelle année le mur de Berlin est-il tombé ?")
    page.fill("#q13-answer", "1989")
    page.fill("#q13-wrong0", "1987")
    page.fill("#q13-wrong1", "1991")
    warning = page.locator("#q13-wrong-problems li.warning")
    expect(warning).to_contain_text("valeur du milieu")
    expect(warning).to_contain_text("1991 ; 1993")
    shots(page, "middle-value", full_page=False)
    page.fill("#q13-wrong0", "1993")
    expect(warning).to_have_count(0)

    # What the page shows is what the server holds, after a reload too.
    expect(page.locator("#deck-status")).to_have_text("Enregistré", timeout=20_000)
    key, token = editor_key(page)
    doc = stored(server, key, token)["doc"]
    assert len(doc["questions"]) == 14
    assert doc["questions"][13]["wrong"] == ["1993", "1991"]
    assert doc["questions"][5]["answer"] == "Vienne"
    page.reload()
    expect(page.locator(".deck-question")).to_have_count(14)
    expect(page.locator("#deck-summary")).to_contain_text("Pas encore jouable")
    no_errors(page)


def test_excel_csv_imported_gift_round_trip_and_a_classroom(
    server: Any, browser: Any, shots: Any, tmp_path: Path
) -> None:
    rows = ["question;réponse;mauvaise1;mauvaise2;difficulté;source"]
    rows += [f"Quelle est la capitale de ce pays : {c} ?;{cap};{a};{b};1;Atlas"
             for c, cap, a, b in CAPITALS]  # fmt: skip
    csv_file = tmp_path / "capitales.csv"
    csv_file.write_bytes(("\r\n".join(rows) + "\r\n").encode("cp1252"))
    page = open_page(browser, server.url + "/decks")
    page.set_input_files("#deck-new-file", str(csv_file))
    expect(page.locator(".deck-question")).to_have_count(28)
    expect(page.locator("#q19-text")).to_have_value("Quelle est la capitale de ce pays : Égypte ?")
    expect(page.locator("#deck-summary")).to_contain_text("Prêt à jouer : 4 cartes")
    shots(page, "imported")
    key, token = editor_key(page)

    with page.expect_download() as download:
        page.click('[data-export="gift"]')
    gift = tmp_path / "capitales.gift"
    download.value.save_as(gift)
    assert "::c01-1::" in gift.read_text(encoding="utf-8")
    other = open_page(browser, server.url + "/decks")
    other.set_input_files("#deck-new-file", str(gift))
    expect(other.locator(".deck-question")).to_have_count(28)
    again, again_token = editor_key(other)
    before = stored(server, key, token)["doc"]["questions"]
    after = stored(server, again, again_token)["doc"]["questions"]
    assert after == before

    page.click("#deck-use-class")
    expect(page).to_have_url(re.compile(r"tennis-quizz-host\.html\?table=[A-Z2-9]{6}$"))
    code = page.url.rsplit("=", 1)[1]
    with urllib.request.urlopen(f"{server.url}/api/tables/{code}") as answer:
        table = json.loads(answer.read())
    assert table["game"] == "tennis-quizz" and table["options"]["deck"].startswith("sha256:")
    shots(page, "classroom")
    no_errors(page, other)
