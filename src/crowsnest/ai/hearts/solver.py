"""The rest of a Hearts hand with every card face up, searched exactly (double
dummy): the review's hindsight (:mod:`crowsnest.ai.review`).

**The model.** Hearts has four players each for themselves, so "perfect play" needs
a model of what the others want. This search is *paranoid*: the seat ``me`` plays to
minimise its result, the three others play together to maximise it. The result is
the review's unit, ``me``'s points for the hand minus the mean of the other three's
(moon included: a seat that takes every point scores 0 and the others all of them,
the engine's :func:`~crowsnest.engine.scoring.score_round`); it is computed in thirds
(``4 * points[me] - sum(points)``) so that the search runs on integers. The value is
what ``me`` can make sure of whatever the others do: against real opponents, who
also mind their own points, it can only be as good or better. It is what a double
dummy result means for a game without teams (the Rook one, :mod:`crowsnest.ai.rook.
exact`, is the two teams' minimax).

**The search.** Alpha-beta, fail-soft, over the engine's legal cards
(:func:`~crowsnest.engine.hearts.legal_cards`) and trick resolution
(:mod:`crowsnest.engine.tricks`), with

* equivalent cards merged: cards of one hand, of one suit and the same points, with
  no card between them in another hand or in the trick in progress, win and lose
  the same tricks, so one of them is searched;
* move ordering: the transposition table's best card first, then the card a player
  of its side would try first (``me`` ducks under the trick's winner and sheds its
  points when void; the others let ``me`` win a trick and give it points);
* a transposition table at the start of each trick, keyed by the four hands, the
  leader and what the points taken so far still matter for (``me``'s points, and
  who alone has taken points and so may still shoot the moon), holding exact values
  and bounds;
* an end as soon as no point card is left in any hand;
* a **node budget**: a search that would visit more than ``nodes`` positions stops
  and says so (:class:`OutOfNodes`) rather than return a guess.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from crowsnest.ai import pause
from crowsnest.engine.frozen import Reduced, reduce_frozen
from crowsnest.engine.hearts import HEARTS_MASK, HeartsGame, legal_cards
from crowsnest.engine.rules.hearts import HeartsRules
from crowsnest.engine.scoring import score_round
from crowsnest.engine.tricks import (
    HEARTS_POWER,
    HEARTS_SUITS,
    hearts_points,
    led_suit,
    trick_points,
    winning_index,
)

DEFAULT_NODES: Final = 100_000
PAUSE_EVERY: Final = 4095
"""The search may pause (:func:`crowsnest.ai.pause.point`) every 4,096 positions."""
"""Positions one decision's hindsight may visit (every card compared included)."""
TABLE_SIZE: Final = 1 << 20
"""Entries the transposition table keeps at most (it is emptied when full)."""
_INF: Final = 1 << 20
_Key = Callable[[int], tuple[int, ...]]
_EXACT, _LOWER, _UPPER = 0, 1, 2


class OutOfNodes(Exception):
    """The search reached its node budget before it proved its answer."""


@dataclass(frozen=True, slots=True)
class Position:
    """A moment of a hand's card play with every hand known."""

    hands: tuple[int, int, int, int]
    trick: tuple[int, ...]
    """The trick in progress, in play order."""
    leader: int
    first_trick: bool
    """No trick has been completed yet."""
    broken: bool
    taken: tuple[int, int, int, int]
    """Points each seat has taken in this hand's completed tricks."""

    def __reduce__(self) -> Reduced:
        return reduce_frozen(self)

    @classmethod
    def of(cls, game: HeartsGame) -> Position:
        """The position of ``game`` (in its play phase): every hand as it is."""
        h = game.hands
        t = game.taken
        return cls(
            (h[0], h[1], h[2], h[3]),
            tuple(game.trick),
            game.leader,
            not game.tricks,
            game.broken,
            (t[0], t[1], t[2], t[3]),
        )

    @property
    def turn(self) -> int:
        return (self.leader + len(self.trick)) % 4


@dataclass(frozen=True, slots=True)
class Solved:
    """The hindsight of one decision: the best card and its value, and the value of
    the card compared with it (the one taken), in relative points (lower is better)."""

    best: int
    best_value: float
    value: float
    nodes: int

    def __reduce__(self) -> Reduced:
        return reduce_frozen(self)


