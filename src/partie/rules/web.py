"""The "Règles" panel's two routes: the rules of a game, and the answer to a question.

``GET /api/rules/{game}?lang=fr`` → ``{"game", "title", "sections": [{"id", "title",
"text"}]}`` (Markdown text); ``GET /api/rules/{game}/ask?q=...&lang=fr`` → the object
``partie rules GAME "q" --json`` prints. The web app mounts ``rules_app()`` at
``PREFIX``; nothing here knows the server.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, FastAPI, HTTPException, Query
from fastapi.exceptions import RequestValidationError
from fastapi.requests import Request
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from partie.core.errors import PartieError
from partie.core.inputs import BadInput
from partie.rules.answerer import MAX_QUESTION, ask
from partie.rules.document import GAMES, LANGS, load_rules

PREFIX = "/api/rules"
HTTP_ERRORS = {
    404: PartieError("adresse inconnue", "no such address", code="not_found").to_json(),
    405: PartieError(
        "méthode refusée à cette adresse", "method not allowed here", code="method_not_allowed"
    ).to_json(),
}
router = APIRouter(tags=["rules"])


def _check(game: str, lang: str | None) -> None:
    if game not in GAMES:
        raise HTTPException(
            404,
            {"code": "unknown_game", "fr": f"jeu inconnu : {game[:40]!r}",
             "en": f"unknown game: {game[:40]!r}"},
        )  # fmt: skip
    if lang is not None and lang not in LANGS:
        raise HTTPException(
            422,
            {"code": "bad_input", "fr": "langue : fr ou en", "en": "language: fr or en"},
        )


@router.get("/{game}")
def rules_of(game: str, lang: str = "fr") -> dict[str, Any]:
    """The rules of ``game`` in ``lang``, section by section."""
    _check(game, lang)
    return load_rules(game, lang).to_json()


@router.get("/{game}/ask")
def ask_rules(
    game: str,
    q: str = Query(..., min_length=1, max_length=MAX_QUESTION),
    lang: str | None = None,
) -> dict[str, Any]:
    """The passages that answer ``q``, best first, or ``answers: []`` and the closest."""
    _check(game, lang)
    return ask(game, q, lang).to_json()


def rules_app() -> FastAPI:
    """The two routes as an app of their own, to mount at ``PREFIX``; a refusal is the
    same ``{code, fr, en}`` object as every other refusal of the web app."""
    app = FastAPI(docs_url=None, redoc_url=None, openapi_url=None)
    app.include_router(router)

    async def refused(request: Request, exc: Exception) -> JSONResponse:
        assert isinstance(exc, StarletteHTTPException)
        if isinstance(exc.detail, dict):
            detail = exc.detail
        elif exc.status_code in HTTP_ERRORS:
            detail = HTTP_ERRORS[exc.status_code]
        else:
            detail = {"code": "bad_input", "fr": str(exc.detail), "en": str(exc.detail)}
        return JSONResponse(detail, status_code=exc.status_code)

    async def invalid(request: Request, exc: Exception) -> JSONResponse:
        """A missing, empty or too long question (``q``): the same one-line shape."""
        refusal = BadInput(
            f"question vide ou trop longue (au plus {MAX_QUESTION} caractères)",
            f"question empty or too long (at most {MAX_QUESTION} characters)",
        )
        return JSONResponse(refusal.to_json(), status_code=422)

    app.add_exception_handler(StarletteHTTPException, refused)
    app.add_exception_handler(RequestValidationError, invalid)
    return app
