"""Why one action beats another, read from what the review's search measured
(:class:`~crowsnest.ai.verdicts.Reason`): each candidate's playouts
(:class:`~crowsnest.ai.outcome.Outcome`) counted over the worlds (:func:`evidence`),
then the first of these that tells the two actions apart clearly
(:func:`reason_of`, ``docs/ai.md`` "Why"):

1. a moon: the other stops another seat's moon (``moon_stopped``) or shoots the
   seat's own (``moon_shot``) in more worlds;
2. the trick the card goes to, when it holds points: the seat's side wins it in more
   worlds (Rook: ``ruff`` when the card is a trump on another colour's lead, else
   ``trick_won``), or, in Hearts, in fewer (``trick_lost``: the points go elsewhere);
   won as often, but holding other points (``trick_points``: ``points`` then counts
   the worlds the seat's side wins it);
3. the contract (Rook): the seat's team makes its contract in more worlds
   (``contract``), or the other team's fails in more (``set``); a bid whose contract
   is made too seldom where a pass is better (``overbid``), or the other way round
   (``underbid``);
4. the points taken in the hand (``points``);
5. otherwise the difference comes later in the hand (``later``: the mean result).

"Clearly": counts of worlds that differ by at least :data:`CLEAR_SHARE` of the worlds
and by :data:`CLEAR_MIN` worlds; mean points that differ by :data:`CLEAR_POINTS`.
The client words a reason in the player's language; the server sends no sentence.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from crowsnest.ai.outcome import MOON_MINE, MOON_OTHER, Outcome
from crowsnest.ai.verdicts import Option, Reason, ReasonCode

CLEAR_SHARE: Final = 0.1
"""The share of the worlds by which two counts must differ to tell two actions apart."""
CLEAR_MIN: Final = 2
"""The fewest worlds by which two counts must differ."""
CLEAR_POINTS: Final = 0.5
"""Mean points (taken in the hand) by which two actions must differ."""


def evidence(option: Option, facts: Sequence[Outcome], *, hearts: bool) -> Option:
    """``option`` with the counts of its playouts ``facts`` (one per world; ``hearts``:
    a Hearts decision, whose moons are counted)."""
    tricks = [f for f in facts if f.won >= 0]
    points = [f.points for f in facts if f.points >= 0]
    contracts = [f for f in facts if f.made >= 0]
    return Option(
        option.action,
        option.mean,
        option.se,
        tricks=len(tricks),
        won=sum(f.won for f in tricks) if tricks else None,
        trick_points=sum(f.trick_points for f in tricks) / len(tricks) if tricks else None,
        points=sum(points) / len(points) if points else None,
        moon_mine=sum(f.moon == MOON_MINE for f in facts) if hearts else None,
        moon_other=sum(f.moon == MOON_OTHER for f in facts) if hearts else None,
        made=sum(f.made in (1, 3) for f in contracts) if contracts else None,
        ours=sum(f.made in (0, 1) for f in contracts) if contracts else None,
    )


def _clear(a: int, b: int, worlds: int) -> bool:
    return abs(a - b) >= max(CLEAR_MIN, CLEAR_SHARE * worlds)


def _fewer(a: int | None, b: int | None, worlds: int) -> bool:
    """``a`` is clearly fewer worlds than ``b``."""
    return a is not None and b is not None and a < b and _clear(a, b, worlds)


def reason_of(
    good: Option, other: Option, worlds: int, *, hearts: bool, ruff: bool = False
) -> Reason:
    """Why ``good`` (the better action by the search) beats ``other``, over ``worlds``
    worlds. ``hearts``: points are bad (Hearts) rather than good (Rook); ``ruff``:
    ``good`` is a trump played on another colour's lead."""

    def said(code: ReasonCode, a: float, b: float, points: float | None = None) -> Reason:
        return Reason(code, good.action, other.action, worlds, a, b, points)

    if _fewer(good.moon_other, other.moon_other, worlds):
        return said("moon_stopped", good.moon_other or 0, other.moon_other or 0, 26)
    if _fewer(other.moon_mine, good.moon_mine, worlds):
        return said("moon_shot", good.moon_mine or 0, other.moon_mine or 0, 26)
    trick = _trick(good, other, hearts=hearts, ruff=ruff)
    if trick is not None:
        return trick
    contract = _contract(good, other, worlds)
    if contract is not None:
        return contract
    if good.points is not None and other.points is not None:
        better = other.points - good.points if hearts else good.points - other.points
        if better >= CLEAR_POINTS:
            return said("points", good.points, other.points)
    return said("later", good.mean, other.mean)


def _trick(good: Option, other: Option, *, hearts: bool, ruff: bool) -> Reason | None:
    """The reason in the trick the card goes to, if it tells the two apart."""
    if good.won is None or other.won is None or good.tricks != other.tricks:
        return None
    n = good.tricks

    def said(code: ReasonCode, a: float, b: float, points: float | None) -> Reason:
        return Reason(code, good.action, other.action, n, a, b, points)

    stake = max(good.trick_points or 0.0, other.trick_points or 0.0)
    if stake > 0 and _clear(good.won, other.won, n):
        if good.won > other.won:
            return said("ruff" if ruff else "trick_won", good.won, other.won, good.trick_points)
        return said("trick_lost", good.won, other.won, other.trick_points) if hearts else None
    a, b = good.trick_points, other.trick_points
    if a is not None and b is not None and abs(a - b) >= CLEAR_POINTS:
        return said("trick_points", a, b, good.won)
    return None


def _contract(good: Option, other: Option, worlds: int) -> Reason | None:
    """The reason in the contract (Rook), if it tells the two apart."""

    def said(code: ReasonCode, a: float, b: float, points: float | None) -> Reason:
        return Reason(code, good.action, other.action, worlds, a, b, points)

    if good.made is not None and other.made is not None and good.ours == other.ours:
        if good.ours == worlds and _fewer(other.made, good.made, worlds):
            return said("contract", good.made, other.made, good.points)
        if good.ours == 0 and _fewer(good.made, other.made, worlds):
            return said("set", worlds - good.made, worlds - other.made, other.points)
    if other.made is not None and other.ours == worlds and good.made is None:  # a pass
        return said("overbid", other.made, 0, other.points)
    if good.made is not None and good.ours == worlds and other.made is None:  # a pass
        return said("underbid", good.made, 0, good.points)
    return None
