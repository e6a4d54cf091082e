"""Tables: seats, tokens, bots, timers and the game state; apply → store → broadcast.

This module knows no HTTP and no websocket: ``app.py`` turns messages into calls on
``Tables``, and tests drive it the same way. One path changes a game: a message (from a
person or a bot) → the table's lock (one action at a time) → version check → the table
core → the write to storage, awaited → each connection gets *its* message. A table is
rebuilt from storage by replaying (options, seed, actions).

Every rules-side question (who acts next and whether a bot plays it, reading a typed
move, applying it, seeding the bots, what to do when the engine refuses a bot's move)
goes to ``partie.table.TableCore``, the same core the terminal's ``run_table`` drives.
This module adds what only a server needs around it: locks, versions, storage, timers,
stand-ins, the fan-out, and bots thinking in worker threads.
"""

from __future__ import annotations

import asyncio
import heapq
import hmac
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass
from typing import Any

from partie.core.errors import PartieError
from partie.core.game import Action, State
from partie.core.record import Record
from partie.server import protocol as p
from partie.server.bots import BotRunner
from partie.server.codes import new_code, new_token, normalize_code, token_hash, token_matches
from partie.server.fanout import Connection, Fanout
from partie.server.games import GameAdapter, get_adapter
from partie.server.ratelimit import Allowance
from partie.server.storage import GameRow, Storage, TableRow
from partie.server.storage.outage import reason_of
from partie.server.timers import Deadline
from partie.table import TableCore

log = logging.getLogger("partie.server")

CHAT_KEPT = 50
"""Chat lines a table keeps in memory (the newest); a newcomer's ``welcome`` gets them."""
CHAT_RATE = 1.0
CHAT_BURST = 5
"""Chat lines per second a seat (all its pages together) may send on average, and in a
row at once."""
SPECTATOR_CHAT = (1.0, 5)
"""The same for all the spectators of a table together."""
ASK_RATE = 4.0
ASK_BURST = 20
"""Questions (``ask``: Tennis de mots' hints) and previews (a word built card by card
asks one per card) per second a connection may send on average, and in a row: a hint
searches the lexicon (once per seat and shot, at most 2 s), a preview checks one shot."""
LOBBY_PAGE = 50
"""Tables per list (open, playing, finished) in one page of the lobby."""
LOBBY_CACHE_SECONDS = 2.0
"""How long a page of the lobby is reused before it is built again."""
IDLE_SECONDS = 1800.0
"""A table over (or never started) with nobody connected for this long leaves memory;
storage keeps it, and the next look at its code loads it again."""
RETRY_FIRST = 0.25
RETRY_MOST = 5.0
"""Seconds a table's bots wait before playing again after a failed write, doubled at
each failure up to the most: they resume by themselves once storage works again."""
STORED_FIELDS = (
    "options_json",
    "options",
    "settings",
    "seed",
    "status",
    "game_no",
    "owner_hash",
    "seats",
    "created",
    "result",
)
"""The attributes of a ``Table`` read from its stored row: what a failed write puts
back as storage holds it."""


class Refused(PartieError):
    """A request the table turns down; nothing changed."""

    code = "refused"


def _refused(code: str, fr: str, en: str) -> Refused:
    return Refused(fr, en, code=code)


def _within_rate(
    conn: Connection, what: str, rate: float, burst: int, code: str, fr: str, en: str
) -> None:
    """Refuse (``code``) a connection that sends ``what`` faster than its allowance:
    ``burst`` in a row, then ``rate`` a second."""
    if not conn.allowances.setdefault(what, Allowance(rate, burst)).take():
        raise Refused(fr, en, code=code)


@dataclass
class SeatInfo:
    """A seat: empty, a person (name, token hash) or a bot (its spec)."""

    kind: str = "empty"
    name: str = ""
    token_hash: str | None = None
    bot: str | None = None

    def stored(self) -> dict[str, Any]:
        return asdict(self)


