"""Websocket messages from a client to the server, as pydantic models with size limits.

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
from typing import Annotated, Final, Literal

from pydantic import Field, StrictBool, TypeAdapter
from pydantic import ValidationError as PydanticValidationError

from crowsnest.ai.protocol import ProtocolError as ProtocolError  # the one class, re-exported
from crowsnest.server.models.common import MAX_ACTION_TEXT, TOKEN_MAX, Strict

# -- client -> server ------------------------------------------------------------------


class HelloMessage(Strict):
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


class ActionMessage(Strict):
    """An action for the client's seat, answering the state numbered `seq`. Answered by
    a `state` to every connection, or an `error` to the sender."""

    type: Literal["action"]
    seq: int = Field(ge=0, le=10**9)
    """The `seq` of the state it answers."""
    action: str = Field(min_length=1, max_length=MAX_ACTION_TEXT)
    """The action's text, at most 200 characters."""


class SyncMessage(Strict):
    """Ask for the current state again: answered by the current `state` (no events)."""

    type: Literal["sync"]


class PingMessage(Strict):
    """Answered by `pong`."""

    type: Literal["ping"]


QuickMessage = Literal["hello", "gg", "wp", "oops", "thanks", "hurry", "sorry", "gtg"]
Reaction = Literal["smile", "laugh", "wow", "sad", "clap", "heart"]
ChatKey = Literal[QuickMessage, Reaction]
"""The quick messages and emoji reactions: keys, so that each reader sees them in
their own language (`chat.<key>` in the catalogs)."""


class ChatSend(Strict):
    """A quick message or reaction from a seated player (version 2). Answered by a
    `chat` to every version 2 connection of the table, or `chat_too_fast`."""

    type: Literal["chat"]
    key: ChatKey
    """Which message: one of the keys, never free text."""


class BackMessage(Strict):
    """ "I'm back" (version 2): take the seat back from the bot that kept it after two
    timeouts in a row. Answered by a `presence` and a `state` to everyone, or
    `timer_not_running` when no bot keeps the seat, or `benched` when the bot keeps
    it for the rest of the hand (three timeouts in a row)."""

    type: Literal["back"]


class LeaveMessage(Strict):
    """Leave the table (version 2). Waiting: the seat is free again and the token
    holds nothing. Playing: the seat's bot plays it for good (`left` in `presence`);
    the game stays in the player's history as left."""

    type: Literal["leave"]


class ResignSend(Strict):
    """Rook (version 3): propose that the sender's team resigns. Where the partner is
    a human whom no bot stands in for, they are asked (`resign` news with `proposed`
    to both partners) and the game goes on until they accept; a player whose partner
    is a bot (a bot seat, or a human seat a bot plays now) resigns at once. Refused
    with `no_resign` (Hearts), `resign_pending`, `resign_too_fast`, `not_started`,
    `game_over`, `seat_left`."""

    type: Literal["resign"]


class ResignAnswer(Strict):
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
