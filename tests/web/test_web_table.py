"""Two people and a spectator at one table of The Game, in real Chromium; then a game of
bots played to the end, its result, its replay and its download."""

from __future__ import annotations

import json
import re
from typing import Any

from browsing import PHONE, expect_turn, first_fitting, hand, no_errors, open_page, tops
from playwright.sync_api import expect


def create_table(
    page: Any, players: int, seats: dict[int, str], name: str = "", listed: bool = False
) -> str:
    """Fill the lobby's "new table" form (``listed``: shown in the lobby's lists);
    returns the table's code as shown (ABC-DEF)."""
    expect(page.locator("#new-game")).to_have_value("the-game")
    page.fill("#new-opt-players", str(players))
    page.dispatch_event("#new-opt-players", "change")
    for seat, bot in seats.items():
        page.select_option(f"#new-seat-{seat}", bot)
    if name:
        page.fill("#new-name", name)
    if listed:
        page.check("#new-listed")
    page.click("#create")
    code = page.locator("#table-code")
    expect(code).to_have_text(re.compile(r"^[A-Z2-9]{3}-[A-Z2-9]{3}$"))
    return code.inner_text()


def lay_by_clicking(page: Any, cards: int) -> list[int]:
    """Lay ``cards`` cards, each by clicking a card that fits and then a pile the page
    marks as a target; returns the cards laid."""
    laid = []
    for _ in range(cards):
        before = hand(page)
        layout = places(page)
        value, card = first_fitting(page)
        card.click()
        expect(card).to_have_attribute("aria-pressed", "true")
        assert places(page) == layout  # choosing a card moves nothing on the page
        page.locator("#tg-piles .pile-target.target").first.click()
        expect(card).to_have_count(0)
        assert len(hand(page)) == len(before) - 1
        assert places(page) == layout  # nor does laying it: its place stays in the hand
        laid.append(value)
    return laid


def refuse_a_blocked_card(page: Any) -> bool:
    """Choose a card that some pile does not take, lay it there, and check the engine's
    refusal is shown and nothing moved; ``False`` when every card fits every pile."""
    held = hand(page)
    for card in held:
        page.locator(f'#tg-hand button.card[data-card="{card}"]').click()
        pile = page.locator("#tg-piles .pile-target.blocked")
        if pile.count():
            before = tops(page)
            pile.first.click()
            expect(page.locator("#tg-message")).to_contain_text(
                re.compile(r"rétro|ne peut pas aller")
            )
            assert hand(page) == held and tops(page) == before
            return True
        page.keyboard.press("Escape")
    return False


def places(page: Any) -> list[tuple[int, int, int, int]]:
    """Where the piles, the hand and the turn's box sit on the page, in whole pixels."""
    boxes = []
    for selector in ("#tg-piles", "#tg-hand", "#tg-turn"):
        box = page.locator(selector).bounding_box()
        boxes.append(tuple(round(box[k]) for k in ("x", "y", "width", "height")))
    return boxes


def lay_by_keyboard(page: Any, cards: int) -> None:
    """Lay cards with the keyboard only: type a card's number to reach it, Enter to lay
    it (on its only pile, or Enter again on the first pile offered)."""
    for _ in range(cards):
        value, card = first_fitting(page)
        several = "fit-many" in (card.get_attribute("class") or "")
        page.locator("#tg-status").click()  # focus anywhere outside the hand
        page.keyboard.type(str(value))
        expect(card).to_be_focused()
        page.keyboard.press("Enter")
        if several:
            expect(page.locator("#tg-piles .pile-target.target").first).to_be_focused()
            page.keyboard.press("Enter")
        expect(card).to_have_count(0)


