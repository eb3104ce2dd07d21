"""Persistence through SQLAlchemy: tables, seats, the append-only action log keyed by
(table_id, seq), finished records and per-player results.

SQLite (WAL mode) by default, PostgreSQL by URL; the schema is created and upgraded by
the Alembic migrations in ``crowsnest/server/migrations``. Writes from the event loop go
through :class:`Writer`, one thread that commits whatever has queued up in a single
transaction (group commit) and resolves each write's future only after the commit.
The action log holds what the table accepted (:class:`~crowsnest.server.table.Accepted`),
column for column.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import Future
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, TypeVar

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from crowsnest.server.schemas import GameStats, PlayerStats
from crowsnest.server.table import Accepted

T = TypeVar("T")

metadata = sa.MetaData()

tables = sa.Table(
    "tables",
    metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("rules", sa.String(64), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("level", sa.String(16), nullable=False),
    sa.Column("public", sa.Boolean, nullable=False),
    sa.Column("invite_hash", sa.String(64), nullable=True),
    sa.Column("grace", sa.Float, nullable=False),
    sa.Column("bot_delay", sa.Float, nullable=False),
    sa.Column("status", sa.String(16), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
    sa.Column("secret", sa.String(64), nullable=True),
    sa.Column("seed_chosen", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("timer", sa.String(8), nullable=False, server_default="off"),
    sa.Column("turn_seconds", sa.Float, nullable=True),
)
sa.Index("ix_tables_status", tables.c.status)

seats = sa.Table(
    "seats",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.SmallInteger, primary_key=True, autoincrement=False),
    sa.Column("kind", sa.String(8), nullable=False),
    sa.Column("name", sa.String(40), nullable=True),
    sa.Column("token_hash", sa.String(64), nullable=True),
    sa.Column("joined_at", sa.DateTime(timezone=True), nullable=True),
    # identity: who holds the seat; when they left for good (from migration 0004)
    sa.Column("player_id", sa.String(24), nullable=True),
    sa.Column("deadline", sa.DateTime(timezone=True), nullable=True),
    sa.Column("left_seq", sa.Integer, nullable=True),
    sa.Column("timeouts", sa.Integer, nullable=False, server_default="0"),
    # away (v0011): the seat's bot keeps it; `back` clears it, not its time-outs
    sa.Column("away", sa.Boolean, nullable=False, server_default=sa.false()),
    # hand reviews (v0009): whether the seat's player wants its hands reviewed
    sa.Column("reviews", sa.Boolean, nullable=False, server_default=sa.true()),
)

actions = sa.Table(
    "actions",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.SmallInteger, nullable=False),
    sa.Column("action", sa.String(200), nullable=False),
    sa.Column("by", sa.String(8), nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
)

records = sa.Table(
    "records",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("record", sa.JSON, nullable=False),
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
    sa.Column("scores", sa.JSON, nullable=True),
)

results = sa.Table(
    "results",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.SmallInteger, primary_key=True, autoincrement=False),
    sa.Column("name", sa.String(40), nullable=False),
    sa.Column("family", sa.String(16), nullable=False),
    sa.Column("rules", sa.String(64), nullable=False),
    sa.Column("score", sa.Integer, nullable=False),
    sa.Column("won", sa.Boolean, nullable=False),
    sa.Column("contracts_made", sa.Integer, nullable=False),
    sa.Column("contracts_set", sa.Integer, nullable=False),
    sa.Column("finished_at", sa.DateTime(timezone=True), nullable=False),
    # identity: whose result it is (NULL: a game from before identities,
    # "unclaimed", readable by name only) and what the statistics add up.
    sa.Column("player_id", sa.String(24), nullable=True),
    sa.Column("public", sa.Boolean, nullable=False, server_default=sa.true()),
    sa.Column("left", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("hands", sa.Integer, nullable=False, server_default="0"),
    sa.Column("hand_points", sa.Integer, nullable=False, server_default="0"),
    sa.Column("moons_shot", sa.Integer, nullable=False, server_default="0"),
    sa.Column("moons_suffered", sa.Integer, nullable=False, server_default="0"),
)
sa.Index("ix_results_name", results.c.name)
sa.Index("ix_results_player", results.c.player_id, results.c.rules)

# -- identity ------------------------------------------------------------------

players = sa.Table(
    "players",
    metadata,
    sa.Column("id", sa.String(24), primary_key=True),
    # id: the public id (in URLs and profiles), never a secret; the cookie is a session.
    sa.Column("name", sa.String(40), nullable=True),
    sa.Column("username", sa.String(40), nullable=True),
    sa.Column("username_key", sa.String(160), nullable=True, unique=True),
    sa.Column("password_hash", sa.String(200), nullable=True),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)

sessions = sa.Table(
    "sessions",
    metadata,
    sa.Column("secret_hash", sa.String(64), primary_key=True),
    sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)
sa.Index("ix_sessions_player", sessions.c.player_id)

ratings = sa.Table(
    "ratings",
    metadata,
    sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("family", sa.String(16), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    # the games' worth of evidence behind the rating (v0010, crowsnest.server.ratings)
    sa.Column("evidence", sa.Float, nullable=False, server_default="0"),
)

rating_history = sa.Table(
    "rating_history",
    metadata,
    sa.Column("player_id", sa.String(24), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("family", sa.String(16), primary_key=True),
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("at", sa.DateTime(timezone=True), nullable=False),
)
sa.Index("ix_rating_history_at", rating_history.c.player_id, rating_history.c.at)

reviews = sa.Table(
    "reviews",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("hand_number", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.SmallInteger, primary_key=True, autoincrement=False),
    sa.Column("review", sa.JSON, nullable=False),
    sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
)
"""Hand reviews (``crowsnest.server.review``): one per human seat and hand."""

pending_reviews = sa.Table(
    "pending_reviews",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("hand_number", sa.Integer, primary_key=True, autoincrement=False),
    sa.Column("seat", sa.SmallInteger, primary_key=True, autoincrement=False),
    sa.Column("queued_at", sa.DateTime(timezone=True), nullable=False),
)
"""Hand reviews queued or running (v0009): queued again when the server starts."""

table_owners = sa.Table(
    "table_owners",
    metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("fence", sa.BigInteger, nullable=False),
    sa.Column("node", sa.String(64), nullable=False),
    sa.Column("since", sa.DateTime(timezone=True), nullable=False),
)
"""Several nodes: the fencing number of the lease of each table's owner (v0007)."""


