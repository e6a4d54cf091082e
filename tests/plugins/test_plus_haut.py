"""A fourth game installed on its own (``tests/plugins/tiny_game``, a package with its
own ``pyproject.toml`` that ``scripts/test`` installs) plays everywhere partie plays,
with no change to ``src/partie``: listed, played in the terminal, simulated, replayed,
printed, its rules shown, offered in the lobby and played in Chromium by two pages and a
bot, each page seeing only its own hand. It also passes the conformance suite."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from conformance import playout
from partie.core.registry import available_games, get_game

sys.path.insert(0, str(Path(__file__).parents[1] / "web"))  # the browser tests' kit

GAME_ID = "plus-haut"
pytestmark = pytest.mark.skipif(
    GAME_ID not in available_games(),
    reason="the plug-in game is not installed (scripts/test installs tests/plugins/tiny_game)",
)


def partie(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "partie", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_it_registers_through_the_entry_point_and_describes_itself() -> None:
    game = get_game(GAME_ID)
    assert type(game).__module__ == "partie_plus_haut.game"
    listed = json.loads(partie("games", "--json").stdout)
    entry = next(g for g in listed if g["id"] == GAME_ID)
    assert entry["players"] == [2, 4] and entry["module"] == "partie_plus_haut"
    assert {"the-game", "tennis-quizz", "tennis-mots"} <= {g["id"] for g in listed}
    # Its refusal codes join the catalogue beside the built-in games'.
    from partie.core.refusals import catalogue

    assert catalogue()["plus_haut_not_in_hand"].game == GAME_ID


@pytest.mark.parametrize("players", [2, 3, 4])
def test_it_passes_the_conformance_suite(players: int) -> None:
    game = get_game(GAME_ID)
    for seed in range(40):
        state = playout(game, game.parse_options({"players": players}), seed)
        assert state.is_over and sum(state.result.scores) == 3


def test_played_in_the_terminal_then_replayed(tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    game = get_game(GAME_ID)
    hand = game.setup(game.parse_options({"players": 2}), 7).view(0)["hand"]
    moves = "".join(f"{card}\n" for card in hand)
    played = partie("play", GAME_ID, "--bots", "1", "--seed", "7", "--record", str(record),
                    stdin=moves)  # fmt: skip
    assert played.returncode == 0, played.stderr
    assert "Votre main" in played.stdout and "Traceback" not in played.stderr
    saved = json.loads(record.read_text())
    assert saved["game"] == GAME_ID and len(saved["actions"]) == 6
    replayed = partie("replay", str(record))
    assert replayed.returncode == 0, replayed.stderr
    assert "identique" in replayed.stdout
    # A card not in the hand is refused in one line and the game goes on.
    wrong = next(c for c in range(1, 16) if c not in hand)
    refused = partie("play", GAME_ID, "--bots", "1", "--seed", "7", "--record",
                     str(tmp_path / "other.json"), stdin=f"{wrong}\n{moves}")  # fmt: skip
    assert refused.returncode == 0
    assert f"le {wrong} n'est pas dans votre main" in refused.stdout


def test_simulated_printed_and_its_rules_shown(tmp_path: Path) -> None:
    run = partie("simulate", GAME_ID, "--players", "3", "--games", "300", "--seed", "5", "--json")
    assert run.returncode == 0, run.stderr
    summary = json.loads(run.stdout)
    assert summary["games"] == 300 and summary["end_reasons"] == {"rounds_played": 300}
    assert summary["score_of"] == "rounds taken by seat 1"
    again = json.loads(partie("simulate", GAME_ID, "--players", "3", "--games", "300",
                              "--seed", "5", "--json").stdout)  # fmt: skip
    assert again["wins"] == summary["wins"]  # a seeded run is reproducible
    pdf = tmp_path / "cards.pdf"
    printed = partie("print", GAME_ID, "--out", str(pdf))
    assert printed.returncode == 0, printed.stderr
    assert "15 cartes" in printed.stdout and pdf.read_bytes().startswith(b"%PDF")
    rules = partie("rules", GAME_ID)
    assert rules.returncode == 0 and "la carte la plus haute prend" in rules.stdout


# --- in the browser ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    from browsing import Server

    running = Server(db=tmp_path_factory.mktemp("serve") / "partie.sqlite3")
    running.start()
    yield running
    running.stop()


@pytest.fixture(scope="module")
def browser() -> Any:
    from browsing import CHROMIUM, CHROMIUM_ARGS
    from playwright import sync_api

    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


def _tables_seen(page: Any) -> list[dict[str, Any]]:
    """Every ``table`` message this page's socket received."""
    return page.evaluate("window.__tables")


