"""One server process per SQLite database.

Two ``crowsnest serve`` processes on one database would each keep their own copy of
every table in memory and both append to its log: players would see two different
games. The first process takes an exclusive lock on a file beside the database
(``crowsnest.db.lock``) and holds it for its whole life; a second one finds the lock
taken and refuses to start, naming the database. The kernel drops the lock when the
process ends, however it ends (kill -9 included), so a crash never leaves a stale
lock behind.

Several processes on one PostgreSQL database are the multi-node setup's business
(a lease per table); this lock is for the embedded database only.

>>> sqlite_path("sqlite:////tmp/x/crowsnest.db"), sqlite_path("postgresql://h/db")
(PosixPath('/tmp/x/crowsnest.db'), None)
"""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from types import TracebackType

from sqlalchemy.engine import make_url


class AlreadyServing(RuntimeError):
    """Another process serves this database."""


def sqlite_path(url: str) -> Path | None:
    """The database file of a SQLite URL (None for other databases or in memory)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database).resolve()


class DatabaseLock:
    """Held while the process serves ``url``'s SQLite file; a no-op for other URLs."""

    def __init__(self, url: str) -> None:
        path = sqlite_path(url)
        self.path = None if path is None else path.with_name(path.name + ".lock")
        self._fd: int | None = None

    def acquire(self) -> DatabaseLock:
        if self.path is None:
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
