"""The batched Rook playouts follow the rules: every batched hand, replayed action by
action through the reference engine, is legal and ends with the same result."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Final

import numpy as np
import pytest
from bench.batch_rook import BID_NONE, BID_PASS, RookBatch, rook_hands

from crowsnest.engine import Bid, Discard, NameTrump, Play, RookGame, new_game
from crowsnest.engine.cards import CROW, card_list_text
from crowsnest.engine.rules import RULESETS, RookRules, get_rules, tables
from crowsnest.engine.rules.rook import CROWSNEST

ROOK_IDS = [r for r in RULESETS if r.startswith("rook/")]

Spec = tuple[str, Mapping[str, object]] | RookRules
"""A rule set by id and options (played with ``new_game``), or a rule set of the tests'
own (played with ``RookGame``)."""

CASES: list[tuple[str, dict[str, object]]] = [
    *((rid, {}) for rid in ROOK_IDS),
    ("rook/crowsnest", {"bird": False}),
    ("rook/tournament", {"bird": False}),
    ("rook/crowsnest", {"all_pass": "dealer_forced"}),
    ("rook/one-high", {"all_pass": "dealer_forced", "min_bid": 175}),
    ("rook/crowsnest", {"discard_counters": False}),
    ("rook/red-one", {"discard_counters": False}),
    ("rook/buckeye", {"discard_counters": False, "min_bid": 170}),
    ("rook/tournament", {"bird": False, "discard_counters": False}),
    # A high minimum bid: many passes, all-pass redeals, bids of the maximum.
    ("rook/crowsnest", {"min_bid": 115}),
    ("rook/partnership", {"min_bid": 120}),
    ("rook/dixie", {"min_bid": 110, "target": 500}),
]

MANY_COUNTERS: Final = replace(
    CROWSNEST,
    id="test/many-counters",
    counters=((5, 5), (6, 5), (7, 5), (10, 10), (11, 5), (14, 10)),
    discard_counters=False,
)
"""Only the 8s, 9s, 12s and 13s are not counters: the declarer often holds fewer than
five other cards, and must discard all of them and counters besides."""


def rules_of(spec: Spec) -> RookRules:
    rules = spec if isinstance(spec, RookRules) else get_rules(spec[0], spec[1])
    assert isinstance(rules, RookRules)
    return rules


def engine_mask(mask: np.uint64) -> int:
    return int(mask) << CROW


Choices = list[tuple[list[int], int, bool]]
"""Play decisions: (the engine's legal cards, the card played, whether the player holds
a card of the led colour, trump not led)."""


def replay(spec: Spec, batch: RookBatch, i: int, choices: Choices | None = None) -> RookGame:
    """Game ``i`` of ``batch`` through the reference engine, every action checked."""
    deal = {
        "hands": [card_list_text(engine_mask(batch.deals[i, s]), "rook") for s in range(4)],
        "nest": card_list_text(engine_mask(batch.nest[i]), "rook"),
    }
    if isinstance(spec, RookRules):
        game: object = RookGame(spec, i, [deal, deal])
    else:
        game = new_game(spec[0], options=dict(spec[1]), seed=i, deals=[deal, deal])
    assert isinstance(game, RookGame)
    assert game.dealer == 3
    dealer = int(batch.dealer[i])
    if dealer != game.dealer:
        game.dealer = dealer
        game._start_hand(None)  # the second (same) deal, dealt by ``dealer``
    for amount in batch.bids[i]:
        if amount == BID_NONE:
            break
        assert game.phase == "auction"
        game.apply(game.turn, Bid(None if amount == BID_PASS else int(amount)))
    assert game.phase in ("discard", "trump")
    declarer = game.declarer
    assert declarer is not None and declarer == batch.declarer[i]
    assert game.bid == batch.bid[i]
    if game.phase == "discard":
        game.apply(declarer, Discard(engine_mask(batch.discards[i])))
    else:
        assert batch.discards[i] == 0
    game.apply(declarer, NameTrump(int(batch.trump[i])))
    for card in batch.plays[i]:
        assert game.phase == "play"
        if choices is not None:
            legal = [a.card for a in game.legal_actions(game.turn) if isinstance(a, Play)]
            trick, hand = game.trick, game.hands[game.turn]
            can_follow_colour = bool(
                trick and game.led_name() != "trump" and game.led_mask(trick[0]) & hand
            )
            choices.append((legal, int(card), can_follow_colour))
        game.apply(game.turn, Play(int(card)))
    return game


def check_batch(spec: Spec, batch: RookBatch) -> None:
    rules = rules_of(spec)
    for i in range(batch.dealer.shape[0]):
        game = replay(spec, batch, i)
        result = game.results[-1]
        assert list(result.counted) == batch.counted[i].tolist()
        assert list(result.score) == batch.score[i].tolist()
        assert result.made == batch.made[i]
        assert list(result.tricks_won) == batch.tricks_won[i].tolist()
        assert result.last_trick_team == batch.last_trick_team[i]
        assert result.nest_points == batch.nest_points[i]
        assert (result.declarer, result.bid, result.trump) == (
            batch.declarer[i],
            batch.bid[i],
            batch.trump[i],
        )
    total = rules.counter_points + rules.trick_bonus
    sums = set(batch.counted.sum(axis=1).tolist())
    assert sums <= {total, rules.counter_points}  # no trick bonus on a tie


@pytest.mark.parametrize(("rules_id", "options"), CASES)
def test_batched_rook_hands_replay_through_the_engine(
    rules_id: str, options: dict[str, object]
) -> None:
    spec = (rules_id, options)
    batch = rook_hands(rules_of(spec), 40, np.random.default_rng(len(rules_id)), dealer=3)
    assert (batch.dealer == 3).all()
    check_batch(spec, batch)


@pytest.mark.parametrize("rules_id", ["rook/crowsnest", "rook/partnership", "rook/red-one"])
def test_every_dealer_replays(rules_id: str) -> None:
    batch = rook_hands(rules_of((rules_id, {})), 24, np.random.default_rng(5))
    assert batch.dealer.tolist() == [(3 + i) % 4 for i in range(24)]
    check_batch((rules_id, {}), batch)


def test_all_pass_redeals_and_dealer_forced_never_does() -> None:
    spec: Spec = ("rook/crowsnest", {"min_bid": 115})
    batch = rook_hands(rules_of(spec), 400, np.random.default_rng(8), dealer=3)
    # Pass or one of two amounts: all four pass with probability 1/81 per deal.
    assert 0 < (batch.redeals > 0).sum() < 40
    check_batch(spec, batch)
    spec = ("rook/crowsnest", {"min_bid": 115, "all_pass": "dealer_forced"})
    batch = rook_hands(rules_of(spec), 400, np.random.default_rng(8), dealer=3)
    assert not batch.redeals.any()
    first_three_pass = (batch.bids[:, :3] == BID_PASS).all(axis=1)
    assert first_three_pass.sum() > 5
    assert (batch.declarer[first_three_pass] == 3).all()
    check_batch(spec, batch)


def test_too_few_other_cards_to_discard() -> None:
    n = 300
    batch = rook_hands(MANY_COUNTERS, n, np.random.default_rng(9))
    check_batch(MANY_COUNTERS, batch)
    counters = np.uint64(tables(MANY_COUNTERS).counters >> CROW)
    held = batch.deals[np.arange(n), batch.declarer] | batch.nest
    others = held & ~counters
    few = np.bitwise_count(others) < MANY_COUNTERS.nest_size
    assert 50 < few.sum() < n - 50
    assert ((batch.discards & others) == others)[few].all()
    assert not (batch.discards & counters)[~few].any()


def test_the_auction_is_uniform_over_the_legal_calls() -> None:
    rules = get_rules("rook/crowsnest")
    assert isinstance(rules, RookRules)
    n = 24_000
    batch = rook_hands(rules, n, np.random.default_rng(21), dealer=3)
    # The first call: pass or any of 70, 75, ..., 120, each with probability 1/12.
    first = batch.bids[:, 0]
    calls = [BID_PASS, *range(rules.min_bid, rules.max_bid + 1, rules.bid_step)]
    counts = np.array([(first == c).sum() for c in calls])
    assert counts.sum() == n
    assert counts.min() > 0.85 * n / 12 and counts.max() < 1.15 * n / 12
    # Passes happen, and so do bids of the maximum, which end the auction at once.
    assert (batch.bids == BID_PASS).any(axis=1).mean() > 0.2
    assert (batch.bid == rules.max_bid).mean() > 0.3
    at_max = np.argmax(batch.bids == rules.max_bid, axis=1)
    ends = (batch.bids != BID_NONE).sum(axis=1) - 1
    assert (at_max[batch.bid == rules.max_bid] == ends[batch.bid == rules.max_bid]).all()


def test_the_discard_is_a_uniform_subset_and_respects_counters() -> None:
    rules = get_rules("rook/crowsnest")
    assert isinstance(rules, RookRules)
    n = 6000
    batch = rook_hands(rules, n, np.random.default_rng(4), dealer=3)
    # Every card the declarer held after the pickup is discarded with probability 5/14.
    crow = np.uint64(1)
    held_crow = ((batch.deals[np.arange(n), batch.declarer] | batch.nest) & crow) != 0
    rate = ((batch.discards[held_crow] & crow) != 0).mean()
    assert abs(rate - 5 / 14) < 0.04
    strict = get_rules("rook/crowsnest", {"discard_counters": False})
    assert isinstance(strict, RookRules)
    batch = rook_hands(strict, 2000, np.random.default_rng(4), dealer=3)
    counters = np.uint64(tables(strict).counters >> CROW)
    held = batch.deals[np.arange(2000), batch.declarer] | batch.nest
    others = np.bitwise_count(held & ~counters)
    with_counters = (batch.discards & counters) != 0
    assert (others[with_counters] < 5).all()
    assert ((batch.discards & ~counters) == (held & ~counters))[others < 5].all()


def within(actual: float, expected: float, variance: float, sigmas: float = 5.0) -> bool:
    return bool(abs(actual - expected) <= sigmas * variance**0.5)


def test_every_card_play_is_uniform_over_the_engines_legal_cards() -> None:
    """Replayed hands are legal whatever subset of the legal cards the batch chose
    from; here the batch's choices are checked against the engine's full legal sets."""
    choices: Choices = []
    for rules_id in ("rook/tournament", "rook/crowsnest"):
        batch = rook_hands(rules_of((rules_id, {})), 150, np.random.default_rng(17), dealer=3)
        for i in range(150):
            replay((rules_id, {}), batch, i, choices)
    # Position of the chosen card in the sorted legal set: uniform for every size.
    for size in range(2, 7):
        picks = [legal.index(card) for legal, card, _ in choices if len(legal) == size]
        assert len(picks) > 300
        counts = np.bincount(picks, minlength=size)
        p = 1 / size
        assert all(within(c, len(picks) * p, len(picks) * p * (1 - p)) for c in counts)
    # The bird card played "at any time": to a non-trump lead the player could follow.
    following = [(legal, card) for legal, card, can in choices if can and CROW in legal]
    expected = sum(1 / len(legal) for legal, _ in following)
    variance = sum(1 / len(legal) * (1 - 1 / len(legal)) for legal, _ in following)
    assert expected > 20
    assert within(sum(card == CROW for _, card in following), expected, variance)


def test_trump_and_the_second_call_are_uniform() -> None:
    rules = get_rules("rook/crowsnest")
    assert isinstance(rules, RookRules)
    n = 24_000
    batch = rook_hands(rules, n, np.random.default_rng(6), dealer=3)
    counts = np.bincount(batch.trump, minlength=4)
    assert all(within(c, n / 4, n * 3 / 16) for c in counts)
    # After an opening 70 the next seat passes or bids 75..120: 11 calls.
    second = batch.bids[batch.bids[:, 0] == 70, 1]
    calls = [BID_PASS, *range(75, 121, 5)]
    counts = np.array([(second == c).sum() for c in calls])
    assert counts.sum() == second.size
    p = 1 / len(calls)
    assert all(within(c, second.size * p, second.size * p * (1 - p)) for c in counts)


@pytest.mark.parametrize("n", [0, 1, 3])
def test_tiny_batches(n: int) -> None:
    rules = rules_of(("rook/one-high", {}))
    batch = rook_hands(rules, n, np.random.default_rng(n))
    assert batch.plays.shape == (n, 4 * rules.hand_size)
    assert batch.score.shape == (n, 2)
    check_batch(("rook/one-high", {}), batch)
    with pytest.raises(ValueError, match="not a seat"):
        rook_hands(rules, n, np.random.default_rng(n), dealer=4)
