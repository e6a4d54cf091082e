"""Bots off the event loop.

Bots think in worker threads, so a slow bot never stalls the other tables; their
compiled code is built when the server starts (in a child process, unless numba's cache
already holds it), then loaded from the cache by a background thread when a bot first
needs it (or a few seconds after the start). Only a bot that needs that code waits for
it; the others, and serving pages, never do.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import subprocess
import sys
import threading
import time
from concurrent.futures import Future
from typing import Any

from partie.core.game import Action, Bot
from partie.server.games import GameAdapter
from partie.server.worker import BatchWorker

log = logging.getLogger("partie.server")

LOAD_AFTER = 5.0
"""Seconds after the start at which compiled bots are loaded even if no bot asked."""


def _freeze_startup_objects() -> None:
    """Move what start-up loaded (modules, compiled bots, lexicons) out of the garbage
    collector's sight: a full collection then walks only what play creates, so it no
    longer stalls every table for tens of milliseconds."""
    gc.collect()
    gc.freeze()


class BotRunner:
    """Runs ``bot.act(view)`` in worker threads once the bot's game is warmed up."""

    def __init__(self, workers: int = 2, load_after: float = LOAD_AFTER) -> None:
        self._worker = BatchWorker(_think, threads=workers, name="partie-bot")
        self._warm: dict[str, Future[None]] = {}
        self._wanted: dict[str, threading.Event] = {}
        self._lock = threading.Lock()
        self._load_after = load_after

    def warm(self, adapters: list[GameAdapter]) -> None:
        """Start preparing every adapter's compiled bots, one background thread each:
        compiled in a child process unless the cache already holds them, then loaded
        here when a bot first needs them or ``load_after`` seconds after the start,
        whichever comes first. Loading holds the interpreter's lock for a second or
        more (longer on a busy machine): the first pages and the bots with nothing to
        load do not wait behind it."""
        todo = [a for a in adapters if a.warm_bots and a.id not in self._warm]
        for adapter in todo:
            self._warm[adapter.id] = Future()
            self._wanted[adapter.id] = threading.Event()
        left = [len(todo)]
        deadline = time.monotonic() + self._load_after

        def run(adapter: GameAdapter) -> None:
            future = self._warm[adapter.id]
            try:
                if not adapter.cache_ready():  # else loading is all there is to do
                    _compile_elsewhere(adapter.id)
                self._wanted[adapter.id].wait(max(0.0, deadline - time.monotonic()))
                adapter.warm()
                log.info("bots ready: %s", adapter.id)
            except Exception as exc:  # a broken bot must not stop the server
                log.exception("warming the bots of %s failed", adapter.id)
                future.set_exception(exc)
            else:
                future.set_result(None)
            with self._lock:
                left[0] -= 1
                last = left[0] == 0
            if last:
                _freeze_startup_objects()

        for adapter in todo:
            threading.Thread(
                target=run, args=(adapter,), name=f"partie-warm-{adapter.id}", daemon=True
            ).start()

    def ready(self, game_id: str) -> bool:
        future = self._warm.get(game_id)
        return future is None or future.done()

    async def choose(
        self, adapter: GameAdapter, bot: Bot, view: dict[str, Any], spec: str | None = None
    ) -> Action:
        """The bot's move, thought in a worker thread; a bot whose compiled code is
        being prepared (``adapter.needs_warm(spec)``) waits for it, the others do not."""
        future = self._warm.get(adapter.id)
        waits = spec is None or adapter.needs_warm(spec)
        if waits and future is not None and not future.done():
            self._wanted[adapter.id].set()  # load now, not at ``load_after``
            await asyncio.wrap_future(future)
        return await self._worker.submit((bot, view))

    def close(self) -> None:
        self._worker.close()


def _compile_elsewhere(game_id: str) -> None:
    """Compile the game's bots in a child process first: compiling holds the GIL for
    up to a minute, which would slow every page; the child fills the compiled-code
    cache, and the server then only loads it. Any failure just leaves the work to the
    server itself."""
    code = f"from partie.server.games import get_adapter; get_adapter({game_id!r}).warm()"
    try:
        subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=600, check=False)
    except (OSError, subprocess.SubprocessError):
        log.warning("could not prepare the bots of %s in a child process", game_id)


def _think(batch: list[tuple[Bot, dict[str, Any]]]) -> list[Any]:
    """Each bot's move, or the exception it raised."""
    out: list[Any] = []
    for bot, view in batch:
        try:
            out.append(bot.act(view))
        except Exception as exc:
            out.append(exc)
    return out
