"""Games by id. The simulator, the server and the CLI find games only through here.

Entries name a module, imported on first use, so that loading one game does not load
the others (the word game's lexicon is large).
"""

from __future__ import annotations

import importlib
from functools import cache
from typing import TYPE_CHECKING

from partie.core.errors import UnknownGame

if TYPE_CHECKING:
    from partie.core.game import Game

GAMES: dict[str, str] = {
    "the-game": "partie.games.the_game",
    "tennis-mots": "partie.games.tennis_mots",
    "tennis-quizz": "partie.games.tennis_quizz",
}


def available_games() -> list[str]:
    return sorted(GAMES)


@cache
def get_game(game_id: str) -> Game:
    """The ``Game`` registered as ``game_id``."""
    try:
        module_name = GAMES[game_id]
    except KeyError:
        known = ", ".join(available_games())
        raise UnknownGame(
            f"jeu inconnu : {game_id!r} (jeux : {known})",
            f"unknown game: {game_id!r} (games: {known})",
        ) from None
    return importlib.import_module(module_name).GAME
