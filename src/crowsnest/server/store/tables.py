"""The tables' repository: a table and its seats created, the owner's fence, the
table's log appended to (its actions and its seat facts: seats claimed, moved, filled
and freed, turn deadlines, time-outs, departures, review choices), and a table read
back with its seats and its log.

The ``seats`` rows are what the queries read of who held each seat (History, the
statistics, the ratings): each change of who holds a seat is written there in the
transaction that appends its fact (:meth:`TablesRepo.append_facts`). A table is
rebuilt from its ``tables`` row, its seats' kinds and its log, never from the rest of
those rows."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from crowsnest.server.store.rows import (
    SeatRow,
    StaleOwner,
    StoredTable,
    TableRow,
    accepted_row,
    fact_row_of,
    seat_row,
    table_row,
    utcnow,
)
from crowsnest.server.store.schema import actions, seat_log, seats, table_owners, tables
from crowsnest.server.table.log import (
    Accepted,
    Claimed,
    Fact,
    Filled,
    Holding,
    Moved,
    SeatFacts,
    fact_row,
    fold,
)


class TablesRepo:
    """Tables, their seats and their action logs (part of
    :class:`~crowsnest.server.store.store.Store`)."""

    engine: Engine

    # -- writes (run with a connection in a transaction) --------------------------------

    @staticmethod
    def create_table(conn: Connection, row: TableRow, seat_rows: Sequence[SeatRow]) -> None:
        conn.execute(
            tables.insert().values(
                id=row.id,
                rules=row.rules,
                options=row.options,
                seed=row.seed,
                level=row.level,
                public=row.public,
                invite_hash=row.invite_hash,
                grace=row.grace,
                bot_delay=row.bot_delay,
                status=row.status,
                created_at=utcnow(),
                secret=row.secret,
                seed_chosen=row.seed_chosen,
                timer=row.timer,
                turn_seconds=row.turn_seconds,
            )
        )
        conn.execute(
            seats.insert(),
            [
                {"table_id": row.id, "seat": s.seat, "kind": s.kind, "name": s.name}
                for s in seat_rows
            ],
        )

    @staticmethod
    def append_facts(
        conn: Connection,
        table_id: str,
        seq: int,
        facts: Sequence[Fact],
        first: int | None = None,
    ) -> None:
        """Append seat facts of ``table_id`` that happened at ``seq``, after those
        stored at that seq already (``first``: the ``n`` of the first, when it is
        known: 0 beside the action of that seq, written in the same transaction)."""
        if not facts:
            return
        if first is None:
            first = conn.execute(
                sa.select(sa.func.coalesce(sa.func.max(seat_log.c.n) + 1, 0)).where(
                    seat_log.c.table_id == table_id, seat_log.c.seq == seq
                )
            ).scalar_one()
        rows = []
        for n, fact in enumerate(facts, first):
            seat, kind, payload = fact_row(fact)
            rows.append(
                dict(table_id=table_id, seq=seq, n=n, seat=seat, kind=kind, payload=payload)
            )
        conn.execute(seat_log.insert(), rows)
        holders = [f for f in facts if isinstance(f, Holding)]
        for fact in holders:
            TablesRepo._hold(conn, table_id, fact)
        if holders:  # the last seat taken starts the game
            empty = sa.exists().where(
                seats.c.table_id == table_id, seats.c.kind == "human", seats.c.token_hash.is_(None)
            )
            conn.execute(
                tables.update()
                .where(tables.c.id == table_id, tables.c.status == "waiting", ~empty)
                .values(status="playing")
            )

    @staticmethod
    def _hold(conn: Connection, table_id: str, fact: Holding) -> None:
        """Who holds the seat, in its ``seats`` row, as ``fact`` changed it."""
        where = sa.and_(seats.c.table_id == table_id, seats.c.seat == fact.seat)
        empty = {"name": None, "token_hash": None, "joined_at": None, "player_id": None}
        if isinstance(fact, Claimed):
            conn.execute(
                seats.update()
                .where(where)
                .values(
                    name=fact.name,
                    token_hash=fact.token_hash,
                    joined_at=utcnow(),
                    player_id=fact.player,
                )
            )
        elif isinstance(fact, Moved):
            old = conn.execute(seats.select().where(where)).one()
            conn.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == fact.to)
                .values(
                    name=old.name,
                    token_hash=old.token_hash,
                    joined_at=old.joined_at,
                    player_id=old.player_id,
                )
            )
            conn.execute(seats.update().where(where).values(**empty))
        elif isinstance(fact, Filled):
            conn.execute(seats.update().where(where).values(kind="bot", name=fact.name))
        else:
            conn.execute(seats.update().where(where).values(**empty))

    @staticmethod
    def last_seq(conn: Connection, table_id: str) -> int:
        """The seq of the table's last action (0: none yet)."""
        found = conn.execute(
            sa.select(sa.func.max(actions.c.seq)).where(actions.c.table_id == table_id)
        ).scalar()
        return int(found or 0)

    @staticmethod
    def expire(conn: Connection, table_id: str) -> None:
        """A table that waited too long for its players: ``expired``, never loaded again."""
        conn.execute(
            tables.update()
            .where(tables.c.id == table_id, tables.c.status == "waiting")
            .values(status="expired", finished_at=utcnow())
        )

    @staticmethod
    def take(conn: Connection, table_id: str, fence: int, node: str) -> bool:
        """Record ``node`` as the owner of the table with the lease numbered ``fence``;
        False if a lease numbered as high or higher is recorded. It waits for the
        appends of the previous owner in flight (they hold the row), and every one
        after it with a lower fence is refused."""
        done = conn.execute(
            table_owners.update()
            .where(table_owners.c.table_id == table_id, table_owners.c.fence < fence)
            .values(fence=fence, node=node, since=utcnow())
        )
        if done.rowcount == 1:
            return True
        held = conn.execute(
            sa.select(table_owners.c.fence).where(table_owners.c.table_id == table_id)
        ).first()
        if held is not None:
            return False
        conn.execute(
            table_owners.insert().values(table_id=table_id, fence=fence, node=node, since=utcnow())
        )
        return True

    @staticmethod
    def fenced(conn: Connection, fences: Mapping[str, int] | None) -> None:
        """``fences``: by table, the writer's lease number, checked (and the owner's
        row held until the commit): :class:`StaleOwner` if it is not the recorded
        owner's."""
        for table_id, fence in (fences or {}).items():
            held = conn.execute(
                table_owners.update()
                .where(table_owners.c.table_id == table_id, table_owners.c.fence == fence)
                .values(fence=fence)
            )
            if held.rowcount != 1:
                raise StaleOwner(table_id, fence)

    @staticmethod
    def append(
        conn: Connection,
        entries: Sequence[tuple[str, Accepted]],
        fences: Mapping[str, int] | None = None,
        facts: Sequence[tuple[str, int, Sequence[Fact]]] = (),
    ) -> None:
        """Append (table id, accepted action) entries to the log, in one ``INSERT``,
        with (table id, seq, seat facts) of those actions (:meth:`fenced` first)."""
        TablesRepo.fenced(conn, fences)
        now = utcnow()
        conn.execute(
            actions.insert(),
            [
                {
                    "table_id": t,
                    "seq": a.seq,
                    "seat": a.seat,
                    "action": a.action,
                    "by": a.by,
                    "at": now,
                }
                for t, a in entries
            ],
        )
        for table_id, seq, facts_of in facts:
            TablesRepo.append_facts(conn, table_id, seq, facts_of, first=0)

    # -- reads -------------------------------------------------------------------------

    def load_unfinished(self) -> list[StoredTable]:
        """Every table waiting or playing (not over, not expired), with its seats and
        its action log in order."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                tables.select()
                .where(tables.c.status.in_(("waiting", "playing")))
                .order_by(tables.c.created_at)
            ).all()
            return [self._load(conn, table_row(r)) for r in rows]

    def load(self, table_id: str) -> StoredTable | None:
        """One table, with its seats and its log."""
        with self.engine.connect() as conn:
            r = conn.execute(tables.select().where(tables.c.id == table_id)).first()
            return None if r is None else self._load(conn, table_row(r))

    @staticmethod
    def _load(conn: Connection, row: TableRow) -> StoredTable:
        seat_rows = conn.execute(
            seats.select().where(seats.c.table_id == row.id).order_by(seats.c.seat)
        ).all()
        action_rows = conn.execute(
            actions.select().where(actions.c.table_id == row.id).order_by(actions.c.seq)
        ).all()
        return StoredTable(
            row,
            [seat_row(s) for s in seat_rows],
            [accepted_row(a) for a in action_rows],
            TablesRepo._facts(conn, row.id),
        )

    @staticmethod
    def _facts(conn: Connection, table_id: str) -> list[tuple[int, Fact]]:
        rows = conn.execute(
            seat_log.select()
            .where(seat_log.c.table_id == table_id)
            .order_by(seat_log.c.seq, seat_log.c.n)
        ).all()
        return [fact_row_of(r) for r in rows]

    def seat_facts(self, table_id: str) -> list[SeatFacts]:
        """What the table's log says of each of its four seats (a deadline on the
        wall clock)."""
        with self.engine.connect() as conn:
            return fold(self._facts(conn, table_id))

    def table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(tables.select().where(tables.c.id == table_id)).first()
            return None if r is None else table_row(r)

    def seat_rows(self, table_id: str) -> list[SeatRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                seats.select().where(seats.c.table_id == table_id).order_by(seats.c.seat)
            ).all()
            return [seat_row(s) for s in rows]

    def actions(self, table_id: str) -> list[Accepted]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                actions.select().where(actions.c.table_id == table_id).order_by(actions.c.seq)
            ).all()
            return [accepted_row(a) for a in rows]
