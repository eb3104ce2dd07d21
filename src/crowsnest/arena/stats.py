"""Means with Student-t confidence intervals, and decision-time percentiles.

>>> round(t_quantile(0.975, 4), 4)
2.7764
>>> ci = mean_ci([1, 2, 3, 4, 5])
>>> ci.mean, round(ci.half or 0, 4)
(3.0, 1.9632)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import NormalDist


@dataclass(frozen=True, slots=True)
class Interval:
    """A sample mean and the half-width of its confidence interval (None below 2)."""

    mean: float
    half: float | None
    n: int
    confidence: float = 0.95

    @property
    def low(self) -> float | None:
        return None if self.half is None else self.mean - self.half

    @property
    def high(self) -> float | None:
        return None if self.half is None else self.mean + self.half

    @property
    def excludes_zero(self) -> bool:
        """The interval lies wholly on one side of 0 (the difference is significant)."""
        return self.half is not None and abs(self.mean) > self.half


@dataclass(frozen=True, slots=True)
class Timing:
    """Decision times in seconds."""

    count: int
    median: float
    p95: float
    max: float


def _t_two_sided(t: float, df: int) -> float:
    """P(|T| <= t) for Student's t with ``df`` degrees of freedom (A&S 26.7.3-4)."""
    theta = math.atan(t / math.sqrt(df))
    s, c2 = math.sin(theta), math.cos(theta) ** 2
    if df % 2:
        total, term = 0.0, math.cos(theta)
        for k in range(1, (df - 1) // 2 + 1):
            if k > 1:
                term *= c2 * (2 * k - 2) / (2 * k - 1)
            total += term
        total = total * s if df > 1 else 0.0
        return 2 / math.pi * (theta + total)
    total, term = 1.0, 1.0
    for k in range(1, df // 2):
        term *= c2 * (2 * k - 1) / (2 * k)
        total += term
    return s * total


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile (``p`` > 0.5) of Student's t with ``df`` degrees of freedom."""
    if df < 1:
        raise ValueError("degrees of freedom must be >= 1")
    if not 0.5 < p < 1:
        raise ValueError("p must lie in (0.5, 1)")
    z = NormalDist().inv_cdf(p)
    if df > 2000:  # Cornish-Fisher expansion: error far below the last digit printed
        z3, z5 = z**3, z**5
        return z + (z3 + z) / (4 * df) + (5 * z5 + 16 * z3 + 3 * z) / (96 * df * df)
    target = 2 * p - 1
    low, high = z, z + 1.0
    while _t_two_sided(high, df) < target:
        low, high = high, high * 2
    for _ in range(100):
        mid = (low + high) / 2
        if _t_two_sided(mid, df) < target:
            low = mid
        else:
            high = mid
    return (low + high) / 2


def mean_ci(sample: Sequence[float], confidence: float = 0.95) -> Interval:
    """The mean of ``sample`` with a Student-t confidence interval."""
    n = len(sample)
    if n == 0:
        raise ValueError("an empty sample has no mean")
    mean = math.fsum(sample) / n
    if n < 2:
        return Interval(mean, None, n, confidence)
    var = math.fsum((x - mean) ** 2 for x in sample) / (n - 1)
    half = t_quantile((1 + confidence) / 2, n - 1) * math.sqrt(var / n)
    return Interval(mean, half, n, confidence)


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """Linear interpolation between the closest ranks (numpy's default)."""
    if not sorted_values:
        raise ValueError("no values")
    pos = q * (len(sorted_values) - 1)
    i = math.floor(pos)
    j = min(i + 1, len(sorted_values) - 1)
    return sorted_values[i] + (sorted_values[j] - sorted_values[i]) * (pos - i)


def timing(seconds: Sequence[float]) -> Timing | None:
    """Median, 95th percentile and maximum of decision times (None when there are none)."""
    if not seconds:
        return None
    ordered = sorted(seconds)
    return Timing(len(ordered), percentile(ordered, 0.5), percentile(ordered, 0.95), ordered[-1])
