"""Who is connected to which table, and delivering messages to them (in-process).

Each connection has its own outgoing queue drained by one task, so a slow browser never
holds up a table; a connection that falls too far behind is dropped (it reconnects and
gets the current state). Several server processes would replace this module with a
pub/sub one; the tables only call ``connections`` and ``Connection.send``.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import ctypes.util
import gc
import itertools
from collections.abc import Awaitable, Callable
from typing import Any

from partie.server.codes import token_hash

QUEUE_LIMIT = 256
_ids = itertools.count(1)
GIVE_BACK_AFTER = 500
GIVE_BACK_DELAY = 2.0
"""After this many connections closed, and this many seconds without more closing,
the memory their buffers held is handed back to the system (``give_back_memory``)."""


def _libc_trim() -> Any:
    """glibc's ``malloc_trim``, or ``None`` (another C library: nothing to do)."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        trim = libc.malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes = [ctypes.c_size_t]
    trim.restype = ctypes.c_int
    return trim


_trim = _libc_trim()


class _GiveBack:
    """Counts closed connections; once enough have closed and the closing has paused,
    collects them and frees what the C allocator keeps for reuse (glibc's free blocks),
    so a wave of pages that came and went does not keep its memory for good. What
    Python's own small-object pools keep (fragmented, reused by the next pages) stays."""

    def __init__(self) -> None:
        self.closed = 0
        self.handle: asyncio.TimerHandle | None = None

    def note_closed(self) -> None:
        self.closed += 1
        if self.closed < GIVE_BACK_AFTER or _trim is None:
            return
        if self.handle is not None:
            self.handle.cancel()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self.handle = loop.call_later(GIVE_BACK_DELAY, self.give_back)

    def give_back(self) -> None:
        self.handle = None
        self.closed = 0
        # The closed pages' objects are in reference cycles that only a full collection
        # finds (they would wait for one); then the C allocator's free blocks go back.
        gc.collect()
        if _trim is not None:
            _trim(0)


give_back = _GiveBack()


class Connection:
    """One open page: the table it watches, its seat (or none) and its language."""

    def __init__(
        self,
        send_text: Callable[[str], Awaitable[None]],
        *,
        close: Callable[[int], Awaitable[None]] | None = None,
        lang: str = "fr",
    ) -> None:
        self.id = next(_ids)
        self.lang = lang
        self.table: str | None = None
        self.seat: int | None = None
        self.owner = False
        self._token: str | None = None
        #: The SHA-256 of ``token``, as seats keep it: whether this page still holds its
        #: seat is checked against it before anything of the seat is sent.
        self.token_hash: str | None = None
        self.closed = False
        #: What the last table message sent here showed (the table's version, summary,
        #: timer and this page's seat): the same again is not sent twice.
        self.shown: tuple[Any, ...] | None = None
        self.allowances: dict[str, Any] = {}  # rate limits by what they limit ("chat")
        self._send_text = send_text
        self._close = close
        self.overflowed = False
        self._queue: asyncio.Queue[str | None] = asyncio.Queue()
        self._task: asyncio.Task[None] | None = None

    @property
    def token(self) -> str | None:
        return self._token

    @token.setter
    def token(self, token: str | None) -> None:
        self._token = token
        self.token_hash = None if token is None else token_hash(token)

    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._drain())

    def send(self, text: str) -> None:
        """Queue one JSON text for this connection; never waits."""
        if self.closed:
            return
        if self._queue.qsize() >= QUEUE_LIMIT:
            self.closed = True
            self.overflowed = True
            self._queue.put_nowait(None)
            return
        self._queue.put_nowait(text)

    async def _drain(self) -> None:
        while True:
            text = await self._queue.get()
            if text is None:
                if self.overflowed and self._close is not None:
                    # Too far behind: the page reconnects and gets the current state.
                    with contextlib.suppress(Exception):
                        await self._close(1013)
                return
            try:
                await self._send_text(text)
            except Exception:
                self.closed = True
                return

    async def close(self) -> None:
        if self._task is not None and not self._task.done():
            give_back.note_closed()
        self.closed = True
        if self._task is not None:
            self._queue.put_nowait(None)
            try:
                await asyncio.wait_for(self._task, 1)
            except (TimeoutError, asyncio.CancelledError):
                self._task.cancel()


class Fanout:
    """Connections by table code."""

    def __init__(self) -> None:
        self._by_table: dict[str, dict[int, Connection]] = {}

    def join(self, code: str, conn: Connection) -> None:
        self._by_table.setdefault(code, {})[conn.id] = conn

    def leave(self, code: str, conn: Connection) -> None:
        conns = self._by_table.get(code)
        if conns is not None:
            conns.pop(conn.id, None)
            if not conns:
                del self._by_table[code]

    def connections(self, code: str) -> list[Connection]:
        return list(self._by_table.get(code, {}).values())

    def count(self, code: str, seat: int) -> int:
        return sum(1 for c in self._by_table.get(code, {}).values() if c.seat == seat)

    def seats(self, code: str) -> frozenset[int]:
        """The seats that have at least one page open (one pass over the table's pages)."""
        conns = self._by_table.get(code)
        if not conns:
            return frozenset()
        return frozenset(c.seat for c in conns.values() if c.seat is not None)

    def stats(self) -> dict[str, Any]:
        return {
            "tables": len(self._by_table),
            "connections": sum(map(len, self._by_table.values())),
        }
