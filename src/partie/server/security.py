"""The web's usual defences, around the whole app (one ASGI layer, no route knows it).

- **Origin.** A page of another site may make a visitor's browser send a POST or open a
  websocket here (the visitor's tokens are not cookies, but a cross-site POST could still
  create tables from every visitor's address). Browsers always say where a page came
  from (``Origin``) on such requests: a websocket or any request but GET/HEAD/OPTIONS
  whose ``Origin`` is neither this server (its ``Host``) nor one given with
  ``--allow-origin`` (a reverse proxy on another name) is refused, 403 ``bad_origin``.
  A client that is not a browser sends no ``Origin``; it needs no other site's page to
  reach the server, so nothing is gained by refusing it.
- **Headers on every response**: a Content-Security-Policy without inline script or
  style and ``frame-ancestors 'none'`` (no other site frames the page), ``nosniff``,
  ``Referrer-Policy: no-referrer`` (a table's link never leaves in a ``Referer``).
- **Every error is ``{code, fr, en}``**: Starlette's own 404 and 405 included.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Iterable
from typing import Any
from urllib.parse import urlsplit

from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from partie.core.errors import PartieError

Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGI = Callable[[Scope, Receive, Send], Awaitable[None]]

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)
HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
]
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})

BAD_ORIGIN = PartieError(
    "demande venue d'un autre site : refusée",
    "request from another site: refused",
    code="bad_origin",
).to_json()
NOT_FOUND = PartieError("adresse inconnue", "no such address", code="not_found").to_json()
NOT_ALLOWED = PartieError(
    "méthode refusée à cette adresse", "method not allowed here", code="method_not_allowed"
).to_json()
REFUSED = PartieError("requête refusée", "request refused", code="bad_input").to_json()


def normalize_origin(text: str) -> str:
    """``https://Example.org:443/`` → ``https://example.org`` (what browsers send)."""
    parts = urlsplit(text.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"not an origin: {text!r}")
    host = parts.hostname.lower()
    if ":" in host:
        host = f"[{host}]"
    default = {"http": 80, "https": 443}[parts.scheme]
    port = "" if parts.port in (None, default) else f":{parts.port}"
    return f"{parts.scheme}://{host}{port}"


class Defences:
    """The ASGI layer: Origin checks, security headers."""

    def __init__(self, app: ASGI, allow_origins: Iterable[str] = ()) -> None:
        self.app = app
        self.allowed = frozenset(normalize_origin(o) for o in allow_origins)
        self.refused = 0  # requests and sockets refused for their origin

    def origin_ok(self, scope: Scope) -> bool:
        headers = dict(scope.get("headers") or [])
        raw = headers.get(b"origin")
        if raw is None:
            return True
        origin = raw.decode("latin-1").strip()
        try:
            origin = normalize_origin(origin)
        except ValueError:  # "null" (a sandboxed frame, a file), garbage
            return False
        if origin in self.allowed:
            return True
        host = headers.get(b"host", b"").decode("latin-1").strip().lower()
        return bool(host) and urlsplit(origin).netloc == host

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind == "websocket":
            if not self.origin_ok(scope):
                self.refused += 1
                await receive()  # websocket.connect
                await send({"type": "websocket.close", "code": 1008, "reason": "bad origin"})
                return
            await self.app(scope, receive, send)
            return
        if kind != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name.lower() for name, _ in message.get("headers", [])}
                extra = [(k, v) for k, v in HEADERS if k not in names]
                if message["status"] == 413 and b"connection" not in names:
                    # Refused at the limit: close rather than read the rest of the body.
                    extra.append((b"connection", b"close"))
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        if scope["method"] not in SAFE_METHODS and not self.origin_ok(scope):
            self.refused += 1
            body = json.dumps(BAD_ORIGIN, ensure_ascii=False).encode()
            await send_with_headers(
                {
                    "type": "http.response.start",
                    "status": 403,
                    "headers": [
                        (b"content-type", b"application/json"),
                        (b"content-length", str(len(body)).encode()),
                        (b"connection", b"close"),
                    ],
                }
            )
            await send({"type": "http.response.body", "body": body})
            return
        await self.app(scope, receive, send_with_headers)


HTTP_ERRORS = {404: NOT_FOUND, 405: NOT_ALLOWED}


async def server_error(request: Request, exc: Exception) -> Response:
    """A bug (logged by Starlette): one line for the page, as every other refusal."""
    return JSONResponse(
        {"code": "server_error", "fr": "erreur du serveur", "en": "server error"},
        status_code=500,
    )


async def http_error(request: Request, exc: Exception) -> Response:
    """Starlette's own errors (an unknown address, a wrong method) as ``{code, fr, en}``."""
    assert isinstance(exc, HTTPException)
    body = HTTP_ERRORS.get(exc.status_code, REFUSED)
    return JSONResponse(body, status_code=exc.status_code, headers=exc.headers)
