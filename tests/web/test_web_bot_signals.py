"""Bots are teammates in the browser: a person flags a pile "Garde", the bot keeps off it,
and the bot's own signals show on the piles as people's do."""

from __future__ import annotations

import sqlite3
from typing import Any

from browsing import create_table, expect_turn, hand, no_errors, open_page, tops
from playwright.sync_api import expect

from partie.core import get_game
from partie.games.the_game.heuristic import HeuristicBot
from partie.games.the_game.rules import END_TURN, Play, Signal

GAME = get_game("the-game")
OPTIONS = GAME.parse_options({"players": 2})


def seed_of(server: Any, code: str) -> int:
    """The table's seed, read from the server's own database (the test sees the deal
    the way the server dealt it, and so knows what the bot holds)."""
    with sqlite3.connect(server.db) as db:
        rows = db.execute("SELECT code, seed FROM tables").fetchall()
    return next(int(seed) for c, seed in rows if c.replace("-", "") == code.replace("-", ""))


def bot_turn(seed: int, laid: list[Play], flag: int | None) -> Any:
    """The game after seat 0 (the person) maybe flags pile ``flag``, lays ``laid``, ends
    the turn, and the heuristic bot at seat 1 plays its turn; ``None`` if the game ends."""
    state = GAME.setup(OPTIONS, seed)
    if flag is not None:
        state.apply(0, Signal(flag, "keep"))
    for play in laid:
        state.apply(0, play)
    state.apply(0, END_TURN)
    bot = HeuristicBot(0)
    while not state.is_over and state.current == 1:
        view = state.view(1)
        view["people"] = [0]
        state.apply(1, bot.act(view))
    return None if state.is_over else state


def a_telling_pile(seed: int) -> tuple[list[Play], int, Any] | None:
    """The person's two plays (the heuristic's first two for their hand) and a pile the
    bot would lay a card on (not a trick) unless the person flags it, with the game
    after the bot's turn when flagged; ``None`` when this deal has no such pile."""
    state = GAME.setup(OPTIONS, seed)
    view = state.view(0)
    view["people"] = [0]
    laid = HeuristicBot(0).plan(view)[:2]
    free = bot_turn(seed, laid, None)
    if free is None:
        return None
    after = GAME.setup(OPTIONS, seed)
    for play in laid:
        after.apply(0, play)
    for pile in range(4):
        moved = free.tops[pile] != after.tops[pile]
        flagged = bot_turn(seed, laid, pile)
        if moved and flagged is not None and flagged.tops[pile] == after.tops[pile]:
            return laid, pile, flagged
    return None


def test_a_bot_keeps_off_a_pile_a_person_flags(server: Any, browser: Any, shots: Any) -> None:
    """Lou (seat 0) flags the pile the bot would play on, lays two cards and ends her
    turn: the bot plays elsewhere, and its own "Garde" signals show on the piles with
    its name, as Lou's does. The deal is the server's (its seed read from the database);
    a deal where no pile tells the difference is dealt again."""
    for _ in range(8):
        made = create_table(
            server.url,
            {"game": "the-game", "options": {"players": 2}, "seats": [{}, {"bot": "heuristic"}]},
        )
        found = a_telling_pile(seed_of(server, made["code"]))
        if found is not None:
            break
    assert found is not None, "eight deals without a pile the bot would play on"
    laid, pile, expected = found
    code = made["code"]
    page = open_page(browser, f"{server.url}/t/{code}")
    page.evaluate(f"localStorage.setItem('partie.owner.{code}', '{made['owner_token']}')")
    page.reload()
    page.fill("#sit-name", "Lou")
    page.click('button.sit[data-seat="0"]')
    page.click("#start")
    expect_turn(page)
    piles = page.locator("#tg-piles .pile")
    piles.nth(pile).locator("button.signal-keep").click()
    expect(piles.nth(pile).locator(".pile-signals")).to_contain_text("Garde — Lou")
    for play in laid:
        page.locator(f'#tg-hand button.card[data-card="{play.card}"]').click()
        piles.nth(play.pile).locator(".pile-target").click()
        expect(page.locator(f'#tg-hand button.card[data-card="{play.card}"]')).to_have_count(0)
    page.click("#tg-end-turn")
    # The bot plays at once here: its turn is seen in the piles it leaves.
    for p, top in enumerate(expected.tops):
        expect(piles.nth(p).locator(".pile-top")).to_have_text(str(top))
    expect_turn(page)
    shots(page, "bot-kept-off")
    assert tops(page) == expected.tops  # the flagged pile untouched, as the engine says
    assert hand(page) == expected.hands[0]
    keeps = [(s, p) for (s, p), kind in expected.signals.items() if kind == "keep"]
    for seat, p in keeps:
        badge = piles.nth(p).locator(".pile-signals .signal-keep")
        expect(badge).to_contain_text("Lou" if seat == 0 else "Garde")
    expect(page.locator("#tg-piles .pile-signals .signal-keep")).to_have_count(len(keeps))
    no_errors(page)
