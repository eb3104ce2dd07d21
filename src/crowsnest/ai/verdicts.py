"""What a hand review says: each decision judged (:class:`Decision`: the options
searched, the cost of the action taken, its band and hindsight), a seat's decisions
in a game (:class:`Review`) and their JSON; the bands a cost is flagged in
(:func:`bands`, :func:`band_of`) and the game's accuracy (:func:`accuracy`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Literal

from crowsnest.engine import RookRules, get_rules

Band = Literal["inaccuracy", "mistake", "blunder"]


Z: Final = 2.0
"""Standard errors of the difference a cost must exceed to be flagged at all."""
HEARTS_BANDS: Final[tuple[tuple[Band, float], ...]] = (
    ("blunder", 8.0),
    ("mistake", 3.0),
    ("inaccuracy", 1.0),
)
"""Hearts thresholds, in relative points (a heart taken costs 4/3, the queen 52/3)."""
ROOK_BANDS: Final[tuple[tuple[Band, float], ...]] = (
    ("blunder", 30.0),
    ("mistake", 15.0),
    ("inaccuracy", 5.0),
)
"""Rook thresholds for a 120-point deck, scaled to the rule set's points per hand
(a 10-point counter given to the other team costs 20 in the team difference)."""


@dataclass(frozen=True, slots=True)
class Option:
    """One action searched: its text (``play QS``) and mean result (search units), and
    what its playouts showed (:class:`~crowsnest.ai.outcome.Outcome`), counted over the
    review's worlds (None: the search does not tell)."""

    action: str
    mean: float
    se: float
    tricks: int = 0
    """Worlds in which the trick the card went to was played out (all of them but in
    Rook's exact endgame, where only a trick the card finishes is known)."""
    won: int | None = None
    """Of those, the worlds in which the seat's side won that trick."""
    trick_points: float | None = None
    """The mean points of that trick, over those worlds."""
    points: float | None = None
    """The mean points the seat (Hearts) or its team (Rook) took in the hand."""
    moon_mine: int | None = None
    """Hearts: worlds in which the seat shot the moon."""
    moon_other: int | None = None
    """Hearts: worlds in which another seat shot the moon."""
    made: int | None = None
    """Rook: worlds in which the contract was made (see :attr:`ours`)."""
    ours: int | None = None
    """Rook: worlds in which the seat's team held the contract."""


ReasonCode = Literal[
    "moon_stopped",
    "moon_shot",
    "contract",
    "set",
    "overbid",
    "underbid",
    "ruff",
    "trick_won",
    "trick_lost",
    "trick_points",
    "points",
    "later",
]


@dataclass(frozen=True, slots=True)
class Reason:
    """Why one action beats another, in the search's own counts
    (:func:`~crowsnest.ai.reasons.reason_of`): a code the client words, the action it
    speaks for (``action``: the suggested one, or the one taken when it was best) and
    the one compared (``other``), each one's figure (``a``, ``b``: worlds out of
    ``worlds``, or mean points), and the points at stake (``points``)."""

    code: ReasonCode
    action: str
    other: str
    worlds: int
    a: float
    b: float
    points: float | None = None


@dataclass(frozen=True, slots=True)
class Hindsight:
    """The decision with every card face up (the real deal played out). When the
    perfect-information search ran out of its node budget, ``cut_short`` and no
    figure (none is guessed)."""

    best: str | None
    best_value: float | None
    taken_value: float | None
    cost: float | None
    cut_short: bool = False


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of the reviewed seat."""

    step: int
    """Index of the action in the record's action list."""
    hand_number: int
    phase: str
    hand: tuple[str, ...]
    """The seat's hand at the moment, in the view's display order."""
    trick: tuple[str, ...]
    """The trick so far (cards in play order)."""
    taken: str
    legal: int
    """Legal actions (a card choice counts each card; a pass or discard counts 2+)."""
    best: str | None = None
    taken_value: float | None = None
    best_value: float | None = None
    cost: float = 0.0
    se: float = 0.0
    """Standard error of the cost (of the paired difference best - taken)."""
    band: Band | None = None
    options: tuple[Option, ...] = ()
    hindsight: Hindsight | None = None
    leader: int | None = None
    """The seat that led the trick so far (card play)."""
    reason: Reason | None = None

    @property
    def forced(self) -> bool:
        return self.legal < 2

    @property
    def significant(self) -> bool:
        """The cost is outside :data:`Z` standard errors of the search's noise."""
        return self.cost > 0 and self.cost > Z * self.se


