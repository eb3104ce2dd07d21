"""Hard: determinized search over deals consistent with everything it has seen.

At each card it samples worlds — the unseen cards dealt to the other hands so that
every hand has its size, no player holds a suit it has shown void in, and the cards
it passed sit with the player it passed them to — and plays every candidate card in
every world, the rest of the hand by the Normal policy for all four seats (which
watches for moons) — and, while nobody else has a point (:func:`moon_line`), also by
a moon-shooting policy for itself, a candidate counting its better line. The card
with the best mean result wins; a result is the hand
score, moon included, relative to the mean of the other three players. The same
worlds serve every candidate, so their comparison is not blurred by luck. It
samples a fixed number of worlds (so the same seed gives the same decision) and
stops early only if its time limit comes first.

The pass is searched the same way: the most dangerous cards by the Normal rules
form a few candidate passes, each played out over the same sampled deals of the
other 39 cards; a hand with three or more queens, kings and aces also tries the pass
that keeps them for a moon (:func:`moon_pass`), every candidate then played on by
both lines.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any, Final

from crowsnest.ai.base import concrete
from crowsnest.ai.budget import TALLY, Scorer, TimedSearch, race
from crowsnest.ai.draw import shuffle
from crowsnest.ai.hearts.common import CARD_POINTS, HEART_SUIT, QS, pass_choice, playable
from crowsnest.ai.hearts.policy import (
    MOON_ALERT,
    normal_pass,
    normal_play,
    pass_danger,
    running,
    shoot_play,
)
from crowsnest.ai.hearts.situation import DECK, Situation, played_in, voids_from
from crowsnest.engine import Action, HeartsView, LegalAction, PassCards, Play, PlayerView
from crowsnest.engine.cards import bits, popcount
from crowsnest.engine.hearts import HeartsGame
from crowsnest.engine.rules.hearts import HEARTS, PASS_OFFSET
from crowsnest.engine.tricks import HEARTS_SUITS

DEFAULT_WORLDS: Final = 200
"""Sampled worlds per decision: every candidate is played out in each."""
DEFAULT_TIME_LIMIT: Final = 0.9
"""Seconds after which the search stops early, whatever it has sampled."""


MOON_PASS_HIGH: Final = 3
"""Queens, kings and aces a hand holds before the pass search also tries keeping them
for a moon (:func:`moon_pass`). Measured on the same deals (``'hard:moon_high=N'``,
untimed, seed 0, 400 deals): 3 scored 1.27 a hand better than 5 against three
Duckers and 1.99 better against three Shooters; 0 (every hand) only 0.04 and 0.28
better than 3, for about 40% more at the 95th percentile of a decision's time."""
MOON_HEART_LOW: Final = 3
"""Ranks by which a heart counts lower than a card of another suit when the moon pass
picks its lowest cards."""


RUNNER_DRAWS: Final = 4
"""Worlds drawn for one sample while an opponent runs the table: the one in which
that player's hand is strongest is kept."""


def sample_world(view: HeartsView, rng: random.Random) -> list[int]:
    """Hands for all four seats consistent with what ``view`` shows.

    While another player is running the table (it has taken every point so far, at
    least :data:`~crowsnest.ai.hearts.policy.MOON_ALERT`), the cards it holds are
    not a random draw: a player keeps taking every point because it holds the top
    cards. Of :data:`RUNNER_DRAWS` worlds the one giving it the most
    :func:`top_cards` is kept, so the search weighs the moon it may still shoot."""
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


def distinct_cards(cards: Sequence[int], hand: int, done: int, prior: int) -> list[int]:
    """One card of each set of equivalent legal cards, the Normal policy's ``prior``
    standing for its own set: cards of one suit and the same points with nothing
    between them but cards of this ``hand`` and cards played to earlier tricks
    (``done``) win and lose exactly the same tricks."""
    out: list[int] = []
    group: list[int] = []
    for c in sorted(cards):
        if group:
            prev = group[-1]
            between = ((1 << c) - 1) & ~((2 << prev) - 1)
            if (
                c // 13 == prev // 13
                and CARD_POINTS[c] == CARD_POINTS[prev]
                and not between & ~(hand | done)
            ):
                group.append(c)
                continue
            out.append(prior if prior in group else group[0])
        group = [c]
    if group:
        out.append(prior if prior in group else group[0])
    return out


