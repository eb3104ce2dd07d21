"""Every message the server reads or writes, as pydantic models with size limits.

Websocket messages are JSON objects with a ``type`` (``docs/protocol.md``). Client
messages are validated strictly (no type coercion, no unknown fields); server messages
are built from these models, so the documentation, the tests and the code share one
definition.

>>> parse_client_message('{"type": "action", "seq": 3, "action": "play QS"}')
ActionMessage(type='action', seq=3, action='play QS')
>>> try:
...     parse_client_message('{"type": "dance"}')
... except ProtocolError as err:
...     print(err.code)
unknown_type
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Final, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    GetJsonSchemaHandler,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
)
from pydantic import ValidationError as PydanticValidationError
from pydantic.json_schema import JsonSchemaValue
from pydantic_core import CoreSchema

from crowsnest.ai.protocol import ProtocolError as ProtocolError  # the one class, re-exported
from crowsnest.engine import DEFAULT_RULES
from crowsnest.engine.wire import EVENT, LEGAL, VIEW, EventJSON, LegalJSON, ViewJSON
from crowsnest.server.names import PlayerName
from crowsnest.server.people import Timer

PROTOCOL_VERSION: Final = 3
PROTOCOL_VERSIONS: Final = (1, 2, 3)
"""Versions served. Version 2 added the `chat`, `back` and `leave` messages; a
version 1 connection is never sent a `chat` (it would not know the type). Version 3
added `resign` and `resign_answer` (and the `resign` news): an older connection is
never sent a `resign` (so a partner on an older client never sees a proposal, which
lapses)."""
MAX_ACTION_TEXT: Final = 200
MAX_SEED: Final = 2**63 - 1
TOKEN_MAX: Final = 128

SeatKind = Literal["human", "bot"]
Level = Literal["easy", "normal", "hard"]
Status = Literal["waiting", "playing", "over"]


class _Format:
    """Marks a field as holding one of the engine's formats (``engine/wire.py``): its
    JSON Schema is that format's. Building a message does not validate the value again
    (``to_json()``, ``legal_to_json()`` and ``Event.to_json()`` validated it when they
    wrote it; doing it twice doubled the cost of a ``state`` message);
    :data:`server_message_adapter`, which reads messages, does."""

    def __init__(self, kind: Any) -> None:
        self.adapter: TypeAdapter[Any] = TypeAdapter(kind)

    def __get_pydantic_json_schema__(
        self, schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        return handler(self.adapter.core_schema)


View = Annotated[dict[str, Any], _Format(ViewJSON)]
Legal = Annotated[list[str | dict[str, Any]], _Format(LegalJSON)]
Events = Annotated[list[dict[str, Any]], _Format(list[EventJSON])]


class _Strict(BaseModel):
    model_config = ConfigDict(
        extra="forbid", strict=True, frozen=True, use_attribute_docstrings=True
    )


class _Out(BaseModel):
    """What the server writes: every field is always there (the schema says so)."""

    model_config = ConfigDict(
        use_attribute_docstrings=True, json_schema_serialization_defaults_required=True
    )


# -- client -> server ------------------------------------------------------------------


class HelloMessage(_Strict):
    """First message on a connection: a seat's token, or none to watch. Answered by
    `welcome`, `state`, and a `presence` to everyone."""

    type: Literal["hello"]
    version: int = Field(ge=0, le=1000)
    """The protocol version: 3 (1 and 2 are still served: 1 without `chat`, 1 and 2
    without `resign` messages)."""
    token: str | None = Field(default=None, min_length=1, max_length=TOKEN_MAX)
    """A seat's token; none to watch."""
    invite: str | None = Field(default=None, min_length=1, max_length=TOKEN_MAX)
    """A private table's invite code, to watch it."""


class ActionMessage(_Strict):
    """An action for the client's seat, answering the state numbered `seq`. Answered by
    a `state` to every connection, or an `error` to the sender."""

    type: Literal["action"]
    seq: int = Field(ge=0, le=10**9)
    """The `seq` of the state it answers."""
    action: str = Field(min_length=1, max_length=MAX_ACTION_TEXT)
    """The action's text, at most 200 characters."""


class SyncMessage(_Strict):
    """Ask for the current state again: answered by the current `state` (no events)."""

    type: Literal["sync"]


class PingMessage(_Strict):
    """Answered by `pong`."""

    type: Literal["ping"]