class StaleOwner(RuntimeError):
    """An append by a node whose lease on the table has been taken over since."""

    def __init__(self, table_id: str, fence: int) -> None:
        super().__init__(f"table {table_id}: fence {fence} is not the owner's")
        self.table_id = table_id
        self.fence = fence


def utcnow() -> datetime:
    return datetime.now(UTC)


@dataclass(frozen=True, slots=True)
class TableRow:
    id: str
    rules: str
    options: dict[str, Any]
    seed: int
    level: str
    public: bool
    invite_hash: str | None
    grace: float
    bot_delay: float
    status: str
    secret: str | None = None
    """The deal secret (``crowsnest.fairness``); no message carries it before the end."""
    seed_chosen: bool = False
    timer: str = "off"
    turn_seconds: float | None = None


@dataclass(frozen=True, slots=True)
class SeatRow:
    seat: int
    kind: str
    name: str | None
    token_hash: str | None
    deadline: datetime | None = None
    """When the seat's turn timer runs out (UTC), while it runs."""
    left_seq: int | None = None
    """The seq of the action log at which the player left for good."""
    timeouts: int = 0
    """The seat's decisions its bot made when its turn timer ran out, since its
    player last acted."""
    reviews: bool = True
    """Whether the seat's player wants its hands reviewed."""
    away: bool = False
    """The seat's bot keeps it until its player says ``back`` (v0011)."""


@dataclass(frozen=True, slots=True)
class ResultRow:
    seat: int
    name: str
    family: str
    rules: str
    score: int
    won: bool
    contracts_made: int
    contracts_set: int
    hands: int = 0
    hand_points: int = 0
    """What the seat (Rook: its team) scored over its hands."""
    moons_shot: int = 0
    moons_suffered: int = 0


@dataclass(frozen=True, slots=True)
class StoredTable:
    table: TableRow
    seats: list[SeatRow]
    actions: list[Accepted]


