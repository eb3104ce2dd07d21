"""Batched random playouts: many complete hands at once, as numpy arrays.

The same rules as :mod:`crowsnest.engine.hearts`, written over arrays of games so
that one Python-level step advances every game in the batch (the round's score is the
engine's own :func:`~crowsnest.engine.scoring.score_round`, game by game). It serves
the throughput benchmark; the tests replay every batched game through the reference
engine, action by action, and require the same scores.

Cards and masks are those of :mod:`crowsnest.engine.cards` (Hearts cards 0..51 fit a
``uint64``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import numpy as np
import numpy.typing as npt

from crowsnest.engine.cards import hearts_card, suit_mask
from crowsnest.engine.rules.hearts import PASS_OFFSET, HeartsRules
from crowsnest.engine.scoring import score_round

U64 = npt.NDArray[np.uint64]
I64 = npt.NDArray[np.int64]

ONE: Final = np.uint64(1)
ZERO: Final = np.uint64(0)
_HEARTS: Final = np.uint64(suit_mask(2))
_SUITS: Final = np.array([suit_mask(s) for s in range(4)], dtype=np.uint64)
_POINT_CARDS: Final = np.uint64(suit_mask(2) | 1 << hearts_card(3, 12))
_TWO_CLUBS: Final = np.uint64(1 << hearts_card(0, 2))


def random_bits(masks: U64, rng: np.random.Generator) -> I64:
    """One card chosen uniformly from each non-empty mask (its bit index)."""
    counts = np.bitwise_count(masks).astype(np.int64)
    k = (rng.random(masks.shape[0]) * counts).astype(np.int64)
    m = masks.copy()
    for j in range(int(k.max(initial=0))):
        step = k > j
        m[step] &= m[step] - ONE
    low = m & (~m + ONE)
    return np.bitwise_count(low - ONE).astype(np.int64)


def card_bits(cards: I64) -> U64:
    return np.left_shift(ONE, cards.astype(np.uint64))


@dataclass(frozen=True, slots=True)
class HeartsBatch:
    """What a batch of Hearts hands did, for scoring and for checking."""

    deals: U64
    """[n, 4] the hands as dealt."""
    passes: U64
    """[n, 4] the cards each seat passed (0 on a no-pass hand)."""
    plays: I64
    """[n, 52] cards in play order."""
    points: I64
    """[n, 4] points scored by each seat (moon applied)."""


def hearts_hands(
    rules: HeartsRules, n: int, rng: np.random.Generator, first_hand: int = 0
) -> HeartsBatch:
    """Play ``n`` complete Hearts hands with uniformly random legal actions.

    Game ``i`` passes as hand number ``first_hand + i`` of a game would.
    """
    ar = np.arange(n)
    perm = rng.permuted(np.tile(np.arange(52, dtype=np.int64), (n, 1)), axis=1)
    shifted = card_bits(perm).reshape(n, 4, 13)
    deals = np.bitwise_or.reduce(shifted, axis=2)
    passed = np.bitwise_or.reduce(shifted[:, :, : rules.pass_count], axis=2)
    cycle = np.array([PASS_OFFSET[d] for d in rules.pass_cycle], dtype=np.int64)
    offset = cycle[(first_hand + ar) % len(cycle)]
    passed[offset == 0] = ZERO
    hands = deals & ~passed
    for s in range(4):
        hands[ar, (s + offset) % 4] |= passed[:, s]

    leader = np.argmax((hands & _TWO_CLUBS) != 0, axis=1).astype(np.int64)
    broken = np.zeros(n, dtype=bool)
    taken = np.zeros((n, 4), dtype=np.int64)
    plays = np.zeros((n, 52), dtype=np.int64)
    points = np.zeros(52, dtype=np.int64)
    points[13 * 2 : 13 * 3] = rules.heart_points
    points[hearts_card(3, 12)] = rules.queen_points
    for t in range(13):
        led = np.zeros(n, dtype=np.int64)
        for p in range(4):
            seat = (leader + p) % 4
            hand = hands[ar, seat]
            if p == 0:
                if t == 0:
                    legal = np.full(n, _TWO_CLUBS, dtype=np.uint64)
                else:
                    other = hand & ~_HEARTS
                    legal = np.where(broken | (other == ZERO), hand, other)
            else:
                follow = hand & _SUITS[led]
                alt = hand
                if t == 0:
                    safe = hand & ~_POINT_CARDS
                    alt = np.where(safe != ZERO, safe, hand)
                legal = np.where(follow != ZERO, follow, alt)
            card = random_bits(legal, rng)
            hands[ar, seat] ^= card_bits(card)
            plays[:, 4 * t + p] = card
            if p == 0:
                led = card // 13
            broken |= card // 13 == 2
        trick = plays[:, 4 * t : 4 * t + 4]
        key = np.where(trick // 13 == led[:, None], trick, -1)
        winner = (leader + np.argmax(key, axis=1)) % 4
        taken[ar, winner] += points[trick].sum(axis=1)
        leader = winner
    # Each hand is scored by the engine (score_round): the moon is stated once.
    scored = np.array([score_round(rules, row)[0] for row in taken.tolist()], dtype=np.int64)
    return HeartsBatch(deals, passed, plays, scored.reshape(n, 4))
