"""Playing a sampled world out: the pieces of the Hard bot's search.

The candidates a decision compares (one card of each set of equivalent cards, a few
passes, the pass that keeps a moon), the line each is played on (the Normal policy
for every seat, and the moon-shooting one for the seat itself while the moon is in
reach: :func:`moon_line`), a hand played out from a candidate in one world
(:func:`rollout`) and its result relative to the other three players
(:func:`relative`), and which candidates are still worth searching (:func:`survivors`).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Final

from crowsnest.ai.budget import TALLY, race
from crowsnest.ai.draw import shuffle
from crowsnest.ai.hearts.common import CARD_POINTS, HEART_SUIT, QS
from crowsnest.ai.hearts.policy import MOON_ALERT, normal_pass, normal_play, pass_danger, shoot_play
from crowsnest.ai.hearts.situation import Situation, played_in, voids_from
from crowsnest.ai.hearts.solver import OutOfNodes, Position, Solver
from crowsnest.ai.hearts.worlds import Worlds
from crowsnest.engine import HeartsView
from crowsnest.engine.cards import bits, popcount
from crowsnest.engine.hearts import HeartsGame
from crowsnest.engine.rules.hearts import HEARTS, PASS_OFFSET

MOON_PASS_HIGH: Final = 3
"""Queens, kings and aces a hand holds before the pass search also tries keeping them
for a moon (:func:`moon_pass`). Measured on the same deals (``'hard:moon_high=N'``,
untimed, seed 0, 400 deals): 3 scored 1.27 a hand better than 5 against three
Duckers and 1.99 better against three Shooters; 0 (every hand) only 0.04 and 0.28
better than 3, for about 40% more at the 95th percentile of a decision's time."""
EXACT_NODES: Final = 20_000
"""Positions the exact search of one card in one world may visit before that card is
played out by the policies instead (:func:`play_value`)."""
MOON_HEART_LOW: Final = 3
"""Ranks by which a heart counts lower than a card of another suit when the moon pass
picks its lowest cards."""


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
    moon-shooting policy for ``line``, see :func:`rollout`): the seat's :func:`relative`
    result."""
    me = view.seat
    assert me is not None
    return relative(pass_out(view, hand, world, cards, line).results[-1].points, me)


def pass_out(
    view: HeartsView, hand: int, world: PassWorld, cards: int, line: int | None = None
) -> HeartsGame:
    """The game of :func:`pass_value`, played out to the hand's end (a review reads its
    tricks and points)."""
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
    rollout(game, 0, [0, 0, 0, 0], me, line)
    return game


def play_value(
    view: HeartsView,
    hands: Sequence[int],
    card: int,
    line: int | None,
    known: Worlds,
    solver: Solver | None = None,
) -> float:
    """``card`` played by ``view``'s seat in the world ``hands``, the hand played out
    (by the moon-shooting policy for ``line``, see :func:`rollout`): the seat's
    :func:`relative` result. ``known``: the view's worlds (its voids and played
    cards, worked out once a decision). With a ``solver`` and no more cards in the
    seat's hand than it solves (``solver.exact``), the rest of the hand is searched
    exactly instead (:mod:`~crowsnest.ai.hearts.solver`: the others play against the
    seat), unless that search runs out of positions."""
    if solver is not None and popcount(hands[known.me]) <= solver.exact:
        game = _position(view, hands, known)
        try:
            return solver.value(Position.of(game), card)
        except OutOfNodes:
            pass
    return relative(play_out(view, hands, card, line, known).results[-1].points, known.me)


def _position(view: HeartsView, hands: Sequence[int], known: Worlds) -> HeartsGame:
    """The game of the world ``hands`` at ``view``'s moment."""
    return HeartsGame.from_position(
        HEARTS,
        list(hands),
        trick=view.trick,
        leader=known.leader,
        tricks=view.tricks,
        broken=view.hearts_broken,
        taken=view.points_taken,
        totals=view.totals,
    )


def play_out(
    view: HeartsView, hands: Sequence[int], card: int, line: int | None, known: Worlds
) -> HeartsGame:
    """The game of :func:`play_value`, played out to the hand's end (a review reads the
    trick the card went to, and who took what)."""
    me = known.me
    game = _position(view, hands, known)
    v = known.voids[:]
    if view.trick and card // 13 != view.trick[0] // 13:
        v[me] |= 1 << (view.trick[0] // 13)
    game.play_fast(card)
    rollout(game, known.played | 1 << card, v, me, line)
    return game


def play_candidates(view: HeartsView, cards: list[int]) -> tuple[int, list[int], bool]:
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
