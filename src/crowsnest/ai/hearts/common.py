"""The Hearts cards every Hearts bot shares, and small helpers (cards are ints:
suit * 13 + rank - 2; sets of cards are masks).

What the rules say of a card is the engine's: the queen of spades, the point cards
and the hearts (:mod:`crowsnest.engine.hearts`), the suits and each card's points
(:mod:`crowsnest.engine.tricks`). Here are only the bots' short names for them and
the cards their policies watch.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from crowsnest.engine import Choose, LegalAction, Play, tricks
from crowsnest.engine.cards import hearts_card
from crowsnest.engine.hearts import QUEEN_SPADES
from crowsnest.engine.rules.hearts import HEARTS as HEARTS_RULES

QS: Final = QUEEN_SPADES
KS: Final = hearts_card(3, 13)
AS: Final = hearts_card(3, 14)
QS_BIT: Final = 1 << QS
HIGH_SPADES: Final = 1 << KS | 1 << AS
"""The spades above the queen."""
HEART_SUIT: Final = 2
"""The suit of the hearts (``card // 13``)."""
CARD_POINTS: Final = tricks.hearts_points(HEARTS_RULES)
"""Each card's points (the bots play the Hearts rule set, which has no options)."""


def trick_points(trick: list[int] | tuple[int, ...]) -> int:
    return tricks.trick_points(trick, CARD_POINTS)


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
    led = tricks.led_suit(trick[0], 0, tricks.HEARTS_SUITS)
    return trick[tricks.winning_index(trick, led, 0, tricks.HEARTS_POWER)]
