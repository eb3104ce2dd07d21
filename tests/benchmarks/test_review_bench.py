"""``python -m bench.review --latency`` (``make bench-review``) measures the three
conditions it names, each in every round: a small run of the same code, reviews of
few worlds, that checks what it measures and not the figures (docs/benchmarks.md)."""

from __future__ import annotations

import pytest
from bench.review import CONDITIONS, latency, one_hand


@pytest.mark.slow  # three process pools and a review a block
def test_the_latency_run_times_every_condition_in_every_round() -> None:
    game, positions = one_hand("hearts", 100)
    found = latency(positions[:2], [game.record()], rounds=3, worlds=4)
    assert tuple(found) == CONDITIONS
    for times, ratios in found.values():
        assert len(times) == 3 * 2 and all(t > 0 for t in times)
        assert len(ratios) == 3
    assert found["alone"][1] == [1.0, 1.0, 1.0]
