"""The bodies of the hand review's HTTP routes: each decision judged, the hand's
review, the seat's choice to have its hands reviewed."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel

from crowsnest.server.models.common import Strict


class ReviewHindsight(BaseModel):
    """The decision with every card face up (the real deal played out): hindsight.
    Hearts card play: an exact (paranoid double-dummy) search within a node budget;
    when the budget cut it short, `cut_short` and no figures (`null`)."""

    best: str | None
    best_value: float | None
    taken_value: float | None
    cost: float | None
    cut_short: bool = False
    """The perfect-information search ran out of its node budget: no hindsight is given."""


class ReviewDecision(BaseModel):
    """One decision of the reviewed seat (`docs/ai.md`, "Hand review")."""

    step: int
    """Index of the action in the game's record."""
    hand_number: int
    phase: str
    hand: list[str]
    """The seat's hand at that moment."""
    trick: list[str]
    """The trick so far, in play order."""
    taken: str
    """The action taken (`play QS`, `bid 120`, ...)."""
    legal: int
    """How many actions were legal (1: forced, never searched)."""
    best: str | None
    """The action the Hard search finds best (`null` when forced)."""
    taken_value: float | None
    best_value: float | None
    cost: float
    """Expected points the action taken gave away against the best (Hearts: points
    relative to the others; Rook: the team's hand score minus the other team's)."""
    se: float
    """Standard error of the cost."""
    band: Literal["inaccuracy", "mistake", "blunder"] | None
    """Only when the cost reaches the band's threshold and exceeds 2 standard errors."""
    hindsight: ReviewHindsight | None
    """Shown only once the game is over (`null` before)."""


class ReviewBody(BaseModel):
    family: str
    rules: str
    seat: int
    worlds: int
    """Worlds sampled per decision."""
    accuracy: float | None
    """`100 * exp(-mean cost / mistake threshold)` over the decisions with a choice."""
    decisions: list[ReviewDecision]


class HandReview(BaseModel):
    hand_number: int
    seat: int
    review: ReviewBody


class Reviews(BaseModel):
    """`GET /api/tables/{id}/review`: the stored reviews the caller may read."""

    table_id: str
    status: str
    """The table's: `waiting`, `playing`, `over` (or `expired`)."""
    hindsight: bool
    """Whether hindsight is shown (the game is over)."""
    reviewing: bool
    """Whether this server reviews hands (`review_worlds` > 0): if not, no more will come."""
    pending: list[int] = []
    """Hands of the seats read whose review is queued or being computed: a hand neither
    here nor in `reviews` gets none (skipped, turned off, or a bot played it)."""
    reviews: list[HandReview]


class ReviewChoice(Strict):
    """`PUT /api/tables/{id}/review`: whether the seat's hands are reviewed."""

    on: bool


class ReviewChoiceSet(BaseModel):
    table_id: str
    seat: int
    on: bool
