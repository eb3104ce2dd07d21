"""Trick logic shared by every game: what may follow, who wins.

Suits are masks. A card's *effective* suit is the mask that holds it: the trump
mask holds the special trumps (the bird card, the red 1) whatever colour is trump.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from crowsnest.engine.cards import card_text


@dataclass(frozen=True, slots=True)
class Trick:
    """A completed trick: public to everyone at the table."""

    leader: int
    cards: tuple[int, ...]
    """In play order, starting with the leader's."""
    winner: int
    points: int

    @property
    def seats(self) -> tuple[int, ...]:
        """Who played each card of ``cards``."""
        return tuple((self.leader + i) % 4 for i in range(len(self.cards)))

    def to_json(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "cards": [card_text(c) for c in self.cards],
            "winner": self.winner,
            "points": self.points,
        }


def follow_mask(hand: int, led: int, anytime: int = 0) -> int:
    """Cards of ``hand`` that may be played to a trick whose led suit is ``led``.

    A player able to follow must; ``anytime`` cards (the bird card) may be played
    even then. A player who cannot follow may play anything.
    """
    follow = hand & led
    if follow:
        return follow | (hand & anytime)
    return hand


def winning_index(cards: Sequence[int], led: int, trump: int, rank: Sequence[int]) -> int:
    """Index in ``cards`` of the card that wins: the highest trump if any trump was
    played, else the highest card of the led suit (``rank`` orders cards in a suit)."""
    best, best_key = 0, -1
    for i, card in enumerate(cards):
        bit = 1 << card
        if bit & trump:
            key = 1000 + rank[card]
            if key > best_key:
                best, best_key = i, key
        elif bit & led and rank[card] > best_key:
            best, best_key = i, rank[card]
    return best
