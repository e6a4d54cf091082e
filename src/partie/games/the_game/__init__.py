"""The Game: cooperative, 1-5 players, 98 cards on four piles."""

from partie.games.the_game.game import GAME, TheGame
from partie.games.the_game.rules import (
    END_TURN,
    PILE_NAMES,
    ChooseStart,
    EndTurn,
    Play,
    Signal,
    TakeBack,
    TheGameOptions,
    TheGameState,
    parse_action,
    playable,
)

__all__ = [
    "END_TURN",
    "GAME",
    "PILE_NAMES",
    "ChooseStart",
    "EndTurn",
    "Play",
    "Signal",
    "TakeBack",
    "TheGame",
    "TheGameOptions",
    "TheGameState",
    "parse_action",
    "playable",
]
