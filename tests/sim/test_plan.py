"""The planning and streaming of ``partie simulate`` (``partie.sim.plan``): checks before
any game, running figures equal to the figures of the full list of games, whatever the
number of workers."""

from __future__ import annotations

import pytest

from partie.core.errors import BadOptions
from partie.sim.compare import compare_outcomes
from partie.sim.plan import make_plan, parse_player_counts, run_plan
from partie.sim.runner import run_simulation
from partie.sim.summary import summarize


def without_time(figures: dict) -> dict:
    drop = {"seconds", "games_per_second", "a", "b"}
    return {k: v for k, v in figures.items() if k not in drop}


def test_streamed_figures_equal_the_figures_of_the_whole_list() -> None:
    plan = make_plan("the-game", bots=["greedy"], counts=[2], options={}, games=60, seed=4)
    spec = plan.runs[0][1][0]
    whole = summarize(spec, run_simulation(spec, workers=1), 1.0)
    for workers in (1, 2):
        streamed = run_plan(plan, workers=workers).results[0].figures
        assert without_time(streamed) == {
            **without_time(whole),
            "win_rate_of": "the table (a cooperative game)",
            "score_of": streamed["score_of"],
        }
        assert "cards left" in streamed["score_of"]


def test_paired_comparison_streams_pair_by_pair() -> None:
    plan = make_plan(
        "the-game", bots=[], counts=[2], options={}, games=40, seed=1, compare=("greedy", "random")
    )
    a, b = plan.runs[0][1]
    whole = compare_outcomes(a, run_simulation(a, 1), b, run_simulation(b, 1), (1.0, 1.0))
    streamed = run_plan(plan, workers=2).results[0].figures
    assert without_time(streamed) == without_time(whole)
    assert streamed["a"]["wins"] == whole["a"]["wins"]


def test_a_two_seat_tennis_game_says_whose_figures_they_are() -> None:
    plan = make_plan(
        "tennis-quizz", bots=[], counts=None, options={"sets_to_win": 1}, games=4, seed=2
    )
    figures = run_plan(plan, workers=1).results[0].figures
    assert figures["win_rate_of"] == "seat 1"
    assert "sets won" in figures["score_of"]


@pytest.mark.parametrize(
    ("kwargs", "needle"),
    [
        ({"options": {"players": 0}}, "0"),
        ({"options": {"players": None}}, "players"),
        ({"games": 0}, "--games"),
        ({"bots": ["greedy", "random", "greedy"], "options": {"players": 2}}, "3 bots"),
        ({"counts": [1, 2], "bots": ["greedy", "random"]}, "sweep"),
    ],
)
def test_plans_are_checked_before_any_game(kwargs: dict, needle: str) -> None:
    base = {"bots": [], "counts": None, "options": {}, "games": 10, "seed": 0}
    with pytest.raises(BadOptions, match=needle):
        make_plan("the-game", **{**base, **kwargs})


def test_player_counts() -> None:
    assert parse_player_counts("1,3-4") == [1, 3, 4]
    for bad in ("0", "3-1", "x", "1-" + "9" * 8, ",".join(str(i) for i in range(1, 20))):
        with pytest.raises(BadOptions):
            parse_player_counts(bad)
