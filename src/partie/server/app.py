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
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
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
from partie.server.codes import show_code
from partie.server.fanout import Connection, Fanout
from partie.server.games import all_adapters
from partie.server.netaddr import reachable_hosts
from partie.server.storage import open_storage
from partie.server.tables import IDLE_SECONDS, Tables

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


_STATUS = {
    "unknown_table": 404,
    "bad_token": 403,
    "not_owner": 403,
    "game_not_over": 403,
    "deal_of_the_day": 403,
    "too_large": 413,
}


def error_response(exc: PartieError) -> JSONResponse:
    return JSONResponse(exc.to_json(), status_code=_STATUS.get(exc.code, 400))


def create_app(config: ServerConfig) -> Starlette:
    """One app object: storage, tables and routes; started and stopped by its lifespan."""
    state: dict[str, Tables] = {}

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
        )
        restored = await asyncio.to_thread(service.restore)
        log.info("%d tables restored", restored)
        if config.warm_bots:
            runner.warm(all_adapters())
        state["tables"] = service
        app.state.tables = service
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
                "addresses": [f"http://{host}:{port}" for host in hosts],
                "watched_tables": watched["tables"],
                "connections": watched["connections"],
            }
        )

    async def lobby(request: Request) -> Response:
        return JSONResponse(tables().lobby())

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
        conn = Connection(ws.send_text, close=lambda code: ws.close(code=code))
        conn.start()
        service = tables()
        unreadable = 0
        try:
            while True:
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
                await service.handle(conn, msg)
                if conn.closed:
                    break
        except WebSocketDisconnect:
            pass
        finally:
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
    app = Starlette(routes=routes, lifespan=lifespan)
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
    """The request body, refused beyond the message limit before it is all read."""
    chunks = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MESSAGE_LIMITS.max_bytes:
            raise BadInput(
                "requête trop grosse (au plus 64 Kio)",
                "request too large (at most 64 KiB)",
                code="too_large",
            )
        chunks.append(chunk)
    return b"".join(chunks)


def _int_param(request: Request, name: str) -> int | None:
    text = request.query_params.get(name)
    if text is None or text == "":
        return None
    if not text.isdigit() or len(text) > 6:
        raise BadInput(f"paramètre {name} : entier attendu", f"parameter {name}: integer expected")
    return int(text)
