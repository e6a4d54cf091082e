"""How often one connection may do something: a bucket that refills at a steady rate.

A stranger's page can send messages as fast as its network goes; what every other page
receives (chat lines) must not follow that pace. Each connection gets its own bucket:
``burst`` actions at once, then ``rate`` per second on average.
"""

from __future__ import annotations

import time


class Allowance:
    """``take()`` is true while the connection is within its rate; a refused take costs
    nothing, so waiting is always enough to be allowed again."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = float(burst)
        self._left = float(burst)
        self._at = time.monotonic()

    def _refill(self) -> None:
        now = time.monotonic()
        self._left = min(self.burst, self._left + (now - self._at) * self.rate)
        self._at = now

    def peek(self) -> bool:
        """Whether a ``take`` would be allowed now (nothing taken)."""
        self._refill()
        return self._left >= 1.0

    def take(self) -> bool:
        self._refill()
        if self._left >= 1.0:
            self._left -= 1.0
            return True
        return False
