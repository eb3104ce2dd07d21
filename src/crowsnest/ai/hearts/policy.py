"""The Normal Hearts policy, as pure functions of a :class:`Situation`.

Used by the Normal bot, and by the Hard bot as the policy of every seat in its
rollouts, so it must be fast: masks and small loops only.

Playing:
* **Moon watch**: when another player has taken every point so far (and enough of
  them to be dangerous), take a point trick if it can, and never feed that player.
* **Void**: shed the queen of spades (it cannot win this trick), then the ace or
  king of spades while the queen is out, then the highest heart, then the card most
  likely to win a later trick.
* **Following**: the highest card that still loses; when it cannot lose, the highest
  card if last to play (a clean trick), else the lowest.
* **Leading**: the suit whose lowest card is safest (many unseen cards above it, few
  below), flushing the queen with low spades when that is safe; never from a suit that
  would make it take the queen.

The shooter (:func:`shooter_play`) is the Normal policy that goes for the moon
whenever it can: the opponent Hard's rollouts assume once a player runs the table.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from crowsnest.ai.hearts.common import AS, HIGH_SPADES, KS, QS, QS_BIT, trick_points
from crowsnest.ai.hearts.situation import Situation
from crowsnest.engine import tricks
from crowsnest.engine.cards import bits, popcount
from crowsnest.engine.hearts import HEARTS_MASK, POINT_CARDS
from crowsnest.engine.tricks import HEARTS_SUITS

MOON_ALERT: Final = 9
"""Points one player must have taken (all of them so far) before others defend."""


def lowest(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    return mask.bit_length() - 1


def by_rank_high(mask: int) -> int:
    """The highest-ranked card of a mask across suits (ties: the higher suit)."""
    best, key = -1, -1
    for c in bits(mask):
        k = (c % 13) * 4 + c // 13
        if k > key:
            best, key = c, k
    return best


def by_rank_low(mask: int) -> int:
    best, key = -1, 99
    for c in bits(mask):
        k = (c % 13) * 4 + c // 13
        if k < key:
            best, key = c, k
    return best


def moon_threat(s: Situation) -> int | None:
    """Another seat that has taken every point so far, enough to be a danger."""
    total = sum(s.taken)
    if total < MOON_ALERT:
        return None
    for p in range(4):
        if s.taken[p] == total:
            return None if p == s.seat else p
    return None


def winner_so_far(trick: list[int] | tuple[int, ...], leader: int) -> tuple[int, int]:
    """(seat, card) currently winning a non-empty trick."""
    best = tricks.winning_index(
        trick, tricks.led_suit(trick[0], 0, HEARTS_SUITS), 0, tricks.HEARTS_POWER
    )
    return (leader + best) % 4, trick[best]


def normal_play(s: Situation) -> int:
    legal = s.legal
    if legal & (legal - 1) == 0:
        return lowest(legal)
    trick = list(s.trick)
    if not trick:
        return _lead(s)
    win_seat, top = winner_so_far(trick, s.leader)
    led = trick[0] // 13
    threat = moon_threat(s)
    if legal & HEARTS_SUITS[led]:
        if s.first:
            return highest(legal)  # no points on the first trick: shed the top club
        below = legal & ((1 << top) - 1)  # same suit (legal), lower rank
        pts = trick_points(trick)
        if threat is not None and pts and legal & ~below:
            return highest(legal & ~below)  # take a point: stop the moon
        if below:
            return highest(below)
        if s.position == 3:
            safe = legal & ~QS_BIT
            return highest(safe) if safe else QS
        safe = legal & ~QS_BIT
        if (
            safe
            and led != 3
            and not pts
            and not any(s.voids[(s.seat + i) % 4] >> led & 1 for i in range(1, 4 - s.position))
        ):
            return highest(safe)
        return lowest(safe) if safe else QS
    # Void in the led suit: this trick cannot be won.
    if threat is not None and win_seat == threat:
        clean = legal & ~POINT_CARDS
        if clean:
            return by_rank_high(clean)
    if legal & QS_BIT:
        return QS
    if not s.played & QS_BIT and not s.hand & QS_BIT and legal & HIGH_SPADES:
        return highest(legal & HIGH_SPADES)
    if legal & HEARTS_MASK:
        return highest(legal & HEARTS_MASK)
    return _dump(s, legal)


def _dump(s: Situation, legal: int) -> int:
    """The card most likely to take a later trick: high, in a suit with few cards left."""
    unseen = s.unseen
    best, key = -1, float("-inf")
    for c in bits(legal):
        suit = HEARTS_SUITS[c // 13]
        above = popcount(unseen & suit & ~((1 << (c + 1)) - 1))
        mine = popcount(s.hand & suit)
        k = (c % 13) - 2.0 * above - 0.5 * mine
        if k > key:
            best, key = c, k
    return best


def _lead(s: Situation) -> int:
    legal = s.legal
    unseen = s.unseen
    qs_out = not s.played & QS_BIT and not s.hand & QS_BIT
    best, key = -1, float("-inf")
    for suit in range(4):
        cards = legal & HEARTS_SUITS[suit]
        if not cards:
            continue
        card = lowest(cards)
        if suit == 3 and s.hand & QS_BIT and cards & ~(QS_BIT | HIGH_SPADES):
            card = lowest(cards & ~(QS_BIT | HIGH_SPADES))
        elif suit == 3 and card == QS and cards & ~QS_BIT:
            card = lowest(cards & ~QS_BIT)
        others = unseen & HEARTS_SUITS[suit]
        above = popcount(others & ~((1 << (card + 1)) - 1))
        below = popcount(others & ((1 << card) - 1))
        k = (
            3.0 * above
            - 4.0 * below
            - (card % 13) * 0.3
            - 1.0 * popcount(s.hand & HEARTS_SUITS[suit])
        )
        if above == 0:
            k -= 50.0  # it would win
        if suit == 3:
            if s.hand & QS_BIT or (qs_out and s.hand & HIGH_SPADES):
                k -= 30.0
            elif qs_out and card < QS:
                k += 30.0  # flush the queen out
        if suit == 2:
            k -= 4.0
        for p in range(4):
            if p != s.seat and s.voids[p] >> suit & 1:
                k -= 6.0  # someone will throw points on it
        if k > key:
            best, key = card, k
    return best


def pass_danger(hand: int) -> list[tuple[float, int]]:
    """Each card's danger for the passer, highest first."""
    spades = hand & HEARTS_SUITS[3]
    low_spades = popcount(spades & ((1 << QS) - 1))
    out: list[tuple[float, int]] = []
    for c in bits(hand):
        suit, rank = c // 13, c % 13 + 2
        d = float(rank)
        if c == QS:
            d = 30.0 if low_spades < 4 else 5.0
        elif c in (KS, AS):
            d = 25.0 + rank if not hand & QS_BIT and low_spades < 4 else rank + 4.0
            if hand & QS_BIT and low_spades < 3:
                d = 28.0
        elif suit == 3:
            d = rank - 6.0  # low spades protect against the queen
        elif suit == 2:
            d = rank + 6.0 if rank >= 10 else rank
        else:
            n = popcount(hand & HEARTS_SUITS[suit])
            if n <= 2:
                d = rank + 8.0  # void a short side suit
            elif rank >= 12:
                d = rank + 4.0
        out.append((d, c))
    out.sort(reverse=True)
    return out


