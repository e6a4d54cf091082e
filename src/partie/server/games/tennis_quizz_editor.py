"""Tennis Quizz's deck editor on the web (``/decks`` in the browser; its API under
``/api/games/tennis-quizz/editor``): question decks written in the browser, saved as
they are typed, checked by the deck checker, exported, printed and used at a table.

No account: creating a deck returns a secret edit token (kept by the author's browser
and in the edit link's fragment, like a table's owner token); only its hash is stored.
A deck is readable by anyone with its id once its author makes it public. Every save
carries the version it was made from: a save from an older version (another tab, another
device) is refused with the current document, so no change is lost silently.

The checks and conversions are the game's (``games/tennis_quizz/authoring.py``); this
module only reads requests, stores documents and answers.
"""

from __future__ import annotations

import asyncio
import secrets
import tempfile
import time
import weakref
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from partie.core.errors import PartieError
from partie.core.inputs import BadInput, parse_json
from partie.games.tennis_quizz import authoring
from partie.games.tennis_quizz.decks import load_deck
from partie.games.tennis_quizz.importers import write_csv, write_gift
from partie.games.tennis_quizz.uploads import DECK_LIMITS
from partie.server.codes import new_token, token_hash, token_matches
from partie.server.games.tennis_quizz import UPLOAD_PREFIX, builtin_ids, remember_upload
from partie.server.storage import DocumentRow

KIND = "tennis-quizz-deck"
MAX_BODY = 1 << 20
"""A document or an imported file: 1 MiB, the upload limit of decks."""
EXPORTS = {
    "toml": ("application/toml", "toml"),
    "gift": ("text/plain", "gift.txt"),
    "aiken": ("text/plain", "aiken.txt"),
    "csv": ("text/csv", "csv"),
}
_locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
"""One lock per deck being saved: it lives while a save holds or waits for it, so two
saves of one deck never pass the version check together."""


def _error(exc: PartieError, status: int = 400) -> JSONResponse:
    return JSONResponse(exc.to_json(), status_code=status)


def _missing() -> JSONResponse:
    return JSONResponse(
        {"code": "unknown_deck", "fr": "paquet inconnu", "en": "unknown deck"}, status_code=404
    )


def _forbidden() -> JSONResponse:
    return JSONResponse(
        {
            "code": "not_owner",
            "fr": "il faut le lien de modification de ce paquet",
            "en": "this deck's edit link is needed",
        },
        status_code=403,
    )


async def _body(request: Request) -> bytes:
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise BadInput(
                "envoi trop gros (au plus 1 Mio)",
                "upload too large (at most 1 MiB)",
                code="too_large",
            )
        chunks.append(chunk)
    return b"".join(chunks)


def _storage(request: Request) -> Any:
    return request.app.state.tables.storage


def _token(request: Request) -> str:
    header = request.headers.get("authorization", "")
    return header.removeprefix("Bearer ").strip()[:64]


def _deck_id(request: Request) -> str:
    key = request.path_params["deck"]
    return key if key.isalnum() and len(key) <= 24 else ""


async def _load(request: Request) -> DocumentRow | None:
    key = _deck_id(request)
    if not key:
        return None
    return await asyncio.to_thread(_storage(request).load_document, KIND, key)


def _readable(row: DocumentRow, request: Request) -> bool:
    return bool(row.data.get("public")) or token_matches(_token(request), row.secret_hash)


def _answer(row: DocumentRow, editable: bool) -> dict[str, Any]:
    return {"id": row.key, "version": row.version, "editable": editable, "doc": row.data}


async def create(request: Request) -> Response:
    """A new deck: empty, a copy of a built-in deck (``from``), or an uploaded file
    (``?name=`` gives its file name)."""
    try:
        name = request.query_params.get("name")
        body = await _body(request)
        notes: list[str] = []
        if name is not None:
            doc, notes = await asyncio.to_thread(authoring.document_from_file, name[:120], body)
        else:
            data = parse_json(body or b"{}", what="paquet", limits=DECK_LIMITS)
            source = data.pop("from", None) if isinstance(data, dict) else None
            if source is not None:
                # Only a built-in deck, by its name: nothing from the network names a file.
                if not isinstance(source, str) or source not in builtin_ids():
                    raise BadInput("paquet de départ inconnu", "unknown starting deck")
                deck = await asyncio.to_thread(load_deck, source)
                doc = authoring.document_from_deck(deck)
            else:
                doc = authoring.read_document(data)
    except PartieError as exc:
        return _error(exc, 413 if exc.code == "too_large" else 400)
    token = new_token()
    row = DocumentRow(KIND, secrets.token_hex(6), 1, token_hash(token), doc, time.time())
    await _storage(request).save_document(row)
    return JSONResponse({**_answer(row, True), "token": token, "skipped": notes[:50]})


async def read(request: Request) -> Response:
    row = await _load(request)
    if row is None:
        return _missing()
    if not _readable(row, request):
        return _forbidden()
    return JSONResponse(_answer(row, token_matches(_token(request), row.secret_hash)))


