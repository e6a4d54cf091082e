"""Referee and teacher tables as game states: the shared conformance playouts, undo as
an action that replays, and the teacher's answer kept from the projector."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance import playout
from partie.core import BadOptions, IllegalAction, Record, get_game, replay
from partie.games.tennis_quizz.game import deck_options
from partie.games.tennis_quizz.scoring_table import Point, ScoringState, Undo

GAME = get_game("tennis-quizz")


@pytest.mark.parametrize(
    "options",
    [
        {"mode": "referee", "players": 1, "sets_to_win": 1},
        {"mode": "referee", "players": 1, "jeu_decisif": True, "tactique": True, "sets_to_win": 1},
        {"mode": "teacher", "players": 1, "first_server": 1, "sets_to_win": 1},
    ],
)
def test_conformance_playouts(options: dict, small_deck: Path) -> None:
    parsed = GAME.parse_options({**deck_options(str(small_deck)), **options})
    for seed in range(2):
        state = playout(GAME, parsed, seed)
        assert isinstance(state, ScoringState) and state.is_over


def test_undo_is_an_action_and_the_record_replays(small_deck: Path) -> None:
    options = GAME.parse_options({**deck_options(str(small_deck)), "mode": "teacher", "players": 1})
    state = GAME.setup(options, 7)
    for winner in ["server", "receiver", "receiver"]:
        state.apply(0, Point(winner))
    asked = state.view(0)["question"]
    state.apply(0, Point("server"))
    state.apply(0, Undo())
    assert state.taps == ["server", "receiver", "receiver"]
    assert state.view(0)["question"] == asked  # the same question and the same choices
    again = replay(Record.load(Record.of(state).dump()))
    assert again.fingerprint() == state.fingerprint()
    with pytest.raises(IllegalAction):
        GAME.setup(options, 7).apply(0, Undo())


def test_the_answer_reaches_the_teacher_only(small_deck: Path) -> None:
    options = GAME.parse_options({**deck_options(str(small_deck)), "mode": "teacher", "players": 1})
    state = GAME.setup(options, 3)
    teacher, projector = state.view(0)["question"], state.view(None)["question"]
    assert teacher["answer"] in teacher["choices"]
    assert "answer" not in projector and projector["text"] == teacher["text"]
    state.apply(0, Point("receiver"))
    assert state.view(None)["log"][-1]["answer"] == teacher["answer"]  # judged: shown


def test_referee_mode_needs_one_seat_and_no_deck() -> None:
    state = GAME.setup(GAME.parse_options({"mode": "referee", "players": 1}), 1)
    assert state.view(None)["next"] == {
        "side": state.rules.first_server,
        "card": 1,
        "number": 1,
        "decider": False,
    }
    with pytest.raises(BadOptions):
        GAME.parse_options({"mode": "referee", "players": 2})
    with pytest.raises(BadOptions):
        GAME.parse_options({"mode": "umpire", "players": 1})
