"""The operations the HTTP routes call: a table created, its info, a seat joined,
filled or moved, a spectator's view (a finished game's too), a hint."""

from __future__ import annotations

import asyncio
import json
import secrets
from collections.abc import Callable
from typing import Any

from sqlalchemy.engine import Connection as SAConnection

from crowsnest.engine import OptionError, get_rules
from crowsnest.fairness import SECRET_BYTES, seed_of
from crowsnest.server.faces.access import check_invite, seat_of, token_hash
from crowsnest.server.live.finished import end_view
from crowsnest.server.live.hub_core import HubCore
from crowsnest.server.live.tables import MAX_TABLE_ID, LiveTable
from crowsnest.server.models.http import CreateTable, Hint, JoinRequest, TableCreated, Watch
from crowsnest.server.models.server_messages import TableInfo
from crowsnest.server.ops.logs import table_event
from crowsnest.server.people.presets import default_timer, turn_seconds
from crowsnest.server.store.players import PlayerStore
from crowsnest.server.store.rows import SeatRow, TableRow
from crowsnest.server.store.store import Store
from crowsnest.server.table.bots import HintsBusy, bot_for
from crowsnest.server.table.log import Claimed
from crowsnest.server.table.parts import Outcome, TableConfig, TableError
from crowsnest.server.table.table import Table


