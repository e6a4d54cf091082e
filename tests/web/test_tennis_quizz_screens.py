"""Tennis Quizz's screens as a class, a referee and friends on phones found them: the
score board and the report on a 390 px phone, the referee and teacher modes from the
lobby with named teams, the jeu décisif followed question by question, the end of a
class match, names instead of seat numbers, and the projector in a tab of its own."""

from __future__ import annotations

import re
from typing import Any

from browsing import DESKTOP, create_table, no_errors, open_page
from playwright.sync_api import expect

PHONE_390 = {"width": 390, "height": 844}
TEAM_A = "Les Aigles du collège Moulin"
TEAM_B = "Les Ours polaires de la 5e B"


SHOWN = (
    "document.querySelector('#tq-score').innerText + document.querySelector('#tq-status').innerText"
)


def tap(page: Any, key: str) -> None:
    """One point by key (S: to the server, R: to the receiver), once the page has
    drawn the last one (the status or the board changes with every point)."""
    before = page.evaluate(f"() => {SHOWN}")
    page.keyboard.press(key)
    page.wait_for_function(f"b => {SHOWN} !== b", arg=before)


def serves(page: Any, team: str) -> bool:
    """Does ``team`` serve now ("À lire : Équipe A sert", the teacher's "Équipe A sert",
    or for a team the scorer named, "À lire — au service : Les Aigles")?"""
    status = page.locator("#tq-status").inner_text()
    return status.startswith(
        (f"À lire : {team} sert", f"{team} sert", f"À lire — au service : {team} —")
    )


def fits(page: Any) -> None:
    width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], f"the page scrolls sideways: {width}"
    right = page.evaluate(
        "Math.max(...[...document.querySelectorAll('#tq-score td.tq-points')]"
        ".map(e => e.getBoundingClientRect().right))"
    )
    assert right <= width[1], f"the Points column leaves the screen: {right} > {width[1]}"


def referee_from_lobby(browser: Any, url: str, **kw: Any) -> Any:
    page = open_page(browser, url + "/", **kw)
    page.select_option("#new-game", "tennis-quizz")
    page.click("#lobby-referee")  # straight to the referee's setup, no detour
    expect(page.locator("#tqh-mode-referee")).to_be_checked()
    page.fill("#tqh-team_a", TEAM_A)
    page.fill("#tqh-team_b", TEAM_B)
    page.select_option("#tqh-first_server", "0")
    return page


def test_a_referee_on_a_phone_names_the_teams_and_follows_a_jeu_decisif(
    server: Any, browser: Any, shots: Any
) -> None:
    page = referee_from_lobby(
        browser, server.url, viewport=PHONE_390, is_mobile=True, has_touch=True
    )
    page.check("#tqh-jeu_decisif")
    page.click("#tqh-create")
    expect(page.locator("#tq-status")).to_have_text(
        f"À lire — au service : {TEAM_A} — carte n°1, question 1"
    )
    # The buttons name the team that gets the point; no keyboard hints on a phone.
    # (a phone's reader and eye get the name without "— touche S").
    assert page.locator("#tq-server").inner_text() == (
        f"Point pour {TEAM_A} (au service : mauvaise réponse)"
    )
    expect(page.locator("#tq-receiver")).to_contain_text(f"Point pour {TEAM_B}")
    expect(page.locator("#tq-play .keys-help").first).to_be_hidden()
    expect(page.locator("#tq-score")).to_contain_text(TEAM_A)
    for _ in range(24):  # set 1: the Eagles win every point, 6-0
        tap(page, "s" if serves(page, TEAM_A) else "r")
    for _ in range(48):  # set 2: every server holds, 6-6
        tap(page, "s")
    fits(page)
    call = page.locator("#tq-call")
    expect(call).to_have_text(
        re.compile(r"^Jeu décisif — questions posées par .+ : 1/7 — bonnes réponses : 0 à 0$")
    )
    expect(page.locator("#tq-status")).to_contain_text("question 1/7")
    # A team's typed name is never the subject of a verb ("Les Ours polaires sert").
    expect(page.locator("#tq-status")).not_to_contain_text(" sert")
    asking = TEAM_A if TEAM_A in call.inner_text() else TEAM_B
    # The jeu décisif counts right answers: the buttons say whose answer it was.
    receivers = TEAM_B if asking == TEAM_A else TEAM_A
    expect(page.locator("#tq-receiver")).to_contain_text(f"✓ Bonne réponse : {receivers}")
    other = TEAM_B if asking == TEAM_A else TEAM_A
    receiving = 1 if asking == TEAM_A else 0
    tap(page, "r")  # a right answer of the receiving side
    # The Points column counts the right answers of the jeu décisif.
    expect(page.locator(f'#tq-score tr[data-side="{receiving}"] td.tq-points')).to_have_text("1")
    expect(call).to_contain_text(": 2/7")
    for key in "rrrsss" + "rrrrsss":  # 4 right answers each way: a tie
        tap(page, key)
    expect(page.locator("#tq-tie")).to_have_text(
        "Égalité 4-4 au jeu décisif précédent : nouvelles cartes, on recommence à 0-0."
    )
    # New cards, the other side asks first.
    expect(call).to_have_text(
        f"Jeu décisif — questions posées par {other} : 1/7 — bonnes réponses : 0 à 0"
    )
    fits(page)
    shots(page, "referee-decider-390", full_page=False)
    no_errors(page)


