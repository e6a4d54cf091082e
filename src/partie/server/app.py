"""The ASGI app: HTTP routes, the websocket endpoint and the static client.

No game logic here: requests and messages are read and validated, then handed to
``Tables``; refusals go back as ``{code, fr, en}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import json
import logging
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from partie.core.errors import PartieError
from partie.core.inputs import MESSAGE_LIMITS, BadInput, parse_json, validate
from partie.rules.web import PREFIX as RULES_PREFIX
from partie.rules.web import rules_app
from partie.server import protocol as p
from partie.server.bots import BotRunner
from partie.server.codes import normalize_code, show_code
from partie.server.deckcheck import close_checker
from partie.server.fanout import Connection, Fanout
from partie.server.games import all_adapters
from partie.server.limits import (
    HELLO_SECONDS,
    SOCKETS_IN_ALL,
    SOCKETS_PER_ADDRESS,
    AddressGuard,
    AddressLimits,
    Rate,
    Sockets,
    client_address,
)
from partie.server.netaddr import reachable_hosts
from partie.server.security import Defences, http_error, server_error
from partie.server.storage import open_storage
from partie.server.tables import IDLE_SECONDS, SPECTATOR_CHAT, Tables

log = logging.getLogger("partie.server")

STATIC = Path(__file__).parent / "static"
UNREADABLE_IN_A_ROW = 5


@dataclass(frozen=True)
class ServerConfig:
    """How one server runs (the CLI builds it; tests pick a temporary database)."""

    db: str
    bot_pause: float = 0.6
    warm_bots: bool = True
    bot_workers: int = 2
    #: The address and port the server listens on (``/api/status`` gives other devices
    #: the LAN addresses when it is ``0.0.0.0``); port 0: the one the page came through.
    host: str = "127.0.0.1"
    port: int = 0
    #: Seconds after which a table over (or never started) that nobody watches leaves
    #: memory (storage keeps it); 0: never.
    idle_seconds: float = IDLE_SECONDS
    #: Called once the service is ready (storage open, tables restored, signal handling
    #: in place): the CLI prints the address then, so a Ctrl-C right after it stops the
    #: server cleanly instead of landing in the middle of its start.
    on_ready: Callable[[], None] | None = field(default=None, compare=False)
    #: Origins besides the server's own whose pages may post and open websockets here
    #: (a reverse proxy serving the pages under another name: ``--allow-origin``).
    allow_origins: tuple[str, ...] = ()
    #: Websockets open at once, in all and per address; seconds to say ``hello``.
    sockets_in_all: int = SOCKETS_IN_ALL
    sockets_per_address: int = SOCKETS_PER_ADDRESS
    hello_seconds: float = HELLO_SECONDS
    #: Allowances per address (``limits.RATES`` by default; tests widen some), and the
    #: chat allowance all the spectators of a table share.
    rates: dict[str, Rate] | None = field(default=None, compare=False)
    spectator_chat: tuple[float, int] = SPECTATOR_CHAT


_STATUS = {
    "unknown_table": 404,
    "bad_token": 403,
    "not_owner": 403,
    "game_not_over": 403,
    "same_deal_playing": 403,
    "deal_of_the_day": 403,
    "too_large": 413,
    "storage_error": 503,
    "too_many": 429,
}


def error_response(exc: PartieError) -> JSONResponse:
    return JSONResponse(exc.to_json(), status_code=_STATUS.get(exc.code, 400))


def create_app(config: ServerConfig) -> Starlette:
    """One app object: storage, tables and routes; started and stopped by its lifespan."""
    state: dict[str, Tables] = {}
    limits = AddressLimits(config.rates)
    sockets = Sockets(config.sockets_per_address, config.sockets_in_all)

    def tables() -> Tables:
        return state["tables"]

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        storage = open_storage(config.db)
        runner = BotRunner(config.bot_workers)
        service = Tables(
            storage,
            bots=runner,
            fanout=Fanout(),
            bot_pause=config.bot_pause,
            idle_seconds=config.idle_seconds,
            spectator_chat=config.spectator_chat,
        )
        restored = await asyncio.to_thread(service.restore)
        log.info("%d tables restored", restored)
        if config.warm_bots:
            runner.warm(all_adapters())
        state["tables"] = service
        app.state.tables = service
        app.state.limits = limits
        service.start_bots()
        if not config.warm_bots:
            gc.collect()
            gc.freeze()  # as the bots' warm-up does once it is done: see bots.py
        if config.on_ready is not None:
            config.on_ready()
        try:
            yield
        finally:
            service.close()
            runner.close()
            close_checker()
            await asyncio.to_thread(storage.close)

    async def page(request: Request) -> Response:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    async def games(request: Request) -> Response:
        return JSONResponse([adapter.summary() for adapter in all_adapters()])

    async def status(request: Request) -> Response:
        service = tables()
        ready = {a.id: service.bots.ready(a.id) for a in all_adapters()}
        port = config.port or request.url.port or 80
        hosts = await asyncio.to_thread(reachable_hosts, config.host)
        watched = service.fanout.stats()
        return JSONResponse(
            {
                "tables": len(service.tables),
                "evicted": service.evicted,
                "bots_ready": ready,
                "cheaper_moves": service.bots.cheaper_moves,
                "addresses": [f"http://{host}:{port}" for host in hosts],
                "watched_tables": watched["tables"],
                "connections": watched["connections"],
                "storage": service.storage.health(),
                "unreadable_tables": service.unreadable,
            }
        )

    async def lobby(request: Request) -> Response:
        try:
            page = _int_param(request, "page") or 0
        except PartieError as exc:
            return error_response(exc)
        return Response(tables().lobby(page), media_type="application/json")

    async def create(request: Request) -> Response:
        try:
            body = await _read_body(request)
            data = parse_json(body, what="table", limits=MESSAGE_LIMITS)
            spec = validate(p.CreateTable, data, what="table")
            code, owner_token = await tables().create(spec)
        except PartieError as exc:
            return error_response(exc)
        return JSONResponse(
            {"code": code, "shown": show_code(code), "owner_token": owner_token}, status_code=201
        )

    async def table(request: Request) -> Response:
        try:
            found = tables().get(request.path_params["code"])
        except PartieError as exc:
            return error_response(exc)
        return JSONResponse(found.summary(tables().fanout))

    async def record(request: Request) -> Response:
        try:
            game_no = _int_param(request, "game")
            rec = tables().record(request.path_params["code"], game_no)
        except PartieError as exc:
            return error_response(exc)
        name = f"partie-{request.path_params['code'].upper()}.json"
        return Response(
            rec.dump() + "\n",
            media_type="application/json",
            headers={"Content-Disposition": f'attachment; filename="{name}"'},
        )

    async def replay(request: Request) -> Response:
        try:
            seat = _int_param(request, "seat")
            game_no = _int_param(request, "game")
            data = tables().replay(request.path_params["code"], seat, game_no)
        except PartieError as exc:
            return error_response(exc)
        return JSONResponse(data)

    async def socket(ws: WebSocket) -> None:
        await ws.accept()
        address = client_address(ws.scope)
        refused = sockets.admit(address)
        if refused is None and not limits.take("socket", address):
            sockets.gone(address)
            refused = limits.refusal("socket")
        if refused is not None:
            # Told why in one line, then closed ("try again later").
            await ws.send_text(json.dumps(p.refusal(refused), ensure_ascii=False))
            await ws.close(code=1013)
            return
        conn = Connection(ws.send_text, close=lambda code: ws.close(code=code))
        conn.start()
        service = tables()
        unreadable = 0
        opened = time.monotonic()
        try:
            while True:
                if conn.table is None:  # a page says hello at once, or is closed
                    left = config.hello_seconds - (time.monotonic() - opened)
                    try:
                        event = await asyncio.wait_for(ws.receive(), max(left, 0.001))
                    except TimeoutError:
                        late = _hello_late(config.hello_seconds)
                        conn.send(json.dumps(p.refusal(late), ensure_ascii=False))
                        await conn.close()
                        await ws.close(code=1008)
                        return
                else:
                    event = await ws.receive()
                if event["type"] == "websocket.disconnect":
                    break
                raw = event.get("text")
                if raw is None:
                    raw = event.get("bytes") or b""
                try:
                    msg = p.read_message(raw)
                except PartieError as exc:
                    unreadable += 1
                    conn.send(json.dumps(p.refusal(exc), ensure_ascii=False))
                    if unreadable >= UNREADABLE_IN_A_ROW:
                        await conn.close()
                        await ws.close(code=1008)
                        return
                    continue
                unreadable = 0
                kind = _KIND.get(type(msg))
                try:
                    limits.check("message", address)
                    if kind is not None:
                        limits.check(kind, address)
                    if isinstance(msg, p.Hello):
                        limits.need("lookup_miss", address)
                except PartieError as exc:
                    ref = getattr(msg, "type", None)
                    conn.send(json.dumps(p.refusal(exc, ref), ensure_ascii=False))
                    continue
                await service.handle(conn, msg)
                if isinstance(msg, p.Hello) and conn.table != normalize_code(msg.table):
                    limits.take("lookup_miss", address)  # no such table: one guess spent
                if conn.closed:
                    break
        except WebSocketDisconnect:
            pass
        finally:
            sockets.gone(address)
            service.disconnect(conn)
            await conn.close()

    routes: list[Any] = [
        Route("/", page),
        Route("/t/{code}", page),
        Route("/replay/{code}", page),
        Route("/decks", page),
        Route("/defi", page),
        Route("/decks/{deck}", page),
        Route("/api/games", games),
        Route("/api/status", status),
        Route("/api/tables", lobby, methods=["GET"]),
        Route("/api/tables", create, methods=["POST"]),
        Route("/api/tables/{code}", table),
        Route("/api/tables/{code}/record", record),
        Route("/api/tables/{code}/replay", replay),
        WebSocketRoute("/ws", socket),
    ]
    for adapter in all_adapters():
        extra = adapter.routes()
        if extra:
            routes.append(Mount(f"/api/games/{adapter.id}", routes=extra))
        routes += _screen_routes(adapter.game)
    routes.append(Mount(RULES_PREFIX, app=rules_app()))
    routes.append(Mount("/static", StaticFiles(directory=STATIC), name="static"))
    app = Starlette(
        routes=routes,
        lifespan=lifespan,
        middleware=[
            Middleware(Defences, allow_origins=config.allow_origins),
            Middleware(AddressGuard, limits=limits),
        ],
        exception_handlers={HTTPException: http_error, Exception: server_error},
    )
    return app


def _screen_routes(game: Any) -> list[Route]:
    """A game installed on its own ships its browser screen in its package
    (``Game.web_screen``): served at ``/static/games/<id>.js`` (and ``.css``), where the
    table page loads every game's screen from."""
    if game.web_screen is None:
        return []
    folder = resources.files(game.web_screen)
    routes = []
    for suffix in ("js", "css"):
        source = folder.joinpath(f"{game.id}.{suffix}")
        if source.is_file():
            path = Path(str(source))
            routes.append(Route(f"/static/games/{game.id}.{suffix}", _file_endpoint(path)))
    return routes


