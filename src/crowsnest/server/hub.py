"""The live tables: the asyncio side around the sans-I/O :class:`Table`.

Each live table has a lock (its inputs are applied one at a time, in order), a bot
task that plays the seats bots hold when they are due, and the connections of its
seats and spectators. An accepted action is appended to the store and committed
before any message about it is sent. On start every unfinished table is rebuilt from
its action log.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from typing import TypeVar

from sqlalchemy.engine import Connection as SAConnection

from crowsnest.engine import HeartsGame, OptionError, RookGame, get_rules
from crowsnest.server.bots import BotRunner, bot_for
from crowsnest.server.logs import table_event
from crowsnest.server.schemas import (
    PROTOCOL_VERSION,
    ActionMessage,
    CreateTable,
    ErrorMessage,
    HelloMessage,
    Hint,
    JoinRequest,
    Level,
    PingMessage,
    SeatKind,
    ServerMessage,
    SyncMessage,
    TableCreated,
    TableInfo,
    Watch,
)
from crowsnest.server.settings import Settings
from crowsnest.server.store import (
    ActionRow,
    ResultRow,
    SeatRow,
    Store,
    StoredTable,
    TableRow,
    Writer,
)
from crowsnest.server.table import Outcome, Seat, Table, TableConfig, TableError

T = TypeVar("T")

SEND_QUEUE_LIMIT = 512
"""Messages waiting for a slow client before the server drops the connection."""


def token_hash(token: str) -> str:
    """What the store keeps of a seat token or invite code: its SHA-256 (the secrets
    are 256 and 128 random bits, so no salt or slow hash is needed)."""
    return hashlib.sha256(token.encode()).hexdigest()


def _same(secret: str | None, stored_hash: str | None) -> bool:
    if secret is None or stored_hash is None:
        return False
    return hmac.compare_digest(token_hash(secret), stored_hash)


class Connection:
    """One websocket's sending side: a queue drained by :meth:`pump`, so a slow
    client never holds a table up. A client that falls too far behind is dropped."""

    def __init__(self) -> None:
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.live: LiveTable | None = None
        self.seat: int | None = None
        self.closed = False
        self.close_code = 1000

    def push(self, text: str) -> None:
        if self.closed:
            return
        if self.queue.qsize() >= SEND_QUEUE_LIMIT:
            self.kick(1008)
            return
        self.queue.put_nowait(text)

    def kick(self, code: int) -> None:
        """Stop sending and close the connection with ``code``."""
        if not self.closed:
            self.closed = True
            self.close_code = code
            self.queue.put_nowait(None)


class AppendBatcher:
    """Hands the log appends of one event-loop turn to the writer together: one
    queue item and one wake-up of the loop per batch, not per action."""

    def __init__(self, writer: Writer) -> None:
        self.writer = writer
        self.pending: list[tuple[str, ActionRow, asyncio.Future[None]]] = []

    def append(self, table_id: str, row: ActionRow) -> asyncio.Future[None]:
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        if not self.pending:
            loop.call_soon(self._flush)
        self.pending.append((table_id, row, future))
        return future

    def _flush(self) -> None:
        batch, self.pending = self.pending, []
        loop = asyncio.get_running_loop()
        done = self.writer.submit_appends([(t, r) for t, r, _ in batch])
        done.add_done_callback(lambda f: loop.call_soon_threadsafe(self._settle, batch, f))

    @staticmethod
    def _settle(
        batch: list[tuple[str, ActionRow, asyncio.Future[None]]],
        done: Future[list[tuple[bool, object]]],
    ) -> None:
        error = done.exception()
        results = [(False, error)] * len(batch) if error is not None else done.result()
        for (_, _, future), (ok, value) in zip(batch, results, strict=True):
            if future.done():
                continue
            if ok:
                future.set_result(None)
            else:
                future.set_exception(value if isinstance(value, BaseException) else RuntimeError())


@dataclass(eq=False)
class LiveTable:
    table: Table
    invite_hash: str | None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    seats: dict[int, Connection] = field(default_factory=dict)
    spectators: set[Connection] = field(default_factory=set)
    task: asyncio.Task[None] | None = None

    def connections(self) -> list[Connection]:
        return [*self.seats.values(), *self.spectators]


class Hub:
    """Every live table; the operations the HTTP API and the websocket endpoint call."""

    def __init__(
        self,
        settings: Settings,
        store: Store,
        writer: Writer,
        bots: BotRunner,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.settings = settings
        self.store = store
        self.writer = writer
        self.bots = bots
        self.clock = clock
        self.tables: dict[str, LiveTable] = {}
        self.appends = AppendBatcher(writer)

    # -- life ----------------------------------------------------------------------

    async def start(self) -> None:
        """Rebuild every unfinished table from the store."""
        for stored in await asyncio.to_thread(self.store.load_unfinished):
            self._restore(stored)

    async def close(self) -> None:
        tasks = [live.task for live in self.tables.values() if live.task is not None]
        for task in tasks:
            task.cancel()
        for task in tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        for live in self.tables.values():
            for conn in live.connections():
                conn.kick(1001)

    def _restore(self, stored: StoredTable) -> LiveTable | None:
        row = stored.table
        try:
            if [a.seq for a in stored.actions] != list(range(1, len(stored.actions) + 1)):
                raise ValueError("the action log has a gap")
            if [s.seat for s in stored.seats] != [0, 1, 2, 3]:
                raise ValueError("a table has four seats")
            seats = [Seat(_kind(s.kind), s.name, s.token_hash) for s in stored.seats]
            config = _config(row, tuple(s.kind for s in seats))
            table = Table(
                row.id,
                config,
                now=self.clock(),
                seats=seats,
                actions=[(a.seat, a.action) for a in stored.actions],
            )
        except Exception:
            table_event("recover_failed", row.id, logging.ERROR, exc_info=True)
            return None
        live = LiveTable(table, row.invite_hash)
        self._add(live)
        table_event("recovered", row.id, seq=table.seq, status=table.status)
        return live

    def _add(self, live: LiveTable) -> None:
        self.tables[live.table.id] = live
        live.task = asyncio.get_running_loop().create_task(self._bot_loop(live))

    def connection_count(self) -> int:
        return sum(len(live.connections()) for live in self.tables.values())

    # -- lookups -----------------------------------------------------------------------

    def live(self, table_id: str) -> LiveTable:
        live = self.tables.get(table_id)
        if live is None:
            raise TableError("table_not_found", "no open table has this id")
        return live

    async def find(self, table_id: str) -> LiveTable:
        """A live table, or a finished one rebuilt from the store (to show its end)."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        stored = None
        if len(table_id) <= 40:
            stored = await asyncio.to_thread(self.store.load, table_id)
        if stored is None or stored.table.status != "over":
            raise TableError("table_not_found", "no table has this id")
        live = self.tables.get(table_id) or self._restore(stored)
        if live is None:
            raise TableError("table_not_found", "no table has this id")
        return live

    def _admit(self, live: LiveTable, invite: str | None) -> None:
        if live.invite_hash is not None and not _same(invite, live.invite_hash):
            raise TableError("bad_invite", "this private table needs its invite code")

    def seat_of(self, live: LiveTable, token: str) -> int:
        seat = live.table.seat_of_token(token_hash(token))
        if seat is None:
            raise TableError("bad_token", "this token holds no seat at this table")
        return seat

    # -- HTTP operations ---------------------------------------------------------------

    async def create(self, request: CreateTable) -> TableCreated:
        try:
            get_rules(request.rules, request.options)
        except OptionError as err:
            raise TableError(err.code, err.message) from None
        settings = self.settings
        config = TableConfig(
            rules=request.rules,
            options=dict(request.options),
            seed=request.seed if request.seed is not None else secrets.randbelow(2**63),
            level=request.level,
            seats=tuple(request.seats),
            public=request.public,
            grace=settings.grace if request.grace is None else request.grace,
            bot_delay=settings.bot_delay if request.bot_delay is None else request.bot_delay,
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
        )
        seat_rows = [SeatRow(i, s.kind, s.name, None) for i, s in enumerate(table.seats)]
        await self._write(lambda conn: Store.create_table(conn, row, seat_rows))
        self._add(LiveTable(table, invite_hash))
        table_event("table_created", table_id, rules=config.rules, seats=list(config.seats))
        return TableCreated(
            table=table.info(),
            invite=invite,
            invite_url=None if invite is None else f"/?table={table_id}&invite={invite}",
        )

    def public_tables(self) -> list[TableInfo]:
        return [
            live.table.info()
            for live in self.tables.values()
            if live.table.config.public and live.table.status != "over"
        ]

    async def info(self, table_id: str, invite: str | None) -> TableInfo:
        live = await self.find(table_id)
        self._admit(live, invite)
        self._maybe_drop(live)
        return live.table.info()

    async def join(self, table_id: str, request: JoinRequest) -> tuple[int, str]:
        """Claim a seat; returns (seat, token)."""
        live = self.live(table_id)
        self._admit(live, request.invite)
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
                return Store.claim_seat(conn, table_id, seat, name, hashed, status)

            if not await self._write(write):
                raise TableError("seat_taken", f"seat {seat} is not a free human seat")
            out = table.claim(seat, name, hashed, self.clock())
            self._deliver(live, out, None)
        live.wake.set()
        table_event("seat_joined", table_id, seat=seat, seq=table.seq, status=table.status)
        return seat, token

    async def fill(self, table_id: str, token: str) -> TableInfo:
        """A seated player hands the table's empty human seats to bots (the game starts)."""
        live = self.live(table_id)
        seat = self.seat_of(live, token)
        async with live.lock:
            table = live.table
            free = table.free_seats()
            if table.status == "over":
                raise TableError("game_over", "the game is over")
            if not free:
                raise TableError("not_waiting", "every seat is taken already")

            def write(conn: SAConnection) -> bool:
                return Store.fill_seats(conn, table_id, free, table.bot)

            if not await self._write(write):
                raise TableError("seat_taken", "a seat was taken meanwhile; try again")
            out = table.fill(self.clock())
            self._deliver(live, out, None)
        live.wake.set()
        table_event("seats_filled", table_id, seat=seat, seats=free, seq=table.seq)
        return table.info()

    async def watch(self, table_id: str, invite: str | None, ws_url: str) -> Watch:
        live = await self.find(table_id)
        self._admit(live, invite)
        self._maybe_drop(live)
        table = live.table
        return Watch(
            table_id=table_id,
            ws_url=ws_url,
            seq=table.seq,
            status=table.status,
            view=table.view(None).to_json(),
        )

    async def hint(self, table_id: str, token: str) -> Hint:
        """What the normal bot (the hard one at a hard table) would do in the seat's
        place, from the seat's own view."""
        live = self.live(table_id)
        seat = self.seat_of(live, token)
        table = live.table
        legal = table.legal[seat]
        if not legal or table.status != "playing":
            raise TableError("not_your_turn", f"seat {seat} may not act now")
        level = "hard" if table.config.level == "hard" else "normal"
        bot = bot_for(table.family, level)
        seq = table.seq
        action = await self.bots.choose(
            table.family, bot, table.view(seat), legal, table.config.seed ^ 0x5EED, seq
        )
        return Hint(seq=seq, action=action, bot=bot)

    # -- websocket operations ------------------------------------------------------------

    async def attach(self, conn: Connection, table_id: str, hello: HelloMessage) -> None:
        """Seat ``conn`` at its table (a token) or among the spectators (no token)."""
        if hello.version != PROTOCOL_VERSION:
            raise TableError(
                "bad_version", f"protocol version {hello.version} is not served; use 1"
            )
        live = await self.find(table_id)
        seat: int | None = None
        try:
            if hello.token is not None:
                seat = self.seat_of(live, hello.token)
            else:
                self._admit(live, hello.invite)
        except TableError:
            self._maybe_drop(live)
            raise
        async with live.lock:
            if seat is not None:
                old = live.seats.get(seat)
                if old is not None:
                    old.push(
                        ErrorMessage(code="replaced", message="seat taken over").model_dump_json()
                    )
                    old.kick(4000)
                    self._deliver(live, live.table.disconnect(seat, self.clock()), None)
                live.seats[seat] = conn
            else:
                live.spectators.add(conn)
            conn.live, conn.seat = live, seat
            self._deliver(live, live.table.connect(seat, self.clock()), conn)
        live.wake.set()
        table_event("connected", table_id, seat=seat, seq=live.table.seq)

    async def message(
        self, conn: Connection, message: HelloMessage | ActionMessage | SyncMessage | PingMessage
    ) -> None:
        live = conn.live
        assert live is not None
        async with live.lock:
            out = live.table.handle(conn.seat, message, self.clock())
            if out.accepted is not None and not await self._persist(live, out):
                return
            self._deliver(live, out, conn)
        if out.accepted is not None:
            live.wake.set()

    async def detach(self, conn: Connection) -> None:
        live = conn.live
        if live is None:
            return
        conn.live = None
        async with live.lock:
            if conn.seat is not None:
                if live.seats.get(conn.seat) is not conn:
                    return
                del live.seats[conn.seat]
            else:
                live.spectators.discard(conn)
            self._deliver(live, live.table.disconnect(conn.seat, self.clock()), None)
        live.wake.set()
        table_event("disconnected", live.table.id, seat=conn.seat, seq=live.table.seq)
        self._maybe_drop(live)

    def _maybe_drop(self, live: LiveTable) -> None:
        """A finished table leaves memory once nobody is connected to it."""
        over = live.table.status == "over" and not live.connections()
        if over and self.tables.get(live.table.id) is live:
            del self.tables[live.table.id]

    # -- bots ------------------------------------------------------------------------

    async def _bot_loop(self, live: LiveTable) -> None:
        table = live.table
        while table.status != "over":
            live.wake.clear()
            plan = table.bot_plan(self.clock())
            if plan is None:
                await live.wake.wait()
                continue
            wait = plan.due - self.clock()
            if wait > 0:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(live.wake.wait(), wait)
                continue
            view, legal = table.view(plan.seat), table.legal[plan.seat]
            try:
                action = await self.bots.choose(
                    table.family, plan.bot, view, legal, table.config.seed, plan.seq
                )
            except Exception:
                table_event("bot_failed", table.id, logging.ERROR, seq=plan.seq, exc_info=True)
                action = await self.bots.choose(
                    table.family, "random", view, legal, table.config.seed, plan.seq
                )
            async with live.lock:
                out = table.bot_act(plan.seat, plan.seq, action, self.clock())
                if out.accepted is not None and not await self._persist(live, out):
                    return
                self._deliver(live, out, None)
        self._maybe_drop(live)

    # -- persistence and delivery ----------------------------------------------------------

    async def _write(self, fn: Callable[[SAConnection], T]) -> T:
        """Run ``fn`` in the writer's next transaction; return once it has committed.
        A cancelled waiter does not cancel the write."""
        return await asyncio.shield(asyncio.wrap_future(self.writer.submit(fn)))

    async def _persist(self, live: LiveTable, out: Outcome) -> bool:
        """Append the accepted action (and, at the end, the record and results); on a
        store failure the table is dropped and rebuilt from what was committed."""
        table = live.table
        accepted = out.accepted
        assert accepted is not None
        row = ActionRow(accepted.seq, accepted.seat, accepted.action, accepted.by)
        record = table.record() if out.finished else None
        results = results_of(table) if out.finished else []

        def write(conn: SAConnection) -> None:
            Store.append(conn, table.id, row)
            if record is not None:
                Store.finish(conn, table.id, record, results)

        try:
            if record is None:
                await asyncio.shield(self.appends.append(table.id, row))
            else:
                await self._write(write)
        except Exception:
            table_event("store_failed", table.id, logging.ERROR, seq=accepted.seq, exc_info=True)
            await self._reload(live)
            return False
        table_event(
            "action",
            table.id,
            seq=accepted.seq,
            seat=accepted.seat,
            by=accepted.by,
            action=accepted.action,
        )
        if out.finished:
            table_event("game_over", table.id, seq=accepted.seq, scores=list(table.game.scores))
        return True

    async def _reload(self, live: LiveTable) -> None:
        for conn in live.connections():
            conn.push(
                ErrorMessage(
                    code="internal_error", message="the table restarts; reconnect"
                ).model_dump_json()
            )
            conn.kick(1011)
        if self.tables.get(live.table.id) is live:
            del self.tables[live.table.id]
        if live.task is not None and live.task is not asyncio.current_task():
            live.task.cancel()
        with contextlib.suppress(Exception):
            for stored in await asyncio.to_thread(self.store.load_unfinished):
                if stored.table.id == live.table.id:
                    self._restore(stored)

    def _deliver(self, live: LiveTable, out: Outcome, reply: Connection | None) -> None:
        for target, message in out.out:
            text = _text(message)
            if target == "reply":
                if reply is not None:
                    reply.push(text)
            elif target == "spectators":
                for conn in live.spectators:
                    conn.push(text)
            elif target == "all":
                for conn in live.connections():
                    conn.push(text)
            else:
                seat_conn = live.seats.get(target)
                if seat_conn is not None:
                    seat_conn.push(text)


