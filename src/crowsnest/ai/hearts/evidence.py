"""Who holds what: how well a sampled world explains what the others did, the Hard
bot's ``evidence`` option.

Hard's worlds are uniform over the deals consistent with the voids and the pass.
The others' cards say more: a player who follows a 9D with the 3D, the way the Normal
policy follows (the highest card that still loses), holds none of 4D-8D; a player who
discards the JD on a club rather than the QS it would throw holds no QS. Each card
another player followed suit or discarded with, with a choice, is a piece of
:data:`Evidence`, gathered once a decision (what that player knew then is the same in
every world); so is, on an across pass, the pass received from the player opposite
(its hand before the pass is then known in every world). A world's :func:`surprises`
are the pieces the Normal policy would have played (or passed) otherwise holding that
world's cards; the search weighs the world by a factor to that power (:func:`weight`).
Leads are not counted: they are where players differ most.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from crowsnest.ai.hearts.common import HEART_SUIT
from crowsnest.ai.hearts.policy import normal_pass, normal_play
from crowsnest.ai.hearts.situation import Situation
from crowsnest.engine import HeartsView
from crowsnest.engine.cards import suit_mask
from crowsnest.engine.hearts import legal_cards
from crowsnest.engine.rules.hearts import PASS_OFFSET

SUIT_MASKS: Final = tuple(suit_mask(s) for s in range(4))
PASS_PIECE: Final = -1
"""The card of the piece of evidence that is the pass received (its cards in
``since``)."""


class Piece:
    """One thing another player did: at ``then`` (its hand left blank), seat
    ``seat`` played ``card`` (or, for :data:`PASS_PIECE`, passed ``since`` from the
    hand ``hand_add`` adds to); ``since``: the cards it has played from then on, that
    card included."""

    __slots__ = ("card", "hand_add", "hand_drop", "seat", "since", "then")

    def __init__(
        self, then: Situation | None, seat: int, card: int, since: int, add: int, drop: int
    ) -> None:
        self.then = then
        self.seat = seat
        self.card = card
        self.since = since
        self.hand_add = add
        self.hand_drop = drop


Evidence = list[Piece]


def gather(view: HeartsView) -> Evidence:
    """What the others' following cards, discards and (across) the pass received say
    about their hands, from the round as ``view`` shows it: the same for every world."""
    me = view.seat
    assert me is not None
    history = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        history.append((view.leader if view.leader is not None else me, tuple(view.trick)))
    since = [0, 0, 0, 0]
    held: list[list[int]] = []
    for leader, cards in reversed(history):
        for i, c in enumerate(cards):
            since[(leader + i) % 4] |= 1 << c
        held.append(since[:])
    held.reverse()
    out: Evidence = []
    offset = PASS_OFFSET[view.pass_direction]
    if offset == 2 and view.received and view.passed:
        opposite = (me + 2) % 4
        played = since[opposite]
        out.append(Piece(None, opposite, PASS_PIECE, view.received, played, view.passed))
    taken = [0, 0, 0, 0]
    voids = [0, 0, 0, 0]
    played = 0
    for k, (leader, cards) in enumerate(history):
        led = cards[0] // 13
        for i, c in enumerate(cards):
            seat = (leader + i) % 4
            if i and seat != me:
                broken = bool(played & SUIT_MASKS[HEART_SUIT])
                then = Situation(
                    seat, 0, 0, list(cards[:i]), leader, played, broken, k == 0,
                    taken[:], list(view.totals), voids[:],
                )  # fmt: skip
                out.append(Piece(then, seat, c, held[k][seat], 0, 0))
            if i and c // 13 != led:
                voids[seat] |= 1 << led
            played |= 1 << c
        if k < len(view.tricks):
            taken[view.tricks[k].winner] += view.tricks[k].points
    return out


def surprises(evidence: Evidence, hands: Sequence[int]) -> int:
    """How many pieces of ``evidence`` the Normal policy would have done otherwise,
    had the hands been ``hands`` (each player's cards now, with those it has played
    since)."""
    n = 0
    for piece in evidence:
        hand = hands[piece.seat] | piece.since
        then = piece.then
        if then is None:  # the pass received: the hand before it
            before = (hand | piece.hand_add) & ~piece.hand_drop
            count = bin(piece.since).count("1")
            if normal_pass(before, count) != piece.since:
                n += 1
            continue
        led = then.trick[0] // 13
        legal = legal_cards(hand, SUIT_MASKS[led], then.first, then.broken)
        if legal & (legal - 1):
            then.hand = hand
            then.legal = legal
            if normal_play(then) != piece.card:
                n += 1
    return n


def weight(evidence: Evidence, hands: Sequence[int], factor: float) -> float:
    """The world ``hands``'s weight: ``factor`` to the power of its :func:`surprises`."""
    return float(factor ** surprises(evidence, hands)) if evidence else 1.0
