"""Storage's health as the log and ``/api/status`` see it: an outage is logged once
when writes start failing and once when they succeed again, never once per write.

A failing disk turns every change of every table into a failed write; a line (or a
traceback) per failure would bury the one line that says why. Storage reports each
batch's outcome here; the first failure after a success opens an outage, the first
success after failures closes it.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Any

log = logging.getLogger("partie.server")


def reason_of(exc: BaseException) -> str:
    """One line saying why a write failed (the exception's own words, no traceback)."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return f"{type(exc).__name__}: {text}"


class Outage:
    """Whether writes work now, since when they fail, and how many were refused."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self.failing_since: float | None = None  # time.time() of the first failure
        self.reason = ""
        self.refused = 0  # writes refused during the current outage
        self.outages = 0  # outages since the start

    def failed(self, exc: BaseException, count: int = 1, *, said: bool = False) -> None:
        """``count`` writes failed with ``exc``: logged only when an outage begins (and
        not at all when the cause was ``said`` already)."""
        with self._lock:
            self.refused += count
            if self.failing_since is not None:
                return
            self.failing_since = time.time()
            self.reason = reason_of(exc)
            self.outages += 1
        if said:
            return
        log.error(
            "storage: writes fail (%s); every change is refused until a write succeeds again",
            self.reason,
        )

    def succeeded(self) -> None:
        """A write went through: an outage, if any, is over."""
        if self.failing_since is None:  # the common case, without the lock
            return
        with self._lock:
            if self.failing_since is None:
                return
            lasted = time.time() - self.failing_since
            refused = self.refused
            self.failing_since = None
            self.reason = ""
            self.refused = 0
        log.warning(
            "storage: writes succeed again after %.1f s (%d writes refused meanwhile)",
            lasted,
            refused,
        )

    def status(self) -> dict[str, Any]:
        """What ``/api/status`` says of the writes."""
        with self._lock:
            return {
                "writes_ok": self.failing_since is None,
                "failing_since": self.failing_since,
                "reason": self.reason,
                "refused": self.refused,
                "outages": self.outages,
            }
