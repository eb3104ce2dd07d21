"""The engine's wire formats, declared once: views, legal actions, events, deals, records.

Each format is a ``TypedDict`` that pydantic reads. The engine's ``to_json()``
methods build exactly these dicts (the declared keys, in the declared order, with the
declared types) and validate nothing: the engine and the bots import no third-party
package when they play (in a browser's Pyodide too), and this module is imported
only where JSON crosses a boundary. The server and the bot protocol validate with
these adapters (:func:`checked` for what they send, the adapters for what they
read); ``tests/engine/test_wire.py`` holds every view, event, deal and record of
random games to them; the JSON Schemas (``crowsnest schema``) and the field tables of
the docs are generated from them.

Why ``TypedDict`` and not ``BaseModel``: the JSON stays a plain ``dict`` (every caller,
the golden games and the server's transcripts keep comparing dicts), and validating a
dict in pydantic-core costs about as much again as building it, where constructing
and dumping a model costs three to four times as much (``docs/benchmarks.md``).

Unknown keys are ignored when reading (a later version may add some), but
:func:`checked` refuses a dict with a key its format does not declare: a new key
needs its field here first, or the wire tests fail.

>>> from crowsnest.engine import new_game
>>> view = new_game("hearts", seed=1).view(2).to_json()
>>> HEARTS_VIEW.validate_python(view) == view
True
"""

import re
from typing import TYPE_CHECKING, Annotated, Any, Final, Literal, NotRequired, TypeVar, cast

from pydantic import AfterValidator, ConfigDict, Discriminator, Field, Tag, TypeAdapter, with_config
from typing_extensions import TypedDict

from crowsnest.engine.actions import MAX_ACTION_TEXT
from crowsnest.engine.rules import RULESETS

T = TypeVar("T")

READ: Final = ConfigDict(strict=True, extra="ignore")
"""Every format: no type coercion (no ``true`` for a number), unknown keys ignored."""


def _d(text: str) -> Any:
    """A field's description (what the docs' tables print)."""
    return Field(description=text)


# -- the parts -------------------------------------------------------------------------

Seat = Annotated[int, Field(ge=0, le=3)]
Team = Annotated[int, Field(ge=0, le=1, description="0 (seats 0 and 2) or 1 (seats 1 and 3)")]
Count = Annotated[int, Field(ge=0)]

HEARTS_CARD: Final = r"^[2-9TJQKA][CDHS]$"
ROOK_CARD: Final = r"^(?:CROW|[RYGB](?:[1-9]|1[0-4]))$"
HeartsCard = Annotated[str, Field(pattern=HEARTS_CARD, title="HeartsCard")]
RookCard = Annotated[str, Field(pattern=ROOK_CARD, title="RookCard")]
_HEARTS_CARD: Final = re.compile(HEARTS_CARD)
_ROOK_CARD: Final = re.compile(ROOK_CARD)
AnyCard = Annotated[str, Field(pattern=f"{HEARTS_CARD}|{ROOK_CARD}", title="Card")]


def _invalid(message: str) -> ValueError:
    """What a validator raises: pydantic reports ``message`` with the field's place."""
    return ValueError(message)


def _distinct(cards: list[str]) -> list[str]:
    if len(set(cards)) != len(cards):
        raise _invalid("a card is named twice")
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


# -- tricks and hand results -----------------------------------------------------------


@with_config(READ)
class HeartsTrickJSON(TypedDict):
    """A completed trick."""

    leader: Annotated[Seat, _d("the seat that led")]
    cards: Annotated[list[HeartsCard], Field(max_length=4), _d("in play order from `leader`")]
    winner: Annotated[Seat, _d("the seat that took the trick")]
    points: Annotated[Count, _d("the points in the trick")]


@with_config(READ)
class RookTrickJSON(TypedDict):
    """A completed trick."""

    leader: Annotated[Seat, _d("the seat that led")]
    cards: Annotated[list[RookCard], Field(max_length=4), _d("in play order from `leader`")]
    winner: Annotated[Seat, _d("the seat that took the trick")]
    points: Annotated[Count, _d("the counter points in the trick")]