QuickMessage = Literal["hello", "gg", "wp", "oops", "thanks", "hurry", "sorry", "gtg"]
Reaction = Literal["smile", "laugh", "wow", "sad", "clap", "heart"]
ChatKey = Literal[QuickMessage, Reaction]
"""The quick messages and emoji reactions: keys, so that each reader sees them in
their own language (`chat.<key>` in the catalogs)."""


class ChatSend(_Strict):
    """A quick message or reaction from a seated player (version 2). Answered by a
    `chat` to every version 2 connection of the table, or `chat_too_fast`."""

    type: Literal["chat"]
    key: ChatKey
    """Which message: one of the keys, never free text."""


class BackMessage(_Strict):
    """ "I'm back" (version 2): take the seat back from the bot that kept it after two
    timeouts in a row. Answered by a `presence` and a `state` to everyone, or
    `timer_not_running` when no bot keeps the seat, or `benched` when the bot keeps
    it for the rest of the hand (three timeouts in a row)."""

    type: Literal["back"]


class LeaveMessage(_Strict):
    """Leave the table (version 2). Waiting: the seat is free again and the token
    holds nothing. Playing: the seat's bot plays it for good (`left` in `presence`);
    the game stays in the player's history as left."""

    type: Literal["leave"]


class ResignSend(_Strict):
    """Rook (version 3): propose that the sender's team resigns. Where the partner is
    a human whom no bot stands in for, they are asked (`resign` news with `proposed`
    to both partners) and the game goes on until they accept; a player whose partner
    is a bot (a bot seat, or a human seat a bot plays now) resigns at once. Refused
    with `no_resign` (Hearts), `resign_pending`, `resign_too_fast`, `not_started`,
    `game_over`, `seat_left`."""

    type: Literal["resign"]


class ResignAnswer(_Strict):
    """Rook (version 3): the partner's answer to a resign proposal (`accept`: the
    game ends at once, the other team the winner; else it goes on, `declined`). The
    proposer may withdraw with `accept: false`. Refused with `nothing_to_accept` (no
    proposal, or it lapsed) or `not_your_team` (the other team's proposal)."""

    type: Literal["resign_answer"]
    accept: StrictBool
    """Agree to resign (`true`) or not."""


AnyClientMessage = (
    HelloMessage
    | ActionMessage
    | SyncMessage
    | PingMessage
    | ChatSend
    | BackMessage
    | LeaveMessage
    | ResignSend
    | ResignAnswer
)
ClientMessage = Annotated[AnyClientMessage, Field(discriminator="type")]
CLIENT_TYPES: Final = (
    "hello", "action", "sync", "ping", "chat", "back", "leave", "resign", "resign_answer",
)  # fmt: skip
_client_adapter: TypeAdapter[ClientMessage] = TypeAdapter(ClientMessage)


def parse_client_message(text: str) -> AnyClientMessage:
    """Validate one client message; raise :class:`ProtocolError` (``bad_json``,
    ``bad_message`` or ``unknown_type``) naming the problem, never echoing the input."""
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nested too deep to read
        raise ProtocolError("bad_json", "the message is not valid JSON") from None
    if not isinstance(data, dict):
        raise ProtocolError("bad_message", "a message is a JSON object")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError("bad_message", "the message has no 'type' text")
    if kind not in CLIENT_TYPES:
        raise ProtocolError(
            "unknown_type", f"unknown message type; expected one of {', '.join(CLIENT_TYPES)}"
        )
    try:
        return _client_adapter.validate_python(data)
    except PydanticValidationError as err:
        first = err.errors(include_input=False, include_url=False)[0]
        where = ".".join(str(p) for p in first["loc"][1:]) or "message"
        raise ProtocolError("bad_message", f"{kind}: {where}: {first['msg']}") from None


# -- server -> client ------------------------------------------------------------------


class SeatInfo(_Out):
    seat: int
    kind: SeatKind
    """`human` or `bot`."""
    name: str | None
    """The seat's one name, the same on every screen: the player's once the seat is
    claimed; a bot's (a name of its own, `level` says how it plays)."""
    claimed: bool
    connected: bool
    bot: bool
    """A bot plays this seat now (a bot seat, or a human seat whose player has been
    gone longer than the grace period, timed out twice in a row, or left)."""
    level: Level | None = None
    """A bot seat's level (`easy`, `normal`, `hard`); `null` for a human seat."""
    team: int
    """The seat's team (the engine's `rules.teams`): in Rook seats 0 and 2 are
    partners, 1 and 3; in Hearts every seat is a team of its own."""
    away: bool = False
    """The bot keeps this human seat after two timeouts in a row, until its player
    says `back` (or acts)."""
    left: bool = False
    """Its player left the game: the bot plays the seat for good."""


