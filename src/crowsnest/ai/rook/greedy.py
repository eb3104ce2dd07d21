"""Greedy: the baseline every Rook figure is measured against. Kept this simple.

* **Counted strength** of a hand (the bird card and the red 1 go with any colour)::

      strength = s * (10 * L + 10 * H) + C

  ``L`` the cards of its longest colour plus the bird card and the red 1, ``H`` its
  top cards (the highest number of a colour: the 14, or the 1 where the 1 ranks
  high), ``C`` the counter points it holds, and ``s`` the rule set's points per
  hand over 120 (1 in CrowsNest, 1.5 in Buckeye).
* **Auction**: bids the lowest amount it may while its strength exceeds that
  amount, else passes (a dealer forced to bid bids the lowest amount).
* **Nest**: discards its lowest non-trump cards (lowest number first, the colour
  it will name being trump), keeping counters; counters or trumps only when it
  must.
* **Trump**: names its longest colour (ties: the higher numbers, then the first
  colour: red, yellow, green, black).
* **Play**: the lowest card that wins the trick if it can win (on lead: any card
  wins, so its lowest), else its lowest card; "lowest" by power under trump, so
  trumps come after the other colours.
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
    points_of,
    trump_choices,
    weakest,
)
from crowsnest.ai.rook.situation import suit_mask
from crowsnest.engine import Action, Bid, LegalAction, NameTrump, Play, PlayerView, RookView
from crowsnest.engine.tricks import winning_index


def longest_colour(deck: Deck, hand: int) -> int:
    rank = deck.rank

    def key(colour: int) -> tuple[int, int, int]:
        held = hand & deck.colours[colour]
        return held.bit_count(), sum(rank[c] for c in cards(held)), -colour

    return max(range(4), key=key)


def strength(deck: Deck, hand: int) -> float:
    """The counted strength of ``hand`` (see the module's docstring)."""
    longest = (hand & deck.colours[longest_colour(deck, hand)]).bit_count()
    length = longest + (hand & deck.specials).bit_count()
    tops = (hand & deck.tops).bit_count()
    scale = deck.rules.points_per_hand / 120
    return scale * (10 * length + 10 * tops) + points_of(hand, deck.points)


def greedy_discard(deck: Deck, hand: int, allowed: int, required: int, count: int) -> int:
    trump = deck.trump_mask(longest_colour(deck, hand))
    rank = deck.rank

    def key(c: int) -> tuple[bool, bool, int, int]:
        return bool(trump >> c & 1), bool(deck.points[c]), rank[c], c

    mask = required
    for c in sorted(cards(allowed & ~required), key=key):
        if mask.bit_count() >= count:
            break
        mask |= 1 << c
    return mask


class Greedy:
    name = "greedy"

    def choose(self, view: PlayerView, legal: Sequence[LegalAction], rng: random.Random) -> Action:
        assert isinstance(view, RookView) and view.hand is not None
        deck = deck_for(view)
        hand = view.hand
        if view.phase == "auction":
            may_pass, amounts = bids(legal)
            if amounts and (strength(deck, hand) > amounts[0] or not may_pass):
                return Bid(amounts[0])
            return Bid(None)
        choice = discard_choice(legal)
        if choice is not None:
            return concrete(
                choice,
                greedy_discard(deck, hand, choice.allowed, choice.required, choice.count),
            )
        if trump_choices(legal):
            return NameTrump(longest_colour(deck, hand))
        assert view.trump is not None
        legal_mask = playable(legal)
        power = deck.power[view.trump]
        trick = view.trick
        if not trick:
            return Play(weakest(legal_mask, power))
        tm = deck.trump_mask(view.trump)
        led = suit_mask(deck, tm, trick[0])
        top = power[trick[winning_index(trick, led, tm, power)]]
        winners = sum(1 << c for c in cards(legal_mask) if (led | tm) >> c & 1 and power[c] > top)
        return Play(weakest(winners or legal_mask, power))