class Table:
    """One table: its settings, seats, the current game and who is looking."""

    def __init__(self, row: TableRow, adapter: GameAdapter) -> None:
        self.code = row.code
        self.adapter = adapter
        self.options_json = row.options
        self.options = adapter.parse_options(row.options, network=False)
        self.settings = p.Settings.model_validate(row.settings)
        self.seed = row.seed
        self.status = row.status
        self.game_no = row.game_no
        self.owner_hash = row.owner_hash
        self.seats = [SeatInfo(**seat) for seat in row.seats]
        self.created = row.created
        self.result = row.result
        self.stored = row  # the row as storage holds it: what a failed write puts back
        self.writing = 0  # writes awaited now: nothing is sent of a change not yet stored
        self.core: TableCore | None = None  # the current game, once started
        self.lock = asyncio.Lock()
        self.bot_task: asyncio.Task[None] | None = None
        self.zombies: dict[int, str] = {}  # seat → "turn" | "away" | "left"
        # What a stand-in played for a person's seat that the person has not been told
        # yet: said once to that seat's own pages when the person is back at the helm.
        self.played_for: dict[int, list[Action]] = {}
        self.turn_timer = Deadline()
        self.away_timers: dict[int, Deadline] = {}
        self.chat: deque[dict[str, Any]] = deque(maxlen=CHAT_KEPT)
        self.meta_rev = 0  # bumped whenever a stored fact of the table changes
        self.idle_since = time.monotonic()  # when its last connection left
        self._summary: tuple[Any, dict[str, Any], str] | None = None
        # The table messages of the current version by seat (``None``: spectators),
        # built once each (``Tables._changed``), and what they show.
        self.texts: dict[int | None, str] = {}
        self.texts_key: tuple[Any, ...] | None = None
        # Answers to ``ask`` for the current version, by (seat, what, args): the same
        # question on the same position is searched once, however often it is sent.
        self.answers: dict[tuple[int | None, str, str], asyncio.Future[Any]] = {}
        self.answers_version = -1

    # -- facts ------------------------------------------------------------------------

    @property
    def state(self) -> State | None:
        return None if self.core is None else self.core.state

    @property
    def version(self) -> int:
        return 0 if self.core is None else self.core.version

    @property
    def last(self) -> tuple[int, Action] | None:
        return None if self.core is None else self.core.last

    def new_core(self, actions: list[tuple[int, Action]] | None = None) -> TableCore:
        """The table core of a game at this table's options and seed; seats are played
        as ``controller`` says at each moment."""
        game = self.adapter.game
        self.core = TableCore(
            game,
            self.options,
            self.seed,
            self.controller,
            actions=actions or (),
            people=lambda: [i for i, seat in enumerate(self.seats) if seat.kind == "person"],
        )
        return self.core

    @property
    def players(self) -> int:
        return self.adapter.players(self.options)

    def row(self) -> TableRow:
        return TableRow(
            code=self.code,
            game=self.adapter.id,
            options=self.options_json,
            settings=self.settings.model_dump(),
            seed=self.seed,
            status=self.status,
            game_no=self.game_no,
            owner_hash=self.owner_hash,
            seats=[seat.stored() for seat in self.seats],
            created=self.created,
            result=self.result,
        )

    def names(self) -> list[str]:
        return [seat.name if seat.kind == "person" else (seat.bot or "") for seat in self.seats]

    def game_row(self) -> GameRow:
        return GameRow(
            code=self.code,
            game_no=self.game_no,
            game=self.adapter.id,
            options=self.options_json,
            seed=self.seed,
            players=self.names(),
            result=self.result,
        )

    def summary(self, fanout: Fanout) -> dict[str, Any]:
        """The public facts of the table (lobby, table messages): no seed, no token."""
        seats = []
        present = fanout.seats(self.code)
        for i, seat in enumerate(self.seats):
            entry: dict[str, Any] = {
                "seat": i,
                "kind": seat.kind,
                "name": seat.name if seat.kind == "person" else (seat.bot or ""),
                "connected": i in present if seat.kind == "person" else False,
            }
            if seat.kind == "bot":
                entry["bot"] = seat.bot
                entry["label"] = self.adapter.bot_name(seat.bot)
            if i in self.zombies:
                entry["zombie"] = True
                entry["stand_in"] = self.adapter.bot_name(self.controller(i))
            seats.append(entry)
        out: dict[str, Any] = {
            "code": self.code,
            "game": self.adapter.id,
            "options": self.adapter.public_options(self.options_json),
            "settings": self.settings.model_dump(),
            "status": self.status,
            "game_no": self.game_no,
            "seats": seats,
            "created": self.created,
        }
        if self.result is not None:
            out["result"] = self.result
        return out

    def summary_text(self, fanout: Fanout) -> tuple[dict[str, Any], str]:
        """The summary and its JSON, rebuilt only when something in it changed (most
        actions change nothing in it)."""
        key = (
            self.meta_rev,
            self.status,
            fanout.seats(self.code),
            tuple(sorted(self.zombies)),
        )
        if self._summary is None or self._summary[0] != key:
            summary = self.summary(fanout)
            self._summary = (key, summary, _dumps(summary))
        return self._summary[1], self._summary[2]

    def controller(self, seat: int) -> str | None:
        """The bot spec that plays ``seat`` now (a bot seat, or a person's stand-in)."""
        info = self.seats[seat]
        if info.kind == "bot":
            return info.bot
        if seat in self.zombies:
            return self.settings.zombie_bot or self.adapter.game.default_bot
        return None


