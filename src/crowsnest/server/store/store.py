"""Persistence through SQLAlchemy: tables, seats, each table's append-only log keyed by
(table_id, seq) (its actions and its seat facts), finished records and per-player
results.

SQLite (WAL mode) by default, PostgreSQL by URL; the schema (:mod:`.schema`) is created
and upgraded by the Alembic migrations in ``crowsnest/server/store/migrations``.
:class:`Store` is one repository per aggregate (:mod:`.tables`: tables with their
seats and log; :mod:`.results`: finished games; :mod:`.reviews`: hand reviews;
players and sessions are :mod:`.players`'s), joined so that a caller holds one
object. Writes from the event loop go through
:class:`~crowsnest.server.store.writer.Writer`. The action log holds what the table
accepted (:class:`~crowsnest.server.table.log.Accepted`), column for column.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import Connection, Engine

from crowsnest.server.store.results import ResultsRepo
from crowsnest.server.store.reviews import ReviewsRepo
from crowsnest.server.store.tables import TablesRepo


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


class Store(TablesRepo, ResultsRepo, ReviewsRepo):
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
