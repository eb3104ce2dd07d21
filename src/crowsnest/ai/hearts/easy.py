"""Easy: the Ducker's plain rules, plus three simple habits that avoid points.

* Pass: its three highest cards. Lead: its lowest card.
* First trick (no points can fall on it): its highest card of the led suit.
* Follow: the highest card that loses; when every card wins, the highest (not the
  queen of spades) if it plays last, else the lowest.
* Void: the ace or king of spades while the queen is still out, else the queen of
  spades, else its highest heart, else its highest card.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from crowsnest.ai.hearts.common import AS, KS, QS, by_rank, current_winner, pass_choice, playable
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
            return Play(min(cards, key=by_rank))
        if cards[0] // 13 == trick[0] // 13:
            if not view.tricks:
                return Play(max(cards))  # no points on the first trick: shed the top card
            top = current_winner(trick)
            losing = [c for c in cards if c < top]
            if losing:
                return Play(max(losing))
            if len(trick) == 3:
                safe = [c for c in cards if c != QS]
                return Play(max(safe) if safe else QS)
            return Play(min(cards))
        played = {c for t in view.tricks for c in t.cards} | set(trick)
        queen_out = QS not in played and not (view.hand or 0) >> QS & 1
        if queen_out:
            high_spades = [c for c in cards if c in (KS, AS)]
            if high_spades:
                return Play(max(high_spades))  # the queen is still out: drop its cover
        return void_discard(cards)