def test_two_players_join_play_reload_and_watch(server: Any, browser: Any, shots: Any) -> None:
    clipboard = ["clipboard-read", "clipboard-write"]
    alice = open_page(browser, server.url + "/", permissions=clipboard)
    shots(alice, "lobby")
    code = create_table(alice, players=2, seats={}, name="Alice")
    expect(alice.locator("#you")).to_contain_text("place 1")
    shots(alice, "table-open")

    # Bob, on a phone, types the code in lower case without its dash.
    alice.click("#copy-code")
    assert alice.evaluate("navigator.clipboard.readText()") == code

    bob = open_page(
        browser,
        server.url + "/",
        viewport=PHONE,
        is_mobile=True,
        has_touch=True,
        permissions=clipboard,
    )
    bob.fill("#join-code", code.replace("-", "").lower())
    bob.press("#join-code", "Enter")
    expect(bob).to_have_url(re.compile(f"/t/{code.replace('-', '')}$"))
    bob.fill("#sit-name", "Bob <i>le</i> bot")
    bob.click('button.sit[data-seat="1"]')
    expect(bob.locator("#you")).to_contain_text("place 2")
    expect(alice.locator("#seats")).to_contain_text("Bob <i>le</i> bot")
    assert alice.locator("#seats i").count() == 0  # a name is text, never markup

    # The owner changes an option before the start: expert, three cards a turn.
    alice.check("#tbl-opt-expert")
    alice.click("#apply-options")
    expect(alice.locator("#tbl-opt-expert")).to_be_checked()
    alice.click("#start")
    expect(alice.locator("#tg-still")).to_contain_text("3 cartes au moins")
    expect_turn(alice)
    expect_turn(bob, mine=False)
    expect(alice).to_have_title(re.compile("^▶ à vous"))  # seen from a tab in the background
    expect(bob).not_to_have_title(re.compile("▶"))
    shots(alice, "started")

    first = lay_by_clicking(alice, 2)
    expect(alice.locator("#tg-laid")).to_contain_text(f"{first[0]} sur")
    expect(alice.locator("#tg-end-turn")).to_be_disabled()  # two of three laid
    # The third card is dragged onto a pile.
    dragged, card = first_fitting(alice)
    card.click()  # shows which piles take it
    target = alice.locator("#tg-piles .pile-target.target").first
    card.drag_to(target)
    expect(card).to_have_count(0)
    first.append(dragged)
    alice.click("#tg-end-turn")
    expect_turn(bob)
    assert first[-1] in tops(bob)  # the last card laid tops its pile on the other screen

    # A card laid where it does not fit is refused with the engine's reason; nothing moves.
    blocked = refuse_a_blocked_card(bob)
    if not blocked:
        # Every card of Bob's fits every pile (the deal is the server's own): his highest
        # card laid on the first rising pile leaves his lower cards no way up there.
        highest = max(hand(bob))
        bob.locator(f'#tg-hand button.card[data-card="{highest}"]').click()
        bob.locator("#tg-piles .pile-target").first.click()
        expect(bob.locator(f'#tg-hand button.card[data-card="{highest}"]')).to_have_count(0)
        blocked = refuse_a_blocked_card(bob)
    assert blocked, "no card of the hand was blocked anywhere"
    bob.keyboard.press("Escape")
    shots(bob, "refused-phone", full_page=False)

    lay_by_clicking(bob, 3)
    bob.click("#tg-end-turn")
    expect_turn(alice)

    # Alice's second turn with the keyboard only; F ends it.
    lay_by_keyboard(alice, 3)
    alice.keyboard.press("f")
    expect_turn(bob)
    for page in (alice, bob):
        page.evaluate("window.scrollTo(0, 0)")
    shots(alice, "desktop-in-progress", full_page=False)
    shots(bob, "phone-in-progress", full_page=False)
    # Nothing sticks out sideways on a 360 px phone.
    assert bob.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]

    # Table talk: plain words pass (and stay text), a number is refused with the reason.
    bob.fill("#tg-chat-input", "Gardez la <b>montante</b> pour moi")
    bob.press("#tg-chat-input", "Enter")
    expect(alice.locator("#tg-chat-log")).to_contain_text("Gardez la <b>montante</b> pour moi")
    assert alice.locator("#tg-chat-log b").count() == 0
    bob.fill("#tg-chat-input", "j'ai le 37")
    bob.press("#tg-chat-input", "Enter")
    expect(bob.locator("#tg-chat-error")).to_contain_text("nombre")

    # A pile signal shows on every screen, in words and not by colour alone.
    bob.click("#tg-signals-toggle")  # folded away on a phone
    bob.locator("#tg-piles .pile").nth(2).locator("button.signal-keep").click()
    expect(alice.locator("#tg-piles .pile").nth(2).locator(".pile-signals")).to_contain_text(
        "Garde"
    )

    # Bob reloads: same seat, same hand, same piles.
    held, piles = hand(bob), tops(bob)
    bob.reload()
    expect(bob.locator("#you")).to_contain_text("place 2")
    expect(bob.locator("#tg-hand button.card").first).to_be_visible()
    assert hand(bob) == held and tops(bob) == piles
    expect_turn(bob)

    # Bob's own link takes his seat on another device; the token leaves the address bar.
    bob.click("#copy-seat-link")
    own_link = bob.evaluate("navigator.clipboard.readText()")
    assert "#seat=" in own_link
    bob_laptop = open_page(browser, own_link)
    expect(bob_laptop.locator("#you")).to_contain_text("place 2")
    expect(bob_laptop).to_have_url(re.compile(f"/t/{code.replace('-', '')}$"))
    expect(bob_laptop.locator("#tg-hand button.card").first).to_be_visible()
    assert hand(bob_laptop) == held

    # The same link opened in another profile without the token only watches.
    watcher = open_page(browser, f"{server.url}/t/{code.replace('-', '')}")
    expect(watcher.locator("#you")).to_contain_text("spectateur")
    expect(watcher.locator("#tg-piles .pile-top").first).to_be_visible()
    assert watcher.locator("#tg-hand button.card").count() == 0
    assert tops(watcher) == tops(alice)
    shots(watcher, "spectator")

    no_errors(alice, bob, bob_laptop, watcher)


