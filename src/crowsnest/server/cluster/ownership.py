"""The live tables of one node among several: a table is served here only while this
node holds its lease (:mod:`.lease`).

- **Taking** a table (created here, asked for here, or found without an owner by the
  sweep): the lease is taken in Redis, its fencing number recorded in PostgreSQL
  (:meth:`~crowsnest.server.store.store.Store.take`, which waits for the previous owner's
  appends in flight and refuses every later one), then the table is rebuilt from the
  store: the recovery path of one process, bots and timers included.
  The sweep takes only the free tables that rendezvous hashing (:func:`home`) gives
  to this node among the live ones, so that a dead node's tables spread evenly over
  the others (any node takes a table left free for :data:`STRAY_AFTER` leases); a
  table whose handover a node asked for is that node's alone for a while
  (:meth:`~.lease.Leases.ask_handover`).
- **Holding** it: every third of the lease, all leases are renewed in one round
  trip. A lease that is lost, or not renewed in time (Redis unreachable, the process
  stopped), drops its table at once: its task is cancelled and its connections are
  closed with ``table_unavailable``, so that the clients reconnect to the new owner.
- **Giving it up**: a finished or expired table, a handover asked by the node that
  HAProxy sends the table's requests to, and every table on shutdown (SIGTERM).

The lobby of the other nodes is read from Redis every renewal (``lobby:<table>``
keys that expire with their owner), never trusted beyond listing.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import logging
import random
import time
from collections.abc import Callable
from datetime import datetime, timedelta

import sqlalchemy as sa
from redis.asyncio import Redis
from starlette.status import WS_1012_SERVICE_RESTART

from crowsnest.server.cluster.lease import HANDOVER, Held, Leases
from crowsnest.server.cluster.lobby import LOBBY, Lobby
from crowsnest.server.live.tables import (
    MAX_TABLE_ID,
    LiveTable,
    Registry,
    RegistryFactory,
    Runner,
    stop_all,
)
from crowsnest.server.models.server_messages import ErrorMessage, TableInfo
from crowsnest.server.ops.logs import server_event, table_event
from crowsnest.server.store.rows import StoredTable, utcnow
from crowsnest.server.store.schema import table_owners, tables
from crowsnest.server.store.store import Store
from crowsnest.server.table.parts import TableError

SAFETY = 0.9
"""Part of the lease this node trusts itself to hold it after sending the request
that took or renewed it (Redis counts from when it received it)."""
HANDOVER_AFTER = 1.0
"""Seconds a table stays here before a handover asked by another node is honoured
(so that two nodes cannot pass a table back and forth faster)."""
SWEEP_BATCH = 200
"""Ownerless tables one sweep takes at most."""
DROPPED = 10_000
"""Tables dropped here that a request may still name (``table_unavailable``)."""
STRAY_AFTER = 3
"""Leases after which a free table is taken by any node's sweep, not only its home's
(its home may be alive but failing to take it)."""


def home(table_id: str, nodes: list[str]) -> str | None:
    """The node among ``nodes`` a free table goes to: the one with the highest hash of
    (table, node) — rendezvous hashing, so that when a node leaves only its own tables
    move, spread evenly over the others.

    >>> home("t1", ["a", "b", "c"]) == home("t1", ["c", "b", "a"]) != None
    True
    >>> [home("t1", ["a", "b", "c", "d"]) in ("a", "b", "c", "d"), home("t1", [])]
    [True, None]
    """

    def weight(node: str) -> bytes:
        return hashlib.blake2b(f"{table_id} {node}".encode(), digest_size=8).digest()

    return max(nodes, key=weight, default=None)


class LeaseRegistry(Lobby):
    """The tables whose lease this node holds."""

    def __init__(
        self,
        store: Store,
        clock: Callable[[], float],
        run: Runner,
        from_wall: Callable[[datetime], float] | None = None,
        *,
        redis: Redis,
        node: str,
        lease: float,
    ) -> None:
        super().__init__(store, clock, run, from_wall)
        self.redis = redis
        self.node = node
        self.lease = lease
        self.leases = Leases(redis, node, lease)
        self.held: dict[str, Held] = {}
        self.others: dict[str, TableInfo] = {}
        """The public tables of the other nodes, as they last published them."""
        self.order: list[str] = []
        """Every public table's id, oldest first (the lobby's order)."""
        self._claims: dict[tuple[str, bool], asyncio.Task[None]] = {}
        """Claims in flight, by table and whether they ask (a sweep's do not)."""
        self._asked: dict[str, float] = {}
        self._dropped: dict[str, None] = {}
        """The tables dropped here last (oldest first, at most :data:`DROPPED`)."""
        self._free_since: dict[str, float] = {}
        """The free tables the last sweep saw, since when (``time.monotonic()``)."""
        self._loops: list[asyncio.Task[None]] = []
        self.closing = False

    @classmethod
    def factory(cls, redis: Redis, node: str, lease: float) -> RegistryFactory:
        def build(
            store: Store,
            clock: Callable[[], float],
            run: Runner,
            from_wall: Callable[[datetime], float] | None = None,
        ) -> Registry:
            return cls(store, clock, run, from_wall, redis=redis, node=node, lease=lease)

        return build

    # -- life ------------------------------------------------------------------------

    async def start(self) -> None:
        """Start renewing, sweeping and listening; no table is taken before it is
        found ownerless (the others' are theirs)."""
        await self.redis.ping()
        loop = asyncio.get_running_loop()
        self._loops = [
            loop.create_task(self._every(self.lease / 3, self.tick)),
            loop.create_task(self._every(self.lease / 3, self.sweep)),
            loop.create_task(self._handovers()),
        ]

    async def close(self) -> None:
        """Stop, and give every lease up so that other nodes take the tables now."""
        self.closing = True
        # The loops, and the claims in flight (a request's claim is shielded from its
        # request): none may take a lease or open a Redis connection after this.
        await stop_all([*self._loops, *self._claims.values()])
        held = list(self.held.items())
        self.held.clear()  # no append of this node passes its fence from now on
        await super().close()
        for table_id, lease in held:
            with contextlib.suppress(Exception):
                await self.leases.release(table_id, lease.fence)
            with contextlib.suppress(Exception):
                await self.redis.delete(f"{LOBBY}:{table_id}")
        with contextlib.suppress(Exception):
            await self.leases.leave()
        server_event("leases_released", tables=len(held), node=self.node)

    async def _every(self, seconds: float, step: Callable[[], object]) -> None:
        while not self.closing:
            try:
                result = step()
                if asyncio.iscoroutine(result):
                    await result
            except asyncio.CancelledError:
                raise
            except Exception:
                server_event("cluster_step_failed", logging.WARNING, exc_info=True)
            await asyncio.sleep(seconds)

    # -- ownership -------------------------------------------------------------------

    def fence_of(self, table_id: str) -> int | None:
        """The lease's number while it is ours; 0 (refused by every owner's row)
        once it may not be."""
        held = self.held.get(table_id)
        if held is None or time.monotonic() >= held.valid_until:
            return 0
        return held.fence

    async def take(self, live: LiveTable) -> None:
        if self.closing or await self._lease(live.table.id) is None:
            raise TableError("table_unavailable", "the new table's lease is taken; try again", 1)
        self.add(live)

    async def claim(self, table_id: str, ask: bool = True) -> None:
        """Take the table if it is free (``ask``: else ask its holder for it)."""
        if table_id in self.tables or len(table_id) > MAX_TABLE_ID:
            return
        if self.closing:
            raise TableError("table_unavailable", "this server is stopping; try again", 0.5)
        self._unavailable(table_id)
        key = (table_id, ask)
        task = self._claims.get(key)
        if task is None:
            task = asyncio.get_running_loop().create_task(self._claim(table_id, ask))
            self._claims[key] = task
            task.add_done_callback(lambda _: self._claims.pop(key, None))
        try:
            await asyncio.shield(task)
        except asyncio.CancelledError:
            current = asyncio.current_task()
            if task.cancelled() and current is not None and not current.cancelling():
                # The claim, not this request, was stopped: the server is closing.
                raise TableError(
                    "table_unavailable", "this server is stopping; try again", 0.5
                ) from None
            raise

    async def _claim(self, table_id: str, ask: bool = True) -> None:
        row = await asyncio.to_thread(self.store.table, table_id)
        if row is None or row.status not in ("waiting", "playing"):
            self._dropped.pop(table_id, None)  # not coming back: not found, not unavailable
            return  # unknown, or over: answered (read only) like one process does
        if await self._lease(table_id) is None:
            if not ask:
                return
            await self._ask(table_id)
            wait = await self.leases.ttl(table_id)
            raise TableError(
                "table_unavailable",
                "the table is served by another node and moves here; try again",
                min(max(wait, 0.2), 1.0),
            )
        stored = await asyncio.to_thread(self.store.load, table_id)
        if stored is None or stored.table.status not in ("waiting", "playing"):
            await self._give_up(table_id)
            return
        if self.restore(stored) is None:  # the lease was lost while the table loaded
            await self._give_up(table_id)
            raise TableError("table_unavailable", "the table moved while it loaded; try again", 1)

    async def find(self, table_id: str) -> LiveTable:
        await self.claim(table_id)
        return await super().find(table_id)

    def restore(self, stored: StoredTable) -> LiveTable | None:
        """Rebuild a table whose lease is ours (a finished one: to show its end)."""
        if stored.table.status != "over" and stored.table.id not in self.held:
            return None
        return super().restore(stored)

    async def _lease(self, table_id: str) -> int | None:
        """Take the table's lease and record its number as the owner's; None if
        another node holds it."""
        at_least = 0
        for _ in range(2):
            sent = time.monotonic()
            fence = await self.leases.acquire(table_id, at_least)
            if fence is None:
                return None
            if await asyncio.to_thread(self._record_owner, table_id, fence):
                self.held[table_id] = Held(fence, sent + self.lease * SAFETY, sent)
                table_event("lease_taken", table_id, fence=fence, node=self.node)
                return fence
            # Redis forgot the counter (restarted empty): go on from PostgreSQL's.
            at_least = await asyncio.to_thread(self._recorded_fence, table_id)
            await self.leases.release(table_id, fence)
        return None

    def _record_owner(self, table_id: str, fence: int) -> bool:
        with self.store.begin() as conn:
            return Store.take(conn, table_id, fence, self.node)

    def _recorded_fence(self, table_id: str) -> int:
        with self.store.engine.connect() as conn:
            value = conn.execute(
                sa.select(table_owners.c.fence).where(table_owners.c.table_id == table_id)
            ).scalar()
        return int(value or 0)

    async def _ask(self, table_id: str) -> None:
        """Ask the owner to hand the table over, at most once a second per table."""
        now = time.monotonic()
        if now - self._asked.get(table_id, -HANDOVER_AFTER) < HANDOVER_AFTER:
            return
        if len(self._asked) > 10_000:
            self._asked.clear()
        self._asked[table_id] = now
        await self.leases.ask_handover(table_id)

    async def _give_up(self, table_id: str) -> None:
        held = self.held.pop(table_id, None)
        if held is not None:
            await self.leases.release(table_id, held.fence)
        await self.redis.delete(f"{LOBBY}:{table_id}")

    def get(self, table_id: str) -> LiveTable:
        """An open table; ``table_unavailable`` (retryable) for one dropped here since
        the request's claim, ``table_not_found`` for any other that is not here."""
        if table_id not in self.tables and table_id in self._dropped:
            raise TableError("table_unavailable", "the table moves to another server; try again", 1)
        return super().get(table_id)

    def drop(self, table_id: str, why: str) -> None:
        """Stop serving a table at once; its clients reconnect (to its new owner)."""
        self._dropped[table_id] = None
        while len(self._dropped) > DROPPED:
            del self._dropped[next(iter(self._dropped))]
        self.held.pop(table_id, None)
        live = self.tables.get(table_id)
        if live is None:
            return
        self.remove(live)
        if live.task is not None and live.task is not asyncio.current_task():
            live.task.cancel()
        error = ErrorMessage(
            code="table_unavailable",
            message="the table moves to another server; reconnect",
            args={"retry_after": 1},
        )
        live.audience.close_all(WS_1012_SERVICE_RESTART, error)
        table_event("table_dropped", table_id, logging.WARNING, why=why, node=self.node)

    def reload(self, live: LiveTable) -> float:
        """A failed write: with the lease still ours, rebuild as one process does;
        else the table is another node's now."""
        if self.fence_of(live.table.id) == 0:
            self.drop(live.table.id, "write_refused")
            return 1.0
        return super().reload(live)

    async def hand_over(self, table_id: str) -> None:
        """Give a table up to the node that asked for it (its requests reach that one)."""
        live = self.tables.get(table_id)
        held = self.held.get(table_id)
        if live is None or held is None or time.monotonic() - held.since < HANDOVER_AFTER:
            return
        async with live.lock:  # no action half written
            self.drop(table_id, "handover")
        await self.leases.release(table_id, held.fence)
        await self.redis.delete(f"{LOBBY}:{table_id}")

    async def _handovers(self) -> None:
        while not self.closing:
            try:
                # Closed on every way out (an error, the cancel at close): a listener
                # started again takes a new connection and leaves none behind.
                async with self.redis.pubsub() as pubsub:
                    await pubsub.subscribe(HANDOVER)
                    async for message in pubsub.listen():
                        if message.get("type") != "message":
                            continue
                        data = message["data"]
                        text = data.decode() if isinstance(data, bytes) else str(data)
                        table_id, _, node = text.partition(" ")
                        if node != self.node and table_id in self.tables:
                            await self.hand_over(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:
                server_event("handover_listener_failed", logging.WARNING, exc_info=True)
                await asyncio.sleep(self.lease / 3)

    # -- the periodic steps ------------------------------------------------------------

    async def tick(self) -> None:
        """Give up finished tables' leases, renew the others (dropping the lost ones),
        publish this node's public tables and read the others'."""
        claiming = {table_id for table_id, _ in self._claims}
        for table_id in list(self.held):
            live = self.tables.get(table_id)
            # Not gone while a claim restores it (its lease is taken before the load).
            gone = live is None and table_id not in self.reloading and table_id not in claiming
            if gone or (live is not None and live.table.status == "over"):
                await self._give_up(table_id)
        sent = time.monotonic()
        held = [(t, h.fence) for t, h in self.held.items()]
        try:
            async with asyncio.timeout(self.lease / 3):
                lost = await self.leases.renew(held)
        except Exception:
            server_event("lease_renewal_failed", logging.WARNING, tables=len(held))
        else:
            for table_id, fence in held:
                lease = self.held.get(table_id)
                if table_id in lost:
                    self.drop(table_id, "lease_lost")
                elif lease is not None and lease.fence == fence:
                    lease.valid_until = sent + self.lease * SAFETY
        now = time.monotonic()
        for table_id, lease in list(self.held.items()):
            if now >= lease.valid_until:
                self.drop(table_id, "lease_expired")
        await self._lobby()

    async def sweep(self) -> None:
        """Take the tables that nobody holds (their node died) and that are this
        node's by :func:`home` among the live nodes, or free for long; a table just
        created is its creator's to take."""
        nodes = await self.leases.alive(time.time())
        before = utcnow() - timedelta(seconds=2 * self.lease)
        ids = await asyncio.to_thread(self._open_ids, before)
        candidates = [t for t in ids if t not in self.held and t not in self.tables]
        holders = await self.leases.holders(candidates)
        free = [t for t, holder in zip(candidates, holders, strict=True) if holder is None]
        now = time.monotonic()
        self._free_since = {t: self._free_since.get(t, now) for t in free}
        stray = now - STRAY_AFTER * self.lease
        mine = [t for t in free if home(t, nodes) == self.node or self._free_since[t] <= stray]
        random.shuffle(mine)
        for table_id in mine[:SWEEP_BATCH]:
            with contextlib.suppress(TableError):
                await self.claim(table_id, ask=False)

    def _open_ids(self, before: object) -> list[str]:
        """Open tables that an owner took once (a new table's creator takes it right
        after writing it), or created before ``before`` (its creator died first)."""
        owned = sa.select(table_owners.c.table_id)
        with self.store.engine.connect() as conn:
            rows = conn.execute(
                sa.select(tables.c.id).where(
                    tables.c.status.in_(("waiting", "playing")),
                    sa.or_(tables.c.id.in_(owned), tables.c.created_at < before),
                )
            ).all()
        return [r.id for r in rows]
