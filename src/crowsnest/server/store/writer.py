"""The writer: one thread that runs the event loop's writes in order and commits
whatever has queued up in one transaction (group commit), resolving each write's
future only after the commit."""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlalchemy.engine import Connection

from crowsnest.server.store.store import Store

T = TypeVar("T")


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
