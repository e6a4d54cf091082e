"""Tennis Quizz's replay lines: who and what by name and by the answer's words, never
by seat number or choice letter alone ("répond B" said nothing of what B was)."""

from __future__ import annotations

import random

from partie.games.tennis_quizz.game import GAME
from partie.games.tennis_quizz.rules import Choose, ChooseServer, Reply
from partie.games.tennis_quizz.scoring_table import Point
from partie.server.games.tennis_quizz import TennisQuizzAdapter

NAMES = ["Alice", "Driss", "Chloé", "Bruno"]


def advance_to(state, phase: str, rng: random.Random):
    """Play legal actions until the state reaches ``phase``."""
    for _ in range(200):
        if state.phase == phase:
            return state
        seat = state.to_act[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError(f"no {phase} phase reached")


def test_a_replayed_answer_says_the_answer_and_a_choice_says_the_name() -> None:
    adapter = TennisQuizzAdapter(GAME)
    rng = random.Random(3)
    state = GAME.setup(GAME.parse_options({"players": 4}), 7)
    state = advance_to(state, "server", rng)
    chooser = state.to_act[0]
    chosen = state.legal_actions(chooser)[-1].seat
    line = adapter.describe_step(state, chooser, ChooseServer(chosen), None, NAMES)["text"]
    assert line == {
        "fr": f"choisit {NAMES[chosen]} pour servir",
        "en": f"picks {NAMES[chosen]} to serve",
    }
    state = advance_to(state, "answer", rng)
    shown = state.question.shown
    line = adapter.describe_step(state, state.answerer, Choose(1), None, NAMES)["text"]
    assert line["fr"] == f"répond B « {shown[1]} »" and "joueur" not in line["fr"]
    assert line["en"] == f"answers B “{shown[1]}”"
    reply = adapter.describe_step(state, 0, Reply("Roland-Garros"), None, NAMES)["text"]
    assert reply["fr"] == "répond « Roland-Garros »"


def test_a_referees_tap_names_the_team_that_wins_the_point() -> None:
    adapter = TennisQuizzAdapter(GAME)
    options = {"mode": "referee", "players": 1, "first_server": 0, "team_names": ["Aigles", "Ours"]}
    state = GAME.setup(GAME.parse_options(options), 1)
    wrong = adapter.describe_step(state, 0, Point("server"), None, ["Arbitre"])["text"]
    assert wrong["fr"] == "point pour Aigles (au service : mauvaise réponse)"
    right = adapter.describe_step(state, 0, Point("receiver"), None, ["Arbitre"])["text"]
    assert right["en"] == "point to Ours (receiving: right answer)"


def test_a_tap_in_a_jeu_decisif_names_the_team_that_answered() -> None:
    adapter = TennisQuizzAdapter(GAME)
    options = {
        "mode": "referee",
        "players": 1,
        "first_server": 0,
        "jeu_decisif": True,
        "sets_to_win": 1,
        "team_names": ["Les Aigles", "Les Ours"],
    }
    state = GAME.setup(GAME.parse_options(options), 1)
    for _ in range(48):  # every server holds: 6-6
        state.apply(0, Point("server"))
    line = adapter.describe_step(state, 0, Point("receiver"), None, ["Arbitre"])["text"]
    assert line["fr"] == "jeu décisif, Les Ours : bonne réponse"
