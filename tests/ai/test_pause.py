"""Pause points of the background searches (crowsnest.ai.pause): a review calls one
before each world it samples."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest

from crowsnest.ai import pause
from crowsnest.ai.hearts.normal import Normal
from crowsnest.ai.review import review
from crowsnest.engine import new_game


@pytest.fixture
def calls() -> Iterator[list[int]]:
    seen: list[int] = []
    pause.install(lambda: seen.append(1))
    try:
        yield seen
    finally:
        pause.install(None)


def test_a_review_stops_at_pause_points(calls: list[int]) -> None:
    game = new_game("hearts", seed=4)
    bot, rng = Normal(), random.Random(4)
    while game.hand_number == 0:
        seat = min(game.actors)
        game.apply(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng))
    found = review(game.record(), 0, worlds=4, hands=[0], hindsight=False)
    judged = [d for d in found.decisions if not d.forced]
    assert judged and len(calls) == 4 * len(judged)  # once before each world
