"""Worker threads that take every waiting job at once and wake the event loop once per
batch.

Handing one job to a thread and back costs two wake-ups and a fight for the GIL; under
load (hundreds of tables, bots at full speed) that cost dominates the work itself. Here
the event loop appends jobs to a list, an idle worker takes the whole list, runs it,
and resolves all its futures with a single ``call_soon_threadsafe``.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
from collections.abc import Callable
from typing import Any

Job = Callable[[list[Any]], list[Any]]
"""Runs a batch of items; returns one result (or exception instance) per item."""


class BatchWorker:
    """``await worker.submit(item)`` → the result ``run`` gave for that item."""

    def __init__(self, run: Job, *, threads: int = 1, name: str = "partie-worker") -> None:
        self._run = run
        self._pending: list[tuple[Any, asyncio.Future[Any] | None, Any]] = []
        self._lock = threading.Condition()
        self._closed = False
        self._threads = [
            threading.Thread(target=self._loop, name=f"{name}-{i}", daemon=True)
            for i in range(threads)
        ]
        for thread in self._threads:
            thread.start()

    def submit(self, item: Any) -> asyncio.Future[Any]:
        """Queue ``item`` from the event loop; the future resolves after its batch ran."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[Any] = loop.create_future()
        self._put(item, future, loop)
        return future

    def submit_nowait(self, item: Any) -> threading.Event:
        """Queue ``item`` from any thread; the event is set once its batch ran."""
        done = threading.Event()
        self._put(item, None, done)
        return done

    def _put(self, item: Any, future: asyncio.Future[Any] | None, waiter: Any) -> None:
        with self._lock:
            if self._closed:
                raise RuntimeError("worker is closed")
            self._pending.append((item, future, waiter))
            if len(self._pending) == 1:
                self._lock.notify()

    def _loop(self) -> None:
        while True:
            with self._lock:
                while not self._pending and not self._closed:
                    self._lock.wait()
                if not self._pending and self._closed:
                    return
                batch, self._pending = self._pending, []
            try:
                results = self._run([item for item, _, _ in batch])
            except Exception as exc:  # the whole batch failed
                results = [exc] * len(batch)
            by_loop: dict[Any, list[tuple[asyncio.Future[Any], Any]]] = {}
            for (_, future, waiter), result in zip(batch, results, strict=True):
                if future is None:
                    waiter.set()
                else:
                    by_loop.setdefault(waiter, []).append((future, result))
            for loop, done in by_loop.items():
                # A closed loop raises RuntimeError: nobody waits any more.
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(settle_futures, done)

    def close(self) -> None:
        """Run what is queued, then stop the threads."""
        with self._lock:
            self._closed = True
            self._lock.notify_all()
        for thread in self._threads:
            if thread is not threading.current_thread():
                thread.join()


def settle_futures(done: list[tuple[asyncio.Future[Any], Any]]) -> None:
    """Give each future its result, or the exception its work raised (a future
    already cancelled or settled is left as it is)."""
    for future, result in done:
        if future.done():
            continue
        if isinstance(result, BaseException):
            future.set_exception(result)
        else:
            future.set_result(result)
