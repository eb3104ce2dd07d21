"""What every Rook bot shares: a rule set's tables and small card helpers.

Cards are ints and sets of cards are masks (:mod:`crowsnest.engine.cards`). Once
trump is named a card's *power* (``Deck.power[trump][card]``) orders every card: a
trump is worth the engine's ``TRUMP_BONUS`` more than its rank, so the highest power
among the cards of the led suit and the trumps wins a trick.

A view names its rule set (``rook/crowsnest@1``) but not its options; the only
option that changes the cards is the removed bird card, and the view shows it as a
nest one card smaller (``RookView.rule_set``, from the engine's ``rules_of_view``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from crowsnest.engine import Bid, Choose, LegalAction, NameTrump, Play, RookRules, RookView
from crowsnest.engine.cards import CROW, bits
from crowsnest.engine.frozen import Reduced, reduce_frozen
from crowsnest.engine.rules.rook import RED_ONE, ROOK_CARDS, TRUMP_BONUS, tables
from crowsnest.engine.tricks import led_suit


@dataclass(frozen=True, slots=True, eq=False)
class Deck:
    """A rule set's cards, as the bots use them (one per rule set, cached; compared
    and hashed by identity)."""

    rules: RookRules
    deck: int
    points: tuple[int, ...]
    rank: tuple[int, ...]
    power: tuple[tuple[int, ...], ...]
    colours: tuple[int, ...]
    """Each colour's cards, the bird card and the red 1 excluded."""
    specials: int
    """The bird card and the red 1: trump whatever colour is trump."""
    counters: int
    bird: int
    """The bird card's bit, or 0 when the rule set has none."""
    bird_low: bool
    """The bird card is the lowest trump (CrowsNest) rather than a high one."""
    red_one: int
    tops: int
    """The highest card of each colour (the 14s, or the 1s where they rank high)."""
    beaters: tuple[tuple[int, ...], ...]
    """``beaters[trump][card]``: the cards of ``card``'s effective suit that beat it."""
    counter_points: int
    hand_size: int
    nest_size: int
    trick_bonus: int
    min_bid: int
    max_bid: int
    bid_step: int
    """The rule set's figures the policies read at every card and bid, copied from ``rules``
    (:class:`RookRules` is not compiled, and ``counter_points`` and ``max_bid`` are
    properties that add up the counters at every call)."""

    def __reduce__(self) -> Reduced:
        return reduce_frozen(self)

    def trump_mask(self, trump: int) -> int:
        return self.colours[trump] | self.specials


@cache
def deck_of(rules: RookRules) -> Deck:
    t = tables(rules)
    tops = 0
    for colour in range(4):
        cards = list(bits(t.colour_masks[colour]))
        tops |= 1 << max(cards, key=lambda c: t.rank[c])
    return Deck(
        rules=rules,
        deck=t.deck,
        points=t.points,
        rank=t.rank,
        power=t.power,
        colours=t.colour_masks,
        specials=t.specials,
        counters=t.counters,
        bird=t.deck & 1 << CROW,
        bird_low=rules.bird and rules.bird_place == "lowest",
        red_one=t.deck & 1 << RED_ONE,
        tops=tops,
        beaters=tuple(_beaters(t.deck, t.colour_masks, t.specials, t.power[k]) for k in range(4)),
        counter_points=rules.counter_points,
        hand_size=rules.hand_size,
        nest_size=rules.nest_size,
        trick_bonus=rules.trick_bonus,
        min_bid=rules.min_bid,
        max_bid=rules.max_bid,
        bid_step=rules.bid_step,
    )


def _beaters(
    deck: int, colours: tuple[int, ...], specials: int, power: tuple[int, ...]
) -> tuple[int, ...]:
    trumps = next(colours[k] for k in range(4) if power[lowest_bit(colours[k])] >= TRUMP_BONUS)
    trumps |= specials
    out = [0] * ROOK_CARDS
    for c in range(ROOK_CARDS):
        if not deck >> c & 1:
            continue
        suit = led_suit(c, trumps, colours)
        m = 0
        for d in range(ROOK_CARDS):
            if suit >> d & 1 and power[d] > power[c]:
                m |= 1 << d
        out[c] = m
    return tuple(out)


def rules_of(view: RookView) -> RookRules:
    """The rule set a view is played under (the cards, points and scoring; options
    that only bound the bids show in the legal actions instead)."""
    rules = view.rule_set
    assert rules.family == "rook", f"{rules.id} is not a Rook rule set"
    return rules


def deck_for(view: RookView) -> Deck:
    return deck_of(rules_of(view))


# -- legal actions ----------------------------------------------------------------------


def playable(legal: Sequence[LegalAction]) -> int:
    """The playable cards among ``legal``, as a mask."""
    mask = 0
    for a in legal:
        if isinstance(a, Play):
            mask |= 1 << a.card
    return mask


def bids(legal: Sequence[LegalAction]) -> tuple[bool, list[int]]:
    """(may pass, the amounts one may bid, lowest first)."""
    amounts = sorted(a.amount for a in legal if isinstance(a, Bid) and a.amount is not None)
    return any(isinstance(a, Bid) and a.amount is None for a in legal), amounts


def discard_choice(legal: Sequence[LegalAction]) -> Choose | None:
    for a in legal:
        if isinstance(a, Choose) and a.kind == "discard":
            return a
    return None


def trump_choices(legal: Sequence[LegalAction]) -> list[int]:
    return [a.colour for a in legal if isinstance(a, NameTrump)]


# -- masks ----------------------------------------------------------------------------


def lowest_bit(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def cards(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def weakest(mask: int, power: tuple[int, ...]) -> int:
    best, key = -1, 1 << 30
    while mask:
        low = mask & -mask
        c = low.bit_length() - 1
        if power[c] < key:
            best, key = c, power[c]
        mask ^= low
    return best


def points_of(mask: int, points: tuple[int, ...]) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += points[low.bit_length() - 1]
        mask ^= low
    return total
