"""Means with Student-t confidence intervals, and decision-time percentiles.

The t distribution is SciPy's (``scipy.stats.t``) and the percentiles are numpy's,
both the ``arena`` extra, imported on first use so that ``import crowsnest.arena``
needs only the core dependencies.

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


@dataclass(frozen=True, slots=True)
class Paired:
    """One match's deal logs against another's on the same deals (``crowsnest arena
    --merge B --against A``): the candidate's score per deal, B's minus A's."""

    difference: Interval
    """Over the deals both hold (the same seed and deal number)."""
    alike: int
    """Deals that scored the same in both (played alike, most likely)."""
    only: int
    """Deals one of them holds and the other does not (left out)."""


def t_quantile(p: float, df: int) -> float:
    """The ``p`` quantile (``p`` > 0.5) of Student's t with ``df`` degrees of freedom."""
    if df < 1:
        raise ValueError("degrees of freedom must be >= 1")
    if not 0.5 < p < 1:
        raise ValueError("p must lie in (0.5, 1)")
    from scipy.stats import t  # the arena extra; a second or so to import

    return float(t.ppf(p, df))


def mean_ci(sample: Sequence[float], confidence: float = 0.95) -> Interval:
    """The mean of ``sample`` with a Student-t confidence interval.

    The mean and variance are summed exactly (``math.fsum``), so a sample of
    differences that cancel has mean 0.0, not a rounding error.
    """
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
    """The ``q`` quantile by linear interpolation between the closest ranks (numpy's
    default method)."""
    if not sorted_values:
        raise ValueError("no values")
    import numpy as np  # the arena extra, as SciPy is

    return float(np.quantile(sorted_values, q))


def timing(seconds: Sequence[float]) -> Timing | None:
    """Median, 95th percentile and maximum of decision times (None when there are none)."""
    if not seconds:
        return None
    ordered = sorted(seconds)
    return Timing(len(ordered), percentile(ordered, 0.5), percentile(ordered, 0.95), ordered[-1])
