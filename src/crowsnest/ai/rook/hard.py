"""Hard: every decision searched over sampled deals, within a time budget.

Each decision draws worlds — the hidden cards dealt to the other hands and the nest
consistently with the view (:mod:`crowsnest.ai.rook.worlds`) — and plays every
candidate out in every world, all four seats by the Normal policy from there
(:mod:`crowsnest.ai.rook.search`): the opponents by Normal's weights, its own side
by its :attr:`Hard.style` (the rule set's, :data:`RULE_STYLES`). The same worlds
serve every candidate, so their comparison is not blurred by luck; the candidate
with the best mean hand score (its team's minus the other team's, by the rule set's
own scoring) wins if it beats the policy's choice by more than the sampling noise
(:func:`threshold`), else the policy's choice stands. A candidate clearly worse than
the leader is dropped as the search goes (:func:`~crowsnest.ai.budget.race`), and the
search stops once one is left.

It plays ``playouts`` hands out per decision, spread over as many worlds as that
makes for the candidates (so the same seed gives the same decision), and stops
early only if its ``time_limit`` comes first. Setting ``budget`` (seconds) makes the
search time-bounded instead: as many worlds as fit.

* **Auction**: in each world, what the hand makes as declarer (taking the unseen
  nest, discarding and naming trump the Normal way) against what happens if it
  passes (the others finish the auction the Normal way, and the hand is played out
  under whoever wins it, or redealt). Each legal amount is scored from what the
  hand made in every world — the bid (CrowsNest) or the points captured when made,
  minus the bid when set — so it bids only what it expects to make, and in
  CrowsNest as high as pays. A playout counts as made only with a margin to spare
  (:func:`bid_shade`: wider for a hand with no bird card and no top card, narrower
  where measured to pay, :data:`SHADE_SCALES`). A call
  too close to call on a decision's playouts (:func:`close_call`) gets up to
  :data:`AUCTION_ROUNDS` times as many. Once
  both opponents have passed and the partner holds the bid, it raises only where
  that clearly pays (:data:`RAISE_MARGIN`, judged with the full margins:
  :func:`auction_shade`).
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
from statistics import NormalDist
from typing import Any, Final

from crowsnest.ai.base import concrete
from crowsnest.ai.budget import Scorer, TimedSearch, race
from crowsnest.ai.rook.common import (
    Deck,
    bids,
    deck_for,
    discard_choice,
    playable,
    points_of,
    trump_choices,
)
from crowsnest.ai.rook.exact import EXACT_CARDS, exact_value
from crowsnest.ai.rook.hand import best_trump, discard_order, trump_score
from crowsnest.ai.rook.odds import NORMAL, STYLES, Style
from crowsnest.ai.rook.play import normal_play
from crowsnest.ai.rook.search import (
    distinct_cards,
    finish_auction,
    play_contract,
    rollout,
    styles_for,
    team_score,
)
from crowsnest.ai.rook.situation import from_view, played_from, voids_from
from crowsnest.ai.rook.worlds import NEST, SLACK, Known, sample
from crowsnest.engine import (
    Action,
    Bid,
    Choose,
    Discard,
    LegalAction,
    NameTrump,
    Play,
    PlayerView,
    RookGame,
    RookRules,
    RookView,
)
from crowsnest.engine.rules.rook import CROWSNEST, ONE_HIGH, RED_ONE_RULES, TOURNAMENT
from crowsnest.engine.scoring import RookHandResult, declarer_score, score_hand
from crowsnest.engine.seats import team_of

DEFAULT_PLAYOUTS: Final = 250
"""Hands played out per decision: compiled, a decision of about 10 ms of CPU at the
median (docs/ai.md has the measured figures). 500 measured no better: +0.4 +- 4.7 a
hand over 400 paired CrowsNest deals (``'hard:playouts=500'``, ``--untimed``)."""
DEFAULT_TIME_LIMIT: Final = 0.85
"""Seconds after which a decision stops searching whatever its playouts."""
CONFIDENCE: Final = 0.5
"""Standard errors by which a searched candidate (a card, a discard, a trump) must beat
the Normal choice, when it is the only other candidate (more: :func:`threshold`).
Against a bar of 1.5 (``'hard:confidence=1.5'``, untimed runs paired deal by deal),
0.5 scores +2.1 +- 1.7 a hand more over 1,600 Tournament Rook deals and +0.9 +- 2.3
over 1,200 CrowsNest ones."""
RAISE_CONFIDENCE: Final = 1.5
"""Standard errors by which declaring must beat leaving the contract with the partner
(:func:`clear_gain`, besides :data:`RAISE_MARGIN`)."""
RAISE_MARGIN: Final = 15.0
"""Points a hand (of a 120-point deck) by which declaring itself must beat leaving the
contract with its partner, once both opponents have passed, where a made contract
scores the points captured: a clearly better declarer (the trump its hand wants,
the nest in the stronger hand). Where it scores the bid (CrowsNest) a raise pays
by itself when the search expects to make it."""
AUCTION_ROUNDS: Final = 3
"""A bid too close to call (:func:`close_call`) after a decision's playouts gets up to
this many times as many: the hands whose contract the same cards make either way are
close calls, and at one decision's playouts the bid-or-pass choice of such a hand
turns on the seed (``test_hard_opens_a_hand_that_makes_its_bid_either_way``)."""
CLOSE: Final = 2.0
"""Standard errors of the paired difference between declaring (at the best amount)
and passing within which a bid is too close to call."""
PARTNER_SHADE: Final = 0.0
"""Points (of a 120-point deck) by which the partner, bidding the Normal way in the
auction's playouts of a pass, is taken to make less than the Normal estimate."""
SHADE: Final = 5.0
"""Points (of a 120-point deck) taken off what the hand makes in the auction's
playouts before they are compared with a bid: the playouts defend the Normal way,
the real opponents may defend better."""
SHADE_WEAK: Final = 15.0
"""The same for a hand with neither the bird card nor a colour's top card: nothing
in it stops the defence, whose better play it feels most (such contracts were
measured to go set twice as often as the others)."""


