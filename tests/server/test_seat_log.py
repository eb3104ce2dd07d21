"""The seat facts of a table's log: each kind stored and read back, a stored row that
is not a fact refused with a clear error, a table's facts stored beside its actions
replaying to the seats the live table had, and migration 0013 turning the seat
columns of an older database into facts (and back)."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa

from crowsnest.server.live.tables import LiveTable, Registry
from crowsnest.server.models.client_messages import BackMessage, LeaveMessage
from crowsnest.server.store.rows import SeatRow, TableRow
from crowsnest.server.store.store import Store
from crowsnest.server.table.log import (
    BadFact,
    Deadline,
    Fact,
    Left,
    ReviewChoice,
    SeatFacts,
    Timeouts,
    fact_of,
    fact_row,
    fold,
)
from crowsnest.server.table.parts import Accepted, Outcome, TableConfig
from crowsnest.server.table.table import Table
from server.helpers import alembic

from .helpers import scripted_action
from .test_people_table import legal_of


@pytest.mark.parametrize(
    "fact",
    [
        Deadline(2, 1234.5),
        Deadline(0, None),
        Timeouts(1, 3, True),
        Left(3, 7),
        ReviewChoice(0, False),
    ],
)
def test_each_fact_is_read_back_as_it_was_stored(fact: Fact) -> None:
    seat, kind, payload = fact_row(fact)
    assert fact_of(7, seat, kind, payload) == fact


@pytest.mark.parametrize(
    ("seat", "kind", "payload", "says"),
    [
        (0, "moved", {}, "unknown seat fact kind 'moved'"),
        (4, "left", {}, "seat 4 is not a seat of a table"),
        (-1, "left", {}, "seat -1 is not a seat of a table"),
        (0, "review", ["on"], "payload ['on'] is not an object"),
        (0, "review", {}, "no 'on' in {}"),
        (0, "review", {"on": 1}, "'on' is 1, not a bool"),
        (0, "timeouts", {"count": True, "away": False}, "'count' is True, not a int"),
        (0, "timeouts", {"count": -1, "away": False}, "'count' is -1, below 0"),
        (0, "timeouts", {"count": 1}, "no 'away' in"),
        (0, "deadline", {"at": "soon"}, "'at' is 'soon', not a float"),
        (0, "left", {"seq": 3}, "a 'left' fact has no ['seq']"),
    ],
)
def test_a_row_that_is_not_a_fact_is_refused(
    seat: int, kind: str, payload: object, says: str
) -> None:
    with pytest.raises(BadFact) as refused:
        fact_of(3, seat, kind, payload)
    assert says in str(refused.value)


def test_the_fold_keeps_the_last_of_each_kind_per_seat() -> None:
    facts: list[tuple[int, Fact]] = [
        (1, Deadline(0, 10.0)),
        (1, Timeouts(0, 1, False)),
        (2, Timeouts(0, 2, True)),
        (2, Deadline(0, None)),
        (3, ReviewChoice(1, False)),
        (4, Left(1, 4)),
    ]
    assert fold(facts) == [
        SeatFacts(deadline=None, timeouts=2, away=True),
        SeatFacts(left_seq=4, reviews=False),
        SeatFacts(),
        SeatFacts(),
    ]


# -- stored and replayed ---------------------------------------------------------------


def _played() -> tuple[Table, list[tuple[int, list[Fact]]], list[tuple[int, str]]]:
    """A Rook table with a 30-second timer played until a seat is away after two
    time-outs in a row; its player says back; the other player leaves. Every
    outcome's seq and facts, as the hub stores them, and the actions."""
    cfg = TableConfig(
        "rook/crowsnest", {}, seed=5, seats=("human", "human", "bot", "bot"),
        turn_seconds=30.0, timer="normal", grace=10_000.0, bot_delay=0.0,
    )  # fmt: skip
    table = Table("t1", cfg, now=0.0)
    log: list[tuple[int, list[Fact]]] = []

    def keep(out: Outcome) -> Outcome:
        log.append((table.seq, out.facts))
        return out

    for seat in (0, 1):
        keep(table.claim(seat, f"p{seat}", f"hash{seat}", now=0.0))
        keep(table.connect(seat, now=0.0))
    now = 0.0
    while not any(s.away for s in table.seats):
        (seat,) = table.game.actors
        deadline = table.seats[seat].deadline
        now = max(now, deadline or now)
        action = scripted_action(seat, table.seq, legal_of(table, seat))
        assert keep(table.bot_act(seat, table.seq, action, now)).accepted is not None
    away = next(i for i, s in enumerate(table.seats) if s.away)
    keep(table.handle(away, BackMessage(type="back"), now))
    keep(table.handle(1 - away, LeaveMessage(type="leave"), now))
    return table, log, [(seat, text) for seat, text in table.game.log]


def _table_row(status: str) -> TableRow:
    return TableRow(
        "t1", "rook/crowsnest", {}, 5, "normal", True, None, 10_000.0, 0.0, status,
        timer="normal", turn_seconds=30.0,
    )  # fmt: skip