class TableInfo(_Out):
    id: str
    rules: str
    options: dict[str, Any]
    level: Level
    public: bool
    grace: float
    bot_delay: float
    status: Status
    seq: int
    seats: list[SeatInfo]
    spectators: int = 0
    """Spectators connected now (`max_spectators` at most)."""
    commitment: str | None
    """SHA-256 (hex) of the server's deal secret, published before the first card; the
    finished game's record reveals the secret (`docs/formats.md`, "Fair deals").
    `null` when the creator chose the seed, and at tables older than the scheme."""
    seed_chosen: bool
    """The table's creator chose the deal seed (allowed only at a table with at most
    one human seat): its deals are known to the creator."""
    timer: Timer = "off"
    """The turn timer: `off`, `relaxed`, `normal` or `fast`."""
    turn_seconds: float | None = None
    """Seconds a player has for each decision (`null`: no timer); when they run out
    the seat's bot plays that decision."""


class WelcomeMessage(_Out):
    """After `hello`."""

    type: Literal["welcome"] = "welcome"
    version: int = PROTOCOL_VERSION
    """The protocol version the connection speaks (what its `hello` said)."""
    table: TableInfo
    """The table: rules, options, level, seats, status, seq, spectators, and the fair
    deal's `commitment` and `seed_chosen`."""
    seat: int | None
    """The connection's seat, `null` for a spectator."""
    role: Literal["player", "spectator"]


def _no_timers() -> list[float | None]:
    return [None, None, None, None]


class StateMessage(_Out):
    """After `hello`, after every accepted action, when the game starts, on `sync`: the
    recipient's own view, its legal actions and the events it may see since the last
    state."""

    type: Literal["state"] = "state"
    seq: int
    """The number of actions the table has applied."""
    status: Status
    view: View
    """This seat's view (`docs/formats.md`)."""
    legal: Legal
    """This seat's legal actions."""
    events: Events
    """What happened since the previous state, as this seat may see it."""
    time_left: list[float | None] = Field(default_factory=_no_timers)
    """For each seat, the seconds its turn timer had left when the message was sent
    (`null`: no timer runs for it). The server's deadline decides; a client counts
    down from the message's arrival."""


class PresenceMessage(_Out):
    """A seat is claimed, a player connects or leaves, a bot sits in for a gone player."""

    type: Literal["presence"] = "presence"
    seats: list[SeatInfo]
    """For each seat: `kind`, `name`, `claimed`, `connected`, `bot` (a bot plays it now)."""
    spectators: int = 0
    """How many spectators are connected (a spectator's coming and going sends no
    message of its own: the count is brought up to date by the next presence)."""


class ErrorMessage(_Out):
    """A refused message."""

    type: Literal["error"] = "error"
    code: str
    """Stable (the error codes below)."""
    message: str
    """For people, in English."""
    seq: int | None = None
    """The table's current seq, or `null` before `hello`."""
    args: dict[str, int | str] = Field(default_factory=dict)
    """What a translated message needs: `{"minimum": 75}` for `bid_too_low`,
    `{"maximum": ...}` for `bid_too_high`, `{"step": 5}` for `bid_not_multiple`,
    `{"count": 3}` for `wrong_card_count`; `{"retry_after": 2}` (whole seconds
    to wait before trying again) for `table_unavailable`, `chat_too_fast` and
    `resign_too_fast`; otherwise `{}`. The client shows `error.<code>` with these
    arguments."""


class PongMessage(_Out):
    """After `ping`."""

    type: Literal["pong"] = "pong"


class ChatMessage(_Out):
    """A seated player's quick message or reaction, to every version 2 connection of
    the table (spectators too). Never stored: not in the action log, the record or
    the replays."""

    type: Literal["chat"] = "chat"
    seat: int
    """Who sent it."""
    key: ChatKey
    """Which message (`chat.<key>` in the reader's language)."""


ResignStatus = Literal["proposed", "declined", "withdrawn", "lapsed"]