def make_engine(url: str) -> Engine:
    """An engine for ``url``; SQLite gets WAL, ``synchronous=NORMAL`` (durable against
    a killed process) and a busy timeout; its folder is created."""
    parsed = sa.make_url(url)
    if parsed.get_backend_name() != "sqlite":
        return sa.create_engine(url, pool_pre_ping=True)
    database = parsed.database
    if database and database != ":memory:":
        Path(database).parent.mkdir(parents=True, exist_ok=True)
    engine = sa.create_engine(url, connect_args={"check_same_thread": False})

    @sa.event.listens_for(engine, "connect")
    def _pragmas(dbapi_connection: Any, _record: Any) -> None:
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA busy_timeout=5000")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    return engine


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest Alembic revision."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Store:
    """Synchronous store operations. Each write takes a connection inside a
    transaction (see :class:`Writer`); reads open their own."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)

    def migrate(self) -> None:
        migrate(self.engine)

    def close(self) -> None:
        self.engine.dispose()

    @contextmanager
    def begin(self) -> Iterator[Connection]:
        with self.engine.begin() as conn:
            yield conn

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
    def claim_seat(
        conn: Connection,
        table_id: str,
        seat: int,
        name: str,
        token_hash: str,
        status: str,
        player_id: str | None = None,
    ) -> bool:
        """Give the seat its token hash (and its player) if it has none yet; False if
        it was taken."""
        done = conn.execute(
            seats.update()
            .where(seats.c.table_id == table_id, seats.c.seat == seat, seats.c.token_hash.is_(None))
            .values(name=name, token_hash=token_hash, joined_at=utcnow(), player_id=player_id)
        )
        if done.rowcount != 1:
            return False
        conn.execute(tables.update().where(tables.c.id == table_id).values(status=status))
        return True

    @staticmethod
    def fill_seats(conn: Connection, table_id: str, names: dict[int, str]) -> bool:
        """Make the unclaimed human seats of ``names`` bot seats, each under its bot's
        name; the game starts. False if one of them was claimed meanwhile."""
        done = conn.execute(
            seats.update()
            .where(
                seats.c.table_id == table_id,
                seats.c.seat.in_(list(names)),
                seats.c.kind == "human",
                seats.c.token_hash.is_(None),
            )
            .values(kind="bot", name=sa.case(names, value=seats.c.seat))
        )
        if done.rowcount != len(names):
            return False
        conn.execute(tables.update().where(tables.c.id == table_id).values(status="playing"))
        return True

    @staticmethod
    def move_seat(conn: Connection, table_id: str, seat: int, to: int) -> bool:
        """Move a claimed seat's player (name, token) to the free seat ``to``;
        False if ``to`` was taken meanwhile."""
        where = sa.and_(seats.c.table_id == table_id, seats.c.seat == seat)
        old = conn.execute(seats.select().where(where)).first()
        if old is None or old.token_hash is None:
            return False
        done = conn.execute(
            seats.update()
            .where(seats.c.table_id == table_id, seats.c.seat == to, seats.c.kind == "human")
            .where(seats.c.token_hash.is_(None))
            .values(name=old.name, token_hash=old.token_hash, joined_at=old.joined_at)
        )
        if done.rowcount != 1:
            return False
        conn.execute(seats.update().where(where).values(name=None, token_hash=None, joined_at=None))
        return True

    @staticmethod
    def free_seat(conn: Connection, table_id: str, seat: int) -> None:
        """A player gave up their seat before the game started: unclaimed again."""
        conn.execute(
            seats.update()
            .where(seats.c.table_id == table_id, seats.c.seat == seat)
            .values(name=None, token_hash=None, joined_at=None, deadline=None)
        )

    @staticmethod
    def leave_seat(conn: Connection, table_id: str, seat: int, seq: int) -> None:
        """The seat's player left the game at ``seq``: its bot plays it for good."""
        conn.execute(
            seats.update()
            .where(seats.c.table_id == table_id, seats.c.seat == seat)
            .values(left_seq=seq, deadline=None)
        )

    @staticmethod
    def set_deadlines(
        conn: Connection, entries: Sequence[tuple[str, int, datetime | None]]
    ) -> None:
        """Store (table id, seat, deadline) turn deadlines (``None``: no timer runs)."""
        for table_id, seat, deadline in entries:
            conn.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(deadline=deadline)
            )

    @staticmethod
    def set_timeouts(conn: Connection, entries: Sequence[tuple[str, int, int, bool]]) -> None:
        """Store (table id, seat, time-outs in a row, away) of seats whose count or away
        changed."""
        for table_id, seat, count, away in entries:
            conn.execute(
                seats.update()
                .where(seats.c.table_id == table_id, seats.c.seat == seat)
                .values(timeouts=count, away=away)
            )

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
    def append(
        conn: Connection,
        entries: Sequence[tuple[str, Accepted]],
        fences: Mapping[str, int] | None = None,
    ) -> None:
        """Append (table id, accepted action) entries to the log, in one ``INSERT``.
        ``fences``: by table, the writer's lease number, checked first (and the
        owner's row held until the commit): :class:`StaleOwner` if it is not the
        recorded owner's."""
        for table_id, fence in (fences or {}).items():
            held = conn.execute(
                table_owners.update()
                .where(table_owners.c.table_id == table_id, table_owners.c.fence == fence)
                .values(fence=fence)
            )
            if held.rowcount != 1:
                raise StaleOwner(table_id, fence)
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

    @staticmethod
    def finish(
        conn: Connection,
        table_id: str,
        record: dict[str, Any],
        result_rows: Sequence[ResultRow],
        scores: Sequence[int] = (),
    ) -> None:
        """A game is over: its record, its final totals (``scores``) and one result
        per human seat (with the seat's player, the table's publicity and whether the
        player left, read from the stored rows). Its ratings are
        :func:`crowsnest.server.rating_store.rate_finished`'s."""
        now = utcnow()
        conn.execute(
            tables.update().where(tables.c.id == table_id).values(status="over", finished_at=now)
        )
        conn.execute(
            records.insert().values(
                table_id=table_id, record=record, finished_at=now, scores=list(scores)
            )
        )
        if not result_rows:
            return
        public = conn.execute(sa.select(tables.c.public).where(tables.c.id == table_id)).scalar()
        players, left = players_and_leavers(conn, table_id)
        conn.execute(
            results.insert(),
            [
                {
                    "table_id": table_id,
                    "seat": r.seat,
                    "name": r.name,
                    "family": r.family,
                    "rules": r.rules,
                    "score": r.score,
                    "won": r.won,
                    "contracts_made": r.contracts_made,
                    "contracts_set": r.contracts_set,
                    "finished_at": now,
                    "player_id": players.get(r.seat),
                    "public": bool(public),
                    "left": r.seat in left,
                    "hands": r.hands,
                    "hand_points": r.hand_points,
                    "moons_shot": r.moons_shot,
                    "moons_suffered": r.moons_suffered,
                }
                for r in result_rows
            ],
        )

    @staticmethod
    def save_review(
        conn: Connection, table_id: str, hand_number: int, seat: int, review: dict[str, Any]
    ) -> None:
        """A seat's review of a hand (a second one for the same hand replaces it)."""
        key = (
            reviews.c.table_id == table_id,
            reviews.c.hand_number == hand_number,
            reviews.c.seat == seat,
        )
        conn.execute(reviews.delete().where(*key))
        conn.execute(
            reviews.insert().values(
                table_id=table_id,
                hand_number=hand_number,
                seat=seat,
                review=review,
                created_at=utcnow(),
            )
        )
        Store.unqueue_review(conn, table_id, hand_number, seat)

    @staticmethod
    def queue_reviews(
        conn: Connection, table_id: str, hand_number: int, seats: Sequence[int]
    ) -> None:
        """Reviews of a hand queued (for the seats ``seats``): until stored or given up."""
        for seat in seats:
            Store.unqueue_review(conn, table_id, hand_number, seat)
            conn.execute(
                pending_reviews.insert().values(
                    table_id=table_id, hand_number=hand_number, seat=seat, queued_at=utcnow()
                )
            )

    @staticmethod
    def unqueue_review(conn: Connection, table_id: str, hand_number: int, seat: int) -> None:
        conn.execute(
            pending_reviews.delete().where(
                pending_reviews.c.table_id == table_id,
                pending_reviews.c.hand_number == hand_number,
                pending_reviews.c.seat == seat,
            )
        )

    @staticmethod
    def set_reviews(conn: Connection, table_id: str, seat: int, on: bool) -> bool:
        """Whether ``seat``'s hands are reviewed; False if the table has no such seat."""
        done = conn.execute(
            seats.update()
            .where(seats.c.table_id == table_id, seats.c.seat == seat)
            .values(reviews=on)
        )
        return bool(done.rowcount)

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
            return [self._load(conn, _table_row(r)) for r in rows]

    def load(self, table_id: str) -> StoredTable | None:
        """One table, with its seats and its action log."""
        with self.engine.connect() as conn:
            r = conn.execute(tables.select().where(tables.c.id == table_id)).first()
            return None if r is None else self._load(conn, _table_row(r))

    @staticmethod
    def _load(conn: Connection, row: TableRow) -> StoredTable:
        seat_rows = conn.execute(
            seats.select().where(seats.c.table_id == row.id).order_by(seats.c.seat)
        ).all()
        action_rows = conn.execute(
            actions.select().where(actions.c.table_id == row.id).order_by(actions.c.seq)
        ).all()
        return StoredTable(
            row, [_seat_row(s) for s in seat_rows], [_accepted(a) for a in action_rows]
        )

    def table(self, table_id: str) -> TableRow | None:
        with self.engine.connect() as conn:
            r = conn.execute(tables.select().where(tables.c.id == table_id)).first()
            return None if r is None else _table_row(r)

    def seat_rows(self, table_id: str) -> list[SeatRow]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                seats.select().where(seats.c.table_id == table_id).order_by(seats.c.seat)
            ).all()
            return [_seat_row(s) for s in rows]

    def actions(self, table_id: str) -> list[Accepted]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                actions.select().where(actions.c.table_id == table_id).order_by(actions.c.seq)
            ).all()
            return [_accepted(a) for a in rows]

    def record(self, table_id: str) -> dict[str, Any] | None:
        """A finished game's record. One written before records stated their
        ``end`` states the final scores stored with it (``records.scores``), so that
        ``crowsnest verify`` can check the game against them."""
        with self.engine.connect() as conn:
            row = conn.execute(
                sa.select(records.c.record, records.c.scores).where(records.c.table_id == table_id)
            ).first()
        if row is None:
            return None
        value = dict(row.record)
        if "end" not in value and row.scores:
            value["end"] = {"scores": [int(x) for x in row.scores]}
        return value

    def reviews(
        self, table_id: str, hand_number: int | None, seat: int | None
    ) -> list[tuple[int, int, dict[str, Any]]]:
        """(hand number, seat, review) of a table's stored reviews, by hand then seat:
        those of hand ``hand_number`` and of ``seat`` only, when given."""
        query = reviews.select().where(reviews.c.table_id == table_id)
        if hand_number is not None:
            query = query.where(reviews.c.hand_number == hand_number)
        if seat is not None:
            query = query.where(reviews.c.seat == seat)
        query = query.order_by(reviews.c.hand_number, reviews.c.seat)
        with self.engine.connect() as conn:
            return [(r.hand_number, r.seat, dict(r.review)) for r in conn.execute(query)]

    def pending_reviews(self) -> list[tuple[str, int, int]]:
        """(table id, hand number, seat) of every review queued and not done, oldest
        first."""
        query = pending_reviews.select().order_by(
            pending_reviews.c.queued_at, pending_reviews.c.table_id, pending_reviews.c.hand_number
        )
        with self.engine.connect() as conn:
            return [(r.table_id, r.hand_number, r.seat) for r in conn.execute(query)]

    def stats(self, name: str) -> PlayerStats:
        """The unclaimed games of ``name`` (finished before players had identities):
        games, wins, average final score and contracts made/set, in all and by game."""
        query = (
            sa.select(
                results.c.family,
                sa.func.count(),
                sa.func.sum(sa.case((results.c.won, 1), else_=0)),
                sa.func.avg(results.c.score),
                sa.func.sum(results.c.contracts_made),
                sa.func.sum(results.c.contracts_set),
            )
            .where(results.c.name == name, results.c.player_id.is_(None))
            .group_by(results.c.family)
        )
        by_game: dict[str, GameStats] = {}
        with self.engine.connect() as conn:
            for family, games, wins, avg, made, went_set in conn.execute(query):
                by_game[family] = GameStats(
                    games=games,
                    wins=int(wins or 0),
                    average_score=None if avg is None else round(float(avg), 2),
                    contracts_made=int(made or 0),
                    contracts_set=int(went_set or 0),
                )
        games = sum(g.games for g in by_game.values())
        total = sum((g.average_score or 0) * g.games for g in by_game.values())
        return PlayerStats(
            name=name,
            games=games,
            wins=sum(g.wins for g in by_game.values()),
            average_score=round(total / games, 2) if games else None,
            contracts_made=sum(g.contracts_made for g in by_game.values()),
            contracts_set=sum(g.contracts_set for g in by_game.values()),
            by_game=by_game,
        )


