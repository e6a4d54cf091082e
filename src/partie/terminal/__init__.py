"""Terminal screens: they render views with Rich and send actions; no rules here.

Each game names its ``partie.table.Screen`` (``Game.terminal_screen``); this package
holds the shared parts and the screens of the built-in games."""

from __future__ import annotations

from partie.core.errors import UnknownGame
from partie.core.registry import get_game, load_hook
from partie.terminal.common import TerminalScreen


def screen_class(game_id: str) -> type[TerminalScreen]:
    """The terminal screen of a game (imported on demand: each pulls its game's parts)."""
    game = get_game(game_id)
    if game.terminal_screen is None:
        raise UnknownGame(
            f"{game.name} ne se joue pas dans le terminal",
            f"{game.name} has no terminal screen",
        )
    return load_hook(game.terminal_screen)


__all__ = ["TerminalScreen", "screen_class"]