RULE_STYLES: Final[dict[str, str]] = {
    CROWSNEST.id: "hard",
    TOURNAMENT.id: "tournament",
    RED_ONE_RULES.id: "tournament",
}
"""The card-play style of Hard's side by rule set id, where measured to pay (else
"normal"; docs/ai.md). The Hard weights
were tuned by duplicate self-play of Normal in Tournament Rook and CrowsNest; in
Hard's own playouts and auction they gained +4.5 +- 3.4 points a hand over 1,200
paired CrowsNest deals and nothing that shows in Tournament Rook (-0.2 +- 2.7). The
``"tournament"`` weights, tuned in that rule set alone, gain there +3.8 +- 2.1 in
card play alone (2,000 paired deals), and +3.0 +- 1.9 in The Red 1 (2,000), their
auction, nest and trump searched by the Normal weights (:data:`RULE_BID_STYLES`)."""

RULE_BID_STYLES: Final[dict[str, str]] = {TOURNAMENT.id: "normal", RED_ONE_RULES.id: "normal"}
"""The style of Hard's side in the playouts that choose a bid, the discards and trump,
where it is not the card-play style's (:data:`RULE_STYLES`). In Tournament Rook the
tuned weights bid worse than the Normal ones: played out, they raise a partner's 70
with a medium hand (-16 a hand) and pass with a monster (-18; ``crowsnest position
medium-raise``, ``monster-raise``). The Red 1 was measured with the Normal weights'
auction only."""

Shades = tuple[float, float]
"""Factors for :data:`SHADE` and :data:`SHADE_WEAK`."""
SHADE_SCALES: Final[dict[str, Shades]] = {
    RED_ONE_RULES.id: (0.5, 0.5),
    TOURNAMENT.id: (0.0, 1.0),
    CROWSNEST.id: (0.0, 1.0),
    ONE_HIGH.id: (0.0, 1.0),
}
"""Rule sets whose margins are not the full ones, by rule set id (docs/ai.md; each
figure is untimed Hard against Normal, paired deal by deal with the full margins). The
Red 1: a made contract scores all it captures (up to 150 a hand) and a set costs only
the bid, so the contracts the full margins gave up to Normal were worth more than the
sets the halved margins cost: +8.7 +- 5.3 points a hand over 400 paired deals.
Tournament Rook, CrowsNest and 1-High Partnership: no margin for a hand with
the bird card or a top card (the weak hands keep theirs): +4.5 +- 2.5 a hand over
1,200 paired deals (three seeds) in Tournament Rook, make-rate 92-94%; +9.3 +- 4.8
over 800 (two seeds) in 1-High, make-rate 93%; +6.0 +- 3.8 over 800 in CrowsNest,
where the make-rate falls to 88-89% (the score chosen over the make-rate, as in The
Red 1). Halving both margins had measured the wrong way in CrowsNest."""
FULL: Final[Shades] = (1.0, 1.0)
"""The full margins: a raise of the partner is judged with these whatever the rule
set's (:func:`auction_shade`)."""


