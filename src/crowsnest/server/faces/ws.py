"""The websocket endpoint ``/ws/{table_id}``: it checks the Origin, then reads frames,
limits their rate and size, parses them into client messages and hands them to the
:class:`~crowsnest.server.live.hub.Hub`; a second task sends what the connection's queue
holds. Every refusal is an ``error`` message; nothing a client sends ends in a stack
trace."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from urllib.parse import urlsplit

from fastapi import APIRouter, WebSocket
from starlette.status import (
    WS_1000_NORMAL_CLOSURE,
    WS_1008_POLICY_VIOLATION,
    WS_1013_TRY_AGAIN_LATER,
)

from crowsnest.server.live.delivery import Connection
from crowsnest.server.live.hub import Hub
from crowsnest.server.live.tables import LiveTable
from crowsnest.server.models.client_messages import (
    HelloMessage,
    ProtocolError,
    parse_client_message,
)
from crowsnest.server.ops.limits import TokenBucket, retry_seconds
from crowsnest.server.ops.logs import server_event
from crowsnest.server.ops.settings import Settings
from crowsnest.server.table.parts import TableError

router = APIRouter()

HELLO_TIMEOUT = 10.0
"""Seconds a new connection has to say hello."""


def origin_allowed(origin: str | None, host: str | None, allowed: frozenset[str]) -> bool:
    """No Origin (not a browser), the same origin as the page, or one listed.

    >>> origin_allowed("http://127.0.0.1:8000", "127.0.0.1:8000", frozenset())
    True
    >>> origin_allowed("https://evil.example", "127.0.0.1:8000", frozenset())
    False
    """
    if origin is None:
        return True
    origin = origin.rstrip("/")
    if origin in allowed:
        return True
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and host is not None and parts.netloc == host


@router.websocket("/ws/{table_id}")
async def table_socket(websocket: WebSocket, table_id: str) -> None:
    settings: Settings = websocket.app.state.settings
    headers = websocket.headers
    if not origin_allowed(headers.get("origin"), headers.get("host"), settings.origins()):
        server_event("origin_refused", logging.WARNING, origin=headers.get("origin"))
        await websocket.close(code=WS_1008_POLICY_VIOLATION)
        return
    await websocket.accept()
    hub: Hub = websocket.app.state.hub
    conn = Connection(websocket.client.host if websocket.client is not None else None)
    pump = asyncio.create_task(_pump(websocket, conn))
    session = _Session(websocket, conn, hub, table_id, settings)
    try:
        await session.read()
    finally:
        if session.live is not None:
            await hub.detach(conn, session.live)
        conn.kick(WS_1000_NORMAL_CLOSURE)
        await pump


async def _pump(websocket: WebSocket, conn: Connection) -> None:
    """Send what the connection's queue holds, then close with its close code."""
    try:
        while (text := await conn.queue.get()) is not None:
            await websocket.send_text(text)
    except Exception:  # the client went away
        conn.closed = True
    with contextlib.suppress(Exception):
        await websocket.close(conn.close_code)


class _Session:
    """The reading side of one websocket: before hello, then attached to ``live``."""

    def __init__(
        self, websocket: WebSocket, conn: Connection, hub: Hub, table_id: str, settings: Settings
    ) -> None:
        self.websocket, self.conn, self.hub = websocket, conn, hub
        self.table_id, self.settings = table_id, settings
        self.live: LiveTable | None = None

    def refuse(self, code: str, message: str, args: dict[str, int | str] | None = None) -> None:
        seq = None if self.live is None else self.live.table.seq
        self.conn.refuse(code, message, seq, args)

    async def read(self) -> None:
        conn, settings = self.conn, self.settings
        bucket = TokenBucket(settings.rate_limit, settings.rate_burst, time.monotonic())
        strikes = 0
        while not conn.closed:
            try:
                timeout = HELLO_TIMEOUT if self.live is None else None
                async with asyncio.timeout(timeout):  # not wait_for: it can lose a cancel
                    received = await self.websocket.receive()
            except TimeoutError:
                self.refuse("hello_timeout", f"say hello within {HELLO_TIMEOUT:g} seconds")
                conn.kick(WS_1008_POLICY_VIOLATION)
                return
            if received["type"] == "websocket.disconnect":
                return
            if not bucket.take(time.monotonic()):
                strikes += 1
                self.refuse("rate_limited", f"at most {settings.rate_limit:g} messages a second")
                if strikes > 4 * settings.rate_burst:
                    conn.kick(WS_1008_POLICY_VIOLATION)
                continue
            strikes = max(0, strikes - 1)
            text = received.get("text")
            data = received.get("bytes")
            size = len(text.encode()) if text is not None else len(data or b"")
            if size > settings.max_message_bytes:
                self.refuse("too_large", f"messages are at most {settings.max_message_bytes} bytes")
                continue
            if text is None:
                self.refuse("bad_message", "send JSON in text frames")
                continue
            await self.handle(text)

    async def handle(self, text: str) -> None:
        try:
            message = parse_client_message(text)
            if self.live is None:
                if not isinstance(message, HelloMessage):
                    raise ProtocolError("hello_first", "say hello first")
                self.live = await self.hub.attach(self.conn, self.table_id, message)
            else:
                await self.hub.message(self.conn, self.live, message)
        except TableError as err:
            if err.retry_after is None:
                self.refuse(err.code, err.message)
                return
            # Retryable (the table is restored or moves to another node): say when,
            # and a refused hello closes (1013, try again later), so that the client
            # connects again then, as after any close, instead of waiting on a
            # connection that cannot be attached.
            self.refuse(err.code, err.message, {"retry_after": retry_seconds(err.retry_after)})
            if self.live is None:
                self.conn.kick(WS_1013_TRY_AGAIN_LATER)
        except ProtocolError as err:
            self.refuse(err.code, err.message)
        except Exception:
            server_event("internal_error", logging.ERROR, table=self.table_id, exc_info=True)
            self.refuse("internal_error", "the server failed; it has been logged")