def test_the_facts_stored_with_the_actions_replay_to_the_live_seats(tmp_path: Path) -> None:
    live, log, actions = _played()
    assert any(isinstance(f, Left) for _, facts in log for f in facts)
    store = Store(f"sqlite:///{tmp_path / 'log.db'}")
    store.migrate()
    seats = [SeatRow(i, s.kind, s.name, s.token_hash) for i, s in enumerate(live.seats)]
    with store.engine.begin() as conn:
        Store.create_table(conn, _table_row(live.status), seats)
        for i in (0, 1):
            Store.claim_seat(conn, "t1", i, f"p{i}", f"hash{i}", live.status)
    with store.engine.begin() as conn:
        Store.append(
            conn, [("t1", Accepted(q, s, text, "bot")) for q, (s, text) in enumerate(actions, 1)]
        )
        for seq, facts in log:
            Store.append_facts(conn, "t1", seq, facts)
    stored = store.load("t1")
    assert stored is not None
    found: list[Any] = []

    async def restore() -> None:
        async def run(_live: LiveTable) -> None:
            return None

        registry = Registry(store, lambda: 0.0, run, lambda at: at.timestamp())
        restored = registry.restore(stored)
        assert restored is not None
        found.extend(restored.table.seats)
        await registry.close()

    asyncio.run(restore())
    store.close()
    keep = ("kind", "name", "token_hash", "timeouts", "away", "left_seq", "deadline")
    assert [[getattr(s, k) for k in keep] for s in found] == [
        [getattr(s, k) for k in keep] for s in live.seats
    ]
    assert any(s.timeouts for s in found) and any(s.left_seq is not None for s in found)


# -- migration 0013 --------------------------------------------------------------------


COLUMNS = ("deadline", "left_seq", "timeouts", "away", "reviews")
TIMER = datetime(2026, 12, 6, 7, 27, 42, 372593, tzinfo=UTC)
OLD_SEATS: list[dict[str, Any]] = [
    # left at seq 2: away and timed out then, which the server did not restore
    {"deadline": None, "left_seq": 2, "timeouts": 2, "away": True, "reviews": True},
    # reviews off, one time-out, a timer running
    {"deadline": TIMER, "left_seq": None, "timeouts": 1, "away": False, "reviews": False},
    # back after two time-outs: not away, the count kept
    {"deadline": None, "left_seq": None, "timeouts": 2, "away": False, "reviews": True},
    {"deadline": None, "left_seq": None, "timeouts": 0, "away": False, "reviews": True},
]


def _when(at: Any) -> float | None:
    """A stored time (SQLite's a string without a zone: UTC) as epoch seconds."""
    if at is None:
        return None
    if isinstance(at, str):
        at = datetime.fromisoformat(at)
    return float((at if at.tzinfo else at.replace(tzinfo=UTC)).timestamp())


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'old.db'}"
    return str(request.getfixturevalue("pg_url"))


def test_migration_0013_turns_the_seat_columns_into_facts_and_back(url: str) -> None:
    store = Store(url)
    alembic(store, "upgrade", "0011")
    day = datetime(2026, 1, 1, tzinfo=UTC)
    with store.engine.begin() as conn:
        conn.execute(
            sa.text(
                "INSERT INTO tables (id, rules, options, seed, level, public, grace,"
                " bot_delay, status, created_at, seed_chosen) VALUES ('t1', 'rook/crowsnest',"
                " '{}', 1, 'normal', :yes, 60, 0.8, 'playing', :day, :no)"
            ),
            {"yes": True, "no": False, "day": day},
        )
        for seq in (1, 2, 3):
            conn.execute(
                sa.text(
                    "INSERT INTO actions (table_id, seq, seat, action, by, at)"
                    " VALUES ('t1', :seq, 0, 'bid pass', 'bot', :day)"
                ),
                {"seq": seq, "day": day},
            )
        for seat, values in enumerate(OLD_SEATS):
            conn.execute(
                sa.text(
                    "INSERT INTO seats (table_id, seat, kind, name, deadline, left_seq,"
                    " timeouts, away, reviews) VALUES ('t1', :seat, 'human', 'Ann',"
                    " :deadline, :left_seq, :timeouts, :away, :reviews)"
                ),
                {"seat": seat, **values},
            )
    store.migrate()
    with store.engine.connect() as conn:
        rows = conn.execute(
            sa.text("SELECT seq, n, seat, kind, payload FROM seat_log ORDER BY seq, n")
        ).all()
        columns = {c["name"] for c in sa.inspect(conn).get_columns("seats")}
    assert [(r.seq, r.n, r.seat, r.kind) for r in rows] == [
        (2, 0, 0, "left"),
        (3, 0, 1, "timeouts"),
        (3, 1, 1, "deadline"),
        (3, 2, 1, "review"),
        (3, 3, 2, "timeouts"),
    ]
    assert not columns & set(COLUMNS)
    assert store.seat_facts("t1") == [
        SeatFacts(left_seq=2),
        SeatFacts(deadline=TIMER.timestamp(), timeouts=1, reviews=False),
        SeatFacts(timeouts=2),
        SeatFacts(),
    ]

    alembic(store, "downgrade", "0011")
    with store.engine.connect() as conn:
        back = conn.execute(sa.text(f"SELECT {', '.join(COLUMNS)} FROM seats ORDER BY seat")).all()
        tables = sa.inspect(conn).get_table_names()
    assert "seat_log" not in tables
    # What the server restored comes back (a departed seat's time-outs it did not).
    assert [(_when(r[0]), r[1], r[2], bool(r[3]), bool(r[4])) for r in back] == [
        (None, 2, 0, False, True),
        (TIMER.timestamp(), None, 1, False, False),
        (None, None, 2, False, True),
        (None, None, 0, False, True),
    ]
    store.close()