RECORD_SOCKET = """
window.__tables = [];
const Real = window.WebSocket;
window.WebSocket = function (...args) {
  const ws = new Real(...args);
  ws.addEventListener("message", (e) => {
    const m = JSON.parse(e.data);
    if (m.type === "table" && m.view) window.__tables.push(m);
  });
  return ws;
};
window.WebSocket.prototype = Real.prototype;
Object.assign(window.WebSocket, Real);
"""


def test_offered_in_the_lobby_and_played_by_two_pages_and_a_bot(server: Any, browser: Any) -> None:
    from browsing import Shots, no_errors, open_page
    from playwright.sync_api import expect

    shots = Shots("plus-haut")
    alice = open_page(browser, server.url + "/")
    alice.add_init_script(RECORD_SOCKET)
    alice.reload()
    alice.select_option("#new-game", GAME_ID)
    alice.fill("#new-opt-players", "3")
    alice.dispatch_event("#new-opt-players", "change")
    alice.select_option("#new-seat-2", "prudent")
    alice.fill("#new-name", "Alice")
    alice.click("#create")
    code = alice.locator("#table-code")
    expect(code).to_have_text(re.compile(r"^[A-Z2-9]{3}-[A-Z2-9]{3}$"))
    code_text = code.inner_text().replace("-", "")
    table_url = alice.url

    bruno = open_page(browser, "about:blank")
    bruno.add_init_script(RECORD_SOCKET)
    bruno.goto(table_url)
    bruno.fill("#sit-name", "Bruno")
    bruno.click('button.sit[data-seat="1"]')
    expect(bruno.locator("#you")).to_contain_text("place 2")
    alice.click("#start")
    expect(alice.locator("#ph-hand button")).to_have_count(3)
    shots(alice, "started")

    pages = {0: alice, 1: bruno}
    for _ in range(6):  # three rounds, two people each; the bot plays by itself
        for page in pages.values():
            buttons = page.locator("#ph-hand button:enabled")
            if buttons.count():
                before = page.locator("#ph-hand button").count()
                buttons.first.click()
                expect(page.locator("#ph-hand button")).to_have_count(before - 1)
                break
        else:
            alice.wait_for_timeout(200)
        if "Partie finie" in (alice.locator("#ph-status").text_content() or ""):
            break
    expect(alice.locator("#ph-status")).to_contain_text("Partie finie")
    expect(bruno.locator("#ph-status")).to_contain_text("Partie finie")
    shots(alice, "over")

    # Each page received exactly its own seat's views: every table message's view is
    # one of the views that seat had at some step of the game, replayed from the record.
    record = json.loads(alice.request.get(f"{server.url}/api/tables/{code_text}/record").text())
    game = get_game(GAME_ID)
    state = game.setup(game.parse_options(record["options"]), record["seed"])
    views: dict[int, list[Any]] = {0: [state.view(0)], 1: [state.view(1)]}
    for seat, action in record["actions"]:
        state.apply(seat, game.action_from_json(action))
        for s in views:
            views[s].append(state.view(s))
    for seat, page in pages.items():
        seen = _tables_seen(page)
        assert seen, "no table message recorded"
        for message in seen:
            assert message["view"] in views[seat], f"page of seat {seat} got another view"
    no_errors(alice, bruno)