def test_at_six_all_without_the_variant_the_next_game_decides(
    server: Any, browser: Any, shots: Any
) -> None:
    page = referee_from_lobby(browser, server.url, viewport=DESKTOP)
    page.click("#tqh-create")
    expect(page.locator("#tq-status")).to_contain_text(TEAM_A)
    for _ in range(24):  # set 1 to the Eagles
        tap(page, "s" if serves(page, TEAM_A) else "r")
    for _ in range(44):  # every server holds: 6-5
        tap(page, "s")
    expect(page.locator("#tq-final-game")).to_have_count(0)
    for _ in range(4):
        tap(page, "s")
    expect(page.locator("#tq-final-game")).to_have_text(
        "6-6 : le prochain jeu décide du set (7-6)."
    )
    # The projector's board (two fifths of the width, large type) keeps its Points
    # column in its box with a set played and long team names.
    box = page.evaluate(
        "(() => { const b = document.querySelector('.tq-board-box');"
        " return [b.scrollWidth, b.clientWidth]; })()"
    )
    assert box[0] <= box[1], f"the board overflows its box: {box}"
    fits(page)
    shots(page, "referee-six-all-1280", full_page=False)
    no_errors(page)


def test_teacher_end_screen_buttons_first_and_a_new_match_asks(
    server: Any, browser: Any, shots: Any
) -> None:
    page = open_page(
        browser,
        server.url + "/static/games/tennis-quizz-host.html?mode=teacher",
        viewport=PHONE_390,
        is_mobile=True,
        has_touch=True,
    )
    expect(page.locator("#tqh-mode-teacher")).to_be_checked()
    page.select_option("#tqh-sets_to_win", "1")
    page.select_option("#tqh-first_server", "0")
    page.click("#tqh-create")
    code = page.locator("#tqh-code-small").inner_text().replace("-", "")
    # A pupil's phone following the table sees the game, not the teacher's instructions.
    pupil = open_page(
        browser, f"{server.url}/t/{code}", viewport=PHONE_390, is_mobile=True, has_touch=True
    )
    expect(pupil.locator("#tq-status")).to_have_text(
        "Équipe A sert : écoutez la question, Équipe B répond à voix haute."
    )
    for _ in range(24):
        tap(page, "s" if serves(page, "Équipe A") else "r")
    expect(page.locator("#tq-winner")).to_contain_text("Équipe A")
    again = page.locator("#tqh-again")
    expect(again).to_have_text("Rejouer avec les mêmes cartes")  # the table page's words
    expect(page.locator("#tq-report tbody tr")).to_have_count(24)
    top_buttons = again.bounding_box()["y"]
    assert top_buttons < page.locator("#tq-report").bounding_box()["y"]
    assert top_buttons < 844, "the end's buttons are on the first screen"
    # The report is small cards on a phone: nothing to scroll sideways.
    width = page.evaluate("[document.documentElement.scrollWidth, innerWidth]")
    assert width[0] <= width[1], width
    label = page.evaluate(
        "getComputedStyle(document.querySelector('#tq-report tbody td:nth-child(3)'),"
        " '::before').content"
    )
    assert "qui répond" in label, label
    shots(page, "teacher-end-390")
    page.click("#tqh-new")
    expect(page.locator("#tqh-confirm")).to_contain_text("Lancer un nouveau match ?")
    expect(page.locator("#tq-winner")).to_be_visible()  # nothing started yet
    page.click("#tqh-change")
    expect(page.locator("#tqh-setup")).to_be_visible()
    expect(page.locator("#tqh-mode-teacher")).to_be_checked()  # the match's settings
    expect(page.locator("#tqh-sets_to_win")).to_have_value("1")
    no_errors(page, pupil)


def test_names_teams_and_the_projector_tab_on_the_table_page(
    server: Any, browser: Any, shots: Any
) -> None:
    # A team match made in the lobby: each place says its team.
    lobby = open_page(browser, server.url + "/", viewport=DESKTOP)
    lobby.select_option("#new-game", "tennis-quizz")
    lobby.fill("#new-opt-players", "4")
    lobby.dispatch_event("#new-opt-players", "change")
    expect(lobby.locator('label[for="new-seat-1"]')).to_have_text("Place 2 — équipe B")
    lobby.click("#create")
    expect(lobby.locator("#seats")).to_contain_text("Place 3 — équipe A")
    # One against one: the side is its player, not "Équipe A · Alice".
    made = create_table(
        server.url,
        {
            "game": "tennis-quizz",
            "options": {"players": 2, "sets_to_win": 1},
            "seats": [{}, {"bot": "quiz"}],
        },
    )
    code = made["code"]
    page = open_page(browser, f"{server.url}/t/{code}", viewport=DESKTOP)
    page.evaluate(f"localStorage.setItem('partie.owner.{code}', '{made['owner_token']}')")
    page.reload()
    page.fill("#sit-name", "Alice")
    page.click('button.sit[data-seat="0"]')
    page.click("#start")
    expect(page.locator('#tq-score tr[data-side="0"] .tq-team')).to_have_text("Alice (vous)")
    # The projector opens in its own tab: this page keeps Alice's seat.
    link = page.locator("#classroom-link")
    expect(link).to_have_attribute("target", "_blank")
    with page.context.expect_page() as opened:
        link.click()
    projector = opened.value
    expect(projector.locator("#tq-score")).to_be_visible()
    expect(projector.locator("#tq-score")).not_to_contain_text("absent")
    expect(page.locator("#tq-score")).to_be_visible()
    assert page.url.endswith(f"/t/{code}")
    no_errors(page, lobby)


