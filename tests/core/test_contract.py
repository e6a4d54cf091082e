"""The contract every game shares: declared capabilities, enums that stay strings in
JSON, one name for the seat to move, one BadDeck."""

from __future__ import annotations

import json
import random

import pytest

from partie.core import get_game
from partie.core.errors import BadDeck
from partie.games.the_game.rules import EndReason

GAMES = ["the-game", "tennis-quizz", "tennis-mots"]


def test_capabilities_are_declared_not_guessed() -> None:
    the_game, quizz, mots = (get_game(g) for g in GAMES)
    assert the_game.supports_deals and the_game.traces_turns and the_game.lists_actions
    assert not quizz.supports_deals and not quizz.traces_turns and quizz.lists_actions
    assert not mots.supports_deals and not mots.lists_actions
    # What a declaration promises is there: a deal option, a trace.
    assert the_game.parse_options({"players": 2, "deal": list(range(2, 100))}).deal
    state = the_game.setup(the_game.parse_options({"players": 1}), 1)
    assert the_game.turn_trace(state) == [98]
    assert quizz.turn_trace(quizz.setup(quizz.parse_options({"players": 2}), 1)) is None


@pytest.mark.parametrize("game_id", GAMES)
def test_to_move_names_the_seat_to_move_in_every_game(game_id: str) -> None:
    game = get_game(game_id)
    state = game.setup(game.parse_options({"players": 2}), 7)
    rng = random.Random(7)
    for _ in range(30):
        if state.is_over:
            break
        view = state.view(None)
        assert view["to_move"] == state.to_move == state.to_act[0]
        seat = state.to_move
        state.apply(seat, game.random_action(state, seat, rng))


def test_phases_and_end_reasons_are_enums_that_stay_strings() -> None:
    mots = get_game("tennis-mots")
    state = mots.setup(mots.parse_options({"players": 2}), 1)
    assert json.loads(json.dumps(state.view(0)))["phase"] == "serve" == state.phase
    assert type(state.phase).__name__ == "Phase"
    the_game = get_game("the-game")
    over = the_game.from_position("piles 55 70 45 30; hands 50")
    assert over.result.reason is EndReason.STUCK
    assert json.loads(json.dumps(over.result.to_json()))["reason"] == "stuck"


def test_one_bad_deck_and_the_quizz_state_named_like_the_others() -> None:
    from partie.games.tennis_mots.cards import BadDeck as WordsBadDeck
    from partie.games.tennis_quizz import QuizzState, TennisQuizzState
    from partie.games.tennis_quizz.decks import BadDeck as QuestionsBadDeck

    assert WordsBadDeck is QuestionsBadDeck is BadDeck
    assert QuizzState is TennisQuizzState
