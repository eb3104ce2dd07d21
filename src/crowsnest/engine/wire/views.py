"""A seat's view as JSON (``HeartsView.to_json()``, ``RookView.to_json()``), the
two told apart by ``game``, and its adapters."""

from typing import Annotated, Final, Literal

from pydantic import AfterValidator, Field, TypeAdapter, with_config
from typing_extensions import TypedDict

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

_SEAT = doc("the seat this view is for, `null` for a spectator")
_ACTORS = doc("the seats that may act now, ascending")
_SIZES = doc("how many cards each seat holds")
_TRICK = doc("the trick in progress, in play order from `leader`")
_LEADER = doc("who led the trick in progress (`play` phase), else `null`")
_TEAM_OF_VIEWER = doc("the index in `teams` of the viewing seat's team, `null` for a spectator")


@with_config(READ)
class HeartsViewJSON(TypedDict):
    """What one seat of a Hearts game may know (``HeartsView.to_json()``)."""

    game: Annotated[Literal["hearts"], doc("the family: which of the two view shapes")]
    rules: Annotated[HeartsRulesKey, doc("the rule set key")]
    seat: Annotated[Seat | None, _SEAT]
    phase: Annotated[HeartsPhase, doc("`hand_over` only in single-hand positions")]
    actors: Annotated[list[Seat], _ACTORS]
    hand_number: Annotated[Count, doc("the round, from 0")]
    pass_direction: Annotated[PassDirection, doc("this round's pass")]
    hand: Annotated[
        HeartsCards | None,
        doc(
            "the seat's own hand in display order (clubs, diamonds, spades, hearts; each "
            "from the ace down), `null` for a spectator"
        ),
    ]
    hand_sizes: Annotated[list[Count], Four, _SIZES]
    passed: Annotated[HeartsCards | None, doc("the cards this seat passed, once chosen")]
    received: Annotated[
        HeartsCards | None, doc("the cards this seat received, once the exchange is done")
    ]
    trick: Annotated[list[HeartsCard], Field(max_length=3), _TRICK]
    leader: Annotated[Seat | None, _LEADER]
    tricks: Annotated[list[HeartsTrickJSON], doc("this round's completed tricks")]
    hearts_broken: Annotated[bool, doc("a heart has been played this round")]
    points_taken: Annotated[list[Count], Four, doc("points each seat has taken this round")]
    totals: Annotated[list[Count], Four, doc("the game totals")]
    results: Annotated[list[HeartsResultJSON], doc("every scored round")]
    winner: Annotated[Seat | None, doc("the winning seat once the game is over")]
    target: Annotated[
        int, Field(gt=0), doc("the game ends when a total reaches this (Hearts: the loser's)")
    ]
    teams: Annotated[
        list[Annotated[list[Seat], Field(min_length=1, max_length=1)]],
        Four,
        doc("`[[0], [1], [2], [3]]`: every player for themselves"),
    ]
    team: Annotated[Seat | None, _TEAM_OF_VIEWER]
    bird: Annotated[None, doc("`null`: Hearts has no bird card")]


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


@with_config(READ)
class RookViewJSON(TypedDict):
    """What one seat of a Rook game may know (``RookView.to_json()``); pairs are per
    team, We (seats 0 and 2) then They."""

    game: Annotated[Literal["rook"], doc("the family: which of the two view shapes")]
    rules: Annotated[RookRulesKey, doc("the rule set key")]
    seat: Annotated[Seat | None, _SEAT]
    phase: Annotated[RookPhase, doc("`hand_over` only in single-hand positions")]
    actors: Annotated[list[Seat], _ACTORS]
    hand_number: Annotated[Count, doc("the hand, from 0")]
    dealer: Annotated[Seat, doc("this hand's dealer")]
    hand: Annotated[
        RookCards | None,
        doc(
            "the seat's own hand in display order: by colour, trump first once named, "
            "each colour from its highest card down by this rule set's ranks (the bird "
            "where it ranks), `null` for a spectator"
        ),
    ]
    hand_sizes: Annotated[list[Count], Four, _SIZES]
    auction: Annotated[list[AuctionEntry], doc("this hand's bids and passes, in order")]
    high_bid: Annotated[Count | None, doc("the highest bid so far")]
    high_bidder: Annotated[Seat | None, doc("who made it")]
    declarer: Annotated[Seat | None, doc("who won the auction, once it is over")]
    bid: Annotated[Count | None, doc("the contract, once the auction is over")]
    trump: Annotated[Colour | None, doc("the trump colour, once named")]
    nest_size: Annotated[Count, doc("cards in the nest")]
    nest: Annotated[RookCards | None, doc("the nest as dealt: the declarer only, once taken up")]
    discards: Annotated[RookCards | None, doc("the cards laid back: the declarer only")]
    trick: Annotated[list[RookCard], Field(max_length=3), _TRICK]
    leader: Annotated[Seat | None, _LEADER]
    tricks: Annotated[list[RookTrickJSON], doc("this hand's completed tricks")]
    captured: Annotated[
        list[Count], Two, doc("counter points each team (We, They) has taken this hand")
    ]
    tricks_won: Annotated[list[Count], Two, doc("tricks each team has taken this hand")]
    totals: Annotated[list[int], Two, doc("the game totals")]
    results: Annotated[
        list[RookResultJSON],
        doc("every scored hand: the fields of the `hand_end` event but `hand_number`"),
    ]
    winner: Annotated[Team | None, doc("the winning team once the game is over")]
    target: Annotated[
        int, Field(gt=0), doc("the game ends when a team's total reaches this, with the options")
    ]
    resigned: Annotated[
        Team | None,
        doc("the team that resigned (the other one won); `null` unless a team resigned"),
    ]
    teams: Annotated[
        list[Annotated[list[Seat], Two]],
        Two,
        doc("the partners: `[[0, 2], [1, 3]]`, We then They"),
    ]
    team: Annotated[Team | None, _TEAM_OF_VIEWER]
    bird: Annotated[
        Literal["crow", "rook"] | None,
        doc("the bird card's name key (`crow` in CrowsNest), `null` without the bird"),
    ]


ViewJSON = Annotated[HeartsViewJSON | RookViewJSON, Field(discriminator="game")]


HEARTS_VIEW: Final = TypeAdapter(HeartsViewJSON)
ROOK_VIEW: Final = TypeAdapter(RookViewJSON)
VIEW: Final[TypeAdapter[HeartsViewJSON | RookViewJSON]] = TypeAdapter(ViewJSON)
