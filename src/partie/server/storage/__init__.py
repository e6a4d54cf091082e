"""One small storage interface, so that another database can follow without touching
the tables or the games.

A table is stored as one row (options, seed, seats with token hashes, bots, status) and
the actions of each of its games; a table is rebuilt by replaying them. Writes are
called from the event loop and return futures resolved after the commit: the caller
awaits them before it acknowledges anything. Reads are plain calls (start-up, replays).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from asyncio import Future
from dataclasses import dataclass, field
from typing import Any

from partie.core.errors import PartieError

UPLOADS_STORED = 100
"""Uploads kept per game: one a table names is copied into the table's options, so only
uploads nobody used yet are forgotten beyond this."""


@dataclass
class TableRow:
    """Everything about a table except its actions."""

    code: str
    game: str
    options: dict[str, Any]
    settings: dict[str, Any]
    seed: int
    status: str
    game_no: int
    owner_hash: str
    seats: list[dict[str, Any]]
    created: float
    result: dict[str, Any] | None = None


@dataclass
class GameRow:
    """One finished or running game of a table, kept for replays and downloads."""

    code: str
    game_no: int
    game: str
    options: dict[str, Any]
    seed: int
    players: list[str]
    result: dict[str, Any] | None = None
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)


@dataclass
class DocumentRow:
    """A document authored in the browser (a question deck being written): its JSON,
    a version that grows by one per saved change, and the hash of its edit token."""

    kind: str
    key: str
    version: int
    secret_hash: str
    data: dict[str, Any]
    updated: float = 0.0


class Storage(ABC):
    """Where tables live between two runs of the server."""

    @abstractmethod
    def save_table(self, row: TableRow) -> Future[None]:
        """Insert or replace a table's row."""

    @abstractmethod
    def save_game(self, row: GameRow) -> Future[None]:
        """Insert or replace a game's facts (not its actions)."""

    @abstractmethod
    def new_game(self, table: TableRow, game: GameRow) -> Future[None]:
        """Start a table's game in one transaction: the game's row, the table's row,
        and no action left under that game's number (none may block its moves)."""

    @abstractmethod
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
        """Add one action; ``index`` counts from 0 within the game and is unique. The
        rows of a game the action ends are written in the same transaction."""

    @abstractmethod
    def load_tables(self) -> list[TableRow]:
        """Every stored table, oldest first."""

    def table_codes(self) -> list[str]:
        """Every stored table's code (a table whose row cannot be read is still named
        here, so that the caller can say which one it skips)."""
        return [row.code for row in self.load_tables()]

    @abstractmethod
    def load_table(self, code: str) -> TableRow | None:
        """One stored table (a table that left memory is loaded again from here)."""

    @abstractmethod
    def load_game(self, code: str, game_no: int) -> GameRow | None:
        """A game with its actions, in order."""

    @abstractmethod
    def save_upload(self, game: str, key: str, text: str) -> Future[None]:
        """Keep a checked upload (a question deck) until a table uses it; only the
        newest ``UPLOADS_STORED`` of a game are kept."""

    @abstractmethod
    def load_upload(self, game: str, key: str) -> str | None:
        """A kept upload's text, or ``None``."""

    def health(self) -> dict[str, Any]:
        """How writes fare (``/api/status``): ``writes_ok``, since when they fail and
        why, and ``lost`` when the database is gone."""
        return {"writes_ok": True, "lost": None}

    @abstractmethod
    def save_document(self, row: DocumentRow) -> Future[None]:
        """Insert or replace a document (the caller checked its version)."""

    @abstractmethod
    def load_document(self, kind: str, key: str) -> DocumentRow | None:
        """A stored document, or ``None``."""

    @abstractmethod
    def close(self) -> None:
        """Finish pending writes and release the database."""


def open_storage(url: str, *, create_folder: bool = False) -> Storage:
    """The storage named by ``url`` (``sqlite:///path``); a database that cannot be
    used (missing folder unless ``create_folder``, not a regular file, not a database,
    unreadable) is a one-line ``bad_db`` refusal."""
    if url.startswith("sqlite:///"):
        from partie.server.storage.sqlite import SQLiteStorage

        return SQLiteStorage(url.removeprefix("sqlite:///"), create_folder=create_folder)
    raise PartieError(
        f"base de données inconnue : {url!r} (ex. sqlite:///chemin/partie.sqlite3)",
        f"unknown database: {url!r} (e.g. sqlite:///path/partie.sqlite3)",
        code="bad_db",
    )


__all__ = ["UPLOADS_STORED", "DocumentRow", "GameRow", "Storage", "TableRow", "open_storage"]