def normal_pass(hand: int, count: int) -> int:
    return sum(1 << c for _, c in pass_danger(hand)[:count])


def shoot_play(s: Situation) -> int:
    """Shooting the moon: take every trick that holds or may draw a point.

    Lead the strongest card (the highest of a suit, hearts once it may); follow with
    the highest card when it can win the trick, else the lowest; when void, throw
    the lowest card that is not a point (a point thrown to another player ends the
    attempt).
    """
    legal = s.legal
    if legal & (legal - 1) == 0:
        return lowest(legal)
    trick = list(s.trick)
    if not trick:
        unseen = s.unseen
        best, key = -1, float("-inf")
        for suit in range(4):
            cards = legal & HEARTS_SUITS[suit]
            if not cards:
                continue
            top = highest(cards)
            above = popcount(unseen & HEARTS_SUITS[suit] & ~((1 << (top + 1)) - 1))
            k = (top % 13) - 6.0 * above + (2.0 if suit == 2 else 0.0)
            if k > key:
                best, key = top, k
        return best
    _, top = winner_so_far(trick, s.leader)
    led = trick[0] // 13
    if legal & HEARTS_SUITS[led]:
        winners = legal & ~((1 << (top + 1)) - 1)
        return highest(winners) if winners else lowest(legal)
    clean = legal & ~POINT_CARDS
    return by_rank_low(clean) if clean else by_rank_low(legal)


def moon_within_reach(s: Situation) -> bool:
    """Nobody else has a point this round, and the hand is strong enough to try."""
    if any(s.taken[p] for p in range(4) if p != s.seat):
        return False
    hand = s.hand
    high = sum(1 for c in bits(hand) if c % 13 >= 10)  # queens, kings, aces
    top_hearts = popcount(hand & HEARTS_MASK & ~((1 << 34) - 1))  # 10H and above
    return high >= 5 and top_hearts >= 3


def running(taken: Sequence[int], seat: int) -> bool:
    """``seat`` has taken every point so far this round, at least :data:`MOON_ALERT`:
    it is running the table, and a player who may shoot goes on."""
    mine = taken[seat]
    return mine >= MOON_ALERT and mine == taken[0] + taken[1] + taken[2] + taken[3]


def shooter_play(s: Situation) -> int:
    """The shooter: the Normal policy, except that it goes for the moon whenever it
    can: while nobody else has a point and its hand is strong enough
    (:func:`moon_within_reach`), or once it is :func:`running` the table."""
    if running(s.taken, s.seat) or moon_within_reach(s):
        return shoot_play(s)
    return normal_play(s)
