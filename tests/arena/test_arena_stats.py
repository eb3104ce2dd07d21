"""Confidence intervals and percentiles against values computed by hand / from tables
(the t quantiles are SciPy's; the tables give four decimals)."""

from __future__ import annotations

import math

import pytest

from crowsnest.arena.stats import Interval, mean_ci, percentile, t_quantile, timing


@pytest.mark.parametrize(
    ("df", "expected"),
    [(1, 12.7062), (2, 4.3027), (4, 2.7764), (10, 2.2281), (30, 2.0423), (199, 1.9720)],
)
def test_t_quantile_matches_the_table(df: int, expected: float) -> None:
    assert t_quantile(0.975, df) == pytest.approx(expected, abs=1e-4)


def test_t_quantile_tends_to_the_normal() -> None:
    assert t_quantile(0.975, 10**6) == pytest.approx(1.959966, abs=1e-5)
    assert t_quantile(0.995, 3000) == pytest.approx(2.5775, abs=1e-4)
    with pytest.raises(ValueError):
        t_quantile(0.975, 0)
    with pytest.raises(ValueError):
        t_quantile(0.3, 5)


def test_ci_of_a_known_sample() -> None:
    # mean 3, s = sqrt(2.5), se = s / sqrt(5), t(0.975, 4) = 2.776445
    ci = mean_ci([1, 2, 3, 4, 5])
    assert ci.mean == 3.0 and ci.n == 5
    assert ci.half == pytest.approx(2.776445 * math.sqrt(2.5 / 5), rel=1e-6)
    assert ci.low == pytest.approx(3 - 1.963243, abs=1e-6)
    assert ci.excludes_zero


def test_ci_edge_cases() -> None:
    assert mean_ci([0.0, 0.0, 0.0]) == Interval(0.0, 0.0, 3)
    assert not mean_ci([0.0, 0.0]).excludes_zero
    single = mean_ci([2.5])
    assert single.half is None and single.low is None and not single.excludes_zero
    with pytest.raises(ValueError):
        mean_ci([])
    assert mean_ci([-1, 1], confidence=0.99).half == pytest.approx(63.657, abs=1e-3)


def test_percentiles_interpolate_like_numpy() -> None:
    values = [1.0, 2.0, 3.0, 4.0, 10.0]
    assert percentile(values, 0.5) == 3.0
    assert percentile(values, 0.95) == pytest.approx(8.8)
    assert percentile([7.0], 0.95) == 7.0
    with pytest.raises(ValueError):
        percentile([], 0.5)
    t = timing([0.3, 0.1, 0.2])
    assert t is not None and (t.count, t.median, t.max) == (3, 0.2, 0.3)
    assert timing([]) is None