def bid_shade(deck: Deck, hand: int, shades: Shades | None = None) -> float:
    """Points taken off what ``hand`` makes in the playouts before a bid is judged:
    :data:`SHADE`, or :data:`SHADE_WEAK` for a hand with neither the bird card nor a
    top card, times the factor ``shades`` gives it (by default the rule set's in
    :data:`SHADE_SCALES`, else 1), in the rule set's points."""
    strong, weak = SHADE_SCALES.get(deck.rules.id, FULL) if shades is None else shades
    if hand & (deck.bird | deck.tops):
        return strong * SHADE * deck.rules.points_per_hand / 120
    return weak * SHADE_WEAK * deck.rules.points_per_hand / 120


def auction_shade(deck: Deck, view: RookView, shades: Shades | None = None) -> float:
    """The margin for a bid of ``view``'s seat (:func:`bid_shade`), the full one when
    bidding would raise its own partner once both opponents have passed: a narrower
    margin measured to pay against the opponents' contracts is no reason to take the
    partner's (without the strong hands' margin, Hard in Tournament Rook would raise a
    partner's 70 it should leave:
    ``test_hard_does_not_raise_its_partner_once_both_opponents_passed``)."""
    assert view.hand is not None
    return bid_shade(deck, view.hand, FULL if partner_holds_it(view) else shades)


def partner_holds_it(view: RookView) -> bool:
    """Both opponents have passed and the partner holds the high bid: passing ends
    the auction with the partner declaring."""
    me = view.seat
    if me is None or view.high_bidder is None or team_of(view.high_bidder) != team_of(me):
        return False
    out = {seat for seat, amount in view.auction if amount is None}
    return {(me + 1) % 4, (me + 3) % 4} <= out


def threshold(rivals: int, confidence: float = CONFIDENCE) -> float:
    """Standard errors by which the best of ``rivals`` candidates must beat the Normal
    choice. The best is picked from the same worlds it is then tested on, so with
    several rivals the best of them beats the Normal choice by chance more often
    than one would: the chance that one does by ``confidence`` standard errors
    (:data:`CONFIDENCE` unless the bot says otherwise) is shared among them
    (Bonferroni), so sampling noise overrides a sound Normal
    choice no more often with seven candidates than with two."""
    alpha = 1.0 - NormalDist().cdf(confidence)
    return NormalDist().inv_cdf(1.0 - alpha / max(1, rivals))


def close_call(a: Sequence[float], b: Sequence[float], margin: float) -> bool:
    """Whether ``a`` and ``b`` (paired over the same worlds) differ, less ``margin``,
    by less than :data:`CLOSE` standard errors of the mean difference: too close to
    call on this many worlds."""
    n = len(a)
    if n < 2:
        return True
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return abs(mean - margin) < CLOSE * math.sqrt(var / n)


def clear_gain(a: Sequence[float], b: Sequence[float], margin: float) -> bool:
    """Whether ``a`` beats ``b`` (paired over the same worlds) by more than ``margin``
    and :data:`RAISE_CONFIDENCE` standard errors of the mean difference."""
    n = len(a)
    if n < 2:
        return False
    diffs = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return mean - margin > RAISE_CONFIDENCE * math.sqrt(var / n)