class ResignNews(_Out):
    """To the two partners only (version 3): what became of a resign proposal. The
    opponents learn of a resignation only when it ends the game (the `resign` event,
    the view's `resigned`)."""

    type: Literal["resign"] = "resign"
    seat: int
    """Who proposed it."""
    status: ResignStatus
    """`proposed` (the partner may answer), `declined` (by the partner), `withdrawn`
    (by the proposer), `lapsed` (an action was played first; a proposal also lapses
    `seconds` after it was made, silently)."""
    seconds: float | None = None
    """`proposed`: seconds the partner has to answer; else `null`."""


class ReviewReadyMessage(_Out):
    """To a seat: the review of its decisions in a hand is stored (read it with
    `GET /api/tables/{id}/review?hand=N`)."""

    type: Literal["review_ready"] = "review_ready"
    hand_number: int
    """The hand reviewed (0 for the first)."""


class ReviewSkippedMessage(_Out):
    """To a seat (version 3): no review of its decisions in a hand will come (the hand
    summary stops saying it is being reviewed)."""

    type: Literal["review_skipped"] = "review_skipped"
    hand_number: int
    """The hand not reviewed (0 for the first)."""
    reason: Literal["off", "busy", "failed", "own_none"]
    """`off`: the seat's player turned reviews off (`PUT /api/tables/{id}/review`);
    `busy`: too many reviews were waiting; `failed`: the review failed (logged);
    `own_none`: a bot took every decision of the seat in that hand."""


class BotTroubleMessage(_Out):
    """To every connection of the table (version 3): a bot could not decide (its
    worker process failed twice, or it raised), and a lesser bot took this one
    decision in its place. The server logs it (`bot_failed`) and `/healthz` counts it;
    the client says the computer is having trouble."""

    type: Literal["bot_trouble"] = "bot_trouble"
    seat: int
    """The seat whose decision it was."""
    seq: int
    """The table's seq when the decision was due: the action is the one numbered
    `seq + 1`."""
    bot: str
    """The bot that could not decide (`hard`)."""
    instead: str
    """The bot that decided instead (`normal`)."""


TimedOutDid = Literal["pass", "bid", "discard", "trump", "pass_cards", "play"]
"""What the computer did for a seat whose turn timer ran out: passed in the auction, bid
(where passing was not allowed), laid the nest's discards back, named trump, passed
three cards (Hearts), played a card."""


class TimedOutMessage(_Out):
    """To every connection of the table (version 3), before the `state` that shows
    the action: a seat's turn timer ran out and the computer decided for it — a pass
    in the auction, else the Normal bot's choice (*The turn timer* above). Sent
    again, to the seat alone, when its player connects before acting again."""

    type: Literal["timed_out"] = "timed_out"
    seat: int
    """The seat whose time ran out."""
    seq: int
    """The `seq` of the `state` that shows the action (the action is number `seq`)."""
    did: TimedOutDid
    """What the computer did (never which cards: a discard or a pass is private)."""


ServerMessage = (
    WelcomeMessage
    | StateMessage
    | PresenceMessage
    | ErrorMessage
    | PongMessage
    | ChatMessage
    | ResignNews
    | ReviewReadyMessage
    | ReviewSkippedMessage
    | BotTroubleMessage
    | TimedOutMessage
)


def _formats_valid(message: ServerMessage) -> ServerMessage:
    """A read ``state``'s view, legal actions and events, validated as their formats."""
    if isinstance(message, StateMessage):
        VIEW.validate_python(message.view)
        LEGAL.validate_python(message.legal)
        for event in message.events:
            EVENT.validate_python(event)
    return message


server_message_adapter: TypeAdapter[ServerMessage] = TypeAdapter(
    Annotated[ServerMessage, Field(discriminator="type"), AfterValidator(_formats_valid)]
)
"""Reads (validates) a server message completely, the engine's formats included."""


# -- HTTP ------------------------------------------------------------------------------


def _default_seats() -> list[SeatKind]:
    return ["human", "bot", "bot", "bot"]


class CreateTable(_Strict):
    rules: str = Field(default=DEFAULT_RULES, max_length=64, description="a rule set id")
    options: dict[Annotated[str, Field(max_length=40)], StrictBool | StrictInt | StrictStr] = Field(
        default_factory=dict, max_length=16, description="rule options (see /api/rules)"
    )
    level: Level = "normal"
    seats: list[SeatKind] = Field(default_factory=_default_seats, min_length=4, max_length=4)
    public: bool = True
    grace: float | None = Field(
        default=None, ge=0, le=3600, description="seconds before a bot plays for a gone player"
    )
    bot_delay: float | None = Field(default=None, ge=0, le=10, description="seconds a bot waits")
    timer: Timer | None = Field(
        default=None,
        description="turn timer: `off`, `relaxed`, `normal` or `fast` (the server's "
        "`turn_timers` seconds); default off at a table of one human seat, else normal",
    )
    seed: int | None = Field(
        default=None,
        ge=0,
        le=MAX_SEED,
        description="deal seed (replays, practice): only at a table with at most one human "
        "seat (else `seed_not_allowed`); the table then shows `seed_chosen`",
    )


