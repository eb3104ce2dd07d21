"""Card odds for the Normal policy: who may beat a card, and what a card is worth.

Everything is a probability estimate from the cards a seat can see: the unseen cards
are spread at random over the other hands (and, unless the seat declared, the
nest), no seat holds a suit it has shown void in. The hypergeometric ``none_held``
is kept in a table, so one estimate is a few mask operations.
"""

from __future__ import annotations

from typing import Final

from crowsnest.ai.rook.situation import Situation
from crowsnest.engine.cards import popcount
from crowsnest.engine.rules.rook import ROOK_CARDS
from crowsnest.engine.seats import team_of
from crowsnest.engine.tricks import led_suit

_POOLS: Final = ROOK_CARDS + 1
_DRAWS: Final = 21
_NONE_HELD: Final[list[float]] = [-1.0] * (_POOLS * _POOLS * _DRAWS)
""":func:`none_held` by (pool, wanted, drawn), each worked out when first asked for
(-1: not yet): a list index instead of a cache keyed by a tuple of three ints, which
cost a tuple, a hash and a dict lookup at every call of the policy's hottest path."""


def none_held(pool: int, wanted: int, drawn: int) -> float:
    """The chance that ``drawn`` cards from ``pool`` include none of ``wanted`` of them."""
    if wanted <= 0 or drawn <= 0:
        return 1.0
    if wanted + drawn > pool:
        return 0.0
    if pool >= _POOLS or drawn >= _DRAWS:
        return _none_held(pool, wanted, drawn)
    i = (pool * _POOLS + wanted) * _DRAWS + drawn
    p = _NONE_HELD[i]
    if p < 0.0:
        p = _NONE_HELD[i] = _none_held(pool, wanted, drawn)
    return p


def _none_held(pool: int, wanted: int, drawn: int) -> float:
    p = 1.0
    for i in range(drawn):
        p *= (pool - wanted - i) / (pool - i)
    return p


def beat_chance(s: Situation, p: int, card: int, led: int) -> float:
    """The chance that seat ``p`` (yet to play) can beat ``card``, winning a trick of
    effective suit ``led``."""
    deck = s.deck
    tm = s.trump_mask
    same = deck.beaters[s.trump]
    free = s.unseen & ~s.voids[p]
    pool = popcount(free)
    drawn = s.hand_sizes[p]
    if drawn > pool:
        drawn = pool
    if tm >> card & 1:  # a trump can only be beaten by a higher trump
        hi = same[card] & free
        if not hi:
            return 0.0
        if led == tm:
            return 1.0 - none_held(pool, popcount(hi), drawn)
        bird = hi & deck.bird
        rest = hi & ~bird
        p_bird = drawn / pool if bird else 0.0
        p_void = none_held(pool, popcount(free & led), drawn)
        p_rest = 1.0 - none_held(pool, popcount(rest), drawn) if rest else 0.0
        return 1.0 - (1.0 - p_bird) * (1.0 - p_void * p_rest)
    hi = same[card] & free
    trumps = tm & free
    p_hi = 1.0 - none_held(pool, popcount(hi), drawn) if hi else 0.0
    if not trumps:
        return p_hi
    bird = trumps & deck.bird
    rest = trumps & ~bird
    p_bird = drawn / pool if bird else 0.0
    led_left = popcount(free & led)
    p_void = none_held(pool, led_left, drawn)
    p_trump = 1.0 - none_held(pool - led_left, popcount(rest), drawn) if rest else 0.0
    return 1.0 - (1.0 - p_hi) * (1.0 - p_void * p_trump) * (1.0 - p_bird)


def hold_chance(s: Situation, card: int, led: int, after: int) -> float:
    """The chance that ``card``, winning the trick now, still wins it: the
    opponents among the ``after`` seats still to play cannot beat it."""
    p_ok = 1.0
    seat = s.seat
    for k in range(1, after + 1):
        p = (seat + k) % 4
        if team_of(p) != team_of(seat):
            p_ok *= 1.0 - beat_chance(s, p, card, led)
    return p_ok


def trump_danger(s: Situation) -> bool:
    """Whether an opponent may still hold a trump."""
    out = s.unseen & s.trump_mask
    if not out:
        return False
    o1, o2 = (s.seat + 1) % 4, (s.seat + 3) % 4
    return bool(out & ~s.voids[o1]) or bool(out & ~s.voids[o2])


FED: Final = 0.45
"""The chance a card that will not win a trick still lands its points on one of the
team's tricks (fed to the partner)."""
LATER: Final = 0.75
"""How much of a side top card's chance to hold now is left for later."""
CROW_KEEP: Final = 12.0
"""What the low bird card (CrowsNest) is worth held: it is fed, or steals a trick."""


def keep_value(s: Situation, card: int, later: float, danger: bool) -> float:
    """The points ``card`` should bring the team if held on: ``q``, the chance it
    wins a later trick, times its points and the ``later`` points such a trick
    gathers, plus its points when it loses but is fed to the partner."""
    deck = s.deck
    pts = deck.points[card]
    tm = s.trump_mask
    if deck.bird_low and card == deck.bird.bit_length() - 1:
        return CROW_KEEP
    n_above = popcount(deck.beaters[s.trump][card] & s.unseen)
    if tm >> card & 1:
        q = 1.0 if n_above == 0 else max(0.1, 0.8 - 0.2 * n_above)
        return q * (pts + later * 1.3) + (1.0 - q) * FED * pts
    colour = led_suit(card, tm, deck.colours)
    if n_above:
        q = 0.1 if n_above == 1 else 0.0
    elif not danger and not (s.unseen & deck.bird):
        q = 0.95
    else:
        # A top card is at most as safe later as it is now: the colour runs out.
        q = LATER * hold_chance(s, card, colour, 3)
    return q * (pts + later) + (1.0 - q) * FED * pts
