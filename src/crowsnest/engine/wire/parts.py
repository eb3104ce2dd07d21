"""The parts the engine's formats are built of: seats, teams, counts, cards and sets
of cards, phases, rule set keys, a completed trick and a scored hand; the reading
configuration every format shares, and :func:`checked`, the check of what is sent."""

from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, TypeVar, cast

from pydantic import AfterValidator, ConfigDict, Field, TypeAdapter, with_config
from typing_extensions import TypedDict

from crowsnest.engine.rules import RULESETS

T = TypeVar("T")

READ: Final = ConfigDict(strict=True, extra="ignore")
"""Every format: no type coercion (no ``true`` for a number), unknown keys ignored."""


def doc(text: str) -> Any:
    """A field's description (what the docs' tables print)."""
    return Field(description=text)


def invalid(message: str) -> ValueError:
    """What a validator raises: pydantic reports ``message`` with the field's place."""
    return ValueError(message)


# -- seats, cards, phases, rule sets ---------------------------------------------------

Seat = Annotated[int, Field(ge=0, le=3)]
Team = Annotated[int, Field(ge=0, le=1, description="0 (seats 0 and 2) or 1 (seats 1 and 3)")]
Count = Annotated[int, Field(ge=0)]

HEARTS_CARD: Final = r"^[2-9TJQKA][CDHS]$"
ROOK_CARD: Final = r"^(?:CROW|[RYGB](?:[1-9]|1[0-4]))$"
HeartsCard = Annotated[str, Field(pattern=HEARTS_CARD, title="HeartsCard")]
RookCard = Annotated[str, Field(pattern=ROOK_CARD, title="RookCard")]
AnyCard = Annotated[str, Field(pattern=f"{HEARTS_CARD}|{ROOK_CARD}", title="Card")]


def _distinct(cards: list[str]) -> list[str]:
    if len(set(cards)) != len(cards):
        raise invalid("a card is named twice")
    return cards


_SET: Final = Field(json_schema_extra={"uniqueItems": True})
HeartsCards = Annotated[list[HeartsCard], AfterValidator(_distinct), _SET]
"""A set of cards: each once, in set order."""
RookCards = Annotated[list[RookCard], AfterValidator(_distinct), _SET]
AnyCards = Annotated[list[AnyCard], AfterValidator(_distinct), _SET]

Four = Field(min_length=4, max_length=4)
Two = Field(min_length=2, max_length=2)

PassDirection = Literal["left", "right", "across", "none"]
Colour = Literal["red", "yellow", "green", "black"]
HeartsPhase = Literal["pass", "play", "hand_over", "over"]
RookPhase = Literal["auction", "discard", "trump", "play", "hand_over", "over"]
ChooseKind = Literal["pass", "discard"]

if TYPE_CHECKING:
    HeartsRulesKey = str
    RookRulesKey = str
    RulesId = str
else:
    HeartsRulesKey = Literal[tuple(r.key for r in RULESETS.values() if r.family == "hearts")]
    RookRulesKey = Literal[tuple(r.key for r in RULESETS.values() if r.family == "rook")]
    RulesId = Literal[tuple(RULESETS)]


# -- tricks and hand results -----------------------------------------------------------


@with_config(READ)
class HeartsTrickJSON(TypedDict):
    """A completed trick."""

    leader: Annotated[Seat, doc("the seat that led")]
    cards: Annotated[list[HeartsCard], Field(max_length=4), doc("in play order from `leader`")]
    winner: Annotated[Seat, doc("the seat that took the trick")]
    points: Annotated[Count, doc("the points in the trick")]


@with_config(READ)
class RookTrickJSON(TypedDict):
    """A completed trick."""

    leader: Annotated[Seat, doc("the seat that led")]
    cards: Annotated[list[RookCard], Field(max_length=4), doc("in play order from `leader`")]
    winner: Annotated[Seat, doc("the seat that took the trick")]
    points: Annotated[Count, doc("the counter points in the trick")]


@with_config(READ)
class HeartsResultJSON(TypedDict):
    """A scored Hearts round."""

    points: Annotated[list[Count], Four, doc("what each seat scored this round (after the moon)")]
    moon: Annotated[Seat | None, doc("the seat that shot the moon, or `null`")]
    totals: Annotated[list[Count], Four, doc("the game totals after this round")]


@with_config(READ)
class RookResultJSON(TypedDict):
    """A scored Rook hand; pairs are per team, We then They."""

    declarer: Annotated[Seat, doc("the seat that won the auction")]
    bid: Annotated[Count, doc("the contract")]
    trump: Annotated[Colour, doc("the trump colour")]
    counted: Annotated[list[Count], Two, doc("points made: counters, the nest, the trick bonus")]
    nest_points: Annotated[Count, doc("the counters in the nest")]
    last_trick_team: Annotated[Team, doc("the team that took the last trick (and the nest)")]
    tricks_won: Annotated[list[Count], Two, doc("tricks each team took")]
    made: Annotated[bool, doc("the declarer's team made the bid")]
    score: Annotated[list[int], Two, doc("what each team scores (a set team: minus the bid)")]
    totals: Annotated[list[int], Two, doc("the game totals after this hand")]


def checked(adapter: TypeAdapter[T], data: dict[str, Any]) -> dict[str, Any]:
    """``data`` as its format has it: validated, in the declared key order.

    A key the format does not declare is an error here (reading ignores it).
    """
    out = cast(dict[str, Any], adapter.validate_python(data))
    if len(out) != len(data):
        raise ValueError(f"keys the format does not declare: {sorted(set(data) - set(out))}")
    return out