def rollout(
    game: HeartsGame, played: int, voids: list[int], me: int, shooter: int | None = None
) -> tuple[int, ...]:
    """Play the hand out with the Normal policy for every seat, the moon-shooting
    policy for ``shooter`` and for every seat but ``me`` once it is running the table
    (:func:`~crowsnest.ai.hearts.policy.running`: opponents who may shoot, so that
    the search learns to stop a moon); the hand's points."""
    TALLY.playouts += 1
    # One Situation, brought up to date at each card (the hot loop of the search).
    s = Situation(me, 0, 0, game.trick, 0, played, False, False, game.taken, game.totals, voids)
    taken = game.taken  # updated in place by the game
    hands = game.hands
    while game.phase == "play":
        seat = game.turn
        trick = game.trick
        s.seat = seat
        s.hand = hands[seat]
        s.legal = game.legal_mask()
        s.trick = trick
        s.leader = game.leader
        s.played = played
        s.broken = game.broken
        s.first = not game.tricks
        mine = taken[seat]
        if seat == shooter or (
            seat != me
            and mine >= MOON_ALERT
            and mine == taken[0] + taken[1] + taken[2] + taken[3]  # running the table
        ):
            card = shoot_play(s)
        else:
            card = normal_play(s)
        if trick and card // 13 != trick[0] // 13:
            voids[seat] |= 1 << (trick[0] // 13)
        played |= 1 << card
        game.play_fast(card)
    return game.results[-1].points


def pass_candidates(
    hand: int, count: int, me: int, high: int = MOON_PASS_HIGH
) -> tuple[list[int], tuple[int | None, ...]]:
    """The passes the search compares, and the lines each is played on by (see
    :func:`rollout`). The passes: the Normal pass first, then every choice of
    ``count`` among the most dangerous cards by the Normal ranking, and for a hand
    that may shoot the moon the pass that keeps it (:func:`moon_pass`). The lines: the
    Normal one, and with a moon pass the moon line for ``me`` as well."""
    danger = [c for _, c in pass_danger(hand)[: count + 3]]
    default = normal_pass(hand, count)
    combos = [sum(1 << c for c in combo) for combo in itertools.combinations(danger, count)]
    out = [default] + [c for c in combos if c != default]
    moon = moon_pass(hand, count, high)
    if moon is None:
        return out, (None,)
    if moon not in out:
        out.append(moon)
    return out, (None, me)


def moon_pass(hand: int, count: int, high: int = MOON_PASS_HIGH) -> int | None:
    """For a hand with at least ``high`` queens, kings and aces, the pass
    that keeps its moon: its ``count`` lowest cards, low hearts first (a low heart
    loses a heart trick, and a point, to another player), never the queen of spades;
    None for another hand. The Normal ranking passes the high cards a moon needs, so
    without it the search would never keep a hand for the moon."""
    if sum(1 for c in bits(hand) if c % 13 >= 10) < high:
        return None
    order = sorted(
        (c for c in bits(hand) if c != QS),
        key=lambda c: (c % 13 - (MOON_HEART_LOW if c // 13 == HEART_SUIT else 0), c),
    )
    return sum(1 << c for c in order[:count])


PassWorld = tuple[list[int], list[int]]
"""A deal of the other 39 cards before the pass, and what each other seat passes."""


def pass_world(me: int, hand: int, count: int, rest: list[int], rng: random.Random) -> PassWorld:
    """Deal ``rest`` (the 39 cards not in ``hand``, shuffled in place) to the other
    seats; each passes the Normal way."""
    shuffle(rest, rng)
    others = [p for p in range(4) if p != me]
    dealt = [0, 0, 0, 0]
    for i, p in enumerate(others):
        dealt[p] = sum(1 << c for c in rest[13 * i : 13 * i + 13])
    dealt[me] = hand
    passes = [normal_pass(dealt[p], count) if p != me else 0 for p in range(4)]
    return dealt, passes


def pass_value(
    view: HeartsView, hand: int, world: PassWorld, cards: int, line: int | None = None
) -> float:
    """The hand played out after ``view``'s seat passes ``cards`` in ``world`` (by the
    moon-shooting policy for ``line``, see :func:`rollout`)."""
    me = view.seat
    assert me is not None
    offset = PASS_OFFSET[view.pass_direction]
    dealt, passes = world
    hands = dealt[:]
    hands[me] = hand
    given = passes[:]
    given[me] = cards
    for p in range(4):
        hands[p] &= ~given[p]
    for p in range(4):
        hands[(p + offset) % 4] |= given[p]
    leader = next(p for p in range(4) if hands[p] & 1)
    game = HeartsGame.from_position(
        HEARTS,
        hands,
        trick=(),
        leader=leader,
        tricks=(),
        broken=False,
        taken=(0, 0, 0, 0),
        totals=view.totals,
    )
    return relative(rollout(game, 0, [0, 0, 0, 0], me, line), me)


def play_value(
    view: HeartsView, hands: Sequence[int], card: int, line: int | None, known: Worlds
) -> float:
    """``card`` played by ``view``'s seat in the world ``hands``, the hand played out
    (by the moon-shooting policy for ``line``, see :func:`rollout`): the seat's
    :func:`relative` result. ``known``: the view's worlds (its voids and played
    cards, worked out once a decision)."""
    me = known.me
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
    v = known.voids[:]
    if view.trick and card // 13 != view.trick[0] // 13:
        v[me] |= 1 << (view.trick[0] // 13)
    game.play_fast(card)
    return relative(rollout(game, known.played | 1 << card, v, me, line), me)


def _play_candidates(view: HeartsView, cards: list[int]) -> tuple[int, list[int], bool]:
    """(the Normal policy's card, one card of each set of equivalent ``cards``, and
    whether the moon is within reach of ``view``'s seat)."""
    me = view.seat
    assert me is not None
    played = played_in(view)
    leader = view.leader if view.leader is not None else me
    situation = Situation(
        me,
        view.hand or 0,
        sum(1 << c for c in cards),
        list(view.trick),
        leader,
        played,
        view.hearts_broken,
        not view.tricks,
        list(view.points_taken),
        list(view.totals),
        voids_from(view.tricks, view.trick, leader),
    )
    prior = normal_play(situation)
    done = played & ~sum(1 << c for c in view.trick)
    return prior, distinct_cards(cards, situation.hand, done, prior), moon_line(situation)


def moon_line(s: Situation) -> bool:
    """Whether the search also plays the hand out shooting the moon for ``s``'s seat:
    while nobody else has a point this round, whatever its hand. The Normal policy
    never runs the table for itself (it sheds the tricks that would complete a moon),
    so without this line the search sees no moon of its own; the line costs a second
    playout a candidate, and where the moon is out of reach the Normal line is the
    better one and the candidate is worth that. Played only for a hand strong by count
    (:func:`~crowsnest.ai.hearts.policy.moon_within_reach`), which a hand that has
    taken every point so far often is not, the line would give away moons all but
    taken: for every hand it scores 0.69 a hand better over 1,200 paired deals against
    three Duckers (untimed; docs/experiments/hearts.md has the runs)."""
    return not any(s.taken[p] for p in range(4) if p != s.seat)


def survivors(by_line: Sequence[Sequence[Sequence[float]]], alive: Sequence[int]) -> list[int]:
    """The candidates of ``alive`` still worth searching when each is played on in
    several lines (``by_line[k][i]``: candidate ``i``'s results in line ``k``) and is
    worth its better line: those not clearly behind the leader
    (:func:`~crowsnest.ai.budget.race`, lower is better) in at least one line."""
    if len(by_line) == 1:
        return race(by_line[0], alive, higher=False)
    kept = {i for results in by_line for i in race(results, alive, higher=False)}
    return [i for i in alive if i in kept]


def relative(points: Sequence[int], seat: int) -> float:
    """The hand score of ``seat`` minus the mean of the other three (lower is better)."""
    return points[seat] - (sum(points) - points[seat]) / 3


class Hard(TimedSearch):
    name = "hard"
    work = "worlds"

    def __init__(
        self,
        worlds: int = DEFAULT_WORLDS,
        time_limit: float = DEFAULT_TIME_LIMIT,
        moon_high: int = MOON_PASS_HIGH,
    ) -> None:
        self.worlds = worlds
        self.time_limit = time_limit
        self.moon_high = moon_high
        """Queens, kings and aces from which a hand tries the moon pass."""

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
        prior, candidates, moon = _play_candidates(view, cards)
        if len(candidates) == 1:
            return candidates[0]
        # Each candidate is played on by the Normal policy and, when the moon is in
        # reach, also by the shooting policy; a candidate is worth its better line.
        lines = (None, me) if moon else (None,)
        results: dict[tuple[int, int | None], list[float]] = {
            (card, line): [] for card in candidates for line in lines
        }
        by_line = [[results[card, line] for card in candidates] for line in lines]
        alive = list(range(len(candidates)))
        worlds = 0
        known = Worlds(view)
        while self.search_on(worlds, deadline) and len(alive) > 1:
            hands = known.sample(rng)
            for i in alive:
                card = candidates[i]
                for line in lines:
                    results[card, line].append(play_value(view, hands, card, line, known))
            worlds += 1
            alive = survivors(by_line, alive)
        if len(alive) == 1:
            return candidates[alive[0]]
        value = {
            candidates[i]: min(sum(results[candidates[i], line]) for line in lines) for i in alive
        }
        # Ties go to the Normal policy's card: search overrides it only when it finds
        # something better.
        return min(value, key=lambda c: (round(value[c], 6), c != prior, c))

    def scorer(self, view: PlayerView, legal: Sequence[LegalAction]) -> Scorer | None:
        """How this search values each action of the decision (a review's evidence,
        :mod:`crowsnest.ai.review`); None for a forced card. Results are
        :func:`relative` points (lower is better). A candidate with a moon line
        (:func:`moon_line`) is worth its better line
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

            return Scorer(
                candidates=[concrete(choice, c) for c in passes],
                draw=lambda rng: pass_world(me, hand, count, rest, rng),
                value=value_pass,
                higher=False,
                lines=pass_lines if len(shoot) > 1 else None,
            )
        cards = playable(legal)
        if len(cards) < 2:
            return None
        _, candidates, moon = _play_candidates(view, cards)
        lines = (None, me) if moon else (None,)

        known = Worlds(view)

        def line_values(world: Any, action: Action) -> list[float]:
            assert isinstance(action, Play)
            return [play_value(view, world, action.card, line, known) for line in lines]

        def value_play(world: Any, action: Action) -> float:
            return min(line_values(world, action))

        return Scorer(
            candidates=[Play(c) for c in candidates],
            draw=known.sample,
            value=value_play,
            higher=False,
            face_up=lambda hands, nest: list(hands),
            lines=line_values if len(lines) > 1 else None,
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
