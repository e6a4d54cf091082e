"""Exact match odds (Markov chain) against closed forms, symmetry, and simulated
matches of the real engine between quiz bots."""

from __future__ import annotations

from math import comb
from pathlib import Path

import pytest

from partie.games.tennis_quizz.balance import (
    decider_odds,
    from_accuracies,
    game_win,
    match_odds,
)
from partie.sim import SimulationSpec, mean_ci95, run_simulation, wilson_ci95


@pytest.mark.parametrize("s", [0.0, 0.2, 0.5, 0.65, 1.0])
def test_no_ad_game_is_first_to_four_of_seven(s: float) -> None:
    closed = sum(comb(3 + k, k) * s**4 * (1 - s) ** k for k in range(4))
    assert game_win(s) == pytest.approx(closed)


def test_even_sides_are_even() -> None:
    for decider in (False, True):
        odds = match_odds(0.5, 0.5, decider=decider)
        assert odds.win_a == pytest.approx(0.5)
        assert odds.sets == pytest.approx(2.5)


def test_swapping_sides_mirrors_the_odds() -> None:
    a = match_odds(0.62, 0.55)
    b = match_odds(0.55, 0.62)
    assert a.win_a + b.win_a == pytest.approx(1.0)
    assert a.questions == pytest.approx(b.questions)


def test_better_server_wins_more() -> None:
    rates = [match_odds(p, 0.5).win_a for p in (0.3, 0.4, 0.5, 0.6, 0.7)]
    assert rates == sorted(rates) and rates[0] < 0.05 and rates[-1] > 0.95


def test_decider_odds() -> None:
    win, rounds = decider_odds(0.5, 0.5)
    assert win == pytest.approx(0.5) and rounds > 1
    win, _ = decider_odds(0.7, 0.5)  # B answers right 30% of the time, A 50%
    assert win > 0.5


def test_one_set_match_by_hand() -> None:
    """With one set and certain holds of serve, every set reaches 6-6 and the final
    game goes to whoever serves it."""
    odds = match_odds(1.0, 1.0, sets_to_win=1)
    assert odds.reached_6_6 == pytest.approx(1.0)
    assert odds.questions == pytest.approx(13 * 4)
    # A serves games 1, 3, ..., 13 when it serves first: it wins 7-6.
    assert odds.win_a_serving_first == pytest.approx(1.0)
    assert odds.win_a_receiving_first == pytest.approx(0.0)


@pytest.mark.parametrize("x", [0.4, 0.5, 0.6, 0.7])
def test_exact_agrees_with_simulated_matches(x: float, small_deck: Path) -> None:
    """Side A wins every point with probability x: A answers right with x, B with 1-x.
    The exact match-win probability lies in the 95% interval of 500 simulated matches,
    and the exact mean number of questions in the interval of the simulated mean."""
    games = 500
    spec = SimulationSpec(
        game="tennis-quizz",
        options={"deck": str(small_deck), "players": 2},
        bots=(f"quiz:{x}", f"quiz:{round(1 - x, 6)}"),
        games=games,
        seed=int(x * 1000),
    )
    outcomes = run_simulation(spec, workers=1)
    wins = sum(1 for o in outcomes if 0 in o.winners)
    low, high = wilson_ci95(wins, games)
    p, q = from_accuracies(x, 1 - x)
    exact = match_odds(p, q)
    assert low <= exact.win_a <= high, (exact.win_a, wins / games)
    _, qlow, qhigh = mean_ci95([o.details["questions"] for o in outcomes])
    assert qlow <= exact.questions <= qhigh, (exact.questions, qlow, qhigh)