async def save(request: Request) -> Response:
    """A change: ``{version, doc}``; refused with the current document when ``version``
    is not the stored one (``deck_changed``)."""
    key = _deck_id(request)
    try:
        body = parse_json(await _body(request), what="paquet", limits=DECK_LIMITS)
        if not isinstance(body, dict) or type(body.get("version")) is not int:
            raise BadInput("{version, doc} attendu", "{version, doc} expected")
        doc = authoring.read_document(body.get("doc"))
    except PartieError as exc:
        return _error(exc, 413 if exc.code == "too_large" else 400)
    lock = _locks.get(key)
    if lock is None:
        lock = _locks[key] = asyncio.Lock()
    async with lock:
        row = await _load(request)
        if row is None:
            return _missing()
        if not token_matches(_token(request), row.secret_hash):
            return _forbidden()
        if body["version"] != row.version:
            return JSONResponse(
                {
                    "code": "deck_changed",
                    "fr": "ce paquet a changé ailleurs (un autre onglet ?) : voici sa version",
                    "en": "this deck changed elsewhere (another tab?): here is its version",
                    "current": _answer(row, True),
                },
                status_code=409,
            )
        saved = DocumentRow(KIND, key, row.version + 1, row.secret_hash, doc, time.time())
        await _storage(request).save_document(saved)
    return JSONResponse({"id": key, "version": saved.version})


async def check(request: Request) -> Response:
    """The checks of a document as typed (nothing stored)."""
    try:
        data = parse_json(await _body(request), what="paquet", limits=DECK_LIMITS)
        doc = authoring.read_document(data)
    except PartieError as exc:
        return _error(exc, 413 if exc.code == "too_large" else 400)
    return JSONResponse(await asyncio.to_thread(authoring.check_document, doc))


async def _checked(request: Request) -> tuple[DocumentRow | None, Response | None]:
    row = await _load(request)
    if row is None:
        return None, _missing()
    if not _readable(row, request):
        return None, _forbidden()
    report = await asyncio.to_thread(authoring.check_document, row.data)
    if not report["ready"]:
        first = report["errors"][0]
        return None, JSONResponse(
            {
                "code": "bad_deck",
                "fr": f"le paquet a encore des erreurs : {first['fr']}",
                "en": f"the deck still has errors: {first['en']}",
            },
            status_code=400,
        )
    return row, None


async def export(request: Request) -> Response:
    fmt = request.path_params["fmt"]
    if fmt not in EXPORTS:
        return JSONResponse(
            {"code": "unknown_format", "fr": "format : toml, gift, aiken ou csv",
             "en": "format: toml, gift, aiken or csv"}, status_code=404,
        )  # fmt: skip
    row, refused = await _checked(request)
    if row is None:
        return refused  # type: ignore[return-value]
    deck = authoring.to_deck(row.data, f"paquet-{row.key}")
    text = {"toml": deck.to_toml, "gift": lambda: write_gift(deck), "csv": lambda: write_csv(deck),
            "aiken": lambda: authoring.write_aiken(deck)}[fmt]()  # fmt: skip
    media, suffix = EXPORTS[fmt]
    return Response(
        text,
        media_type=f"{media}; charset=utf-8",
        headers={"Content-Disposition": f'attachment; filename="paquet-{row.key}.{suffix}"'},
    )


async def print_pdf(request: Request) -> Response:
    row, refused = await _checked(request)
    if row is None:
        return refused  # type: ignore[return-value]
    deck = authoring.to_deck(row.data, f"paquet-{row.key}")
    lang = "en" if request.query_params.get("lang") == "en" else "fr"
    pdf = await asyncio.to_thread(_pdf, deck.to_toml(), lang)
    return Response(
        pdf,
        media_type="application/pdf",
        headers={"Content-Disposition": f'attachment; filename="paquet-{row.key}.pdf"'},
    )


def _pdf(toml: str, lang: str) -> bytes:
    """The same PDF as ``partie print`` (cards, backs for duplex, the rules sheet)."""
    from partie.printing import make_pdf

    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "deck.toml"
        source.write_text(toml, encoding="utf-8")
        out = Path(folder) / "deck.pdf"
        make_pdf(str(source), out, lang=lang)
        return out.read_bytes()


async def use(request: Request) -> Response:
    """Hand the deck to a new table: a copy is kept as an upload (a later edit changes
    neither a game being played nor its replay); answers the table's ``deck`` option."""
    row, refused = await _checked(request)
    if row is None:
        return refused  # type: ignore[return-value]
    toml = authoring.to_deck(row.data, f"paquet-{row.key}").to_toml()
    sha = remember_upload(toml)
    await _storage(request).save_upload("tennis-quizz", sha, toml)
    return JSONResponse({"deck": UPLOAD_PREFIX + sha, "title": row.data["title"]})


def routes() -> list[Route]:
    """Mounted by the game's adapter under ``/api/games/tennis-quizz``."""
    return [
        Route("/editor", create, methods=["POST"]),
        Route("/editor/check", check, methods=["POST"]),
        Route("/editor/{deck}", read, methods=["GET"]),
        Route("/editor/{deck}", save, methods=["PUT"]),
        Route("/editor/{deck}/export/{fmt}", export, methods=["GET"]),
        Route("/editor/{deck}/print.pdf", print_pdf, methods=["GET"]),
        Route("/editor/{deck}/use", use, methods=["POST"]),
    ]
