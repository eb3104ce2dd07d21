"""The lobby across nodes: each node publishes its open public tables in Redis
(``lobby:<table>`` keys that expire with their owner) and reads the others'; the
list of public tables is this node's and the others' as they last published them."""

from __future__ import annotations

import time

from redis.asyncio import Redis

from crowsnest.server.cluster.lease import PREFIX, Held
from crowsnest.server.live.tables import Registry
from crowsnest.server.models.server_messages import TableInfo

LOBBY = PREFIX + "lobby"
"""Sorted set of the public tables' ids (by creation); ``lobby:<id>`` holds each one's
:class:`TableInfo` while its owner renews it."""


class Lobby(Registry):
    """The part of a node's registry that publishes and reads the lobby."""

    redis: Redis
    lease: float
    held: dict[str, Held]
    others: dict[str, TableInfo]
    """The public tables of the other nodes, as they last published them."""
    order: list[str]
    """Every public table's id, oldest first (the lobby's order)."""

    async def _lobby(self) -> None:
        ms = round(self.lease * 3000)
        mine: dict[str, str] = {}
        for table_id, live in self.tables.items():
            table = live.table
            if table_id in self.held and table.config.public and table.status != "over":
                mine[table_id] = table.info().model_dump_json()
        async with self.redis.pipeline(transaction=False) as pipe:
            for table_id, text in mine.items():
                pipe.set(f"{LOBBY}:{table_id}", text, px=ms)
            if mine:
                pipe.zadd(LOBBY, dict.fromkeys(mine, time.time()), nx=True)
            pipe.zrange(LOBBY, 0, -1)
            answers = await pipe.execute()
        order = [v.decode() if isinstance(v, bytes) else str(v) for v in answers[-1]]
        others = [t for t in order if t not in self.tables]
        values = await self.redis.mget([f"{LOBBY}:{t}" for t in others]) if others else []
        seen: dict[str, TableInfo] = {}
        gone: list[str] = []
        for table_id, value in zip(others, values, strict=True):
            if value is None:
                gone.append(table_id)
                continue
            info = TableInfo.model_validate_json(value)
            old = self.others.get(table_id)
            seen[table_id] = old if old is not None and old.seq > info.seq else info
        if gone:
            await self.redis.zrem(LOBBY, *gone)
        self.others = seen
        self.order = [t for t in order if t not in gone]

    # -- lookups -----------------------------------------------------------------------

    def public_tables(self, limit: int, offset: int) -> tuple[int, list[TableInfo]]:
        """This node's public tables and the others' (as they last published them),
        oldest first."""
        local = {
            t: live
            for t, live in self.tables.items()
            if live.table.config.public and live.table.status != "over"
        }
        ids = [t for t in self.order if t in local or t in self.others]
        listed = set(ids)
        ids += [t for t in local if t not in listed]
        page = []
        for table_id in ids[offset : offset + limit]:
            live = local.get(table_id)
            page.append(live.table.info() if live is not None else self.others[table_id])
        return len(ids), page