@with_config(READ)
class HeartsResultJSON(TypedDict):
    """A scored Hearts round."""

    points: Annotated[list[Count], Four, _d("what each seat scored this round (after the moon)")]
    moon: Annotated[Seat | None, _d("the seat that shot the moon, or `null`")]
    totals: Annotated[list[Count], Four, _d("the game totals after this round")]


@with_config(READ)
class RookResultJSON(TypedDict):
    """A scored Rook hand; pairs are per team, We then They."""

    declarer: Annotated[Seat, _d("the seat that won the auction")]
    bid: Annotated[Count, _d("the contract")]
    trump: Annotated[Colour, _d("the trump colour")]
    counted: Annotated[list[Count], Two, _d("points made: counters, the nest, the trick bonus")]
    nest_points: Annotated[Count, _d("the counters in the nest")]
    last_trick_team: Annotated[Team, _d("the team that took the last trick (and the nest)")]
    tricks_won: Annotated[list[Count], Two, _d("tricks each team took")]
    made: Annotated[bool, _d("the declarer's team made the bid")]
    score: Annotated[list[int], Two, _d("what each team scores (a set team: minus the bid)")]
    totals: Annotated[list[int], Two, _d("the game totals after this hand")]


# -- views -----------------------------------------------------------------------------

_SEAT = _d("the seat this view is for, `null` for a spectator")
_ACTORS = _d("the seats that may act now, ascending")
_SIZES = _d("how many cards each seat holds")
_TRICK = _d("the trick in progress, in play order from `leader`")
_LEADER = _d("who led the trick in progress (`play` phase), else `null`")
_TEAM_OF_VIEWER = _d("the index in `teams` of the viewing seat's team, `null` for a spectator")


@with_config(READ)
class HeartsViewJSON(TypedDict):
    """What one seat of a Hearts game may know (``HeartsView.to_json()``)."""

    game: Annotated[Literal["hearts"], _d("the family: which of the two view shapes")]
    rules: Annotated[HeartsRulesKey, _d("the rule set key")]
    seat: Annotated[Seat | None, _SEAT]
    phase: Annotated[HeartsPhase, _d("`hand_over` only in single-hand positions")]
    actors: Annotated[list[Seat], _ACTORS]
    hand_number: Annotated[Count, _d("the round, from 0")]
    pass_direction: Annotated[PassDirection, _d("this round's pass")]
    hand: Annotated[
        HeartsCards | None,
        _d(
            "the seat's own hand in display order (clubs, diamonds, spades, hearts; each "
            "from the ace down), `null` for a spectator"
        ),
    ]
    hand_sizes: Annotated[list[Count], Four, _SIZES]
    passed: Annotated[HeartsCards | None, _d("the cards this seat passed, once chosen")]
    received: Annotated[
        HeartsCards | None, _d("the cards this seat received, once the exchange is done")
    ]
    trick: Annotated[list[HeartsCard], Field(max_length=3), _TRICK]
    leader: Annotated[Seat | None, _LEADER]
    tricks: Annotated[list[HeartsTrickJSON], _d("this round's completed tricks")]
    hearts_broken: Annotated[bool, _d("a heart has been played this round")]
    points_taken: Annotated[list[Count], Four, _d("points each seat has taken this round")]
    totals: Annotated[list[Count], Four, _d("the game totals")]
    results: Annotated[list[HeartsResultJSON], _d("every scored round")]
    winner: Annotated[Seat | None, _d("the winning seat once the game is over")]
    target: Annotated[
        int, Field(gt=0), _d("the game ends when a total reaches this (Hearts: the loser's)")
    ]
    teams: Annotated[
        list[Annotated[list[Seat], Field(min_length=1, max_length=1)]],
        Four,
        _d("`[[0], [1], [2], [3]]`: every player for themselves"),
    ]
    team: Annotated[Seat | None, _TEAM_OF_VIEWER]
    bird: Annotated[None, _d("`null`: Hearts has no bird card")]


def _auction_entry(entry: list[int | None]) -> list[int | None]:
    if not (isinstance(entry[0], int) and 0 <= entry[0] <= 3):
        raise _invalid("an auction entry is [seat, bid or null]")
    return entry


AuctionEntry = Annotated[
    list[Annotated[int, Field(ge=0)] | None],
    Two,
    AfterValidator(_auction_entry),
    Field(title="AuctionEntry", description="[seat, bid], the bid `null` for a pass"),
]