class Tables:
    """Every table of the server, and the only code that changes them."""

    def __init__(
        self,
        storage: Storage,
        *,
        bots: BotRunner | None = None,
        fanout: Fanout | None = None,
        bot_pause: float = 0.6,
        idle_seconds: float = IDLE_SECONDS,
        spectator_chat: tuple[float, int] = SPECTATOR_CHAT,
    ) -> None:
        self.storage = storage
        self.bots = bots or BotRunner()
        self.fanout = fanout or Fanout()
        self.bot_pause = bot_pause
        self.idle_seconds = idle_seconds
        self.tables: dict[str, Table] = {}
        # Stored tables that could not be read back (code → why): skipped, not served.
        self.unreadable: dict[str, str] = {}
        self.evicted = 0  # tables that left memory for being idle (``/api/status``)
        self._lobby_cache: dict[int, tuple[float, str]] = {}
        self._chat_allowances: dict[tuple[str, int | None], Allowance] = {}
        self.spectator_chat = spectator_chat
        self._sweeper: asyncio.Task[None] | None = None

    # -- lifecycle --------------------------------------------------------------------

    def restore(self) -> int:
        """Rebuild every stored table by replaying its current game; returns how many.
        A table whose rows cannot be read (or replayed) is skipped and named in the log
        and in ``unreadable``: one damaged table must not keep the others offline."""
        tables = []
        for code in self.storage.table_codes():
            table = self._read_table(code)
            if table is not None:
                tables.append(table)
        for table in sorted(tables, key=lambda t: (t.created, t.code)):
            self.tables[table.code] = table
        return len(self.tables)

    def _read_table(self, code: str) -> Table | None:
        """A stored table as it was: its row, then its current game replayed; ``None``
        (logged, and kept in ``unreadable``) when storage cannot give it back whole."""
        try:
            row = self.storage.load_table(code)
            if row is None:
                return None
            table = Table(row, get_adapter(row.game))
            if row.status in ("playing", "over"):
                stored = self.storage.load_game(row.code, row.game_no)
                table.new_core(self._actions(table, stored.actions if stored else []))
        except Exception as exc:  # damaged rows, an unknown game, a move the engine refuses
            why = exc.en if isinstance(exc, PartieError) else reason_of(exc)
            if self.unreadable.get(code) != why:  # said once, not at each look at its code
                log.error("table %s skipped: its stored rows cannot be read (%s)", code, why)
            self.unreadable[code] = why
            return None
        self.unreadable.pop(code, None)
        return table

    def _load(self, code: str) -> Table | None:
        """A table that left memory, loaded again from storage (as after a restart)."""
        table = self._read_table(code)
        if table is None:
            return None
        self.tables[code] = table
        if table.status == "playing":
            try:
                asyncio.get_running_loop()
            except RuntimeError:  # outside the server's loop: start_bots resumes it
                return table
            self._resume(table)
        return table

    def start_bots(self) -> None:
        """After ``restore``, inside the event loop: let bots and timers resume. Nobody
        is connected yet: people who do not come back get a stand-in after
        ``away_seconds``, as if they had just left."""
        for table in self.tables.values():
            self._resume(table)
        if self.idle_seconds > 0:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())

    def _resume(self, table: Table) -> None:
        if table.status == "playing" and table.settings.away_seconds > 0:
            for seat, info in enumerate(table.seats):
                if info.kind == "person":
                    self._arm_away(table, seat)
        self._after_change(table)

    async def _sweep(self) -> None:
        """Now and then, let idle tables leave memory (``evict_idle``)."""
        pause = min(60.0, max(0.05, self.idle_seconds / 4))
        while True:
            await asyncio.sleep(pause)
            try:
                self.evict_idle()
            except Exception:  # a bug here must not stop the next sweeps
                log.exception("evicting idle tables failed")

    def evict_idle(self) -> int:
        """Forget the tables that are over or never started, with nobody connected for
        ``idle_seconds``: only memory is freed; storage keeps them, and their code,
        record and replay load them again. A game being played stays (its bots and
        timers run). Returns how many left."""
        now = time.monotonic()
        gone = [
            table
            for table in self.tables.values()
            if table.status in ("over", "open")
            and not self.fanout.connections(table.code)
            and now - table.idle_since >= self.idle_seconds
            and not table.lock.locked()
            and (table.bot_task is None or table.bot_task.done())
        ]
        for table in gone:
            self._stop(table)
            del self.tables[table.code]
        self.evicted += len(gone)
        return len(gone)

    @staticmethod
    def _stop(table: Table) -> None:
        table.turn_timer.cancel()
        for timer in table.away_timers.values():
            timer.cancel()
        if table.bot_task is not None:
            table.bot_task.cancel()

    def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
        for table in self.tables.values():
            self._stop(table)

    # -- lookups ----------------------------------------------------------------------

    def get(self, code: str) -> Table:
        norm = normalize_code(code)
        table = self.tables.get(norm) if norm else None
        if table is None and norm:
            table = self._load(norm)
        if table is None:
            raise _refused(
                "unknown_table", f"table inconnue : {code[:20]!r}", f"unknown table: {code[:20]!r}"
            )
        return table

    def lobby(self, page: int = 0) -> str:
        """One page of the lobby as JSON text: the listed tables only (a table is
        private unless its creator listed it), newest first, at most ``LOBBY_PAGE`` per
        list; ``more`` says which lists go on. Each table's summary is its cached JSON,
        and the page itself is kept ``LOBBY_CACHE_SECONDS``: a flood of lobby requests
        costs one build every two seconds."""
        now = time.monotonic()
        cached = self._lobby_cache.get(page)
        if cached is not None and now - cached[0] < LOBBY_CACHE_SECONDS:
            return cached[1]
        lists: dict[str, list[Table]] = {"open": [], "playing": [], "finished": []}
        for table in self.tables.values():
            if table.settings.listed:
                key = {"open": "open", "playing": "playing"}.get(table.status, "finished")
                lists[key].append(table)
        start = page * LOBBY_PAGE
        parts = []
        more = {}
        for key, tables in lists.items():
            newest = heapq.nlargest(start + LOBBY_PAGE + 1, tables, key=lambda t: t.created)
            shown = newest[start : start + LOBBY_PAGE]
            more[key] = len(newest) > start + LOBBY_PAGE
            texts = ",".join(t.summary_text(self.fanout)[1] for t in shown)
            parts.append(f'"{key}":[{texts}]')
        text = "{" + ",".join(parts) + f',"page":{page},"more":{_dumps(more)}' + "}"
        if len(self._lobby_cache) > 16:
            self._lobby_cache.clear()
        self._lobby_cache[page] = (now, text)
        return text

    # -- creation ---------------------------------------------------------------------

    async def create(self, body: p.CreateTable, *, seed: int | None = None) -> tuple[str, str]:
        """A new open table; returns (code, owner token). ``seed``: a deal the server
        itself chose (a game's deal of the day), never one from the network."""
        adapter = get_adapter(body.game)
        options = self._options(adapter, body.options)
        players = adapter.players(options)
        seats = [SeatInfo() for _ in range(players)]
        for i, spec in enumerate(body.seats or []):
            if i >= players:
                raise _refused(
                    "bad_seats",
                    f"trop de places : {len(body.seats or [])} pour {players} joueurs",
                    f"too many seats: {len(body.seats or [])} for {players} players",
                )
            if spec.bot is not None:
                adapter.check_bot(spec.bot)
                seats[i] = SeatInfo(kind="bot", bot=spec.bot)
        if body.settings.zombie_bot is not None:
            adapter.check_bot(body.settings.zombie_bot)
        settings = body.settings
        if settings.listed and not adapter.may_list(options):
            settings = settings.model_copy(update={"listed": False})  # a classroom's
        code = new_code()
        while code in self.tables or self.storage.load_table(code) is not None:
            code = new_code()  # an idle table left memory, not storage: its code stays taken
        owner_token = new_token()
        row = TableRow(
            code=code,
            game=adapter.id,
            options=adapter.options_json(options),
            settings=settings.model_dump(),
            seed=secrets.randbits(63) if seed is None else seed,
            status="open",
            game_no=0,
            owner_hash=token_hash(owner_token),
            seats=[seat.stored() for seat in seats],
            created=time.time(),
        )
        await self._write(None, self.storage.save_table(row), lambda: None)
        self.tables[code] = Table(row, adapter)
        return code, owner_token

    def _options(self, adapter: GameAdapter, data: dict[str, Any]) -> Any:
        """Options from the network; the uploads they name that only storage still
        holds (sent before a restart) are loaded first."""
        for key in adapter.missing_uploads(data):
            text = self.storage.load_upload(adapter.id, key)
            if text is not None:
                adapter.known_upload(key, text)
        return adapter.parse_options(data)

    # -- connections ------------------------------------------------------------------

    async def hello(self, conn: Connection, msg: p.Hello) -> None:
        table = self.get(msg.table)
        if conn.table is not None:
            self.disconnect(conn)
        conn.lang = msg.lang
        conn.shown = None
        conn.seat = None
        conn.owner = False
        conn.token = None
        refusal = None
        if msg.token:
            owner = token_matches(msg.token, table.owner_hash)
            seat = _seat_of(table, msg.token)
            if owner or seat is not None:
                conn.owner = owner
                conn.seat = None if msg.watch else seat
                conn.token = msg.token
            else:
                refusal = _refused(
                    "bad_token",
                    "jeton inconnu à cette table : vous regardez en spectateur",
                    "unknown token for this table: you are watching as a spectator",
                )
        conn.table = table.code
        self.fanout.join(table.code, conn)
        if refusal is not None:
            conn.send(_dumps(p.refusal(refusal, "hello")))
        conn.send(_welcome(table, conn))
        if conn.seat is not None:
            timer = table.away_timers.pop(conn.seat, None)
            if timer is not None:
                timer.cancel()
            if table.zombies.get(conn.seat) == "away":
                del table.zombies[conn.seat]
        self._after_change(table)

    def disconnect(self, conn: Connection) -> None:
        if conn.table is None:
            return
        table = self.tables.get(conn.table)
        self.fanout.leave(conn.table, conn)
        conn.table = None
        if table is None:
            return
        if not self.fanout.connections(table.code):
            table.idle_since = time.monotonic()
        seat = conn.seat if _holds(table, conn) else None
        if (
            seat is not None
            and table.status == "playing"
            and table.settings.away_seconds > 0
            and self.fanout.count(table.code, seat) == 0
        ):
            self._arm_away(table, seat)
        self._changed(table)

    def _arm_away(self, table: Table, seat: int) -> None:
        timer = table.away_timers.setdefault(seat, Deadline())
        timer.arm(seat, table.settings.away_seconds, lambda: self._away(table, seat))

    def _away(self, table: Table, seat: int) -> None:
        table.away_timers.pop(seat, None)
        if table.status == "playing" and self.fanout.count(table.code, seat) == 0:
            table.zombies[seat] = "away"
            self._after_change(table)

    # -- messages ---------------------------------------------------------------------

    async def handle(self, conn: Connection, msg: Any) -> None:
        """One validated message from ``conn``; a refusal is sent back, never raised."""
        try:
            if isinstance(msg, p.Hello):
                await self.hello(conn, msg)
                return
            if isinstance(msg, p.Ping):
                conn.send('{"type":"pong"}')
                return
            if conn.table is None:
                raise _refused("hello_first", "dites d'abord bonjour (hello)", "say hello first")
            table = self.tables[conn.table]
            handler = getattr(self, "_on_" + msg.type)
            await handler(conn, table, msg)
        except PartieError as exc:
            conn.send(_dumps(p.refusal(exc, getattr(msg, "type", None), getattr(msg, "tag", None))))
        except Exception:  # a bug: logged here, one line for the page, the socket lives on
            log.exception("message %s failed", getattr(msg, "type", "?"))
            error = _refused(
                "server_error",
                "erreur du serveur : rien n'a changé",
                "server error: nothing changed",
            )
            conn.send(
                _dumps(p.refusal(error, getattr(msg, "type", None), getattr(msg, "tag", None)))
            )
        else:
            tag = getattr(msg, "tag", None)
            if tag is not None:  # after the table message the change caused
                conn.send(_dumps({"type": "done", "ref": msg.type, "tag": tag}))

    async def _on_sit(self, conn: Connection, table: Table, msg: p.Sit) -> None:
        async with table.lock:
            _need_open(table)
            self._revoke(table)
            if conn.seat is not None or (conn.token and _seat_of(table, conn.token) is not None):
                # (a watching connection's token may hold a seat: one seat per token)
                raise _refused(
                    "already_seated", "vous avez déjà une place", "you already have a seat"
                )
            if msg.seat >= len(table.seats) or table.seats[msg.seat].kind != "empty":
                raise _refused("seat_taken", "cette place est prise", "this seat is taken")
            token = conn.token if conn.owner and conn.token else new_token()
            table.seats[msg.seat] = SeatInfo(
                kind="person", name=msg.name, token_hash=token_hash(token)
            )
            await self._save(table)
            conn.seat = msg.seat
            conn.token = token
        conn.send(_dumps({"type": "seated", "seat": msg.seat, "token": token}))
        self._changed(table)

    async def _on_leave(self, conn: Connection, table: Table, msg: p.Leave) -> None:
        seat = _need_seat(conn, table)
        async with table.lock:
            if table.status == "open":
                table.seats[seat] = SeatInfo()
            else:
                bot = table.settings.zombie_bot or table.adapter.game.default_bot
                table.seats[seat] = SeatInfo(kind="bot", bot=bot)
                table.zombies.pop(seat, None)
                table.played_for.pop(seat, None)
            await self._save(table)
            self._revoke(table)  # this page and every other page of the seat
        self._after_change(table)

    async def _on_rename(self, conn: Connection, table: Table, msg: p.Rename) -> None:
        """A person changes the name shown at their seat, keeping the seat (before,
        during or after the game); everyone's page shows the new name."""
        seat = _need_seat(conn, table)
        async with table.lock:
            table.seats[seat] = SeatInfo(
                kind="person", name=msg.name, token_hash=table.seats[seat].token_hash
            )
            await self._save(table)
        self._changed(table)

    async def _on_options(self, conn: Connection, table: Table, msg: p.Options) -> None:
        _need_owner(conn)
        async with table.lock:
            _need_open(table)
            options = self._options(table.adapter, msg.options)
            players = table.adapter.players(options)
            seats = list(table.seats[:players])
            if any(s.kind == "person" for s in table.seats[players:]):
                raise _refused(
                    "seat_in_use",
                    "une personne est assise à une place que ce réglage supprime",
                    "a person sits at a seat these options remove",
                )
            seats += [SeatInfo() for _ in range(players - len(seats))]
            if msg.settings is not None and msg.settings.zombie_bot is not None:
                table.adapter.check_bot(msg.settings.zombie_bot)
            table.options = options
            table.options_json = table.adapter.options_json(options)
            table.seats = seats
            if msg.settings is not None:
                # Listed or not is the creator's choice at creation: kept.
                table.settings = msg.settings.model_copy(update={"listed": table.settings.listed})
            await self._save(table)
        self._changed(table)

    async def _on_seat_bot(self, conn: Connection, table: Table, msg: p.SeatBot) -> None:
        _need_owner(conn)
        async with table.lock:
            _need_open(table)
            if msg.seat >= len(table.seats) or table.seats[msg.seat].kind == "person":
                raise _refused(
                    "seat_taken",
                    "seule une place vide ou tenue par un bot se règle ainsi",
                    "only an empty seat or a bot's seat can be set this way",
                )
            if msg.bot is None:
                table.seats[msg.seat] = SeatInfo()
            else:
                table.adapter.check_bot(msg.bot)
                table.seats[msg.seat] = SeatInfo(kind="bot", bot=msg.bot)
            await self._save(table)
        self._changed(table)

    async def _on_start(self, conn: Connection, table: Table, msg: p.Start) -> None:
        _need_owner(conn)
        async with table.lock:
            _need_open(table)
            if any(seat.kind == "empty" for seat in table.seats):
                raise _refused(
                    "seats_empty",
                    "toutes les places doivent être prises (personne ou bot)",
                    "every seat must be taken (a person or a bot)",
                )
            await self._new_game(table, table.seed)
        table.adapter.table_event(self, table, "start")
        self._after_change(table)

    async def _on_again(self, conn: Connection, table: Table, msg: p.Again) -> None:
        _need_owner(conn)
        async with table.lock:
            if table.status != "over":
                raise _refused("game_not_over", "la partie n'est pas finie", "the game is not over")
            table.game_no += 1
            await self._new_game(table, table.seed if msg.same_deal else secrets.randbits(63))
        self._after_change(table)

    async def _new_game(self, table: Table, seed: int) -> None:
        """A new game at the table, stored in one transaction (its row, the table's row,
        no stale action under its number); a failed write leaves the table as stored."""
        before = (table.core, table.zombies, table.played_for)

        def undo() -> None:
            _put_back(table, table.stored)
            table.core, table.zombies, table.played_for = before

        table.seed = seed
        core = table.new_core()
        table.status = "over" if core.is_over else "playing"
        table.result = None
        table.zombies = {}
        table.played_for = {}
        if core.is_over:
            table.result = _result(core.state)
        row = table.row()
        await self._write(table, self.storage.new_game(row, table.game_row()), undo)
        table.stored = row
        table.meta_rev += 1

    async def _on_act(self, conn: Connection, table: Table, msg: p.Act) -> None:
        seat = _need_seat(conn, table)
        async with table.lock:
            _need_playing(table)
            if msg.version != table.version:
                raise _stale(table)
            assert table.core is not None
            if msg.text is not None:
                action = table.core.read(seat, msg.text)
            else:
                action = table.adapter.action_from_json(msg.action)
            table.zombies.pop(seat, None)
            table.core.person(seat, action)  # refuses and changes nothing, or applies
            await self._store(table, seat, action)
        self._after_change(table)

    async def _on_preview(self, conn: Connection, table: Table, msg: p.Preview) -> None:
        seat = _need_seat(conn, table)
        _within_ask(conn)  # a preview may search too: it shares the questions' allowance
        _need_playing(table)
        assert table.state is not None
        if msg.version != table.version:
            raise _stale(table)
        try:
            action = table.adapter.action_from_json(msg.action)
            info = table.adapter.preview(table.state, seat, action)
            answer: dict[str, Any] = {"type": "preview", "ok": True, "info": info}
        except PartieError as exc:
            answer = {"type": "preview", "ok": False, **exc.to_json()}
        conn.send(_dumps(answer))

    async def _on_ask(self, conn: Connection, table: Table, msg: p.Ask) -> None:
        if table.state is None:
            raise _refused("not_started", "la partie n'a pas commencé", "the game has not started")
        _within_ask(conn)
        seat = conn.seat if _holds(table, conn) else None
        info = await self._answer(table, seat, msg.what, msg.args)
        if seat is not None and (
            conn.table != table.code or conn.seat != seat or not _holds(table, conn)
        ):
            # The seat was given up or taken while the answer was searched: it is the
            # seat's, not this page's any more.
            raise _not_seated()
        conn.send(_dumps({"type": "answer", "what": msg.what, "info": info}))

    async def _answer(self, table: Table, seat: int | None, what: str, args: dict[str, Any]) -> Any:
        """The game's answer to a question on the current position, searched once per
        (version, seat, question): pages asking together share one search, and a
        refusal (a ``PartieError``) is shared the same way."""
        if table.answers_version != table.version:
            table.answers.clear()
            table.answers_version = table.version
        key = (seat, what, table.adapter.ask_key(what, args))
        pending = table.answers.get(key)
        if pending is None:
            state = table.state
            # A question may search (Tennis de mots' hints: up to a second or so): off the loop.
            pending = asyncio.ensure_future(
                asyncio.to_thread(table.adapter.ask, state, seat, what, args)
            )
            # Read its outcome even if every asker has gone (no "never retrieved" noise).
            pending.add_done_callback(lambda done: done.cancelled() or done.exception())
            table.answers[key] = pending
        return await asyncio.shield(pending)

    async def _on_chat(self, conn: Connection, table: Table, msg: p.Chat) -> None:
        # A seat's pages share one allowance (several tabs do not multiply it), and the
        # table's spectators share one between them all: however many sockets watch,
        # a table hears at most a line a second per seat plus SPECTATOR_CHAT_RATE, so
        # the players' pages never fall behind on chat. (Per address: ``limits.py``.)
        seat = conn.seat if conn.seat is not None and conn.token else None
        key = (table.code, seat)
        allowance = self._chat_allowances.get(key)
        if allowance is None:
            if len(self._chat_allowances) > 10_000:
                self._chat_allowances.clear()
            rate, burst = (CHAT_RATE, CHAT_BURST) if seat is not None else self.spectator_chat
            allowance = self._chat_allowances[key] = Allowance(rate, burst)
        if not allowance.take():
            raise Refused(
                f"trop de messages d'un coup : au plus {CHAT_BURST} d'affilée, puis un par "
                "seconde"
                + ("" if seat is not None else " (pour tous les spectateurs de la table)"),
                f"too many messages at once: at most {CHAT_BURST} in a row, then one a second"
                + ("" if seat is not None else " (for all the table's spectators)"),
                code="chat_too_fast",
            )
        text = p.clean_text(msg.text, limit=p.CHAT_MAX, what="message")
        text = table.adapter.check_chat(text)
        seat = conn.seat if _holds(table, conn) else None
        name = table.seats[seat].name if seat is not None else ""
        line = {"type": "chat", "seat": seat, "name": name, "text": text, "at": int(time.time())}
        table.chat.append(line)
        text_out = _dumps(line)
        for other in self.fanout.connections(table.code):
            other.send(text_out)

    # -- the one path that changes a game ----------------------------------------------

    async def _store(self, table: Table, seat: int, action: Action) -> None:
        """Storage (awaited) of the action the core just applied, with the game's and the
        table's rows when it ends the game, in one transaction; the table's status
        changes only once stored. Called under the lock; a failed write takes the move
        back (the state is then what storage holds) and refuses it."""
        core = table.core
        assert core is not None
        state = core.state
        game = row = None
        if state.is_over:
            row = table.row()
            row.status, row.result = "over", _result(state)
            game = table.game_row()
            game.result = row.result
        before = list(state.history[:-1])

        def undo() -> None:
            core.reset(before)

        write = self.storage.append_action(
            table.code, table.game_no, len(before), seat, action.to_json(), game=game, table=row
        )
        await self._write(table, write, undo, what="move")
        if row is not None:
            table.meta_rev += 1
            table.status, table.result, table.stored = row.status, row.result, row
            table.adapter.table_event(self, table, "over")

    @staticmethod
    def _actions(table: Table, stored: list[tuple[int, Any]]) -> list[tuple[int, Action]]:
        return [(seat, table.adapter.action_from_json(data)) for seat, data in stored]

    async def _save(self, table: Table) -> None:
        """Store the table's row as changed in memory; a failed write puts back the row
        storage holds, and refuses the change."""
        row, before = table.row(), table.stored
        await self._write(table, self.storage.save_table(row), lambda: _put_back(table, before))
        table.stored = row
        table.meta_rev += 1

    async def _write(
        self,
        table: Table | None,
        write: Awaitable[None],
        undo: Callable[[], None],
        what: str = "change",
    ) -> None:
        """Await one write. When it fails, ``undo`` puts the table back as storage holds
        it, every page gets that state, and the change is refused (``storage_error``).
        Storage logs an outage once, not each refused write; nothing of the change is
        sent to any page before it is stored."""
        if table is not None:
            table.writing += 1
        try:
            await write
        except Exception:
            failed = True
        else:
            failed = False
        finally:
            if table is not None:
                table.writing -= 1
        if not failed:
            return
        if table is not None:
            undo()
            table.meta_rev += 1
            table.answers.clear()
            self._changed(table)
        if what == "move":
            raise _refused(
                "storage_error",
                "le serveur n'a pas pu enregistrer ce coup : rien n'a changé",
                "the server could not store this move: nothing changed",
            )
        raise _refused(
            "storage_error",
            "le serveur n'a pas pu enregistrer ce changement : rien n'a changé, "
            "réessayez dans un moment",
            "the server could not store this change: nothing changed, try again in a moment",
        )

    # -- after every change: timers, bots, messages -----------------------------------

    def _after_change(self, table: Table) -> None:
        self._arm_turn_timer(table)
        self._kick_bots(table)
        self._changed(table)

    def _arm_turn_timer(self, table: Table) -> None:
        core = table.core
        seconds = table.settings.turn_seconds
        if core is None or core.is_over or seconds <= 0 or table.status != "playing":
            table.turn_timer.cancel()
            return
        state = core.state
        people = core.people_to_act()
        # A stand-in that took over for a slow turn gives the seat back when the turn moves on.
        for seat, why in list(table.zombies.items()):
            if why == "turn" and seat not in state.to_act:
                del table.zombies[seat]
        if not people:
            table.turn_timer.cancel()
            return
        key = (table.game_no, table.adapter.turn_key(state))
        if table.turn_timer.armed and table.turn_timer.key == key:
            return

        def expire() -> None:
            current = table.core
            if current is None:
                return
            for seat in current.people_to_act():
                table.zombies[seat] = "turn"
            self._kick_bots(table)
            self._changed(table)

        table.turn_timer.arm(key, seconds, expire)

    def _kick_bots(self, table: Table) -> None:
        core = table.core
        if core is None or table.status != "playing":
            return
        if table.bot_task is not None and not table.bot_task.done():
            return
        if core.bot_seat() is not None:
            table.bot_task = asyncio.get_running_loop().create_task(self._bot_turns(table))

    async def _bot_turns(self, table: Table) -> None:
        """Let bots play while a bot (or stand-in) is to act; one move at a time. The
        core hands out each bot's turn; the bot thinks in a worker thread; its answer is
        applied under the lock only if the table did not move meanwhile. A move storage
        refused is played again after a pause that doubles at each failure, so the bots
        resume by themselves once writes succeed again."""
        retry = RETRY_FIRST
        try:
            while True:
                core = table.core
                if core is None or table.status != "playing":
                    return
                seat = core.bot_seat()
                if seat is None:
                    return
                if self.bot_pause > 0:
                    await asyncio.sleep(self.bot_pause)
                core = table.core
                turn = None if core is None else core.bot_turn(seat)
                if core is None or turn is None:
                    continue
                try:
                    action = await self.bots.choose(
                        table.adapter,
                        turn.bot,
                        turn.view,
                        spec=turn.spec,
                        key=table.code,
                        seed=table.seed ^ turn.version,
                    )
                except Exception:
                    log.exception("table %s: bot %s failed", table.code, turn.spec)
                    action = None
                async with table.lock:
                    if table.core is not core:
                        continue  # a new game, or a restored table: think again
                    try:
                        move = core.bot_played(turn, action)
                    except PartieError as exc:  # refused, and nothing legal to play instead
                        log.warning("table %s: bot %s refused (%s)", table.code, turn.spec, exc.en)
                        return
                    if move is None:
                        continue  # someone else moved first; think again
                    if move.refused is not None:
                        log.warning(
                            "table %s: bot %s refused (%s)", table.code, turn.spec, move.refused.en
                        )
                    try:
                        await self._store(table, move.seat, move.action)
                    except PartieError:  # not stored: the state is back as stored
                        stored = False
                    else:
                        stored = True
                        if table.seats[move.seat].kind == "person":  # a stand-in's move
                            table.played_for.setdefault(move.seat, []).append(move.action)
                if not stored:
                    await asyncio.sleep(retry)
                    retry = min(RETRY_MOST, retry * 2)
                    continue
                retry = RETRY_FIRST
                self._arm_turn_timer(table)
                self._changed(table)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the bots stopped", table.code)

    def _revoke(self, table: Table) -> None:
        """Every page whose token no longer holds its seat (given up in another tab,
        taken by someone else, removed by a resize) loses the seat now: it is told by a
        ``welcome`` as a spectator, and what it is sent next is the public view."""
        for conn in self.fanout.connections(table.code):
            if conn.seat is not None and not _holds(table, conn):
                conn.seat = None
                conn.send(_welcome(table, conn))

    def _changed(self, table: Table) -> None:
        """Send each connection its message; each seat's message is built once, and the
        table's summary is encoded once for all of them. What a page is sent is decided
        by the seat its token holds now (``_revoke`` first)."""
        if table.writing:
            return  # nothing of a change before it is stored: sent once the write settles
        self._revoke(table)
        summary, summary_text = table.summary_text(self.fanout)
        timer = None
        if table.turn_timer.at_ms is not None and table.state is not None:
            timer = {"seat": table.state.to_act[0], "deadline_ms": table.turn_timer.at_ms}
        # Each seat's message (and the spectators' one) is built once per version of
        # what it shows, however many pages and calls ask for it; a page that already
        # has it is sent nothing.
        key = (
            table.core,
            table.version,
            table.status,
            table._summary[0] if table._summary else None,
            table.turn_timer.at_ms,
        )
        if table.texts_key != key:
            table.texts_key = key
            table.texts = {}
        texts = table.texts
        for conn in self.fanout.connections(table.code):
            shown = (key, conn.seat)
            if conn.shown == shown:
                continue
            conn.shown = shown
            text = texts.get(conn.seat)
            if text is None:
                message = p.table_message(
                    table.adapter,
                    table.state,
                    conn.seat,
                    summary=summary,
                    version=table.version,
                    last=table.last,
                    timer=timer,
                )
                del message["type"], message["table"]
                text = '{"type":"table","table":' + summary_text + "," + _dumps(message)[1:]
                texts[conn.seat] = text
            conn.send(text)
        if table.played_for:
            self._tell_played_for(table)

    def _tell_played_for(self, table: Table) -> None:
        """A person back at their seat (page reopened, or their slow turn over) is told
        once what the stand-in played for them, as their own view reads each move; a
        seat still played by its stand-in, or with no page of its own open, waits."""
        for seat, actions in list(table.played_for.items()):
            if table.status == "playing" and seat in table.zombies:
                continue
            pages = [
                c
                for c in self.fanout.connections(table.code)
                if c.seat == seat and _holds(table, c)
            ]
            if not pages:
                continue
            del table.played_for[seat]
            text = _dumps(p.played_for_message(table.adapter, seat, actions))
            for conn in pages:
                conn.send(text)

    # -- records and replays ----------------------------------------------------------

    def record(self, code: str, game_no: int | None = None) -> Record:
        """The finished game's record (``partie replay`` reads it); refused before the end."""
        table = self.get(code)
        table.adapter.check_record(self, table)
        number = table.game_no if game_no is None else game_no
        if number == table.game_no:
            if table.core is None or not table.core.is_over:
                raise _game_not_over()
            return table.core.record(table.names())
        stored = self.storage.load_game(table.code, number)
        if stored is None or stored.result is None:
            raise _game_not_over()
        if table.status == "playing" and stored.seed == table.seed:
            # "Again, same deal": that record is the deal being played now.
            raise _refused(
                "same_deal_playing",
                "cette partie avait la même donne que celle en cours : son enregistrement "
                "attend la fin de la partie",
                "that game had the same deal as the one being played: its record waits "
                "for the end of the game",
            )
        return Record(
            game=stored.game,
            options=stored.options,
            seed=stored.seed,
            actions=list(stored.actions),
            result=stored.result,
            players=stored.players,
        )

    def replay(self, code: str, seat: int | None, game_no: int | None = None) -> dict[str, Any]:
        """Every step of a finished game as ``seat`` saw it, or all cards open."""
        record = self.record(code, game_no)
        adapter = get_adapter(record.game)
        state = adapter.game.setup(
            adapter.parse_options(record.options, network=False), record.seed
        )
        players = adapter.players(state.options)
        if seat is not None and not 0 <= seat < players:
            raise _refused("bad_seat", "place inconnue", "unknown seat")

        def look() -> Any:
            if seat is not None:
                return state.view(seat)
            return {"seats": [state.view(s) for s in range(players)], "public": state.view(None)}

        steps: list[dict[str, Any]] = [{"seat": None, "action": None, "view": look()}]
        for who, data in record.actions:
            action = adapter.action_from_json(data)
            text = adapter.describe_step(state, who, action, seat, record.players)["text"]
            state.apply(who, action)
            steps.append(
                {
                    "seat": who,
                    "action": data,
                    "text": text,
                    "view": look(),
                }
            )
        return {"record": json.loads(record.dump()), "steps": steps}