def players_and_leavers(conn: Connection, table_id: str) -> tuple[dict[int, str], set[int]]:
    """The player of each claimed seat, and the seats whose player left: those
    with a ``left_seq`` (Leave), and those whose last action was a bot's (the
    player was gone past the grace period and not back by the end)."""
    rows = conn.execute(
        sa.select(seats.c.seat, seats.c.player_id, seats.c.left_seq, seats.c.kind).where(
            seats.c.table_id == table_id
        )
    ).all()
    last = (
        sa.select(sa.func.max(actions.c.seq))
        .where(actions.c.table_id == table_id)
        .group_by(actions.c.seat)
    )
    last_by = dict(
        conn.execute(
            sa.select(actions.c.seat, actions.c.by).where(
                actions.c.table_id == table_id, actions.c.seq.in_(last)
            )
        ).all()
    )
    players = {r.seat: r.player_id for r in rows if r.player_id is not None}
    left = {
        r.seat
        for r in rows
        if r.kind == "human" and (r.left_seq is not None or last_by.get(r.seat) == "bot")
    }
    return players, left


def _table_row(r: Any) -> TableRow:
    return TableRow(
        id=r.id,
        rules=r.rules,
        options=dict(r.options),
        seed=int(r.seed),
        level=r.level,
        public=bool(r.public),
        invite_hash=r.invite_hash,
        grace=float(r.grace),
        bot_delay=float(r.bot_delay),
        status=r.status,
        secret=r.secret,
        seed_chosen=bool(r.seed_chosen),
        timer=r.timer,
        turn_seconds=None if r.turn_seconds is None else float(r.turn_seconds),
    )


