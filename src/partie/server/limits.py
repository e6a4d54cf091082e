"""What one address may do, and how fast: the server's allowances per client address.

A stranger opens as many pages and sockets as they like, so an allowance per page or
per connection limits nothing. Here every allowance is kept per address (and kind), in
one place, with the figures ``docs/limits.md`` lists. A refused request changes nothing
and is told why in French and English (``too_many``: HTTP 429, or a ``refused`` message
on the websocket).
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from partie.core.errors import PartieError
from partie.server.ratelimit import Allowance


@dataclass(frozen=True)
class Rate:
    """``burst`` at once, then ``rate`` a second on average."""

    rate: float
    burst: int
    fr: str
    en: str


RATES: dict[str, Rate] = {
    # Codes that match no table (page, record, replay, websocket hello): guessing a
    # code among 32^6 at one try a second is useless.
    "lookup_miss": Rate(0.5, 20, "trop de codes inconnus", "too many unknown codes"),
    # New tables: a class's teacher makes a dozen at once, nobody needs more.
    "create": Rate(0.2, 20, "trop de tables créées", "too many tables created"),
    # The lobby: a page reads it every 5 s; a flood of reads from one address would
    # keep the event loop answering it.
    "lobby": Rate(5.0, 30, "trop de lectures du salon", "too many lobby reads"),
    # Deck uploads: each is checked in a worker for up to seconds.
    "upload": Rate(0.1, 5, "trop de paquets envoyés", "too many decks uploaded"),
    # New websockets: a page reconnects now and then, a class opens 30 at once.
    "socket": Rate(1.0, 100, "trop de connexions ouvertes", "too many connections opened"),
    # Every websocket message from the address, all connections together.
    "message": Rate(40.0, 200, "trop de messages", "too many messages"),
    # Chat lines from the address, all its pages and tables together.
    "chat": Rate(1.0, 5, "trop de messages de discussion", "too many chat lines"),
    # Questions (hints, previews) from the address: each may search for a second.
    "ask": Rate(8.0, 40, "trop de questions", "too many questions"),
}
"""Allowances per address; ``docs/limits.md`` lists them."""

SOCKETS_PER_ADDRESS = 64
"""Websockets one address may hold open at once (a classroom behind one router: 30)."""
SOCKETS_IN_ALL = 4000
"""Websockets the server holds open at once; beyond, a new one is told the server is
full and closed."""
HELLO_SECONDS = 10.0
"""A websocket that has not said ``hello`` to a table by then is closed."""

EXEMPT = frozenset({"127.0.0.1", "::1"})
"""Addresses no allowance applies to: the server's own machine (its benchmarks; a
reverse proxy on the same machine, whose users would otherwise all share one
allowance). Other loopback addresses (127.0.0.2...) count as strangers."""

ADDRESSES_KEPT = 50_000
"""Addresses whose allowances are remembered (the least recently seen are forgotten
first: a forgotten address starts again with a full allowance)."""


class TooMany(PartieError):
    code = "too_many"


class AddressLimits:
    """Allowances by (kind, address)."""

    def __init__(
        self, rates: dict[str, Rate] | None = None, exempt: frozenset[str] = EXEMPT
    ) -> None:
        self.rates = dict(RATES if rates is None else rates)
        self.exempt = exempt
        self._buckets: OrderedDict[tuple[str, str], Allowance] = OrderedDict()
        self.refused: dict[str, int] = {}

    def _bucket(self, kind: str, address: str) -> Allowance:
        key = (kind, address)
        bucket = self._buckets.get(key)
        if bucket is None:
            rate = self.rates[kind]
            bucket = self._buckets[key] = Allowance(rate.rate, rate.burst)
            if len(self._buckets) > ADDRESSES_KEPT:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket

    def left(self, kind: str, address: str) -> bool:
        """Whether ``address`` may do ``kind`` now (nothing is taken)."""
        return address in self.exempt or self._bucket(kind, address).peek()

    def take(self, kind: str, address: str) -> bool:
        if address in self.exempt:
            return True
        allowed = self._bucket(kind, address).take()
        if not allowed:
            self.refused[kind] = self.refused.get(kind, 0) + 1
        return allowed

    def check(self, kind: str, address: str) -> None:
        """Take one ``kind`` from the address's allowance, or refuse (``too_many``)."""
        if not self.take(kind, address):
            raise self.refusal(kind)

    def need(self, kind: str, address: str) -> None:
        """Refuse (``too_many``) when the allowance is spent, without taking from it."""
        if not self.left(kind, address):
            self.refused[kind] = self.refused.get(kind, 0) + 1
            raise self.refusal(kind)

    def refusal(self, kind: str) -> TooMany:
        rate = self.rates[kind]
        per = 1 / rate.rate if rate.rate else 0
        return TooMany(
            f"{rate.fr} depuis votre adresse : attendez {per:.0f} s avant de réessayer",
            f"{rate.en} from your address: wait {per:.0f} s before trying again",
            code="too_many",
        )