@with_config(READ)
class RookViewJSON(TypedDict):
    """What one seat of a Rook game may know (``RookView.to_json()``); pairs are per
    team, We (seats 0 and 2) then They."""

    game: Annotated[Literal["rook"], _d("the family: which of the two view shapes")]
    rules: Annotated[RookRulesKey, _d("the rule set key")]
    seat: Annotated[Seat | None, _SEAT]
    phase: Annotated[RookPhase, _d("`hand_over` only in single-hand positions")]
    actors: Annotated[list[Seat], _ACTORS]
    hand_number: Annotated[Count, _d("the hand, from 0")]
    dealer: Annotated[Seat, _d("this hand's dealer")]
    hand: Annotated[
        RookCards | None,
        _d(
            "the seat's own hand in display order: by colour, trump first once named, "
            "each colour from its highest card down by this rule set's ranks (the bird "
            "where it ranks), `null` for a spectator"
        ),
    ]
    hand_sizes: Annotated[list[Count], Four, _SIZES]
    auction: Annotated[list[AuctionEntry], _d("this hand's bids and passes, in order")]
    high_bid: Annotated[Count | None, _d("the highest bid so far")]
    high_bidder: Annotated[Seat | None, _d("who made it")]
    declarer: Annotated[Seat | None, _d("who won the auction, once it is over")]
    bid: Annotated[Count | None, _d("the contract, once the auction is over")]
    trump: Annotated[Colour | None, _d("the trump colour, once named")]
    nest_size: Annotated[Count, _d("cards in the nest")]
    nest: Annotated[RookCards | None, _d("the nest as dealt: the declarer only, once taken up")]
    discards: Annotated[RookCards | None, _d("the cards laid back: the declarer only")]
    trick: Annotated[list[RookCard], Field(max_length=3), _TRICK]
    leader: Annotated[Seat | None, _LEADER]
    tricks: Annotated[list[RookTrickJSON], _d("this hand's completed tricks")]
    captured: Annotated[
        list[Count], Two, _d("counter points each team (We, They) has taken this hand")
    ]
    tricks_won: Annotated[list[Count], Two, _d("tricks each team has taken this hand")]
    totals: Annotated[list[int], Two, _d("the game totals")]
    results: Annotated[
        list[RookResultJSON],
        _d("every scored hand: the fields of the `hand_end` event but `hand_number`"),
    ]
    winner: Annotated[Team | None, _d("the winning team once the game is over")]
    target: Annotated[
        int, Field(gt=0), _d("the game ends when a team's total reaches this, with the options")
    ]
    resigned: Annotated[
        Team | None,
        _d("the team that resigned (the other one won); `null` unless a team resigned"),
    ]
    teams: Annotated[
        list[Annotated[list[Seat], Two]],
        Two,
        _d("the partners: `[[0, 2], [1, 3]]`, We then They"),
    ]
    team: Annotated[Team | None, _TEAM_OF_VIEWER]
    bird: Annotated[
        Literal["crow", "rook"] | None,
        _d("the bird card's name key (`crow` in CrowsNest), `null` without the bird"),
    ]


ViewJSON = Annotated[HeartsViewJSON | RookViewJSON, Field(discriminator="game")]

# -- legal actions ---------------------------------------------------------------------

