"""Small card helpers the Hearts bots share (cards are ints: suit * 13 + rank - 2)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from crowsnest.engine import Choose, LegalAction, Play, tricks
from crowsnest.engine.cards import hearts_card, suit_mask
from crowsnest.engine.rules.hearts import HEARTS as HEARTS_RULES

QS: Final = hearts_card(3, 12)
HEARTS: Final = 2
SPADES: Final = 3
HEART_MASK: Final = suit_mask(HEARTS)
SUITS: Final = tuple(suit_mask(s) for s in range(4))
POINTS: Final = tricks.hearts_points(HEARTS_RULES)
"""Each card's points (the bots play the Hearts rule set, which has no options)."""


def suit(card: int) -> int:
    return card // 13


def rank(card: int) -> int:
    """2..14."""
    return card % 13 + 2


def points(card: int) -> int:
    return POINTS[card]


def trick_points(cards: Iterable[int]) -> int:
    return tricks.trick_points(tuple(cards), POINTS)


def by_rank(card: int) -> tuple[int, int]:
    """Order by rank, then suit (clubs < diamonds < hearts < spades)."""
    return card % 13, card // 13


def playable(legal: Sequence[LegalAction]) -> list[int]:
    return [a.card for a in legal if isinstance(a, Play)]


def pass_choice(legal: Sequence[LegalAction]) -> Choose | None:
    for a in legal:
        if isinstance(a, Choose) and a.kind == "pass":
            return a
    return None


def current_winner(trick: Sequence[int]) -> int:
    """The card winning the trick so far (the trick is not empty)."""
    led = tricks.led_suit(trick[0], 0, SUITS)
    return trick[tricks.winning_index(trick, led, 0, tricks.HEARTS_POWER)]