def known_of(deck: Deck, view: RookView, slack: tuple[float, float] | None = None) -> Known:
    """What ``view``'s seat knows of the hidden cards (``slack``: :attr:`Known.slack`,
    by default :data:`~crowsnest.ai.rook.worlds.SLACK` for both)."""
    me = view.seat
    assert me is not None and view.hand is not None
    hand = view.hand
    played = [0, 0, 0, 0]
    for t in view.tricks:
        for seat, c in zip(t.seats, t.cards, strict=True):
            played[seat] |= 1 << c
    leader = view.leader if view.leader is not None else me
    for i, c in enumerate(view.trick):
        played[(leader + i) % 4] |= 1 << c
    voids = [0, 0, 0, 0, 0]
    if view.trump is not None:
        tm = deck.trump_mask(view.trump)
        for p, v in enumerate(voids_from(deck, tm, view.tricks, view.trick, leader)):
            voids[p] = v
    sizes = [view.hand_sizes[p] for p in range(4)] + [view.nest_size]
    fixed = [0, 0, 0, 0, 0]
    fixed[me] = hand
    sizes[me] = 0
    if view.nest is not None:  # this seat declared: the nest holds its discards
        sizes[NEST] = 0
        fixed[NEST] = view.discards or 0
    all_played = played[0] | played[1] | played[2] | played[3]
    hidden = deck.deck & ~hand & ~all_played & ~fixed[NEST]
    return Known(
        seat=me,
        hidden=hidden,
        sizes=(sizes[0], sizes[1], sizes[2], sizes[3], sizes[4]),
        fixed=(fixed[0], fixed[1], fixed[2], fixed[3], fixed[4]),
        voids=(voids[0], voids[1], voids[2], voids[3], voids[4]),
        played=(played[0], played[1], played[2], played[3]),
        auction=view.auction,
        declarer=view.declarer,
        trump=view.trump,
        slack=(SLACK, SLACK) if slack is None else slack,
    )


