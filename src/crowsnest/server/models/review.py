"""The bodies of the hand review's HTTP routes: each decision judged, the hand's
review, the seat's choice to have its hands reviewed."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

from crowsnest.ai.verdicts import ReasonCode
from crowsnest.server.models.common import Strict


class ReviewHindsight(BaseModel):
    """The decision with every card face up (the real deal played out): hindsight.
    Hearts card play: an exact (paranoid double-dummy) search within a node budget;
    when the budget cut it short, `cut_short` and no figures (`null`)."""

    model_config = ConfigDict(
        use_attribute_docstrings=True, json_schema_serialization_defaults_required=True
    )

    best: str | None
    best_value: float | None
    taken_value: float | None
    cost: float | None
    cut_short: bool = False
    """The perfect-information search ran out of its node budget: no hindsight is given."""


class ReviewOption(BaseModel):
    """One action the search compared, with what its playouts showed, counted over
    the review's worlds (`null`: the search does not tell; `docs/ai.md`, "Why")."""

    model_config = ConfigDict(
        use_attribute_docstrings=True, json_schema_serialization_defaults_required=True
    )

    action: str
    mean: float
    """Mean result (Hearts: relative points, lower is better; Rook: the team's hand
    score minus the other team's)."""
    se: float
    tricks: int = 0
    """Worlds in which the trick the card went to was played out."""
    won: int | None = None
    """Of those, the worlds in which the seat's side won that trick."""
    trick_points: float | None = None
    """Mean points of that trick."""
    points: float | None = None
    """Mean points the seat (Hearts) or its team (Rook) took in the hand."""
    moon_mine: int | None = None
    """Hearts: worlds in which the seat shot the moon."""
    moon_other: int | None = None
    """Hearts: worlds in which another seat shot the moon."""
    made: int | None = None
    """Rook: worlds in which the contract was made."""
    ours: int | None = None
    """Rook: worlds in which the seat's team held the contract."""


class ReviewReason(BaseModel):
    """Why `action` beats `other`, as the search measured it: a code the client words
    (`docs/ai.md`, "Why"), each action's figure (`a`, `b`: worlds out of `worlds`, or
    mean points) and the points at stake."""

    model_config = ConfigDict(
        use_attribute_docstrings=True, json_schema_serialization_defaults_required=True
    )

    code: ReasonCode
    """What tells the two actions apart (`docs/ai.md`, "Why")."""
    action: str
    """The action the reason speaks for: the suggested one, or the one taken when it
    was the best."""
    other: str
    """The action it is compared with: the one taken, or the runner-up."""
    worlds: int
    """The worlds the counts are out of."""
    a: float
    """The figure of `action`: worlds (a moon, a trick won, a contract made) or mean
    points, by the code."""
    b: float
    """The same figure of `other`."""
    points: float | None = None
    """The points at stake (a trick's, a moon's 26, the points counted), by the code."""


class ReviewDecision(BaseModel):
    """One decision of the reviewed seat (`docs/ai.md`, "Hand review")."""

    model_config = ConfigDict(
        use_attribute_docstrings=True, json_schema_serialization_defaults_required=True
    )

    step: int
    """Index of the action in the game's record."""
    hand_number: int
    """The hand (0 for the first)."""
    phase: str
    """The engine's phase: `pass`, `play`, `auction`, `discard` or `trump`."""
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
    """The mean result of the action taken (the units of `cost`)."""
    best_value: float | None
    """The mean result of the best action."""
    cost: float
    """Expected points the action taken gave away against the best (Hearts: points
    relative to the others; Rook: the team's hand score minus the other team's)."""
    se: float
    """Standard error of the cost."""
    band: Literal["inaccuracy", "mistake", "blunder"] | None
    """Only when the cost reaches the band's threshold (its minimum) and exceeds 2
    standard errors (clear of the search's noise)."""
    hindsight: ReviewHindsight | None
    """Shown only once the game is over (`null` before)."""
    leader: int | None = None
    """The seat that led the trick so far (card play)."""
    options: list[ReviewOption] = []
    """The actions compared, the best first (none for a forced one)."""
    reason: ReviewReason | None = None
    """Why the best action is best (none for a forced one)."""


class ReviewBody(BaseModel):
    model_config = ConfigDict(
        use_attribute_docstrings=True, json_schema_serialization_defaults_required=True
    )

    family: str
    rules: str
    seat: int
    worlds: int
    """Worlds sampled per decision."""
    accuracy: float | None
    """`100 * exp(-mean cost / mistake threshold)` over the decisions with a choice."""
    bands: dict[Literal["inaccuracy", "mistake", "blunder"], float] | None = None
    """The least cost of each band, in the review's points (`docs/ai.md`, "When a
    decision is a mistake"); a cost is flagged only past 2 standard errors as well."""
    decisions: list[ReviewDecision]


class HandReview(BaseModel):
    model_config = ConfigDict(
        use_attribute_docstrings=True, json_schema_serialization_defaults_required=True
    )

    hand_number: int
    seat: int
    review: ReviewBody


class Reviews(BaseModel):
    """`GET /api/tables/{id}/review`: the stored reviews the caller may read."""

    model_config = ConfigDict(
        use_attribute_docstrings=True, json_schema_serialization_defaults_required=True
    )

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