def _seat_row(s: Any) -> SeatRow:
    deadline = s.deadline
    if deadline is not None and deadline.tzinfo is None:  # SQLite keeps no time zone
        deadline = deadline.replace(tzinfo=UTC)
    return SeatRow(
        s.seat,
        s.kind,
        s.name,
        s.token_hash,
        deadline,
        s.left_seq,
        s.timeouts,
        s.reviews,
        bool(s.away),
    )


def _accepted(r: Any) -> Accepted:
    return Accepted(r.seq, r.seat, r.action, "human" if r.by == "human" else "bot")


@dataclass(slots=True)
class _Write:
    """Queued work: ``fn`` and the future told once it has committed."""

    fn: Callable[[Connection], Any]
    future: Future[Any]


class Writer:
    """One thread that runs writes in order and commits them in batches.

    :meth:`submit` queues ``fn(connection)``; the returned future resolves once the
    transaction that ran it has committed. Whatever has queued up meanwhile shares one
    transaction. When a transaction fails, its writes are retried one transaction
    each, so one bad write fails alone.
    """

    MAX_BATCH = 512

    def __init__(self, store: Store) -> None:
        self._store = store
        self._queue: queue.SimpleQueue[_Write | None] = queue.SimpleQueue()
        self._thread = threading.Thread(target=self._run, name="crowsnest-writer", daemon=True)
        self._thread.start()

    def submit(self, fn: Callable[[Connection], T]) -> Future[T]:
        future: Future[T] = Future()
        self._queue.put(_Write(fn, future))
        return future

    def close(self) -> None:
        self._queue.put(None)
        self._thread.join()

    def _run(self) -> None:
        stop = False
        while not stop:
            write = self._queue.get()
            if write is None:
                return
            batch = [write]
            while len(batch) < self.MAX_BATCH:
                try:
                    more = self._queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._commit(batch)

    def _commit(self, batch: list[_Write]) -> None:
        try:
            with self._store.begin() as conn:
                values = [write.fn(conn) for write in batch]
        except Exception:
            for write in batch:
                self._alone(write)
            return
        for write, value in zip(batch, values, strict=True):
            _settle(write.future, True, value)

    def _alone(self, write: _Write) -> None:
        try:
            with self._store.begin() as conn:
                value = write.fn(conn)
        except Exception as err:
            _settle(write.future, False, err)
            return
        _settle(write.future, True, value)


def _settle(future: Future[Any], ok: bool, value: Any) -> None:
    """Resolve ``future`` unless its waiter gave up (the write is done all the same)."""
    if future.done():
        return
    if ok:
        future.set_result(value)
    else:
        future.set_exception(value)
