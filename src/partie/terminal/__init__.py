"""Terminal screens: they render views with Rich and send actions; no rules here.

Each game has one ``partie.table.Screen`` here, found by game id."""

from __future__ import annotations

from partie.terminal.common import TerminalScreen


def screen_class(game_id: str) -> type[TerminalScreen]:
    """The terminal screen of a game (imported on demand: each pulls its game's parts)."""
    if game_id == "the-game":
        from partie.terminal.the_game import TheGameScreen

        return TheGameScreen
    if game_id == "tennis-quizz":
        from partie.terminal.tennis_quizz import TennisQuizzScreen

        return TennisQuizzScreen
    from partie.terminal.tennis_mots import TennisMotsScreen

    return TennisMotsScreen


__all__ = ["TerminalScreen", "screen_class"]