def test_the_upload_says_each_problem_once_in_the_pages_language(
    server: Any, browser: Any, shots: Any
) -> None:
    page = open_page(browser, server.url + "/static/games/tennis-quizz-host.html", viewport=DESKTOP)
    expect(page.locator("#tqh-csv-columns")).to_contain_text("question ; réponse ; mauvaise1")
    rows = "".join(f"Q{i} ?;r{i};w{i};x{i}\n" for i in range(30))
    broken = "question;réponse;mauvaise1;mauvaise2\n" + rows.replace("Q2 ?;r2;w2;x2", "Q2 ?;;w2;x2")
    broken = broken.replace("Q7 ?;r7;w7;x7", "Q7 ?;r7;r7;x7")
    page.set_input_files(
        "#tqh-file",
        files=[{"name": "quiz.csv", "mimeType": "text/csv", "buffer": broken.encode("cp1252")}],
    )
    errors = page.locator("#tqh-error-list li")
    # Both problems in one round: the unreadable row and the checker's error.
    expect(errors).to_have_count(2)
    expect(errors.nth(0)).to_have_text("ligne 4 : case(s) vide(s) ou absente(s) : réponse")
    expect(errors.nth(1)).to_have_text(
        "ligne 9 : mauvaises réponses : une mauvaise réponse est identique à la bonne"
    )
    shots(page, "upload-refused", full_page=False)
    page.set_input_files(
        "#tqh-file",
        files=[
            {"name": "quiz.docx", "mimeType": "application/octet-stream", "buffer": b"PK\x03\x04x"}
        ],
    )
    expect(page.locator("#tqh-error-list")).to_contain_text("Enregistrer sous")
    page.click("#lang")
    expect(page.locator("#tqh-setup")).to_contain_text("How do you play?")
    page.set_input_files(
        "#tqh-file",
        files=[{"name": "quiz.csv", "mimeType": "text/csv", "buffer": broken.encode("cp1252")}],
    )
    expect(page.locator("#tqh-error-list li").nth(0)).to_have_text(
        "line 4: empty or missing cell(s): réponse"
    )
    no_errors(page)


def test_overruling_buttons_differ_and_i_dont_know_speaks_english(
    server: Any, browser: Any, shots: Any
) -> None:
    """A pro (place 2, in English) and a beginner (place 1, in French) with the
    correction option: the server's Accept and Refuse buttons do not look alike, and
    "I don't know" is written in each page's own language."""
    made = create_table(
        server.url,
        {
            "game": "tennis-quizz",
            "options": {"players": 2, "pros": "2", "overrule": True, "sets_to_win": 1},
            "seats": [{}, {}],
        },
    )
    code = made["code"]
    ana = open_page(browser, f"{server.url}/t/{code}", viewport=DESKTOP)
    ana.evaluate(f"localStorage.setItem('partie.owner.{code}', '{made['owner_token']}')")
    ana.reload()
    ana.fill("#sit-name", "Ana")
    ana.click('button.sit[data-seat="0"]')
    bob = open_page(browser, f"{server.url}/t/{code}?lang=en", viewport=DESKTOP)
    bob.fill("#sit-name", "Bob")
    bob.click('button.sit[data-seat="1"]')
    ana.click("#start")
    for _ in range(60):
        if ana.locator("#tq-accept").count():
            break
        if bob.locator("#tq-dont-know:enabled").count():
            bob.click("#tq-dont-know")
        elif ana.locator("button.tq-choice:enabled").count():
            ana.locator("button.tq-choice:enabled").first.click()
        ana.wait_for_timeout(150)
    accept, refuse = ana.locator("#tq-accept"), ana.locator("#tq-refuse")
    expect(accept).to_be_visible()
    colours = [
        b.evaluate("e => [getComputedStyle(e).backgroundColor, getComputedStyle(e).color]")
        for b in (accept, refuse)
    ]
    assert colours[0] != colours[1], colours
    expect(ana.locator("#tq-status")).to_contain_text("« (ne sait pas) »")
    shots(ana, "overrule-buttons", full_page=False)
    refuse.click()
    expect(bob.locator("#tq-last-line")).to_contain_text("“(does not know)”")
    expect(bob.locator("#tq-last-line")).not_to_contain_text("je ne sais pas")
    no_errors(ana, bob)
