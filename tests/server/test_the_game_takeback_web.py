"""The Game's take-back on the web: the option in the lobby's form (on by default), and
whole games where people take cards back, through the real server: every message is
checked against dealt-again states (the leak test), the log names the card taken back,
and the stored record replays to the same game."""

from __future__ import annotations

import asyncio
from typing import Any

from serverkit import LiveServer
from test_live import check_no_leak, play_table

from partie.core import replay
from partie.games.the_game import TakeBack
from partie.server.games import get_adapter


def test_the_lobby_offers_the_option_on_by_default() -> None:
    adapter = get_adapter("the-game")
    spec = next(s for s in adapter.option_specs() if s["name"] == "takeback")
    assert spec["type"] == "bool" and spec["default"] is True
    assert spec["label"] == {"fr": "Reprise dans le tour", "en": "Take back within the turn"}
    assert adapter.game.parse_options({}).takeback is False  # the engine's own default


def test_the_log_says_who_takes_back_which_card() -> None:
    adapter = get_adapter("the-game")
    said = adapter.describe(1, TakeBack(97), None)
    assert said["action"] == {"type": "takeback", "card": 97}
    assert said["text"] == {"fr": "reprend le 97", "en": "takes back the 97"}


def test_take_backs_through_the_server_leak_nothing_and_replay(tmp_path) -> None:
    async def run() -> dict[str, Any]:
        with LiveServer(tmp_path / "takeback.sqlite3") as server:
            return await play_table(
                server, {"players": 3, "takeback": True}, [{}, {}, {"bot": "greedy"}]
            )

    played = asyncio.run(run())
    record = played["record"]
    taken = [data for _seat, data in record.actions if data["type"] == "takeback"]
    assert taken and all(isinstance(data["card"], int) for data in taken)
    assert check_no_leak(played) >= 20
    lasts = [
        m["last"]["text"]["fr"]
        for m in played["watcher"].got
        if m["type"] == "table" and m.get("last") and m["last"]["action"]["type"] == "takeback"
    ]
    assert lasts and all(text.startswith("reprend le ") for text in lasts)
    assert replay(record).is_over


def test_a_card_taken_back_leaves_the_turns_list_and_its_pile_as_it_was() -> None:
    from partie.core import get_game
    from partie.games.the_game import Play
    from partie.server.games.the_game import laid_by_turn

    game = get_game("the-game")
    state = game.setup(game.parse_options({"players": 1, "takeback": True}), 3)
    hand = sorted(state.view(0)["hand"])
    low, high = hand[0], hand[-1]
    state.apply(0, Play(high, 0))  # the highest card on a rising pile: a mistake
    assert [p["card"] for p in laid_by_turn(state)["current"]] == [high]
    state.apply(0, TakeBack(high))
    assert laid_by_turn(state)["current"] == []
    state.apply(0, Play(low, 0))
    state.apply(0, Play(high, 0))
    # The pile under the high card shows the low one again, so it is no trick of 10.
    assert laid_by_turn(state)["current"] == [
        {"card": low, "pile": "a1", "trick": False},
        {"card": high, "pile": "a1", "trick": False},
    ]
