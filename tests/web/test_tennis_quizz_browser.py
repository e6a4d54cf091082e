"""Tennis Quizz in real headless Chromium: the classroom page on a "projector" with two
phones joining by the code and playing a one-set match to its end (a deck uploaded in
the browser, a broken one refused with its line first), then the report and its CSV;
and referee mode scoring a set by clicks and keys, with an undo."""

from __future__ import annotations

import re
import time
from typing import Any

from browsing import DESKTOP, PHONE, WATCH_LIVE, no_errors, open_page, unnamed_controls
from playwright.sync_api import expect

HOST = "/static/games/tennis-quizz-host.html"


def marked_deck(cards: int = 6) -> str:
    """Every question, right answer and wrong choice is a marker the test can read:
    question ``Qc01n3 ?``, right answer ``Rc01n3``, wrong ones ``Wc01n3a``/``Wc01n3b``."""
    out = ['[deck]\nid = "marques"\ntitle = "Marqueurs"\nlanguage = "fr"\n\n']
    for c in range(1, cards + 1):
        out.append(f'[[cards]]\nid = "c{c:02d}"\n\n')
        for n in range(1, 8):
            key = f"c{c:02d}n{n}"
            out.append(
                f'[[cards.questions]]\ntext = "Q{key} ?"\nanswer = "R{key}"\n'
                f'wrong = ["W{key}a", "W{key}b"]\ndifficulty = 2\nsource = "tests"\n\n'
            )
    return "".join(out)


def upload(page: Any, name: str, text: str) -> None:
    page.set_input_files(
        "#tqh-file", files=[{"name": name, "mimeType": "text/plain", "buffer": text.encode()}]
    )


def join(browser: Any, url: str, code: str, name: str, seat: int) -> Any:
    phone = open_page(browser, url + "/", viewport=PHONE, is_mobile=True, has_touch=True)
    phone.fill("#join-code", code)
    phone.press("#join-code", "Enter")
    expect(phone).to_have_url(re.compile(f"/t/{code.replace('-', '').upper()}$"))
    phone.fill("#sit-name", name)
    phone.click(f'button.sit[data-seat="{seat}"]')
    expect(phone.locator("#you")).to_contain_text(f"place {seat + 1}")
    return phone


def play_out(host: Any, phones: list[tuple[Any, str]], limit: float = 90) -> int:
    """Each phone answers the questions put to it: the first always right (by keys),
    the second always wrong (by clicks), until the projector shows the winner."""
    done: dict[int, str] = {}
    answered = 0
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        if host.locator("#tq-winner").count():
            return answered
        for k, (phone, want) in enumerate(phones):
            enabled = phone.locator("button.tq-choice:enabled")
            if enabled.count() != 3:
                continue
            question = phone.locator("#tq-question").inner_text()
            if done.get(k) == question:
                continue
            key = re.search(r"Q(c\d+n\d)", question).group(1)
            target = phone.locator(f"button.tq-choice:has-text('{want}{key}')").first
            if want == "R":
                letter = target.inner_text()[0]
                phone.keyboard.press(letter)
            else:
                target.click()
            done[k] = question
            answered += 1
        time.sleep(0.05)
    raise AssertionError("the match did not end in time")