class HttpOperations(HubCore):
    """The hub's operations behind the HTTP routes."""

    # -- HTTP operations ---------------------------------------------------------------

    async def create(self, request: CreateTable, client: str | None = None) -> TableCreated:
        if client is not None and not self.creates.take(client, self.clock()):
            wait = self.creates.retry_after(client, self.clock())
            raise TableError("rate_limited", "too many tables from this address", wait)
        try:
            get_rules(request.rules, request.options)
        except OptionError as err:
            raise TableError(err.code, err.message) from None
        settings = self.settings
        humans = sum(kind == "human" for kind in request.seats)
        timer = default_timer(humans) if request.timer is None else request.timer
        secret = None
        if request.seed is not None:
            if sum(kind == "human" for kind in request.seats) > 1:
                raise TableError(
                    "seed_not_allowed",
                    "a seed may be chosen only at a table with at most one human seat",
                )
            seed = request.seed
        else:
            secret = secrets.token_hex(SECRET_BYTES)
            seed = seed_of(secret)
        config = TableConfig(
            rules=request.rules,
            options=dict(request.options),
            seed=seed,
            secret=secret,
            seed_chosen=request.seed is not None,
            level=request.level,
            seats=tuple(request.seats),
            public=request.public,
            grace=settings.grace if request.grace is None else request.grace,
            bot_delay=settings.bot_delay if request.bot_delay is None else request.bot_delay,
            timer=timer,
            turn_seconds=turn_seconds(timer, settings.timer_presets()),
        )
        table_id = secrets.token_urlsafe(12)
        invite = None if request.public else secrets.token_urlsafe(16)
        invite_hash = None if invite is None else token_hash(invite)
        table = Table(table_id, config, now=self.clock())
        row = TableRow(
            id=table_id,
            rules=config.rules,
            options=dict(config.options),
            seed=config.seed,
            level=config.level,
            public=config.public,
            invite_hash=invite_hash,
            grace=config.grace,
            bot_delay=config.bot_delay,
            status=table.status,
            secret=config.secret,
            seed_chosen=config.seed_chosen,
            timer=config.timer,
            turn_seconds=config.turn_seconds,
        )
        seat_rows = [SeatRow(i, s.kind, s.name, None) for i, s in enumerate(table.seats)]
        await self.journal.write(lambda conn: Store.create_table(conn, row, seat_rows))
        await self.registry.take(LiveTable(table, invite_hash))
        table_event("table_created", table_id, rules=config.rules, seats=list(config.seats))
        return TableCreated(
            table=table.info(),
            invite=invite,
            invite_url=None if invite is None else f"/?table={table_id}&invite={invite}",
        )

    def public_tables(self, limit: int, offset: int) -> tuple[int, list[TableInfo]]:
        """(how many public tables are open, ``limit`` of them from ``offset``)."""
        return self.registry.public_tables(limit, offset)

    async def _committed(self, table_id: str) -> LiveTable:
        """A table whose every action is committed: the table's lock is taken (an
        action being written holds it), and the table is still the live one (a failed
        write replaces it). Call with the lock released after reading."""
        while True:
            live = await self.registry.find(table_id)
            await live.lock.acquire()
            if self.registry.tables.get(table_id) is live:
                return live
            live.lock.release()

    async def info(self, table_id: str, invite: str | None) -> TableInfo:
        live = await self._committed(table_id)
        try:
            check_invite(live.invite_hash, invite)
            info = live.table.info()
        finally:
            live.lock.release()
        self.registry.drop_if_done(live)
        return info

    async def join(
        self, table_id: str, request: JoinRequest, player_id: str | None = None
    ) -> tuple[int, str]:
        """Claim a seat for ``player_id`` (its display name becomes the request's
        name); returns (seat, token)."""
        live = self.registry.get(table_id)
        check_invite(live.invite_hash, request.invite)
        token = secrets.token_urlsafe(32)
        hashed = token_hash(token)
        async with live.lock:
            table = live.table
            name = request.name
            out = table.claim(request.seat, name, hashed, self.clock(), player_id)
            seat = next(f.seat for f in out.facts if isinstance(f, Claimed))

            def named(conn: SAConnection) -> None:
                if player_id is not None:
                    PlayerStore.set_name(conn, player_id, name)

            await self._stored(live, out, named)
            live.audience.deliver(out, None)
        live.wake.set()
        table_event("seat_joined", table_id, seat=seat, seq=table.seq, status=table.status)
        return seat, token

    async def fill(self, table_id: str, token: str) -> TableInfo:
        """A seated player hands the table's empty human seats to bots (the game starts)."""
        live = self.registry.get(table_id)
        seat = seat_of(live.table, token)
        async with live.lock:
            table = live.table
            free = table.free_seats()
            out = table.fill(self.clock())
            await self._stored(live, out)
            live.audience.deliver(out, None)
        live.wake.set()
        table_event("seats_filled", table_id, seat=seat, seats=free, seq=table.seq)
        return table.info()

    async def move(self, table_id: str, token: str, to: int) -> TableInfo:
        """A seated player moves to the free human seat ``to`` before the game starts
        (in Rook the seat decides the partner)."""
        live = self.registry.get(table_id)
        seat = seat_of(live.table, token)
        async with live.lock:
            table = live.table
            if seat == to:
                return table.info()
            out = table.move(seat, to, self.clock())
            await self._stored(live, out)
            audience = live.audience
            conn = audience.seats.pop(seat, None)
            if conn is not None:
                conn.seat = to
                audience.seats[to] = conn
            audience.deliver(out, None)
        table_event("seat_moved", table_id, seat=seat, to=to)
        return table.info()

    async def _stored(
        self, live: LiveTable, out: Outcome, also: Callable[[SAConnection], None] | None = None
    ) -> None:
        """Store the seat facts of an HTTP request's outcome (with ``also``); raise
        ``table_unavailable`` if the store failed (the table is rebuilt from what was
        committed, as after any failed write)."""
        if not await self.journal.note(live.table, out, also):
            delay = self.unstored(live)
            raise TableError(
                "table_unavailable", "the table restarts after a failed write; try again", delay
            )

    async def watch(
        self, table_id: str, invite: str | None, ws_url: str, client: str | None = None
    ) -> Watch:
        """A spectator's view now; of a finished game not live here, its end as
        :attr:`finished` keeps it (computed once, limited per client address)."""
        if table_id not in self.registry.tables:
            found = await self._finished_watch(table_id, invite, client)
            if found is not None:
                return Watch(table_id=table_id, ws_url=ws_url, **found)
        live = await self._committed(table_id)
        try:
            check_invite(live.invite_hash, invite)
            table = live.table
            watch = Watch(
                table_id=table_id,
                ws_url=ws_url,
                seq=table.seq,
                status=table.status,
                view=table.view(None).to_json(),
            )
        finally:
            live.lock.release()
        self.registry.drop_if_done(live)
        return watch

    async def _finished_watch(
        self, table_id: str, invite: str | None, client: str | None
    ) -> dict[str, Any] | None:
        """``seq``, ``status`` and the spectator's ``view`` of a finished game (None:
        no finished game has this id)."""
        store = self.registry.store
        row = None
        if len(table_id) <= MAX_TABLE_ID:
            row = await asyncio.to_thread(store.table, table_id)
        if row is None or row.status != "over":
            return None
        check_invite(row.invite_hash, invite)
        data = await self.finished.answer(
            ("watch", table_id), client, lambda: store.record(table_id), end_view
        )
        found: dict[str, Any] = json.loads(data)
        return found

    async def hint(self, table_id: str, token: str, client: str | None = None) -> Hint:
        """What the normal bot (the hard one at a hard table) would do in the seat's
        place, from the seat's own view. Rate limited per client address and per seat
        (``rate_limited``); a hint that cannot be served soon is ``hints_busy``."""
        now = self.clock()
        if client is not None and not self.client_hints.take(client, now):
            wait = self.client_hints.retry_after(client, now)
            raise TableError("rate_limited", "too many hints from this address", wait)
        live = self.registry.get(table_id)
        seat = seat_of(live.table, token)
        if not self.seat_hints.take((table_id, seat), now):
            wait = self.seat_hints.retry_after((table_id, seat), now)
            raise TableError("rate_limited", "too many hints for this seat", wait)
        table = live.table
        async with live.lock:  # the state as committed (an action being written holds it)
            if self.registry.tables.get(table_id) is not live:
                raise TableError("table_unavailable", "the table is being restored", 1.0)
            legal, status, seq, view = table.legal[seat], table.status, table.seq, table.view(seat)
        if not legal or status != "playing":
            raise TableError("not_your_turn", f"seat {seat} may not act now")
        level = "hard" if table.config.level == "hard" else "normal"
        bot = bot_for(table.family, level)
        try:
            action = await self.bots.hint(
                table.family, bot, view, legal, table.config.seed ^ 0x5EED, seq
            )
        except HintsBusy as busy:
            raise TableError("hints_busy", busy.message, busy.retry_after) from None
        return Hint(seq=seq, action=action, bot=bot)
