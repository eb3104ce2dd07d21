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
    """One action searched: its text (``play QS``) and mean result (search units)."""

    action: str
    mean: float
    se: float


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