class Hard(TimedSearch):
    name = "hard"
    work = "playouts"

    def __init__(
        self,
        playouts: int = DEFAULT_PLAYOUTS,
        time_limit: float = DEFAULT_TIME_LIMIT,
        shades: Shades | None = None,
        confidence: float = CONFIDENCE,
        partner_shade: float = PARTNER_SHADE,
        slack: tuple[float, float] | None = None,
        exact_cards: int = EXACT_CARDS,
        style: str | None = None,
        bid_style: str | None = None,
        bid_defence: str | None = None,
        bid_bonus: float = 0.0,
        pass_bonus: float = 0.0,
    ) -> None:
        self.playouts = playouts
        self.style = None if style is None else STYLES[style]
        """The weights its side's cards are played by, in its own policy choice and in
        the rollouts (named in :data:`~crowsnest.ai.rook.odds.STYLES`); None: the rule
        set's (:data:`RULE_STYLES`)."""
        self.bid_style = None if bid_style is None else STYLES[bid_style]
        """The same for the playouts that choose a bid, the discards and trump; None:
        :attr:`style`'s if that is set, else the rule set's (:data:`RULE_BID_STYLES`)."""
        self.bid_bonus = bid_bonus
        """Points (of a 120-point deck) moved from the other side to its own in the
        auction's playouts of its own contract (:func:`bid_value`): what its searched
        play counts above the Normal-way playouts (docs/ai.md, "The auction's
        calibration").
        0 by default: measured not to pay."""
        self.pass_bonus = pass_bonus
        """The same in the auction's playouts of a pass, whoever then declares: its
        side's searched play, in defence above all, counts more than the Normal-way
        playouts do (:func:`bid_world`). 0 by default: it raises the make-rate only by
        giving up contracts that pay."""
        self.bid_defence = STYLES["normal" if bid_defence is None else bid_defence]
        """The weights the other side defends by in the auction's playouts of its own
        contract (:func:`bid_world`): by default Normal's, as the rollouts model them."""
        self.exact_cards = exact_cards
        """Cards left (all hands) at or below which card play is searched exactly."""
        self.slack = slack
        """The worlds' slack for a bid and a pass (:attr:`Known.slack`); None: the
        default."""
        self.partner_shade = partner_shade
        """Points (of a 120-point deck) the partner's hand is taken to make less, in
        the auction's playouts of a pass (:func:`bid_world`)."""
        self.confidence = confidence
        """Standard errors by which a searched card must beat the Normal choice against
        one rival (:func:`threshold`)."""
        self.time_limit = time_limit
        self.shades = shades
        """The auction's margin factors (:func:`bid_shade`); None: the rule set's."""

    def style_for(self, deck: Deck) -> Style:
        """The card-play weights of its side in ``deck``'s rule set."""
        return self.style or STYLES[RULE_STYLES.get(deck.rules.id, "normal")]

    def bid_style_for(self, deck: Deck) -> Style:
        """Its side's weights in the playouts of the auction, the nest and trump: its
        ``bid_style``, else its ``style``, else the rule set's (:data:`RULE_BID_STYLES`,
        else the card-play style's)."""
        if self.bid_style is not None:
            return self.bid_style
        if self.style is None and deck.rules.id in RULE_BID_STYLES:
            return STYLES[RULE_BID_STYLES[deck.rules.id]]
        return self.style_for(deck)

    def bonuses(self, rules: RookRules) -> tuple[int, int]:
        """:attr:`bid_bonus` and :attr:`pass_bonus` in ``rules``' points."""
        scale = rules.points_per_hand / 120
        return round(self.bid_bonus * scale), round(self.pass_bonus * scale)

    def forecast(
        self, view: RookView, bid: int, worlds: int, rng: random.Random
    ) -> tuple[float, float]:
        """What its auction's playouts expect of its own contract at ``bid``, from
        ``view`` (one of its auction decisions), over ``worlds`` worlds drawn as a
        decision draws them: the share in which the contract counts as made (with the
        margin, :func:`auction_shade`, and :attr:`bid_bonus`) and the mean its side
        counts (the bonus in). The auction's calibration
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
        choice) by more than :func:`threshold` standard errors of their difference
        (paired over the same worlds; more the more candidates are left to pick
        from); else the first candidate. Sampling noise alone then rarely overrides
        a sound Normal choice."""
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
        :mod:`crowsnest.ai.review`); None when only one action is legal. Results are
        the hand score of the seat's team minus the other team's, bids included
        (higher is better), in the worlds the search samples. A bid is valued as
        the search values it (the contract at that bid, made only with the
        :func:`bid_shade` to spare; a pass: the others finish the auction the
        Normal way); a discard with the trump its hand is best in after it."""
        assert isinstance(view, RookView) and view.seat is not None and view.hand is not None
        if len(legal) == 1 and not isinstance(legal[0], Choose):
            return None
        deck = deck_for(view)
        known = known_of(deck, view, self.slack)

        def draw(rng: random.Random) -> list[int]:
            return sample(deck, known, rng)

        def face_up(hands: Sequence[int], nest: int) -> list[int]:
            return [*hands[:4], nest]

        if view.phase == "auction":
            may_pass, amounts = bids(legal)
            shade = auction_shade(deck, view, self.shades)
            bonus, pass_bonus = self.bonuses(deck.rules)
            style = self.bid_style_for(deck)

            def bid_draw(rng: random.Random) -> tuple[int, int, float | None]:
                return bid_world(
                    deck, view, draw(rng), amounts[0], may_pass, style, self.partner_shade,
                    self.bid_defence, pass_bonus,
                )  # fmt: skip

            def bid_face_up(hands: Sequence[int], nest: int) -> tuple[int, int, float | None]:
                world = face_up(hands, nest)
                return bid_world(
                    deck, view, world, amounts[0], may_pass, style, self.partner_shade,
                    self.bid_defence, pass_bonus,
                )  # fmt: skip

            def value_bid(world: Any, action: Action) -> float:
                assert isinstance(action, Bid)
                made_pts, theirs, passed = world
                if action.amount is None:
                    assert passed is not None
                    return float(passed)
                return bid_value(deck.rules, action.amount, made_pts, theirs, shade, bonus)

            options: list[Action] = [Bid(a) for a in amounts]
            if may_pass:
                options.append(Bid(None))
            return Scorer(options, bid_draw, value_bid, True, bid_face_up)
        choice = discard_choice(legal)
        if choice is not None:
            found = discard_options(deck, view, choice)
            hand = view.hand
            trumps: dict[int, int] = {}
            for mask, colour in found:
                trumps.setdefault(mask, colour)
            run = discard_run(deck, view, self.bid_style_for(deck))

            def value_discard(world: Any, action: Action) -> float:
                assert isinstance(action, Discard)
                colour = trumps.get(action.cards)
                if colour is None:  # not one of the search's: the colour it is best in
                    colour = best_trump(deck, hand & ~action.cards)
                return run(world, action.cards, colour)

            candidates: list[Action] = [Discard(m) for m in trumps]
            return Scorer(candidates, draw, value_discard, True, face_up)
        colours = trump_choices(legal)
        if colours:
            trump = trump_run(deck, view, self.bid_style_for(deck))

            def value_trump(world: Any, action: Action) -> float:
                assert isinstance(action, NameTrump)
                return trump(world, action.colour)

            named: list[Action] = [NameTrump(t) for t in trump_candidates(deck, view, colours)]
            return Scorer(named, draw, value_trump, True, face_up)
        play = play_run(deck, view, self.style_for(deck), self.exact_cards)

        def value_play(world: Any, action: Action) -> float:
            assert isinstance(action, Play)
            return play(world, action.card)

        found_cards = play_candidates(deck, view, playable(legal), self.style_for(deck))
        cards: list[Action] = [Play(c) for c in found_cards]
        return Scorer(cards, draw, value_play, True, face_up)


# -- the searches' pieces ------------------------------------------------------------


def bid_world(
    deck: Deck,
    view: RookView,
    world: list[int],
    low: int,
    may_pass: bool,
    style: Style,
    partner_shade: float = 0.0,
    defence: Style = NORMAL,
    pass_bonus: int = 0,
) -> tuple[int, int, float | None]:
    """In ``world``: (the points the seat's team counts declaring at ``low``, the
    points the other team counts then, and the team's hand score minus the other
    team's if it passes, the others finishing the auction the Normal way; None when
    it may not pass). Its side plays by ``style``; the other defends its contract by
    ``defence`` and otherwise plays the Normal way; ``pass_bonus`` points move from
    the other side's count to its own in the playout of a pass (:func:`shifted_score`)."""
    me = view.seat
    assert me is not None
    styles = styles_for(me, style)
    mine = play_contract(deck, world, view.dealer, me, low, styles_for(me, style, defence))
    made_pts = mine.counted[team_of(me)]
    theirs = mine.counted[1 - team_of(me)]
    if not may_pass:
        return made_pts, theirs, None
    auction = [*view.auction, (me, None)]
    shades = [0.0, 0.0, 0.0, 0.0]
    shades[(me + 2) % 4] = partner_shade * deck.rules.points_per_hand / 120
    won = finish_auction(deck, world, auction, view.dealer, shades)
    if won is None:
        return made_pts, theirs, 0.0
    result = play_contract(deck, world, view.dealer, won[0], won[1], styles)
    return made_pts, theirs, float(shifted_score(deck.rules, result, me, pass_bonus))


