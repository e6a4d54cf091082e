"""The shared conformance suite applied to Tennis Quizz: seeded random playouts in
singles and doubles over every variant, with views that must not hold the right answer
before the receiver answers, and records that replay identically."""

from __future__ import annotations

from pathlib import Path

import pytest

from conformance import playout
from partie.core import get_game
from partie.games.tennis_quizz.game import deck_options

GAME = get_game("tennis-quizz")
ONE_SET = {"sets_to_win": 1}  # shorter matches keep the suite fast; the flow is the same
VARIANTS = [
    {},
    {"tactique": True, **ONE_SET},
    {"jeu_decisif": True, **ONE_SET},
    {"pros": [1], "overrule": True, **ONE_SET},
    {"players": 4, "choose_answerer": True, "pros": [0, 3], **ONE_SET},
    {"players": 6, "tactique": True, "jeu_decisif": True, **ONE_SET},
    {"players": 3, "pros": [0, 1, 2], **ONE_SET},
    {
        "players": 5,
        "tactique": True,
        "overrule": True,
        "pros": [4],
        "choose_answerer": True,
        **ONE_SET,
    },
]
GAMES_PER_VARIANT = 20  # fewer at the larger tables: about 140 playouts in all


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_random_playouts(variant: int, small_deck: Path) -> None:
    options = GAME.parse_options({**deck_options(str(small_deck)), **VARIANTS[variant]})
    deciders = 0
    winners = set()
    games = GAMES_PER_VARIANT if options.players <= 3 else GAMES_PER_VARIANT // 2
    for number in range(games):
        # Every playout checks views, invariants, JSON and replay; one in ten also
        # probes every legal and near-miss illegal action at every step.
        state = playout(GAME, options, 1000 * variant + number, probe=number % 10 == 0)
        deciders += state.result.details["jeu_decisif"]
        winners.add(state.score.winner)
    assert winners == {0, 1}
    if options.jeu_decisif:
        assert deciders > 0, "no playout reached a jeu décisif"


def test_receiver_view_never_holds_the_right_answer(small_deck: Path) -> None:
    """At every question, the receiving seats and spectators see text and choices,
    never which one is right; the serving side sees it."""
    options = GAME.parse_options({**deck_options(str(small_deck)), "players": 4})
    state = GAME.setup(options, 7)
    bots = [GAME.make_bot("random", s) for s in range(4)]
    checked = 0
    while not state.is_over:
        if state.phase == "answer":
            q = state.question
            for seat in [*range(4), None]:
                view = state.view(seat)
                inside = seat is not None and seat % 2 == state.serving
                assert ("answer" in view["question"]) == inside
                assert ("right_choice" in view["question"]) == inside
                if not inside:
                    assert "questions" not in (view["card"] or {})
            assert q.answer in state.view(None)["question"]["choices"]
            checked += 1
        seat = state.to_act[0]
        state.apply(seat, bots[seat].act(state.view(seat)))
    assert checked > 40


def test_smallest_deck_with_jeu_decisif(tiny_deck: Path) -> None:
    """Two cards a side: started cards set aside for jeu décisif cards, discards
    reshuffled again and again."""
    options = GAME.parse_options({**deck_options(str(tiny_deck)), "jeu_decisif": True})
    reshuffles = 0
    for number in range(8):
        state = playout(GAME, options, 50_000 + number, probe=number == 0)
        reshuffles += state.result.details["reshuffles"]
    assert reshuffles > 0
