"""SQLite storage: one writer thread, batched commits, WAL so reads never wait.

Every write is queued with a future; the writer takes everything waiting, runs it in
one transaction and resolves the futures after the commit, waking the event loop once
per batch. Under load many tables' actions share one commit, which is what keeps the
round trip short.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from asyncio import Future
from collections.abc import Callable
from pathlib import Path
from typing import Any

from partie.server.storage import UPLOADS_STORED, DocumentRow, GameRow, Storage, TableRow
from partie.server.worker import BatchWorker

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    code TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    settings TEXT NOT NULL,
    seed TEXT NOT NULL,
    status TEXT NOT NULL,
    game_no INTEGER NOT NULL,
    owner_hash TEXT NOT NULL,
    seats TEXT NOT NULL,
    created REAL NOT NULL,
    result TEXT
);
CREATE TABLE IF NOT EXISTS games (
    code TEXT NOT NULL,
    game_no INTEGER NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    players TEXT NOT NULL,
    result TEXT,
    PRIMARY KEY (code, game_no)
);
CREATE TABLE IF NOT EXISTS actions (
    code TEXT NOT NULL,
    game_no INTEGER NOT NULL,
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (code, game_no, idx)
);
CREATE TABLE IF NOT EXISTS documents (
    kind TEXT NOT NULL,
    key TEXT NOT NULL,
    version INTEGER NOT NULL,
    secret_hash TEXT NOT NULL,
    data TEXT NOT NULL,
    updated REAL NOT NULL,
    PRIMARY KEY (kind, key)
);
CREATE TABLE IF NOT EXISTS uploads (
    game TEXT NOT NULL,
    key TEXT NOT NULL,
    text TEXT NOT NULL,
    created REAL NOT NULL,
    PRIMARY KEY (game, key)
);
"""

Write = Callable[[sqlite3.Connection], None]


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


class SQLiteStorage(Storage):
    """A SQLite file; created (with its folder) on first use."""

    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._read = self._connect()
        self._read.executescript(SCHEMA)
        self._read_lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        self._worker = BatchWorker(self._run, name="partie-db")
        self._closed = False

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        db.execute("PRAGMA busy_timeout=5000")
        return db

    # -- writes: one thread, batched ------------------------------------------------

    def _submit(self, write: Write) -> Future[None]:
        return self._worker.submit(write)

    def _run(self, batch: list[Write]) -> list[Any]:
        """One transaction for the batch; a failing write is rolled back alone."""
        if self._db is None:
            self._db = self._connect()
        db = self._db
        results: list[Any] = []
        db.execute("BEGIN")
        for write in batch:
            try:
                db.execute("SAVEPOINT one")
                write(db)
                db.execute("RELEASE one")
                results.append(None)
            except Exception as exc:  # one bad write must not sink the others
                db.execute("ROLLBACK TO one")
                db.execute("RELEASE one")
                results.append(exc)
        try:
            db.execute("COMMIT")
        except Exception as exc:
            return [exc] * len(batch)
        return results

    def save_table(self, row: TableRow) -> Future[None]:
        values = (
            row.code,
            row.game,
            _dumps(row.options),
            _dumps(row.settings),
            str(row.seed),
            row.status,
            row.game_no,
            row.owner_hash,
            _dumps(row.seats),
            row.created,
            None if row.result is None else _dumps(row.result),
        )
        return self._submit(
            lambda db: db.execute(
                "INSERT OR REPLACE INTO tables VALUES (?,?,?,?,?,?,?,?,?,?,?)", values
            )
        )

    def save_game(self, row: GameRow) -> Future[None]:
        values = (
            row.code,
            row.game_no,
            row.game,
            _dumps(row.options),
            str(row.seed),
            _dumps(row.players),
            None if row.result is None else _dumps(row.result),
        )
        return self._submit(
            lambda db: db.execute("INSERT OR REPLACE INTO games VALUES (?,?,?,?,?,?,?)", values)
        )

    def append_action(
        self, code: str, game_no: int, index: int, seat: int, action: dict[str, Any]
    ) -> Future[None]:
        values = (code, game_no, index, seat, _dumps(action))
        return self._submit(lambda db: db.execute("INSERT INTO actions VALUES (?,?,?,?,?)", values))

    def save_upload(self, game: str, key: str, text: str) -> Future[None]:
        def write(db: sqlite3.Connection) -> None:
            db.execute(
                "INSERT OR REPLACE INTO uploads VALUES (?,?,?,?)", (game, key, text, time.time())
            )
            db.execute(
                "DELETE FROM uploads WHERE game = ? AND key NOT IN "
                "(SELECT key FROM uploads WHERE game = ? ORDER BY created DESC LIMIT ?)",
                (game, game, UPLOADS_STORED),
            )

        return self._submit(write)

    # -- reads ---------------------------------------------------------------------

    def load_tables(self) -> list[TableRow]:
        with self._read_lock:
            rows = self._read.execute("SELECT * FROM tables ORDER BY created, code").fetchall()
        return [_table_row(r) for r in rows]

    def load_table(self, code: str) -> TableRow | None:
        with self._read_lock:
            row = self._read.execute("SELECT * FROM tables WHERE code = ?", (code,)).fetchone()
        return None if row is None else _table_row(row)

    def load_upload(self, game: str, key: str) -> str | None:
        with self._read_lock:
            row = self._read.execute(
                "SELECT text FROM uploads WHERE game = ? AND key = ?", (game, key)
            ).fetchone()
        return None if row is None else str(row[0])

    def load_game(self, code: str, game_no: int) -> GameRow | None:
        with self._read_lock:
            row = self._read.execute(
                "SELECT game, options, seed, players, result FROM games "
                "WHERE code = ? AND game_no = ?",
                (code, game_no),
            ).fetchone()
            if row is None:
                return None
            actions = self._read.execute(
                "SELECT seat, action FROM actions WHERE code = ? AND game_no = ? ORDER BY idx",
                (code, game_no),
            ).fetchall()
        return GameRow(
            code=code,
            game_no=game_no,
            game=row[0],
            options=json.loads(row[1]),
            seed=int(row[2]),
            players=json.loads(row[3]),
            result=None if row[4] is None else json.loads(row[4]),
            actions=[(seat, json.loads(action)) for seat, action in actions],
        )

    def save_document(self, row: DocumentRow) -> Future[None]:
        values = (row.kind, row.key, row.version, row.secret_hash, _dumps(row.data), row.updated)
        return self._submit(
            lambda db: db.execute("INSERT OR REPLACE INTO documents VALUES (?,?,?,?,?,?)", values)
        )

    def load_document(self, kind: str, key: str) -> DocumentRow | None:
        with self._read_lock:
            row = self._read.execute(
                "SELECT version, secret_hash, data, updated FROM documents "
                "WHERE kind = ? AND key = ?",
                (kind, key),
            ).fetchone()
        if row is None:
            return None
        return DocumentRow(kind, key, int(row[0]), str(row[1]), json.loads(row[2]), float(row[3]))

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        self._worker.close()
        if self._db is not None:
            self._db.close()
        with self._read_lock:
            self._read.close()


def _table_row(r: Any) -> TableRow:
    return TableRow(
        code=r[0],
        game=r[1],
        options=json.loads(r[2]),
        settings=json.loads(r[3]),
        seed=int(r[4]),
        status=r[5],
        game_no=r[6],
        owner_hash=r[7],
        seats=json.loads(r[8]),
        created=r[9],
        result=None if r[10] is None else json.loads(r[10]),
    )
