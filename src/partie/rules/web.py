"""The "Règles" panel's two routes: the rules of a game, and the answer to a question.

``GET /api/rules/{game}?lang=fr`` → ``{"game", "title", "sections": [{"id", "title",
"text"}]}`` (Markdown text); ``GET /api/rules/{game}/ask?q=...&lang=fr`` → the object
``partie rules GAME "q" --json`` prints. The app mounts ``router``; nothing here knows
the server.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Query

from partie.rules.answerer import MAX_QUESTION, ask
from partie.rules.document import GAMES, LANGS, load_rules

router = APIRouter(prefix="/api/rules", tags=["rules"])


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
