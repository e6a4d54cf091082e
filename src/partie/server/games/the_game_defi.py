"""The Game's deal of the day on the web (``/defi`` in the browser; its API under
``/api/games/the-game/defi``), mounted by The Game's adapter.

A day's table is an ordinary table, created through ``Tables.create`` (same storage,
same limits) with the seed of the day's deal chosen here, never from the network; it
is hidden like any table's seed until its game ends. The adapter tells this module when
such a table's game starts and ends (``table_event``): the first game of the table,
started on the deal's day, enters the day's board; ``again`` at the same table and
tables made after the day (replays of yesterday's deal) never do.

Stored as documents: ``the-game-defi-table`` (per table code: its day, player count,
board, start time), ``the-game-defi`` (per day: the board's entries and, once the day is
over, the verdict of the oracle and the bots), ``the-game-defi-board`` (per private
board: the hash of its secret key; the key itself is only in its link).
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import time
import weakref
from typing import Annotated, Any, Literal

from pydantic import Field
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from partie.core.errors import PartieError
from partie.core.inputs import MESSAGE_LIMITS, Strict, parse_json, validate
from partie.games.the_game import defi
from partie.server import protocol as p
from partie.server.codes import new_token, show_code, token_hash
from partie.server.storage import DocumentRow

log = logging.getLogger("partie.server")

DAY_KIND = "the-game-defi"
TABLE_KIND = "the-game-defi-table"
BOARD_KIND = "the-game-defi-board"
SHOWN = 20
"""Entries a board shows per player count (the best)."""
KEPT = 50
"""Entries a board keeps per player count (the best): a day's document stays small
however many games are played."""
DAY_ENTRIES = 5000
"""Entries a day keeps in all (every board): past it, new entries are dropped."""


def today() -> dt.date:
    """The UTC date (a module function so a test can move the server to another day)."""
    return dt.datetime.now(dt.UTC).date()


class PlayDefi(Strict):
    """A table of a day's deal: the player count, its seats (bots or people), the
    server settings, the private board it plays for, and which day's deal."""

    players: Annotated[int, Field(ge=1, le=5)]
    day: Literal["today", "yesterday"] = "today"
    board: Annotated[str, Field(max_length=64)] | None = None
    seats: list[p.SeatSpec] | None = Field(default=None, max_length=5)
    settings: p.Settings = Field(default_factory=p.Settings)


class _State:
    """What one server keeps in memory for the boards: a lock per day and the verdicts
    being computed (everything else is in storage)."""

    def __init__(self) -> None:
        self.locks: dict[str, asyncio.Lock] = {}
        self.computing: dict[str, asyncio.Task[None]] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        # Start times noted but maybe not stored yet (a game of bots can end first).
        self.started: dict[str, float] = {}

    def lock(self, day: str) -> asyncio.Lock:
        return self.locks.setdefault(day, asyncio.Lock())


_states: weakref.WeakKeyDictionary[Any, _State] = weakref.WeakKeyDictionary()


def _state(service: Any) -> _State:
    found = _states.get(service)
    if found is None:
        found = _states[service] = _State()
    return found


def _error(code: str, fr: str, en: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"code": code, "fr": fr, "en": en}, status_code=status)


def _unknown_board() -> JSONResponse:
    refused = PartieError(
        "tableau privé inconnu : vérifiez le lien",
        "unknown private board: check the link",
        code="unknown_board",
    )
    return JSONResponse(refused.to_json(), status_code=404)


def _board_hash(storage: Any, key: str | None) -> str | None:
    """``""`` for the public board, the key's hash for a known private board, ``None``
    for a key nobody made."""
    if not key:
        return ""
    hashed = token_hash(key)
    return hashed if storage.load_document(BOARD_KIND, hashed) is not None else None


def _document(storage: Any, kind: str, key: str) -> DocumentRow:
    return storage.load_document(kind, key) or DocumentRow(kind, key, 0, "", {})


async def _put(storage: Any, row: DocumentRow) -> None:
    row.version += 1
    row.updated = time.time()
    await storage.save_document(row)


# -- told by the adapter --------------------------------------------------------------


def table_event(service: Any, table: Any, event: str) -> None:
    """A day's table started or ended: note its start, or enter its result (in a
    task: the table's own path does not wait for the board)."""
    if table.game_no != 0:
        return  # `again`: the deal is known by then
    state = _state(service)
    now = time.time()
    if event == "start":
        state.started[table.code] = now
    task = asyncio.get_running_loop().create_task(_note(service, table.code, event, now))
    state.tasks.add(task)
    task.add_done_callback(state.tasks.discard)


async def _note(service: Any, code: str, event: str, now: float) -> None:
    storage = service.storage
    try:
        row = storage.load_document(TABLE_KIND, code)
        if row is None or row.data.get("replay"):
            return
        day = row.data["day"]
        if event == "start":
            if dt.datetime.fromtimestamp(now, dt.UTC).date().isoformat() != day:
                _state(service).started.pop(code, None)
                return  # started after the deal's day: the board is closed
            row.data["started"] = now
            await _put(storage, row)
            _state(service).started.pop(code, None)
            return
        started = row.data.get("started") or _state(service).started.pop(code, None)
        table = service.tables.get(code)
        if event != "over" or started is None or table is None or table.result is None:
            return
        entry = {
            "code": code,
            "players": row.data["players"],
            "board": row.data.get("board", ""),
            "names": table.names(),
            "cards_left": defi.cards_left(table.result),
            "seconds": round(now - started, 1),
            "ended": now,
        }
        async with _state(service).lock(day):
            doc = _document(storage, DAY_KIND, day)
            entries = doc.data.setdefault("entries", [])
            if any(e["code"] == code for e in entries) or len(entries) >= DAY_ENTRIES:
                return
            entries.append(entry)
            doc.data["entries"] = _trimmed(entries, entry["board"], entry["players"])
            await _put(storage, doc)
    except Exception:  # the board must never break a table
        log.exception("deal of the day: table %s not noted", code)


