"""Tennis Quizz: questions served with tennis scoring, singles or doubles, three variants."""

from partie.games.tennis_quizz.game import GAME, TennisQuizz, load_decks
from partie.games.tennis_quizz.rules import (
    Ask,
    Choose,
    ChooseAnswerer,
    ChooseServer,
    QuizzOptions,
    QuizzState,
    Reply,
    Rule,
    action_from_json,
)

__all__ = [
    "GAME",
    "Ask",
    "Choose",
    "ChooseAnswerer",
    "ChooseServer",
    "QuizzOptions",
    "QuizzState",
    "Reply",
    "Rule",
    "TennisQuizz",
    "action_from_json",
    "load_decks",
]
