"""Trick resolution, once for every game, engine and bot: the led suit, the follow
mask, the winner under an optional trump, and trick points.

Cards are ints and hands are masks (:mod:`crowsnest.engine.cards`). A game describes
its cards by

* ``suits``: each printed suit's cards, the trumps-whatever-is-trump excluded (Hearts:
  the four suits; Rook: each colour without the bird card and the red 1);
* ``trump``: the mask of every trump (0 in Hearts and before trump is named);
* ``free``: the cards that may be played whatever was led (the Rook family's bird
  card; none in Hearts);
* ``power``: the strength of each card, indexed by card int. The highest power among
  the cards of the led suit and the trumps wins a trick, so a trump's power is above
  every other card's (Rook: :attr:`~crowsnest.engine.rules.rook.RookTables.power`);
  in Hearts a card's power is its int (within a suit, the rank order);
* ``points``: what each card is worth, indexed by card int.

:func:`trick_tables` bundles these for a rule set and a trump.

>>> from crowsnest.engine.cards import parse_card
>>> from crowsnest.engine.rules import get_rules
>>> t = trick_tables(get_rules("hearts"))
>>> trick = [parse_card(c, "hearts") for c in "TH 2S AH QS".split()]
>>> t.winner(trick), t.points_of(trick)
(2, 15)
>>> r = trick_tables(get_rules("rook/crowsnest"), trump=0)
>>> r.winner([parse_card(c, "rook") for c in "Y14 Y5 CROW Y13".split()])
2
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Final, NamedTuple

from crowsnest.engine.cards import CROW, Family, card_text, hearts_card, suit_mask
from crowsnest.engine.frozen import Reduced, reduce_frozen
from crowsnest.engine.rules import HeartsRules, RookRules, tables

HEARTS_SUITS: Final = tuple(suit_mask(s) for s in range(4))
"""The cards of each Hearts suit (clubs, diamonds, hearts, spades)."""
HEARTS_POWER: Final = tuple(range(52))
"""A Hearts card's strength is its int: within a suit, the rank order."""


def led_suit(card: int, trump: int, suits: tuple[int, ...]) -> int:
    """The suit ``card`` leads (its effective suit): every trump if it is one, else
    the cards of its printed suit (of ``suits``); 0 for a card of none of them (the
    bird card while no trump is named)."""
    if trump >> card & 1:
        return trump
    for suit in suits:
        if suit >> card & 1:
            return suit
    return 0


def follow_mask(hand: int, led: int, free: int = 0) -> int:
    """The cards of ``hand`` that follow the led suit ``led`` (with the ``free`` cards
    it holds, which may be played whatever was led); 0 when the hand is void in it,
    and the game's rule says what may be played then (any card, except on the first
    Hearts trick)."""
    follow = hand & led
    if follow:
        return follow | (hand & free)
    return 0


def winning_index(trick: Sequence[int], led: int, trump: int, power: tuple[int, ...]) -> int:
    """The index in ``trick`` (a non-empty trick, in play order, complete or not) of
    the card winning it: the highest ``power`` among the cards of the led suit and
    the trumps; the leader's card is of the led suit."""
    both = led | trump
    best, key = 0, power[trick[0]]
    for i in range(1, len(trick)):
        c = trick[i]
        if both >> c & 1 and power[c] > key:
            best, key = i, power[c]
    return best


def trick_points(trick: Sequence[int], points: tuple[int, ...]) -> int:
    """The points of the cards of ``trick`` (a table lookup per card)."""
    total = 0
    for c in trick:
        total += points[c]
    return total


@cache
def hearts_points(rules: HeartsRules) -> tuple[int, ...]:
    """Points of each Hearts card (0..51) under ``rules``: every heart, the queen of
    spades."""
    points = [0] * 52
    for c in range(26, 39):
        points[c] = rules.heart_points
    points[hearts_card(3, 12)] = rules.queen_points
    return tuple(points)


def card_points(rules: HeartsRules | RookRules) -> tuple[int, ...]:
    """Points of each card of a rule set, indexed by card int."""
    if isinstance(rules, HeartsRules):
        return hearts_points(rules)
    return tables(rules).points


@dataclass(frozen=True, slots=True)
class TrickTables:
    """One rule set's cards under one trump (or none), for trick resolution."""

    suits: tuple[int, ...]
    trump: int
    free: int
    power: tuple[int, ...]
    points: tuple[int, ...]

    def __reduce__(self) -> Reduced:
        return reduce_frozen(self)

    def led(self, card: int) -> int:
        return led_suit(card, self.trump, self.suits)

    def follow(self, hand: int, led: int) -> int:
        return follow_mask(hand, led, self.free)

    def winner(self, trick: Sequence[int]) -> int:
        """The index in ``trick`` of the card winning it."""
        return winning_index(trick, self.led(trick[0]), self.trump, self.power)

    def points_of(self, trick: Sequence[int]) -> int:
        return trick_points(trick, self.points)


@cache
def trick_tables(rules: HeartsRules | RookRules, trump: int | None = None) -> TrickTables:
    """The trick tables of ``rules``: Hearts has no trump, a Rook rule set needs the
    ``trump`` named (a colour, 0..3)."""
    if isinstance(rules, HeartsRules):
        return TrickTables(HEARTS_SUITS, 0, 0, HEARTS_POWER, hearts_points(rules))
    if trump is None:
        raise ValueError(f"{rules.id}: a Rook trick is played under a named trump")
    t = tables(rules)
    trumps = t.colour_masks[trump] | t.specials
    return TrickTables(t.colour_masks, trumps, t.deck & 1 << CROW, t.power[trump], t.points)


class Trick(NamedTuple):
    """A completed trick: public to everyone at the table.

    A named tuple, not a frozen dataclass: every trick of every playout builds one,
    and a tuple is built in half the time."""

    leader: int
    cards: tuple[int, ...]
    """In play order, starting with the leader's."""
    winner: int
    points: int

    @property
    def seats(self) -> tuple[int, ...]:
        """Who played each card of ``cards``."""
        return tuple((self.leader + i) % 4 for i in range(len(self.cards)))

    def to_json(self, family: Family) -> dict[str, Any]:
        """The trick as JSON, its cards those of ``family``'s deck."""
        return {
            "leader": self.leader,
            "cards": [card_text(c, family) for c in self.cards],
            "winner": self.winner,
            "points": self.points,
        }
