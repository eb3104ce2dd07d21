"""The hub: the operations the HTTP routes and the websocket endpoint call, on the live
tables of the :class:`~crowsnest.server.live.tables.Registry`.

Each operation takes the table's lock, calls the sans-I/O table, has the
:class:`~crowsnest.server.store.journal.Journal` commit what it accepted and the table's
:class:`~crowsnest.server.live.delivery.Audience` deliver the messages, in that order;
the :class:`~crowsnest.server.live.bot_driver.BotDriver` plays the bots' seats through the
same :meth:`Hub.commit`. Who may do what is :mod:`crowsnest.server.faces.access`.
"""

from __future__ import annotations

from starlette.status import WS_1000_NORMAL_CLOSURE

from crowsnest.server.faces.access import check_invite, seat_of
from crowsnest.server.live.delivery import WS_4000_SEAT_TAKEN_OVER, Connection
from crowsnest.server.live.hub_http import HttpOperations
from crowsnest.server.live.tables import LiveTable
from crowsnest.server.models.client_messages import (
    AnyClientMessage,
    HelloMessage,
    ResignAnswer,
    ResignSend,
)
from crowsnest.server.models.common import PROTOCOL_VERSIONS
from crowsnest.server.models.server_messages import ErrorMessage, WelcomeMessage
from crowsnest.server.ops.logs import table_event
from crowsnest.server.table.parts import TableError


class Hub(HttpOperations):
    """Every live table; the operations the HTTP API and the websocket endpoint call."""

    # -- websocket operations ------------------------------------------------------------

    async def attach(self, conn: Connection, table_id: str, hello: HelloMessage) -> LiveTable:
        """Seat ``conn`` at its table (a token) or among the spectators (no token);
        the table it joined."""
        if hello.version not in PROTOCOL_VERSIONS:
            raise TableError(
                "bad_version", f"protocol version {hello.version} is not served; use 3"
            )
        live = await self.registry.find(table_id)
        seat: int | None = None
        try:
            if hello.token is not None:
                seat = seat_of(live.table, hello.token)
            else:
                check_invite(live.invite_hash, hello.invite)
        except TableError:
            self.registry.drop_if_done(live)
            raise
        audience = live.audience
        async with live.lock:
            if seat is not None:
                old = audience.seats.get(seat)
                if old is not None:
                    old.refuse("replaced", "seat taken over")
                    old.kick(WS_4000_SEAT_TAKEN_OVER)
                    audience.deliver(live.table.disconnect(seat, self.clock()), None)
                audience.seats[seat] = conn
            else:
                if len(audience.spectators) >= self.settings.max_spectators:
                    limit = self.settings.max_spectators
                    raise TableError("spectators_full", f"this table has {limit} spectators")
                audience.spectators.add(conn)
            conn.seat = seat
            conn.version = hello.version
            out = live.table.connect(seat, self.clock())
            for target, message in out.messages:
                if target == "reply" and isinstance(message, WelcomeMessage):
                    message.version = hello.version
            if out.facts:  # the last player to see the game started the timers
                await self.journal.note(live.table, out)
            audience.deliver(out, conn)
        live.wake.set()
        table_event("connected", table_id, seat=seat, seq=live.table.seq)
        return live

    async def message(
        self,
        conn: Connection,
        live: LiveTable,
        message: AnyClientMessage,
    ) -> None:
        """A message of ``conn``, attached to ``live``."""
        if isinstance(message, ResignSend | ResignAnswer) and conn.version < 3:
            # Its answers (the `resign` news) would never reach an older connection.
            refusal = ErrorMessage(
                code="bad_message",
                message=f"{message.type}: a protocol version 3 message",
                seq=live.table.seq,
            )
            conn.push(refusal.model_dump_json())
            return
        async with live.lock:
            out = live.table.handle(conn.seat, message, self.clock())
            if not await self.commit(live, out, conn):
                return
            if out.freed is not None:  # gave the seat up before the game: the token is void
                live.audience.seats.pop(out.freed, None)
                conn.seat = None
                conn.kick(WS_1000_NORMAL_CLOSURE)
        if out.left is not None:
            table_event("seat_left", live.table.id, seat=out.left, seq=live.table.seq)
        if out.accepted is not None or out.facts:
            live.wake.set()

    async def detach(self, conn: Connection, live: LiveTable) -> None:
        """``conn``, attached to ``live``, has closed."""
        audience = live.audience
        async with live.lock:
            if conn.seat is not None:
                if audience.seats.get(conn.seat) is not conn:
                    return
                del audience.seats[conn.seat]
            elif conn in audience.spectators:
                audience.spectators.discard(conn)
            else:  # a seat given up before the game: already gone
                return
            audience.deliver(live.table.disconnect(conn.seat, self.clock()), None)
        live.wake.set()
        table_event("disconnected", live.table.id, seat=conn.seat, seq=live.table.seq)
        self.registry.drop_if_done(live)
