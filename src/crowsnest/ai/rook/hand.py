"""Judging a Rook hand before play: the trump to name, the nest discard, what the
hand should make as declarer, and the Normal bid.

The estimate of what a hand makes is a linear model of a few features of the hand
(:func:`features`), fitted per rule set on hands played out by the Normal policy
(the declarer takes the nest, discards and names trump the Normal way): see
:data:`MODELS`. The bid then weighs the chance to make each amount, taken as a
normal distribution around the estimate, against what the hand risks.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from crowsnest.ai.rook.common import Deck, cards, points_of
from crowsnest.engine import Choose
from crowsnest.engine.cards import popcount
from crowsnest.engine.frozen import Reduced, reduce_frozen
from crowsnest.engine.seats import team_of
from crowsnest.engine.tricks import led_suit


def trump_score(deck: Deck, hand: int, colour: int) -> float:
    """How good ``colour`` is as trump for ``hand``: its length first, then its
    high cards and counters (the bird card and the red 1 go with any colour)."""
    trumps = hand & (deck.colours[colour] | deck.specials)
    score = 0.0
    rank = deck.rank
    for c in cards(trumps):
        score += 10.0 + 0.6 * rank[c] + 0.2 * deck.points[c]
    return score


def best_trump(deck: Deck, hand: int) -> int:
    return max(range(4), key=lambda t: (trump_score(deck, hand, t), -t))


def _top_trumps(deck: Deck, trump: int, depth: int) -> int:
    """The ``depth`` highest trumps of the deck when ``trump`` is named."""
    power = deck.power[trump]
    ordered = sorted(cards(deck.trump_mask(trump)), key=lambda c: -power[c])
    out = 0
    for c in ordered[:depth]:
        out |= 1 << c
    return out


def features(deck: Deck, hand: int, trump: int) -> tuple[float, ...]:
    """(1, trumps held, of the top 4 trumps held, side colours' top cards, counter
    points held / 10, short side colours (0 or 1 card), the bird card held)."""
    tm = deck.trump_mask(trump)
    short = 0
    for colour in range(4):
        if colour != trump and popcount(hand & deck.colours[colour]) <= 1:
            short += 1
    return (
        1.0,
        float(popcount(hand & tm)),
        float(popcount(hand & _top_trumps(deck, trump, 4))),
        float(popcount(hand & deck.tops & ~tm)),
        points_of(hand, deck.points) / 10.0,
        float(short),
        float(bool(hand & deck.bird)),
    )


@dataclass(frozen=True, slots=True)
class Model:
    weights: tuple[float, ...]
    sigma: float
    """Spread of what hands with the same estimate make (residual standard deviation)."""
    mean: float
    """What a hand dealt at random makes as declarer, on average."""

    def __reduce__(self) -> Reduced:
        return reduce_frozen(self)


MODELS: Final[dict[str, Model]] = {
    "rook/crowsnest": Model((57.6, 5.0, 4.5, 3.2, 2.6, -0.1, 0.2), 20.3, 91.5),
    "rook/crowsnest+nobird": Model((45.6, 4.2, 3.4, 3.7, 2.5, 0.1, 0.0), 17.2, 73.9),
    "rook/tournament": Model((58.1, 3.3, 4.6, 4.3, 1.2, 1.3, 11.7), 22.4, 86.3),
    "rook/tournament+nobird": Model((45.1, 4.3, 3.4, 3.4, 2.8, -0.1, 0.0), 17.3, 73.7),
    "rook/partnership": Model((21.2, 4.8, 4.5, 8.6, 2.9, 4.7, 0.0), 21.7, 67.1),
    "rook/one-high": Model((74.5, 4.6, 4.6, 6.6, 2.2, 2.3, 9.1), 28.5, 119.7),
    "rook/red-one": Model((68.1, 4.5, 6.1, 0.2, 4.3, -2.0, -1.0), 29.0, 105.2),
    "rook/buckeye": Model((82.0, 5.1, 5.3, 5.5, 2.6, 1.2, 7.7), 31.3, 125.9),
    "rook/dixie": Model((47.2, 3.9, 3.2, 5.8, 3.6, 3.1, 0.0), 20.6, 84.2),
}
"""Per rule set id (``+nobird`` without the bird card): weights of :func:`features`,
fitted by least squares on 2000 hands each: a forced declarer (bidding the minimum),
every seat playing the Normal policy; the target is the declaring team's points.
(Refitting on the current policy moved the weights a little and did not improve the
Normal bot's duplicate results, so these stand.)"""


def model_for(deck: Deck) -> Model:
    rules = deck.rules
    key = rules.id + ("" if rules.bird or not rules.bird_optional else "+nobird")
    found = MODELS.get(key)
    if found is not None:
        return found
    total = rules.points_per_hand
    per = total / (rules.hand_size + rules.nest_size / 4)
    guess = (0.45 * total, 0.4 * per, 0.4 * per, 0.4 * per, 2.5, 1.0, 0.5 * per)
    return Model(guess, 0.18 * total, 0.7 * total)


def estimate(deck: Deck, hand: int) -> tuple[float, float, int]:
    """(points the team should make if this hand declares, their spread, the trump)."""
    trump = best_trump(deck, hand)
    model = model_for(deck)
    f = features(deck, hand, trump)
    mu = sum(w * x for w, x in zip(model.weights, f, strict=True))
    return mu, model.sigma, trump


def make_chance(mu: float, sigma: float, bid: int) -> float:
    """The chance to make ``bid`` when what the hand makes is normal(mu, sigma)."""
    return 0.5 * math.erfc((bid - mu) / (sigma * math.sqrt(2.0)))


def contract_value(deck: Deck, bid: int, mu: float, sigma: float) -> float:
    """The declaring team's expected hand score minus the defence's, at ``bid``, when
    what it makes is normal(mu, sigma): the defence scores what it captures; a made
    contract scores the bid (CrowsNest) or what it captured; a set one loses the bid."""
    rules = deck.rules
    p = make_chance(mu, sigma, bid)
    if rules.made_scores == "bid":
        mine = bid * (2.0 * p - 1.0)
    else:
        z = (bid - mu) / sigma
        density = math.exp(-0.5 * z * z) / math.sqrt(2.0 * math.pi)
        mine = mu * p + sigma * density - bid * (1.0 - p)
    return mine - (rules.points_per_hand - mu)


# -- the auction ------------------------------------------------------------------------

BIDDER_EDGE: Final = 6.0
"""How much more than an average hand a hand that bids is taken to make."""
PARTNER_MARGIN: Final = 10.0
"""How much more a hand must be worth before it outbids its partner."""


def normal_bid(
    deck: Deck,
    hand: int,
    amounts: Sequence[int],
    may_pass: bool,
    high_bidder: int | None,
    seat: int,
    high_bid: int,
    shade: float = 0.0,
) -> int | None:
    """The amount to bid (None: pass).

    Declaring at ``b`` is worth :func:`contract_value` for what this hand makes;
    passing is worth what the current high bidder's contract is worth to this team
    (a bidder's hand taken as an average hand plus :data:`BIDDER_EDGE`), nothing
    while nobody has bid. It bids the best amount when that beats passing: in
    CrowsNest (a made contract scores the bid) the amount worth most, elsewhere the
    least it may. ``shade`` (points) is taken off what the hand is estimated to make.
    """
    if not amounts:
        return None
    model = model_for(deck)
    mu, sigma, _ = estimate(deck, hand)
    mu -= shade
    if high_bidder is None:
        stay = 0.0
    else:
        theirs = contract_value(deck, high_bid, model.mean + BIDDER_EDGE, model.sigma)
        stay = theirs + PARTNER_MARGIN if team_of(high_bidder) == team_of(seat) else -theirs
    if deck.rules.made_scores == "bid":
        best = max(amounts, key=lambda b: (contract_value(deck, b, mu, sigma), -b))
    else:
        best = amounts[0]
    if contract_value(deck, best, mu, sigma) > stay or not may_pass:
        return best
    return None


# -- the nest -----------------------------------------------------------------------------


def discard_order(deck: Deck, hand: int, trump: int, bury: float, allowed: int = -1) -> list[int]:
    """The cards of ``allowed`` (default: the whole hand), the best to discard first,
    for a declarer holding ``hand`` who will name ``trump``.

    Trumps and side top cards are kept; short side colours are emptied (to ruff them);
    a side counter that will not win a trick by itself is buried in the nest, which
    goes to the last trick, when ``bury`` (the chance to take it) is high.
    """
    tm = deck.trump_mask(trump)
    rank = deck.rank
    left = hand
    pool = hand & allowed
    order: list[int] = []
    while pool:
        best, key = -1, -1e9
        for c in cards(pool):
            if tm >> c & 1:
                k = -1000.0 + rank[c]
            else:
                colour = led_suit(c, tm, deck.colours)
                held = left & colour
                n = popcount(held)
                higher_out = sum(1 for d in cards(colour & ~held & deck.deck) if rank[d] > rank[c])
                k = 20.0 - rank[c] - 6.0 * n
                if higher_out == 0:
                    k -= 40.0  # a top card: it wins a trick
                elif higher_out == 1 and n >= 2:
                    k -= 8.0
                pts = deck.points[c]
                if pts:
                    k += (bury - 0.6) * 2.0 * pts
            if k > key:
                best, key = c, k
        order.append(best)
        left &= ~(1 << best)
        pool &= ~(1 << best)
    return order


def normal_discard(deck: Deck, hand: int, choice: Choose, trump: int) -> int:
    """The Normal nest discard for the template ``choice``: the required cards, then
    the best to discard among the allowed ones."""
    mask = choice.required
    for c in discard_order(deck, hand, trump, 0.85, choice.allowed & ~mask):
        if popcount(mask) >= choice.count:
            break
        mask |= 1 << c
    return mask