# -- small helpers ---------------------------------------------------------------------


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def _result(state: State) -> dict[str, Any] | None:
    result = state.result
    return None if result is None else json.loads(json.dumps(result.to_json()))


def _put_back(table: Table, row: TableRow) -> None:
    """Set the table's stored facts (``STORED_FIELDS``) from ``row``."""
    fresh = Table(row, table.adapter)
    for name in STORED_FIELDS:
        setattr(table, name, getattr(fresh, name))


def _seat_of(table: Table, token: str) -> int | None:
    """The seat ``token`` holds at ``table``, if any."""
    return next(
        (
            i
            for i, s in enumerate(table.seats)
            if s.kind == "person" and token_matches(token, s.token_hash)
        ),
        None,
    )


def _holds(table: Table, conn: Connection) -> bool:
    """Whether ``conn``'s token holds its seat at ``table`` now: the one test made before
    anything of a seat is sent to a page."""
    seat = conn.seat
    if seat is None or conn.token_hash is None or not 0 <= seat < len(table.seats):
        return False
    info = table.seats[seat]
    return (
        info.kind == "person"
        and info.token_hash is not None
        and hmac.compare_digest(info.token_hash, conn.token_hash)
    )


def _welcome(table: Table, conn: Connection) -> str:
    """Who this page is at the table (its seat or none, owner or not) and the chat."""
    return _dumps(
        {
            "type": "welcome",
            "you": {"seat": conn.seat, "owner": conn.owner},
            "chat": list(table.chat),
        }
    )