class Solver:
    """Searches positions for seat ``me``; the transposition table is kept from one
    call to the next (the positions of one hand share most of their subtrees)."""

    def __init__(
        self, rules: HeartsRules, me: int, nodes: int = DEFAULT_NODES, exact: int = 0
    ) -> None:
        self.rules = rules
        self.me = me
        self.budget = nodes
        self.exact = exact
        """Cards in hand from which a search values its cards exactly in each world
        (:func:`~crowsnest.ai.hearts.search.play_value`); 0 for none."""
        self.points = hearts_points(rules)
        self.point_cards = sum(1 << c for c, p in enumerate(self.points) if p)
        self.table: dict[tuple[int, ...], tuple[int, int, int]] = {}
        self.nodes = 0
        self._limit = 0

    # -- the calls ------------------------------------------------------------------

    def value(self, position: Position, card: int | None = None) -> float:
        """The value of ``position`` with perfect play (``card`` played first by the
        seat on turn, when given), in relative points; :class:`OutOfNodes` past the
        budget."""
        self._start()
        return self._root(position, card, -_INF, _INF) / 3

    def compare(self, position: Position, taken: int, cards: Sequence[int]) -> Solved:
        """``me`` on turn at ``position``: the value of playing ``taken`` and the best
        of ``cards`` (``taken`` when none is strictly better), all within one budget;
        :class:`OutOfNodes` past it."""
        if position.turn != self.me:
            raise ValueError(f"seat {position.turn} is on turn, not seat {self.me}")
        self._start()
        taken_value = best_value = self._root(position, taken, -_INF, _INF)
        best = taken
        for card in self._order(position, [c for c in cards if c != taken]):
            v = self._root(position, card, -_INF, best_value)
            if v < best_value:  # inside the window: exact
                best, best_value = card, v
        return Solved(best, best_value / 3, taken_value / 3, self.nodes)

    # -- the search -----------------------------------------------------------------

    def _start(self) -> None:
        self.nodes = 0
        self._limit = self.budget
        if len(self.table) > TABLE_SIZE:
            self.table.clear()

    def _root(self, p: Position, card: int | None, alpha: int, beta: int) -> int:
        hands = list(p.hands)
        led = led_suit(p.trick[0], 0, HEARTS_SUITS) if p.trick else 0
        if card is None:
            return self._search(hands, p.trick, led, p.leader, p.taken, p.first_trick,
                                p.broken, alpha, beta)  # fmt: skip
        seat = p.turn
        if not legal_cards(hands[seat], led, p.first_trick, p.broken) >> card & 1:
            raise ValueError(f"card {card} may not be played by seat {seat} here")
        return self._child(hands, p.trick, led, p.leader, p.taken, p.first_trick, p.broken,
                           card, alpha, beta)  # fmt: skip

    def _search(
        self,
        hands: list[int],
        trick: tuple[int, ...],
        led: int,
        leader: int,
        taken: tuple[int, int, int, int],
        first: bool,
        broken: bool,
        alpha: int,
        beta: int,
    ) -> int:
        self.nodes += 1
        if self.nodes > self._limit:
            raise OutOfNodes(f"more than {self._limit} positions")
        if not self.nodes & PAUSE_EVERY:
            pause.point()  # a review in the background gives way to the bots here
        low, high = self._bounds(taken)
        if high <= alpha:
            return high
        if low >= beta:
            return low
        seat = (leader + len(trick)) % 4
        key: tuple[int, ...] | None = None
        hint = -1
        if not trick:
            left = hands[0] | hands[1] | hands[2] | hands[3]
            if not left & self.point_cards:
                return self._score(taken)
            key = (hands[0], hands[1], hands[2], hands[3], leader, *self._taken_key(taken))
            entry = self.table.get(key)
            if entry is not None:
                v, flag, hint = entry
                if flag == _EXACT:
                    return v
                if flag == _LOWER and v >= beta:
                    return v
                if flag == _UPPER and v <= alpha:
                    return v
        maximise = seat != self.me
        start_alpha, start_beta = alpha, beta
        hand = hands[seat]
        cards = self._moves(hands, trick, seat, legal_cards(hand, led, first, broken), led)
        if hint in cards:
            cards.remove(hint)
            cards.insert(0, hint)
        best = -_INF if maximise else _INF
        best_card = cards[0]
        for card in cards:
            v = self._child(hands, trick, led, leader, taken, first, broken, card, alpha, beta)
            if maximise:
                if v > best:
                    best, best_card = v, card
                    if v > alpha:
                        alpha = v
            elif v < best:
                best, best_card = v, card
                if v < beta:
                    beta = v
            if alpha >= beta:
                break
        if key is not None:
            if best <= start_alpha:
                flag = _UPPER
            elif best >= start_beta:
                flag = _LOWER
            else:
                flag = _EXACT
            self.table[key] = (best, flag, best_card)
        return best

    def _child(
        self,
        hands: list[int],
        trick: tuple[int, ...],
        led: int,
        leader: int,
        taken: tuple[int, int, int, int],
        first: bool,
        broken: bool,
        card: int,
        alpha: int,
        beta: int,
    ) -> int:
        """The value after the seat on turn plays ``card``."""
        seat = (leader + len(trick)) % 4
        hand = hands[seat]
        hands[seat] = hand ^ 1 << card
        played = (*trick, card)
        now_broken = broken or bool(1 << card & HEARTS_MASK)
        try:
            if len(played) < 4:
                return self._search(hands, played, led or led_suit(card, 0, HEARTS_SUITS),
                                    leader, taken, first, now_broken, alpha, beta)  # fmt: skip
            winner = (leader + winning_index(played, led, 0, HEARTS_POWER)) % 4
            points = trick_points(played, self.points)
            t = list(taken)
            t[winner] += points
            after = (t[0], t[1], t[2], t[3])
            if not hands[0] | hands[1] | hands[2] | hands[3]:
                return self._score(after)
            return self._search(hands, (), 0, winner, after, False, now_broken, alpha, beta)
        finally:
            hands[seat] = hand

    def _score(self, taken: Sequence[int]) -> int:
        """The hand's final result for ``me``, in thirds of a relative point."""
        points, _moon = score_round(self.rules, taken)
        return 4 * points[self.me] - sum(points)

    def _bounds(self, taken: tuple[int, int, int, int]) -> tuple[int, int]:
        """Bounds on the final result (thirds) from the points taken so far: ``me``
        takes none or all of the rest, and a moon needs one seat alone to have
        taken points."""
        total = self.rules.points_per_hand
        mine = taken[self.me]
        rest = total - taken[0] - taken[1] - taken[2] - taken[3]
        low, high = 4 * mine - total, 4 * (mine + rest) - total
        holders = (taken[0] > 0) + (taken[1] > 0) + (taken[2] > 0) + (taken[3] > 0)
        if holders == 0 or (holders == 1 and mine):
            low = min(low, -3 * total)  # ``me`` may still shoot the moon
        if holders == 0 or (holders == 1 and not mine):
            high = max(high, total)  # another seat may (``me`` then scores 26, the others 0)
        return low, high

    def _taken_key(self, taken: tuple[int, int, int, int]) -> tuple[int, int]:
        """What the points taken so far matter for: ``me``'s points, and the only seat
        that has taken points (-1: nobody yet; -2: two seats or more, no moon)."""
        holders = [s for s in range(4) if taken[s]]
        alone = holders[0] if len(holders) == 1 else (-1 if not holders else -2)
        return taken[self.me], alone

    # -- which cards, in which order ------------------------------------------------

    def _moves(
        self, hands: list[int], trick: tuple[int, ...], seat: int, legal: int, led: int
    ) -> list[int]:
        """One card of each set of equivalent ``legal`` cards, in search order."""
        others = 0
        for s in range(4):
            if s != seat:
                others |= hands[s]
        for c in trick:
            others |= 1 << c
        points = self.points
        out: list[int] = []
        prev = -1
        m = legal
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            if prev >= 0 and c // 13 == prev // 13 and points[c] == points[prev]:
                between = ((1 << c) - 1) & ~((2 << prev) - 1)
                if not between & others:
                    prev = c  # the group's highest card stands for it
                    out[-1] = c
                    continue
            out.append(c)
            prev = c
        if len(out) > 1:
            out.sort(key=self._order_key(trick, seat, led))
        return out

    def _order(self, p: Position, cards: list[int]) -> list[int]:
        led = led_suit(p.trick[0], 0, HEARTS_SUITS) if p.trick else 0
        return sorted(cards, key=self._order_key(p.trick, p.turn, led))

    def _order_key(self, trick: tuple[int, ...], seat: int, led: int) -> _Key:
        """Cards a player of ``seat``'s side would try first sort first."""
        points = self.points
        if not trick:
            return lambda c: (c % 13,)  # low leads first
        leader_i = winning_index(trick, led, 0, HEARTS_POWER)
        top = trick[leader_i]
        if seat == self.me or (seat - len(trick) + leader_i) % 4 == self.me:
            # ``me``: duck under the winner with the highest card that does, shed
            # points when void; the others, ``me`` winning: keep it so, give it points.
            return lambda c: (
                (1, -points[c], -(c % 13)) if not led >> c & 1 else (int(c > top), 0, -(c % 13))
            )
        return lambda c: (points[c], c % 13)
