"""Cards are small ints, sets of cards are int bitmasks.

One int space serves both families, so a card's text never depends on context:

* Hearts (French deck): ``suit * 13 + (rank - 2)`` for suits ``C D H S`` (0..3) and
  ranks 2..14 (``T J Q K A`` for 10..14): ``2C`` is 0, ``AS`` is 51.
* Rook family: ``64 + colour * 16 + number`` for colours ``R Y G B`` (0..3) and
  numbers 1..14: ``R1`` is 65, ``B14`` is 126. The bird card ``CROW`` is 64.

A set of cards is an int with bit ``c`` set for card ``c``: following suit is one
``&``, the size of a hand is ``int.bit_count``.

>>> parse_card("QS"), card_text(parse_card("R14"))
(49, 'R14')
>>> CardSet(parse_cards("2C QS TH"))
CardSet('2C TH QS')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final

from crowsnest.engine.errors import InvalidAction

HEARTS_SUITS: Final = "CDHS"
HEARTS_RANKS: Final = "23456789TJQKA"
ROOK_COLOURS: Final = "RYGB"
COLOUR_NAMES: Final = ("red", "yellow", "green", "black")
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")

CROW: Final = 64
"""The bird card (``CROW``), called the Crow in CrowsNest and the Rook elsewhere."""


def hearts_card(suit: int, rank: int) -> int:
    """The Hearts card of ``suit`` (0..3 for C D H S) and ``rank`` (2..14)."""
    return suit * 13 + rank - 2


def rook_card(colour: int, number: int) -> int:
    """The Rook card of ``colour`` (0..3 for R Y G B) and ``number`` (1..14)."""
    return 64 + colour * 16 + number


def is_rook_card(card: int) -> bool:
    return card >= CROW


def suit_of(card: int) -> int:
    """Printed suit (Hearts) or colour (Rook) of a card; -1 for the bird card."""
    if card < 52:
        return card // 13
    if card == CROW:
        return -1
    return (card - 64) // 16


def rank_of(card: int) -> int:
    """Printed rank (Hearts: 2..14) or number (Rook: 1..14); 0 for the bird card."""
    if card < 52:
        return card % 13 + 2
    return (card - 64) % 16


def _build_text() -> tuple[dict[int, str], dict[str, int]]:
    text: dict[int, str] = {}
    for s, sl in enumerate(HEARTS_SUITS):
        for r, rl in enumerate(HEARTS_RANKS, start=2):
            text[hearts_card(s, r)] = rl + sl
    for c, cl in enumerate(ROOK_COLOURS):
        for n in range(1, 15):
            text[rook_card(c, n)] = f"{cl}{n}"
    text[CROW] = "CROW"
    return text, {t: c for c, t in text.items()}


CARD_TEXT, _CARD_BY_TEXT = _build_text()


def card_text(card: int) -> str:
    """Notation of one card: ``QS``, ``TH``, ``R14``, ``CROW``."""
    return CARD_TEXT[card]


def parse_card(text: str) -> int:
    """Parse one card's notation (case-insensitive); raise ``InvalidAction`` if unknown."""
    card = _CARD_BY_TEXT.get(text.strip().upper())
    if card is None:
        raise InvalidAction("unknown_card", f"{text!r} is not a card")
    return card


def parse_cards(text: str | Iterable[str]) -> int:
    """Parse cards separated by spaces (or an iterable of card texts) into a mask.

    A card named twice is an error: a set of cards holds each card once.
    """
    items = text.split() if isinstance(text, str) else list(text)
    mask = 0
    for item in items:
        bit = 1 << parse_card(item)
        if mask & bit:
            raise InvalidAction("duplicate_card", f"{item!r} is named twice")
        mask |= bit
    return mask


def mask_of(cards: Iterable[int]) -> int:
    mask = 0
    for c in cards:
        mask |= 1 << c
    return mask


def bits(mask: int) -> Iterator[int]:
    """The cards of a mask, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def cards_of(mask: int) -> list[int]:
    return list(bits(mask))


def cards_text(mask: int) -> str:
    """Notation of a set of cards: suit by suit, low to high, separated by spaces."""
    return " ".join(CARD_TEXT[c] for c in bits(mask))


def card_list_text(mask: int) -> list[str]:
    return [CARD_TEXT[c] for c in bits(mask)]


def suit_mask(suit: int) -> int:
    """All Hearts cards of one suit."""
    return 0x1FFF << (13 * suit)


def colour_mask(colour: int) -> int:
    """All Rook numbers (1..14) of one colour; never the bird card."""
    return 0x7FFE << (64 + 16 * colour)


class CardSet:
    """A read-only set of cards for people: readable ``repr``, iteration, ``in``."""

    __slots__ = ("mask",)

    def __init__(self, mask: int = 0) -> None:
        self.mask = mask

    def __iter__(self) -> Iterator[int]:
        return bits(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and card >= 0 and bool(self.mask >> card & 1)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __str__(self) -> str:
        return cards_text(self.mask)

    def __repr__(self) -> str:
        return f"CardSet({cards_text(self.mask)!r})"