def client_address(scope: dict[str, Any]) -> str:
    client = scope.get("client")
    return str(client[0]) if client else "?"


class AddressGuard:
    """ASGI layer for what HTTP requests cost per address.

    - ``POST /api/tables`` spends one ``create``; a deck upload one ``upload``.
    - A request naming a table by its code (``…/tables/CODE…``) that finds none (404)
      spends one ``lookup_miss``; once they are spent, such requests are refused
      before any look-up.
    Refusals are 429 ``too_many``, in French and English."""

    def __init__(self, app: Any, limits: AddressLimits) -> None:
        self.app = app
        self.limits = limits

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        path = scope["path"]
        address = client_address(scope)
        post = scope["method"] == "POST"
        try:
            if post and path.rstrip("/") == "/api/tables":
                self.limits.check("create", address)
            elif scope["method"] == "GET" and path.rstrip("/") == "/api/tables":
                self.limits.check("lobby", address)
            elif post and path.startswith("/api/games/") and path.rstrip("/").endswith("/decks"):
                self.limits.check("upload", address)
            elif "/tables/" in path:
                self.limits.need("lookup_miss", address)
            else:
                await self.app(scope, receive, send)
                return
        except TooMany as exc:
            await _send_json(send, 429, exc.to_json())
            return
        status = 0

        async def watch(message: dict[str, Any]) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
            await send(message)

        await self.app(scope, receive, watch)
        if status == 404 and "/tables/" in path:
            self.limits.take("lookup_miss", address)


class Sockets:
    """Open websockets per address and in all (``SOCKETS_PER_ADDRESS``,
    ``SOCKETS_IN_ALL``)."""

    def __init__(
        self,
        per_address: int = SOCKETS_PER_ADDRESS,
        in_all: int = SOCKETS_IN_ALL,
        exempt: frozenset[str] = EXEMPT,
    ) -> None:
        self.per_address = per_address
        self.exempt = exempt
        self.in_all = in_all
        self.open: dict[str, int] = {}
        self.total = 0

    def admit(self, address: str) -> PartieError | None:
        """``None`` and the socket counted, or why it is refused."""
        if self.total >= self.in_all:
            return PartieError(
                "le serveur est plein : réessayez dans un moment",
                "the server is full: try again in a moment",
                code="server_full",
            )
        if address not in self.exempt and self.open.get(address, 0) >= self.per_address:
            return PartieError(
                f"trop de pages ouvertes depuis votre adresse (au plus {self.per_address})",
                f"too many pages open from your address (at most {self.per_address})",
                code="too_many",
            )
        self.open[address] = self.open.get(address, 0) + 1
        self.total += 1
        return None

    def gone(self, address: str) -> None:
        left = self.open.get(address, 0) - 1
        if left <= 0:
            self.open.pop(address, None)
        else:
            self.open[address] = left
        self.total -= 1


async def _send_json(send: Any, status: int, data: dict[str, Any]) -> None:
    body = json.dumps(data, ensure_ascii=False).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})
