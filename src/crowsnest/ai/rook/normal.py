"""Normal: a fair auction, a sound nest and trump, and the card play partners expect
(see :mod:`crowsnest.ai.rook.hand` and :mod:`crowsnest.ai.rook.play`)."""

from __future__ import annotations

import random
from collections.abc import Sequence

from crowsnest.ai.base import concrete
from crowsnest.ai.rook.common import bids, deck_for, discard_choice, playable, trump_choices
from crowsnest.ai.rook.hand import best_trump, normal_bid, normal_discard
from crowsnest.ai.rook.odds import STYLES
from crowsnest.ai.rook.play import normal_play
from crowsnest.ai.rook.situation import from_view
from crowsnest.engine import Action, Bid, LegalAction, NameTrump, Play, PlayerView, RookView


class Normal:
    name = "normal"

    def __init__(self, style: str = "normal") -> None:
        self.style = STYLES[style]
        """The weights of its card play (:data:`~crowsnest.ai.rook.odds.STYLES`)."""

    def choose(self, view: PlayerView, legal: Sequence[LegalAction], rng: random.Random) -> Action:
        assert isinstance(view, RookView) and view.seat is not None and view.hand is not None
        deck = deck_for(view)
        if view.phase == "auction":
            may_pass, amounts = bids(legal)
            return Bid(
                normal_bid(
                    deck,
                    view.hand,
                    amounts,
                    may_pass,
                    view.high_bidder,
                    view.seat,
                    view.high_bid or 0,
                )
            )
        choice = discard_choice(legal)
        if choice is not None:
            trump = best_trump(deck, view.hand)
            return concrete(choice, normal_discard(deck, view.hand, choice, trump))
        if trump_choices(legal):
            return NameTrump(best_trump(deck, view.hand))
        mask = playable(legal)
        return Play(normal_play(from_view(view, mask), self.style))
