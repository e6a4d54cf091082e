"""Tennis Quizz: questions served with tennis scoring, singles or doubles, three variants."""

from partie.games.tennis_quizz.game import GAME, TennisQuizz, load_decks
from partie.games.tennis_quizz.rules import (
    Ask,
    Choose,
    ChooseAnswerer,
    ChooseServer,
    Phase,
    QuizzOptions,
    QuizzState,
    Reply,
    Rule,
    TennisQuizzOptions,
    TennisQuizzState,
    action_from_json,
    parse_action,
)

__all__ = [
    "GAME",
    "Ask",
    "Choose",
    "ChooseAnswerer",
    "ChooseServer",
    "Phase",
    "QuizzOptions",
    "QuizzState",
    "Reply",
    "Rule",
    "TennisQuizz",
    "TennisQuizzOptions",
    "TennisQuizzState",
    "action_from_json",
    "load_decks",
    "parse_action",
]