def shifted_score(rules: RookRules, result: RookHandResult, seat: int, bonus: int) -> int:
    """:func:`~crowsnest.ai.rook.search.team_score` of ``result`` for ``seat`` had its
    team counted ``bonus`` points more and the other team as many fewer, the hand
    scored again by the engine (:func:`~crowsnest.engine.scoring.score_hand`, the counts
    given as captured: the nest and the trick bonus are in them already)."""
    if not bonus:
        return team_score(result, seat)
    team = team_of(seat)
    counted = list(result.counted)
    counted[team] += bonus
    counted[1 - team] -= bonus
    score = score_hand(rules, result.declarer, result.bid, counted, (0, 0), 0, 0).score
    return score[team] - score[1 - team]


def bid_value(
    rules: RookRules, bid: int, made_pts: int, theirs: int, shade: float, bonus: int = 0
) -> float:
    """What declaring at ``bid`` scores (made only with ``shade`` to spare; then by
    the rule set's scoring, else minus the bid), less what the other team counts;
    ``bonus`` points moved from the other team's count to the declaring team's first
    (:attr:`Hard.bid_bonus`)."""
    made_pts, theirs = made_pts + bonus, theirs - bonus
    score = declarer_score(rules, bid, made_pts) if made_with(made_pts, bid, shade) else -bid
    return score - theirs


def made_with(counted: int, bid: int, shade: float) -> bool:
    """Whether a playout in which the declaring team counts ``counted`` makes ``bid``
    with ``shade`` to spare (:func:`bid_shade`)."""
    return counted - shade >= bid


