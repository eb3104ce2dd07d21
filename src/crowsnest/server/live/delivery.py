"""Delivery: the messages of an :class:`~crowsnest.server.table.parts.Outcome` to the
websockets they are for.

Each websocket has a :class:`Connection`, a queue its endpoint drains, so a slow
client never holds a table up (one that falls too far behind is dropped). A table's
:class:`Audience` is its seated connections and its spectators; each message is
serialised once, whatever number of connections it goes to.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Final

from starlette.status import WS_1000_NORMAL_CLOSURE, WS_1008_POLICY_VIOLATION

from crowsnest.server.models.server_messages import (
    ChatMessage,
    ErrorMessage,
    ResignNews,
    TimedOutMessage,
)
from crowsnest.server.table.parts import Outcome

WS_4000_SEAT_TAKEN_OVER: Final = 4000
"""Close code of a seat's connection when a newer one presents the same token."""

SEND_QUEUE_LIMIT: Final = 512
"""Messages waiting for a slow client before the server drops the connection."""


class Connection:
    """One websocket's sending side: a queue of texts, ``None`` to close with
    :attr:`close_code`. ``seat`` is the seat it holds (``None``: a spectator)."""

    def __init__(self, client: str | None = None) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.client = client
        """The client address it comes from (what fair shares are per)."""
        self.seat: int | None = None
        self.version = 1
        """The protocol version its hello said (version 1 is sent no `chat`)."""
        self.closed = False
        self.close_code = WS_1000_NORMAL_CLOSURE

    def push(self, text: str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= SEND_QUEUE_LIMIT:
            self.kick(WS_1008_POLICY_VIOLATION)
            return
        self.queue.put_nowait(text)

    def kick(self, code: int) -> None:
        """Stop sending and close the connection with ``code``."""
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.queue.put_nowait(None)

    def refuse(
        self,
        code: str,
        message: str,
        seq: int | None = None,
        args: dict[str, int | str] | None = None,
    ) -> None:
        """Send an error message."""
        error = ErrorMessage(code=code, message=message, seq=seq, args=args or {})
        self.push(error.model_dump_json())


@dataclass(eq=False)
class Audience:
    """A table's connections: one per seat at most, any number of spectators."""

    seats: dict[int, Connection] = field(default_factory=dict)
    spectators: set[Connection] = field(default_factory=set)

    def connections(self) -> list[Connection]:
        return [*self.seats.values(), *self.spectators]

    def deliver(self, out: Outcome, reply: Connection | None) -> None:
        """Send each message of ``out`` to its target; ``reply`` is the connection
        whose input it answers."""
        for target, message in out.messages:
            text = message.model_dump_json()
            if isinstance(message, ChatMessage):
                for conn in self.connections():
                    if conn.version >= 2:
                        conn.push(text)
                continue
            if isinstance(message, TimedOutMessage):
                told = self.connections() if target == "all" else [reply] if reply else []
                for conn in told:
                    if conn.version >= 3:
                        conn.push(text)
                continue
            if isinstance(message, ResignNews):
                seat_conn = self.seats.get(target) if isinstance(target, int) else None
                if seat_conn is not None and seat_conn.version >= 3:
                    seat_conn.push(text)
                continue
            if target == "reply":
                if reply is not None:
                    reply.push(text)
            elif target == "spectators":
                for conn in self.spectators:
                    conn.push(text)
            elif target == "all":
                for conn in self.connections():
                    conn.push(text)
            else:
                seat_conn = self.seats.get(target)
                if seat_conn is not None:
                    seat_conn.push(text)

    def close_all(self, code: int, error: ErrorMessage | None = None) -> None:
        """Close every connection with ``code``, after ``error`` if one is given."""
        text = None if error is None else error.model_dump_json()
        for conn in self.connections():
            if text is not None:
                conn.push(text)
            conn.kick(code)
