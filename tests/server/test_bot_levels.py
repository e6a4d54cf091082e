"""Bot levels from the network: people's names, bounded specs, budgets, fair workers,
and a server that stops at once whatever its bots are doing."""

from __future__ import annotations

import asyncio
import json
import signal
import time
from pathlib import Path
from typing import Any, ClassVar

import httpx
import pytest
from click.testing import CliRunner
from serverkit import LiveServer, Page, new_table
from starlette.testclient import TestClient
from websockets.asyncio.client import connect

from partie.cli import cli as cli_main
from partie.core.registry import built_in
from partie.server.botlevels import BotLevel
from partie.server.bots import BotRunner
from partie.server.games import all_adapters, get_adapter
from partie.server.games.tennis_mots import TennisMotsAdapter

COSTLY_SPECS = ["mc:100000", "best:1", "heuristic@3", "tactician:bluff=0.9", "quiz:0.99"]


def test_every_game_names_its_levels_for_people_and_each_plays() -> None:
    # partie's own games (a game installed beside it names its own levels, or offers
    # its default bot by its name through the generic adapter)
    for adapter in [a for a in all_adapters() if built_in(a.id)]:
        levels = adapter.levels()
        assert len(levels) >= 3, adapter.id
        specs = [level.spec for level in levels]
        assert adapter.game.default_bot in specs  # the stand-in by default is offered
        for level in levels:
            assert level.name_fr and level.name_en and level.about_fr and level.about_en
            assert level.spec not in (level.name_fr, level.name_en)
            assert level.cheaper is None or level.cheaper in specs
        names = [level.name_fr for level in levels]
        assert names[0] == "Débutant" and names[-1] == "Expert", names
        summary = adapter.summary()
        assert [lv["bot"] for lv in summary["bot_levels"]] == specs == summary["bots"]
        assert summary["bot_levels"][0]["label"] == {
            "fr": "Robot débutant",
            "en": "Beginner bot",
        }


@pytest.mark.parametrize("spec", COSTLY_SPECS)
def test_a_spec_outside_the_levels_is_refused_for_seats_and_stand_ins(
    client: TestClient, spec: str
) -> None:
    for game in ("the-game", "tennis-mots", "tennis-quizz"):
        answer = client.post("/api/tables", json={"game": game, "seats": [{"bot": spec}]})
        assert answer.status_code == 400 and answer.json()["code"] == "bad_bot", answer.text
        assert "Expert" in answer.json()["fr"]  # the refusal names what is offered
        answer = client.post("/api/tables", json={"game": game, "settings": {"zombie_bot": spec}})
        assert answer.json()["code"] == "bad_bot", answer.text
    code, owner = new_table(client, options={"players": 2})  # The Game
    with client.websocket_connect("/ws") as ws:
        page = Page(ws)
        page.hello(code, owner)
        page.send(type="seat_bot", seat=1, bot=spec)
        assert page.until("refused")["code"] == "bad_bot"
        page.send(type="options", options={"players": 2}, settings={"zombie_bot": spec})
        assert page.until("refused")["code"] == "bad_bot"
        page.send(type="seat_bot", seat=1, bot="best")  # the Expert level is offered
        seats = page.until("table")["table"]["seats"]
        assert seats[1]["bot"] == "best"
        assert seats[1]["label"] == {"fr": "Robot expert", "en": "Expert bot"}


def test_the_command_line_keeps_every_spec() -> None:
    result = CliRunner().invoke(
        cli_main,
        [
            *("simulate", "tennis-quizz", "--bot", "quiz:0.61", "--players", "2"),
            *("--games", "2", "--seed", "1", "--json"),
        ],
    )
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)


class _SlowExpert(TennisMotsAdapter):
    """Tennis de mots whose expert is a long Monte Carlo search with a short budget."""

    bot_levels: ClassVar[tuple[BotLevel, ...]] = (
        BotLevel("greedy", "Moyen", "Average", "a", "a"),
        BotLevel("mc:400", "Expert", "Expert", "b", "b", budget=0.3, cheaper="greedy"),
    )


def _mots_view() -> tuple[Any, dict[str, Any]]:
    adapter = get_adapter("tennis-mots")
    state = adapter.game.setup(adapter.game.parse_options({}), 5)  # type: ignore[attr-defined]
    return state, state.view(state.to_act[0])


def test_a_move_over_its_budget_is_played_by_the_cheaper_level_and_tables_take_turns() -> None:
    adapter = _SlowExpert(get_adapter("tennis-mots").game)
    state, view = _mots_view()
    runner = BotRunner(workers=1)

    async def main() -> None:
        slow = adapter.make_bot("mc:400", 1)
        started = time.monotonic()
        first = await runner.choose(adapter, slow, view, spec="mc:400", key="A")
        took = time.monotonic() - started
        assert 0.25 < took < 2.0, took  # the budget, then the cheaper level's move
        state.apply(state.to_act[0], first)  # a legal move
        assert runner.cheaper_moves == 1
        # The table's search is still running: its next move is the cheaper level's at
        # once, not a second search queued behind the first.
        started = time.monotonic()
        await runner.choose(adapter, slow, view, spec="mc:400", key="A")
        assert time.monotonic() - started < 0.25
        # Another table waits at most its own budget, though the only costly worker is
        # still busy with the first table's search.
        started = time.monotonic()
        await runner.choose(adapter, adapter.make_bot("mc:400", 2), view, spec="mc:400", key="B")
        assert time.monotonic() - started < 1.0
        assert runner.cheaper_moves == 3
        # A cheap level is never sent to the costly pool.
        started = time.monotonic()
        await runner.choose(adapter, adapter.make_bot("greedy", 3), view, spec="greedy", key="C")
        assert time.monotonic() - started < 0.5 and runner.cheaper_moves == 3

    try:
        asyncio.run(main())
    finally:
        runner.close()


def test_sigterm_stops_a_server_whose_bots_are_busy_within_5_seconds(tmp_path: Path) -> None:
    server = LiveServer(tmp_path / "partie.sqlite3").start()
    try:
        tables = []
        for _ in range(3):
            answer = httpx.post(
                server.url("/api/tables"),
                json={
                    "game": "tennis-mots",
                    "seats": [{"bot": "tactician"}, {"bot": "tactician"}],
                },
            )
            assert answer.status_code == 201, answer.text
            tables.append(answer.json())

        async def start_and_watch() -> Any:
            sockets = []
            for table in tables:
                ws = await connect(server.ws)
                await ws.send(json.dumps({"type": "hello", "table": table["code"]}))
                await ws.send(
                    json.dumps(
                        {"type": "hello", "table": table["code"], "token": table["owner_token"]}
                    )
                )
                await ws.send(json.dumps({"type": "start"}))
                sockets.append(ws)
            await asyncio.sleep(1.5)  # the bots are playing
            return sockets

        loop = asyncio.new_event_loop()
        sockets = loop.run_until_complete(start_and_watch())
        assert server.proc is not None
        started = time.monotonic()
        server.proc.send_signal(signal.SIGTERM)
        server.proc.communicate(timeout=15)
        took = time.monotonic() - started
        for ws in sockets:
            loop.run_until_complete(ws.close())
        loop.close()
        assert took < 5.0, took
    finally:
        if server.proc is not None and server.proc.poll() is None:
            server.proc.kill()
            server.proc.communicate()
