"""The registry: which tables are live in this process, and rebuilding them from the
store.

A live table is a :class:`~crowsnest.server.table.table.Table` with what the asyncio side
needs around it: a lock (its inputs are applied one at a time, in order), an event
that wakes its bot task, the task itself and its :class:`Audience`. On start every
unfinished table is rebuilt by replaying its log (its actions and its seat facts); a
finished one is rebuilt on demand (to show its end) and leaves memory when nobody is
connected to it.

This is the one place that decides that a table is served here: with more than one
process, taking a table (:meth:`Registry.add`, :meth:`Registry.restore`) is where a
lease on it is taken, and :meth:`Registry.remove` where it is given up.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from crowsnest.server.live.delivery import Audience
from crowsnest.server.models.common import Level, SeatKind
from crowsnest.server.models.server_messages import TableInfo
from crowsnest.server.ops.logs import table_event
from crowsnest.server.people.presets import TIMERS, Timer
from crowsnest.server.store.rows import StoredTable, TableRow
from crowsnest.server.store.store import Store
from crowsnest.server.table.log import Deadline, Fact, timed
from crowsnest.server.table.parts import TableConfig, TableError
from crowsnest.server.table.table import Table

MAX_TABLE_ID = 40
"""Longest table id the store holds (longer ones are not looked up)."""
RELOAD_FIRST = 0.5
"""Seconds before a table is restored after its first failed write in a row."""
RELOAD_MAX = 30.0
"""The longest wait before a table is restored (the delay doubles up to it)."""


async def stop_all(tasks: Sequence[asyncio.Task[Any]], every: float = 0.5) -> None:
    """Cancel ``tasks`` and wait until each has ended, cancelling again those still
    running every ``every`` seconds: on Python 3.11 a cancel can be lost (an
    ``asyncio.wait_for`` whose awaitable finishes as the cancel arrives returns its
    result instead), and a loop that lost it would keep a server's shutdown waiting
    for ever, its Redis connections open."""
    pending = {task for task in tasks if not task.done()}
    while pending:
        for task in pending:
            task.cancel()
        _, pending = await asyncio.wait(pending, timeout=every)
    for task in tasks:
        if not task.cancelled():
            task.exception()  # retrieved: an error of a task stopped here is not news


@dataclass(eq=False)
class LiveTable:
    table: Table
    invite_hash: str | None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    audience: Audience = field(default_factory=Audience)
    task: asyncio.Task[None] | None = None


Runner = Callable[[LiveTable], Coroutine[Any, Any, None]]
"""What runs beside each live table for as long as it is live (its bots)."""
RegistryFactory = Callable[
    ["Store", Callable[[], float], Runner, "Callable[[datetime], float] | None"], "Registry"
]
"""What the hub builds its registry with (several nodes: a lease-aware one)."""


class Registry:
    """The live tables of this process, by id. ``run`` is started as a task for
    each table taken."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], float],
        run: Runner,
        from_wall: Callable[[datetime], float] | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.run = run
        self.from_wall = from_wall
        """A stored (wall clock) time as table time: the turn deadlines kept."""
        self.tables: dict[str, LiveTable] = {}
        self.failures: dict[str, int] = {}
        """Failed writes in a row, by table."""
        self.reloading: dict[str, float] = {}
        """Tables being restored after a failed write: when they will be back."""
        self._reloads: set[asyncio.Task[None]] = set()

    async def start(self) -> None:
        """Rebuild every unfinished table from the store."""
        for stored in await asyncio.to_thread(self.store.load_unfinished):
            self.restore(stored)

    async def close(self) -> None:
        tasks = [live.task for live in self.tables.values() if live.task is not None]
        tasks += list(self._reloads)
        await stop_all(tasks)

    # -- ownership (one process: every table is ours; several nodes: a lease each) ----

    async def take(self, live: LiveTable) -> None:
        """Serve a table just created here."""
        self.add(live)

    async def claim(self, table_id: str) -> None:
        """Make sure a table asked for is served here, if it can be (several nodes:
        take its lease; raise ``table_unavailable`` while another node holds it)."""

    def fence_of(self, table_id: str) -> int | None:
        """The lease number the table's appends carry (None: no lease to check)."""
        return None

    def add(self, live: LiveTable) -> None:
        self.tables[live.table.id] = live
        live.task = asyncio.get_running_loop().create_task(self.run(live))

    def restore(self, stored: StoredTable) -> LiveTable | None:
        """Rebuild a table from its row, its seats' kinds and its log (``None``,
        logged, if they do not replay): who holds each seat is the log's."""
        row = stored.table
        try:
            if [a.seq for a in stored.actions] != list(range(1, len(stored.actions) + 1)):
                raise ValueError("the action log has a gap")
            if [s.seat for s in stored.seats] != [0, 1, 2, 3]:
                raise ValueError("a table has four seats")
            config = _config(row, tuple(_kind(s.kind) for s in stored.seats))
            table = Table(
                row.id,
                config,
                now=self.clock(),
                actions=[(a.seat, a.action) for a in stored.actions],
                facts=self._facts(stored),
            )
        except Exception:
            table_event("recover_failed", row.id, logging.ERROR, exc_info=True)
            return None
        live = LiveTable(table, row.invite_hash)
        self.add(live)
        table_event("recovered", row.id, seq=table.seq, status=table.status)
        return live

    def _facts(self, stored: StoredTable) -> list[tuple[int, Fact]]:
        """The stored seat facts in table time (the turn deadlines kept: a restart does
        not restart a timer; none where no wall clock is known)."""
        from_wall = self.from_wall
        if from_wall is None:
            return [(seq, f) for seq, f in stored.facts if not isinstance(f, Deadline)]
        back = lambda at: from_wall(datetime.fromtimestamp(at, UTC))  # noqa: E731
        return [(seq, timed(f, back)) for seq, f in stored.facts]

    def reload(self, live: LiveTable) -> float:
        """Forget ``live`` after a failed write and rebuild its table from what the
        store has committed (when it is not over), after a delay that doubles with
        each failure in a row (:data:`RELOAD_FIRST` to :data:`RELOAD_MAX` seconds);
        until then the table answers ``table_unavailable``. Returns the delay."""
        table_id = live.table.id
        self.remove(live)
        if live.task is not None and live.task is not asyncio.current_task():
            live.task.cancel()
        failures = self.failures[table_id] = self.failures.get(table_id, 0) + 1
        delay: float = min(RELOAD_MAX, RELOAD_FIRST * 2.0 ** (failures - 1))
        self.reloading[table_id] = self.clock() + delay
        loop = asyncio.get_running_loop()
        task = loop.create_task(self._reload_later(table_id, delay))
        self._reloads.add(task)
        task.add_done_callback(self._reloads.discard)
        return delay

    async def _reload_later(self, table_id: str, delay: float) -> None:
        try:
            await asyncio.sleep(delay)
            with contextlib.suppress(Exception):
                stored = await asyncio.to_thread(self.store.load, table_id)
                if stored is not None and stored.table.status != "over":
                    self.restore(stored)
        finally:
            self.reloading.pop(table_id, None)

    def committed(self, table_id: str) -> None:
        """A write of the table succeeded: its next failure waits the shortest delay."""
        if self.failures:
            self.failures.pop(table_id, None)

    def _unavailable(self, table_id: str) -> None:
        due = self.reloading.get(table_id)
        if due is not None:
            raise TableError(
                "table_unavailable",
                "the table is being restored after a failed write; try again",
                max(0.0, due - self.clock()),
            )

    def remove(self, live: LiveTable) -> None:
        if self.tables.get(live.table.id) is live:
            del self.tables[live.table.id]

    def drop_if_done(self, live: LiveTable) -> None:
        """A finished table leaves memory once nobody is connected to it."""
        if live.table.status == "over" and not live.audience.connections():
            self.remove(live)

    # -- lookups -----------------------------------------------------------------------

    def get(self, table_id: str) -> LiveTable:
        """An open table (``table_not_found`` if there is none)."""
        live = self.tables.get(table_id)
        if live is None:
            self._unavailable(table_id)
            raise TableError("table_not_found", "no open table has this id")
        return live

    async def find(self, table_id: str) -> LiveTable:
        """A live table, or a finished one rebuilt from the store (to show its end)."""
        live = self.tables.get(table_id)
        if live is not None:
            return live
        self._unavailable(table_id)
        stored = None
        if len(table_id) <= MAX_TABLE_ID:
            stored = await asyncio.to_thread(self.store.load, table_id)
        if stored is None or stored.table.status != "over":
            raise TableError("table_not_found", "no table has this id")
        live = self.tables.get(table_id) or self.restore(stored)
        if live is None:
            raise TableError("table_not_found", "no table has this id")
        return live

    def public_tables(self, limit: int, offset: int) -> tuple[int, list[TableInfo]]:
        """How many public tables of people wait for players or may be watched, and
        ``limit`` of them from ``offset``, newest first
        (:meth:`~crowsnest.server.table.Table.in_the_lobby`): one person's game with
        bots is not listed, nor a game its players left or closed."""
        public = [
            live
            for live in reversed(self.tables.values())
            if live.table.config.public and live.table.in_the_lobby()
        ]
        return len(public), [live.table.info() for live in public[offset : offset + limit]]

    def connection_count(self) -> int:
        return sum(len(live.audience.connections()) for live in self.tables.values())


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
        secret=row.secret,
        seed_chosen=row.seed_chosen,
        timer=_timer(row.timer),
        turn_seconds=row.turn_seconds,
    )


def _timer(text: str) -> Timer:
    for timer in TIMERS:
        if timer == text:
            return timer
    raise ValueError(f"unknown timer {text!r}")
