"""Hard: every decision searched over sampled deals, within a time budget.

Each decision draws worlds — the hidden cards dealt to the other hands and the nest
consistently with the view (:mod:`crowsnest.ai.rook.worlds`) — and plays every
candidate (:mod:`crowsnest.ai.rook.candidates`) out in every world, all four seats
by the Normal policy from there (:mod:`crowsnest.ai.rook.search`): the opponents by
Normal's weights, its own side by its :attr:`Hard.style` (the rule set's,
:data:`~crowsnest.ai.rook.settings.RULE_STYLES`). The same worlds serve every
candidate, so their comparison is not blurred by luck; the candidate with the best
mean hand score (its team's minus the other team's, by the rule set's own scoring)
wins if it beats the policy's choice by more than the sampling noise
(:func:`~crowsnest.ai.rook.margins.threshold`), else the policy's choice stands. A
candidate clearly worse than the leader is dropped as the search goes
(:func:`~crowsnest.ai.budget.race`), and the search stops once one is left.

It plays ``playouts`` hands out per decision, spread over as many worlds as that
makes for the candidates (so the same seed gives the same decision), and stops
early only if its ``time_limit`` comes first. Setting ``budget`` (seconds) makes the
search time-bounded instead: as many worlds as fit. Its options and their defaults
are in :mod:`crowsnest.ai.rook.settings`, the margins and bars it judges by in
:mod:`crowsnest.ai.rook.margins`.

* **Auction**: in each world, what the hand makes as declarer (taking the unseen
  nest, discarding and naming trump the Normal way) against what happens if it
  passes (the others finish the auction the Normal way, and the hand is played out
  under whoever wins it, or redealt). Each legal amount is scored from what the
  hand made in every world — the bid (CrowsNest) or the points captured when made,
  minus the bid when set — so it bids only what it expects to make, and in
  CrowsNest as high as pays. A playout counts as made only with a margin to spare
  (``bid_shade``: wider for a hand with no bird card and no top card, narrower
  where measured to pay, ``SHADE_SCALES``). A call too close to call on a
  decision's playouts (``close_call``) gets up to :data:`AUCTION_ROUNDS` times as
  many. Once both opponents have passed and the partner holds the bid, it raises
  only where that clearly pays (``RAISE_MARGIN``, judged with the full margins:
  ``auction_shade``).
* **Nest**: discards built from the two best trump colours, burying side counters
  or keeping them, searched like the play; the nest goes to whoever takes the last
  trick, so burying pays when the declarer's side will likely take it.
* **Trump**: every colour the hand could name, searched.
* **Card play**: every legal card, searched; over the last three tricks
  (:data:`~crowsnest.ai.rook.exact.EXACT_CARDS`) each world is played out exactly
  (double dummy, :mod:`crowsnest.ai.rook.exact`) instead of by the Normal policy.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Final

from crowsnest.ai.base import concrete
from crowsnest.ai.budget import Scorer, race
from crowsnest.ai.rook.candidates import (
    bid_value,
    bid_world,
    discard_options,
    discard_run,
    play_candidates,
    play_run,
    trump_candidates,
    trump_run,
)
from crowsnest.ai.rook.common import Deck, bids, deck_for, discard_choice, playable, trump_choices
from crowsnest.ai.rook.margins import (
    RAISE_MARGIN,
    auction_shade,
    clear_gain,
    close_call,
    made_with,
    partner_holds_it,
    threshold,
)
from crowsnest.ai.rook.scorer import scorer_of
from crowsnest.ai.rook.settings import HardSettings
from crowsnest.ai.rook.worlds import known_of, sample
from crowsnest.engine import (
    Action,
    Bid,
    Choose,
    LegalAction,
    NameTrump,
    Play,
    PlayerView,
    RookView,
)

AUCTION_ROUNDS: Final = 3
"""A bid too close to call (:func:`~crowsnest.ai.rook.margins.close_call`) after a
decision's playouts gets up to this many times as many: the hands whose contract the
same cards make either way are close calls, and at one decision's playouts the
bid-or-pass choice of such a hand turns on the seed
(``test_hard_opens_a_hand_that_makes_its_bid_either_way``)."""


class Hard(HardSettings):
    name = "hard"
    work = "playouts"

    def forecast(
        self, view: RookView, bid: int, worlds: int, rng: random.Random
    ) -> tuple[float, float]:
        """What its auction's playouts expect of its own contract at ``bid``, from
        ``view`` (one of its auction decisions), over ``worlds`` worlds drawn as a
        decision draws them: the share in which the contract counts as made (with the
        margin, :func:`~crowsnest.ai.rook.margins.auction_shade`, and :attr:`bid_bonus`)
        and the mean its side counts (the bonus in). The auction's calibration
        (:mod:`crowsnest.arena.calibration`) sets these against what happens."""
        assert view.seat is not None and view.hand is not None and worlds > 0
        deck = deck_for(view)
        known = known_of(deck, view, self.slack)
        shade = auction_shade(deck, view, self.shades)
        bonus, _ = self.bonuses(deck.rules)
        style = self.bid_style_for(deck)
        made = 0
        counted = 0
        for _ in range(worlds):
            world = sample(deck, known, rng)
            pts, _theirs, _ = bid_world(
                deck, view, world, bid, False, style, self.partner_shade, self.bid_defence
            )
            made += made_with(pts + bonus, bid, shade)
            counted += pts + bonus
        return made / worlds, counted / worlds

    def choose(self, view: PlayerView, legal: Sequence[LegalAction], rng: random.Random) -> Action:
        assert isinstance(view, RookView) and view.seat is not None and view.hand is not None
        deck = deck_for(view)
        if view.phase == "auction":
            may_pass, amounts = bids(legal)
            return Bid(self._bid(deck, view, amounts, may_pass, rng))
        choice = discard_choice(legal)
        if choice is not None:
            return concrete(choice, self._discard(deck, view, choice, rng))
        colours = trump_choices(legal)
        if colours:
            return NameTrump(self._trump(deck, view, colours, rng))
        mask = playable(legal)
        if mask & (mask - 1) == 0:
            return Play(mask.bit_length() - 1)
        return Play(self._play(deck, view, mask, rng))

    def _search(
        self,
        deck: Deck,
        view: RookView,
        candidates: Sequence[int],
        run: Callable[[list[int], int], float],
        rng: random.Random,
    ) -> int:
        """The candidate with the best mean of ``run(world, candidate)`` over the
        worlds drawn within the budget, if it beats the first candidate (the Normal
        choice) by more than :func:`~crowsnest.ai.rook.margins.threshold` standard
        errors of their difference (paired over the same worlds; more the more
        candidates are left to pick from); else the first candidate. Sampling noise
        alone then rarely overrides a sound Normal choice."""
        deadline = self.deadline()
        known = known_of(deck, view, self.slack)
        results: list[list[float]] = [[] for _ in candidates]
        alive = list(range(len(candidates)))
        worlds = 0
        while self.search_on(worlds * len(candidates), deadline) and len(alive) > 1:
            world = sample(deck, known, rng)
            for i in alive:
                results[i].append(run(world, candidates[i]))
            worlds += 1
            alive = race(results, alive, higher=True)
        totals = {i: sum(results[i]) for i in alive}
        best = max(alive, key=lambda i: (totals[i], -i))
        if best == 0 or 0 not in alive:
            return candidates[best]
        if worlds < 2:  # cut after one world: no spread to beat, the Normal choice stands
            return candidates[0]
        diffs = [a - b for a, b in zip(results[best], results[0], strict=True)]
        mean = sum(diffs) / worlds
        var = sum((d - mean) ** 2 for d in diffs) / (worlds - 1)
        if mean > threshold(len(alive) - 1, self.confidence) * math.sqrt(var / worlds):
            return candidates[best]
        return candidates[0]

    # -- the auction -------------------------------------------------------------------

    def _bid(
        self,
        deck: Deck,
        view: RookView,
        amounts: Sequence[int],
        may_pass: bool,
        rng: random.Random,
    ) -> int | None:
        if not amounts:
            return None
        assert view.seat is not None and view.hand is not None
        rules = deck.rules
        deadline = self.deadline()
        known = known_of(deck, view, self.slack)
        shade = auction_shade(deck, view, self.shades)
        bonus, pass_bonus = self.bonuses(rules)
        style = self.bid_style_for(deck)
        declare: list[list[float]] = [[] for _ in amounts]
        stay: list[float] = []
        margin = 0.0
        if partner_holds_it(view) and rules.made_scores != "bid":
            margin = RAISE_MARGIN * rules.points_per_hand / 120
        rounds = 0
        while True:
            worlds = 0  # this round's: each round is the work of one decision
            while self.search_on(worlds * (2 if may_pass else 1), deadline):
                world = sample(deck, known, rng)
                made_pts, theirs, passed = bid_world(
                    deck, view, world, amounts[0], may_pass, style, self.partner_shade,
                    self.bid_defence, pass_bonus,
                )  # fmt: skip
                for i, b in enumerate(amounts):
                    declare[i].append(bid_value(rules, b, made_pts, theirs, shade, bonus))
                if passed is not None:
                    stay.append(passed)
                worlds += 1
            rounds += 1
            totals = [sum(d, 0.0) for d in declare]
            best = max(range(len(amounts)), key=lambda i: (totals[i], -i))
            if (
                not may_pass
                or rounds >= AUCTION_ROUNDS
                or time.perf_counter() >= deadline
                or not close_call(declare[best], stay, margin)
            ):
                break
        if not may_pass:
            return amounts[best]
        if partner_holds_it(view):
            # Passing leaves the contract with the partner: a raise must pay
            # (docs/ai.md, "Raising the partner").
            if clear_gain(declare[best], stay, margin):
                return amounts[best]
            return None
        if totals[best] > sum(stay, 0.0):
            return amounts[best]
        return None

    # -- the nest and trump ------------------------------------------------------------

    def _discard(self, deck: Deck, view: RookView, choice: Choose, rng: random.Random) -> int:
        options = discard_options(deck, view, choice)
        if len(options) == 1:
            return options[0][0]
        run = discard_run(deck, view, self.bid_style_for(deck))
        best = self._search(deck, view, range(len(options)), lambda w, i: run(w, *options[i]), rng)
        return options[best][0]

    def _trump(self, deck: Deck, view: RookView, colours: Sequence[int], rng: random.Random) -> int:
        candidates = trump_candidates(deck, view, colours)
        if len(candidates) == 1:
            return candidates[0]
        return self._search(
            deck, view, candidates, trump_run(deck, view, self.bid_style_for(deck)), rng
        )

    # -- card play ---------------------------------------------------------------------

    def _play(self, deck: Deck, view: RookView, legal: int, rng: random.Random) -> int:
        style = self.style_for(deck)
        candidates = play_candidates(deck, view, legal, style)
        if len(candidates) == 1:
            return candidates[0]
        run = play_run(deck, view, style, self.exact_cards)
        return self._search(deck, view, candidates, run, rng)

    # -- a review's evidence -----------------------------------------------------------

    def scorer(self, view: PlayerView, legal: Sequence[LegalAction]) -> Scorer | None:
        """How this search values each action of the decision (a review's evidence,
        :mod:`crowsnest.ai.review`): :func:`~crowsnest.ai.rook.scorer.scorer_of`."""
        return scorer_of(self, view, legal)
