"""The last tricks of a known world played exactly (double dummy): Hard's search
near the end of a hand, where the Normal policy's rollouts misjudge what a card
leads to (a late ruff, which trump to keep) and an exact answer is cheap.

Each team plays the cards it holds in the world to maximise its own hand score
minus the other team's, seeing every hand (the world is a sample of what the seat
deciding cannot see). Trick resolution and scoring are the engine's
(:mod:`crowsnest.engine.tricks`, :func:`crowsnest.engine.scoring.score_hand`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from crowsnest.ai.budget import TALLY
from crowsnest.engine.rules.rook import RookRules
from crowsnest.engine.scoring import score_hand
from crowsnest.engine.seats import team_of
from crowsnest.engine.tricks import TrickTables, follow_mask, trick_tables, winning_index

EXACT_CARDS: Final = 12
"""Cards still to be played (all four hands) at or below which card play is searched
exactly: the last three tricks."""


def exact_value(
    rules: RookRules,
    trump: int,
    hands: Sequence[int],
    trick: Sequence[int],
    leader: int,
    captured: Sequence[int],
    tricks_won: Sequence[int],
    declarer: int,
    bid: int,
    nest_points: int,
    team: int,
) -> int:
    """The hand score of ``team`` minus the other team's when both play the rest of
    the hand perfectly from this position (``hands`` as they are, the ``trick`` in
    progress led by ``leader``)."""
    TALLY.playouts += 1
    search = _Search(rules, trick_tables(rules, trump), declarer, bid, nest_points, team)
    led = search.tables.led(trick[0]) if trick else 0
    return search.value(
        list(hands), tuple(trick), led, leader, captured[0], captured[1], tricks_won[0],
        tricks_won[1], -(1 << 30), 1 << 30,
    )  # fmt: skip


class _Search:
    __slots__ = ("bid", "declarer", "nest_points", "rules", "tables", "team")

    def __init__(
        self,
        rules: RookRules,
        tables: TrickTables,
        declarer: int,
        bid: int,
        nest_points: int,
        team: int,
    ) -> None:
        self.rules = rules
        self.tables = tables
        self.declarer = declarer
        self.bid = bid
        self.nest_points = nest_points
        self.team = team

    def value(
        self,
        hands: list[int],
        trick: tuple[int, ...],
        led: int,
        leader: int,
        cap0: int,
        cap1: int,
        won0: int,
        won1: int,
        alpha: int,
        beta: int,
    ) -> int:
        """Alpha-beta: ``team`` maximises, the other team minimises."""
        t = self.tables
        seat = (leader + len(trick)) % 4
        hand = hands[seat]
        legal = (follow_mask(hand, led, t.free) or hand) if trick else hand
        maximise = team_of(seat) == self.team
        best = -(1 << 30) if maximise else 1 << 30
        m = legal
        while m:
            low = m & -m
            card = low.bit_length() - 1
            m ^= low
            hands[seat] = hand ^ low
            played = (*trick, card)
            if len(played) < 4:
                v = self.value(
                    hands, played, led or t.led(card), leader, cap0, cap1, won0, won1, alpha, beta
                )
            else:
                winner = (leader + winning_index(played, led, t.trump, t.power)) % 4
                points = t.points[played[0]] + t.points[played[1]]
                points += t.points[played[2]] + t.points[played[3]]
                c0, c1, w0, w1 = cap0, cap1, won0, won1
                if team_of(winner) == 0:
                    c0, w0 = c0 + points, w0 + 1
                else:
                    c1, w1 = c1 + points, w1 + 1
                if hands[0] | hands[1] | hands[2] | hands[3]:
                    v = self.value(hands, (), 0, winner, c0, c1, w0, w1, alpha, beta)
                else:
                    v = self._score(c0, c1, w0, w1, team_of(winner))
            hands[seat] = hand
            if maximise:
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
            else:
                if v < best:
                    best = v
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        return best

    def _score(self, cap0: int, cap1: int, won0: int, won1: int, last: int) -> int:
        hand = score_hand(
            self.rules, self.declarer, self.bid, (cap0, cap1), (won0, won1), self.nest_points, last
        )
        return hand.score[self.team] - hand.score[1 - self.team]
