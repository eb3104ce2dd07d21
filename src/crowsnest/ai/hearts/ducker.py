"""Ducker: the baseline every Hearts figure is measured against. Kept this simple.

* Pass: its three highest cards (by rank; ties spades, hearts, diamonds, clubs).
* Lead: its lowest legal card.
* Follow suit: the highest card that still loses the trick, else its lowest.
* Void in the led suit: the queen of spades, else its highest heart, else its
  highest card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from crowsnest.ai.base import concrete
from crowsnest.ai.hearts.common import (
    HEART_SUIT,
    QS,
    by_rank,
    current_winner,
    pass_choice,
    playable,
)
from crowsnest.engine import Action, Choose, LegalAction, Play, PlayerView
from crowsnest.engine.cards import bits


def highest_three(choice: Choose) -> Action:
    """The pass of the highest cards (by rank; ties spades, hearts, diamonds, clubs)."""
    high = sorted(bits(choice.allowed), key=by_rank, reverse=True)[: choice.count]
    return concrete(choice, sum(1 << c for c in high))


def void_discard(cards: list[int]) -> Play:
    """Void in the led suit: the queen of spades, else the highest heart, else the
    highest card."""
    if QS in cards:
        return Play(QS)
    hearts = [c for c in cards if c // 13 == HEART_SUIT]
    return Play(max(hearts) if hearts else max(cards, key=by_rank))


class Ducker:
    name = "ducker"

    def choose(self, view: PlayerView, legal: Sequence[LegalAction], rng: random.Random) -> Action:
        choice = pass_choice(legal)
        if choice is not None:
            return highest_three(choice)
        cards = playable(legal)
        trick = view.trick
        if not trick:
            return Play(min(cards, key=by_rank))
        led = trick[0] // 13
        if cards[0] // 13 == led:  # following suit: every legal card is of the led suit
            top = current_winner(trick)
            losing = [c for c in cards if c < top]
            return Play(max(losing) if losing else min(cards, key=by_rank))
        return void_discard(cards)
