"""Hard: determinized search over deals consistent with everything it has seen.

At each card it samples worlds (:mod:`~crowsnest.ai.hearts.worlds`) — the unseen cards
dealt to the other hands so that every hand has its size, no player holds a suit it
has shown void in, and the cards it passed sit with the player it passed them to —
and plays every candidate card in every world (:mod:`~crowsnest.ai.hearts.search`),
the rest of the hand by the Normal policy for all four seats (which watches for
moons) — and, while nobody else has a point (:func:`~crowsnest.ai.hearts.search.
moon_line`), also by a moon-shooting policy for itself, a candidate counting its
better line. The card with the best mean result wins; a result is the hand
score, moon included, relative to the mean of the other three players. The same
worlds serve every candidate, so their comparison is not blurred by luck. It
samples a fixed number of worlds (so the same seed gives the same decision) and
stops early only if its time limit comes first.

The pass is searched the same way: the most dangerous cards by the Normal rules
form a few candidate passes, each played out over the same sampled deals of the
other 39 cards; a hand with three or more queens, kings and aces also tries the pass
that keeps them for a moon (:func:`~crowsnest.ai.hearts.search.moon_pass`), every
candidate then played on by both lines.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from crowsnest.ai.base import concrete
from crowsnest.ai.budget import Scorer, TimedSearch
from crowsnest.ai.hearts.common import pass_choice, playable
from crowsnest.ai.hearts.evidence import gather, weight
from crowsnest.ai.hearts.search import (
    EXACT_NODES,
    MOON_PASS_HIGH,
    pass_candidates,
    pass_out,
    pass_value,
    pass_world,
    play_candidates,
    play_out,
    play_value,
    survivors,
)
from crowsnest.ai.hearts.situation import DECK
from crowsnest.ai.hearts.solver import Solver
from crowsnest.ai.hearts.tree import tree_values
from crowsnest.ai.hearts.worlds import Worlds
from crowsnest.ai.outcome import Outcome, hearts_outcome
from crowsnest.engine import Action, HeartsView, LegalAction, PassCards, Play, PlayerView
from crowsnest.engine.cards import bits, popcount
from crowsnest.engine.rules.hearts import HEARTS

DEFAULT_WORLDS: Final = 200
"""Sampled worlds per decision: every candidate is played out in each."""
DEFAULT_EXACT_CARDS: Final = 0
"""Cards in hand from which each candidate is valued in each world by the exact search
of the rest of the hand rather than played out by the policies (0: never)."""
DEFAULT_TREE: Final = 0
"""Playouts a candidate in each world through a UCT tree (:mod:`~crowsnest.ai.hearts.
tree`); 0: one playout by the policies."""
DEFAULT_EVIDENCE: Final = 1.0
"""The weight a world loses per thing another player did that the Normal policy would
not have done holding that world's cards (:mod:`~crowsnest.ai.hearts.evidence`); 1:
every world alike."""
DEFAULT_TIME_LIMIT: Final = 0.9
"""Seconds after which the search stops early, whatever it has sampled."""


class Hard(TimedSearch):
    name = "hard"
    work = "worlds"

    def __init__(
        self,
        worlds: int = DEFAULT_WORLDS,
        time_limit: float = DEFAULT_TIME_LIMIT,
        moon_high: int = MOON_PASS_HIGH,
        exact_cards: int = DEFAULT_EXACT_CARDS,
        tree: int = DEFAULT_TREE,
        evidence: float = DEFAULT_EVIDENCE,
    ) -> None:
        self.worlds = worlds
        self.time_limit = time_limit
        self.moon_high = moon_high
        """Queens, kings and aces from which a hand tries the moon pass."""
        self.exact_cards = exact_cards
        self.tree = tree
        self.evidence = evidence

    def solver(self, me: int) -> Solver | None:
        """The exact search of the worlds' last tricks for seat ``me`` (None without)."""
        if not self.exact_cards:
            return None
        return Solver(HEARTS, me, EXACT_NODES, self.exact_cards)

    def choose(self, view: PlayerView, legal: Sequence[LegalAction], rng: random.Random) -> Action:
        assert isinstance(view, HeartsView) and view.seat is not None
        choice = pass_choice(legal)
        if choice is not None:
            return concrete(choice, self._pass(view, choice.allowed, choice.count, rng))
        cards = playable(legal)
        if len(cards) == 1:
            return Play(cards[0])
        return Play(self._play(view, cards, rng))

    def _play(self, view: HeartsView, cards: list[int], rng: random.Random) -> int:
        deadline = self.deadline()
        me = view.seat
        assert me is not None
        prior, candidates, moon = play_candidates(view, cards)
        if len(candidates) == 1:
            return candidates[0]
        # Each candidate is played on by the Normal policy and, when the moon is in
        # reach, also by the shooting policy; a candidate is worth its better line.
        lines: tuple[int | None, ...] = (None, me) if moon else (None,)
        results: dict[tuple[int, int | None], list[float]] = {
            (card, line): [] for card in candidates for line in lines
        }
        by_line = [[results[card, line] for card in candidates] for line in lines]
        alive = list(range(len(candidates)))
        worlds = 0
        known = Worlds(view)
        solver = self.solver(me)
        tree = self.tree if self._searches_tree(view) else 0
        searched: list[float] = []
        line: int | None = None
        factor = self.evidence
        evidence = gather(view) if factor != 1.0 else []
        weighted = {key: 0.0 for key in results}
        w = 1.0
        while self.search_on(worlds, deadline) and len(alive) > 1:
            hands = known.sample(rng)
            if evidence:
                w = weight(evidence, hands, factor)
            if tree:
                searched = tree_values(view, hands, [candidates[i] for i in alive], known, tree)
            for k, i in enumerate(alive):
                card = candidates[i]
                for line in lines:
                    if tree and line is None:
                        v = searched[k]
                    else:
                        v = play_value(view, hands, card, line, known, solver)
                    results[card, line].append(v)
                    weighted[card, line] += w * v
            worlds += 1
            alive = survivors(by_line, alive)
        if len(alive) == 1:
            return candidates[alive[0]]
        # With evidence, a candidate's results are weighed by how well each world
        # explains the others' play; the race above prunes on the plain results.
        totals = weighted if evidence else {key: sum(r) for key, r in results.items()}
        value = {candidates[i]: min(totals[candidates[i], line] for line in lines) for i in alive}
        # Ties go to the Normal policy's card: search overrides it only when it finds
        # something better.
        return min(value, key=lambda c: (round(value[c], 6), c != prior, c))

    def _searches_tree(self, view: HeartsView) -> bool:
        """Whether card play searches each world by a tree (not where it is solved)."""
        return bool(self.tree) and popcount(view.hand or 0) > self.exact_cards

    def scorer(self, view: PlayerView, legal: Sequence[LegalAction]) -> Scorer | None:
        """How this search values each action of the decision (a review's evidence,
        :mod:`crowsnest.ai.review`); None for a forced card. Results are
        :func:`~crowsnest.ai.hearts.search.relative` points (lower is better). A
        candidate with a moon line (:func:`~crowsnest.ai.hearts.search.moon_line`) is
        worth its better line
        in each world."""
        assert isinstance(view, HeartsView) and view.seat is not None
        me = view.seat
        choice = pass_choice(legal)
        if choice is not None:
            hand, count = choice.allowed, choice.count
            rest = list(bits(DECK & ~hand))
            passes, shoot = pass_candidates(hand, count, me, self.moon_high)

            def pass_lines(world: Any, action: Action) -> list[float]:
                assert isinstance(action, PassCards)
                return [pass_value(view, hand, world, action.cards, line) for line in shoot]

            def value_pass(world: Any, action: Action) -> float:
                return min(pass_lines(world, action))

            def pass_outcomes(world: Any, action: Action) -> list[Outcome]:
                assert isinstance(action, PassCards)
                return [
                    hearts_outcome(pass_out(view, hand, world, action.cards, line), me, -1)
                    for line in shoot
                ]

            return Scorer(
                candidates=[concrete(choice, c) for c in passes],
                draw=lambda rng: pass_world(me, hand, count, rest, rng),
                value=value_pass,
                higher=False,
                lines=pass_lines if len(shoot) > 1 else None,
                outcome=pass_outcomes,
            )
        cards = playable(legal)
        if len(cards) < 2:
            return None
        _, candidates, moon = play_candidates(view, cards)
        lines: tuple[int | None, ...] = (None, me) if moon else (None,)

        known = Worlds(view)
        solver = self.solver(me)
        tree = self.tree if self._searches_tree(view) else 0

        def line_values(world: Any, action: Action) -> list[float]:
            assert isinstance(action, Play)
            if tree:
                searched = tree_values(view, world, [action.card], known, tree)[0]
                return [
                    searched if line is None else play_value(view, world, action.card, line, known)
                    for line in lines
                ]
            return [play_value(view, world, action.card, line, known, solver) for line in lines]

        def value_play(world: Any, action: Action) -> float:
            return min(line_values(world, action))

        trick = len(view.tricks)

        def play_outcomes(world: Any, action: Action) -> list[Outcome]:
            assert isinstance(action, Play)
            return [
                hearts_outcome(play_out(view, world, action.card, line, known), me, trick)
                for line in lines
            ]

        return Scorer(
            candidates=[Play(c) for c in candidates],
            draw=known.sample,
            value=value_play,
            higher=False,
            face_up=lambda hands, nest: list(hands),
            lines=line_values if len(lines) > 1 else None,
            outcome=play_outcomes,
        )

    def _pass(self, view: HeartsView, hand: int, count: int, rng: random.Random) -> int:
        me = view.seat
        assert me is not None
        # With a moon pass among them, every candidate is also played on by the
        # shooting policy and is worth its better line (as in card play).
        candidates, lines = pass_candidates(hand, count, me, self.moon_high)
        default = candidates[0]
        deadline = self.deadline()
        results: list[list[list[float]]] = [[[] for _ in lines] for _ in candidates]
        by_line = [[r[k] for r in results] for k in range(len(lines))]
        alive = list(range(len(candidates)))
        rest = list(bits(DECK & ~hand))
        worlds = 0
        while self.search_on(worlds, deadline) and len(alive) > 1:
            world = pass_world(me, hand, count, rest, rng)
            for i in alive:
                for k, line in enumerate(lines):
                    results[i][k].append(pass_value(view, hand, world, candidates[i], line))
            worlds += 1
            alive = survivors(by_line, alive)
        totals = {candidates[i]: min(sum(r) for r in results[i]) for i in alive}
        return min(totals, key=lambda c: (round(totals[c], 6), c != default, c))
