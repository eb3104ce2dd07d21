"""Two nodes in this process (two apps on one PostgreSQL and one Redis), so that the
lease code is measured by coverage too: a table moves to the node its requests
reach, the lobby lists the other node's tables, and a node that stops hands its
tables over."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from crowsnest.server.app import create_app
from crowsnest.server.settings import Settings

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
        assert ws.receive_json()["code"] == "table_unavailable"


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
