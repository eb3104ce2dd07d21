"""Finished games are cheap to serve: what is computed from a finished game's record
(its replay step by step, the check of its record, a spectator's view of its end)
is computed once, kept, and served as it was; only a computation counts against the
asking client's limit.

A finished game never changes, so an answer computed from it stays true. The answers
are kept as their JSON bytes, the least recently used forgotten past
``finished_cache_bytes``; two requests for the same answer while it is computed wait
for the one computation; at most :data:`AT_ONCE` run at once (in a thread, off the
event loop); and each client address may cause ``finished_rate`` a second (bursts of
``finished_burst``), more being refused with ``rate_limited`` and ``Retry-After``.
An answer served from what is kept costs no computation and counts against nothing.

>>> cache = Kept(max_bytes=10)
>>> cache.put(("replay", "t1"), b"123456"); cache.put(("verify", "t1"), b"12345")
>>> cache.get(("replay", "t1")), cache.get(("verify", "t1")), cache.size
(None, b'12345', 5)
"""

from __future__ import annotations

import asyncio
import json
import time
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any, Final, TypeVar

from crowsnest.engine import replay
from crowsnest.server.ops.limits import KeyedLimit
from crowsnest.server.ops.settings import Settings
from crowsnest.server.table.parts import TableError

T = TypeVar("T")

AT_ONCE: Final = 1
"""Computations of finished games' answers running at once (each takes a core)."""

Key = tuple[str, str]
"""(what, table id): ``("replay", id)``, ``("verify", id)``, ``("watch", id)``."""


class Kept:
    """Answers by key, the least recently used dropped past ``max_bytes`` in all."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.size = 0
        self._answers: OrderedDict[Key, bytes] = OrderedDict()

    def get(self, key: Key) -> bytes | None:
        found = self._answers.get(key)
        if found is not None:
            self._answers.move_to_end(key)
        return found

    def put(self, key: Key, data: bytes) -> None:
        if len(data) > self.max_bytes:
            return
        old = self._answers.pop(key, None)
        self.size += len(data) - (0 if old is None else len(old))
        self._answers[key] = data
        while self.size > self.max_bytes:
            _, dropped = self._answers.popitem(last=False)
            self.size -= len(dropped)


class Finished:
    """The one way finished games' answers are computed and served (``hub.finished``)."""

    def __init__(self, settings: Settings, clock: Callable[[], float] = time.monotonic) -> None:
        self.kept = Kept(settings.finished_cache_bytes)
        self.limits = KeyedLimit(settings.finished_rate, settings.finished_burst)
        self.clock = clock
        self.computed = 0
        """Answers computed since the start (the tests count them)."""
        self._running: dict[Key, asyncio.Future[bytes]] = {}
        self._at_once = asyncio.Semaphore(AT_ONCE)

    async def answer(
        self,
        key: Key,
        client: Hashable | None,
        load: Callable[[], T | None],
        compute: Callable[[T], bytes],
    ) -> bytes:
        """The answer ``key`` names: kept, or computed once by ``compute`` from what
        ``load`` reads (``None``: the game is not over, ``not_finished``; nothing is
        counted). A computation counts against ``client``'s limit (``rate_limited``)."""
        kept = self.kept.get(key)
        if kept is not None:
            return kept
        running = self._running.get(key)
        if running is not None:
            return await asyncio.shield(running)
        loaded = await asyncio.to_thread(load)
        if loaded is None:
            raise TableError("not_finished", "the game is not over yet")
        kept = self.kept.get(key)  # computed while this request read the store
        if kept is not None:
            return kept
        running = self._running.get(key)
        if running is not None:
            return await asyncio.shield(running)
        now = self.clock()
        if client is not None and not self.limits.take(client, now):
            wait = self.limits.retry_after(client, now)
            raise TableError(
                "rate_limited", "too many finished games computed for this address; wait", wait
            )
        future: asyncio.Future[bytes] = asyncio.get_running_loop().create_future()
        self._running[key] = future
        try:
            async with self._at_once:
                data = await asyncio.to_thread(compute, loaded)
        except asyncio.CancelledError:
            future.cancel()
            raise
        except Exception as err:
            future.set_exception(err)
            future.exception()  # retrieved: nobody else may be waiting
            raise
        finally:
            del self._running[key]
        self.computed += 1
        self.kept.put(key, data)
        future.set_result(data)
        return data


def end_view(record: dict[str, Any]) -> bytes:
    """What a spectator of a finished game sees: its ``seq``, ``status`` and view."""
    game = replay(record)
    view = {"seq": len(game.log), "status": "over", "view": game.view(None).to_json()}
    return json_bytes(view)


def json_bytes(value: object) -> bytes:
    """``value`` as the JSON an HTTP answer carries (as FastAPI's ``JSONResponse``)."""
    return json.dumps(value, ensure_ascii=False, allow_nan=False, separators=(",", ":")).encode()
