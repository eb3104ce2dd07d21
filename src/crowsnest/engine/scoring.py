"""Scoring, stated once: what a hand scores (Hearts: :func:`score_round`, the moon;
Rook: :func:`score_hand`, the contract) and its result as a game keeps it, and where
each seat stands. The games, the bots' searches and the batched playouts all call it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from crowsnest.engine.cards import COLOUR_NAMES
from crowsnest.engine.frozen import Reduced, reduce_frozen
from crowsnest.engine.rules.hearts import HeartsRules
from crowsnest.engine.rules.rook import RookRules
from crowsnest.engine.seats import team_of


@dataclass(frozen=True, slots=True)
class Standing:
    """One seat's place in the game (final once the game is over)."""

    seat: int
    team: int
    """The index of the seat's team in ``rules.teams``."""
    score: int
    """The game total of the seat's team (Hearts: the seat's own; low is good)."""
    won: bool
    """The game is over and the seat's team won it."""
    made: int = 0
    """Rook: contracts the seat made as declarer."""
    went_set: int = 0
    """Rook: contracts the seat went set on as declarer."""
    place: int = 1
    """1 + how many teams stand better (teams that stand equal share a place)."""
    hands: int = 0
    """Hands played to the end."""
    hand_points: int = 0
    """What the seat (Rook: its team) scored over those hands."""
    moons_shot: int = 0
    """Hearts: hands in which the seat shot the moon."""
    moons_suffered: int = 0
    """Hearts: hands in which another seat shot the moon."""

    def __reduce__(self) -> Reduced:
        return reduce_frozen(self)


# -- Hearts ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandResult:
    points: tuple[int, int, int, int]
    """Points scored this hand (after the moon)."""
    moon: int | None
    totals: tuple[int, int, int, int]

    def __reduce__(self) -> Reduced:
        return reduce_frozen(self)

    def to_json(self) -> dict[str, Any]:
        return {"points": list(self.points), "moon": self.moon, "totals": list(self.totals)}


def score_round(rules: HeartsRules, taken: Sequence[int]) -> tuple[tuple[int, ...], int | None]:
    """What each seat scores for a round in which it took ``taken`` points, and the
    seat that shot the moon (it scores 0, every other seat all the points) or None."""
    total = rules.points_per_hand
    moon = next((s for s in range(4) if taken[s] == total), None)
    if moon is None:
        return tuple(taken), None
    return tuple(0 if s == moon else total for s in range(4)), moon


def hearts_standings(
    rules: HeartsRules, results: Sequence[HandResult], totals: Sequence[int], winner: int | None
) -> tuple[Standing, ...]:
    """Every seat's standing in a Hearts game of ``results`` (the game totals
    ``totals``, the winning seat ``winner`` once it is over); seats in order."""
    team_of_seat = rules.team_of
    return tuple(
        Standing(
            s,
            team_of_seat(s),
            totals[team_of_seat(s)],
            winner == team_of_seat(s),
            place=1 + sum(1 for t in totals if t < totals[team_of_seat(s)]),
            hands=len(results),
            hand_points=sum(r.points[s] for r in results),
            moons_shot=sum(1 for r in results if r.moon == s),
            moons_suffered=sum(1 for r in results if r.moon not in (None, s)),
        )
        for s in range(4)
    )


# -- Rook ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class HandScore:
    """What a Rook hand scores, from what each team took."""

    counted: tuple[int, int]
    """Each team's points: counters captured, the nest (to the last trick's team), the
    trick bonus (to the team taking more tricks)."""
    made: bool
    """The declaring team counted at least the bid."""
    score: tuple[int, int]
    """What each team scores: a set declarer loses the bid; a made contract scores the
    bid or what was counted (``made_scores``); the defence scores what it counted."""

    def __reduce__(self) -> Reduced:
        return reduce_frozen(self)


def declarer_score(rules: RookRules, bid: int, counted: int) -> int:
    """What the declaring team scores for a contract of ``bid`` when it counted
    ``counted``: set (under the bid), it loses the bid; made, it scores the bid or what
    it counted, as the rule set says (``made_scores``)."""
    if counted < bid:
        return -bid
    return bid if rules.made_scores == "bid" else counted


def score_hand(
    rules: RookRules,
    declarer: int,
    bid: int,
    captured: Sequence[int],
    tricks_won: Sequence[int],
    nest_points: int,
    last_trick_team: int,
) -> HandScore:
    """Score one Rook hand: the one statement of the scoring rules."""
    counted = [captured[0], captured[1]]
    counted[last_trick_team] += nest_points
    if tricks_won[0] != tricks_won[1]:
        counted[0 if tricks_won[0] > tricks_won[1] else 1] += rules.trick_bonus
    side = team_of(declarer)
    made = counted[side] >= bid
    score = counted[:]
    score[side] = declarer_score(rules, bid, counted[side])
    return HandScore((counted[0], counted[1]), made, (score[0], score[1]))


@dataclass(frozen=True, slots=True)
class RookHandResult:
    declarer: int
    bid: int
    trump: int
    counted: tuple[int, int]
    """Each team's points: counters captured, the nest, the trick bonus."""
    nest_points: int
    last_trick_team: int
    tricks_won: tuple[int, int]
    made: bool
    score: tuple[int, int]
    """What each team scores for the hand (a set declarer loses the bid)."""
    totals: tuple[int, int]

    def __reduce__(self) -> Reduced:
        return reduce_frozen(self)

    @property
    def declarer_team(self) -> int:
        """The team that declared (the index in ``rules.teams``)."""
        return team_of(self.declarer)

    def to_json(self) -> dict[str, Any]:
        return {
            "declarer": self.declarer,
            "bid": self.bid,
            "trump": COLOUR_NAMES[self.trump],
            "counted": list(self.counted),
            "nest_points": self.nest_points,
            "last_trick_team": self.last_trick_team,
            "tricks_won": list(self.tricks_won),
            "made": self.made,
            "score": list(self.score),
            "totals": list(self.totals),
        }


def rook_standings(
    results: Sequence[RookHandResult], totals: Sequence[int], winner: int | None
) -> tuple[Standing, ...]:
    """Every seat's standing in a Rook game of ``results`` (the teams' game totals
    ``totals``, the winning team ``winner`` once it is over); seats in order."""
    out = []
    for seat in range(4):
        team = team_of(seat)
        made = sum(1 for r in results if r.declarer == seat and r.made)
        went_set = sum(1 for r in results if r.declarer == seat and not r.made)
        won = winner == team
        place = 1 if won or winner is None else 2
        points = sum(r.score[team] for r in results)
        out.append(
            Standing(
                seat,
                team,
                totals[team],
                won,
                made,
                went_set,
                place,
                hands=len(results),
                hand_points=points,
            )
        )
    return tuple(out)
