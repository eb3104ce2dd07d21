"""The random bot (``random`` in the registry): any legal move, the weakest opponent
(the terminal game's, the bot ratings' fourth Hearts seat, the tests')."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from crowsnest.ai.base import concrete, random_cards
from crowsnest.engine import Action, Bid, Choose, LegalAction, PlayerView


@dataclass(frozen=True, slots=True)
class RandomBot:
    """Picks uniformly among the legal actions, with two exceptions.

    * In a Rook auction it passes with probability ``pass_rate`` (when passing is
      allowed) and otherwise bids the lowest legal amount, so auctions stay low.
    * A :class:`Choose` (the Hearts pass, the nest discard) becomes random cards
      that include every ``required`` card.
    """

    pass_rate: float = 0.7

    def choose(self, view: PlayerView, legal: Sequence[LegalAction], rng: random.Random) -> Action:
        if not legal:
            raise ValueError("no legal action to choose from")
        bids = [a for a in legal if isinstance(a, Bid)]
        if bids:
            return self._bid(bids, rng)
        pick = legal[rng.randrange(len(legal))]
        if isinstance(pick, Choose):
            return concrete(pick, random_cards(pick, rng))
        return pick

    def _bid(self, bids: Sequence[Bid], rng: random.Random) -> Bid:
        amounts = sorted(b.amount for b in bids if b.amount is not None)
        may_pass = any(b.amount is None for b in bids)
        if may_pass and (not amounts or rng.random() < self.pass_rate):
            return Bid(None)
        return Bid(amounts[0])
