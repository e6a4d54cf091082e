"""Bots off the event loop.

Bots think in worker threads, so a slow bot never stalls the other tables; their
compiled code is built when the server starts (in a child process, unless numba's cache
already holds it), then loaded from the cache by a background thread when a bot first
needs it (or a few seconds after the start). Only a bot that needs that code waits for
it; the others, and serving pages, never do.

Cheap levels (a few milliseconds a move at most) go to one batching worker. Costly
levels (those with a ``cheaper`` level: see ``botlevels``) go to a pool that runs one
move at a time, tables in the order they asked, and never more than one move of a table
at once; a move not found within the level's budget is played by the cheaper level
instead (the costly search goes on to its end, its answer is dropped, and that table's
next costly move waits for it: meanwhile the cheaper level plays). So one table cannot
hold every worker, and a busy server makes its bots weaker, not slower.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import subprocess
import sys
import threading
import time
from collections import deque
from concurrent.futures import Future
from typing import Any

from partie.core.game import Action, Bot
from partie.server.games import GameAdapter
from partie.server.worker import BatchWorker, settle_futures

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
        self._worker = BatchWorker(_think, threads=1, name="partie-bot")
        self._costly = FairPool(max(1, workers), name="partie-bot-costly")
        self._warm: dict[str, Future[None]] = {}
        self._wanted: dict[str, threading.Event] = {}
        self._lock = threading.Lock()
        self._load_after = load_after
        self._child: subprocess.Popen[bytes] | None = None
        #: Moves played by a cheaper level because the asked one was too slow or still
        #: busy with the table's previous move (``/api/status``).
        self.cheaper_moves = 0

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
                    self._compile_elsewhere(adapter.id)
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
        self,
        adapter: GameAdapter,
        bot: Bot,
        view: dict[str, Any],
        *,
        spec: str | None = None,
        key: Any = None,
        seed: int = 0,
    ) -> Action:
        """The move of ``bot`` (playing ``spec`` at table ``key``) on ``view``, thought in
        a worker thread, or the cheaper level's when the spec's level is costly and over
        its budget; a bot whose compiled code is being prepared
        (``adapter.needs_warm(spec)``) waits for it, the others do not."""
        future = self._warm.get(adapter.id)
        waits = spec is None or adapter.needs_warm(spec)
        if waits and future is not None and not future.done():
            self._wanted[adapter.id].set()  # load now, not at ``load_after``
            await asyncio.wrap_future(future)
        level = None if spec is None else adapter.level(spec)
        if level is None or level.cheaper is None:
            return await self._worker.submit((bot, view))
        if not self._costly.busy(key):
            job = self._costly.submit(key, bot, view)
            try:
                return await asyncio.wait_for(asyncio.shield(job), level.budget)
            except TimeoutError:
                job.cancel()  # skipped if it has not started; dropped if it has
        self.cheaper_moves += 1
        cheap = adapter.make_bot(level.cheaper, seed)
        return await self._worker.submit((cheap, view))

    def close(self) -> None:
        """Stop at once: queued costly moves are dropped, a search under way is left to
        its daemon thread, a compiling child process is killed."""
        child = self._child
        if child is not None and child.poll() is None:
            child.kill()
        self._costly.close()
        self._worker.close()

    def _compile_elsewhere(self, game_id: str) -> None:
        """Compile the game's bots in a child process first: compiling holds the GIL for
        up to a minute, which would slow every page; the child fills the compiled-code
        cache, and the server then only loads it. Any failure just leaves the work to
        the server itself."""
        code = f"from partie.server.games import get_adapter; get_adapter({game_id!r}).warm()"
        try:
            child = subprocess.Popen(
                [sys.executable, "-c", code],
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            self._child = child
            child.wait(timeout=600)
        except (OSError, subprocess.SubprocessError):
            log.warning("could not prepare the bots of %s in a child process", game_id)


class FairPool:
    """Threads that run costly bot moves one at a time, in the order tables asked, at
    most one per table (``busy``): a table with a slow bot waits its turn like others."""

    def __init__(self, threads: int, *, name: str) -> None:
        self._queue: deque[tuple[Any, Bot, dict[str, Any], asyncio.Future[Any]]] = deque()
        self._keys: dict[Any, int] = {}  # table → its moves queued or running
        self._cond = threading.Condition()
        self._closed = False
        for i in range(threads):
            threading.Thread(target=self._loop, name=f"{name}-{i}", daemon=True).start()

    def busy(self, key: Any) -> bool:
        with self._cond:
            return self._keys.get(key, 0) > 0

    def submit(self, key: Any, bot: Bot, view: dict[str, Any]) -> asyncio.Future[Any]:
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        with self._cond:
            if self._closed:
                raise RuntimeError("pool is closed")
            self._queue.append((key, bot, view, future))
            self._keys[key] = self._keys.get(key, 0) + 1
            self._cond.notify()
        return future

    def _loop(self) -> None:
        while True:
            with self._cond:
                while not self._queue and not self._closed:
                    self._cond.wait()
                if self._closed:
                    return
                key, bot, view, future = self._queue.popleft()
            try:
                if not future.cancelled():
                    result: Any = _think([(bot, view)])[0]
                    loop = future.get_loop()
                    with contextlib.suppress(RuntimeError):  # the loop closed: nobody waits
                        loop.call_soon_threadsafe(settle_futures, [(future, result)])
            finally:
                with self._cond:
                    left = self._keys.get(key, 1) - 1
                    if left <= 0:
                        self._keys.pop(key, None)
                    else:
                        self._keys[key] = left

    def close(self) -> None:
        with self._cond:
            self._closed = True
            for _, _, _, future in self._queue:
                with contextlib.suppress(RuntimeError):
                    future.get_loop().call_soon_threadsafe(future.cancel)
            self._queue.clear()
            self._cond.notify_all()


def _think(batch: list[tuple[Bot, dict[str, Any]]]) -> list[Any]:
    """Each bot's move, or the exception it raised."""
    out: list[Any] = []
    for bot, view in batch:
        try:
            out.append(bot.act(view))
        except Exception as exc:
            out.append(exc)
    return out
