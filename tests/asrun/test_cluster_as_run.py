"""The cluster as ``make cluster`` starts it (``tools.cluster``: the
shipped HAProxy configuration in front of three nodes running the compiled core, on
PostgreSQL and Redis), reached by clients from several loopback addresses: the limits
per client address count each client, not HAProxy."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator

import pytest
from tools.cluster import Layout, down, up
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import WebSocketException

from crowsnest import native
from pgcluster import database
from server.helpers import create_table, free_port, http, ws_url

PER_CLIENT = 35
CLIENTS = [f"127.0.0.{i}" for i in range(2, 6)]
CAP = 100
"""The shipped caps per client address: HAProxy's (`sc0_conn_cur gt 100`) and the
nodes' (`max_connections_per_client`)."""


@pytest.fixture(scope="module")
def cluster(pg_cluster: str, tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``make cluster`` on free ports and the session's PostgreSQL; its URL."""
    base = tmp_path_factory.mktemp("cluster")
    layout = Layout(listen=free_port(), ports=tuple(free_port() for _ in range(3)))
    with pytest.MonkeyPatch.context() as patch, database(pg_cluster, "asrun") as url:
        patch.delenv(native.PURE_ENV, raising=False)  # the nodes run the compiled core
        up(base, Layout(layout.listen, layout.ports, database_url=url))
        try:
            yield layout.url.rstrip("/")
        finally:
            down(base)


async def spectate(url: str, source: str) -> ClientConnection | None:
    """A spectator's websocket from the address ``source``, once welcomed; None if
    it was refused."""
    try:
        ws = await connect(url, local_addr=(source, 0), open_timeout=60)
    except (WebSocketException, OSError):
        return None
    try:
        await ws.send(json.dumps({"type": "hello", "version": 3}))
        message = json.loads(await asyncio.wait_for(ws.recv(), 60))
    except (WebSocketException, OSError):
        await ws.close()
        return None
    if message["type"] != "welcome":
        await ws.close()
        return None
    return ws


async def crowd(url: str, sources: list[str], each: int) -> list[list[ClientConnection | None]]:
    """``each`` spectators from every address of ``sources``, opened in steps of 10
    a second per address (HAProxy takes 50 new connections a second from one)."""
    opened: list[list[ClientConnection | None]] = [[] for _ in sources]
    for start in range(0, each, 10):
        step = min(10, each - start)
        batch = [spectate(url, s) for s in sources for _ in range(step)]
        results = await asyncio.gather(*batch)
        for i in range(len(sources)):
            opened[i].extend(results[i * step : (i + 1) * step])
        await asyncio.sleep(1.0)
    return opened


async def settled(url: str, timeout: float = 60) -> None:
    """Wait until the table answers a spectator through HAProxy: a table made on one
    node moves to the node HAProxy sends its websockets to (a handover, meanwhile
    ``table_unavailable``) before the crowd comes."""
    deadline = asyncio.get_running_loop().time() + timeout
    while (ws := await spectate(url, "127.0.0.6")) is None:
        assert asyncio.get_running_loop().time() < deadline, "the table never settled"
        await asyncio.sleep(0.5)
    await ws.close()


def test_clients_behind_haproxy_are_counted_one_by_one(cluster: str) -> None:
    """140 spectators of one table from four addresses are all let in (its node
    holds more than 100 connections); one address is still refused past its cap."""
    _, health = http(cluster, "GET", "/healthz")
    assert health["engine"].startswith("compiled (")
    created = create_table(cluster, rules="hearts", seats=["human", "bot", "bot", "bot"])
    url = ws_url(cluster, created["table"]["id"])

    async def main() -> tuple[list[int], int, int]:
        await settled(url)
        many = await crowd(url, CLIENTS, PER_CLIENT)
        (one,) = await crowd(url, ["127.0.0.9"], CAP + 5)
        counts = [sum(ws is not None for ws in opened) for opened in many]
        kept, refused = sum(ws is not None for ws in one), sum(ws is None for ws in one)
        for ws in [w for opened in [*many, one] for w in opened if w is not None]:
            await ws.close()
        return counts, kept, refused

    counts, kept, refused = asyncio.run(main())
    assert counts == [PER_CLIENT] * len(CLIENTS)  # 140 open on one node, none refused
    assert kept == CAP and refused == 5
