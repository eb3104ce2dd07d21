"""The seat facts of a table's log: each kind stored and read back, a stored row that
is not a fact refused with a clear error naming the field, a table's facts stored
beside its actions replaying to the seats the live table had (who holds each seat
too), migration 0013 turning the seat columns of an older database into facts (and
back), and migration 0014 logging the claims of an older database's seats (and back)."""

from __future__ import annotations

import asyncio
import json
import shutil
from collections.abc import Callable
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
    Accepted,
    BadFact,
    Claimed,
    Deadline,
    Fact,
    Filled,
    Freed,
    Left,
    Moved,
    ReviewChoice,
    SeatFacts,
    Timeouts,
    fact_of,
    fact_row,
    fold,
)
from crowsnest.server.table.parts import Outcome, TableConfig
from crowsnest.server.table.table import Table
from server.helpers import alembic, old_table

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
        Claimed(1, "Ann", "a" * 64, "p1"),
        Claimed(2, "Bo", "b" * 64),
        Moved(1, 3),
        Filled(2, "Robin"),
        Freed(0),
    ],
)
def test_each_fact_is_read_back_as_it_was_stored(fact: Fact) -> None:
    seat, kind, payload = fact_row(fact)
    assert fact_of(7, seat, kind, payload) == fact


@pytest.mark.parametrize(
    ("seat", "kind", "payload", "says"),
    [
        (0, "moving", {}, "unknown seat fact kind 'moving'"),
        (4, "left", {}, "a 'left' fact's 'seat' is 4: Input should be less than or equal to 3"),
        (-1, "left", {}, "'seat' is -1: Input should be greater than or equal to 0"),
        (0, "review", ["on"], "payload ['on'] is not an object"),
        (0, "review", {}, "a 'review' fact has no 'on'"),
        (0, "review", {"on": 1}, "'on' is 1: Input should be a valid boolean"),
        (
            0,
            "timeouts",
            {"count": True, "away": False},
            "'count' is True: Input should be a valid int",
        ),
        (0, "timeouts", {"count": -1, "away": False}, "'count' is -1: Input should be greater"),
        (0, "timeouts", {"count": 1}, "a 'timeouts' fact has no 'away'"),
        (0, "deadline", {"at": "soon"}, "'at' is 'soon': Input should be a valid number"),
        (0, "left", {"seq": 3}, "a 'left' fact has no ['seq']"),
        (0, "claim", {"name": "Ann"}, "a 'claim' fact has no 'token_hash'"),
        (0, "claim", {"name": "", "token_hash": "h"}, "'name' is '': String should have at least"),
        (0, "move", {"to": 4}, "a 'move' fact's 'to' is 4"),
        (0, "fill", {"name": 7}, "'name' is 7: Input should be a valid string"),
        (0, "free", {"seat": 1}, "a 'free' fact has no ['seat']"),
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
    seats = [SeatRow(i, s.kind, None, None) for i, s in enumerate(live.seats)]
    with store.engine.begin() as conn:
        Store.create_table(conn, _table_row("waiting"), seats)
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
    assert [(r.name, r.token_hash) for r in store.seat_rows("t1")][:2] == [
        ("p0", "hash0"),
        ("p1", "hash1"),
    ]
    assert store.table("t1").status == "playing"  # type: ignore[union-attr]


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
        old_table(conn, "t1", "rook/crowsnest", "playing", created=day)
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


# -- migration 0014 --------------------------------------------------------------------


def _log_rows(store: Store) -> list[tuple[Any, ...]]:
    with store.engine.connect() as conn:
        rows = conn.execute(
            sa.text("SELECT table_id, seq, n, seat, kind, payload FROM seat_log ORDER BY 1, 2, 3")
        ).all()
    return [(*r[:5], r[5] if isinstance(r[5], dict) else json.loads(r[5])) for r in rows]


def test_migration_0014_logs_each_claimed_seat_first_and_back(tmp_path: Path) -> None:
    """A database of the server before the claims were logged (``seat_claims/``): each
    seat with a token becomes a ``claim`` fact at seq 0, before the facts stored there;
    the downgrade leaves the log as it was."""
    shutil.copy(Path(__file__).parent / "seat_claims" / "old.db", tmp_path / "old.db")
    store = Store(f"sqlite:///{tmp_path / 'old.db'}")
    try:
        before = _log_rows(store)
        with store.engine.connect() as conn:
            claimed = conn.execute(
                sa.text(
                    "SELECT table_id, seat, name, token_hash, player_id FROM seats"
                    " WHERE token_hash IS NOT NULL ORDER BY 1, 2"
                )
            ).all()
        assert claimed and any(r.player_id is not None for r in claimed)
        store.migrate()
        after = _log_rows(store)
        claims = [r for r in after if r[4] == "claim"]
        assert [(t, s, p["name"], p["token_hash"], p["player"]) for t, _, _, s, _, p in claims] == [
            tuple(r) for r in claimed
        ]
        for table_id in {r.table_id for r in claimed}:
            at_zero = [r for r in after if r[0] == table_id and r[1] == 0]
            kinds = [r[4] for r in at_zero]
            first = kinds.count("claim")
            assert kinds[:first] == ["claim"] * first and "claim" not in kinds[first:]
            assert [r[2] for r in at_zero] == list(range(len(at_zero)))

        def same(rows: list[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
            return sorted((r[0], r[1], r[3], r[4], json.dumps(r[5])) for r in rows)

        assert same([r for r in after if r[4] != "claim"]) == same(before)
        alembic(store, "downgrade", "0013")
        assert [(r[0], r[1], r[3], r[4], r[5]) for r in _log_rows(store)] == [
            (r[0], r[1], r[3], r[4], r[5]) for r in before
        ]
    finally:
        store.close()


def test_a_filled_and_a_moved_seat_replay_from_the_log() -> None:
    """Who holds each seat is rebuilt from the log alone: two players claim, one moves,
    one gives the seat up, a third claims, and the free seat is filled by the bot."""
    cfg = TableConfig("hearts", {}, seed=3, seats=("human", "human", "human", "bot"))
    live = Table("t1", cfg, now=0.0)
    log: list[tuple[int, Fact]] = []
    steps: list[Callable[[], Outcome]] = [
        lambda: live.claim(0, "Ann", "h-ann", now=0.0, player="p-ann"),
        lambda: live.claim(1, "Bo", "h-bo", now=0.0),
        lambda: live.move(0, 2, now=0.0),
        lambda: live.handle(1, LeaveMessage(type="leave"), now=0.0),
        lambda: live.claim(None, "Cy", "h-cy", now=0.0),
        lambda: live.fill(now=0.0),
    ]
    for step in steps:
        log.extend((live.seq, f) for f in step().facts)
    assert [type(f).__name__ for _, f in log if not isinstance(f, Deadline)] == [
        "Claimed", "Claimed", "Moved", "Freed", "Claimed", "Filled",
    ]  # fmt: skip
    rebuilt = Table("t1", cfg, now=5.0, facts=log)
    keep = ("kind", "name", "token_hash", "player")
    assert [[getattr(s, k) for k in keep] for s in rebuilt.seats] == [
        [getattr(s, k) for k in keep] for s in live.seats
    ]
    assert [s.kind for s in rebuilt.seats] == ["human", "bot", "human", "bot"]
    assert rebuilt.seats[2].player == "p-ann" and rebuilt.status == "playing"
