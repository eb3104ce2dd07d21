"""By how much a Rook Hard search's candidate must win: the margins its auction
takes off what a hand makes before a bid is judged (:func:`bid_shade`, by rule set:
:data:`SHADE_SCALES`), and the bars of its paired comparisons (:func:`threshold` for a
candidate against the Normal choice, :func:`close_call` for a bid too close to call,
:func:`clear_gain` for a raise of the partner).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist
from typing import Final

from crowsnest.ai.rook.common import Deck
from crowsnest.engine import RookView
from crowsnest.engine.rules.rook import CROWSNEST, ONE_HIGH, RED_ONE_RULES, TOURNAMENT
from crowsnest.engine.seats import team_of

CONFIDENCE: Final = 0.5
"""Standard errors by which a searched candidate (a card, a discard, a trump) must beat
the Normal choice, when it is the only other candidate (more: :func:`threshold`).
Against a bar of 1.5 (``'hard:confidence=1.5'``, untimed runs paired deal by deal),
0.5 scores +2.1 +- 1.7 a hand more over 1,600 Tournament Rook deals and +0.9 +- 2.3
over 1,200 CrowsNest ones."""
RAISE_CONFIDENCE: Final = 1.5
"""Standard errors by which declaring must beat leaving the contract with the partner
(:func:`clear_gain`, besides :data:`RAISE_MARGIN`)."""
RAISE_MARGIN: Final = 15.0
"""Points a hand (of a 120-point deck) by which declaring itself must beat leaving the
contract with its partner, once both opponents have passed, where a made contract
scores the points captured: a clearly better declarer (the trump its hand wants,
the nest in the stronger hand). Where it scores the bid (CrowsNest) a raise pays
by itself when the search expects to make it."""
CLOSE: Final = 2.0
"""Standard errors of the paired difference between declaring (at the best amount)
and passing within which a bid is too close to call."""
SHADE: Final = 5.0
"""Points (of a 120-point deck) taken off what the hand makes in the auction's
playouts before they are compared with a bid: the playouts defend the Normal way,
the real opponents may defend better."""
SHADE_WEAK: Final = 15.0
"""The same for a hand with neither the bird card nor a colour's top card: nothing
in it stops the defence, whose better play it feels most (such contracts were
measured to go set twice as often as the others)."""

Shades = tuple[float, float]
"""Factors for :data:`SHADE` and :data:`SHADE_WEAK`."""
SHADE_SCALES: Final[dict[str, Shades]] = {
    RED_ONE_RULES.id: (0.5, 0.5),
    TOURNAMENT.id: (0.0, 1.0),
    CROWSNEST.id: (0.0, 1.0),
    ONE_HIGH.id: (0.0, 1.0),
}
"""Rule sets whose margins are not the full ones, by rule set id (docs/ai.md; each
figure is untimed Hard against Normal, paired deal by deal with the full margins). The
Red 1: a made contract scores all it captures (up to 150 a hand) and a set costs only
the bid, so the contracts the full margins gave up to Normal were worth more than the
sets the halved margins cost: +8.7 +- 5.3 points a hand over 400 paired deals.
Tournament Rook, CrowsNest and 1-High Partnership: no margin for a hand with
the bird card or a top card (the weak hands keep theirs): +4.5 +- 2.5 a hand over
1,200 paired deals (three seeds) in Tournament Rook, make-rate 92-94%; +9.3 +- 4.8
over 800 (two seeds) in 1-High, make-rate 93%; +6.0 +- 3.8 over 800 in CrowsNest,
where the make-rate falls to 88-89% (the score chosen over the make-rate, as in The
Red 1). Halving both margins had measured the wrong way in CrowsNest."""
FULL: Final[Shades] = (1.0, 1.0)
"""The full margins: a raise of the partner is judged with these whatever the rule
set's (:func:`auction_shade`)."""


def bid_shade(deck: Deck, hand: int, shades: Shades | None = None) -> float:
    """Points taken off what ``hand`` makes in the playouts before a bid is judged:
    :data:`SHADE`, or :data:`SHADE_WEAK` for a hand with neither the bird card nor a
    top card, times the factor ``shades`` gives it (by default the rule set's in
    :data:`SHADE_SCALES`, else 1), in the rule set's points."""
    strong, weak = SHADE_SCALES.get(deck.rules.id, FULL) if shades is None else shades
    if hand & (deck.bird | deck.tops):
        return strong * SHADE * deck.rules.points_per_hand / 120
    return weak * SHADE_WEAK * deck.rules.points_per_hand / 120


def auction_shade(deck: Deck, view: RookView, shades: Shades | None = None) -> float:
    """The margin for a bid of ``view``'s seat (:func:`bid_shade`), the full one when
    bidding would raise its own partner once both opponents have passed: a narrower
    margin measured to pay against the opponents' contracts is no reason to take the
    partner's (without the strong hands' margin, Hard in Tournament Rook would raise a
    partner's 70 it should leave:
    ``test_hard_does_not_raise_its_partner_once_both_opponents_passed``)."""
    assert view.hand is not None
    return bid_shade(deck, view.hand, FULL if partner_holds_it(view) else shades)


def partner_holds_it(view: RookView) -> bool:
    """Both opponents have passed and the partner holds the high bid: passing ends
    the auction with the partner declaring."""
    me = view.seat
    if me is None or view.high_bidder is None or team_of(view.high_bidder) != team_of(me):
        return False
    out = {seat for seat, amount in view.auction if amount is None}
    return {(me + 1) % 4, (me + 3) % 4} <= out


def threshold(rivals: int, confidence: float = CONFIDENCE) -> float:
    """Standard errors by which the best of ``rivals`` candidates must beat the Normal
    choice. The best is picked from the same worlds it is then tested on, so with
    several rivals the best of them beats the Normal choice by chance more often
    than one would: the chance that one does by ``confidence`` standard errors
    (:data:`CONFIDENCE` unless the bot says otherwise) is shared among them
    (Bonferroni), so sampling noise overrides a sound Normal
    choice no more often with seven candidates than with two."""
    alpha = 1.0 - NormalDist().cdf(confidence)
    return NormalDist().inv_cdf(1.0 - alpha / max(1, rivals))


def close_call(a: Sequence[float], b: Sequence[float], margin: float) -> bool:
    """Whether ``a`` and ``b`` (paired over the same worlds) differ, less ``margin``,
    by less than :data:`CLOSE` standard errors of the mean difference: too close to
    call on this many worlds."""
    n = len(a)
    if n < 2:
        return True
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return abs(mean - margin) < CLOSE * math.sqrt(var / n)


def clear_gain(a: Sequence[float], b: Sequence[float], margin: float) -> bool:
    """Whether ``a`` beats ``b`` (paired over the same worlds) by more than ``margin``
    and :data:`RAISE_CONFIDENCE` standard errors of the mean difference."""
    n = len(a)
    if n < 2:
        return False
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean - margin > RAISE_CONFIDENCE * math.sqrt(var / n)


def made_with(counted: int, bid: int, shade: float) -> bool:
    """Whether a playout in which the declaring team counts ``counted`` makes ``bid``
    with ``shade`` to spare (:func:`bid_shade`)."""
    return counted - shade >= bid
