"""A finished game as a replay viewer's steps (``replay_steps(record)``), each family's,
told apart by ``family``, and its adapter."""

from typing import Annotated, Final, Literal, NotRequired

from pydantic import Field, TypeAdapter, with_config
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
    HeartsTrickJSON,
    PassDirection,
    RookCard,
    RookCards,
    RookPhase,
    RookResultJSON,
    RookTrickJSON,
    RulesId,
    Seat,
    Team,
    Two,
    doc,
)
from crowsnest.engine.wire.views import AuctionEntry, HeartsViewJSON, RookViewJSON


@with_config(READ)
class ReplayAction(TypedDict):
    """The action a step follows: who took it and its text."""

    seat: Seat
    text: Annotated[str, doc("the action's normal text (`play QS`, `bid 120`)")]


@with_config(READ)
class HeartsHandEndJSON(HeartsResultJSON):
    """The round a step scored (the `hand_end` event's fields)."""

    hand_number: Annotated[Count, doc("the round, from 0")]


@with_config(READ)
class RookHandEndJSON(RookResultJSON):
    """The hand a step scored (the `hand_end` event's fields)."""

    hand_number: Annotated[Count, doc("the hand, from 0")]


_ACTION = doc("the action this step follows; `null` for the first deal and a new deal")
_DEALT = doc("`true` on the step of a new deal (a hand ended at the step before)")
_HANDS = doc("every seat's hand, face up, in set order")
_TRICK = doc("the trick in progress, in play order from `leader`")
_TOTALS = doc("the game totals")
_VIEW = doc("the engine's view of this moment as a spectator sees it (a table draws it)")


@with_config(READ)
class HeartsReplayStep(TypedDict):
    """A moment of a Hearts game: the state after its action."""

    action: Annotated[ReplayAction | None, _ACTION]
    dealt: NotRequired[Annotated[bool, _DEALT]]
    phase: HeartsPhase
    hand_number: Annotated[Count, doc("the round, from 0")]
    actors: Annotated[list[Seat], doc("the seats that may act now")]
    hands: Annotated[list[HeartsCards], Four, _HANDS]
    trick: Annotated[list[HeartsCard], Field(max_length=3), _TRICK]
    leader: Annotated[Seat | None, doc("who led the trick in progress")]
    tricks_played: Annotated[Count, doc("the round's completed tricks")]
    trick_done: Annotated[HeartsTrickJSON | None, doc("the trick this step completed")]
    hand_end: Annotated[HeartsHandEndJSON | None, doc("the round this step scored")]
    totals: Annotated[list[int], Four, _TOTALS]
    winner: Annotated[Seat | None, doc("the winning seat once the game is over")]
    view: Annotated[HeartsViewJSON, _VIEW]
    pass_direction: PassDirection
    passed: Annotated[list[HeartsCards | None], Four, doc("what each seat passed, once chosen")]
    received: Annotated[
        list[HeartsCards | None], Four, doc("what each seat received, once exchanged")
    ]
    hearts_broken: bool
    points_taken: Annotated[list[Count], Four, doc("points each seat has taken this round")]


@with_config(READ)
class RookReplayStep(TypedDict):
    """A moment of a Rook game: the state after its action; pairs are per team."""

    action: Annotated[ReplayAction | None, _ACTION]
    dealt: NotRequired[Annotated[bool, _DEALT]]
    phase: RookPhase
    hand_number: Annotated[Count, doc("the hand, from 0")]
    actors: Annotated[list[Seat], doc("the seats that may act now")]
    hands: Annotated[list[RookCards], Four, _HANDS]
    trick: Annotated[list[RookCard], Field(max_length=3), _TRICK]
    leader: Annotated[Seat | None, doc("who led the trick in progress")]
    tricks_played: Annotated[Count, doc("the hand's completed tricks")]
    trick_done: Annotated[RookTrickJSON | None, doc("the trick this step completed")]
    hand_end: Annotated[RookHandEndJSON | None, doc("the hand this step scored")]
    totals: Annotated[list[int], Two, _TOTALS]
    winner: Annotated[Team | None, doc("the winning team once the game is over")]
    view: Annotated[RookViewJSON, _VIEW]
    dealer: Seat
    auction: Annotated[list[AuctionEntry], doc("this hand's bids and passes, in order")]
    high_bid: Count | None
    declarer: Seat | None
    bid: Count | None
    trump: Colour | None
    nest: Annotated[RookCards | None, doc("the nest the declarer took up, as dealt")]
    discards: Annotated[RookCards | None, doc("what the declarer laid back")]
    captured: Annotated[
        list[Count], Two, doc("counter points each team has taken (at a hand's end: counted)")
    ]
    tricks_won: Annotated[list[Count], Two, doc("tricks each team has taken this hand")]


_OPTIONS = doc("the value of every option of the rule set, defaults included")
_FINAL = doc("the game totals at the end")


@with_config(READ)
class HeartsReplayJSON(TypedDict):
    """A finished Hearts game replayed: one step per action and per new deal."""

    rules: Annotated[RulesId, doc("the rule set id")]
    family: Literal["hearts"]
    teams: Annotated[list[Annotated[list[Seat], Field(min_length=1, max_length=1)]], Four]
    bird: None
    options: Annotated[dict[str, bool | int | str], _OPTIONS]
    final_scores: Annotated[list[int], Four, _FINAL]
    winner: Annotated[Seat | None, doc("the winning seat")]
    steps: list[HeartsReplayStep]


@with_config(READ)
class RookReplayJSON(TypedDict):
    """A finished Rook game replayed: one step per action and per new deal."""

    rules: Annotated[RulesId, doc("the rule set id")]
    family: Literal["rook"]
    teams: Annotated[list[Annotated[list[Seat], Two]], Two]
    bird: Literal["crow", "rook"] | None
    options: Annotated[dict[str, bool | int | str], _OPTIONS]
    final_scores: Annotated[list[int], Two, _FINAL]
    winner: Annotated[Team | None, doc("the winning team")]
    steps: list[RookReplayStep]


ReplayJSON = Annotated[HeartsReplayJSON | RookReplayJSON, Field(discriminator="family")]

REPLAY: Final[TypeAdapter[HeartsReplayJSON | RookReplayJSON]] = TypeAdapter(ReplayJSON)
