"""One server process per SQLite database.

Two ``crowsnest serve`` processes on one database would each keep their own copy of
every table in memory and both append to its log: players would see two different
games. The first process takes an exclusive lock on a file beside the database
(``crowsnest.db.lock``) and holds it for its whole life; a second one finds the lock
taken and refuses to start, naming the database. The kernel drops the lock when the
process ends, however it ends (kill -9 included), so a crash never leaves a stale
lock behind.

On PostgreSQL the same holds through an advisory lock held by one connection for
the process's life: a single process (no Redis URL) takes it exclusively, each node
of a cluster (``CROWSNEST_REDIS_URL``, a lease per table) takes it shared. A single
process therefore refuses a database that another process serves, and a node one
that a single process serves; the lock goes when the connection does.

>>> sqlite_path("sqlite:////tmp/x/crowsnest.db"), sqlite_path("postgresql://h/db")
(PosixPath('/tmp/x/crowsnest.db'), None)
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from types import TracebackType
from typing import Any

from sqlalchemy.engine import make_url


class AlreadyServing(RuntimeError):
    """Another process serves this database."""


def sqlite_path(url: str) -> Path | None:
    """The database file of a SQLite URL (None for other databases or in memory)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database).resolve()


PG_LOCK_KEY = 0x43524F5753
"""The advisory lock's key (``CROWS``)."""


class DatabaseLock:
    """Held while the process serves ``url``: its SQLite file, or a PostgreSQL
    database (``shared``: as one node of several)."""

    def __init__(self, url: str, shared: bool = False) -> None:
        path = sqlite_path(url)
        self.url = url
        self.shared = shared
        self.path = None if path is None else path.with_name(path.name + ".lock")
        self._fd: int | None = None
        self._pg: Any = None

    def _acquire_postgres(self) -> None:
        import sqlalchemy as sa

        engine = sa.create_engine(self.url, poolclass=sa.NullPool)
        conn = engine.connect()
        how = "pg_try_advisory_lock_shared" if self.shared else "pg_try_advisory_lock"
        taken = conn.execute(sa.text(f"SELECT {how}(:key)"), {"key": PG_LOCK_KEY}).scalar()
        conn.commit()
        if not taken:
            conn.close()
            engine.dispose()
            shown = make_url(self.url).render_as_string(hide_password=True)
            if self.shared:
                raise AlreadyServing(
                    f"{shown} is served by a single server process (no CROWSNEST_REDIS_URL): "
                    "stop it before starting nodes that share the database"
                )
            raise AlreadyServing(
                f"{shown} is already served by another process: several servers on one "
                "PostgreSQL need CROWSNEST_REDIS_URL (docs/deploy.md), or give this one "
                "its own database"
            )
        self._pg = (engine, conn)

    def acquire(self) -> DatabaseLock:
        if self.path is None:
            if make_url(self.url).get_backend_name() == "postgresql":
                self._acquire_postgres()
            return self
        self.path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.pread(fd, 32, 0).decode(errors="replace").strip() or "another process"
            os.close(fd)
            database = self.path.with_name(self.path.name.removesuffix(".lock"))
            raise AlreadyServing(
                f"{database} is already served by process {holder}: "
                "stop it first, or give this server its own --data-dir"
            ) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        self._fd = fd
        return self

    def release(self) -> None:
        if self._pg is not None:
            engine, conn = self._pg
            conn.close()  # the session ends: its advisory lock goes
            engine.dispose()
            self._pg = None
        if self._fd is not None:
            os.close(self._fd)  # closing the descriptor drops the lock
            self._fd = None

    def __enter__(self) -> DatabaseLock:
        return self.acquire()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.release()
