"""HTTP time limits uvicorn does not set by itself: a request's headers must arrive
within ``HEADER_SECONDS`` of the connection (or of the previous answer), and its body
within ``BODY_SECONDS`` of its headers; a connection that dawdles is closed.

uvicorn's own ``timeout_keep_alive`` only runs between two requests: a client that
opens a connection and sends half a header line, or a body one byte a minute, would
hold its connection (and its memory) for ever. ``GuardedH11`` is uvicorn's h11 protocol
with these two clocks; ``partie serve`` passes it as uvicorn's ``http`` class.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

HEADER_SECONDS = 10.0
BODY_SECONDS = 30.0


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with a deadline for the headers and one for the body."""

    header_seconds = HEADER_SECONDS
    body_seconds = BODY_SECONDS

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        self._deadline: asyncio.TimerHandle | None = None
        self._waiting_for: str | None = None
        super().connection_made(transport)
        self._arm("headers", self.header_seconds)

    def _arm(self, what: str, seconds: float) -> None:
        self._disarm()
        self._waiting_for = what
        self._deadline = self.loop.call_later(seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None
        self._waiting_for = None

    def _too_slow(self) -> None:
        self._deadline = None
        transport: Any = self.transport
        # After a websocket upgrade the transport belongs to another protocol.
        if transport.is_closing() or transport.get_protocol() is not self:
            return
        transport.close()

    def data_received(self, data: bytes) -> None:
        if self._waiting_for is None and self.conn.their_state is h11.IDLE:
            self._arm("headers", self.header_seconds)  # a new request on a kept connection
        super().data_received(data)
        self._follow()

    def _follow(self) -> None:
        """Move the clock along with the client's side of the request."""
        state = self.conn.their_state
        transport: Any = self.transport
        if transport.get_protocol() is not self:  # upgraded to a websocket
            self._disarm()
        elif state is h11.SEND_BODY:
            if self._waiting_for != "body":
                self._arm("body", self.body_seconds)
        elif state is not h11.IDLE:  # the whole request is in (or the connection ends)
            self._disarm()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._follow()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)
