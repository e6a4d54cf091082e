"""The interval formulas against textbook values and an independent computation."""

from __future__ import annotations

import math
import random
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from partie.sim.stats import mean_ci95, paired_diff_ci95, t975, wilson_ci95

# Student's t at 0.975 from standard tables.
T_TABLE = {1: 12.7062, 5: 2.5706, 10: 2.2281, 11: 2.2010, 20: 2.0860, 30: 2.0423, 100: 1.9840}


@pytest.mark.parametrize("dof,expected", sorted(T_TABLE.items()))
def test_t_quantile(dof: int, expected: float) -> None:
    assert t975(dof) == pytest.approx(expected, abs=2e-4)


def test_paired_interval_matches_a_direct_computation() -> None:
    rng = random.Random(5)
    a = [rng.randint(0, 30) for _ in range(40)]
    b = [x + rng.choice((-2, -1, 0, 1, 3)) for x in a]
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = statistics.fmean(diffs)
    half = 2.0227 * statistics.stdev(diffs) / math.sqrt(len(diffs))  # t(39) = 2.0227
    got = paired_diff_ci95(a, b)
    assert got[0] == pytest.approx(mean)
    assert got[1] == pytest.approx(mean - half, abs=1e-3)
    assert got[2] == pytest.approx(mean + half, abs=1e-3)


def test_identical_sides_give_a_zero_interval() -> None:
    assert paired_diff_ci95([3, 5, 8], [3, 5, 8]) == (0.0, 0.0, 0.0)


def test_wilson_stays_inside_zero_one() -> None:
    low, high = wilson_ci95(0, 50)
    assert low == pytest.approx(0.0, abs=1e-12) and 0 < high < 0.1
    low, high = wilson_ci95(50, 50)
    assert 0.9 < low < 1 and high == pytest.approx(1.0)


def test_wilson_known_value() -> None:
    # 24 wins out of 100: the Wilson 95% interval, worked by hand, is [0.1669, 0.3323].
    low, high = wilson_ci95(24, 100)
    assert math.isclose(low, 0.1669, abs_tol=2e-4) and math.isclose(high, 0.3323, abs_tol=2e-4)


@given(st.integers(1, 5000), st.data())
def test_wilson_contains_the_estimate(trials: int, data: st.DataObject) -> None:
    wins = data.draw(st.integers(0, trials))
    low, high = wilson_ci95(wins, trials)
    assert 0 <= low <= wins / trials + 1e-12 and wins / trials - 1e-12 <= high <= 1


def test_mean_ci() -> None:
    mean, low, high = mean_ci95([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    half = 1.959963984540054 * math.sqrt((5 / 3) / 4)
    assert math.isclose(low, 2.5 - half) and math.isclose(high, 2.5 + half)
