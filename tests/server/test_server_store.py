"""The store against SQLite and against a real PostgreSQL server."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from pathlib import Path
from typing import TypeVar

import pytest
import sqlalchemy as sa
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy.engine import Connection

from crowsnest.server.store.journal import Journal
from crowsnest.server.store.rows import ResultRow, SeatRow, TableRow
from crowsnest.server.store.schema import metadata, seats
from crowsnest.server.store.store import Store
from crowsnest.server.store.writer import Writer
from crowsnest.server.table.log import Accepted, Claimed, Fact, Filled, Freed, Moved

T = TypeVar("T")


@pytest.fixture(params=["sqlite", "postgresql"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'data' / 'crowsnest.db'}"
    else:
        url = request.getfixturevalue("pg_url")
    store = Store(url)
    store.migrate()
    try:
        yield store
    finally:
        store.close()


def table_row(table_id: str = "t1", status: str = "waiting", public: bool = True) -> TableRow:
    return TableRow(
        id=table_id,
        rules="rook/crowsnest",
        options={"target": 500},
        seed=2**63 - 1,
        level="normal",
        public=public,
        invite_hash=None,
        grace=60.0,
        bot_delay=0.5,
        status=status,
    )


SEATS = [SeatRow(0, "human", None, None)] + [SeatRow(i, "bot", "normal", None) for i in (1, 2, 3)]


def test_migrations_match_the_schema_and_run_twice(store: Store) -> None:
    store.migrate()
    with store.engine.connect() as conn:
        assert compare_metadata(MigrationContext.configure(conn), metadata) == []
        assert conn.execute(sa.text("SELECT version_num FROM alembic_version")).scalar() == "0014"


def test_sqlite_runs_in_wal_mode(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'new' / 'x.db'}")
    try:
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    finally:
        store.close()


def test_tables_seats_and_the_action_log(store: Store) -> None:
    with store.begin() as conn:
        Store.create_table(conn, table_row(), SEATS)
    with store.begin() as conn:
        Store.append_facts(conn, "t1", 0, [Claimed(0, "Ann", "a" * 64)])
    with store.begin() as conn:
        for seq in (1, 2, 3):
            Store.append(conn, [("t1", Accepted(seq, seq % 4, f"bid {60 + 5 * seq}", "human"))])
    (loaded,) = store.load_unfinished()
    assert loaded.table == table_row(status="playing")
    assert loaded.seats[0] == SeatRow(0, "human", "Ann", "a" * 64)
    assert [a.seq for a in loaded.actions] == [1, 2, 3]
    assert loaded.actions[1] == Accepted(2, 2, "bid 70", "human")
    assert store.load("t1") == loaded and store.load("nope") is None
    assert store.table("t1") == loaded.table and store.actions("t1") == loaded.actions


def test_the_seats_rows_follow_the_facts_of_who_holds_each_seat(store: Store) -> None:
    four = [SeatRow(i, "human", None, None) for i in range(4)]
    with store.begin() as conn:
        Store.create_table(conn, table_row(), four)
    facts: list[Fact] = [
        Claimed(0, "Ann", "a" * 64, "p-ann"),
        Claimed(1, "Bo", "b" * 64),
        Moved(0, 2),  # Ann's player moves with her
        Freed(1),
    ]
    with store.begin() as conn:
        Store.append_facts(conn, "t1", 0, facts)
    rows = store.seat_rows("t1")
    assert [(r.kind, r.name, r.token_hash) for r in rows] == [
        ("human", None, None),
        ("human", None, None),
        ("human", "Ann", "a" * 64),
        ("human", None, None),
    ]
    assert store.table("t1").status == "waiting"  # type: ignore[union-attr]
    with store.begin() as conn:
        Store.append_facts(conn, "t1", 0, [Filled(0, "Robin"), Filled(1, "Kim"), Filled(3, "Lee")])
    rows = store.seat_rows("t1")
    assert [(r.kind, r.name) for r in rows] == [
        ("bot", "Robin"), ("bot", "Kim"), ("human", "Ann"), ("bot", "Lee"),
    ]  # fmt: skip
    assert store.table("t1").status == "playing"  # type: ignore[union-attr]
    with store.engine.connect() as conn:
        players = conn.execute(
            sa.select(seats.c.seat, seats.c.player_id).where(seats.c.player_id.is_not(None))
        ).all()
    assert [tuple(p) for p in players] == [(2, "p-ann")]
    filled = [Filled(0, "Robin"), Filled(1, "Kim"), Filled(3, "Lee")]
    assert [f for _, f in store.load("t1").facts] == [*facts, *filled]  # type: ignore[union-attr]


def test_the_log_is_keyed_by_table_and_seq(store: Store) -> None:
    with store.begin() as conn:
        Store.create_table(conn, table_row(), SEATS)
        Store.append(conn, [("t1", Accepted(1, 0, "bid 70", "human"))])
    with pytest.raises(sa.exc.IntegrityError), store.begin() as conn:
        Store.append(conn, [("t1", Accepted(1, 1, "bid 75", "bot"))])
    assert [a.action for a in store.actions("t1")] == ["bid 70"]


def test_finished_games_keep_record_and_feed_stats(store: Store) -> None:
    record = {"format": "crowsnest-record", "actions": [[0, "bid 70"]], "seed": 2**63 - 1}
    with store.begin() as conn:
        for table_id, won, score in (("t1", True, 320), ("t2", False, 150)):
            Store.create_table(conn, table_row(table_id), SEATS)
            Store.finish(
                conn,
                table_id,
                record,
                [ResultRow(0, "Ann", "rook", "rook/crowsnest", score, won, 2, 1)],
            )
        Store.create_table(conn, table_row("t3"), SEATS)
        Store.finish(conn, "t3", record, [ResultRow(0, "Ann", "hearts", "hearts", 40, True, 0, 0)])
    assert store.record("t1") == record and store.record("t9") is None
    assert store.load_unfinished() == []
    stats = store.stats("Ann")
    assert (stats.games, stats.wins, stats.contracts_made, stats.contracts_set) == (3, 2, 4, 2)
    assert stats.average_score == pytest.approx((320 + 150 + 40) / 3, abs=0.01)
    assert stats.by_game["rook"].average_score == 235 and stats.by_game["hearts"].games == 1
    assert store.stats("Bo").games == 0


def test_writer_commits_batches_and_fails_writes_alone(store: Store) -> None:
    with store.begin() as conn:
        Store.create_table(conn, table_row(), SEATS)
    writer = Writer(store)

    def append(seq: int) -> Callable[[Connection], None]:
        return lambda conn: Store.append(conn, [("t1", Accepted(seq, 0, "bid 70", "bot"))])

    try:
        futures = [writer.submit(append(seq)) for seq in range(1, 101)]
        duplicate = writer.submit(append(5))
        for future in futures:
            assert future.result(timeout=30) is None
        with pytest.raises(sa.exc.IntegrityError):
            duplicate.result(timeout=30)
        assert writer.submit(lambda conn: 42).result(timeout=30) == 42
    finally:
        writer.close()
    assert [a.seq for a in store.actions("t1")] == list(range(1, 101))


class CountingWriter(Writer):
    """A writer that counts the writes submitted to it."""

    submitted = 0

    def submit(self, fn: Callable[[Connection], T]) -> Future[T]:
        self.submitted += 1
        return super().submit(fn)


def test_appends_of_one_loop_turn_are_one_write_and_fail_alone(store: Store) -> None:
    with store.begin() as conn:
        Store.create_table(conn, table_row(), SEATS)
    writer = CountingWriter(store)
    journal = Journal(writer)

    async def turn(seqs: tuple[int, ...]) -> list[object]:
        appends = [journal.append("t1", Accepted(seq, 1, "bid 75", "bot")) for seq in seqs]
        return await asyncio.gather(*appends, return_exceptions=True)

    try:
        assert asyncio.run(turn((1, 2, 3))) == [None, None, None]
        assert writer.submitted == 1
        done = asyncio.run(turn((4, 2, 5)))  # 2 is in the log already
        assert done[0] is None and done[2] is None
        assert isinstance(done[1], sa.exc.IntegrityError)
        assert writer.submitted == 1 + 1 + 3  # the batch, then each of its appends alone
    finally:
        writer.close()
    assert [a.seq for a in store.actions("t1")] == [1, 2, 3, 4, 5]
