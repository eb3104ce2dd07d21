"""A seat's legal actions as JSON: each concrete action as its text, a set of cards to
choose as one template (``ChooseJSON``), and their adapter."""

import re
from typing import Annotated, Final, NotRequired

from pydantic import AfterValidator, Field, TypeAdapter, with_config
from typing_extensions import TypedDict

from crowsnest.engine.actions import MAX_ACTION_TEXT
from crowsnest.engine.wire.parts import (
    HEARTS_CARD,
    READ,
    ROOK_CARD,
    AnyCards,
    ChooseKind,
    doc,
    invalid,
)

_HEARTS_CARD: Final = re.compile(HEARTS_CARD)
_ROOK_CARD: Final = re.compile(ROOK_CARD)

ACTION_TEXT: Final = (
    r"^(?:play \S+|pass( \S+)+|bid (?:pass|[0-9]+)|discard( \S+)+"
    r"|trump (?:red|yellow|green|black))$"
)
ActionText = Annotated[
    str,
    Field(
        max_length=MAX_ACTION_TEXT,
        pattern=ACTION_TEXT,
        title="ActionText",
        description="an action in its normal text: `play QS`, `bid 75`, `bid pass`, `trump red`",
    ),
]


ChooseJSON = TypedDict(
    "ChooseJSON",
    {
        "choose": Annotated[ChooseKind, doc("the verb of the answer: `pass` or `discard`")],
        "count": Annotated[int, Field(ge=1), doc("how many cards to choose")],
        "from": Annotated[AnyCards, doc("the cards to choose from")],
        "required": NotRequired[
            Annotated[AnyCards, doc("cards that must be among them (default none)")]
        ],
    },
)
"""A legal-action template: choose ``count`` cards of ``from``, ``required`` included."""
with_config(READ)(ChooseJSON)


def _check_choose(data: ChooseJSON) -> ChooseJSON:
    rook = data["choose"] == "discard"
    cards = data["from"]
    required = data.get("required", [])
    pattern = _ROOK_CARD if rook else _HEARTS_CARD
    if not all(pattern.match(card) for card in cards):
        raise ValueError(f"'from' must hold {'Rook' if rook else 'Hearts'} cards")
    if not data["count"] <= len(cards):
        raise invalid("'count' is more than the cards in 'from'")
    if not set(required) <= set(cards) or len(required) > data["count"]:
        raise invalid("'required' must be among 'from' and at most 'count' cards")
    return data


Choose = Annotated[ChooseJSON, AfterValidator(_check_choose)]
LegalJSON = Annotated[
    list[ActionText | Choose],
    Field(description="the legal actions: action texts, or one template for a set of cards"),
]


LEGAL: Final[TypeAdapter[list[str | ChooseJSON]]] = TypeAdapter(LegalJSON)
