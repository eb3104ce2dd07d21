"""Easy: a cautious auction and a few plain rules of partner play; no card counting.

* **Auction**: bids the lowest amount it may while the Normal estimate of what
  its hand makes (:func:`crowsnest.ai.rook.hand.estimate`) is at least that amount
  plus a margin (:data:`MARGIN`); never outbids its partner.
* **Nest and trump**: the Normal choices (:mod:`crowsnest.ai.rook.hand`).
* **Lead**: a side colour's top card if it holds one, else its lowest side card
  (trump only when it holds nothing else).
* **Follow**: with the partner winning, the most points it can add without
  overtaking in trump when last to play, else its lowest card; with an opponent
  winning, the lowest card that wins when the trick holds points or it plays last,
  else its lowest card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from crowsnest.ai.base import concrete
from crowsnest.ai.rook.common import (
    Deck,
    bids,
    cards,
    deck_for,
    discard_choice,
    playable,
    trump_choices,
    weakest,
)
from crowsnest.ai.rook.hand import best_trump, estimate, normal_discard
from crowsnest.ai.rook.situation import suit_mask
from crowsnest.engine import Action, Bid, LegalAction, NameTrump, Play, PlayerView, RookView
from crowsnest.engine.tricks import winning_index

MARGIN = {"bid": 16.0, "captured": 12.0}
"""Points the estimate must exceed a bid by before Easy bids it: more where a made
contract scores only the bid (CrowsNest) than where it scores what it captured."""


def easy_play(deck: Deck, view: RookView, legal: int) -> int:
    assert view.trump is not None
    power = deck.power[view.trump]
    tm = deck.trump_mask(view.trump)
    trick = view.trick
    pts = deck.points
    if not trick:
        tops = legal & deck.tops & ~tm
        if tops:
            return weakest(tops, power)
        side = legal & ~tm & ~deck.bird
        return weakest(side or legal, power)
    led = suit_mask(deck, tm, trick[0])
    best = winning_index(trick, led, tm, power)
    top = power[trick[best]]
    partner_wins = (len(trick) - best) == 2
    if partner_wins:
        if len(trick) == 3:
            # Feed points, but not a trump that would overtake the partner.
            safe = legal & ~(tm & ~led) if legal & ~(tm & ~led) else legal
            return max(cards(safe), key=lambda c: (pts[c], -power[c]))
        return weakest(legal, power)
    winners = [c for c in cards(legal) if (led | tm) >> c & 1 and power[c] > top]
    on_trick = sum(pts[c] for c in trick)
    if winners and (on_trick > 0 or len(trick) == 3):
        return min(winners, key=lambda c: (power[c], c))
    return weakest(legal & ~deck.counters or legal, power)


class Easy:
    name = "easy"

    def choose(self, view: PlayerView, legal: Sequence[LegalAction], rng: random.Random) -> Action:
        assert isinstance(view, RookView) and view.seat is not None and view.hand is not None
        deck = deck_for(view)
        hand = view.hand
        if view.phase == "auction":
            may_pass, amounts = bids(legal)
            partner = view.high_bidder == (view.seat + 2) % 4
            if amounts and not may_pass:
                return Bid(amounts[0])
            if (
                amounts
                and not partner
                and estimate(deck, hand)[0] >= amounts[0] + MARGIN[deck.rules.made_scores]
            ):
                return Bid(amounts[0])
            return Bid(None)
        choice = discard_choice(legal)
        if choice is not None:
            return concrete(choice, normal_discard(deck, hand, choice, best_trump(deck, hand)))
        if trump_choices(legal):
            return NameTrump(best_trump(deck, hand))
        return Play(easy_play(deck, view, playable(legal)))
