"""The words of a simulation's figures in French and English: whose wins a win rate
counts, what the score counts, why games ended, what a game's per-turn trace follows.

The printed tables and the report share them, so that both say the same thing in the
same language. The summaries' JSON keeps its English descriptions and its codes.
"""

from __future__ import annotations

from typing import Any

from partie.core.errors import UnknownGame
from partie.core.registry import get_game


def say(lang: str, fr: str, en: str) -> str:
    """``en`` in English, ``fr`` otherwise (French is the default language)."""
    return en if lang == "en" else fr


TABLE_WINS = "the table (a cooperative game)"
"""The summary's ``win_rate_of`` when every seat wins together."""

WINS_OF_FR = {TABLE_WINS: "la table (un jeu coopératif)", "seat 1": "la place 1"}
"""French for the summary's ``win_rate_of`` (see ``partie.sim.plan.describe``)."""


def _game(game_id: str) -> Any:
    """The registered game, or ``None`` for a summary of a game not installed here (a
    JSON file from elsewhere): its figures are then described in neutral words."""
    try:
        return get_game(game_id)
    except UnknownGame:
        return None


def wins_of(summary: dict[str, Any], lang: str) -> str:
    """Whose wins the summary's win rate counts: ``la place 1``, ``the table (...)``."""
    text = summary.get("win_rate_of", "seat 1")
    return say(lang, WINS_OF_FR.get(text, text), text)


def cooperative(summary: dict[str, Any]) -> bool:
    """Whether the summary's wins are the whole table's (a cooperative game)."""
    return summary.get("win_rate_of") == TABLE_WINS


def score_of(summary: dict[str, Any], lang: str) -> str:
    """What the summary's score counts, in ``lang``."""
    text = summary.get("score_of", "seat 1's score")
    game = _game(summary["game"])
    return say(lang, game.score_meaning[0] if game else "score de la place 1", text)


def end_reason(game_id: str, code: str, lang: str) -> str:
    """The words for one of a game's end-reason codes, or the code itself."""
    game = _game(game_id)
    fr, en = game.end_reasons.get(code, (code, code)) if game else (code, code)
    return say(lang, fr, en)


def trace_label(game_id: str, lang: str) -> str:
    """What a game's per-turn trace follows (a neutral phrase for an unknown game)."""
    game = _game(game_id)
    fr, en = game.trace_label if game else ("valeur suivie par tour", "figure traced per turn")
    return say(lang, fr, en)


def players(count: int, lang: str) -> str:
    """``2 joueurs``, ``1 player``."""
    plural = "s" if count > 1 else ""
    return say(lang, f"{count} joueur{plural}", f"{count} player{plural}")


def seat(index: int, lang: str) -> str:
    """Seat ``index`` (from 0) as people count seats, from 1: ``place 1``, ``seat 1``."""
    return say(lang, f"place {index + 1}", f"seat {index + 1}")


__all__ = [
    "TABLE_WINS",
    "WINS_OF_FR",
    "cooperative",
    "end_reason",
    "players",
    "say",
    "score_of",
    "seat",
    "trace_label",
    "wins_of",
]