def test_bots_finish_then_replay_and_download(server: Any, browser: Any, shots: Any) -> None:
    owner = open_page(browser, server.url + "/")
    code = create_table(owner, players=2, seats={0: "greedy"}, listed=True)
    expect(owner.locator("#seats")).to_contain_text("Robot moyen")
    owner.select_option("#bot-1", "random")
    owner.click("#bot-1-go")
    expect(owner.locator("#seats")).to_contain_text("Robot débutant")
    owner.click("#start")
    end = owner.locator("#tg-end")
    expect(end).to_be_visible(timeout=60_000)
    expect(owner.locator("#tg-reason")).to_contain_text(re.compile(r"Victoire|Bloqué"))
    score = int(re.search(r"\d+", owner.locator("#tg-score").inner_text()).group())
    expect(end).to_have_attribute("data-hands", "open")
    hands = owner.locator("#tg-end .tg-left-cards").all_inner_texts()
    assert len(hands) == 2
    shown = sum(len(re.findall(r"\b\d+\b", text)) for text in hands)
    draw = owner.locator("#tg-left-draw")
    drawn = int(draw.get_attribute("data-count")) if draw.count() else 0
    assert shown + drawn == score  # every card still held is shown, and they make the score
    shots(owner, "over")

    # The lobby lists the finished game, with a way to replay it.
    owner.goto(server.url + "/")
    finished = owner.locator(".tables").nth(2)
    expect(finished).to_contain_text(code)
    owner.goto(f"{server.url}/t/{code.replace('-', '')}")
    owner.click("#to-replay")
    expect(owner).to_have_url(re.compile(r"/replay/"))
    step = owner.locator("#replay-step")
    expect(step).to_contain_text("sur")
    total = int(re.search(r"sur (\d+)", step.inner_text()).group(1))
    owner.click("#replay-first")
    expect(step).to_have_text(f"Coup 1 sur {total}")
    owner.click("#replay-next")
    expect(step).to_have_text(f"Coup 2 sur {total}")
    expect(owner.locator("#replay-action")).not_to_be_empty()
    owner.keyboard.press("End")
    expect(step).to_have_text(f"Coup {total} sur {total}")
    owner.select_option("#replay-seat", "1")
    expect(owner.locator("#tg-hand-title")).to_contain_text("Robot débutant")
    shots(owner, "replay")

    record = owner.request.get(f"{server.url}/api/tables/{code.replace('-', '')}/record")
    assert record.ok
    data = json.loads(record.text())
    assert data["game"] == "the-game" and len(data["actions"]) == total - 1

    # The owner deals the same cards again: a new game starts at the same table.
    owner.goto(f"{server.url}/t/{code.replace('-', '')}")
    owner.click("#again-same")
    summary = f"{server.url}/api/tables/{code.replace('-', '')}"
    owner.wait_for_function(
        "url => fetch(url).then(r => r.json()).then(t => t.game_no === 1)", arg=summary
    )
    expect(owner.locator("#tg-end")).to_be_visible(timeout=60_000)
    no_errors(owner)
