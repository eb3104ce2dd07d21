"""Cards are small ints of their deck, sets of cards are int bitmasks.

Each family numbers its own deck from 0, so that every hand fits one machine
word (bits 0..56): the compiled core (:mod:`crowsnest.native`) keeps such ints
unboxed, and a mask operation is one instruction.

* Hearts (French deck): ``suit * 13 + (rank - 2)`` for suits ``C D H S`` (0..3) and
  ranks 2..14 (``T J Q K A`` for 10..14): ``2C`` is 0, ``AS`` is 51.
* Rook family: ``colour * 14 + number`` for colours ``R Y G B`` (0..3) and
  numbers 1..14: ``R1`` is 1, ``B14`` is 56. The bird card ``CROW`` is 0.

So a card's int means something only with its family (``"hearts"`` or ``"rook"``,
a rule set's ``family``): naming cards (:func:`card_text`) and reading them
(:func:`parse_card`) take it. The texts themselves never collide (``QS``, ``R14``,
``CROW``), so a text always says which deck it is from.

A set of cards is an int with bit ``c`` set for card ``c``: following suit is one
``&``, the size of a hand is ``int.bit_count``.

>>> parse_card("QS", HEARTS), card_text(parse_card("R14", ROOK), ROOK)
(49, 'R14')
>>> CardSet(parse_cards("2C QS TH", HEARTS), HEARTS)
CardSet('2C TH QS')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Final, Literal

from crowsnest.engine.errors import InvalidAction

Family = Literal["hearts", "rook"]
HEARTS: Final[Family] = "hearts"
ROOK: Final[Family] = "rook"
DECK_NAMES: Final[dict[Family, str]] = {"hearts": "the Hearts deck", "rook": "the Rook deck"}

HEARTS_SUITS: Final = "CDHS"
HEARTS_RANKS: Final = "23456789TJQKA"
ROOK_COLOURS: Final = "RYGB"
COLOUR_NAMES: Final = ("red", "yellow", "green", "black")
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")

CROW: Final = 0
"""The bird card (``CROW``), called the Crow in CrowsNest and the Rook elsewhere."""


def hearts_card(suit: int, rank: int) -> int:
    """The Hearts card of ``suit`` (0..3 for C D H S) and ``rank`` (2..14)."""
    return suit * 13 + rank - 2


def rook_card(colour: int, number: int) -> int:
    """The Rook card of ``colour`` (0..3 for R Y G B) and ``number`` (1..14)."""
    return colour * 14 + number


def suit_of(card: int) -> int:
    """Printed suit of a Hearts card (0..3)."""
    return card // 13


def rank_of(card: int) -> int:
    """Printed rank of a Hearts card (2..14)."""
    return card % 13 + 2


def colour_of(card: int) -> int:
    """Printed colour of a Rook card (0..3); -1 for the bird card."""
    return (card - 1) // 14 if card != CROW else -1


def number_of(card: int) -> int:
    """Printed number of a Rook card (1..14); 0 for the bird card."""
    return (card - 1) % 14 + 1 if card != CROW else 0


def _names() -> dict[Family, tuple[str, ...]]:
    hearts = tuple(HEARTS_RANKS[c % 13] + HEARTS_SUITS[c // 13] for c in range(52))
    rook = ("CROW", *[f"{ROOK_COLOURS[colour_of(c)]}{number_of(c)}" for c in range(1, 57)])
    return {"hearts": hearts, "rook": rook}


CARD_NAMES: Final = _names()
"""Each family's card texts, indexed by card: ``CARD_NAMES["rook"][14] == "R14"``."""
_BY_TEXT: Final[dict[str, tuple[Family, int]]] = {
    text: (family, card) for family, names in CARD_NAMES.items() for card, text in enumerate(names)
}


def card_text(card: int, family: Family) -> str:
    """Notation of one card of ``family``: ``QS``, ``TH``, ``R14``, ``CROW``."""
    return CARD_NAMES[family][card]


def is_card(card: object, family: Family) -> bool:
    """``card`` is an int naming a card of ``family``'s deck."""
    return (
        isinstance(card, int) and not isinstance(card, bool) and 0 <= card < len(CARD_NAMES[family])
    )


def parse_card(text: str, family: Family | None = None) -> int:
    """Parse one card's notation (case-insensitive) into its int; raise
    ``InvalidAction`` if it names no card, or (``family`` given) a card of another
    deck. Without ``family``, the deck is the one the text names (texts never
    collide), which suits code that knows it already."""
    found = _BY_TEXT.get(text.strip().upper())
    if found is None:
        raise InvalidAction("unknown_card", f"{text!r} is not a card")
    if family is not None and found[0] != family:
        raise InvalidAction("unknown_card", f"{text!r} is not a card of {DECK_NAMES[family]}")
    return found[1]


def parse_cards(text: str | Iterable[str], family: Family | None = None) -> int:
    """Parse cards separated by spaces (or an iterable of card texts) into a mask.

    A card named twice is an error: a set of cards holds each card once. Without
    ``family``, every card must be of the deck the first names.
    """
    items = text.split() if isinstance(text, str) else list(text)
    mask = 0
    for item in items:
        if family is None:
            found = _BY_TEXT.get(item.strip().upper())
            family = found[0] if found is not None else None
        bit = 1 << parse_card(item, family)
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


_COUNTS: Final[list[int]] = [0] * (1 << 16)
"""The number of bits of every 16-bit int (:func:`popcount`)."""
for _i in range(1, 1 << 16):
    _COUNTS[_i] = _COUNTS[_i >> 1] + (_i & 1)


def popcount(mask: int) -> int:
    """The number of cards in ``mask``: ``mask.bit_count()``, which the compiled core
    (:mod:`crowsnest.native`) can only call as a Python method on a boxed int, four
    table lookups instead for any mask of a deck (below 2^64)."""
    if mask < 0 or mask >> 64:
        return mask.bit_count()
    c = _COUNTS
    return c[mask & 0xFFFF] + c[mask >> 16 & 0xFFFF] + c[mask >> 32 & 0xFFFF] + c[mask >> 48]


def cards_of(mask: int) -> list[int]:
    return list(bits(mask))


def cards_text(mask: int, family: Family) -> str:
    """Notation of a set of cards: suit by suit, low to high, separated by spaces."""
    names = CARD_NAMES[family]
    return " ".join(names[c] for c in bits(mask))


def card_list_text(mask: int, family: Family) -> list[str]:
    names = CARD_NAMES[family]
    return [names[c] for c in bits(mask)]


def suit_mask(suit: int) -> int:
    """All Hearts cards of one suit."""
    return 0x1FFF << (13 * suit)


def colour_mask(colour: int) -> int:
    """All Rook numbers (1..14) of one colour; never the bird card."""
    return 0x3FFF << (1 + 14 * colour)


class CardSet:
    """A read-only set of cards of one family for people: readable ``repr``,
    iteration, ``in``."""

    __slots__ = ("family", "mask")

    def __init__(self, mask: int, family: Family) -> None:
        self.mask = mask
        self.family = family

    def __iter__(self) -> Iterator[int]:
        return bits(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __contains__(self, card: object) -> bool:
        return isinstance(card, int) and card >= 0 and bool(self.mask >> card & 1)

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, CardSet) and other.mask == self.mask and other.family == self.family
        )

    def __hash__(self) -> int:
        return hash((self.mask, self.family))

    def __str__(self) -> str:
        return cards_text(self.mask, self.family)

    def __repr__(self) -> str:
        return f"CardSet({cards_text(self.mask, self.family)!r})"
