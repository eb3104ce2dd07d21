"""The hub: the operations the HTTP routes and the websocket endpoint call, on the live
tables of the :class:`~crowsnest.server.registry.Registry`.

Each operation takes the table's lock, calls the sans-I/O table, has the
:class:`~crowsnest.server.journal.Journal` commit what it accepted and the table's
:class:`~crowsnest.server.delivery.Audience` deliver the messages, in that order;
the :class:`~crowsnest.server.bot_driver.BotDriver` plays the bots' seats through the
same :meth:`Hub.commit`. Who may do what is :mod:`crowsnest.server.access`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import time
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.engine import Connection as SAConnection
from starlette.status import WS_1000_NORMAL_CLOSURE, WS_1001_GOING_AWAY, WS_1011_INTERNAL_ERROR

from crowsnest.engine import OptionError, get_rules
from crowsnest.fairness import SECRET_BYTES, seed_of
from crowsnest.server.access import check_invite, seat_of, token_hash
from crowsnest.server.bot_driver import BotDriver
from crowsnest.server.bots import BotRunner, HintsBusy, bot_for
from crowsnest.server.delivery import WS_4000_SEAT_TAKEN_OVER, Connection
from crowsnest.server.finished import Finished, end_view
from crowsnest.server.journal import Journal
from crowsnest.server.limits import KeyedLimit, retry_seconds
from crowsnest.server.logs import table_event
from crowsnest.server.people import bot_name, default_timer, turn_seconds
from crowsnest.server.players_store import PlayerStore
from crowsnest.server.registry import (
    MAX_TABLE_ID,
    LiveTable,
    Registry,
    RegistryFactory,
    stop_all,
)
from crowsnest.server.review import Reviewer
from crowsnest.server.schemas import (
    PROTOCOL_VERSIONS,
    AnyClientMessage,
    CreateTable,
    ErrorMessage,
    HelloMessage,
    Hint,
    JoinRequest,
    ResignAnswer,
    ResignSend,
    TableCreated,
    TableInfo,
    Watch,
    WelcomeMessage,
)
from crowsnest.server.settings import Settings
from crowsnest.server.store import SeatRow, Store, TableRow, Writer
from crowsnest.server.table import Outcome, Table, TableConfig, TableError


class Hub:
    """Every live table; the operations the HTTP API and the websocket endpoint call."""

    def __init__(
        self,
        settings: Settings,
        store: Store,
        writer: Writer,
        bots: BotRunner,
        clock: Callable[[], float] = time.monotonic,
        wall: Callable[[], float] = time.time,
        registry: RegistryFactory = Registry,
    ) -> None:
        self.settings = settings
        self.bots = bots
        self.clock = clock
        self.wall = wall
        self.registry = registry(store, clock, self._run, self.from_wall)
        self.journal = Journal(writer, self.to_wall, self.registry.fence_of)
        self.driver = BotDriver(bots, clock, self.commit)
        self.reviewer = Reviewer(
            bots,
            store,
            self.journal,
            settings.review_worlds,
            self.registry.tables.get,
            nodes=settings.review_nodes,
            share=settings.review_share,
            capacity=settings.review_queue,
        )
        self.creates = KeyedLimit(settings.create_rate, settings.create_burst)
        self.finished = Finished(settings, clock)
        self._sweeper: asyncio.Task[None] | None = None
        self.seat_hints = KeyedLimit(settings.hint_rate, settings.hint_burst)
        self.client_hints = KeyedLimit(settings.client_hint_rate, settings.client_hint_burst)

    # -- life ----------------------------------------------------------------------

    async def start(self) -> None:
        """Rebuild every unfinished table from the store; start expiring the tables
        that wait too long for their players."""
        await self.registry.start()
        await self.reviewer.recover()
        self._sweeper = asyncio.get_running_loop().create_task(self._expire_waiting())

    async def close(self) -> None:
        if self._sweeper is not None:
            await stop_all([self._sweeper])
        await self.reviewer.close()
        await self.registry.close()
        for live in self.registry.tables.values():
            live.audience.close_all(WS_1001_GOING_AWAY)

    def to_wall(self, at: float) -> datetime:
        """A table time (``clock``) as the wall clock's, to be stored."""
        return datetime.fromtimestamp(self.wall() + (at - self.clock()), UTC)

    def from_wall(self, at: datetime) -> float:
        """A stored wall-clock time as table time."""
        return self.clock() + (at.timestamp() - self.wall())

    async def _run(self, live: LiveTable) -> None:
        await self.driver.run(live)
        self.registry.drop_if_done(live)

    async def _expire_waiting(self) -> None:
        expiry = self.settings.waiting_expiry
        while True:
            await asyncio.sleep(min(60.0, expiry / 4))
            now = self.clock()
            for live in list(self.registry.tables.values()):
                table = live.table
                if table.status == "waiting" and now - table.last_change >= expiry:
                    await self.expire(live)

    async def expire(self, live: LiveTable) -> None:
        """Close a table that waited too long for its players."""
        async with live.lock:
            if live.table.status != "waiting":
                return
            self.registry.remove(live)
            if live.task is not None:
                live.task.cancel()
            table_id = live.table.id
            with contextlib.suppress(Exception):
                await self.journal.write(lambda conn: Store.expire(conn, table_id))
            error = ErrorMessage(code="table_expired", message="nobody came: the table is closed")
            live.audience.close_all(WS_1001_GOING_AWAY, error)
        table_event("table_expired", table_id)

    # -- committing ------------------------------------------------------------------

    async def commit(self, live: LiveTable, out: Outcome, reply: Connection | None) -> bool:
        """Persist the action ``out`` accepted, if any, then deliver its messages
        (``reply``: the connection whose input it answers). On a store failure the
        table's connections are closed and the table is rebuilt from what was
        committed: False."""
        if out.accepted is None:
            await self._store_people(live.table, out)
        else:
            if not await self.journal.commit(live.table, out):
                delay = self.registry.reload(live)
                error = ErrorMessage(
                    code="table_unavailable",
                    message="the table restarts after a failed write; reconnect",
                    args={"retry_after": retry_seconds(delay)},
                )
                live.audience.close_all(WS_1011_INTERNAL_ERROR, error)
                return False
            self.registry.committed(live.table.id)
        live.audience.deliver(out, reply)
        self.reviewer.seen(live, out)
        return True

    async def _store_people(self, table: Table, out: Outcome) -> None:
        """Store what an outcome without an action changed of the seats: turn
        deadlines, timeouts in a row (``back``), a player who left, a seat given up
        before the game."""
        table_id = table.id
        deadlines = self.journal.deadlines(table_id, out.deadlines)
        timeouts = self.journal.timeouts(table_id, out.timeouts)
        left, freed = out.left, out.freed
        if not deadlines and not timeouts and left is None and freed is None:
            return
        seq = table.seq if left is None else (table.seats[left].left_seq or table.seq)

        def write(conn: SAConnection) -> None:
            if deadlines:
                Store.set_deadlines(conn, deadlines)
            if timeouts:
                Store.set_timeouts(conn, timeouts)
            if left is not None:
                Store.leave_seat(conn, table_id, left, seq)
            if freed is not None:
                Store.free_seat(conn, table_id, freed)

        await self.journal.write(write)

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
            seat = request.seat
            free = table.free_seats()
            if table.status == "over":
                raise TableError("game_over", "the game is over")
            if seat is None and not free:
                raise TableError("no_free_seat", "every human seat is taken")
            seat = free[0] if seat is None else seat
            if seat not in free:
                raise TableError("seat_taken", f"seat {seat} is not a free human seat")
            status = "playing" if free == [seat] else "waiting"
            name = request.name

            def write(conn: SAConnection) -> bool:
                if not Store.claim_seat(conn, table_id, seat, name, hashed, status, player_id):
                    return False
                if player_id is not None:
                    PlayerStore.set_name(conn, player_id, name)
                return True

            if not await self.journal.write(write):
                raise TableError("seat_taken", f"seat {seat} is not a free human seat")
            out = table.claim(seat, name, hashed, self.clock())
            await self._store_people(table, out)
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
            if table.status == "over":
                raise TableError("game_over", "the game is over")
            if not free:
                raise TableError("not_waiting", "every seat is taken already")

            names = {s: bot_name(table.config.seed, s) for s in free}

            def write(conn: SAConnection) -> bool:
                return Store.fill_seats(conn, table_id, names)

            if not await self.journal.write(write):
                raise TableError("seat_taken", "a seat was taken meanwhile; try again")
            out = table.fill(self.clock())
            await self._store_people(table, out)
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
            if table.status != "waiting":
                raise TableError("not_waiting", "seats may be changed only before the game starts")
            if to not in table.free_seats():
                raise TableError("seat_taken", f"seat {to} is not a free human seat")

            def write(conn: SAConnection) -> bool:
                return Store.move_seat(conn, table_id, seat, to)

            if not await self.journal.write(write):
                raise TableError("seat_taken", f"seat {to} is not a free human seat")
            out = table.move(seat, to, self.clock())
            audience = live.audience
            conn = audience.seats.pop(seat, None)
            if conn is not None:
                conn.seat = to
                audience.seats[to] = conn
            audience.deliver(out, None)
        table_event("seat_moved", table_id, seat=seat, to=to)
        return table.info()

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
            for target, message in out.out:
                if target == "reply" and isinstance(message, WelcomeMessage):
                    message.version = hello.version
            if out.deadlines:  # the last player to see the game started the timers
                await self._store_people(live.table, out)
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
        if out.accepted is not None or out.deadlines or out.left is not None:
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
