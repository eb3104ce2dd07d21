"""A search tree inside one sampled world: the Hard bot's ``tree`` option.

Without it, Hard plays each candidate card once in each world and lets the Normal
policy play the rest of the hand for every seat (:func:`~crowsnest.ai.hearts.search.
play_value`). With it, each world is searched by UCT (the method of Sturtevant's
xinxin): a tree grows from the decision, every seat choosing its cards in the tree by
UCB1 on its *own* result (each player for itself: the hand score relative to the mean
of the other three, :func:`~crowsnest.ai.hearts.search.relative`), and each new leaf is
played out by the Normal policy (:func:`~crowsnest.ai.hearts.search.rollout`). A
candidate's value in the world is the mean result of the playouts through it.

Everything is deterministic for a given world (no random draw: untried cards are
tried in order, ties go to the first), so the same seed gives the same decision.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

from crowsnest.ai.hearts.search import relative, rollout
from crowsnest.ai.hearts.worlds import Worlds
from crowsnest.engine import HeartsView
from crowsnest.engine.cards import bits
from crowsnest.engine.hearts import HeartsGame
from crowsnest.engine.rules.hearts import HEARTS

EXPLORATION: Final = 0.4
"""UCB1's exploration constant, on results scaled to a moon (26 points): xinxin's."""
SCALE: Final = 1 / 26


class Node:
    """A position in the tree: the seat on turn, its cards, and per card the visits,
    the summed result for that seat and the child (None until expanded)."""

    __slots__ = ("cards", "children", "counts", "seat", "sums", "visits")

    def __init__(self, seat: int, cards: list[int]) -> None:
        self.seat = seat
        self.cards = cards
        self.visits = 0
        self.counts = [0] * len(cards)
        self.sums = [0.0] * len(cards)
        self.children: list[Node | None] = [None] * len(cards)

    def select(self) -> int:
        """The card to follow: an untried one first, then UCB1's best."""
        if self.visits < len(self.cards):
            return self.visits
        log = math.log(self.visits)
        best, best_i = -math.inf, 0
        counts = self.counts
        sums = self.sums
        for i in range(len(counts)):
            n = counts[i]
            u = sums[i] / n + EXPLORATION * math.sqrt(log / n)
            if u > best:
                best, best_i = u, i
        return best_i


def tree_values(
    view: HeartsView, hands: Sequence[int], candidates: Sequence[int], known: Worlds, runs: int
) -> list[float]:
    """Each of ``candidates`` (cards of ``view``'s seat, on turn) valued in the world
    ``hands`` by ``runs`` playouts a candidate through a UCT tree: the mean
    :func:`~crowsnest.ai.hearts.search.relative` result of those through it (lower
    is better)."""
    me = known.me
    root = Node(me, list(candidates))
    for _ in range(runs * len(candidates)):
        game = HeartsGame.from_position(
            HEARTS,
            list(hands),
            trick=view.trick,
            leader=known.leader,
            tricks=view.tricks,
            broken=view.hearts_broken,
            taken=view.points_taken,
            totals=view.totals,
        )
        played = known.played
        voids = known.voids[:]
        node = root
        path: list[tuple[Node, int]] = []
        while True:
            i = node.select()
            path.append((node, i))
            card = node.cards[i]
            trick = game.trick
            if trick and card // 13 != trick[0] // 13:
                voids[node.seat] |= 1 << (trick[0] // 13)
            played |= 1 << card
            game.play_fast(card)
            if game.phase != "play":
                break
            child = node.children[i]
            if child is None:
                node.children[i] = Node(game.turn, list(bits(game.legal_mask())))
                break
            node = child
        if game.phase == "play":
            points = rollout(game, played, voids, me)
        else:
            points = game.results[-1].points
        for node, i in path:
            node.visits += 1
            node.counts[i] += 1
            node.sums[i] -= relative(points, node.seat) * SCALE
    return [-root.sums[i] / root.counts[i] / SCALE for i in range(len(candidates))]
