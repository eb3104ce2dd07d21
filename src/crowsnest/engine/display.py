"""The order a hand is shown in: grouped by suit, each suit highest first, by the
rule set's own ranks (so a client sorts nothing).

* **Rook family**: the trumps first once trump is named (the bird card and the red 1
  among them where they rank: the Crow of CrowsNest as the lowest trump, the Rook as
  the highest, the red 1 of The Red 1 above it), then the other colours in the order
  red, yellow, green, black; before trump is named the cards that are trump whatever
  is named (the bird card, the red 1) come first. Within a colour, highest first: the
  1 above the 14 where it ranks high (1-High, Buckeye).
* **Hearts**: clubs, diamonds, spades, hearts (the colours alternate), each from the
  ace down.

>>> from crowsnest.engine.cards import card_text, parse_cards
>>> from crowsnest.engine.rules import get_rules
>>> hand = parse_cards("R5 R14 G10 CROW B1")
>>> [card_text(c, "rook") for c in display_order(get_rules("rook/crowsnest"), None, hand)]
['CROW', 'R14', 'R5', 'G10', 'B1']
>>> [card_text(c, "rook") for c in display_order(get_rules("rook/crowsnest"), 0, hand)]
['R14', 'R5', 'CROW', 'G10', 'B1']
>>> buckeye = get_rules("rook/buckeye")
>>> [card_text(c, "rook") for c in display_order(buckeye, 3, parse_cards("B1 B14 R5"))]
['B1', 'B14', 'R5']
>>> hearts = get_rules("hearts")
>>> [card_text(c, "hearts") for c in display_order(hearts, None, parse_cards("2H AH 3C QS"))]
['3C', 'QS', 'AH', '2H']
"""

from __future__ import annotations

from typing import Final

from crowsnest.engine.cards import bits, colour_of
from crowsnest.engine.rules import HeartsRules, RookRules, tables

HEARTS_SUIT_ORDER: Final = (0, 1, 3, 2)
"""The place of each suit (clubs, diamonds, hearts, spades) in a shown hand."""


def display_order(rules: HeartsRules | RookRules, trump: int | None, mask: int) -> list[int]:
    """The cards of ``mask`` in the order a hand of ``rules`` is shown, ``trump``
    named (a colour 0..3) or not (None; Hearts has none)."""
    if isinstance(rules, HeartsRules):
        return sorted(bits(mask), key=lambda c: (HEARTS_SUIT_ORDER[c // 13], -c))
    t = tables(rules)
    first = t.specials if trump is None else t.specials | t.colour_masks[trump]
    rank = t.rank

    def key(c: int) -> tuple[int, int]:
        group = 0 if first >> c & 1 else 1 + colour_of(c)
        return group, -rank[c]

    return sorted(bits(mask), key=key)