@dataclass(frozen=True, slots=True)
class Review:
    """A seat's decisions in a game (or some of its hands), judged."""

    family: str
    rules: str
    seat: int
    worlds: int
    decisions: tuple[Decision, ...] = field(default=())

    @property
    def flagged(self) -> list[Decision]:
        return [d for d in self.decisions if d.band is not None]

    @property
    def accuracy(self) -> float | None:
        return accuracy(self.family, self.rules, self.decisions)

    def to_json(self) -> dict[str, Any]:
        return {
            "family": self.family,
            "rules": self.rules,
            "seat": self.seat,
            "worlds": self.worlds,
            "accuracy": None if self.accuracy is None else round(self.accuracy, 1),
            "bands": {name: round(t, 2) for name, t in bands(self.family, self.rules)},
            "decisions": [_decision_json(d) for d in self.decisions],
        }


def _decision_json(d: Decision) -> dict[str, Any]:
    out: dict[str, Any] = {
        "step": d.step,
        "hand_number": d.hand_number,
        "phase": d.phase,
        "hand": list(d.hand),
        "trick": list(d.trick),
        "taken": d.taken,
        "legal": d.legal,
        "best": d.best,
        "taken_value": _round(d.taken_value),
        "best_value": _round(d.best_value),
        "cost": round(d.cost, 2),
        "se": round(d.se, 2),
        "band": d.band,
        "hindsight": None,
        "leader": d.leader,
        "options": [_option_json(o) for o in d.options],
        "reason": None if d.reason is None else _reason_json(d.reason),
    }
    if d.hindsight is not None:
        h = d.hindsight
        out["hindsight"] = {
            "best": h.best,
            "best_value": _round(h.best_value),
            "taken_value": _round(h.taken_value),
            "cost": _round(h.cost),
            "cut_short": h.cut_short,
        }
    return out


def _option_json(o: Option) -> dict[str, Any]:
    return {
        "action": o.action,
        "mean": round(o.mean, 2),
        "se": round(o.se, 2),
        "tricks": o.tricks,
        "won": o.won,
        "trick_points": _round(o.trick_points),
        "points": _round(o.points),
        "moon_mine": o.moon_mine,
        "moon_other": o.moon_other,
        "made": o.made,
        "ours": o.ours,
    }


def _reason_json(r: Reason) -> dict[str, Any]:
    return {
        "code": r.code,
        "action": r.action,
        "other": r.other,
        "worlds": r.worlds,
        "a": round(r.a, 2),
        "b": round(r.b, 2),
        "points": _round(r.points),
    }


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 2)


def bands(family: str, rules_id: str) -> tuple[tuple[Band, float], ...]:
    """The band thresholds (highest first) for a rule set, in search units."""
    rules = get_rules(rules_id)
    if not isinstance(rules, RookRules):
        return HEARTS_BANDS
    scale = rules.points_per_hand / 120
    return tuple((name, t * scale) for name, t in ROOK_BANDS)


def band_of(cost: float, se: float, thresholds: Sequence[tuple[Band, float]]) -> Band | None:
    """The band of a cost: the highest threshold it reaches, if it is outside
    :data:`Z` standard errors; else none."""
    if cost <= Z * se:
        return None
    for name, threshold in thresholds:
        if cost >= threshold:
            return name
    return None


def accuracy(family: str, rules_id: str, decisions: Sequence[Decision]) -> float | None:
    """``100 * exp(-c / s)``: ``c`` the mean cost over the decisions with a choice
    (a cost within the noise counts 0), ``s`` the rule set's *mistake* threshold.
    None when no decision had a choice."""
    chosen = [d for d in decisions if not d.forced]
    if not chosen:
        return None
    mistake = dict(bands(family, rules_id))["mistake"]
    mean = sum(d.cost for d in chosen if d.significant) / len(chosen)
    return 100.0 * math.exp(-mean / mistake)
