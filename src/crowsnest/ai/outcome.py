"""What one playout of a review's search showed beyond its value (:class:`Outcome`):
whether the seat's side won the trick the card went to and what it held, the points
the seat (Hearts) or its team (Rook) took in the hand, a moon, the contract. A review
(:mod:`crowsnest.ai.judge`) counts these over its worlds per candidate, and the
reason a decision is given (:mod:`crowsnest.ai.reasons`) is read from those counts.
The searches themselves use only the value."""

from __future__ import annotations

from typing import NamedTuple

from crowsnest.ai.hearts.search import relative
from crowsnest.engine.hearts import HeartsGame
from crowsnest.engine.rook import RookGame
from crowsnest.engine.scoring import RookHandResult
from crowsnest.engine.seats import team_of

MOON_NONE = 0
MOON_MINE = 1
"""The reviewed seat shot the moon."""
MOON_OTHER = 2
"""Another seat shot the moon."""


class Outcome(NamedTuple):
    """One candidate played out in one world."""

    value: float
    """The search's value (its own units, as :attr:`~crowsnest.ai.budget.Scorer.value`)."""
    won: int = -1
    """1: the seat's side won the trick the card went to; 0: it did not; -1: no such
    trick (not a card, or a trick the playout did not finish)."""
    trick_points: int = 0
    """The points of that trick (card points, Rook's counters)."""
    points: int = -1
    """Points the seat (Hearts: taken, lower is better) or its team (Rook: counted)
    took in the hand; -1 unknown."""
    moon: int = MOON_NONE
    """Hearts: :data:`MOON_MINE`, :data:`MOON_OTHER` or :data:`MOON_NONE`."""
    made: int = -1
    """Rook: 1 the seat's team declared and made its bid, 0 it declared and was set,
    2 the other team declared and was set, 3 the other team made its bid; -1 none."""


def hearts_outcome(game: HeartsGame, me: int, trick: int) -> Outcome:
    """A Hearts hand played out (``game`` over): the seat ``me``'s relative result,
    and the ``trick``-th trick of the hand (the one its card went to; -1: none)."""
    result = game.results[-1]
    value = relative(result.points, me)
    won, trick_points = -1, 0
    if 0 <= trick < len(game.tricks):
        done = game.tricks[trick]
        won, trick_points = int(done.winner == me), done.points
    moon = MOON_NONE if result.moon is None else MOON_MINE if result.moon == me else MOON_OTHER
    return Outcome(value, won, trick_points, game.taken[me], moon)


def rook_outcome(
    result: RookHandResult, me: int, game: RookGame | None = None, trick: int = -1
) -> Outcome:
    """A Rook hand played out: the seat ``me``'s team's score minus the other's, its
    count, the contract, and (``game`` given) the ``trick``-th trick of the hand."""
    team = team_of(me)
    value = float(result.score[team] - result.score[1 - team])
    ours = result.declarer_team == team
    made = (1 if result.made else 0) if ours else (3 if result.made else 2)
    won, trick_points = -1, 0
    if game is not None and 0 <= trick < len(game.tricks):
        done = game.tricks[trick]
        won, trick_points = int(team_of(done.winner) == team), done.points
    return Outcome(value, won, trick_points, result.counted[team], MOON_NONE, made)


def exact_outcome(value: float, me: int, game: RookGame, trick: int) -> Outcome:
    """A Rook card valued exactly (the endgame search), its trick read from ``game``
    when the card finished it (else unknown)."""
    won, trick_points = -1, 0
    if 0 <= trick < len(game.tricks):
        done = game.tricks[trick]
        won, trick_points = int(team_of(done.winner) == team_of(me)), done.points
    return Outcome(value, won, trick_points)
