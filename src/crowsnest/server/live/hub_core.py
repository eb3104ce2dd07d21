"""The hub's own life and its one path to the store: what it holds (the registry,
the journal, the bot driver, the reviewer, the limits), its start and close, the
waiting tables expired, and :meth:`HubCore.commit`, through which every outcome is
stored and then delivered."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Callable
from datetime import UTC, datetime

from starlette.status import WS_1001_GOING_AWAY, WS_1011_INTERNAL_ERROR

from crowsnest.server.live.bot_driver import BotDriver
from crowsnest.server.live.delivery import Connection
from crowsnest.server.live.finished import Finished
from crowsnest.server.live.review import Reviewer
from crowsnest.server.live.tables import LiveTable, Registry, RegistryFactory, stop_all
from crowsnest.server.models.server_messages import ErrorMessage
from crowsnest.server.ops.limits import KeyedLimit, retry_seconds
from crowsnest.server.ops.logs import table_event
from crowsnest.server.ops.settings import Settings
from crowsnest.server.store.journal import Journal
from crowsnest.server.store.store import Store
from crowsnest.server.store.writer import Writer
from crowsnest.server.table.bots import BotRunner
from crowsnest.server.table.parts import Outcome


class HubCore:
    """What every operation of the :class:`~crowsnest.server.live.hub.Hub` uses."""

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
        """Persist the action ``out`` accepted, if any, and its seat facts, then
        deliver its messages (``reply``: the connection whose input it answers). On
        a store failure the table's connections are closed and the table is rebuilt
        from what was committed: False."""
        if out.accepted is None:
            stored = await self.journal.note(live.table, out)
        else:
            stored = await self.journal.commit(live.table, out)
        if not stored:
            self.unstored(live)
            return False
        if out.accepted is not None:
            self.registry.committed(live.table.id)
        live.audience.deliver(out, reply)
        self.reviewer.seen(live, out)
        return True

    def unstored(self, live: LiveTable) -> float:
        """An input's events could not be stored: the table is rebuilt from what was
        committed (after a delay: the seconds returned) and its connections are
        closed, told to come back."""
        delay = self.registry.reload(live)
        error = ErrorMessage(
            code="table_unavailable",
            message="the table restarts after a failed write; reconnect",
            args={"retry_after": retry_seconds(delay)},
        )
        live.audience.close_all(WS_1011_INTERNAL_ERROR, error)
        return delay
