"""A seat's view as JSON (``HeartsView.to_json()``, ``RookView.to_json()``), the
two told apart by ``game``, and its adapters. Each key is declared once, beside its
field in the view's dataclass (:mod:`crowsnest.engine.view_fields`); this module
gives the wire types those declarations name."""

from typing import TYPE_CHECKING, Annotated, Any, Final, Literal

from pydantic import AfterValidator, Field, TypeAdapter, with_config
from typing_extensions import TypedDict

from crowsnest.engine.cards import Family
from crowsnest.engine.view_fields import json_fields
from crowsnest.engine.views import HeartsView, RookView
from crowsnest.engine.wire.parts import (
    READ,
    Colour,
    Count,
    Four,
    HeartsCard,
    HeartsCards,
    HeartsPhase,
    HeartsResultJSON,
    HeartsRulesKey,
    HeartsTrickJSON,
    PassDirection,
    RookCard,
    RookCards,
    RookPhase,
    RookResultJSON,
    RookRulesKey,
    RookTrickJSON,
    Seat,
    Team,
    Two,
    doc,
    invalid,
)


def _auction_entry(entry: list[int | None]) -> list[int | None]:
    if not (isinstance(entry[0], int) and 0 <= entry[0] <= 3):
        raise invalid("an auction entry is [seat, bid or null]")
    return entry


AuctionEntry = Annotated[
    list[Annotated[int, Field(ge=0)] | None],
    Two,
    AfterValidator(_auction_entry),
    Field(title="AuctionEntry", description="[seat, bid], the bid `null` for a pass"),
]


_COMMON: Final[dict[str, Any]] = {
    "seat": Seat,
    "seat?": Seat | None,
    "seats": list[Seat],
    "team?": Team | None,
    "count": Count,
    "count?": Count | None,
    "counts": Annotated[list[Count], Four],
    "pair": Annotated[list[Count], Two],
    "totals": Annotated[list[int], Two],
    "bool": bool,
    "target": Annotated[int, Field(gt=0)],
    "colour?": Colour | None,
    "pass_direction": PassDirection,
    "auction": list[AuctionEntry],
}
TYPES: Final[dict[Family, dict[str, Any]]] = {
    "hearts": {
        **_COMMON,
        "hearts": Literal["hearts"],
        "rules": HeartsRulesKey,
        "phase": HeartsPhase,
        "cards?": HeartsCards | None,
        "trick": Annotated[list[HeartsCard], Field(max_length=3)],
        "tricks": list[HeartsTrickJSON],
        "results": list[HeartsResultJSON],
        "teams": Annotated[list[Annotated[list[Seat], Field(min_length=1, max_length=1)]], Four],
        "bird": None,
    },
    "rook": {
        **_COMMON,
        "rook": Literal["rook"],
        "rules": RookRulesKey,
        "phase": RookPhase,
        "cards?": RookCards | None,
        "trick": Annotated[list[RookCard], Field(max_length=3)],
        "tricks": list[RookTrickJSON],
        "results": list[RookResultJSON],
        "teams": Annotated[list[Annotated[list[Seat], Two]], Two],
        "bird": Literal["crow", "rook"] | None,
    },
}
"""The wire types a view's field may declare (``Wire.type``), by family."""


def view_format(view: type, family: Family, name: str) -> Any:
    """The JSON format of the view class ``view`` (a TypedDict named ``name``): a key
    for each of :func:`~crowsnest.engine.view_fields.json_fields`, its type looked up
    in :data:`TYPES` and its description the declaration's."""
    types = TYPES[family]
    keys = {f.name: Annotated[types[f.wire.type], doc(f.wire.doc)] for f in json_fields(view)}
    shape = TypedDict(name, keys)  # type: ignore[misc]
    shape.__doc__ = view.__doc__
    shape.__module__ = __name__
    return with_config(READ)(shape)


if TYPE_CHECKING:
    HeartsViewJSON = dict[str, Any]
    RookViewJSON = dict[str, Any]
else:
    HeartsViewJSON = view_format(HeartsView, "hearts", "HeartsViewJSON")
    RookViewJSON = view_format(RookView, "rook", "RookViewJSON")

ViewJSON = Annotated[HeartsViewJSON | RookViewJSON, Field(discriminator="game")]


HEARTS_VIEW: Final = TypeAdapter(HeartsViewJSON)
ROOK_VIEW: Final = TypeAdapter(RookViewJSON)
VIEW: Final[TypeAdapter[HeartsViewJSON | RookViewJSON]] = TypeAdapter(ViewJSON)
