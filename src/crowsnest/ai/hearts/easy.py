"""Easy: avoids taking points in the current trick when it can; otherwise plain.

* Pass: its three highest cards.
* Lead: the lowest card of a suit chosen at random.
* Follow: the highest card that loses; when every card wins, the highest (not the
  queen of spades) if it plays last, else the lowest.
* Void: the queen of spades, else its highest heart, else its highest card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from crowsnest.ai.hearts.common import QS, current_winner, pass_choice, playable
from crowsnest.ai.hearts.ducker import highest_three, void_discard
from crowsnest.engine import Action, LegalAction, Play, PlayerView


class Easy:
    name = "easy"

    def choose(self, view: PlayerView, legal: Sequence[LegalAction], rng: random.Random) -> Action:
        choice = pass_choice(legal)
        if choice is not None:
            return highest_three(choice)
        cards = playable(legal)
        trick = view.trick
        if not trick:
            suit = rng.choice(sorted({c // 13 for c in cards}))
            return Play(min(c for c in cards if c // 13 == suit))
        if cards[0] // 13 == trick[0] // 13:
            top = current_winner(trick)
            losing = [c for c in cards if c < top]
            if losing:
                return Play(max(losing))
            if len(trick) == 3:
                safe = [c for c in cards if c != QS]
                return Play(max(safe) if safe else QS)
            return Play(min(cards))
        return void_discard(cards)
