"""Deals: one deal (the four hands and the nest, as masks), a fixed deal read and
validated, and a deck's cards as a list to shuffle."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from crowsnest.engine.cards import Family, bits, card_list_text, cards_text, parse_cards
from crowsnest.engine.errors import InvalidAction
from crowsnest.engine.frozen import Reduced, reduce_frozen


@dataclass(frozen=True, slots=True)
class Deal:
    """One deal: the four hands (seats 0..3) and the nest, as masks."""

    hands: tuple[int, int, int, int]
    nest: int = 0

    def __reduce__(self) -> Reduced:
        return reduce_frozen(self)

    def to_json(self, family: Family) -> dict[str, Any]:
        """The deal as JSON, its cards those of ``family``'s deck."""
        out: dict[str, Any] = {"hands": [card_list_text(h, family) for h in self.hands]}
        if self.nest:
            out["nest"] = card_list_text(self.nest, family)
        return out


def parse_deal(data: object, family: Family, deck: int, hand_size: int, nest_size: int) -> Deal:
    """Validate one deal of ``family``'s cards given as ``{"hands": [[card, ...] x4],
    "nest": [card, ...]}``."""
    if not isinstance(data, Mapping):
        raise InvalidAction("bad_deal", "a deal is an object with 'hands' (and 'nest')")
    unknown = set(data) - {"hands", "nest"}
    if unknown:
        raise InvalidAction("bad_deal", f"unknown deal fields {sorted(unknown)!r}")
    hands_in = data.get("hands")
    if not isinstance(hands_in, Sequence) or isinstance(hands_in, str) or len(hands_in) != 4:
        raise InvalidAction("bad_deal", "'hands' must be a list of 4 lists of cards")
    nest_in = data.get("nest", [])
    seen = 0
    masks: list[int] = []
    named: list[tuple[str, object]] = [(f"hand {i}", h) for i, h in enumerate(hands_in)]
    for who, cards in [*named, ("nest", nest_in)]:
        if not isinstance(cards, Sequence) or isinstance(cards, str):
            raise InvalidAction("bad_deal", f"{who} must be a list of cards")
        if not all(isinstance(c, str) for c in cards):
            raise InvalidAction("bad_deal", f"{who} must be a list of card texts")
        try:
            mask = parse_cards(cards, family)
        except InvalidAction as err:  # a card of no deck, of another one, or named twice
            raise InvalidAction("bad_deal", f"{who}: {err.message}") from None
        size = nest_size if who == "nest" else hand_size
        if mask.bit_count() != size:
            raise InvalidAction("bad_deal", f"{who} has {mask.bit_count()} cards, not {size}")
        if mask & ~deck:
            raise InvalidAction(
                "bad_deal", f"{who}: {cards_text(mask & ~deck, family)} not in this deck"
            )
        if mask & seen:
            raise InvalidAction("bad_deal", f"{who}: {cards_text(mask & seen, family)} dealt twice")
        seen |= mask
        masks.append(mask)
    return Deal((masks[0], masks[1], masks[2], masks[3]), masks[4])


@cache
def _deck_tuple(deck: int) -> tuple[int, ...]:
    return tuple(bits(deck))


def deck_list(deck: int) -> list[int]:
    """The cards of ``deck``, lowest first, as a new list (to shuffle)."""
    return list(_deck_tuple(deck))
