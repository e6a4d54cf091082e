"""The loose ends a class or a group of friends would hit, in real Chromium: the
classroom projector opened in a seated teacher's browser shows the public view and keeps
the teacher's controls; the questions report names a bot's seat as the board does; The
Game's end says "Partie terminée" once; the keyboard stays put after "S'asseoir ici";
the owner's options carry a tag answered by the server; and the link other devices can
open when the server listens on the network."""

from __future__ import annotations

import ipaddress
import json
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from browsing import Server, no_errors, open_page
from playwright.sync_api import expect

HOST = "/static/games/tennis-quizz-host.html"

CREATE = """async ({ body }) => {
  const answer = await fetch("/api/tables", {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  });
  const data = await answer.json();
  localStorage.setItem(`partie.owner.${data.code}`, data.owner_token);
  return data.code;
}"""


def create_as_owner(page: Any, body: dict[str, Any]) -> str:
    """A table created by this browser (its owner token kept as the lobby keeps it)."""
    return page.evaluate(CREATE, {"body": body})


def frames(page: Any) -> tuple[list[dict], list[dict]]:
    """Every websocket frame the page sends and receives, decoded, as they come."""
    sent: list[dict] = []
    got: list[dict] = []

    def watch(ws: Any) -> None:
        ws.on("framesent", lambda payload: sent.append(json.loads(payload)))
        ws.on("framereceived", lambda payload: got.append(json.loads(payload)))

    page.on("websocket", watch)
    return sent, got


def test_a_seated_teacher_projects_the_public_view_and_keeps_the_controls(
    server: Any, browser: Any, shots: Any
) -> None:
    teacher = open_page(browser, server.url + "/")
    code = create_as_owner(
        teacher,
        {
            "game": "tennis-quizz",
            "options": {"players": 2, "sets_to_win": 1},
            "seats": [{}, {"bot": "quiz:0.5"}],
        },
    )
    teacher.goto(server.url + f"/t/{code}")
    teacher.fill("#sit-name", "Prof")
    teacher.click('button.sit[data-seat="0"]')
    expect(teacher.locator("#you")).to_contain_text("place 1")

    # The seated teacher is offered the classroom screen; it opens in another tab of
    # the same browser (same storage: the seat's token is the owner's).
    link = teacher.locator("#classroom-link")
    expect(link).to_have_attribute("href", f"{HOST}?table={code}")
    projector = teacher.context.new_page()
    projector.errors = []
    projector.on("pageerror", lambda exc: projector.errors.append(str(exc)))
    sent, got = frames(projector)
    projector.goto(server.url + link.get_attribute("href"))
    start = projector.locator("#tqh-start")
    expect(start).to_be_enabled()  # the owner's control, from a page with no seat
    hello = next(f for f in sent if f["type"] == "hello")
    assert hello["watch"] is True
    welcome = next(f for f in got if f["type"] == "welcome")
    assert welcome["you"] == {"seat": None, "owner": True}
    start.click()
    expect(projector.locator("#tq-question, #tq-board").first).to_be_visible()
    views = [f["view"] for f in got if f["type"] == "table" and f["view"] is not None]
    assert views and all(v["seat"] is None for v in views)  # never seat 0's view
    expect(teacher.locator("#you")).to_contain_text("place 1")  # the seat stays the teacher's
    expect(teacher.locator(".seat-tools #classroom-link")).to_be_visible()  # under the board
    shots(projector, "projector-of-a-seated-teacher", full_page=False)

    # The teacher leaves the seat: bots finish the set; the report names each answering
    # seat as the board does ("Robot débutant"), never by the bare bot id.
    teacher.once("dialog", lambda dialog: dialog.accept())
    teacher.click("#leave")
    expect(projector.locator("#tq-report tbody tr").first).to_be_visible(timeout=60_000)
    who = projector.locator("#tq-report tbody tr td:nth-child(3)").all_inner_texts()
    assert who and all(cell.startswith("Robot ") for cell in who), who
    assert any("Robot débutant" in cell for cell in who)
    assert not any("quiz" in cell for cell in who)
    expect(projector.locator("#tqh-again")).to_be_visible()  # owner controls at the end
    no_errors(teacher, projector)