def _text(message: ServerMessage) -> str:
    return message.model_dump_json()


def _kind(text: str) -> SeatKind:
    if text not in ("human", "bot"):
        raise ValueError(f"unknown seat kind {text!r}")
    return "human" if text == "human" else "bot"


def _level(text: str) -> Level:
    if text == "easy":
        return "easy"
    if text == "normal":
        return "normal"
    if text == "hard":
        return "hard"
    raise ValueError(f"unknown level {text!r}")


def _config(row: TableRow, kinds: tuple[SeatKind, ...]) -> TableConfig:
    return TableConfig(
        rules=row.rules,
        options=row.options,
        seed=row.seed,
        level=_level(row.level),
        seats=kinds,
        public=row.public,
        grace=row.grace,
        bot_delay=row.bot_delay,
    )


def results_of(table: Table) -> list[ResultRow]:
    """One result per human seat of a finished game: final score (Rook: the team's),
    whether it won, and (Rook) the contracts it made and went set on as declarer."""
    game = table.game
    out: list[ResultRow] = []
    for seat, s in enumerate(table.seats):
        if s.kind != "human" or s.name is None:
            continue
        made = went_set = 0
        if isinstance(game, HeartsGame):
            score, won = game.totals[seat], game.winner == seat
        else:
            assert isinstance(game, RookGame)
            score, won = game.totals[seat % 2], game.winner == seat % 2
            mine = [r for r in game.results if r.declarer == seat]
            made = sum(1 for r in mine if r.made)
            went_set = len(mine) - made
        out.append(
            ResultRow(seat, s.name, table.family, table.config.rules, score, won, made, went_set)
        )
    return out
