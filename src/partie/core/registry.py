"""Games by id, found through the ``partie.games`` entry point.

A game package registers itself in its distribution's metadata::

    [project.entry-points."partie.games"]
    the-game = "partie.games.the_game"

The entry names a module whose ``GAME`` is the ``Game``; it is imported on first use,
so that loading one game does not load the others (the word game's lexicon is large).
The simulator, the server, the terminal, printing and the CLI find games only through
here: a game installed from another distribution plays everywhere with no change to
``partie`` itself.
"""

from __future__ import annotations

import importlib
import re
from functools import cache
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, Any

from partie.core.errors import UnknownGame

if TYPE_CHECKING:
    from partie.core.game import Game

GROUP = "partie.games"
"""The entry-point group a game registers in."""

GAME_ID = re.compile(r"[a-z][a-z0-9-]{0,31}")
"""What a game id may look like: it names URLs, files and records."""


@cache
def game_modules() -> dict[str, str]:
    """Every registered game id and the module that defines its ``GAME``.

    An entry whose name is not a usable id is left out rather than breaking every
    command; two distributions registering one id keep the first found on the path."""
    found: dict[str, str] = {}
    for entry in entry_points(group=GROUP):
        if GAME_ID.fullmatch(entry.name) and entry.name not in found:
            found[entry.name] = entry.value.split(":", 1)[0]
    return found


def available_games() -> list[str]:
    return sorted(game_modules())


def built_in(game_id: str) -> bool:
    """Whether ``game_id`` is one of partie's own games (not one installed beside it)."""
    return game_modules()[game_id].startswith("partie.")


@cache
def get_game(game_id: str) -> Game:
    """The ``Game`` registered as ``game_id``."""
    try:
        module_name = game_modules()[game_id]
    except (KeyError, TypeError):
        known = ", ".join(available_games())
        raise UnknownGame(
            f"jeu inconnu : {game_id!r} (jeux : {known})",
            f"unknown game: {game_id!r} (games: {known})",
        ) from None
    game = importlib.import_module(module_name).GAME
    if game.id != game_id:
        raise UnknownGame(
            f"le module {module_name} s'annonce comme {game_id!r} mais définit {game.id!r}",
            f"module {module_name} registers as {game_id!r} but defines {game.id!r}",
        )
    return game


def game_module(game_id: str) -> str:
    """The module that registers ``game_id`` (after checking it is a known game)."""
    get_game(game_id)
    return game_modules()[game_id]


def load_hook(spec: str) -> Any:
    """What a game's hook names: ``"module:attribute"`` (or a whole ``"module"``),
    imported now; a hook a game declares is part of the game, so a broken one is a
    programming error, not a user's."""
    module_name, _, attribute = spec.partition(":")
    module = importlib.import_module(module_name)
    return getattr(module, attribute) if attribute else module