def test_the_game_says_it_is_over_once(server: Any, browser: Any) -> None:
    page = open_page(browser, server.url + "/")
    code = create_as_owner(
        page,
        {"game": "the-game", "options": {"players": 2}, "seats": [{"bot": "greedy"}] * 2},
    )
    page.goto(server.url + f"/t/{code}")
    page.click("#start")
    expect(page.locator("#tg-end")).to_be_visible(timeout=60_000)
    assert page.locator("body").inner_text().count("Partie terminée") == 1
    no_errors(page)


def test_the_keyboard_stays_after_sitting_and_options_carry_their_tag(
    server: Any, browser: Any
) -> None:
    owner = open_page(browser, server.url + "/")
    code = create_as_owner(owner, {"game": "the-game", "options": {"players": 3}})
    sent, got = frames(owner)
    owner.goto(server.url + f"/t/{code}")
    owner.fill("#sit-name", "Ana")
    owner.focus('button.sit[data-seat="0"]')
    owner.keyboard.press("Enter")
    expect(owner.locator("#you")).to_be_focused()
    expect(owner.locator("#you")).to_contain_text("place 1")

    owner.check("#tbl-opt-expert")
    owner.click("#apply-options")
    expect(owner.locator("#options-applied")).to_be_visible()
    options = [f for f in sent if f["type"] == "options"]
    assert len(options) == 1 and options[0]["tag"]
    done = [f for f in got if f["type"] == "done"]
    assert done == [{"type": "done", "ref": "options", "tag": options[0]["tag"]}]
    expect(owner.locator("#tbl-opt-expert")).to_be_checked()
    no_errors(owner)


def _machine_ipv4() -> list[str]:
    out = subprocess.run(["ip", "-4", "-o", "addr"], capture_output=True, text=True).stdout
    found = []
    for line in out.splitlines():
        address = ipaddress.ip_address(line.split()[3].split("/")[0])
        if not address.is_loopback and not address.is_link_local:
            found.append(str(address))
    return sorted(found, key=ipaddress.ip_address)


def test_the_link_for_other_devices(server: Any, browser: Any, shots: Any, tmp_path: Path) -> None:
    if not shutil.which("ip") or not _machine_ipv4():
        pytest.skip("this machine has no network address besides loopback")
    lan = _machine_ipv4()[0]
    # Bound to 127.0.0.1 (the module's server): the localhost warning, no other link.
    local = open_page(browser, server.url + "/")
    code = create_as_owner(local, {"game": "the-game", "options": {"players": 2}})
    local.goto(server.url + f"/t/{code}")
    expect(local.locator("#local-only")).to_be_visible()
    expect(local.locator("#table-link")).to_have_text(server.url + f"/t/{code}")
    expect(local.locator("#lan-help")).to_have_count(0)

    network = Server(db=tmp_path / "lan.sqlite3", host="0.0.0.0")
    network.start()
    try:
        page = open_page(browser, network.url + "/")
        code = create_as_owner(page, {"game": "the-game", "options": {"players": 2}})
        page.goto(network.url + f"/t/{code}")
        link = f"http://{lan}:{network.port}/t/{code}"
        expect(page.locator("#table-link")).to_have_text(link)  # not 127.0.0.1's
        expect(page.locator("#lan-help")).to_be_visible()
        expect(page.locator("#local-only")).to_have_count(0)
        shots(page, "table-with-lan-link", full_page=False)
        other = open_page(browser, link)  # the link really opens the table
        expect(other.locator("#table-code")).to_have_text(f"{code[:3]}-{code[3:]}")

        quiz = create_as_owner(
            page, {"game": "tennis-quizz", "options": {"players": 2}, "seats": [{}, {}]}
        )
        page.goto(network.url + f"{HOST}?table={quiz}")
        join = page.locator("#tqh-join")
        expect(join).to_contain_text(f"http://{lan}:{network.port} ")
        assert "127.0.0.1" not in page.locator("#tqh-head").inner_text()
        expect(page.locator("#tqh-local-only")).to_have_count(0)
        shots(page, "classroom-with-lan-link", full_page=False)
        no_errors(page, other, local)
    finally:
        network.stop()
