"""Several nodes on one PostgreSQL and one Redis, as real processes: a table's owner
killed (-9), stopped past its lease (SIGSTOP) or ended (SIGTERM) mid-game, and the
game going on elsewhere with no action lost or applied twice; the lobby across nodes;
a single process refusing a database that nodes share."""

from __future__ import annotations

import asyncio
import json
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from tools.cluster import proxy_config
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from crowsnest.engine import new_game
from crowsnest.fairness import end_of
from crowsnest.server.store.schema import actions, records, table_owners, tables
from server.helpers import ServerProcess, create_table, http, scripted_action, ws_url

from .conftest import LEASE, NodeFactory, free_port, need

TAKEOVER = LEASE + 60.0
"""Seconds a takeover may take before a test calls it lost. How soon it comes is
measured by ``make bench-cluster`` (docs/benchmarks.md, "Failover"), not asserted
here: a loaded machine may stall a node past any tight bound."""


@pytest.fixture(scope="module")
def db(cluster_db: str) -> Iterator[sa.Engine]:
    engine = sa.create_engine(cluster_db)
    yield engine
    engine.dispose()


def wait_for(condition: Callable[[], Any], timeout: float, what: str) -> Any:
    """Poll ``condition`` until it is truthy (its value), failing after ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.05)


def log_of(db: sa.Engine, table_id: str) -> list[tuple[int, int, str]]:
    with db.connect() as conn:
        rows = conn.execute(
            sa.select(actions.c.seq, actions.c.seat, actions.c.action)
            .where(actions.c.table_id == table_id)
            .order_by(actions.c.seq)
        ).all()
    return [(r.seq, r.seat, r.action) for r in rows]


def owner_of(db: sa.Engine, table_id: str) -> str | None:
    with db.connect() as conn:
        node = conn.execute(
            sa.select(table_owners.c.node).where(table_owners.c.table_id == table_id)
        ).scalar()
    return None if node is None else str(node)


def status_of(db: sa.Engine, table_id: str) -> str:
    with db.connect() as conn:
        return str(conn.execute(sa.select(tables.c.status).where(tables.c.id == table_id)).scalar())


def check_record(db: sa.Engine, table_id: str) -> None:
    """The finished game's log has every seq once, in order, and the stored record
    equals an uninterrupted replay of that log by the engine."""
    log = log_of(db, table_id)
    assert [seq for seq, _, _ in log] == list(range(1, len(log) + 1))
    with db.connect() as conn:
        row = conn.execute(tables.select().where(tables.c.id == table_id)).one()
        record = conn.execute(
            sa.select(records.c.record).where(records.c.table_id == table_id)
        ).scalar_one()
    game = new_game(row.rules, options=dict(row.options), seed=int(row.seed))
    for _, seat, action in log:
        game.apply(seat, action)
    assert game.is_over
    expected = game.record()
    assert record["end"] == end_of(game)  # the server's statement of the end
    assert {k: v for k, v in record.items() if k not in ("fairness", "end")} == expected


def bots_table(base: str, rules: str, **extra: Any) -> str:
    options = {} if rules == "hearts" else {"target": 50}
    body = {"rules": rules, "options": options, "seats": ["bot"] * 4, "level": "easy"}
    created = create_table(base, **{**body, "bot_delay": 0.03, **extra})
    return str(created["table"]["id"])


async def play(bases: list[str], table_id: str, token: str, timeout: float = 150) -> int:
    """Play a seat to the game's end over websockets, reconnecting (to the next
    node in ``bases``, as HAProxy would send it) whenever the connection closes or the
    table is unavailable for a while; the number of reconnections."""
    reconnects = 0
    deadline = time.monotonic() + timeout
    turn = 0
    seat = -1
    while time.monotonic() < deadline:
        url = ws_url(bases[turn % len(bases)], table_id)
        turn += 1
        try:
            async with connect(url) as ws:
                await ws.send(json.dumps({"type": "hello", "version": 1, "token": token}))
                async for raw in ws:
                    message = json.loads(raw)
                    if message["type"] == "welcome":
                        seat = message["seat"]
                    elif message["type"] == "error":
                        if message["code"] == "table_unavailable":
                            await asyncio.sleep(float(message["args"].get("retry_after", 1)))
                            break
                        assert message["code"] in ("duplicate", "stale"), message
                        await ws.send(json.dumps({"type": "sync"}))
                    elif message["type"] == "state":
                        if message["status"] == "over":
                            return reconnects
                        if message["legal"]:
                            action = scripted_action(seat, message["seq"], message["legal"])
                            out = {"type": "action", "seq": message["seq"], "action": action}
                            await ws.send(json.dumps(out))
        except (ConnectionClosed, OSError):
            await asyncio.sleep(0.1)
        reconnects += 1
    raise AssertionError("the game did not end in time")


@pytest.mark.parametrize("rules", ["hearts", "rook/crowsnest"])
def test_a_killed_owners_table_goes_on_elsewhere(
    nodes: NodeFactory, db: sa.Engine, rules: str
) -> None:
    first, second = nodes(), nodes()
    table_id = bots_table(first.base, rules)
    name = first.env["CROWSNEST_NODE_ID"]
    wait_for(lambda: owner_of(db, table_id) == name, 10, "the creator to own the table")
    wait_for(lambda: len(log_of(db, table_id)) >= 10, 30, "ten actions")
    first.kill9()
    killed = time.monotonic()
    before = len(log_of(db, table_id))
    wait_for(lambda: len(log_of(db, table_id)) > before, TAKEOVER, "a new action")
    handover = time.monotonic() - killed
    print(f"\nlease handover after kill -9 ({rules}): {handover:.2f} s (lease {LEASE} s)")
    assert owner_of(db, table_id) == second.env["CROWSNEST_NODE_ID"]
    wait_for(lambda: status_of(db, table_id) == "over", 150, "the game to end")
    check_record(db, table_id)
    second.stop()


def events(node: ServerProcess, name: str, table_id: str) -> list[dict[str, Any]]:
    return [e for e in node.log_lines() if e.get("event") == name and e.get("table") == table_id]


def test_a_stopped_owner_past_its_lease_is_refused_and_drops_the_table(
    nodes: NodeFactory, db: sa.Engine
) -> None:
    first, second = nodes(), nodes()
    assert first.proc is not None
    table_id = bots_table(first.base, "rook/tournament")
    wait_for(lambda: len(log_of(db, table_id)) >= 10, 30, "ten actions")
    first.proc.send_signal(signal.SIGSTOP)
    try:
        other = second.env["CROWSNEST_NODE_ID"]
        wait_for(lambda: owner_of(db, table_id) == other, TAKEOVER, "a new owner")
        moved = len(log_of(db, table_id))
        wait_for(lambda: len(log_of(db, table_id)) > moved, 60, "the new owner to play")
    finally:
        first.proc.send_signal(signal.SIGCONT)
    dropped = wait_for(lambda: events(first, "table_dropped", table_id), 60, "the drop")
    assert dropped[0]["why"] in ("lease_lost", "lease_expired", "write_refused")
    wait_for(lambda: status_of(db, table_id) == "over", 150, "the game to end")
    check_record(db, table_id)  # one history: the stale owner wrote nothing after it
    first.stop()
    second.stop()


def test_players_go_on_on_another_node_when_theirs_ends(nodes: NodeFactory, db: sa.Engine) -> None:
    first, second = nodes(), nodes()
    assert first.proc is not None
    body = {"rules": "hearts", "seats": ["human", "bot", "bot", "bot"], "level": "easy"}
    table_id = create_table(first.base, **body, bot_delay=0.02, seed=7)["table"]["id"]
    status, joined = http(first.base, "POST", f"/api/tables/{table_id}/join", {"name": "Ann"})
    assert status == 200, joined
    token = joined["token"]

    async def scenario() -> int:
        game = asyncio.create_task(play([first.base, second.base], table_id, token))
        await asyncio.to_thread(
            wait_for, lambda: len(log_of(db, table_id)) >= 20, 60, "twenty actions"
        )
        first.proc.send_signal(signal.SIGTERM)  # type: ignore[union-attr]
        return await game

    reconnects = asyncio.run(scenario())
    assert reconnects >= 1
    first.proc.wait(timeout=30)  # uvicorn ends by re-raising the SIGTERM it handled
    assert [e for e in first.log_lines() if e.get("event") == "leases_released"]
    assert events(first, "table_dropped", table_id) == []  # handed over, not lost
    assert owner_of(db, table_id) == second.env["CROWSNEST_NODE_ID"]
    check_record(db, table_id)
    second.stop()


def test_every_node_lists_the_others_tables_and_a_single_process_is_refused(
    nodes: NodeFactory, db: sa.Engine, cluster_db: str
) -> None:
    first, second = nodes(), nodes()
    table_id = create_table(first.base, rules="hearts", seats=["human"] * 4)["table"]["id"]

    def listed() -> bool:
        status, page = http(second.base, "GET", "/api/tables?limit=100")
        return status == 200 and table_id in [t["id"] for t in page]

    wait_for(listed, TAKEOVER, "the other node's lobby to list the table")
    alone = subprocess.run(
        [sys.executable, "-m", "crowsnest.cli", "serve", "--port", "0"],
        env={**first.env, "CROWSNEST_REDIS_URL": ""},
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert alone.returncode == 1
    assert "need CROWSNEST_REDIS_URL" in alone.stderr
    first.stop()
    second.stop()


@pytest.fixture(scope="module")
def haproxy_binary() -> str:
    return need("haproxy")


def http_retrying(base: str, method: str, path: str, body: object = None) -> tuple[int, Any]:
    """An HTTP call sent again after each ``table_unavailable`` (as the client does)."""
    deadline = time.monotonic() + 30
    while True:
        status, data = http(base, method, path, body)
        if status != 503 or time.monotonic() > deadline:
            return status, data
        time.sleep(0.2)


async def watch(base: str, table_id: str, timeout: float = 150) -> str:
    """A spectator through HAProxy until the game ends (reconnecting as players do);
    the last status seen."""
    deadline = time.monotonic() + timeout
    status = "none"
    while time.monotonic() < deadline:
        try:
            async with connect(ws_url(base, table_id)) as ws:
                await ws.send(json.dumps({"type": "hello", "version": 1}))
                async for raw in ws:
                    message = json.loads(raw)
                    if message["type"] == "state":
                        status = str(message["status"])
                        if status == "over":
                            return status
                    elif message["type"] == "error":
                        await asyncio.sleep(float(message["args"].get("retry_after", 1)))
                        break
        except (ConnectionClosed, OSError):
            await asyncio.sleep(0.1)
    return status


def test_three_nodes_behind_haproxy_play_whole_games(
    nodes: NodeFactory, db: sa.Engine, haproxy_binary: str, tmp_path: Path
) -> None:
    cluster = [nodes() for _ in range(3)]
    listen = free_port()
    config = tmp_path / "haproxy.cfg"
    config.write_text(proxy_config(listen, tuple(node.port for node in cluster)))
    checked = subprocess.run([haproxy_binary, "-c", "-f", str(config)], capture_output=True)
    assert checked.returncode == 0, checked.stderr
    log = open(tmp_path / "haproxy.log", "wb")  # noqa: SIM115  (open while it runs)
    proxy = subprocess.Popen([haproxy_binary, "-f", str(config)], stdout=log, stderr=log)
    base = f"http://127.0.0.1:{listen}"
    try:
        wait_for(lambda: _healthy(base), 30, "HAProxy")
        games = []
        for rules in ("hearts", "rook/crowsnest", "rook/partnership"):
            options = {} if rules == "hearts" else {"target": 50}
            seats = ["human", "bot", "bot", "bot"]
            body = {"rules": rules, "options": options, "seats": seats, "level": "easy"}
            status, created = http(base, "POST", "/api/tables", {**body, "bot_delay": 0})
            assert status == 201, created
            table_id = created["table"]["id"]
            status, joined = http_retrying(
                base, "POST", f"/api/tables/{table_id}/join", {"name": "Ann"}
            )
            assert status == 200, joined
            games.append((table_id, joined["token"]))

        async def everyone() -> list[Any]:
            players = [play([base], t, token) for t, token in games]
            spectators = [watch(base, t) for t, _ in games]
            return list(await asyncio.gather(*players, *spectators))

        outcome = asyncio.run(everyone())
        assert outcome[len(games) :] == ["over"] * len(games)  # every spectator saw the end
        for table_id, _ in games:
            assert status_of(db, table_id) == "over"
            check_record(db, table_id)
        owners = {owner_of(db, t) for t, _ in games}
        print(f"\nowners of the three games: {sorted(o or '-' for o in owners)}")
    finally:
        proxy.terminate()
        proxy.wait(timeout=10)
        log.close()
        for node in cluster:
            node.stop()


def _healthy(base: str) -> bool:
    try:
        return http(base, "GET", "/healthz")[0] == 200
    except OSError:
        return False