class TableCreated(BaseModel):
    table: TableInfo
    invite: str | None
    """Private tables: the code every player and spectator must present."""
    invite_url: str | None


class JoinRequest(_Strict):
    name: Annotated[
        PlayerName,
        Field(
            description="the player's name: normalised (NFKC, spaces folded, trimmed), "
            "at most 40 characters, no control, invisible or look-alike letters "
            "(refused with `bad_name`)",
        ),
    ]
    seat: int | None = Field(default=None, ge=0, le=3, description="default: a free seat")
    invite: str | None = Field(default=None, max_length=TOKEN_MAX)


class MoveRequest(_Strict):
    seat: int = Field(ge=0, le=3, description="a free human seat to move to")


class Joined(BaseModel):
    table_id: str
    seat: int
    token: str
    """The seat's secret: present it in the websocket ``hello`` (and for hints)."""
    ws_url: str
    player: str | None = None
    """The public id of the player who holds the seat now (the session cookie's)."""


class Watch(BaseModel):
    table_id: str
    ws_url: str
    seq: int
    status: Status
    view: View


class Hint(BaseModel):
    seq: int
    action: str
    bot: str


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


class ReviewChoice(_Strict):
    """`PUT /api/tables/{id}/review`: whether the seat's hands are reviewed."""

    on: bool


class ReviewChoiceSet(BaseModel):
    table_id: str
    seat: int
    on: bool


class DealCheck(BaseModel):
    """A finished game's fair-deal check (``crowsnest verify``, as the server runs it;
    anyone can run it on the record instead)."""

    table_id: str
    verified: bool
    """The secret matches the commitment, the seed follows from it, and the engine
    deals exactly the recorded deals from that seed."""
    problems: list[str]
    """What does not match, for people (empty when verified)."""
    scheme: str | None
    commitment: str | None
    secret: str | None
    seed_chosen: bool
    deals: int
    """How many deals were checked."""


class GameStats(BaseModel):
    games: int
    wins: int
    average_score: float | None
    contracts_made: int
    contracts_set: int


class PlayerStats(GameStats):
    name: str
    by_game: dict[str, GameStats]


class OptionInfo(BaseModel):
    name: str
    kind: str
    default: Any
    choices: list[str]
    minimum: int
    maximum: int
    step: int


class RuleSetInfo(BaseModel):
    id: str
    name: str
    family: str
    key: str
    bird: str | None = Field(
        description="the bird card's name key (`crow` in CrowsNest), `null` in Hearts"
    )
    options: list[OptionInfo]
    bots: dict[str, str]
    """Level -> the bot that plays it for this family."""


class ClientConfig(BaseModel):
    """What the browser client offers, as the server declares it (`GET /api/client`)."""

    levels: list[Level]
    """The bots' levels, weakest first."""
    level_default: Level
    """A new table's level when none is asked for."""
    timers: list[Timer]
    """The turn timer's presets, `off` first."""
    timer_default: Timer
    """The timer of a table of four human seats when none is asked for."""
    quick_messages: list[QuickMessage]
    """The quick chat's messages (`chat.<key>` in the catalogs)."""
    reactions: list[Reaction]
    """The quick chat's emoji reactions."""


class ErrorDetail(BaseModel):
    code: str
    message: str


class ErrorBody(BaseModel):
    error: ErrorDetail


class Health(BaseModel):
    status: Literal["ok", "degraded"] = "ok"
    """`degraded` once a bot decision has failed since the server started
    (`bot_failures`): the server plays on, with a lesser bot in that bot's place."""
    tables: int
    connections: int
    engine: str
    """The engine and bots this process runs: `compiled (...)` or `pure Python (why)`
    (`crowsnest native status`)."""
    bot_decisions: dict[str, int]
    """Decisions made in the bots' worker processes since start, by bot."""
    bot_failures: int
    """Decisions a pooled bot could not make since start (each logged `bot_failed`);
    the Normal bot made them instead."""
    pools_replaced: dict[str, int]
    """Worker pools (`bots`, `hints`, `reviews`) replaced since start after one of
    their processes died (each logged `pool_replaced`)."""


