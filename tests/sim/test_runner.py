"""Runs: worker count and backend never change results; traces; paired comparisons."""

from __future__ import annotations

import dataclasses
import itertools

from partie.core import get_game
from partie.sim.compare import compare_outcomes, paired_specs
from partie.sim.runner import SimulationSpec, play_one, run_simulation

SPEC = SimulationSpec(
    game="the-game", options={"players": 2}, bots=("greedy", "greedy"), games=24, seed=9
)


def essentials(outcomes: list) -> list[tuple]:
    return [(o.index, o.seed, o.winners, o.scores, o.reason, o.actions) for o in outcomes]


def test_workers_do_not_change_results() -> None:
    one = run_simulation(SPEC, workers=1)
    two = run_simulation(SPEC, workers=2)
    assert essentials(one) == essentials(two)
    assert [o.index for o in one] == list(range(24))


def test_turn_trace_runs_from_98_to_the_score() -> None:
    game = get_game("the-game")
    outcomes = run_simulation(dataclasses.replace(SPEC, trace=True, games=6), workers=1)
    for outcome in outcomes:
        trace = outcome.trace
        assert trace[0] == 98 and trace[-1] == outcome.scores[0]
        assert all(a >= b for a, b in itertools.pairwise(trace))
    plain = run_simulation(dataclasses.replace(SPEC, games=2), workers=1)
    assert plain[0].trace is None
    state = play_one(game, game.parse_options({"players": 1}), ("greedy",), 4)
    ends = sum(1 for _, a in state.history if a.to_json()["type"] == "end")
    assert len(game.turn_trace(state)) in (ends + 1, ends + 2)


def test_paired_comparison() -> None:
    spec = dataclasses.replace(SPEC, options={"players": 1}, bots=("greedy",), games=30)
    side_a, side_b = paired_specs(spec, "greedy", "random")
    out_a = run_simulation(side_a, workers=1)
    out_b = run_simulation(side_b, workers=1)
    result = compare_outcomes(side_a, out_a, side_b, out_b, (1.0, 1.0))
    low, high = result["mean_score_diff_ci95"]
    assert low <= result["mean_score_diff"] <= high
    assert high < 0  # greedy leaves far fewer cards than random
    assert result["score_a_lower"] + result["score_equal"] + result["score_a_higher"] == 30
    assert result["a"]["mean_score"] == result["mean_score_a"]
    # a bot against itself on the same deals and seeds: exactly no difference
    same = compare_outcomes(side_a, out_a, side_a, run_simulation(side_a, workers=1), (1, 1))
    assert same["mean_score_diff_ci95"] == [0.0, 0.0]
    assert same["score_equal"] == 30
