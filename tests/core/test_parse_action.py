"""``Game.parse_action(view, text)``: one reader of typed moves for every screen."""

from __future__ import annotations

import pytest

from partie.core import get_game
from partie.core.errors import AmbiguousAction, IllegalAction, InvalidAction
from partie.games.the_game import END_TURN, Play, Signal
from partie.games.the_game.rules import TheGameState

THE_GAME = get_game("the-game")
QUIZZ = get_game("tennis-quizz")
MOTS = get_game("tennis-mots")
A1, A2, D1, D2 = range(4)


def the_game_view(hand: list[int], tops: tuple[int, int, int, int]) -> dict:
    state: TheGameState = THE_GAME.setup(THE_GAME.parse_options({"players": 1}), 3)
    view = state.view(0)
    view["hand"] = hand
    for pile, top in zip(view["piles"], tops, strict=True):
        pile["top"] = top
    return view


def test_a_bare_card_goes_on_the_one_pile_it_fits() -> None:
    view = the_game_view([44], (50, 60, 95, 40))
    assert THE_GAME.parse_action(view, "44") == Play(44, D1)
    view = the_game_view([50], (60, 97, 20, 10))  # only the trick on a1
    assert THE_GAME.parse_action(view, " 50 ") == Play(50, A1)


def test_a_bare_card_that_fits_two_piles_names_them() -> None:
    view = the_game_view([37], (1, 47, 100, 100))
    with pytest.raises(AmbiguousAction) as caught:
        THE_GAME.parse_action(view, "37")
    error = caught.value
    assert isinstance(error, InvalidAction) and error.code == "ambiguous_action"
    assert error.fr == "37 : a1, a2, d1 ou d2 ?" and error.en == "37: a1, a2, d1 or d2?"
    assert [c["pile"] for c in error.data["choices"]] == ["a1", "a2", "d1", "d2"]


def test_a_bare_card_that_fits_nowhere_or_is_not_held_says_so() -> None:
    view = the_game_view([50], (55, 70, 45, 30))
    with pytest.raises(IllegalAction) as caught:
        THE_GAME.parse_action(view, "50")
    assert caught.value.code == "does_not_fit"
    with pytest.raises(IllegalAction) as caught:
        THE_GAME.parse_action(view, "51")
    assert caught.value.code == "card_not_in_hand"


def test_the_game_reads_the_other_moves_as_before() -> None:
    view = the_game_view([44], (1, 1, 100, 100))
    assert THE_GAME.parse_action(view, "44 a2") == Play(44, A2)
    assert THE_GAME.parse_action(view, "fin") == END_TURN
    assert THE_GAME.parse_action(view, "signal d2 garde") == Signal(D2, "keep")
    with pytest.raises(InvalidAction) as caught:
        THE_GAME.parse_action(view, "pose tout")
    assert caught.value.code == "unreadable_move"


def test_quizz_reads_each_step_of_a_point() -> None:
    state = QUIZZ.setup(QUIZZ.parse_options({"players": 2}), 5)
    seat = state.to_move
    view = state.view(seat)
    assert view["phase"] == "answer" and view["to_move"] == seat
    action = QUIZZ.parse_action(view, "b")
    assert action.to_json() == {"type": "choose", "choice": "B"}
    with pytest.raises(InvalidAction) as caught:
        QUIZZ.parse_action(view, "D")
    assert caught.value.code == "bad_choice"
    with pytest.raises(InvalidAction) as caught:
        QUIZZ.parse_action({**view, "phase": "ask"}, "deux")
    assert caught.value.code == "not_a_number"
    assert QUIZZ.parse_action({**view, "phase": "ask"}, "2").to_json()["number"] == 2
    ruling = {**view, "phase": "ruling"}
    assert QUIZZ.parse_action(ruling, "oui").to_json() == {"type": "rule", "right": True}
    with pytest.raises(InvalidAction) as caught:
        QUIZZ.parse_action(ruling, "peut-être")
    assert caught.value.code == "yes_or_no"
    open_answer = {**view, "question": {**view["question"], "choices": None}}
    assert QUIZZ.parse_action(open_answer, " Louis XV ").to_json() == {
        "type": "reply",
        "text": "Louis XV",
    }


def test_mots_reads_a_word_from_the_view_as_the_engine_does() -> None:
    from partie.games.tennis_mots.notation import parse
    from partie.games.tennis_mots.rules import PASS

    state = MOTS.setup(MOTS.parse_options({"players": 2}), 11)
    seat = state.to_move
    hand = state.hands[seat]
    faces = state.deck.faces
    letters = [faces[c] for c in hand if faces[c].isalpha()]
    word = letters[0]
    from_view = MOTS.parse_action(state.view(seat), word)
    assert from_view == parse(word, state.table, hand, faces)
    assert MOTS.parse_action(state.view(seat), "passe") == PASS