def test_classroom_projector_and_two_phones_play_a_set(
    server: Any, browser: Any, shots: Any
) -> None:
    host = open_page(browser, server.url + HOST, viewport=DESKTOP)
    expect(host.locator("#tqh-setup")).to_be_visible()
    host.select_option("#tqh-sets_to_win", "1")
    broken = marked_deck().replace('answer = "Rc03n4"', 'answer = ""')
    upload(host, "classe.toml", broken)
    line = next(k for k, t in enumerate(broken.splitlines(), 1) if t == 'answer = ""')
    expect(host.locator("#tqh-error-list")).to_contain_text(f"ligne {line} :")
    shots(host, "deck-refused")
    upload(host, "classe.toml", marked_deck())
    expect(host.locator("#tqh-upload-ok")).to_contain_text("6 cartes")
    expect(host.locator("#tqh-deck")).to_have_value(re.compile(r"^upload:[0-9a-f]{64}$"))
    host.click("#tqh-create")
    expect(host.locator("#tqh-code")).to_have_text(re.compile(r"^[A-Z2-9]{3}-[A-Z2-9]{3}$"))
    code = host.locator("#tqh-code").inner_text()
    shots(host, "projector-code")

    ana = join(browser, server.url, code.replace("-", "").lower(), "Les Aigles", 0)
    bob = join(browser, server.url, code, "Les Ours", 1)
    expect(host.locator("#tqh-seats")).to_contain_text("Les Ours")
    host.click("#tqh-start")
    expect(host.locator("#tq-score")).to_be_visible()
    expect(host.locator("#tq-question")).to_contain_text(re.compile(r"Qc\d+n\d"))
    # The projector shows the question, never its answer before it is judged.
    expect(host.locator("#tq-answer")).to_have_count(0)
    server_phone = ana if "●" in host.locator('#tq-score tr[data-side="0"]').inner_text() else bob
    expect(server_phone.locator("#tq-answer")).to_contain_text("Bonne réponse : R")
    shots(host, "projector-question")
    for phone in (ana, bob):
        width = phone.evaluate("[document.documentElement.scrollWidth, innerWidth]")
        assert width[0] <= width[1], f"the page scrolls sideways on a phone: {width}"
    shots(ana, "phone-a", full_page=False)
    shots(bob, "phone-b", full_page=False)

    answered = play_out(host, [(ana, "R"), (bob, "W")])
    assert answered == 24  # every point to the first team: 6-0 in four-point games
    expect(host.locator("#tq-winner")).to_contain_text("Les Aigles")
    expect(host.locator("#tq-sets")).to_contain_text("6-0")
    expect(host.locator("#tq-report tbody tr")).to_have_count(24)
    host.check("#tq-missed")
    expect(host.locator("#tq-report tbody tr")).to_have_count(12)  # the Bears' misses
    shots(host, "projector-report")
    with host.expect_download() as got:
        host.click("#tq-csv")
    with open(got.value.path(), encoding="utf-8-sig") as handle:
        text = handle.read()
    assert text.splitlines()[0].startswith("n°;set;") and len(text.splitlines()) == 25
    # The shell's replay page mounts the same screen, read-only, on every step.
    host.goto(f"{server.url}/replay/{code.replace('-', '')}")
    expect(host.locator("#tq-score")).to_be_visible()
    expect(host.locator("#tq-winner")).to_contain_text("Les Aigles")
    expect(host.locator("button.tq-choice")).to_have_count(0)
    no_errors(host, ana, bob)


def test_referee_mode_scores_a_set_by_clicks_and_keys(
    server: Any, browser: Any, shots: Any
) -> None:
    page = open_page(browser, server.url + HOST, viewport=PHONE, is_mobile=True, has_touch=True)
    page.check("#tqh-mode-referee")
    page.select_option("#tqh-sets_to_win", "1")
    page.select_option("#tqh-first_server", "0")
    page.click("#tqh-create")
    status = page.locator("#tq-status")
    expect(status).to_have_text("À lire : Équipe A sert — carte n°1, question 1")
    page.click("#tq-receiver")  # 0-15
    expect(page.locator("#tq-call")).to_have_text("Score du jeu : 0-15")
    page.click("#tq-undo")
    expect(page.locator("#tq-call")).to_have_text("Score du jeu : 0-0")
    expect(status).to_have_text("À lire : Équipe A sert — carte n°1, question 1")
    shots(page, "referee-start", full_page=False)
    width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways on a phone: {width}"
    expected = {
        4: "Équipe B sert — carte n°1, question 2",  # B's own pile
        8: "Équipe A sert — carte n°1, question 6",  # A's card resumed where game 1 left it
        11: "Équipe B sert — carte n°1, question 5",  # A's card ran out mid-game: card 2
        15: "Équipe A sert — carte n°2, question 2",
    }
    for point in range(24):  # team A wins every point: by key on serve, by click on return
        before = status.inner_text()
        if "Équipe A sert" in before:
            page.keyboard.press("s")
        else:
            page.click("#tq-receiver")
        if point < 23:
            expect(status).not_to_have_text(before)
        if point in expected:
            expect(status).to_have_text("À lire : " + expected[point])
    expect(page.locator("#tq-winner")).to_contain_text("Équipe A")
    expect(page.locator("#tq-sets")).to_contain_text("6-0")
    shots(page, "referee-set-won")
    no_errors(page)


def test_teacher_alone_in_english_reveals_the_answer_and_judges(
    server: Any, browser: Any, shots: Any
) -> None:
    page = open_page(browser, server.url + HOST, viewport=DESKTOP)
    page.click("#lang")  # French first; the switch is kept for the next visit
    expect(page.locator("#tqh-setup")).to_contain_text("How do you play?")
    page.check("#tqh-mode-teacher")
    page.click("#tqh-create")
    question = page.locator("#tq-question")
    expect(question).not_to_be_empty()
    expect(page.locator("#tq-answer")).to_have_count(0)  # hidden from the class by default
    page.click("#tq-reveal")
    expect(page.locator("#tq-reveal")).to_have_attribute("aria-pressed", "true")
    answer = page.locator("#tq-answer").inner_text().removeprefix("Right answer: ")
    shots(page, "teacher-answer-shown")
    asked = question.inner_text()
    page.click("#tq-receiver")
    expect(page.locator("#tq-last-line")).to_contain_text(f"✓ Right {asked}")
    expect(page.locator("#tq-last-line")).to_contain_text(f"Right answer: {answer}")
    expect(page.locator("#tq-answer")).to_have_count(0)  # hidden again for the next one
    expect(page.locator("#tq-call")).to_contain_text("Game score: 0-15")
    page.keyboard.press("u")
    expect(page.locator("#tq-call")).to_contain_text("Game score: 0-0")
    expect(question).to_have_text(asked)  # undone: the same question again
    no_errors(page)