def _not_seated() -> Refused:
    return _refused("not_seated", "vous n'êtes pas assis à cette table", "you have no seat here")


def _within_ask(conn: Connection) -> None:
    _within_rate(
        conn,
        "ask",
        ASK_RATE,
        ASK_BURST,
        "ask_too_fast",
        f"trop de questions d'un coup : {ASK_BURST} d'affilée, puis une par seconde",
        f"too many questions at once: at most {ASK_BURST} in a row, then one a second",
    )


def _need_owner(conn: Connection) -> None:
    if not conn.owner:
        raise _refused(
            "not_owner",
            "seul le créateur de la table peut faire cela",
            "only the table's creator can do that",
        )


def _need_seat(conn: Connection, table: Table) -> int:
    """The connection's seat, if its token still holds it (a seat given up in another tab
    is gone for every tab)."""
    seat = conn.seat
    if seat is None or not _holds(table, conn):
        raise _not_seated()  # (``_revoke`` tells a page that lost its seat, at once)
    return seat


def _need_open(table: Table) -> None:
    if table.status != "open":
        raise _refused(
            "already_started", "la partie a déjà commencé", "the game has already started"
        )


def _need_playing(table: Table) -> None:
    if table.status != "playing" or table.state is None:
        if table.status == "over":
            raise _refused("game_over", "la partie est finie", "the game is over")
        raise _refused("not_started", "la partie n'a pas commencé", "the game has not started")


def _stale(table: Table) -> Refused:
    return _refused(
        "stale",
        "la partie a avancé depuis (autre onglet ou réseau lent) : coup refusé, "
        "voici la position actuelle",
        "the game moved on meanwhile (another tab or a slow network): move refused, "
        "here is the current position",
    )


def _game_not_over() -> Refused:
    return _refused(
        "game_not_over",
        "l'enregistrement n'est disponible qu'à la fin de la partie",
        "the record is available only once the game is over",
    )
