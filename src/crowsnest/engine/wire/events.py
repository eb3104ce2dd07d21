"""The events of a game as JSON (``Event.to_json()``), each family's declared one by
one and told apart by ``type``, and their adapters."""

from typing import TYPE_CHECKING, Annotated, Any, Final, Literal

from pydantic import Discriminator, Tag, TypeAdapter, with_config
from typing_extensions import TypedDict

from crowsnest.engine.wire.parts import (
    READ,
    Colour,
    Count,
    Four,
    HeartsCard,
    HeartsCards,
    HeartsResultJSON,
    HeartsTrickJSON,
    PassDirection,
    RookCard,
    RookCards,
    RookResultJSON,
    RookTrickJSON,
    Seat,
    Team,
    Two,
    doc,
)


def _event(name: str, kind: str, about: str, **fields: Any) -> Any:
    """An event's format: ``type`` ``kind``, then ``fields`` (``to`` for a private one)."""
    shape = TypedDict(name, {"type": Literal[kind], **fields})  # type: ignore[misc]
    shape.__doc__ = about
    return with_config(READ)(shape)


HeartsDeal = _event(
    "HeartsDeal",
    "deal",
    "a round is dealt (not the first: `new_game` returns no events)",
    hand_number=Count,
    pass_direction=PassDirection,
)
HEARTS_EVENTS: Final[tuple[Any, ...]] = (
    HeartsDeal,
    _event("Passed", "passed", "a seat has chosen its pass (not which cards)", seat=Seat),
    _event(
        "Exchanged", "exchanged", "all four have passed; the cards change hands",
        pass_direction=PassDirection,
    ),
    _event(
        "Received", "received", "the cards a seat receives, one event per seat",
        **{"from": Annotated[Seat, doc("who passed them")], "cards": HeartsCards,
           "to": Annotated[Seat, doc("the receiver")]},
    ),
    _event(
        "HeartsTurn", "turn", "who plays next: after each card, and who leads each trick",
        seat=Seat,
    ),
    _event("HeartsPlay", "play", "a card is played", seat=Seat, card=HeartsCard),
    _event("HeartsBroken", "hearts_broken", "the first heart of the round is played"),
    _event(
        "HeartsTrick", "trick", "a trick is complete (`cards` in play order from `leader`)",
        **HeartsTrickJSON.__annotations__,
    ),
    _event(
        "HeartsHandEnd", "hand_end",
        "a round is scored (`moon`: the seat that shot the moon, or `null`)",
        hand_number=Count, **HeartsResultJSON.__annotations__,
    ),
    _event(
        "HeartsGameEnd", "game_end", "the game is over",
        winner=Seat, totals=Annotated[list[Count], Four],
    ),
)  # fmt: skip
ROOK_EVENTS: Final[tuple[Any, ...]] = (
    _event(
        "RookDeal", "deal", "a hand is dealt (again after a redeal; not the first)",
        hand_number=Count, dealer=Seat,
    ),
    _event(
        "RookTurn", "turn",
        "who acts next: the next bidder, the first player after trump, after each card, "
        "who leads a trick",
        seat=Seat,
    ),
    _event("Bid", "bid", "a bid, or a pass (`bid` is `null`)", seat=Seat, bid=Count | None),
    _event(
        "Redeal", "redeal", "all four passed: the same dealer deals again (a `deal` follows)",
        dealer=Seat,
    ),
    _event("Contract", "contract", "the auction is won", declarer=Seat, bid=Count),
    _event(
        "Nest", "nest", "the nest the declarer takes into hand",
        cards=RookCards, to=Annotated[Seat, doc("the declarer")],
    ),
    _event("Discarded", "discarded", "the declarer has laid cards back (not which)", seat=Seat),
    _event(
        "Discards", "discards", "the cards laid back",
        cards=RookCards, to=Annotated[Seat, doc("the declarer")],
    ),
    _event("Trump", "trump", "trump is named", seat=Seat, colour=Colour),
    _event("RookPlay", "play", "a card is played", seat=Seat, card=RookCard),
    _event("RookTrick", "trick", "a trick is complete", **RookTrickJSON.__annotations__),
    _event(
        "RookHandEnd", "hand_end", "a hand is scored",
        hand_number=Count, **RookResultJSON.__annotations__,
    ),
    _event(
        "Resign", "resign",
        "a team resigns (`seat` sent it; the hand in progress counts nothing); "
        "`game_end` follows",
        seat=Seat, team=Team,
    ),
    _event(
        "RookGameEnd", "game_end", "the game is over (`winner` is a team)",
        winner=Team, totals=Annotated[list[int], Two],
    ),
)  # fmt: skip


def _kind(shape: Any) -> str:
    return str(shape.__annotations__["type"].__args__[0])


def _type_tag(data: Any) -> str | None:
    kind = data.get("type") if isinstance(data, dict) else None
    return kind if isinstance(kind, str) else None


if TYPE_CHECKING:
    HeartsEventJSON = dict[str, Any]
    RookEventJSON = dict[str, Any]
    EventJSON = dict[str, Any]
else:
    from typing import Union

    HeartsEventJSON = Annotated[
        Union[tuple(Annotated[s, Tag(_kind(s))] for s in HEARTS_EVENTS)],  # noqa: UP007
        Discriminator(_type_tag),
    ]
    RookEventJSON = Annotated[
        Union[tuple(Annotated[s, Tag(_kind(s))] for s in ROOK_EVENTS)],  # noqa: UP007
        Discriminator(_type_tag),
    ]
    EventJSON = HeartsEventJSON | RookEventJSON


HEARTS_EVENT: Final[TypeAdapter[dict[str, Any]]] = TypeAdapter(HeartsEventJSON)
ROOK_EVENT: Final[TypeAdapter[dict[str, Any]]] = TypeAdapter(RookEventJSON)
EVENT: Final[TypeAdapter[dict[str, Any]]] = TypeAdapter(EventJSON)
