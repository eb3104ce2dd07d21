"""The batched playouts follow the rules: every batched game, replayed action by
action through the reference engine, is legal and scores the same."""

from __future__ import annotations

import numpy as np
from bench.batch import hearts_hands, random_bits

from crowsnest.engine import HeartsGame, PassCards, Play, new_game
from crowsnest.engine.cards import card_list_text
from crowsnest.engine.rules.hearts import HEARTS


def test_random_bits_picks_only_set_bits_and_all_of_them() -> None:
    rng = np.random.default_rng(3)
    masks = np.full(4000, np.uint64(0b1010_0110), dtype=np.uint64)
    picked = random_bits(masks, rng)
    assert set(picked.tolist()) == {1, 2, 5, 7}
    counts = np.bincount(picked, minlength=8)[[1, 2, 5, 7]]
    assert counts.min() > 800  # uniform: about 1000 each


def test_batched_hearts_hands_replay_through_the_engine() -> None:
    rules = HEARTS
    batch = hearts_hands(rules, 64, np.random.default_rng(11))
    for i in range(64):
        deal = {"hands": [card_list_text(int(batch.deals[i, s]), "hearts") for s in range(4)]}
        game = new_game("hearts", seed=i, deals=[deal, deal])
        assert isinstance(game, HeartsGame)
        game.hand_number = i % 4  # the pass direction game i was played with
        game._start_hand(None)
        if game.phase == "pass":
            for s in range(4):
                game.apply(s, PassCards(int(batch.passes[i, s])))
        else:
            assert not batch.passes[i].any()
        for card in batch.plays[i]:
            game.apply(game.turn, Play(int(card)))
        assert list(game.results[-1].points) == batch.points[i].tolist()
    assert set(batch.points.sum(axis=1).tolist()) <= {26, 78}
