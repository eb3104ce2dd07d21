"""Persistence from the event loop: every write goes to the :class:`Writer` thread,
and an accepted action is committed before any message about it is sent.

The one path of an action: :meth:`Journal.commit` hands it, with the seat facts of
its outcome, to :meth:`Journal.append`, which gathers the appends of one event-loop
turn into one :meth:`~crowsnest.server.store.store.Store.append` (one ``INSERT`` of
actions, one write for the writer, one wake-up of the loop when it has committed).
Should that batch fail, each of its appends is retried alone, so one bad append fails
alone. The action that ends a game is written with the game's record and results, in
one transaction. An outcome without an action has its seat facts (a seat claimed or
given up, a turn deadline, ...) written by :meth:`Journal.note`, at the table's seq.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from datetime import datetime
from typing import TypeVar

from sqlalchemy.engine import Connection as SAConnection

from crowsnest.server.ops.logs import table_event
from crowsnest.server.people.ratings import UNRATED, Entrant, bot_rating
from crowsnest.server.store.rating import rate_finished
from crowsnest.server.store.rows import ResultRow
from crowsnest.server.store.store import Store
from crowsnest.server.store.writer import Writer
from crowsnest.server.table.log import Accepted, Deadline, Fact, timed
from crowsnest.server.table.parts import Outcome
from crowsnest.server.table.table import Table

T = TypeVar("T")

FAILURE_LOG_EVERY = 60.0
"""Seconds between two ``store_failed`` lines of one table."""

_Pending = tuple[str, Accepted, list[Fact], int | None, asyncio.Future[None]]
"""A table's action waiting for the batch: its seat facts (as stored) and its
lease's fence."""


def unfenced(_table_id: str) -> int | None:
    """One process: no lease, no fence."""
    return None


