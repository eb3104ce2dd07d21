"""Two nodes in this process (two apps on one PostgreSQL and one Redis), so that the
lease code is measured by coverage too: a table moves to the node its requests
reach, the lobby lists the other node's tables, a node that stops hands its tables
over, a dead node's tables spread over the live ones, and a table handed over waits
for the node that asked for it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from redis.asyncio import Redis
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from crowsnest.server.app import create_app
from crowsnest.server.cluster.lease import Leases
from crowsnest.server.cluster.ownership import LeaseRegistry, home
from crowsnest.server.live.tables import stop_all
from crowsnest.server.ops.settings import Settings
from crowsnest.server.store.rows import SeatRow, TableRow
from crowsnest.server.store.schema import table_owners
from crowsnest.server.store.store import Store
from crowsnest.server.table.parts import TableError

from .conftest import LEASE


@pytest.fixture
def two_nodes(
    cluster_db: str, redis_url: str, tmp_path: Path
) -> Iterator[Callable[[str], TestClient]]:
    clients: list[TestClient] = []

    def start(name: str) -> TestClient:
        settings = Settings(
            data_dir=tmp_path,
            database_url=cluster_db,
            redis_url=redis_url,
            node_id=name,
            lease=LEASE,
            bot_delay=0,
            create_rate=1000,
            create_burst=1000,
        )
        client = TestClient(create_app(settings)).__enter__()
        clients.append(client)
        return client

    yield start
    for client in clients:
        client.__exit__(None, None, None)


def until(what: str, timeout: float, test: Callable[[], Any]) -> Any:
    deadline = time.monotonic() + timeout
    while not (value := test()):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)
    return value


def test_a_table_moves_to_the_node_asked_and_the_lobby_spans_nodes(
    two_nodes: Callable[[str], TestClient],
) -> None:
    a, b = two_nodes("ia"), two_nodes("ib")
    body = {"rules": "hearts", "seats": ["human", "human", "bot", "bot"]}
    table_id = a.post("/api/tables", json=body).json()["table"]["id"]
    first = b.post(f"/api/tables/{table_id}/join", json={"name": "Ann"})
    assert first.status_code == 503 and first.json()["error"]["code"] == "table_unavailable"
    assert int(first.headers["Retry-After"]) >= 1

    def joined() -> Any:
        answer = b.post(f"/api/tables/{table_id}/join", json={"name": "Ann"})
        return answer if answer.status_code == 200 else None

    until("the handover", 10, joined)
    assert b.get(f"/api/tables/{table_id}").json()["seats"][0]["claimed"]

    def listed_on_a() -> bool:
        page = a.get("/api/tables").json()
        return table_id in [t["id"] for t in page]

    until("node a's lobby to list b's table", LEASE * 3, listed_on_a)
    with a.websocket_connect(f"/ws/{table_id}") as ws:  # b holds it: a says so
        ws.send_json({"type": "hello", "version": 1})
        refused = ws.receive_json()
        assert refused["code"] == "table_unavailable" and refused["args"]["retry_after"] >= 1
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_text()
        assert closed.value.code == 1013  # try again later


def test_a_node_that_stops_hands_its_tables_over(
    two_nodes: Callable[[str], TestClient],
) -> None:
    a, b = two_nodes("ic"), two_nodes("id")
    body = {"rules": "hearts", "seats": ["human", "bot", "bot", "bot"]}
    table_id = a.post("/api/tables", json=body).json()["table"]["id"]
    assert a.get(f"/api/tables/{table_id}").status_code == 200
    a.__exit__(None, None, None)  # the lifespan's end: every lease given up
    answer = b.post(f"/api/tables/{table_id}/join", json={"name": "Bo"})
    assert answer.status_code == 200, answer.json()


def test_a_dead_nodes_tables_spread_over_the_live_nodes(
    two_nodes: Callable[[str], TestClient], cluster_db: str, redis_url: str
) -> None:
    two_nodes("sa")
    ids = [f"spread{i:02}" for i in range(12)]
    theirs = {t for t in ids if home(t, ["sa", "sb"]) == "sb"}
    assert 4 <= len(theirs) <= 8  # these ids split about evenly

    async def sb(alive: bool) -> None:  # a node "sb" that is alive but takes nothing
        redis = Redis.from_url(redis_url)
        leases = Leases(redis, "sb", LEASE)
        await (leases.alive(time.time() + 60) if alive else leases.leave())
        await redis.aclose()

    asyncio.run(sb(alive=True))
    store = Store(cluster_db)
    with store.begin() as conn:  # open tables that a node, now gone, owned
        for table_id in ids:
            row = TableRow(table_id, "hearts", {}, 1, "easy", False, None, 60.0, 0.0, "waiting")
            seats = [SeatRow(i, "human", None, None) for i in range(4)]
            Store.create_table(conn, row, seats)
            assert Store.take(conn, table_id, 1, "gone")

    def taken() -> set[str]:
        with store.engine.connect() as conn:
            rows = conn.execute(
                sa.select(table_owners.c.table_id).where(
                    table_owners.c.table_id.in_(ids), table_owners.c.node == "sa"
                )
            ).all()
        return {str(r.table_id) for r in rows}

    def share() -> set[str] | None:
        found = taken()
        return found if len(found) >= len(ids) - len(theirs) else None

    try:
        mine: set[str] = until("sa to take its share", LEASE * 2, share)
        assert not theirs & mine  # not every free table to the first node that sweeps
        asyncio.run(sb(alive=False))
        until("sa to take the rest once sb is gone", LEASE * 5, lambda: len(taken()) == len(ids))
    finally:
        store.engine.dispose()


def test_a_table_asked_for_is_the_askers_alone_until_it_takes_it(redis_url: str) -> None:
    async def scenario() -> list[int | None]:
        redis = Redis.from_url(redis_url)
        a, b = Leases(redis, "la", 2.0), Leases(redis, "lb", 2.0)
        try:
            held = await b.acquire("asked")
            await a.ask_handover("asked")
            assert await a.holders(["asked"]) == ["lb"]
            assert held is not None
            await b.release("asked", held)
            assert await a.holders(["asked"]) == ["la"]  # free, but wanted by la
            return [await b.acquire("asked"), await a.acquire("asked"), await b.acquire("x")]
        finally:
            await redis.aclose()

    again, asker, other = asyncio.run(scenario())
    assert again is None and asker is not None and other is not None


def test_a_table_whose_lease_is_lost_while_it_loads_is_retryable(
    two_nodes: Callable[[str], TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    a, b = two_nodes("ra"), two_nodes("rb")
    body = {"rules": "hearts", "seats": ["human", "human", "bot", "bot"]}
    table_id = a.post("/api/tables", json=body).json()["table"]["id"]
    registry = b.app.state.hub.registry  # type: ignore[attr-defined]
    assert isinstance(registry, LeaseRegistry)
    monkeypatch.setattr(registry, "restore", lambda stored: None)  # as if lost meanwhile

    def answer() -> Any:
        reply = b.post(f"/api/tables/{table_id}/join", json={"name": "Cy"})
        return reply if "moved while it loaded" in reply.text else None

    reply = until("b to take the lease and lose it", 10, answer)
    assert reply.status_code == 503 and reply.json()["error"]["code"] == "table_unavailable"


def test_a_table_dropped_after_its_claim_is_retryable_not_unknown(
    two_nodes: Callable[[str], TestClient],
) -> None:
    a = two_nodes("da")
    body = {"rules": "hearts", "seats": ["human", "human", "bot", "bot"]}
    table_id = a.post("/api/tables", json=body).json()["table"]["id"]
    registry = a.app.state.hub.registry  # type: ignore[attr-defined]
    assert isinstance(registry, LeaseRegistry)
    assert registry.get(table_id).table.id == table_id
    a.portal.call(registry.drop, table_id, "test")  # type: ignore[union-attr]
    with pytest.raises(TableError) as dropped:
        registry.get(table_id)
    assert dropped.value.code == "table_unavailable"
    with pytest.raises(TableError) as unknown:
        registry.get("never-here")
    assert unknown.value.code == "table_not_found"


def test_a_claim_stopped_by_the_close_answers_retryable(
    two_nodes: Callable[[str], TestClient], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A request waiting on a claim that the node's close stops is told to try again
    (another node will have the table), not failed with the cancel."""
    a = two_nodes("sa2")
    registry = a.app.state.hub.registry  # type: ignore[attr-defined]
    assert isinstance(registry, LeaseRegistry)

    async def hang(table_id: str, ask: bool = True) -> None:
        await asyncio.sleep(3600)

    monkeypatch.setattr(registry, "_claim", hang)

    async def scenario() -> str:
        request = asyncio.get_running_loop().create_task(registry.claim("claimed-at-close"))
        while not registry._claims:
            await asyncio.sleep(0.01)
        await stop_all(list(registry._claims.values()))  # what close does to the claims
        try:
            await request
        except TableError as err:
            return err.code
        return "answered"

    assert a.portal.call(scenario) == "table_unavailable"  # type: ignore[union-attr]
