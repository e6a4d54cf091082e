"""SQLite storage: one writer thread, batched commits, WAL so reads never wait.

Every write is queued with a future; the writer takes everything waiting, runs it in
one transaction and resolves the futures after the commit, waking the event loop once
per batch. Under load many tables' actions share one commit, which is what keeps the
round trip short. A future resolves without error only once its write is committed:
when the disk is full (or any failure ends the transaction) every write of the batch
fails, so a caller never believes a write that storage does not hold.

The file's identity (device and inode) is checked before every batch and every second:
a database deleted or replaced while the server runs fails every later write, instead
of acknowledging moves into a file nobody will read again.
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sqlite3
import stat
import threading
import time
from asyncio import Future
from collections.abc import Callable
from pathlib import Path
from typing import Any

from partie.core.errors import PartieError
from partie.server.storage import UPLOADS_STORED, DocumentRow, GameRow, Storage, TableRow
from partie.server.storage.outage import Outage
from partie.server.worker import BatchWorker

log = logging.getLogger("partie.server")

WATCH_SECONDS = 1.0
"""How often the file's identity is checked even when nothing is written."""

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


class StorageLost(Exception):
    """The database file was deleted or replaced while the server ran."""


def _dumps(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def _bad_db(path: Path, fr: str, en: str) -> PartieError:
    return PartieError(f"base de données {path} : {fr}", f"database {path}: {en}", code="bad_db")


def check_path(path: Path, *, create_folder: bool = False) -> None:
    """Refuse, in one line, a path that cannot hold the database: something other than
    a regular file (a folder, ``/dev/zero``, a FIFO, where SQLite would fail or wait
    forever), or a missing folder (created only when asked: the default location)."""
    try:
        info = path.stat()
    except FileNotFoundError:
        info = None
    except OSError as exc:
        raise _bad_db(path, f"illisible ({exc.strerror})", f"unreadable ({exc.strerror})") from None
    if info is not None:
        if not stat.S_ISREG(info.st_mode):
            raise _bad_db(path, "pas un fichier ordinaire", "not a regular file")
        return
    if create_folder:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _bad_db(
                path,
                f"dossier impossible à créer ({exc.strerror})",
                f"cannot create its folder ({exc.strerror})",
            ) from None
    if not path.parent.is_dir():
        raise _bad_db(path, "dossier introuvable", "no such folder")


class SQLiteStorage(Storage):
    """A SQLite file; created on first use (with its folder when ``create_folder``)."""

    def __init__(
        self, path: str | Path, *, create_folder: bool = False, watch: float = WATCH_SECONDS
    ) -> None:
        self.path = Path(path)
        check_path(self.path, create_folder=create_folder)
        self._read_lock = threading.Lock()
        self._db: sqlite3.Connection | None = None
        self._closed = False
        self.outage = Outage()
        self.lost: str | None = None  # why the file is no longer ours, once it is not
        self._lost_lock = threading.Lock()
        try:
            self._read = self._connect()
        except sqlite3.Error as exc:
            raise _bad_db(self.path, f"illisible ({exc})", f"unreadable ({exc})") from None
        try:
            self._read.executescript(SCHEMA)
            self.table_codes()  # what a start reads first: the list of tables
            info = os.stat(self.path)
        except (sqlite3.Error, OSError) as exc:
            self._read.close()
            raise _bad_db(self.path, f"illisible ({exc})", f"unreadable ({exc})") from None
        self._identity = (info.st_dev, info.st_ino)
        self._worker = BatchWorker(self._run, name="partie-db")
        self._stop_watch = threading.Event()
        self._watcher: threading.Thread | None = None
        if watch > 0:
            self._watcher = threading.Thread(
                target=self._watch, args=(watch,), name="partie-db-watch", daemon=True
            )
            self._watcher.start()

    def _connect(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        try:
            db.execute("PRAGMA journal_mode=WAL")
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute("PRAGMA busy_timeout=5000")
        except sqlite3.Error:
            db.close()
            raise
        return db

    # -- the file's identity ---------------------------------------------------------

    def check_identity(self) -> str | None:
        """Why the file at ``path`` is no longer the database this server opened
        (deleted, replaced), or ``None`` while it still is. Once lost, lost for good:
        the server must be restarted on a database it can trust."""
        if self.lost is not None:
            return self.lost
        try:
            info = os.stat(self.path)
        except FileNotFoundError:
            why = "the database file was deleted"
        except OSError as exc:
            why = f"the database file cannot be checked ({exc.strerror})"
        else:
            if (info.st_dev, info.st_ino) == self._identity:
                return None
            why = "the database file was replaced by another file"
        with self._lost_lock:
            if self.lost is not None:
                return self.lost
            self.lost = f"{why}: {self.path}"
        log.error("storage: %s; every change is refused until the server restarts", self.lost)
        return self.lost

    def _watch(self, every: float) -> None:
        while not self._stop_watch.wait(every):
            if self.check_identity() is not None:
                return

    def health(self) -> dict[str, Any]:
        return {**self.outage.status(), "lost": self.lost}

    # -- writes: one thread, batched ------------------------------------------------

    def _submit(self, write: Write) -> Future[None]:
        return self._worker.submit(write)

    def _run(self, batch: list[Write]) -> list[Any]:
        """One transaction for the batch. A write refused on its own (a duplicate key)
        is rolled back alone; anything that ends the transaction (disk full, an I/O
        error, a failed commit) fails the whole batch, rolled back."""
        lost = self.check_identity()
        if lost is not None:
            error = StorageLost(lost)
            self.outage.failed(error, len(batch), said=True)
            return [error] * len(batch)
        try:
            results, trouble = self._transaction(batch)
        except Exception as exc:
            self._rollback()
            self.outage.failed(exc, len(batch))
            return [exc] * len(batch)
        if trouble is None:
            self.outage.succeeded()
        else:
            self.outage.failed(trouble)
        return results

    def _transaction(self, batch: list[Write]) -> tuple[list[Any], Exception | None]:
        if self._db is None:
            self._db = self._connect()
        db = self._db
        results: list[Any] = []
        trouble: Exception | None = None  # a failure that is storage's, not the write's
        db.execute("BEGIN")
        for write in batch:
            db.execute("SAVEPOINT one")
            try:
                write(db)
            except Exception as exc:  # one bad write must not sink the others...
                if not db.in_transaction:
                    raise  # ...unless SQLite ended the transaction: all of it is lost
                db.execute("ROLLBACK TO one")
                db.execute("RELEASE one")
                results.append(exc)
                if not isinstance(exc, (sqlite3.IntegrityError, ValueError, TypeError)):
                    trouble = exc
                continue
            db.execute("RELEASE one")
            results.append(None)
        db.execute("COMMIT")
        return results, trouble

    def _rollback(self) -> None:
        """Leave no transaction open after a failure; a connection that cannot even
        roll back is dropped, and the next batch opens a new one."""
        db = self._db
        if db is None:
            return
        try:
            if db.in_transaction:
                db.execute("ROLLBACK")
        except sqlite3.Error:
            self._db = None
            with contextlib.suppress(sqlite3.Error):
                db.close()

    @staticmethod
    def _table_values(row: TableRow) -> tuple[Any, ...]:
        return (
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

    @staticmethod
    def _game_values(row: GameRow) -> tuple[Any, ...]:
        return (
            row.code,
            row.game_no,
            row.game,
            _dumps(row.options),
            str(row.seed),
            _dumps(row.players),
            None if row.result is None else _dumps(row.result),
        )

    _SAVE_TABLE = "INSERT OR REPLACE INTO tables VALUES (?,?,?,?,?,?,?,?,?,?,?)"
    _SAVE_GAME = "INSERT OR REPLACE INTO games VALUES (?,?,?,?,?,?,?)"

    def save_table(self, row: TableRow) -> Future[None]:
        values = self._table_values(row)
        return self._submit(lambda db: db.execute(self._SAVE_TABLE, values))

    def save_game(self, row: GameRow) -> Future[None]:
        values = self._game_values(row)
        return self._submit(lambda db: db.execute(self._SAVE_GAME, values))

    def new_game(self, table: TableRow, game: GameRow) -> Future[None]:
        table_values = self._table_values(table)
        game_values = self._game_values(game)

        def write(db: sqlite3.Connection) -> None:
            db.execute(
                "DELETE FROM actions WHERE code = ? AND game_no = ?", (game.code, game.game_no)
            )
            db.execute(self._SAVE_GAME, game_values)
            db.execute(self._SAVE_TABLE, table_values)

        return self._submit(write)

    def append_action(
        self,
        code: str,
        game_no: int,
        index: int,
        seat: int,
        action: dict[str, Any],
        *,
        game: GameRow | None = None,
        table: TableRow | None = None,
    ) -> Future[None]:
        values = (code, game_no, index, seat, _dumps(action))
        game_values = None if game is None else self._game_values(game)
        table_values = None if table is None else self._table_values(table)

        def write(db: sqlite3.Connection) -> None:
            db.execute("INSERT INTO actions VALUES (?,?,?,?,?)", values)
            if game_values is not None:
                db.execute(self._SAVE_GAME, game_values)
            if table_values is not None:
                db.execute(self._SAVE_TABLE, table_values)

        return self._submit(write)

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

    def table_codes(self) -> list[str]:
        """Every stored table's code, read from the primary key's index alone, so that
        a damaged row of ``tables`` costs that table only (``load_table`` then fails)."""
        with self._read_lock:
            try:
                rows = self._read.execute("SELECT code FROM tables ORDER BY code").fetchall()
            except sqlite3.DatabaseError:
                rows = self._read.execute("SELECT code FROM tables NOT INDEXED").fetchall()
        return sorted(str(r[0]) for r in rows)

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
        self._stop_watch.set()
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