ChooseJSON = TypedDict(
    "ChooseJSON",
    {
        "choose": Annotated[ChooseKind, _d("the verb of the answer: `pass` or `discard`")],
        "count": Annotated[int, Field(ge=1), _d("how many cards to choose")],
        "from": Annotated[AnyCards, _d("the cards to choose from")],
        "required": NotRequired[
            Annotated[AnyCards, _d("cards that must be among them (default none)")]
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
        raise _invalid("'count' is more than the cards in 'from'")
    if not set(required) <= set(cards) or len(required) > data["count"]:
        raise _invalid("'required' must be among 'from' and at most 'count' cards")
    return data


Choose = Annotated[ChooseJSON, AfterValidator(_check_choose)]
LegalJSON = Annotated[
    list[ActionText | Choose],
    Field(description="the legal actions: action texts, or one template for a set of cards"),
]

# -- events ----------------------------------------------------------------------------


def _event(name: str, kind: str, doc: str, **fields: Any) -> Any:
    """An event's format: ``type`` ``kind``, then ``fields`` (``to`` for a private one)."""
    shape = TypedDict(name, {"type": Literal[kind], **fields})  # type: ignore[misc]
    shape.__doc__ = doc
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
        **{"from": Annotated[Seat, _d("who passed them")], "cards": HeartsCards,
           "to": Annotated[Seat, _d("the receiver")]},
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
        cards=RookCards, to=Annotated[Seat, _d("the declarer")],
    ),
    _event("Discarded", "discarded", "the declarer has laid cards back (not which)", seat=Seat),
    _event(
        "Discards", "discards", "the cards laid back",
        cards=RookCards, to=Annotated[Seat, _d("the declarer")],
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

# -- deals and records -----------------------------------------------------------------


@with_config(ConfigDict(strict=True, extra="forbid"))
class DealJSON(TypedDict):
    """The cards of one deal, as dealt (before any pass or nest)."""

    hands: Annotated[list[AnyCards], Four, _d("the hands of seats 0, 1, 2 and 3")]
    nest: NotRequired[Annotated[AnyCards, _d("the nest; left out where there is none")]]


ActionEntry = Annotated[
    list[int | str],
    Two,
    Field(title="ActionEntry", description="[seat, action text in its normal form]"),
]


@with_config(READ)
class LeftJSON(TypedDict):
    """A player who left the game for good: its seat's bot played on from then."""

    seat: Annotated[Seat, _d("the seat")]
    seq: Annotated[Count, _d("how many actions had been applied when the player left")]


@with_config(READ)
class RecordJSON(TypedDict):
    """A whole game: everything needed to rebuild it exactly (``game.record()``)."""

    format: Annotated[Literal["crowsnest-record"], _d("always `crowsnest-record`")]
    version: Annotated[Literal[1], _d("the record format's version")]
    rules: Annotated[RulesId, _d("the rule set id")]
    rules_version: Annotated[
        int,
        Field(ge=1),
        _d("the rule set's version when the game was played; replay refuses another"),
    ]
    options: Annotated[
        dict[str, bool | int | str],
        _d("the value of every option of the rule set (`{}` for Hearts), defaults included"),
    ]
    seed: Annotated[int, Field(ge=0), _d("the seed of the game's random generator")]
    start_hand: Annotated[
        Count, _d("the number of the first hand (0 unless the game was started later in the cycle)")
    ]
    deals: Annotated[
        list[DealJSON],
        _d("every deal dealt so far, in order, redeals included, in the deal format"),
    ]
    actions: Annotated[
        list[ActionEntry], _d("every action applied, in order, with the action's normal text")
    ]
    left: NotRequired[
        Annotated[
            list[LeftJSON],
            _d(
                "the server's: the players who left the game for good, in the order they "
                "left (left out when nobody did); `replay` ignores it"
            ),
        ]
    ]


# -- adapters --------------------------------------------------------------------------

HEARTS_VIEW: Final = TypeAdapter(HeartsViewJSON)
ROOK_VIEW: Final = TypeAdapter(RookViewJSON)
VIEW: Final[TypeAdapter[HeartsViewJSON | RookViewJSON]] = TypeAdapter(ViewJSON)
LEGAL: Final[TypeAdapter[list[str | ChooseJSON]]] = TypeAdapter(LegalJSON)
HEARTS_EVENT: Final[TypeAdapter[dict[str, Any]]] = TypeAdapter(HeartsEventJSON)
ROOK_EVENT: Final[TypeAdapter[dict[str, Any]]] = TypeAdapter(RookEventJSON)
EVENT: Final[TypeAdapter[dict[str, Any]]] = TypeAdapter(EventJSON)
DEAL: Final = TypeAdapter(DealJSON)
RECORD: Final = TypeAdapter(RecordJSON)
LEFT: Final = TypeAdapter(list[LeftJSON])


def checked(adapter: TypeAdapter[T], data: dict[str, Any]) -> dict[str, Any]:
    """``data`` as its format has it: validated, in the declared key order.

    A key the format does not declare is an error here (reading ignores it).
    """
    out = cast(dict[str, Any], adapter.validate_python(data))
    if len(out) != len(data):
        raise ValueError(f"keys the format does not declare: {sorted(set(data) - set(out))}")
    return out