# -- identity, statistics, ratings and accounts ----------------------------------------


class RulesStats(BaseModel):
    """A player's finished games of one rule set. A game the player left counts as
    ``left`` and as lost (whatever the bots made of the seat), and is out of the
    hands and the averages."""

    rules: str
    family: str
    games: int
    wins: int
    losses: int
    left: int
    hands: int
    """Hands of the games played to the end."""
    average_per_hand: float | None
    """Points per hand (Rook: the team's hand scores), one decimal."""
    average_per_game: int | None
    """Final score per game (Rook: the team's), rounded to a whole point."""
    contracts_bid: int
    """Rook: contracts the player declared (made + set)."""
    contracts_made: int
    contracts_set: int
    moons_shot: int
    """Hearts."""
    moons_suffered: int


class FamilyRating(BaseModel):
    family: str
    mu: float
    """The skill estimate (openskill, Plackett-Luce), one decimal."""
    sigma: float
    """Its uncertainty (one standard deviation), one decimal."""
    games: int
    """Rated games."""
    low: float
    high: float
    """``mu`` ∓ 2 ``sigma``, one decimal: the skill is most likely (about 95 in 100)
    between the two."""
    evidence: float
    """Games' worth of evidence, one decimal: each rated game adds how much it
    counted (less against a new identity or an opponent met often; a resign or a
    leave, a loss in full, adds none)."""
    provisional: bool
    """Less than 10 games' worth of evidence: a few games are no verdict on the
    player, and the rating moves its opponents only as far as its evidence goes."""
    plays_like: Literal["easy", "normal", "hard"] | None
    """The bot level whose fixed rating is nearest; ``null`` while provisional."""


class BotRating(BaseModel):
    family: str
    level: Literal["easy", "normal", "hard"]
    mu: float
    sigma: float


class PlayerProfile(BaseModel):
    id: str
    """The player's public id."""
    name: str | None
    """The name the player goes by (shown, never trusted)."""
    signed_up: bool
    """The identity has an account (a username)."""
    ratings: list[FamilyRating]
    stats: list[RulesStats]
    """Per rule set: every game for the player themselves, public games for others."""


class Me(PlayerProfile):
    username: str | None
    """Only the player themselves sees it."""


class RatingPoint(BaseModel):
    table_id: str | None
    """`null`: a private game, to anyone but its player."""
    at: str
    """ISO 8601, UTC."""
    mu: float
    sigma: float


class RatingHistory(BaseModel):
    player: str
    family: str
    points: list[RatingPoint]
    """Oldest first: the rating after each rated game (the newest 200)."""
    bots: list[BotRating]
    """The bots' fixed ratings in this family, for scale."""


class SeatPlayer(BaseModel):
    seat: int
    kind: SeatKind
    name: str | None
    player: str | None
    """The public id of a human seat's player (`null`: a bot, or a game from before
    identities)."""


class IdentityGame(BaseModel):
    table_id: str
    rules: str
    family: str
    finished_at: str
    """ISO 8601, UTC."""
    seat: int
    score: int
    """The player's final score (Rook: the team's)."""
    won: bool
    left: bool
    final_scores: list[int]
    public: bool
    seats: list[SeatPlayer]


class IdentityGames(BaseModel):
    player: str
    total: int
    limit: int
    offset: int
    games: list[IdentityGame]


class UnclaimedGames(BaseModel):
    """`GET /api/unclaimed/{name}/games`: games from before identities, by name."""

    name: str
    total: int
    limit: int
    offset: int
    games: list[IdentityGame]


class Rename(_Strict):
    name: Annotated[
        PlayerName,
        Field(description="the name to be shown, as for `join` (refused with `bad_name`)"),
    ]


MIN_PASSWORD: Final = 8
MAX_PASSWORD: Final = 256


class Credentials(_Strict):
    """A username and password (sign up, sign in)."""

    username: str = Field(
        max_length=160,
        description="normalised as player names are (NFKC, spaces folded, no look-alike "
        "letters); unique ignoring case (`bad_username`, `username_taken`)",
    )
    password: str = Field(max_length=MAX_PASSWORD, description="8 to 256 characters")


class NewPassword(_Strict):
    old_password: str = Field(max_length=MAX_PASSWORD)
    new_password: str = Field(max_length=MAX_PASSWORD, description="8 to 256 characters")
