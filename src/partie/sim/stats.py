"""Small statistics with 95% intervals, written out so reports can cite the method."""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson_ci95(successes: int, trials: int) -> tuple[float, float]:
    """Wilson score interval for a proportion; sound near 0 and 1, unlike the normal one."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    z2 = Z95 * Z95
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = Z95 * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def mean_ci95(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its normal-approximation 95% interval: (mean, low, high)."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = math.fsum(values) / n
    if n == 1:
        return (mean, mean, mean)
    var = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


T975_SMALL = (12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004)
T975_SMALL += (2.262157, 2.228139)
"""Student's t quantile at 0.975 for 1..10 degrees of freedom (standard tables)."""


def t975(dof: int) -> float:
    """Student's t quantile at 0.975: the table up to 10 degrees of freedom, then the
    Cornish-Fisher expansion around the normal quantile (error below 1e-4 there)."""
    if dof < 1:
        return math.inf
    if dof <= len(T975_SMALL):
        return T975_SMALL[dof - 1]
    z = Z95
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / dof + g2 / dof**2 + g3 / dof**3 + g4 / dof**4


def paired_diff_ci95(a: Sequence[float], b: Sequence[float]) -> tuple[float, float, float]:
    """Mean of ``a[i] - b[i]`` and its paired-t 95% interval: (mean, low, high).

    Pairing (same deal, same seeds for both sides) removes the deal's own difficulty
    from the noise, so a small real difference shows with far fewer games."""
    if len(a) != len(b):
        raise ValueError("paired samples must have the same length")
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    n = len(diffs)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = math.fsum(diffs) / n
    if n == 1:
        return (mean, mean, mean)
    var = math.fsum((d - mean) ** 2 for d in diffs) / (n - 1)
    half = t975(n - 1) * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


class Moments:
    """Running count, mean and variance (Welford): the figures of ``mean_ci95`` and
    ``paired_diff_ci95`` without keeping the values, so memory stays flat."""

    __slots__ = ("m2", "mean", "n")

    def __init__(self) -> None:
        self.n = 0
        self.mean = 0.0
        self.m2 = 0.0

    def add(self, value: float) -> None:
        self.n += 1
        delta = value - self.mean
        self.mean += delta / self.n
        self.m2 += delta * (value - self.mean)

    def ci95(self, *, student: bool = False) -> tuple[float, float, float]:
        """(mean, low, high): normal interval, or paired-t with ``student=True``."""
        if self.n == 0:
            return (math.nan, math.nan, math.nan)
        if self.n == 1:
            return (self.mean, self.mean, self.mean)
        var = max(0.0, self.m2 / (self.n - 1))
        half = (t975(self.n - 1) if student else Z95) * math.sqrt(var / self.n)
        return (self.mean, self.mean - half, self.mean + half)
