"""Table leases in Redis: ``SET`` if absent with an expiry, renewed by the holder,
each numbered by a fencing counter (``INCR``) that the holder's appends carry.

Keys (``cn:`` prefix): ``lease:<table>`` holds ``<node>:<fence>`` for ``lease``
seconds; ``fence:<table>`` is the counter, never deleted; ``wanted:<table>`` names the
node that asked for a table's handover, for two leases: while it lasts, only that node
may take the table (not the giver again, nor another node's sweep, before the asker's
client comes back). ``nodes`` is the sorted set of the live nodes (scored by when their
entry expires). Each operation is one Lua script, so taking, renewing and giving up
are atomic.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from redis.asyncio import Redis

PREFIX = "cn:"
HANDOVER = PREFIX + "handover"
"""The channel on which a node asks the owner of a table to give it up."""

NODES = PREFIX + "nodes"

_ACQUIRE = """
if redis.call('exists', KEYS[1]) == 1 then return 0 end
local wanted = redis.call('get', KEYS[3])
if wanted and wanted ~= ARGV[1] then return 0 end
redis.call('del', KEYS[3])
local fence = redis.call('incr', KEYS[2])
if fence <= tonumber(ARGV[3]) then
  fence = tonumber(ARGV[3]) + 1
  redis.call('set', KEYS[2], fence)
end
redis.call('set', KEYS[1], ARGV[1] .. ':' .. fence, 'PX', ARGV[2])
return fence
"""
_RENEW = """
if redis.call('get', KEYS[1]) == ARGV[1] then
  return redis.call('pexpire', KEYS[1], ARGV[2])
end
return 0
"""
_RELEASE = """
if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end
return 0
"""


def lease_key(table_id: str) -> str:
    return f"{PREFIX}lease:{table_id}"


def fence_key(table_id: str) -> str:
    return f"{PREFIX}fence:{table_id}"


def wanted_key(table_id: str) -> str:
    return f"{PREFIX}wanted:{table_id}"


@dataclass(slots=True)
class Held:
    fence: int
    valid_until: float
    """``time.monotonic()`` after which the lease may be another node's."""
    since: float


class Leases:
    """This node's side of the leases: take, renew, give up, ask for one."""

    def __init__(self, redis: Redis, node: str, seconds: float) -> None:
        self.redis = redis
        self.node = node
        self.ms = max(1, round(seconds * 1000))
        self._acquire = redis.register_script(_ACQUIRE)
        self._renew = redis.register_script(_RENEW)
        self._release = redis.register_script(_RELEASE)

    def _value(self, fence: int) -> str:
        return f"{self.node}:{fence}"

    async def acquire(self, table_id: str, at_least: int = 0) -> int | None:
        """The lease's fencing number (above ``at_least``), or None if another holds it."""
        keys = [lease_key(table_id), fence_key(table_id), wanted_key(table_id)]
        fence = int(await self._acquire(keys=keys, args=[self.node, self.ms, at_least]))
        return fence or None

    async def renew(self, held: Iterable[tuple[str, int]]) -> set[str]:
        """Renew the leases ``held`` (table, fence); the tables whose lease is lost."""
        held = list(held)
        if not held:
            return set()
        async with self.redis.pipeline(transaction=False) as pipe:
            for table_id, fence in held:
                key, value = lease_key(table_id), self._value(fence)
                await self._renew(keys=[key], args=[value, self.ms], client=pipe)
            answers = await pipe.execute()
        return {table_id for (table_id, _), ok in zip(held, answers, strict=True) if not ok}

    async def release(self, table_id: str, fence: int) -> None:
        await self._release(keys=[lease_key(table_id)], args=[self._value(fence)])

    async def holders(self, table_ids: list[str]) -> list[str | None]:
        """Who holds each table's lease (``node``) or else is waiting for it (the
        node that asked for it), None where it is free."""
        if not table_ids:
            return []
        values = await self.redis.mget([lease_key(t) for t in table_ids])
        wanted = await self.redis.mget([wanted_key(t) for t in table_ids])
        return [
            _text(w) if v is None and w is not None else None if v is None
            else _text(v).rpartition(":")[0]
            for v, w in zip(values, wanted, strict=True)
        ]  # fmt: skip

    async def ttl(self, table_id: str) -> float:
        """Seconds left on the table's lease (0 when it is free)."""
        ms = int(await self.redis.pttl(lease_key(table_id)))
        return max(0.0, ms / 1000)

    async def ask_handover(self, table_id: str) -> None:
        """Ask the holder of the table's lease to give it up, to this node only."""
        await self.redis.set(wanted_key(table_id), self.node, px=2 * self.ms)
        await self.redis.publish(HANDOVER, f"{table_id} {self.node}")

    async def alive(self, now: float) -> list[str]:
        """Say this node is alive for one lease from ``now`` (wall clock, seconds): a
        dead node leaves the set about when its leases expire, so that its tables'
        homes are among the live nodes once they are free; the nodes alive (this one
        included), by name."""
        ms = round(now * 1000)
        async with self.redis.pipeline(transaction=False) as pipe:
            pipe.zadd(NODES, {self.node: ms + self.ms})
            pipe.zremrangebyscore(NODES, "-inf", ms)
            pipe.zrange(NODES, 0, -1)
            answers = await pipe.execute()
        return sorted(_text(v) for v in answers[-1])

    async def leave(self) -> None:
        """This node is no longer one of the live ones."""
        await self.redis.zrem(NODES, self.node)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value
