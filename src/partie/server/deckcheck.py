"""Uploaded decks checked in a child process, with a wall-clock limit.

Checking a deck is pure CPU (parsing, every question's fields, the deck-wide warnings).
In a thread it would hold the interpreter lock from the pages, and a thread cannot be
stopped: a file that took minutes (a deck crafted to hit a slow path) would keep it
busy. In a child process it runs beside the pages, and a check over ``DECK_SECONDS`` is
stopped by ending the child (a new one serves the next upload).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from partie.core.errors import PartieError
from partie.games.tennis_quizz.uploads import Upload, read_upload

DECK_SECONDS = 10.0
"""Wall-clock seconds a deck's check may take (a valid 1 MiB deck takes about one)."""


class DeckChecker:
    """One child process at a time checks uploads, one upload at a time."""

    def __init__(self, seconds: float = DECK_SECONDS) -> None:
        self.seconds = seconds
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()
        self.stopped = 0  # checks ended for taking too long

    def _executor(self) -> ProcessPoolExecutor:
        with self._lock:
            if self._pool is None:
                # "spawn": the server runs threads, which a forked child must not inherit.
                context = multiprocessing.get_context("spawn")
                self._pool = ProcessPoolExecutor(max_workers=1, mp_context=context)
            return self._pool

    def _reset(self) -> None:
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            for process in list(getattr(pool, "_processes", {}).values()):
                process.kill()
            pool.shutdown(wait=False, cancel_futures=True)

    async def check(self, name: str, body: bytes, fmt: str | None) -> Upload:
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(self._executor(), read_upload, name, body, fmt)
            return await asyncio.wait_for(future, self.seconds)
        except TimeoutError:
            self.stopped += 1
            self._reset()
            raise PartieError(
                f"paquet trop long à vérifier (plus de {self.seconds:g} s) : coupez-le en "
                "plusieurs fichiers",
                f"deck too slow to check (over {self.seconds:g} s): split it into several files",
                code="deck_too_slow",
            ) from None
        except BrokenProcessPool:
            self._reset()
            raise PartieError(
                "la vérification du paquet a échoué : réessayez",
                "checking the deck failed: try again",
                code="deck_too_slow",
            ) from None

    def close(self) -> None:
        self._reset()


_checker: DeckChecker | None = None


def checker() -> DeckChecker:
    """The server's one checker (made on first use)."""
    global _checker
    if _checker is None:
        _checker = DeckChecker()
    return _checker


def close_checker() -> None:
    """Stop the checking child, if any (the server is stopping)."""
    global _checker
    if _checker is not None:
        _checker.close()
        _checker = None
