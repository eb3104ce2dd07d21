"""Why an action is refused: each family's checks of an action of the right kind for
the phase, raising :class:`~crowsnest.engine.errors.IllegalAction` with a stable
``code``, a message that quotes the input (``text``) and the arguments a client
words it with. The games call them from ``check`` with what their state says."""

from __future__ import annotations

from collections.abc import Sequence

from crowsnest.engine.actions import Choose
from crowsnest.engine.cards import HEARTS, ROOK, SUIT_NAMES, cards_text
from crowsnest.engine.errors import IllegalAction
from crowsnest.engine.rules.rook import RookRules
from crowsnest.engine.tricks import HEARTS_SUITS

# -- Hearts ----------------------------------------------------------------------------


def hearts_wrong_action(phase: str, count: int, direction: str, text: str) -> IllegalAction:
    """The error for an action of another kind than ``phase`` asks for (the pass: of
    ``count`` cards ``direction``)."""
    if phase == "pass":
        return IllegalAction(
            "wrong_action",
            f"{text!r}: now each player passes {count} cards "
            f"{direction} ('pass <card> <card> <card>')",
        )
    return IllegalAction("wrong_action", f"{text!r}: now you play a card ('play <card>')")


def check_pass(cards: int, hand: int, count: int, text: str) -> None:
    """Passing ``cards`` of ``hand``, where each player passes ``count`` cards."""
    n = cards.bit_count()
    if n != count:
        raise IllegalAction(
            "wrong_card_count", f"{text!r}: pass {count} cards, not {n}", {"count": count}
        )
    if cards & ~hand:
        raise IllegalAction(
            "card_not_in_hand", f"{text!r}: you do not hold {cards_text(cards & ~hand, HEARTS)}"
        )


def check_hearts_play(
    card: int, hand: int, legal: int, trick: Sequence[int], first_trick: bool, text: str
) -> None:
    """Playing ``card`` from ``hand`` to ``trick``, where ``legal`` are the cards it
    may play (``first_trick``: no trick is done yet)."""
    bit = 1 << card
    if not bit & hand:
        raise IllegalAction("card_not_in_hand", f"{text!r}: you do not hold that card")
    if bit & legal:
        return
    if not trick and first_trick:
        raise IllegalAction("must_lead_two_of_clubs", f"{text!r}: the first trick opens 2C")
    if trick and hand & HEARTS_SUITS[trick[0] // 13]:
        suit = SUIT_NAMES[trick[0] // 13]
        raise IllegalAction("must_follow_suit", f"{text!r}: you must follow {suit}", {"suit": suit})
    if trick:
        raise IllegalAction(
            "no_points_on_first_trick",
            f"{text!r}: no heart and not the queen of spades on the first trick "
            "while you hold another card",
        )
    raise IllegalAction(
        "hearts_not_broken",
        f"{text!r}: hearts are not broken and you hold a card that is not a heart",
    )


# -- Rook ------------------------------------------------------------------------------


def rook_wrong_action(phase: str, nest_size: int, text: str) -> IllegalAction:
    """The error for an action of another kind than ``phase`` asks for."""
    expected = {
        "auction": "a bid ('bid 75' or 'bid pass')",
        "discard": f"a discard of {nest_size} cards ('discard <card> ...')",
        "trump": "naming trump ('trump red')",
        "play": "playing a card ('play <card>')",
    }[phase]
    return IllegalAction("wrong_action", f"{text!r}: now is {expected}")


def check_bid(
    rules: RookRules, amount: int | None, forced: bool, high_bid: int | None, text: str
) -> None:
    """A bid of ``amount`` (None: a pass) over ``high_bid`` (None: no bid yet), by a
    dealer ``forced`` to bid or not."""
    if amount is None:
        if forced:
            raise IllegalAction(
                "dealer_must_bid",
                f"{text!r}: the others passed; the dealer must bid at least {rules.min_bid}",
            )
        return
    if amount % rules.bid_step:
        raise IllegalAction(
            "bid_not_multiple",
            f"{text!r}: bids are multiples of {rules.bid_step}",
            {"step": rules.bid_step},
        )
    if amount > rules.max_bid:
        raise IllegalAction(
            "bid_too_high", f"{text!r}: the most is {rules.max_bid}", {"maximum": rules.max_bid}
        )
    if amount < rules.min_bid:
        raise IllegalAction(
            "bid_too_low",
            f"{text!r}: the minimum bid is {rules.min_bid}",
            {"minimum": rules.min_bid},
        )
    if high_bid is not None and amount <= high_bid:
        raise IllegalAction(
            "bid_too_low",
            f"{text!r}: the bid must be higher than {high_bid}",
            {"minimum": high_bid + rules.bid_step},
        )


def check_discard(cards: int, hand: int, choice: Choose, text: str) -> None:
    """Laying ``cards`` of ``hand`` back into the nest, as ``choice`` (the declarer's
    legal discard) admits."""
    n = choice.count
    if cards.bit_count() != n:
        raise IllegalAction(
            "wrong_card_count",
            f"{text!r}: discard {n} cards, not {cards.bit_count()}",
            {"count": n},
        )
    if cards & ~hand:
        raise IllegalAction(
            "card_not_in_hand", f"{text!r}: you do not hold {cards_text(cards & ~hand, ROOK)}"
        )
    if not choice.admits(cards):
        because = (
            f"discard every card that is not a counter ({cards_text(choice.required, ROOK)}) "
            "before any counter"
            if choice.required
            else "counters may not be discarded while you hold other cards"
        )
        raise IllegalAction("counter_discard", f"{text!r}: {because}")


def check_rook_play(card: int, hand: int, legal: int, led: str, text: str) -> None:
    """Playing ``card`` from ``hand``, where ``legal`` are the cards it may play and
    ``led`` names the suit led."""
    bit = 1 << card
    if not bit & hand:
        raise IllegalAction("card_not_in_hand", f"{text!r}: you do not hold that card")
    if not bit & legal:
        raise IllegalAction(
            "must_follow_suit", f"{text!r}: you must follow the led suit ({led})", {"suit": led}
        )