class Journal:
    """The event loop's side of the store's writer."""

    def __init__(
        self,
        writer: Writer,
        wall: Callable[[float], datetime] | None = None,
        fence_of: Callable[[str], int | None] = unfenced,
    ) -> None:
        self.writer = writer
        self.wall = wall
        """Table time to the wall clock's (UTC), for the turn deadlines stored."""
        self.fence_of = fence_of
        """The lease number each append of a table carries (several nodes)."""
        self._pending: list[_Pending] = []
        self._failures: dict[str, tuple[float, int]] = {}
        """By table: when its last failure was logged, and how many since were not."""

    async def write(self, fn: Callable[[SAConnection], T]) -> T:
        """Run ``fn`` in the writer's next transaction; return once it has committed.
        A cancelled waiter does not cancel the write."""
        return await asyncio.shield(asyncio.wrap_future(self.writer.submit(fn)))

    async def commit(self, table: Table, out: Outcome) -> bool:
        """Persist the action ``out`` accepted (and, when it ends the game, the record
        and the results) and log it; False, logged, if the store failed."""
        accepted = out.accepted
        assert accepted is not None
        record = table.record() if out.finished else None
        results = results_of(table) if out.finished else []
        scores = list(table.game.scores) if out.finished else []
        entrants = entrants_of(table) if out.finished else []
        facts = self.stored(out.facts)
        fence = self.fence_of(table.id)

        hands = len(table.game.results)

        def finish(conn: SAConnection) -> None:
            assert record is not None
            fences = _fences([(table.id, fence)])
            Store.append(conn, [(table.id, accepted)], fences, [(table.id, accepted.seq, facts)])
            Store.finish(conn, table.id, record, results, scores)
            rate_finished(conn, table.id, table.family, entrants, hands)

        try:
            if record is None:
                await asyncio.shield(self.append(table.id, accepted, facts))
            else:
                await self.write(finish)
        except Exception:
            self._failed(table.id, accepted.seq)
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

    def _failed(self, table_id: str, seq: int) -> None:
        """Log a failed write with its traceback, once per table per minute (with how
        many failed since the last line)."""
        now = time.monotonic()
        last, missed = self._failures.get(table_id, (-FAILURE_LOG_EVERY, 0))
        if now - last < FAILURE_LOG_EVERY:
            self._failures[table_id] = (last, missed + 1)
            return
        if len(self._failures) > 10_000:
            self._failures.clear()
        self._failures[table_id] = (now, 0)
        table_event(
            "store_failed", table_id, logging.ERROR, seq=seq, not_logged=missed, exc_info=True
        )

    def stored(self, facts: Sequence[Fact]) -> list[Fact]:
        """An outcome's seat facts as the store keeps them: a turn deadline on the
        wall clock (seconds since the epoch; none kept without a ``wall``)."""
        wall = self.wall
        if wall is None:
            return [f for f in facts if not isinstance(f, Deadline)]
        return [timed(f, lambda at: wall(at).timestamp()) for f in facts]

    async def note(
        self,
        table: Table,
        out: Outcome,
        also: Callable[[SAConnection], None] | None = None,
    ) -> bool:
        """Store what an outcome without an action changed: its seat facts, at the
        table's seq (after those stored there), checked against the table's lease,
        with ``also`` (a joining player's name), in one transaction. False, logged,
        if the store failed."""
        facts = self.stored(out.facts)
        if not facts and also is None:
            return True
        table_id, seq, fences = table.id, table.seq, _fences([(table.id, self.fence_of(table.id))])

        def write(conn: SAConnection) -> None:
            Store.fenced(conn, fences)
            Store.append_facts(conn, table_id, seq, facts)
            if also is not None:
                also(conn)

        try:
            await self.write(write)
        except Exception:
            self._failed(table_id, seq)
            return False
        return True

    def append(
        self, table_id: str, accepted: Accepted, facts: list[Fact] | None = None
    ) -> asyncio.Future[None]:
        """Append one action to the log (and the seat facts of its outcome, as
        stored) with the others of this loop turn; the future is done once it has
        committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        if not self._pending:
            loop.call_soon(self._flush)
        self._pending.append((table_id, accepted, facts or [], self.fence_of(table_id), future))
        return future

    def _flush(self) -> None:
        batch, self._pending = self._pending, []
        self._submit(batch)

    def _submit(self, batch: list[_Pending]) -> None:
        loop = asyncio.get_running_loop()
        entries = [(table_id, accepted) for table_id, accepted, *_ in batch]
        facts = [(table_id, accepted.seq, fs) for table_id, accepted, fs, *_ in batch if fs]
        fences = _fences([(table_id, fence) for table_id, _, _, fence, _ in batch])

        def write(conn: SAConnection) -> None:
            Store.append(conn, entries, fences, facts)

        done = self.writer.submit(write)
        done.add_done_callback(lambda f: loop.call_soon_threadsafe(self._settle, batch, f))

    def _settle(self, batch: list[_Pending], done: Future[None]) -> None:
        error = done.exception()
        if error is not None and len(batch) > 1:
            for one in batch:
                self._submit([one])
            return
        for _, _, _, _, future in batch:
            if future.done():
                continue
            if error is None:
                future.set_result(None)
            else:
                future.set_exception(error)


def _fences(pairs: list[tuple[str, int | None]]) -> dict[str, int]:
    return {table_id: fence for table_id, fence in pairs if fence is not None}


def results_of(table: Table) -> list[ResultRow]:
    """One result per human seat of a finished game, from the engine's standings:
    final score (Rook: the team's), whether it won, (Rook) the contracts it made
    and went set on as declarer, and from the engine's hand results: the hands
    played, the points scored in them and (Hearts) the moons shot and suffered."""
    game = table.game
    rows = []
    for st, seat in zip(game.standings(), table.seats, strict=True):
        if seat.kind != "human" or seat.name is None:
            continue
        rows.append(
            ResultRow(
                st.seat,
                seat.name,
                table.family,
                table.config.rules,
                st.score,
                st.won,
                st.made,
                st.went_set,
                hands=st.hands,
                hand_points=st.hand_points,
                moons_shot=st.moons_shot,
                moons_suffered=st.moons_suffered,
            )
        )
    return rows


def entrants_of(table: Table) -> list[Entrant]:
    """Every seat of a finished game as the ratings see it: its team and place (the
    engine's standings) and, for a bot's seat, the fixed rating of the table's
    level. A human seat's rating is the store's (see
    :func:`~crowsnest.server.store.rating.rate_finished`)."""
    level = table.config.level
    return [
        Entrant(
            st.team,
            st.place,
            bot_rating(table.family, level) if seat.kind == "bot" else UNRATED,
        )
        for st, seat in zip(table.game.standings(), table.seats, strict=True)
    ]
