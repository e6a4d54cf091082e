"""The words of a simulation's figures in French and English: whose wins a win rate
counts, what the score counts, why games ended, what a game's per-turn trace follows.

The printed tables and the report share them, so that both say the same thing in the
same language. The summaries' JSON keeps its English descriptions and its codes.
"""

from __future__ import annotations

from typing import Any

from partie.core.game import EndReason


def say(lang: str, fr: str, en: str) -> str:
    """``en`` in English, ``fr`` otherwise (French is the default language)."""
    return en if lang == "en" else fr


TABLE_WINS = "the table (a cooperative game)"
"""The summary's ``win_rate_of`` when every seat wins together."""

WINS_OF_FR = {TABLE_WINS: "la table (un jeu coopératif)", "seat 1": "la place 1"}
"""French for the summary's ``win_rate_of`` (see ``partie.sim.plan.describe``)."""

SCORE_OF_FR = {
    "the-game": "cartes restées non jouées à la fin (0 : victoire totale ; plus bas, mieux)",
    "tennis-quizz": "sets gagnés par le camp de la place 1",
    "tennis-mots": "sets gagnés par la place 1",
}
"""French for the summary's ``score_of``, by game id."""

END_REASONS: dict[str, tuple[str, str]] = {
    EndReason.ALL_CARDS_PLAYED: ("toutes les cartes posées", "all cards down"),
    EndReason.STUCK: ("blocage (minimum impossible)", "stuck (minimum out of reach)"),
    EndReason.MATCH_WON: ("match gagné", "match won"),
}
"""Words for the games' end-reason codes; a code not listed is shown as it is."""

TRACE_LABELS: dict[str, tuple[str, str]] = {
    "the-game": ("cartes restantes (mains + pioche)", "cards left (hands + draw pile)"),
}
"""What each game's ``turn_trace`` follows, by game id."""


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
    return say(lang, SCORE_OF_FR.get(summary["game"], "score de la place 1"), text)


def end_reason(code: str, lang: str) -> str:
    """The words for an end-reason code, or the code itself when it has none."""
    fr, en = END_REASONS.get(code, (code, code))
    return say(lang, fr, en)


def trace_label(game: str, lang: str) -> str:
    """What ``game``'s per-turn trace follows (a neutral phrase for an unlisted game)."""
    fr, en = TRACE_LABELS.get(game, ("valeur suivie par tour", "figure traced per turn"))
    return say(lang, fr, en)


def players(count: int, lang: str) -> str:
    """``2 joueurs``, ``1 player``."""
    plural = "s" if count > 1 else ""
    return say(lang, f"{count} joueur{plural}", f"{count} player{plural}")


def seat(index: int, lang: str) -> str:
    """Seat ``index`` (from 0) as people count seats, from 1: ``place 1``, ``seat 1``."""
    return say(lang, f"place {index + 1}", f"seat {index + 1}")


__all__ = [
    "END_REASONS",
    "SCORE_OF_FR",
    "TABLE_WINS",
    "TRACE_LABELS",
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
