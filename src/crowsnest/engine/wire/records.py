"""A deal and a whole game's record as JSON (``Deal.to_json()``, ``game.record()``),
and their adapters."""

from typing import Annotated, Final, Literal, NotRequired

from pydantic import ConfigDict, Field, TypeAdapter, with_config
from typing_extensions import TypedDict

from crowsnest.engine.wire.parts import (
    READ,
    AnyCards,
    Count,
    Four,
    RulesId,
    Seat,
    Two,
    doc,
)


@with_config(ConfigDict(strict=True, extra="forbid"))
class DealJSON(TypedDict):
    """The cards of one deal, as dealt (before any pass or nest)."""

    hands: Annotated[list[AnyCards], Four, doc("the hands of seats 0, 1, 2 and 3")]
    nest: NotRequired[Annotated[AnyCards, doc("the nest; left out where there is none")]]


ActionEntry = Annotated[
    list[int | str],
    Two,
    Field(title="ActionEntry", description="[seat, action text in its normal form]"),
]


@with_config(READ)
class LeftJSON(TypedDict):
    """A player who left the game for good: its seat's bot played on from then."""

    seat: Annotated[Seat, doc("the seat")]
    seq: Annotated[Count, doc("how many actions had been applied when the player left")]


@with_config(READ)
class RecordJSON(TypedDict):
    """A whole game: everything needed to rebuild it exactly (``game.record()``)."""

    format: Annotated[Literal["crowsnest-record"], doc("always `crowsnest-record`")]
    version: Annotated[Literal[1], doc("the record format's version")]
    rules: Annotated[RulesId, doc("the rule set id")]
    rules_version: Annotated[
        int,
        Field(ge=1),
        doc("the rule set's version when the game was played; replay refuses another"),
    ]
    options: Annotated[
        dict[str, bool | int | str],
        doc("the value of every option of the rule set (`{}` for Hearts), defaults included"),
    ]
    seed: Annotated[int, Field(ge=0), doc("the seed of the game's random generator")]
    start_hand: Annotated[
        Count,
        doc("the number of the first hand (0 unless the game was started later in the cycle)"),
    ]
    deals: Annotated[
        list[DealJSON],
        doc("every deal dealt so far, in order, redeals included, in the deal format"),
    ]
    actions: Annotated[
        list[ActionEntry], doc("every action applied, in order, with the action's normal text")
    ]
    left: NotRequired[
        Annotated[
            list[LeftJSON],
            doc(
                "the server's: the players who left the game for good, in the order they "
                "left (left out when nobody did); `replay` ignores it"
            ),
        ]
    ]


DEAL: Final = TypeAdapter(DealJSON)
RECORD: Final = TypeAdapter(RecordJSON)
LEFT: Final = TypeAdapter(list[LeftJSON])
