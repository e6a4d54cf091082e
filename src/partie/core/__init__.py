"""What every game shares and that knows no game.

The contract (``Game``, ``State``, ``Action``), seeded randomness, records and replay,
the error family and the registry of games by id.
"""

from partie.core.errors import (
    BadOptions,
    GameOver,
    IllegalAction,
    InvalidAction,
    NotYourTurn,
    PartieError,
    UnknownGame,
)
from partie.core.game import Action, Bot, Game, Result, State
from partie.core.record import Record, replay
from partie.core.registry import available_games, get_game

__all__ = [
    "Action",
    "BadOptions",
    "Bot",
    "Game",
    "GameOver",
    "IllegalAction",
    "InvalidAction",
    "NotYourTurn",
    "PartieError",
    "Record",
    "Result",
    "State",
    "UnknownGame",
    "available_games",
    "get_game",
    "replay",
]
