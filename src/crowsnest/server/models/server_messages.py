"""Websocket messages from the server to a client (``docs/protocol.md``), built from
these models so that the documentation, the tests and the code share one definition;
:data:`server_message_adapter` reads one back completely."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, TypeAdapter

from crowsnest.engine.wire import EVENT, LEGAL, VIEW
from crowsnest.server.models.client_messages import ChatKey
from crowsnest.server.models.common import (
    PROTOCOL_VERSION,
    Events,
    Legal,
    Level,
    Out,
    SeatKind,
    Status,
    View,
)
from crowsnest.server.people.presets import Timer

# -- server -> client ------------------------------------------------------------------


class SeatInfo(Out):
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


class TableInfo(Out):
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


class WelcomeMessage(Out):
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


class StateMessage(Out):
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


class PresenceMessage(Out):
    """A seat is claimed, a player connects or leaves, a bot sits in for a gone player."""

    type: Literal["presence"] = "presence"
    seats: list[SeatInfo]
    """For each seat: `kind`, `name`, `claimed`, `connected`, `bot` (a bot plays it now)."""
    spectators: int = 0
    """How many spectators are connected (a spectator's coming and going sends no
    message of its own: the count is brought up to date by the next presence)."""


class ErrorMessage(Out):
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


class PongMessage(Out):
    """After `ping`."""

    type: Literal["pong"] = "pong"


class ChatMessage(Out):
    """A seated player's quick message or reaction, to every version 2 connection of
    the table (spectators too). Never stored: not in the action log, the record or
    the replays."""

    type: Literal["chat"] = "chat"
    seat: int
    """Who sent it."""
    key: ChatKey
    """Which message (`chat.<key>` in the reader's language)."""


ResignStatus = Literal["proposed", "declined", "withdrawn", "lapsed"]


class ResignNews(Out):
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


class ReviewReadyMessage(Out):
    """To a seat: the review of its decisions in a hand is stored (read it with
    `GET /api/tables/{id}/review?hand=N`)."""

    type: Literal["review_ready"] = "review_ready"
    hand_number: int
    """The hand reviewed (0 for the first)."""


class ReviewSkippedMessage(Out):
    """To a seat (version 3): no review of its decisions in a hand will come (the hand
    summary stops saying it is being reviewed)."""

    type: Literal["review_skipped"] = "review_skipped"
    hand_number: int
    """The hand not reviewed (0 for the first)."""
    reason: Literal["off", "busy", "failed", "own_none"]
    """`off`: the seat's player turned reviews off (`PUT /api/tables/{id}/review`);
    `busy`: too many reviews were waiting; `failed`: the review failed (logged);
    `own_none`: a bot took every decision of the seat in that hand."""


class BotTroubleMessage(Out):
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
