"""The SQLite storage on a real file: batched writes, one bad write alone refused,
everything read back after the file is opened again."""

from __future__ import annotations

import asyncio
import sqlite3

import pytest

from partie.core.errors import PartieError
from partie.server.storage import GameRow, TableRow, open_storage
from partie.server.storage.sqlite import SQLiteStorage


def _row(code: str, status: str = "playing") -> TableRow:
    return TableRow(
        code=code,
        game="the-game",
        options={"players": 2, "expert": False},
        settings={"turn_seconds": 0},
        seed=2**63 - 5,
        status=status,
        game_no=0,
        owner_hash="ab" * 32,
        seats=[{"kind": "person", "name": "Zoé", "token_hash": "cd" * 32, "bot": None}],
        created=1.5,
    )


def test_writes_survive_reopening_and_a_duplicate_fails_alone(tmp_path):
    path = tmp_path / "deep" / "partie.sqlite3"
    store = open_storage(f"sqlite:///{path}", create_folder=True)

    async def write() -> None:
        futures = [store.save_table(_row("AAAAAA")), store.save_table(_row("BBBBBB", "open"))]
        futures.append(store.save_game(GameRow("AAAAAA", 0, "the-game", {"players": 2}, 7, ["a"])))
        futures += [
            store.append_action(
                "AAAAAA", 0, i, i % 2, {"type": "play", "card": i + 2, "pile": "a1"}
            )
            for i in range(200)
        ]
        duplicate = store.append_action("AAAAAA", 0, 5, 0, {"type": "end"})
        later = store.append_action("AAAAAA", 0, 200, 1, {"type": "end"})
        assert await asyncio.gather(*futures) == [None] * len(futures)
        with pytest.raises(sqlite3.IntegrityError):
            await duplicate
        assert await later is None

    asyncio.run(write())
    store.close()

    again = SQLiteStorage(path)
    rows = again.load_tables()
    assert [r.code for r in rows] == ["AAAAAA", "BBBBBB"]
    assert rows[0] == _row("AAAAAA")
    game = again.load_game("AAAAAA", 0)
    assert game is not None and game.seed == 7 and game.players == ["a"]
    assert len(game.actions) == 201
    assert game.actions[5] == (1, {"type": "play", "card": 7, "pile": "a1"})
    assert game.actions[-1] == (1, {"type": "end"})
    assert again.load_game("AAAAAA", 1) is None
    mode = again._read.execute("PRAGMA journal_mode").fetchone()[0]
    assert mode == "wal"
    again.close()


def test_an_unknown_database_url_is_one_line():
    with pytest.raises(PartieError) as info:
        open_storage("postgres://nowhere/partie")
    assert info.value.code == "bad_db" and "\n" not in info.value.en
