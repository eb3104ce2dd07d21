"""Standings carry each seat's place and what its hands added up."""

from __future__ import annotations

import random

import pytest

from crowsnest.ai.registry import make_bot
from crowsnest.engine import HeartsGame, new_game


@pytest.mark.parametrize(("rules", "options"), [("hearts", {}), ("rook/crowsnest", {"target": 50})])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_places_and_hand_points_add_up(rules: str, options: dict[str, object], seed: int) -> None:
    game = new_game(rules, options=options, seed=seed)
    rng = random.Random(seed)
    bot = make_bot(game.rules.family, "easy")
    while not game.is_over:
        seat = min(game.actors)
        game.apply(seat, bot.choose(game.view(seat), game.legal_actions(seat), rng))
    standings = game.standings()
    totals = [s.score for s in standings]
    for st in standings:
        assert st.hands == len(game.results)
        assert st.hand_points == st.score  # totals are the sum of the hands
        if isinstance(game, HeartsGame):
            assert st.place == 1 + sum(1 for t in totals if t < st.score)
        else:
            assert st.place == (1 if st.won else 2)
    if isinstance(game, HeartsGame):
        moons = sum(1 for r in game.results if r.moon is not None)
        assert sum(s.moons_shot for s in standings) == moons
        assert sum(s.moons_suffered for s in standings) == 3 * moons
    winners = [s for s in standings if s.won]
    assert winners and all(s.place == 1 for s in winners)