def discard_options(deck: Deck, view: RookView, choice: Choose) -> list[tuple[int, int]]:
    """(discards, trump) pairs the search compares: for the two best trump colours,
    side counters buried or kept."""
    assert view.hand is not None
    hand = view.hand
    colours = sorted(range(4), key=lambda t: -trump_score(deck, hand, t))[:2]
    options: list[tuple[int, int]] = []
    for trump in colours:
        for bury in (0.9, 0.3):
            mask = choice.required
            for c in discard_order(deck, hand, trump, bury, choice.allowed & ~mask):
                if mask.bit_count() >= choice.count:
                    break
                mask |= 1 << c
            if choice.admits(mask) and (mask, trump) not in options:
                options.append((mask, trump))
    return options


def discard_run(deck: Deck, view: RookView, style: Style) -> Callable[[list[int], int, int], float]:
    """The hand played out in a world after discarding a mask and naming a trump."""
    assert view.hand is not None and view.seat is not None
    hand = view.hand
    me = view.seat
    bid = view.bid or 0
    styles = styles_for(me, style)

    def run(world: list[int], discards: int, trump: int) -> float:
        w = [*world[:4], 0]
        w[me] = hand & ~discards
        result = play_contract(deck, w, view.dealer, me, bid, styles, discards, trump)
        return team_score(result, me)

    return run


def trump_candidates(deck: Deck, view: RookView, colours: Sequence[int]) -> list[int]:
    """The colours the search compares: the best by the Normal estimate first, then
    those within 25 of it."""
    assert view.hand is not None
    hand = view.hand
    lead = best_trump(deck, hand)
    top = trump_score(deck, hand, lead)
    return [lead] + [t for t in colours if t != lead and trump_score(deck, hand, t) >= top - 25.0]


def trump_run(deck: Deck, view: RookView, style: Style) -> Callable[[list[int], int], float]:
    """The hand played out in a world under a named trump."""
    assert view.seat is not None
    me = view.seat
    bid = view.bid or 0
    discards = view.discards or 0
    styles = styles_for(me, style)

    def run(world: list[int], trump: int) -> float:
        w = [*world[:4], 0]
        result = play_contract(deck, w, view.dealer, me, bid, styles, discards, trump)
        return team_score(result, me)

    return run


def play_candidates(deck: Deck, view: RookView, legal: int, style: Style) -> list[int]:
    """One card of each set of equivalent ``legal`` cards, the policy's choice by
    ``style`` first."""
    assert view.trump is not None
    hidden = deck.deck & ~(view.hand or 0) & ~played_from(view.tricks, ())
    candidates = distinct_cards(deck, view.trump, legal, hidden)
    if len(candidates) == 1:
        return candidates
    prior = normal_play(from_view(view, legal), style)
    return [prior] + [c for c in candidates if c != prior]


def play_run(
    deck: Deck, view: RookView, style: Style, exact_cards: int = EXACT_CARDS
) -> Callable[[list[int], int], float]:
    """The hand played out in a world after a card: by the Normal policy (``style``
    for the seat's side, :func:`~crowsnest.ai.rook.search.styles_for`), or exactly
    once ``exact_cards`` cards or fewer are left in the hands (by default the last
    three tricks, :data:`~crowsnest.ai.rook.exact.EXACT_CARDS`)."""
    me = view.seat
    assert me is not None and view.trump is not None and view.declarer is not None
    leader = view.leader if view.leader is not None else me
    declared = view.nest is not None
    exact = sum(view.hand_sizes) <= exact_cards
    styles = styles_for(me, style)

    def run(world: list[int], card: int) -> float:
        game = RookGame.from_position(
            deck.rules,
            world[:4],
            dealer=view.dealer,
            declarer=view.declarer or 0,
            bid=view.bid or 0,
            trump=view.trump or 0,
            discards=(view.discards or 0) if declared else world[NEST],
            trick=view.trick,
            leader=leader,
            tricks=view.tricks,
            captured=view.captured,
            tricks_won=view.tricks_won,
        )
        game.play_fast(card)
        if exact:
            assert game.trump is not None
            nest = points_of(game.discards, deck.points)
            return exact_value(
                deck.rules, game.trump, game.hands, game.trick, game.leader, game.captured,
                game.tricks_won, game.declarer or 0, game.bid, nest, team_of(me),
            )  # fmt: skip
        return team_score(rollout(game, deck, styles), me)

    return run