def _file_endpoint(path: Path) -> Callable[[Request], Any]:
    async def send(request: Request) -> Response:
        return FileResponse(path)

    return send


async def _read_body(request: Request) -> bytes:
    """The request body, refused beyond the message limit before it is all read (at
    once when its announced length is over; the answer then closes the connection)."""
    length = request.headers.get("content-length", "")
    if length.isdigit() and int(length) > MESSAGE_LIMITS.max_bytes:
        raise _too_large()
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MESSAGE_LIMITS.max_bytes:
            raise _too_large()
        chunks.append(chunk)
    return b"".join(chunks)


def _too_large() -> BadInput:
    return BadInput(
        "requête trop grosse (au plus 64 Kio)",
        "request too large (at most 64 KiB)",
        code="too_large",
    )


_KIND: dict[type, str] = {p.Chat: "chat", p.Ask: "ask", p.Preview: "ask"}
"""Messages with an allowance of their own per address, besides every message's."""


def _hello_late(seconds: float) -> PartieError:
    return PartieError(
        f"pas de bonjour (hello) dans les {seconds:g} s : connexion fermée",
        f"no hello within {seconds:g} s: connection closed",
        code="hello_late",
    )


def _int_param(request: Request, name: str) -> int | None:
    text = request.query_params.get(name)
    if text is None or text == "":
        return None
    if not text.isdigit() or len(text) > 6:
        raise BadInput(f"paramètre {name} : entier attendu", f"parameter {name}: integer expected")
    return int(text)
