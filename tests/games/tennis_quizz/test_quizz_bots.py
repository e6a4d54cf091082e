"""Bots answer with their accuracy from views only, and the tactique server asks the
hardest question first."""

from __future__ import annotations

from pathlib import Path

import pytest

from partie.core import BadOptions, get_game
from partie.games.tennis_quizz.bots import QuizBot, make_bot, parse_accuracy, success_rates
from partie.games.tennis_quizz.rules import Ask, Choose, Reply

GAME = get_game("tennis-quizz")


def new(deck: Path, seed: int = 2, **options):
    return GAME.setup(GAME.parse_options({"deck": str(deck), **options}), seed)


def test_accuracy_specs() -> None:
    assert parse_accuracy("0.7") == (0.7, 0.7, 0.7)
    assert parse_accuracy("0.9/0.7/0.5") == (0.9, 0.7, 0.5)
    for bad in ("1.5", "a", "0.9/0.7", ""):
        with pytest.raises(BadOptions):
            parse_accuracy(bad)
    with pytest.raises(BadOptions):
        make_bot("oracle")


@pytest.mark.parametrize("pro", [False, True])
def test_perfect_and_hopeless_answerers(small_deck: Path, pro: bool) -> None:
    state = new(small_deck, pros=[0, 1] if pro else [])
    perfect, hopeless = make_bot("quiz:1", 1), make_bot("quiz:0", 2)
    for _ in range(40):
        seat = state.answerer
        view = state.view(seat)
        assert "answer" not in view["question"]
        bot = perfect if len(state.log) % 2 == 0 else hopeless
        action = bot.act(view)
        assert isinstance(action, Reply if pro else Choose)
        state.apply(seat, action)
        assert state.log[-1]["right"] is (bot is perfect)


def test_accuracy_by_difficulty(small_deck: Path) -> None:
    """quiz:1/0/1 gets every difficulty-2 question wrong and the others right."""
    state = new(small_deck)
    bot = make_bot("quiz:1/0/1", 3)
    for _ in range(60):
        seat = state.to_act[0]
        state.apply(seat, bot.act(state.view(seat)))
    assert all(e["right"] == (e["difficulty"] != 2) for e in state.log)


def test_tactique_server_asks_the_hardest_first(small_deck: Path) -> None:
    state = new(small_deck, tactique=True)
    bot = make_bot("quiz:0.5", 4)
    for _ in range(30):
        seat = state.to_act[0]
        view = state.view(seat)
        action = bot.act(view)
        if state.phase == "ask":
            left = [
                q for q in view["card"]["questions"] if q["number"] not in view["card"]["asked"]
            ]
            hardest = max(q["difficulty"] for q in left)
            assert isinstance(action, Ask)
            assert view["card"]["questions"][action.number - 1]["difficulty"] == hardest
        state.apply(seat, action)


def test_measured_rates_break_ties() -> None:
    bot = QuizBot(0, rates=success_rates([{"text": "Facile ?", "right": True}]))
    view = {
        "phase": "ask",
        "questions_asked": 0,
        "log": [],
        "card": {
            "asked": [],
            "questions": [
                {"number": 1, "text": "Facile ?", "difficulty": 3},
                {"number": 2, "text": "Jamais vue ?", "difficulty": 3},
            ],
        },
    }
    assert bot.act(view) == Ask(2)  # same difficulty; question 1 was answered right before


def test_doubles_bots_play_every_phase(small_deck: Path) -> None:
    state = new(small_deck, players=6, tactique=True, choose_answerer=True, pros=[1])
    bots = [make_bot("quiz:0.6", s) for s in range(6)]
    while not state.is_over:
        seat = state.to_act[0]
        state.apply(seat, bots[seat].act(state.view(seat)))
    servers = {e["server"] for e in state.log}
    answerers = {e["answerer"] for e in state.log}
    assert servers == set(range(6)) and answerers == set(range(6))
