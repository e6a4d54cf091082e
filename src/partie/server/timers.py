"""One cancellable deadline on the event loop, shown to clients in milliseconds."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any


class Deadline:
    """At most one pending callback; arming again replaces it."""

    def __init__(self) -> None:
        self._handle: asyncio.TimerHandle | None = None
        self.key: Any = None
        self.at_ms: int | None = None

    def arm(self, key: Any, seconds: float, callback: Callable[[], None]) -> None:
        self.cancel()
        self.key = key
        self.at_ms = int((time.time() + seconds) * 1000)
        self._handle = asyncio.get_running_loop().call_later(seconds, self._fire, callback)

    def _fire(self, callback: Callable[[], None]) -> None:
        self._handle = None
        self.at_ms = None
        callback()

    def cancel(self) -> None:
        if self._handle is not None:
            self._handle.cancel()
        self._handle = None
        self.key = None
        self.at_ms = None

    @property
    def armed(self) -> bool:
        return self._handle is not None