SAME_MOMENT = """([selector, index, at]) => setTimeout(
  () => document.querySelectorAll(selector)[index].click(), at - Date.now())"""


def test_a_class_of_twelve_phones_in_one_classroom(server: Any, browser: Any, shots: Any) -> None:
    """Twelve phones type the projector's code: six take the seats of two teams of
    three, six watch. Two pupils of the serving team tap "serves" at the same moment:
    one choice is played, the other pupil is told who was first and what they chose
    (not "another tab or a slow network"). The pupil who answers reloads mid-question
    and finds the same question and choices; the watchers never get buttons, and their
    live regions are written only when what they say changes."""
    host = open_page(browser, server.url + HOST, viewport=DESKTOP)
    host.select_option("#tqh-players", "6")
    host.click("#tqh-create")
    code = host.locator("#tqh-code")
    expect(code).to_have_text(re.compile(r"^[A-Z2-9]{3}-[A-Z2-9]{3}$"))
    code = code.inner_text()
    pupils = [join(browser, server.url, code, f"Élève {n + 1}", n) for n in range(6)]
    watchers = []
    for _ in range(6):
        phone = open_page(browser, server.url + "/", viewport=PHONE, is_mobile=True, has_touch=True)
        phone.fill("#join-code", code.lower())
        phone.press("#join-code", "Enter")
        expect(phone.locator("#you")).to_contain_text("spectat")
        watchers.append(phone)
    expect(host.locator("#tqh-seats")).to_contain_text("Élève 6")
    host.click("#tqh-start")

    expect(watchers[0].locator("#tq-status")).to_contain_text("Vous regardez le match")
    assert watchers[0].evaluate(WATCH_LIVE) >= 2
    serve = "button[id^=tq-server-]"
    deadline = time.monotonic() + 20
    team: list[Any] = []
    while len(team) < 3 and time.monotonic() < deadline:
        team = [p for p in pupils if p.locator(f"{serve}:enabled").count()]
    assert len(team) == 3, "the serving team's three phones choose its server"
    first, second = team[0], team[1]
    at = first.evaluate("Date.now()") + 400
    first.evaluate(SAME_MOMENT, [serve, 0, at])
    second.evaluate(SAME_MOMENT, [serve, 1, at])
    answering = host.locator("#tq-status")
    expect(answering).to_contain_text("répond")
    too_late = [p for p in (first, second) if "Trop tard" in p.locator("#tq-message").inner_text()]
    if not too_late:  # the second tap's refusal may still be on its way
        second.wait_for_timeout(500)
        too_late = [
            p for p in (first, second) if "Trop tard" in p.locator("#tq-message").inner_text()
        ]
    assert len(too_late) == 1, [p.locator("#tq-message").inner_text() for p in (first, second)]
    message = too_late[0].locator("#tq-message").inner_text()
    other = second if too_late[0] is first else first
    # Said with names: who tapped first and whom they chose (not a seat number).
    assert re.search(
        r"^Trop tard : Élève \d a choisi Élève \d pour servir ce jeu\. "
        r"Votre choix n'a pas été joué\.$",
        message,
    ), message
    assert other.locator("#tq-message").inner_text() == ""
    shots(too_late[0], "too-late", full_page=False)

    choices = "button.tq-choice:enabled"
    answerer = next(p for p in pupils if p.locator(choices).count() == 3)
    question = answerer.locator("#tq-question").inner_text()
    answerer.reload()
    expect(answerer.locator(choices)).to_have_count(3)
    assert unnamed_controls(answerer) == []
    assert answerer.locator("#tq-question").inner_text() == question
    answerer.locator(choices).first.click()
    expect(host.locator("#tq-score")).to_contain_text("15")
    for phone in watchers:
        expect(phone.locator("button.tq-choice")).to_have_count(0)
        width = phone.evaluate("[document.documentElement.scrollWidth, innerWidth]")
        assert width[0] <= width[1], f"the page scrolls sideways on a phone: {width}"
    expect(watchers[0].locator("#tq-status")).to_contain_text("Vous regardez le match")
    expect(watchers[0].locator("#tq-last")).to_contain_text("Dernier point")
    watchers[1].reload()  # every page gets the table again, with nothing new in it
    expect(watchers[1].locator("#tq-status")).to_contain_text("Vous regardez le match")
    watchers[0].wait_for_timeout(300)
    # A watcher's screen reader hears each change once (the reload above, a pupil's
    # page coming and going, wrote the same words again into its live regions).
    assert watchers[0].evaluate("window.liveSame") == []
    shots(watchers[0], "watching", full_page=False)
    no_errors(host, *pupils, *watchers)