def _trimmed(entries: list[dict[str, Any]], board: str, players: int) -> list[dict[str, Any]]:
    """The entries with only the ``KEPT`` best of one board and player count."""
    group = [e for e in entries if e.get("board", "") == board and e["players"] == players]
    if len(group) <= KEPT:
        return entries
    dropped = {e["code"] for e in sorted(group, key=defi.rank_key)[KEPT:]}
    return [e for e in entries if e["code"] not in dropped]


class DealOfTheDay(PartieError):
    code = "deal_of_the_day"


def check_record(service: Any, table: Any) -> None:
    """A game of today's deal is not shown (record, replay) before the day is over:
    the groups still to play it would see every hand."""
    row = service.storage.load_document(TABLE_KIND, table.code)
    if row is None or row.data.get("day", "") < today().isoformat():
        return
    raise DealOfTheDay(
        "partie de la donne du jour : elle se revoit demain, une fois la journée finie",
        "a game of the deal of the day: it can be watched tomorrow, once the day is over",
    )


# -- routes ---------------------------------------------------------------------------


async def _create_board(request: Request) -> Response:
    """A private board: its secret key goes back once (for the link); its hash is kept."""
    storage = request.app.state.tables.storage
    key = new_token()
    await storage.save_document(
        DocumentRow(BOARD_KIND, token_hash(key), 1, "", {"created": time.time()}, time.time())
    )
    return JSONResponse({"key": key}, status_code=201)


async def _play(request: Request) -> Response:
    """A new table of the day's (or yesterday's) deal, through the tables' own path."""
    service = request.app.state.tables
    try:
        chunks, size = [], 0
        async for chunk in request.stream():  # refused before it is all read
            size += len(chunk)
            if size > MESSAGE_LIMITS.max_bytes:
                return _error(
                    "too_large",
                    "requête trop grosse (au plus 64 Kio)",
                    "request too large (at most 64 KiB)",
                    413,
                )
            chunks.append(chunk)
        data = parse_json(b"".join(chunks), what="table", limits=MESSAGE_LIMITS)
        spec = validate(PlayDefi, data, what="table")
    except PartieError as exc:
        return JSONResponse(exc.to_json(), status_code=400)
    board = _board_hash(service.storage, spec.board)
    if board is None:
        return _unknown_board()
    day = today() - dt.timedelta(days=1 if spec.day == "yesterday" else 0)
    create = p.CreateTable(
        game="the-game",
        options={"players": spec.players},
        seats=spec.seats,
        settings=spec.settings,
    )
    try:
        code, owner = await service.create(create, seed=defi.day_seed(day, spec.players))
    except PartieError as exc:
        return JSONResponse(exc.to_json(), status_code=400)
    await service.storage.save_document(
        DocumentRow(
            TABLE_KIND,
            code,
            1,
            "",
            {
                "day": day.isoformat(),
                "players": spec.players,
                "board": board,
                "replay": spec.day == "yesterday",
            },
            time.time(),
        )
    )
    return JSONResponse({"code": code, "shown": show_code(code), "owner_token": owner}, 201)


async def _boards(request: Request) -> Response:
    """Today's and yesterday's boards (of the public board or the private one named by
    ``board``); yesterday's with the verdict, started off the loop the first time."""
    service = request.app.state.tables
    key = request.query_params.get("board") or None
    if key is not None and len(key) > 64:
        return _unknown_board()
    board = _board_hash(service.storage, key)
    if board is None:
        return _unknown_board()
    now = today()
    days = [
        _day(service, now, board, over=False),
        _day(service, now - dt.timedelta(days=1), board, over=True),
    ]
    return JSONResponse({"private": bool(board), "days": days})


def _day(service: Any, day: dt.date, board: str, *, over: bool) -> dict[str, Any]:
    doc = _document(service.storage, DAY_KIND, day.isoformat())
    mine = [e for e in doc.data.get("entries", []) if e.get("board", "") == board]
    counts = []
    for players in defi.PLAYER_COUNTS:
        entries = []
        for entry in defi.ranked(e for e in mine if e["players"] == players)[:SHOWN]:
            shown = {k: entry[k] for k in ("rank", "names", "cards_left", "seconds")}
            if over:  # the deal is no secret any more: its games can be watched
                shown["code"] = entry["code"]
            entries.append(shown)
        counts.append({"players": players, "entries": entries})
    out: dict[str, Any] = {"day": day.isoformat(), "over": over, "counts": counts}
    if over:
        out["verdict"] = doc.data.get("verdict")
        if out["verdict"] is None:
            _compute(service, day)
    return out


def _compute(service: Any, day: dt.date) -> None:
    """Start computing a past day's verdict once (in a thread), stored when done."""
    state = _state(service)
    key = day.isoformat()
    if key in state.computing:
        return

    async def run() -> None:
        try:
            found = await asyncio.to_thread(defi.verdict, day)
            async with state.lock(key):
                doc = _document(service.storage, DAY_KIND, key)
                doc.data["verdict"] = found
                await _put(service.storage, doc)
        except Exception:
            log.exception("deal of the day: the verdict of %s failed", key)
            state.computing.pop(key, None)  # a later look tries again

    state.computing[key] = asyncio.get_running_loop().create_task(run())


def routes() -> list[Route]:
    return [
        Route("/defi", _boards, methods=["GET"]),
        Route("/defi/play", _play, methods=["POST"]),
        Route("/defi/boards", _create_board, methods=["POST"]),
    ]
