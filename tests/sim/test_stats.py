"""Interval formulas, checked against values computed by hand and by their properties."""

from __future__ import annotations

import math

from hypothesis import given
from hypothesis import strategies as st

from partie.sim.stats import mean_ci95, wilson_ci95


def test_wilson_known_value() -> None:
    # 24 wins out of 100: the Wilson 95% interval, worked by hand, is [0.1669, 0.3323].
    low, high = wilson_ci95(24, 100)
    assert math.isclose(low, 0.1669, abs_tol=2e-4) and math.isclose(high, 0.3323, abs_tol=2e-4)


@given(st.integers(1, 5000), st.data())
def test_wilson_contains_the_estimate(trials: int, data) -> None:
    wins = data.draw(st.integers(0, trials))
    low, high = wilson_ci95(wins, trials)
    assert 0 <= low <= wins / trials + 1e-12 and wins / trials - 1e-12 <= high <= 1


def test_mean_ci() -> None:
    mean, low, high = mean_ci95([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    half = 1.959963984540054 * math.sqrt((5 / 3) / 4)
    assert math.isclose(low, 2.5 - half) and math.isclose(high, 2.5 + half)
