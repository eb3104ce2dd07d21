"""Sampled worlds for the Hard bot: the unseen cards dealt to the other hands
consistently with everything a seat has seen.

Every hand gets its size, no player holds a suit it has shown void in, and the cards
the seat passed sit with the player it passed them to; while another player runs the
table, the worlds in which its hand is strong are favoured (:func:`sample_world`).
"""

from __future__ import annotations

import random
from typing import Final

from crowsnest.ai.draw import shuffle
from crowsnest.ai.hearts.policy import running
from crowsnest.ai.hearts.situation import DECK, played_in, voids_from
from crowsnest.engine import HeartsView
from crowsnest.engine.cards import bits, popcount
from crowsnest.engine.rules.hearts import PASS_OFFSET
from crowsnest.engine.tricks import HEARTS_SUITS

RUNNER_DRAWS: Final = 4
"""Worlds drawn for one sample while an opponent runs the table: the one in which
that player's hand is strongest is kept."""


def sample_world(view: HeartsView, rng: random.Random) -> list[int]:
    """Hands for all four seats consistent with what ``view`` shows.

    While another player is running the table (it has taken every point so far, at
    least :data:`~crowsnest.ai.hearts.policy.MOON_ALERT`), the cards it holds are
    not a random draw: a player keeps taking every point because it holds the top
    cards. Of :data:`RUNNER_DRAWS` worlds the one giving it the most
    :func:`strength` is kept, so the search weighs the moon it may still shoot."""
    return Worlds(view).sample(rng)


def strength(hand: int, live: int) -> int:
    """How strong ``hand`` is among ``live`` (the cards still to be played): for each
    of its cards, the live cards of its suit in other hands that it beats, less those
    that beat it."""
    n = 0
    rest = live & ~hand
    for c in bits(hand):
        suit = rest & HEARTS_SUITS[c // 13]
        below = suit & ((1 << c) - 1)
        n += popcount(below) - popcount(suit & ~below)
    return n


class Worlds:
    """What ``view`` shows of the unseen cards, worked out once a decision, and the
    worlds drawn from it (:meth:`sample`, as :func:`sample_world` describes): the
    search draws hundreds, and the view does not change between them."""

    def __init__(self, view: HeartsView) -> None:
        me = view.seat
        assert me is not None and view.hand is not None
        self.me = me
        self.hand = view.hand
        self.hand_sizes = list(view.hand_sizes)
        played = played_in(view)
        self.played = played
        """Cards played to this round's tricks, the current one included."""
        unseen = DECK & ~self.hand & ~played
        fixed = [0, 0, 0, 0]
        offset = PASS_OFFSET[view.pass_direction]
        if view.passed and offset and view.phase != "pass":
            fixed[(me + offset) % 4] = view.passed & unseen
        self.fixed = fixed
        self.leader = view.leader if view.leader is not None else me
        self.voids = voids_from(view.tricks, view.trick, self.leader)
        """Per seat, the suits it has shown void in (a copy for each playout)."""
        self.free = list(bits(unseen & ~(fixed[0] | fixed[1] | fixed[2] | fixed[3])))
        self.others = [p for p in range(4) if p != me]
        self.eligible = {
            c: [p for p in self.others if not self.voids[p] >> (c // 13) & 1] for c in self.free
        }
        self.runner = next((p for p in range(4) if p != me and running(view.points_taken, p)), None)

    def sample(self, rng: random.Random) -> list[int]:
        """One world (:func:`sample_world`)."""
        hands = self._deal(rng)
        runner = self.runner
        if runner is None:
            return hands
        others = DECK & ~self.played
        best = strength(hands[runner], others)
        for _ in range(RUNNER_DRAWS - 1):
            world = self._deal(rng)
            k = strength(world[runner], others)
            if k > best:
                hands, best = world, k
        return hands

    def _deal(self, rng: random.Random) -> list[int]:
        """One uniformly random deal of the unseen cards consistent with the view."""
        me = self.me
        fixed = self.fixed
        free = self.free[:]  # shuffled from the same order at every deal, as before
        eligible = self.eligible
        others = self.others
        for attempt in range(40):
            respect_voids = attempt < 39
            hands = fixed[:]
            cap = [self.hand_sizes[p] - popcount(fixed[p]) for p in range(4)]
            cap[me] = 0
            shuffle(free, rng)
            order = sorted(free, key=lambda c: len(eligible[c])) if respect_voids else free
            for c in order:
                ps = [p for p in (eligible[c] if respect_voids else others) if cap[p] > 0]
                if not ps:
                    break
                r = rng.random() * sum(cap[p] for p in ps)
                for p in ps:
                    r -= cap[p]
                    if r < 0:
                        break
                hands[p] |= 1 << c
                cap[p] -= 1
            else:
                hands[me] = self.hand
                return hands
        raise AssertionError("no world fits the view")  # pragma: no cover
